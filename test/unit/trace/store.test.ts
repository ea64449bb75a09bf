import * as assert from 'assert';
import { AbiIndex } from '../../../src/abi';
import { MirrorError } from '../../../src/mirror';
import type { ContractAction, ContractActionsResponse, ContractInfo } from '../../../src/mirror/schemas';
import type { TokenLookup } from '../../../src/mirror/tokens';
import {
  ContractCodes,
  TraceStore,
  normalizeTransactionKey,
  traceOneLiner,
  type ActionsClient,
  type TraceDeps,
} from '../../../src/trace';
import {
  MY_TOKEN_CODE,
  TOKEN,
  VAULT,
  VAULT_CODE,
  action,
  failingWithdraw,
  sampleIndex,
  transferInput,
  ACCOUNT,
} from './fixtures';

const TX_AT = '0.0.1001@1700000000.1';
const TX_DASH = '0.0.1001-1700000000-000000001';

/** A client answering one page per transaction from a table, counting the requests. */
function fakeClient(table: Record<string, readonly ContractAction[] | Error>) {
  const asked: string[] = [];
  const signals: (AbortSignal | undefined)[] = [];
  let gate: Promise<void> | undefined;
  const client: ActionsClient & { asked: string[]; signals: typeof signals; hold(): () => void } = {
    asked,
    signals,
    hold() {
      let open!: () => void;
      gate = new Promise(resolve => (open = resolve));
      return () => {
        gate = undefined;
        open();
      };
    },
    async listContractActions(idOrHash, _params, opts): Promise<ContractActionsResponse> {
      asked.push(idOrHash);
      signals.push(opts?.signal);
      if (gate) await gate;
      if (opts?.signal?.aborted) throw new MirrorError('aborted', 0, [], idOrHash, 'The request was cancelled');
      const answer = table[idOrHash];
      if (answer === undefined) throw new MirrorError('http', 404, ['Not found'], idOrHash, 'Not found');
      if (answer instanceof Error) throw answer;
      return { actions: [...answer], links: { next: null } };
    },
    next: () => Promise.resolve(null),
  };
  return client;
}

function codesSource() {
  const asked: string[] = [];
  const table: Record<string, string> = { [VAULT.id]: VAULT_CODE, [TOKEN.id]: MY_TOKEN_CODE };
  return {
    asked,
    getContract(id: string): Promise<ContractInfo> {
      asked.push(id);
      const code = table[id];
      return code
        ? Promise.resolve({ contract_id: id, runtime_bytecode: code } as ContractInfo)
        : Promise.reject(new MirrorError('http', 404, ['Not found'], id, 'Not found'));
    },
  };
}

function deps(
  client: ActionsClient,
  abi = sampleIndex(),
  extra: Partial<TraceDeps> = {},
): TraceDeps & { codesSource: ReturnType<typeof codesSource> } {
  const source = codesSource();
  return { client, abi, codes: new ContractCodes(source), codesSource: source, ...extra };
}

describe('trace/store: traces per network and transaction, read once', () => {
  it('normalises transaction ids and hashes to one key', () => {
    assert.strictEqual(normalizeTransactionKey(` ${TX_AT} `), TX_DASH);
    assert.strictEqual(normalizeTransactionKey(TX_DASH), TX_DASH);
    assert.strictEqual(normalizeTransactionKey('0.0.1001@1700000000'), '0.0.1001-1700000000-000000000');
    assert.strictEqual(normalizeTransactionKey('AB'.repeat(32)), `0x${'ab'.repeat(32)}`);
    assert.strictEqual(normalizeTransactionKey(`0x${'CD'.repeat(48)}`), `0x${'cd'.repeat(48)}`);
    assert.strictEqual(normalizeTransactionKey('what'), 'what');
  });

  it('reads a trace once, however many ask at once, and peek answers from memory only', async () => {
    const client = fakeClient({ [TX_DASH]: failingWithdraw() });
    const store = new TraceStore();
    const d = deps(client);
    assert.strictEqual(store.peek('testnet', TX_AT), undefined);
    assert.deepStrictEqual(client.asked, [], 'peek asks nothing');
    const [a, b] = await Promise.all([store.load('testnet', TX_AT, d), store.load('testnet', TX_DASH, d)]);
    assert.strictEqual(a, b);
    assert.deepStrictEqual(client.asked, [TX_DASH]);
    assert.strictEqual(store.peek('testnet', TX_DASH), a);
    assert.strictEqual(await store.load('testnet', TX_AT, d), a);
    assert.strictEqual(client.asked.length, 1);
    assert.deepStrictEqual(d.codesSource.asked.sort(), [VAULT.id, TOKEN.id], 'one code request per contract');
    assert.strictEqual(
      traceOneLiner(a),
      'reverted in Vault.withdraw → MyToken.transfer: InsufficientBalance(account: 0.0.5001, balance: 1000, needed: 1500)',
    );
    assert.strictEqual(store.peek('mainnet', TX_DASH), undefined, 'another network is another trace');
  });

  it('a recompile renames and re-decodes from the kept actions, without asking the network', async () => {
    const client = fakeClient({ [TX_DASH]: failingWithdraw() });
    const abi = new AbiIndex();
    const store = new TraceStore();
    const d = deps(client, abi);
    const before = await store.load('testnet', TX_DASH, d);
    assert.strictEqual(before.roots[0].recipient.label, VAULT.id, 'no artifact yet');
    assert.strictEqual(before.roots[0].call, before.roots[0].selector);
    d.codes.clear(); // the codes' own memory may forget: the trace keeps what it was built from
    for (const c of sampleIndex().workspaceContracts())
      abi.setFile(c.origin.kind === 'artifact' ? c.origin.file : c.name, [c]);
    const peeked = store.peek('testnet', TX_DASH);
    assert.ok(peeked && !(peeked instanceof Error));
    assert.strictEqual(peeked.roots[0].recipient.label, 'Vault', 'peek rebuilds a small trace');
    const after = await store.load('testnet', TX_DASH, d);
    assert.strictEqual(after.roots[0].call, 'withdraw(amount: 1500)');
    assert.strictEqual(client.asked.length, 1);
    assert.strictEqual(d.codesSource.asked.length, 2);
  });

  it('asks the token metadata of a call to a token address, and names it by symbol', async () => {
    const token = { id: '0.0.6006', address: '0x0000000000000000000000000000000000001776' };
    const client = fakeClient({
      [TX_DASH]: [
        action({ recipient: token.id, to: token.address, input: transferInput(ACCOUNT.address, 250n) }),
        action({ index: 1, call_depth: 1, recipient: '0.0.7007', to: null, recipient_type: 'ACCOUNT', value: 5n }),
      ],
    });
    const asked: string[] = [];
    const known = new Map<string, TokenLookup>();
    const tokens = {
      peek: (id: string) => known.get(id),
      get(id: string): Promise<TokenLookup> {
        asked.push(id);
        const found = {
          status: 'found',
          meta: { tokenId: id, name: 'USD Coin', symbol: 'USDC', decimals: 2, info: {} },
        } as never;
        known.set(id, found);
        return Promise.resolve(found);
      },
    };
    const trace = await new TraceStore().load('testnet', TX_DASH, deps(client, sampleIndex(), { tokens }));
    assert.deepStrictEqual(asked, [token.id], 'an account is no token: not asked');
    assert.strictEqual(trace.roots[0].recipient.label, 'USDC');
    assert.strictEqual(trace.roots[0].call, 'transfer(to: 0.0.1001, amount: 2.50 USDC)');
  });

  it('keeps a 4xx as the answer (peek gives the error), asks again after a failure that may pass', async () => {
    const down = new MirrorError('network', 0, [], 'x', 'connection refused');
    const client = fakeClient({ '0.0.2-1-000000000': down });
    const store = new TraceStore();
    const d = deps(client);
    await assert.rejects(
      store.load('testnet', '0.0.1-1-000000000', d),
      (e: unknown) => e instanceof MirrorError && e.status === 404,
    );
    const kept = store.peek('testnet', '0.0.1@1');
    assert.ok(kept instanceof MirrorError && kept.status === 404);
    await assert.rejects(store.load('testnet', '0.0.1-1-000000000', d));
    assert.strictEqual(client.asked.length, 1, 'a 404 is not asked again');
    await assert.rejects(store.load('testnet', '0.0.2-1-000000000', d), down);
    assert.strictEqual(store.peek('testnet', '0.0.2-1-000000000'), down);
    await assert.rejects(store.load('testnet', '0.0.2-1-000000000', d), down);
    assert.strictEqual(client.asked.length, 3, 'a network failure is asked again');
  });

  it('a caller that leaves gets an abort and nothing is kept; the reading stops when all left', async () => {
    const client = fakeClient({ [TX_DASH]: failingWithdraw() });
    const open = client.hold();
    const store = new TraceStore();
    const d = deps(client);
    const first = new AbortController();
    const second = new AbortController();
    const a = store.load('testnet', TX_DASH, d, first.signal);
    const b = store.load('testnet', TX_DASH, d, second.signal);
    first.abort();
    await assert.rejects(a, (e: unknown) => e instanceof MirrorError && e.kind === 'aborted');
    assert.strictEqual(client.signals[0]?.aborted, false, 'the other caller still waits');
    second.abort();
    await assert.rejects(b, (e: unknown) => e instanceof MirrorError && e.kind === 'aborted');
    assert.strictEqual(client.signals[0]?.aborted, true, 'nobody waits: the reading is stopped');
    open();
    await new Promise(resolve => setImmediate(resolve));
    assert.strictEqual(store.peek('testnet', TX_DASH), undefined, 'a cancelled reading is not kept');
    const again = await store.load('testnet', TX_DASH, d);
    assert.strictEqual(again.count, 2);
    assert.strictEqual(client.asked.length, 2, 'read afresh');
  });

  it('keeps a bounded number of traces, and carries why a trace is incomplete', async () => {
    const many = Array.from({ length: 30 }, (_, i) => action({ index: i, call_depth: i === 0 ? 0 : 1 }));
    const client = fakeClient({ '0.0.1-1-000000000': many, '0.0.1-2-000000000': many, '0.0.1-3-000000000': many });
    const store = new TraceStore({ maxTraces: 2, maxActions: 10 });
    const d = deps(client);
    const first = await store.load('testnet', '0.0.1@1', d);
    assert.strictEqual(first.count, 10);
    assert.strictEqual(first.incomplete, 'only the first 10 actions are shown: the trace has more');
    await store.load('testnet', '0.0.1@2', d);
    await store.load('testnet', '0.0.1@3', d);
    assert.strictEqual(store.peek('testnet', '0.0.1@1'), undefined, 'the least recently used went');
    assert.ok(store.peek('testnet', '0.0.1@3'));
    store.clear();
    assert.strictEqual(store.peek('testnet', '0.0.1@3'), undefined);
  });
});
