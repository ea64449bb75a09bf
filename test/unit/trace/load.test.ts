import * as assert from 'assert';
import { createMirrorClient, MirrorError, type MirrorClient } from '../../../src/mirror';
import type { ContractAction } from '../../../src/mirror/schemas';
import { endsEarly, loadActions } from '../../../src/trace';
import { action, loopback, sendJson, type Loopback } from './fixtures';

const TX = '0.0.1001-1700000000-000000001';
const PATH = `/api/v1/contracts/results/${TX}/actions`;

/** `n` actions in the server's shape (numbers on the wire). */
function wire(from: number, to: number) {
  return Array.from({ length: to - from }, (_, i) => ({
    call_depth: i === 0 && from === 0 ? 0 : 1,
    call_operation_type: 'CALL',
    call_type: 'CALL',
    caller: '0.0.1001',
    gas: 1000,
    gas_used: 900,
    index: from + i,
    input: '0x',
    recipient: '0.0.5001',
    result_data: '0x',
    result_data_type: 'OUTPUT',
    timestamp: '1700000000.000000002',
    value: 0,
  }));
}

/** Pages of a trace of `total` actions as the mirror node pages them: by index, 100 a page. */
function pager(
  total: number,
  next: (lastIndex: number) => string | null = i => `${PATH}?limit=100&order=asc&index=gt:${i}`,
) {
  return (url: URL) => {
    const after = url.searchParams.get('index');
    const from = after ? Number(after.replace('gt:', '')) + 1 : 0;
    const limit = Number(url.searchParams.get('limit') ?? 25);
    const to = Math.min(total, from + limit);
    const actions = wire(from, to);
    return { actions, links: { next: actions.length === limit ? next(to - 1) : null } };
  };
}

describe('trace/load: every page of a trace, and why it is not whole when it is not', function () {
  this.timeout(20000);
  let server: Loopback;
  let answer: (url: URL) => unknown;
  let clients: MirrorClient[] = [];
  const client = () => {
    const c = createMirrorClient({ baseUrl: server.origin, maxRequestsPerSecond: 1000, retries: 0 });
    clients.push(c);
    return c;
  };

  before(async () => {
    server = await loopback((req, res) => sendJson(res, 200, answer(new URL(req.url ?? '/', server.origin))));
  });
  after(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });
  afterEach(() => {
    for (const c of clients) c.dispose();
    clients = [];
  });

  it('reads every page by index through links.next, 100 a page, in order', async () => {
    answer = pager(250);
    const loaded = await loadActions(client(), TX);
    assert.strictEqual(loaded.actions.length, 250);
    assert.deepStrictEqual(
      loaded.actions.map(a => a.index),
      Array.from({ length: 250 }, (_, i) => i),
    );
    assert.strictEqual(loaded.incomplete, undefined);
    assert.deepStrictEqual(server.requests, [
      `${PATH}?limit=100&order=asc`,
      `${PATH}?limit=100&order=asc&index=gt:99`,
      `${PATH}?limit=100&order=asc&index=gt:199`,
    ]);
    assert.strictEqual(typeof loaded.actions[0].gas, 'bigint');
  });

  it('a trace of exactly 100: the empty page after the full one ends it', async () => {
    answer = pager(100);
    const loaded = await loadActions(client(), '0.0.1001@1700000000.1');
    assert.strictEqual(loaded.actions.length, 100);
    assert.strictEqual(loaded.incomplete, undefined);
    assert.strictEqual(server.requests.length, 2);
    assert.ok(server.requests[0].startsWith('/api/v1/contracts/results/0.0.1001-1700000000-000000001/actions'));
  });

  it('stops at maxActions and says the trace has more', async () => {
    answer = pager(1000);
    const loaded = await loadActions(client(), TX, { maxActions: 150 });
    assert.strictEqual(loaded.actions.length, 150);
    assert.strictEqual(loaded.incomplete, 'only the first 150 actions are shown: the trace has more');
    assert.strictEqual(server.requests.length, 2);
    server.requests.length = 0;
    const more = await loadActions(client(), TX, { maxActions: 200 });
    assert.strictEqual(more.actions.length, 200);
    assert.match(more.incomplete ?? '', /only the first 200 actions/, 'the page after the cap has actions');
    answer = pager(200);
    const exact = await loadActions(client(), TX, { maxActions: 200 });
    assert.strictEqual(exact.actions.length, 200);
    assert.strictEqual(exact.incomplete, undefined, 'the page after the cap is empty: the trace is whole');
  });

  it('a cap that is not a positive integer falls back to the default', async () => {
    answer = pager(120);
    for (const maxActions of [0, -5, 1.5, Number.NaN]) {
      const loaded = await loadActions(client(), TX, { maxActions });
      assert.deepStrictEqual([loaded.actions.length, loaded.incomplete], [120, undefined], String(maxActions));
    }
  });

  it('a next link that repeats one already read: stops, and says what was not read', async () => {
    answer = pager(300, () => `${PATH}?limit=100&order=asc&index=gt:99`);
    const loaded = await loadActions(client(), TX);
    assert.strictEqual(loaded.actions.length, 200);
    assert.strictEqual(
      loaded.incomplete,
      "the server's link to the next page repeats one already read: actions after index 199 were not read",
    );
    assert.strictEqual(server.requests.length, 2);
  });

  it('a next link to another host is refused, and nothing is sent there', async () => {
    answer = pager(300, () => `http://example.invalid${PATH}?index=gt:99`);
    await assert.rejects(
      loadActions(client(), TX),
      (e: unknown) =>
        e instanceof MirrorError && e.kind === 'invalid-response' && /leaves the mirror node/.test(e.message),
    );
    assert.strictEqual(server.requests.length, 1);
  });

  it('a full last page without a next link: said to perhaps go on', async () => {
    answer = pager(100, () => null);
    const loaded = await loadActions(client(), TX);
    assert.strictEqual(loaded.actions.length, 100);
    assert.match(loaded.incomplete ?? '', /full page\) but gave no link to more/);
  });

  it('empty pages that keep linking further: stops after the client’s hops', async () => {
    let n = 0;
    answer = url =>
      url.searchParams.get('index') === null
        ? { actions: wire(0, 100), links: { next: `${PATH}?limit=100&index=gt:${99 + n}` } }
        : { actions: [], links: { next: `${PATH}?limit=100&index=gt:${99 + ++n}` } };
    const loaded = await loadActions(client(), TX);
    assert.strictEqual(loaded.actions.length, 100);
    assert.match(loaded.incomplete ?? '', /kept sending empty pages/);
    assert.ok(server.requests.length <= 12, `${server.requests.length} requests`);
  });

  it('cancellation stops the reading between pages and while a page is in flight', async () => {
    answer = pager(1000);
    const before = new AbortController();
    before.abort();
    await assert.rejects(
      loadActions(client(), TX, { signal: before.signal }),
      (e: unknown) => e instanceof MirrorError && e.kind === 'aborted',
    );
    const during = new AbortController();
    const slow = server.handler;
    server.handler = (req, res) => {
      if ((req.url ?? '').includes('gt:')) {
        during.abort();
        setTimeout(() => slow(req, res), 50);
      } else slow(req, res);
    };
    try {
      await assert.rejects(
        loadActions(client(), TX, { signal: during.signal }),
        (e: unknown) => e instanceof MirrorError && e.kind === 'aborted',
      );
    } finally {
      server.handler = slow;
    }
  });

  it('an id the client refuses is refused before any request', async () => {
    answer = pager(1);
    for (const bad of ['', 'tx', '0.0.1@', '0x1234']) await assert.rejects(loadActions(client(), bad), bad);
    assert.strictEqual(server.requests.length, 0);
  });

  describe('endsEarly: what a trace that ended early looks like in its records', () => {
    const root = (fields: Partial<ContractAction>) =>
      action({
        index: 0,
        call_depth: 0,
        gas: 1_400_000n,
        gas_used: 1_190_000n,
        result_data_type: 'REVERT_REASON',
        ...fields,
      });
    const last = (fields: Partial<ContractAction>) =>
      action({ index: 54, call_depth: 2, gas: 600_000n, gas_used: 10_000n, ...fields });

    it('a failed transaction that spent most of its gas after its last recorded call returned', () => {
      // 590,000 gas came back from the last call; 210,000 was left at the end: 380,000 spent after it.
      assert.strictEqual(
        endsEarly([root({}), last({})]),
        'the trace may end early: the transaction failed, and at least 380,000 gas was spent after its last recorded call (index 54) returned; the mirror node may not have the actions after it',
      );
    });

    it('not when the transaction succeeded, when little gas is unaccounted for, or with one action', () => {
      assert.strictEqual(endsEarly([root({ result_data_type: 'OUTPUT' }), last({})]), undefined);
      assert.strictEqual(endsEarly([root({}), last({ gas: 230_000n })]), undefined, '10,000 gas after: ordinary');
      assert.strictEqual(
        endsEarly([root({ gas_used: 4_500_000n, gas: 5_000_000n }), last({})]),
        undefined,
        'a small share',
      );
      assert.strictEqual(endsEarly([root({})]), undefined);
      assert.strictEqual(endsEarly([]), undefined);
      assert.strictEqual(endsEarly([root({ gas: null }), last({})]), undefined, 'no gas: nothing to say');
    });
  });
});
