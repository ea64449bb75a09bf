// The transaction hover's one line of the call trace: shown when a panel already read the trace
// (the store's peek), absent otherwise, and the hover never asks the mirror node for `/actions`.
// The hover runs against the loopback replay; the trace is read into a real store beforehand.
import * as assert from 'assert';
import { parseSettings } from '../../../src/app/settings';
import { HoverResolver } from '../../../src/features/hover/resolver';
import { traceLeadLine } from '../../../src/features/hover/decoded';
import { createMirrorClient, type MirrorClient } from '../../../src/mirror';
import type { ContractActionsResponse, ContractInfo } from '../../../src/mirror/schemas';
import { ContractCodes, TraceStore, traceOneLiner } from '../../../src/trace';
import { aTransaction, aTransactionsBody, recordFor } from '../../support/builders';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';
import { failingWithdraw, MY_TOKEN_CODE, sampleIndex, TOKEN, VAULT, VAULT_CODE } from '../trace/fixtures';

const TX = '0.0.1001-1700000000-000000001';
const unescape = (md: string) => md.replace(/\\(.)/g, '$1');

/** The store with the failing withdraw read (as the transaction panel reads it). */
async function storeWithTrace(): Promise<TraceStore> {
  const store = new TraceStore();
  const codes = new ContractCodes({
    getContract: (id: string) =>
      Promise.resolve({
        contract_id: id,
        runtime_bytecode: id === VAULT.id ? VAULT_CODE : id === TOKEN.id ? MY_TOKEN_CODE : null,
      } as ContractInfo),
  });
  await store.load('testnet', TX, {
    client: {
      listContractActions: (): Promise<ContractActionsResponse> =>
        Promise.resolve({ actions: failingWithdraw(), links: { next: null } }),
      next: () => Promise.resolve(null),
    },
    abi: sampleIndex(),
    codes,
  });
  return store;
}

describe('hover: the call trace’s one line, from memory only', () => {
  let replay: MirrorReplay;
  let client: MirrorClient;

  before(async () => {
    replay = await startMirrorReplay({ port: 0 });
    replay.addRecords([
      recordFor(
        `/api/v1/transactions/${TX}`,
        aTransactionsBody(
          aTransaction({
            name: 'CONTRACTCALL',
            transaction_id: TX,
            result: 'CONTRACT_REVERT_EXECUTED',
            entity_id: VAULT.id,
          }),
        ),
      ),
    ]);
  });
  after(() => replay.close());
  beforeEach(() => {
    client = createMirrorClient({ baseUrl: replay.url, timeoutMs: 2000, retries: 0 });
    replay.resetRequests();
  });
  afterEach(() => client.dispose());

  const hover = async (traceLine?: (network: string, id: string) => string | undefined) => {
    const config = parseSettings({ mirrorNodeUrl: replay.url, network: 'testnet', requestTimeoutMs: 2000 }).config;
    const resolver = new HoverResolver({
      client: () => client,
      config: () => config,
      abi: sampleIndex(),
      ...(traceLine ? { traceLine } : {}),
    });
    const r = await resolver.hover(`tx = "0.0.1001@1700000000.000000001"`, 10, 'typescript');
    assert.ok(r, 'a hover');
    return r.markdown;
  };

  it('says where it reverted when the trace is in memory, for the hover’s network and id', async () => {
    const store = await storeWithTrace();
    const asked: [string, string][] = [];
    const md = await hover((network, id) => {
      asked.push([network, id]);
      const kept = store.peek(network, id);
      return kept && !(kept instanceof Error) ? traceOneLiner(kept) : undefined;
    });
    assert.deepStrictEqual(asked, [['testnet', TX]]);
    assert.match(unescape(md), /Call trace: `reverted in Vault\.withdraw → MyToken\.transfer: InsufficientBalance\(/);
    assert.ok(!replay.requests.some(r => r.url.includes('/actions')), 'the hover asked for no actions');
  });

  it('says nothing of a trace not read yet, and reads none', async () => {
    const store = new TraceStore();
    const md = await hover((network, id) => {
      const kept = store.peek(network, id);
      return kept && !(kept instanceof Error) ? traceOneLiner(kept) : undefined;
    });
    assert.doesNotMatch(md, /Call trace/);
    assert.ok(!replay.requests.some(r => r.url.includes('/actions')));
    assert.strictEqual(store.peek('testnet', TX), undefined);
  });

  it('the line is code: names from the network or the workspace cannot become Markdown', () => {
    const line = traceLeadLine('reverted in [x](command:evil) → `y`: <b>E()</b>');
    assert.ok(line);
    assert.ok(line.startsWith('Call trace: ``'), line);
    assert.strictEqual(traceLeadLine(undefined), undefined);
  });
});
