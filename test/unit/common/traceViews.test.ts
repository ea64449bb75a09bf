// The call trace as the panels ask for it (common/trace/views.ts) over the real store, contract
// codes, site registry and marks: loading on the first ask (read once however often the panel
// redraws), listeners told when it is read and again when its site links are found, a failure
// said and read again only on retry, and the compiler output's changes looked up again.
import * as assert from 'assert';
import { prepareCode } from '../../../src/abi/bytecode';
import type { TraceBundle } from '../../../src/features/common/trace/bundle';
import { transactionSubject } from '../../../src/features/common/trace/section';
import { TraceViews, type TraceSubject } from '../../../src/features/common/trace/views';
import { MirrorError, type Transaction } from '../../../src/mirror';
import type { ContractAction, ContractActionsResponse, ContractInfo } from '../../../src/mirror/schemas';
import type { CompiledContractRef, SiteAnswer } from '../../../src/source/types';
import { RevertMarks, SiteRegistry } from '../../../src/trace/marks';
import { ContractCodes, TraceStore, type ActionsClient } from '../../../src/trace';
import type { TraceDetail } from '../../../webview/protocol/trace';
import { failingWithdraw, MY_TOKEN_CODE, sampleIndex, TOKEN, VAULT, VAULT_CODE } from '../trace/fixtures';

const TX = '0.0.1001-1700000000-000000001';
const SUBJECT: TraceSubject = { network: 'testnet', idOrHash: TX, transactionId: '0.0.1001@1700000000.000000001' };

const REF: CompiledContractRef = {
  key: 'out#MyToken',
  contractName: 'MyToken',
  sourceName: 'contracts/MyToken.sol',
  origin: { kind: 'foundry', file: 'out/MyToken.sol/MyToken.json' },
  code: prepareCode(MY_TOKEN_CODE)!,
  hasAst: true,
  hasSourceMap: true,
};

const SITE = {
  sourceName: 'contracts/MyToken.sol',
  start: 100,
  length: 30,
  line: 42,
  column: 5,
  endLine: 42,
  endColumn: 35,
  text: 'revert InsufficientBalance(…);',
  kind: 'revert-error' as const,
};

/** The session's bundle over a stand-in mirror node; counts what is asked. */
function session(answer: () => readonly ContractAction[] | Error = failingWithdraw) {
  const asked = { actions: 0, sites: 0 };
  const listeners = new Set<() => void>();
  let hold = false;
  const held: (() => void)[] = [];
  const client: ActionsClient = {
    listContractActions: async (): Promise<ContractActionsResponse> => {
      asked.actions++;
      const result = answer();
      if (result instanceof Error) throw result;
      return { actions: [...result], links: { next: null } };
    },
    next: () => Promise.resolve(null),
  };
  const codes = new ContractCodes({
    getContract: (id: string) => {
      const code = { [VAULT.id]: VAULT_CODE, [TOKEN.id]: MY_TOKEN_CODE }[id];
      return code
        ? Promise.resolve({ contract_id: id, runtime_bytecode: code } as ContractInfo)
        : Promise.reject(new MirrorError('http', 404, ['Not found'], id, 'Not found'));
    },
  });
  const marks = new RevertMarks();
  const bundle: TraceBundle = {
    store: new TraceStore(),
    codes: () => codes,
    sources: {
      findByCode: code => (code === MY_TOKEN_CODE ? REF : undefined),
      sites: async (): Promise<SiteAnswer> => {
        asked.sites++;
        if (hold) await new Promise<void>(resolve => held.push(resolve));
        return { kind: 'inferred', sites: [SITE] };
      },
      onDidChange: listener => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    sites: new SiteRegistry(),
    marks,
  };
  const views = new TraceViews({ bundle: () => bundle, reader: () => ({ client, abi: sampleIndex() }) });
  const changes: unknown[] = [];
  /** What a panel showed at each change: it draws again on every one. */
  const drawn: TraceDetail[] = [];
  views.onDidChange(subject => {
    changes.push(subject);
    drawn.push(views.detail(SUBJECT));
  });
  return {
    views,
    asked,
    changes,
    drawn,
    marks,
    bundle,
    changeSources: () => listeners.forEach(l => l()),
    holdSites: () => (hold = true),
    /** Answers the oldest lookup still held. */
    releaseFirst: () => held.shift()?.(),
  };
}

/** Waits until `done` holds (the store's reading and the site lookup are a few turns away). */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise(resolve => setTimeout(resolve, 5));
  assert.ok(done(), what);
}

const loadedView = (d: TraceDetail) => {
  if (d.status !== 'loaded') assert.fail(`expected a loaded trace, got ${JSON.stringify(d)}`);
  return d.view;
};

describe('common/trace/views', () => {
  it('loading first (read once however often asked), then the trace, then its site links', async () => {
    const s = session();
    assert.deepStrictEqual(s.views.detail(SUBJECT), { status: 'loading' });
    assert.deepStrictEqual(s.views.detail(SUBJECT), { status: 'loading' });
    const linked = (d: TraceDetail | undefined) => d?.status === 'loaded' && d.view.rows.some(r => r.sites.length > 0);
    await until(() => linked(s.drawn[s.drawn.length - 1]), 'drawn with its site links');
    assert.strictEqual(s.asked.actions, 1);
    assert.deepStrictEqual(s.changes[0], { network: 'testnet', idOrHash: TX });
    // Each redraw: loading while it is read and presented, the trace, then the trace with its links.
    const shown = s.drawn.map(d => (d.status !== 'loaded' ? d.status : linked(d) ? 'links' : 'trace'));
    assert.deepStrictEqual(
      shown.filter((x, i) => x !== shown[i - 1]),
      ['loading', 'trace', 'links'],
    );
    const view = loadedView(s.views.detail(SUBJECT));
    assert.match(view.summary, /^2 calls · reverted in Vault\.withdraw → MyToken\.transfer/);
    const origin = view.rows.find(r => r.origin);
    assert.deepStrictEqual(
      origin?.sites.map(l => [l.text, l.oneOf, l.statement]),
      [['contracts/MyToken.sol:42', false, 'revert InsufficientBalance(…);']],
    );
    assert.strictEqual(s.bundle.sites.issue(s.marks.all()[0]), origin?.sites[0].key, 'the link carries the mark’s key');
    assert.strictEqual(s.marks.all()[0].transactionId, SUBJECT.transactionId);
    // Presented once: a redraw gets the same view, and asks nothing again.
    const changes = s.changes.length;
    assert.strictEqual(loadedView(s.views.detail(SUBJECT)), view);
    await new Promise(resolve => setTimeout(resolve, 20));
    assert.strictEqual(s.changes.length, changes);
    assert.strictEqual(s.asked.actions, 1);
    assert.strictEqual(s.asked.sites, 1);
  });

  it('a failure is said, kept until a retry, then read again', async () => {
    let fail = true;
    const s = session(() => (fail ? new MirrorError('http', 500, ['boom'], 'u', 'HTTP 500') : failingWithdraw()));
    s.views.detail(SUBJECT);
    await until(() => s.drawn.length >= 1, 'told when the reading failed');
    const failed = s.views.detail(SUBJECT);
    assert.strictEqual(failed.status, 'failed');
    assert.match(failed.status === 'failed' ? failed.message : '', /boom/);
    assert.strictEqual(s.views.detail(SUBJECT).status, 'failed', 'not read again by a redraw');
    assert.strictEqual(s.asked.actions, 1);
    fail = false;
    s.views.retry(SUBJECT);
    assert.deepStrictEqual(s.views.detail(SUBJECT), { status: 'loading' });
    await until(() => s.views.detail(SUBJECT).status === 'loaded', 'read again after the retry');
    assert.strictEqual(s.asked.actions, 2);
    s.views.retry(SUBJECT);
    assert.strictEqual(s.views.detail(SUBJECT).status, 'loaded', 'a retry forgets only a failure');
  });

  it('a change of the compiler output looks the sites up again, keeping the view meanwhile', async () => {
    const s = session();
    s.views.detail(SUBJECT);
    await until(() => s.asked.sites === 1 && s.drawn.some(d => d.status === 'loaded'), 'sites found');
    await until(() => loadedView(s.views.detail(SUBJECT)).rows.some(r => r.sites.length > 0), 'drawn with links');
    const before = loadedView(s.views.detail(SUBJECT));
    s.changeSources();
    assert.strictEqual(s.changes[s.changes.length - 1], undefined, 'any trace may have changed');
    assert.strictEqual(loadedView(s.views.detail(SUBJECT)), before, 'the old view until the new one is made');
    await until(() => s.asked.sites === 2, 'asked again');
    await until(() => loadedView(s.views.detail(SUBJECT)) !== before, 'presented again');
  });

  it('an answer of the sites that a change of the compiler output made stale is dropped', async () => {
    const s = session();
    s.holdSites();
    s.views.detail(SUBJECT);
    await until(() => s.asked.sites === 1 && s.drawn.some(d => d.status === 'loaded'), 'presented, sites asked');
    const view = loadedView(s.views.detail(SUBJECT));
    s.changeSources();
    const drawn = s.drawn.length;
    s.releaseFirst();
    await new Promise(resolve => setTimeout(resolve, 20));
    assert.ok(s.asked.sites >= 2, 'looked up again for the change');
    assert.ok(
      s.drawn.slice(drawn).every(d => d.status === 'loaded' && d.view.rows.every(r => r.sites.length === 0)),
      'the stale answer draws no links',
    );
    assert.strictEqual(loadedView(s.views.detail(SUBJECT)), view);
  });

  it('says why there is no trace where it cannot be read, without reading', () => {
    const none = new TraceViews({ bundle: () => undefined, reader: () => 'unused' });
    assert.strictEqual(none.detail(SUBJECT).status, 'none');
    const s = session();
    const views = new TraceViews({
      bundle: () => s.bundle,
      reader: () => 'mainnet-x is not a network Ledger Lens knows.',
    });
    assert.deepStrictEqual(views.detail(SUBJECT), {
      status: 'none',
      message: 'mainnet-x is not a network Ledger Lens knows.',
    });
    assert.strictEqual(s.asked.actions, 0);
  });

  it('after dispose, nothing more is told', async () => {
    const s = session();
    s.views.detail(SUBJECT);
    s.views.dispose();
    await new Promise(resolve => setTimeout(resolve, 30));
    assert.deepStrictEqual(s.changes, []);
  });
});

describe('common/trace/section: which transactions have a trace', () => {
  const tx = (fields: Partial<Transaction>): Transaction => ({
    name: 'CONTRACTCALL',
    transaction_id: TX,
    nonce: 0n,
    consensus_timestamp: '1700000001.500000000',
    ...fields,
  });

  it('the user’s own contract call, Ethereum transaction and contract create, by id, with its time', () => {
    for (const name of ['CONTRACTCALL', 'ETHEREUMTRANSACTION', 'CONTRACTCREATEINSTANCE'])
      assert.deepStrictEqual(transactionSubject('testnet', tx({ name })), {
        network: 'testnet',
        idOrHash: TX,
        transactionId: '0.0.1001@1700000000.000000001',
        at: 1_700_000_001_500,
      });
  });

  it('no trace for other types, child records, scheduled ones, or a missing or bad id', () => {
    for (const t of [
      tx({ name: 'CRYPTOTRANSFER' }),
      tx({ nonce: 1n }),
      tx({ scheduled: true }),
      tx({ transaction_id: undefined }),
      tx({ transaction_id: 'not an id' }),
      tx({ name: undefined }),
    ])
      assert.strictEqual(
        transactionSubject('testnet', t),
        undefined,
        JSON.stringify(t, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
      );
  });
});
