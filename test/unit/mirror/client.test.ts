import * as assert from 'assert';
import {
  createMirrorClient,
  MirrorError,
  MirrorInputError,
  type MirrorClient,
  type MirrorClientOptions,
  type RequestOutcome,
} from '../../../src/mirror';
import { maxAgeSeconds } from '../../../src/mirror/cache';
import { delay, recordFor, rejects, sendJson, startServer, type TestServer } from './helpers';
import { until } from '../../support/wait';

const PORT = 18220;
const ACCOUNT = recordFor('/api/v1/accounts/0.0.8');
const BLOCKS_PAGE = recordFor('/api/v1/blocks?limit=2');

describe('mirror/client: cache, coalescing, pagination', function () {
  this.timeout(15000);
  let server: TestServer;
  let cacheControl: string | undefined;
  let latencyMs: number;
  /** When set, the server holds each answer until it resolves. */
  let gate: Promise<void> | undefined;
  const outcomes: RequestOutcome[] = [];
  const clients: MirrorClient[] = [];
  function client(extra: Partial<MirrorClientOptions> = {}): MirrorClient {
    const c = createMirrorClient({
      baseUrl: server.origin,
      maxRequestsPerSecond: 1000,
      onOutcome: o => outcomes.push(o),
      ...extra,
    });
    clients.push(c);
    return c;
  }

  beforeEach(async () => {
    outcomes.length = 0;
    cacheControl = 'public, max-age=2';
    latencyMs = 0;
    gate = undefined;
    server = await startServer(PORT, (_req, res) => {
      const send = () => sendJson(res, 200, ACCOUNT.bodyText, cacheControl ? { 'cache-control': cacheControl } : {});
      if (gate) void gate.then(send);
      else if (latencyMs) setTimeout(send, latencyMs);
      else send();
    });
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.dispose();
    await server.close();
  });

  it('keeps a result for the max-age the server grants, then asks again', async () => {
    cacheControl = 'public, max-age=1';
    const c = client();
    const first = await c.getAccount('0.0.8');
    const second = await c.getAccount('0.0.8');
    assert.strictEqual(second, first, 'served from the cache');
    assert.strictEqual(server.requests.length, 1);
    assert.strictEqual(outcomes.length, 1, 'a cache hit is not a request');
    await delay(1100);
    const third = await c.getAccount('0.0.8');
    assert.notStrictEqual(third, first);
    assert.strictEqual(server.requests.length, 2);
  });

  it('does not keep what the server does not allow', async () => {
    for (const cc of [undefined, 'no-store', 'max-age=0', 'no-cache, max-age=60']) {
      cacheControl = cc;
      const c = client();
      const before = server.requests.length;
      await c.getAccount('0.0.8');
      await c.getAccount('0.0.8');
      assert.strictEqual(server.requests.length - before, 2, String(cc));
    }
    assert.strictEqual(maxAgeSeconds('public, max-age=600'), 600);
    assert.strictEqual(maxAgeSeconds(['public', 'max-age="10"']), 10);
  });

  it("cache: 'reload' asks the server and refreshes the entry", async () => {
    const c = client();
    const first = await c.getAccount('0.0.8');
    const reloaded = await c.getAccount('0.0.8', undefined, { cache: 'reload' });
    assert.notStrictEqual(reloaded, first);
    assert.strictEqual(server.requests.length, 2);
    assert.strictEqual(await c.getAccount('0.0.8'), reloaded);
  });

  it('allowStale answers at once with an expired entry and refreshes it in the background', async () => {
    cacheControl = 'max-age=1';
    const c = client();
    const first = await c.getAccount('0.0.8');
    await delay(1050);
    // The server holds every answer until released: the stale entry must come back while the
    // refresh is still unanswered (an order, not a wall-clock figure a loaded machine would blur).
    let release!: () => void;
    gate = new Promise<void>(resolve => (release = resolve));
    const stale = await c.getAccount('0.0.8', undefined, { allowStale: true });
    assert.strictEqual(stale, first, 'answered from the cache while the server held its answer');
    await until(() => server.requests.length >= 2, 'the refresh went out');
    release();
    await until(() => outcomes.length >= 2, 'the refresh answered and was stored');
    const fresh = await c.getAccount('0.0.8');
    assert.notStrictEqual(fresh, first);
    assert.strictEqual(server.requests.length, 2, 'the refreshed entry answered');
    assert.ok(c.fetchedAt(fresh)! > c.fetchedAt(first)!);
  });

  it('allowStale with nothing cached waits for the answer', async () => {
    const c = client();
    const a = await c.getAccount('0.0.8', undefined, { allowStale: true });
    assert.strictEqual(a.account, '0.0.8');
    assert.strictEqual(server.requests.length, 1);
  });

  it('100 concurrent identical lookups make one request', async () => {
    latencyMs = 50;
    const c = client();
    const results = await Promise.all(Array.from({ length: 100 }, () => c.getAccount('0.0.8')));
    assert.strictEqual(server.requests.length, 1);
    assert.ok(results.every(r => r === results[0]));
    assert.strictEqual(outcomes.length, 1);
  });

  it('one caller aborting does not abort the others’ shared request', async () => {
    let release!: () => void;
    gate = new Promise<void>(resolve => (release = resolve));
    const c = client();
    const leaving = new AbortController();
    const a = c.getAccount('0.0.8', undefined, { signal: leaving.signal });
    const b = c.getAccount('0.0.8', undefined, { signal: new AbortController().signal });
    const d = c.getAccount('0.0.8');
    await until(() => server.requests.length === 1, 'the shared request reached the server');
    leaving.abort();
    const e = (await rejects(a)) as MirrorError;
    assert.strictEqual(e.kind, 'aborted');
    release();
    const [rb, rd] = await Promise.all([b, d]);
    assert.strictEqual(rb.account, '0.0.8');
    assert.strictEqual(rb, rd);
    assert.strictEqual(server.requests.length, 1);
  });

  it('when every caller aborts, the shared request is torn down and a later caller starts afresh', async () => {
    let closed = false;
    server.handler = (req, res) => {
      req.socket.once('close', () => (closed = true));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{'); // stalls
    };
    const c = client();
    const c1 = new AbortController();
    const c2 = new AbortController();
    const p1 = c.getAccount('0.0.8', undefined, { signal: c1.signal });
    const p2 = c.getAccount('0.0.8', undefined, { signal: c2.signal });
    await until(() => server.requests.length === 1, 'the shared request reached the server');
    c1.abort();
    c2.abort();
    await rejects(p1);
    await rejects(p2);
    await until(() => closed, 'the socket of the shared request was closed');
    server.handler = (_req, res) => sendJson(res, 200, ACCOUNT.bodyText);
    const later = await c.getAccount('0.0.8');
    assert.strictEqual(later.account, '0.0.8');
    assert.strictEqual(server.requests.length, 2);
  });

  it('refuses bad input locally with no request', async () => {
    const c = client();
    const e = (await rejects(c.getAccount('0.5.6.7'))) as MirrorInputError;
    assert.ok(e instanceof MirrorInputError);
    assert.strictEqual(e.parameter, 'idOrAliasOrEvmAddress');
    const t = (await rejects(c.listContractResults({ 'transaction.index': 2 }))) as MirrorInputError;
    assert.strictEqual(t.parameter, 'transaction.index');
    assert.deepStrictEqual(server.requests, []);
    assert.deepStrictEqual(outcomes, []);
  });

  it('keeps the raw body and its time for each result', async () => {
    const c = client();
    const before = Date.now();
    const a = await c.getAccount('0.0.8');
    assert.strictEqual(c.rawJson(a), ACCOUNT.bodyText);
    const at = c.fetchedAt(a)!;
    assert.ok(at >= before && at <= Date.now());
    assert.strictEqual(c.rawJson({}), undefined);
  });

  it('sends each endpoint to its path', async () => {
    server.handler = (req, res) => {
      const url = req.url ?? '';
      const body = url.startsWith('/api/v1/blocks/')
        ? recordFor('/api/v1/blocks/0').bodyText
        : url.startsWith('/api/v1/transactions/')
          ? recordFor('/api/v1/transactions/0.0.10-1234567890-000000001').bodyText
          : url.startsWith('/api/v1/contracts/results')
            ? recordFor('/api/v1/contracts/results?limit=1').bodyText
            : url.startsWith('/api/v1/blocks')
              ? BLOCKS_PAGE.bodyText
              : url.startsWith('/api/v1/contracts/')
                ? '{"contract_id":"0.0.1001","auto_renew_period":7776000,"nonce":1234567890123456789}'
                : url.startsWith('/api/v1/tokens/')
                  ? '{"token_id":"0.0.1135","name":"T","symbol":"T","decimals":"2","expiry_timestamp":1234567890100000000}'
                  : url.startsWith('/api/v1/topics/')
                    ? '{"topic_id":"0.0.7","memo":"m","auto_renew_period":null}'
                    : '{"schedule_id":"0.0.9","memo":"s"}';
      sendJson(res, 200, body);
    };
    const c = client();
    await c.getTransaction('0.0.10@1234567890.1', { nonce: 0, scheduled: false });
    await c.getBlock(17n);
    await c.listBlocks({ limit: 2, order: 'asc' });
    await c.listContractResults({ coin: false, limit: 1 });
    const contract = await c.getContract('0x00000000000000000000000000000000000003e9');
    const token = await c.getToken('0.0.1135');
    await c.getTopic('0.0.7');
    await c.getSchedule('0.0.9');
    assert.deepStrictEqual(server.requests, [
      '/api/v1/transactions/0.0.10-1234567890-000000001?nonce=0&scheduled=false',
      '/api/v1/blocks/17',
      '/api/v1/blocks?limit=2&order=asc',
      '/api/v1/contracts/results?hbar=false&limit=1',
      '/api/v1/contracts/0x00000000000000000000000000000000000003e9',
      '/api/v1/tokens/0.0.1135',
      '/api/v1/topics/0.0.7',
      '/api/v1/schedules/0.0.9',
    ]);
    assert.strictEqual(contract.nonce, 1234567890123456789n);
    assert.strictEqual(token.expiry_timestamp, 1234567890100000000n);
  });

  it('keeps a base URL path prefix, and tolerates a trailing /api/v1', async () => {
    const c = client({ baseUrl: `${server.origin}/mirror/api/v1/` });
    assert.strictEqual(c.baseUrl, `${server.origin}/mirror`);
    await c.getAccount('0.0.8');
    assert.deepStrictEqual(server.requests, ['/mirror/api/v1/accounts/0.0.8']);
  });

  describe('next()', () => {
    const page = (items: number[], next: string | null) =>
      JSON.stringify({
        blocks: items.map(n => ({
          ...(JSON.parse(BLOCKS_PAGE.bodyText) as { blocks: object[] }).blocks[0],
          number: n,
        })),
        links: { next },
      });

    it('follows links.next, skips empty pages that still link on, stops at a repeat', async () => {
      server.handler = (req, res) => {
        const pages: Record<string, string> = {
          '/api/v1/blocks?limit=2': page([5, 4], '/api/v1/blocks?limit=2&block.number=lt:4'),
          '/api/v1/blocks?limit=2&block.number=lt:4': page([], '/api/v1/blocks?limit=2&block.number=lt:3'),
          '/api/v1/blocks?limit=2&block.number=lt:3': page([2, 1], '/api/v1/blocks?limit=2'), // loops back
        };
        const body = pages[req.url ?? ''];
        if (body) sendJson(res, 200, body);
        else sendJson(res, 404, '{"_status":{"messages":[{"message":"Not found"}]}}');
      };
      const c = client();
      const first = await c.listBlocks({ limit: 2 });
      assert.deepStrictEqual(
        first.blocks.map(b => b.number),
        [5n, 4n],
      );
      const second = await c.next(first);
      assert.ok(second);
      assert.deepStrictEqual(
        second.blocks.map(b => b.number),
        [2n, 1n],
        'the empty page in between was followed',
      );
      assert.strictEqual(await c.next(second), null, 'the link back to page 1 repeats');
      assert.strictEqual(server.requests.length, 3);
      // A later walk from the same (cached) first page starts over.
      const again = await c.next(first);
      assert.deepStrictEqual(
        again?.blocks.map(b => b.number),
        [2n, 1n],
      );
    });

    it('returns null when there is no next link', async () => {
      server.handler = (_req, res) => sendJson(res, 200, page([1], null));
      const c = client();
      assert.strictEqual(await c.next(await c.listBlocks()), null);
    });

    it('refuses a next link to another origin', async () => {
      server.handler = (_req, res) => sendJson(res, 200, page([1], 'http://127.0.0.1:18221/api/v1/blocks?limit=2'));
      const c = client();
      const first = await c.listBlocks();
      const e = (await rejects(c.next(first))) as MirrorError;
      assert.ok(e instanceof MirrorError);
      assert.match(e.message, /leaves the mirror node/);
      assert.strictEqual(server.requests.length, 1);
    });

    it('validates the next page with the schema of the first', async () => {
      server.handler = (req, res) =>
        sendJson(
          res,
          200,
          req.url === '/api/v1/blocks'
            ? page([1], '/api/v1/blocks?x=1')
            : '{"blocks":[{"number":"not a number"}],"links":{"next":null}}',
        );
      const c = client();
      const e = (await rejects(c.next(await c.listBlocks()))) as MirrorError;
      assert.strictEqual(e.kind, 'invalid-response');
    });

    it('keeps the account lookup shape across pages, with the prefix of the base URL', async () => {
      const link = '/api/v1/accounts/0.0.8?timestamp=lt:1234567890.000000006';
      server.handler = (req, res) =>
        sendJson(
          res,
          200,
          req.url === '/pre/api/v1/accounts/0.0.8'
            ? ACCOUNT.bodyText.replace('"next":null', `"next":"${link}"`)
            : ACCOUNT.bodyText,
        );
      const c = client({ baseUrl: `${server.origin}/pre` });
      const first = await c.getAccount('0.0.8');
      const second = await c.next(first);
      assert.strictEqual(second?.account, '0.0.8');
      assert.deepStrictEqual(server.requests, ['/pre/api/v1/accounts/0.0.8', '/pre' + link]);
    });

    it('takes only pages this client returned', async () => {
      const c = client();
      await assert.rejects(c.next({ links: { next: '/api/v1/blocks' } }), TypeError);
    });
  });
});
