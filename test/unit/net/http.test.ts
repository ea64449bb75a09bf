import * as assert from 'assert';
import * as zlib from 'zlib';
import { HttpClient, NetError, bodyText, RequestBudgets, BUILD_VERSION, type GetOptions } from '../../../src/net';
import { assertGrowthAsync } from '../../support/growth';
import { until } from '../../support/wait';
import { ManualClock, delay, flush, rejection, startServer, type Server } from './support';

const BODY = JSON.stringify({ account: '0.0.8', balance: { balance: 123, timestamp: '1.2' }, pad: 'x'.repeat(4000) });
const BASE: GetOptions = { timeoutMs: 2000, maxBodyBytes: 1 << 20, retryBaseMs: 5 };

describe('net/http: the one HTTP layer (real loopback sockets)', function () {
  this.timeout(15000);
  let server: Server;
  const clients: HttpClient[] = [];
  function client(budgets?: RequestBudgets, version?: string): HttpClient {
    const c = new HttpClient({
      ...(budgets ? { budgets } : {}),
      ...(version ? { version } : {}),
      env: {},
    });
    clients.push(c);
    return c;
  }

  beforeEach(async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(BODY);
    });
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await server.close();
  });

  it('names Ledger Lens and its version, and asks for gzip or br', async () => {
    await client().get(`${server.origin}/a`, BASE);
    await client(undefined, '1.2.3').get(`${server.origin}/b`, BASE);
    const [a, b] = server.requests;
    assert.strictEqual(a.headers['user-agent'], `LedgerLens/${BUILD_VERSION}`);
    assert.strictEqual(b.headers['user-agent'], 'LedgerLens/1.2.3');
    assert.strictEqual(a.headers['accept-encoding'], 'gzip, br');
    assert.strictEqual(a.headers['accept'], 'application/json');
  });

  for (const [encoding, encode] of [
    ['gzip', (b: Buffer) => zlib.gzipSync(b)],
    ['br', (b: Buffer) => zlib.brotliCompressSync(b)],
    ['deflate', (b: Buffer) => zlib.deflateSync(b)],
  ] as const) {
    it(`decompresses a ${encoding} body while it streams`, async () => {
      const packed = encode(Buffer.from(BODY));
      assert.ok(packed.length < BODY.length / 3, 'the fixture compresses');
      server.handler = (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding });
        // In small pieces, so the decoder works across chunks.
        for (let i = 0; i < packed.length; i += 37) res.write(packed.subarray(i, i + 37));
        res.end();
      };
      const r = await client().get(`${server.origin}/c`, BASE);
      assert.strictEqual(bodyText(r.body), BODY);
    });
  }

  for (const [encoding, encode] of [
    ['gzip', (b: Buffer) => zlib.gzipSync(b, { level: 9 })],
    ['br', (b: Buffer) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })],
  ] as const) {
    it(`stops a ${encoding} bomb at the cap, counted on the decompressed bytes`, async () => {
      // The same bomb at 32 MiB and 256 MiB of zeros: the cap (1 MiB) stops decoding early, so the
      // refusal costs the same CPU whatever the bomb would inflate to. Inflating it all would cost
      // ~8× more at 256 MiB. CPU, not wall time: CI runs this beside the tool install.
      const bombs = new Map<number, Buffer>();
      const bombOf = (mib: number): Buffer => {
        let bomb = bombs.get(mib);
        if (!bomb) bombs.set(mib, (bomb = encode(Buffer.alloc(mib << 20))));
        return bomb;
      };
      assert.ok(bombOf(32).length < 100_000, `bomb is ${bombOf(32).length} bytes`);
      const refuse = async (mib: number): Promise<void> => {
        const bomb = bombOf(mib);
        server.handler = (_req, res) => {
          res.writeHead(200, { 'content-encoding': encoding, 'content-length': String(bomb.length) });
          res.end(bomb);
        };
        const before = process.memoryUsage().arrayBuffers;
        const e = await rejection(client().get(`${server.origin}/bomb`, { ...BASE, maxBodyBytes: 1 << 20 }));
        assert.ok(e instanceof NetError, String(e));
        assert.strictEqual(e.kind, 'too-large');
        assert.strictEqual(e.details.limit, 1 << 20);
        assert.strictEqual(e.message, 'the response is larger than 1 MiB');
        assert.ok(process.memoryUsage().arrayBuffers - before < 32 << 20, 'did not hold the inflated body');
      };
      await assertGrowthAsync(`refusing a ${encoding} bomb`, mib => mib, refuse, 32, { maxRatio: 3 });
    });
  }

  it('refuses a corrupt or unknown encoding as a decode error', async () => {
    server.handler = (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end('this is not gzip at all');
    };
    const e = await rejection(client().get(`${server.origin}/x`, BASE));
    assert.ok(e instanceof NetError && e.kind === 'decode', String(e));
    server.handler = (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'zstd' });
      res.end('whatever');
    };
    const e2 = await rejection(client().get(`${server.origin}/y`, BASE));
    assert.ok(e2 instanceof NetError && e2.kind === 'decode');
    assert.match(e2.message, /unsupported Content-Encoding "zstd"/);
  });

  it('a 429 holds the origin for every caller of every client sharing the budgets', async () => {
    const budgets = new RequestBudgets({ rateFor: () => Infinity });
    const a = client(budgets);
    const b = client(budgets);
    let first429At = 0;
    server.handler = (_req, res, n) => {
      if (n === 1) {
        first429At = performance.now();
        res.writeHead(429, { 'retry-after': '1' });
        res.end('{}');
        return;
      }
      res.writeHead(200);
      res.end('{}');
    };
    const held = a.get(`${server.origin}/first`, BASE);
    await until(() => budgets.state(server.origin).heldForMs > 0, 'the 429 arrived and holds the origin');
    const others = [
      a.get(`${server.origin}/a1`, { ...BASE, priority: 'background' }),
      b.get(`${server.origin}/b1`, { ...BASE, priority: 'interactive' }),
      b.get(`${server.origin}/b2`, { ...BASE, priority: 'visible' }),
    ];
    const results = await Promise.all([held, ...others]);
    assert.deepStrictEqual(
      results.map(r => r.status),
      [200, 200, 200, 200],
    );
    const after = server.requests.slice(1);
    assert.strictEqual(after.length, 4);
    for (const r of after)
      assert.ok(r.at - first429At >= 950, `${r.path} sent ${Math.round(r.at - first429At)} ms after the 429`);
  });

  it('sends the most urgent first when the budget is saturated (order seen by the server)', async () => {
    // The budget runs on a manual clock: the queue moves only when the test says, however slow the
    // machine, and each grant reaches the server before the next is let out.
    const clock = new ManualClock();
    const budgets = new RequestBudgets({ rateFor: () => 4, clock });
    const c = client(budgets);
    const all: Promise<unknown>[] = [];
    for (let i = 0; i < 8; i++) all.push(c.get(`${server.origin}/bg${i}`, { ...BASE, priority: 'background' }));
    await until(() => server.requests.length === 4, 'the burst reached the server');
    all.push(c.get(`${server.origin}/vis`, { ...BASE, priority: 'visible' }));
    all.push(c.get(`${server.origin}/hover`, { ...BASE, priority: 'interactive' }));
    await flush();
    for (let sent = 5; sent <= 10; sent++) {
      await clock.advance(250);
      await until(() => server.requests.length === sent, `request ${sent} reached the server`);
    }
    await Promise.all(all);
    const order = server.requests.map(r => r.path);
    assert.deepStrictEqual(order.slice(0, 4), ['/bg0', '/bg1', '/bg2', '/bg3'], 'the burst');
    assert.deepStrictEqual(order.slice(4, 6), ['/hover', '/vis'], 'then the hover, then the visible node');
  });

  it('aborting a request queued in the budget sends nothing', async () => {
    // A manual clock: the queued request cannot be granted before the abort, however slow the run.
    const clock = new ManualClock();
    const budgets = new RequestBudgets({ rateFor: () => 1, clock });
    const c = client(budgets);
    await c.get(`${server.origin}/spend`, BASE);
    const ctl = new AbortController();
    const queued = c.get(`${server.origin}/never`, { ...BASE, signal: ctl.signal });
    await flush();
    ctl.abort();
    const e = await rejection(queued);
    assert.ok(e instanceof NetError && e.kind === 'aborted');
    await clock.advance(2000);
    await delay(50);
    assert.deepStrictEqual(
      server.requests.map(r => r.path),
      ['/spend'],
    );
  });

  it('close() ends what is queued and in flight, as aborted (closed)', async () => {
    const c = client(new RequestBudgets({ rateFor: () => 1 }));
    server.handler = () => undefined; // never answers
    const inflight = c.get(`${server.origin}/slow`, BASE);
    const queued = c.get(`${server.origin}/queued`, BASE);
    await delay(50);
    c.close();
    for (const p of [inflight, queued]) {
      const e = await rejection(p);
      assert.ok(e instanceof NetError && e.kind === 'aborted' && e.details.closed === true, String(e));
    }
  });

  it('a total timeout covers redirects and waits', async () => {
    server.handler = (_req, res) => {
      setTimeout(() => {
        res.writeHead(302, { location: '/again' });
        res.end();
      }, 150);
    };
    const e = await rejection(
      client().get(`${server.origin}/start`, { ...BASE, totalTimeoutMs: 400, maxRedirects: 10 }),
    );
    assert.ok(e instanceof NetError && e.kind === 'timeout', String(e));
    assert.match(e.message, /within 400 ms/);
  });
});
