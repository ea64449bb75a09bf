// POST through the one HTTP layer, against real loopback sockets: what the server receives, what is
// sent again (only after a 429, a 503, or a connection that never opened) and what never is (a
// reset, a timeout, an answer cut off), redirects (307/308 kept, 301/302/303 refused), cancellation,
// the size cap, compression, and the per-origin budget GET and POST share.
import * as assert from 'assert';
import type * as http from 'http';
import type * as net from 'net';
import * as zlib from 'zlib';
import { ProxyAgent, fetch as undiciFetch } from 'undici';
import { NetError, RequestBudgets, bodyText, type FetchLike, type PostOptions } from '../../../src/net';
import { nothingWasSent } from '../../../src/net/post';
import { until } from '../../support/wait';
import {
  ManualClock,
  closedPort,
  delay,
  flush,
  rejection,
  startProxy,
  startServer,
  useHttpClients,
  type Server,
} from './support';

const BASE: PostOptions = { timeoutMs: 2000, maxBodyBytes: 1 << 20, retryBaseMs: 5 };
const BODY = JSON.stringify({ to: '0x00000000000000000000000000000000000003ee', data: '0x70a08231', estimate: false });

interface Seen {
  readonly method: string;
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

function readAll(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

describe('net/post: POST through the one HTTP layer (real loopback sockets)', function () {
  this.timeout(20000);
  let server: Server;
  let seen: Seen[];
  /** What the server does with each request once its body is read (n counts from 1). */
  let answer: (req: http.IncomingMessage, res: http.ServerResponse, n: number) => void;
  const client = useHttpClients();

  beforeEach(async () => {
    seen = [];
    answer = (_req, res) => json(res, 200, '{"result":"0x01"}');
    server = await startServer((req, res) => {
      res.on('error', () => undefined);
      void readAll(req).then(body => {
        seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
        answer(req, res, seen.length);
      });
    });
  });
  afterEach(() => server.close());

  it('sends the method, the JSON body and its content type, with the usual headers', async () => {
    const r = await client({ env: {} }).post(`${server.origin}/api/v1/contracts/call`, BODY, BASE);
    assert.strictEqual(r.status, 200);
    assert.strictEqual(bodyText(r.body), '{"result":"0x01"}');
    assert.strictEqual(seen.length, 1);
    const [s] = seen;
    assert.strictEqual(s.method, 'POST');
    assert.strictEqual(s.path, '/api/v1/contracts/call');
    assert.strictEqual(s.body, BODY);
    assert.strictEqual(s.headers['content-type'], 'application/json');
    assert.strictEqual(s.headers['content-length'], String(Buffer.byteLength(BODY)));
    assert.strictEqual(s.headers['accept'], 'application/json');
    assert.strictEqual(s.headers['accept-encoding'], 'gzip, br');
    assert.match(String(s.headers['user-agent']), /^LedgerLens\//);
  });

  it('a body of many bytes (the 262,146-character data limit) arrives whole, UTF-8 counted in bytes', async () => {
    const big = JSON.stringify({ to: '0x' + '1'.repeat(40), data: '0x' + 'ab'.repeat(131_072), note: 'ℏ' });
    await client({ env: {} }).post(`${server.origin}/big`, big, BASE);
    assert.strictEqual(seen[0].body, big);
    assert.strictEqual(seen[0].headers['content-length'], String(Buffer.byteLength(big)));
  });

  it('decompresses the answer and caps its size like GET', async () => {
    const text = JSON.stringify({ result: '0x' + '00'.repeat(2000) });
    answer = (_req, res) => {
      const packed = zlib.gzipSync(Buffer.from(text));
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': packed.length });
      res.end(packed);
    };
    const r = await client({ env: {} }).post(`${server.origin}/z`, BODY, BASE);
    assert.strictEqual(bodyText(r.body), text);
    const e = await rejection(client({ env: {} }).post(`${server.origin}/z`, BODY, { ...BASE, maxBodyBytes: 1000 }));
    assert.ok(e instanceof NetError && e.kind === 'too-large', String(e));
  });

  it('never sends again after a reset once the body was sent (before or during the answer)', async () => {
    for (const cut of ['before the answer', 'mid-answer'] as const) {
      seen = [];
      answer = (_req, res) => {
        if (cut === 'mid-answer') {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': 100 });
          res.write('{"result":"0x');
          setTimeout(() => res.socket?.destroy(), 20);
        } else res.socket?.destroy();
      };
      const e = await rejection(client({ env: {} }).post(`${server.origin}/reset`, BODY, { ...BASE, retries: 3 }));
      assert.ok(e instanceof NetError && e.kind === 'network', `${cut}: ${String(e)}`);
      assert.ok(!nothingWasSent(e), cut);
      await delay(100);
      assert.strictEqual(seen.length, 1, `${cut}: sent once`);
    }
  });

  it('never sends again after a timeout, and the timeout says so', async () => {
    answer = () => undefined; // holds the answer
    const t0 = performance.now();
    const e = await rejection(
      client({ env: {} }).post(`${server.origin}/slow`, BODY, { ...BASE, timeoutMs: 300, retries: 3 }),
    );
    assert.ok(e instanceof NetError && e.kind === 'timeout', String(e));
    assert.match(e.message, /within 300 ms/);
    // One attempt's wait, not four (the count below is the proof; this only bounds the wait).
    assert.ok(performance.now() - t0 < 5000, `${performance.now() - t0} ms`);
    await delay(100);
    assert.strictEqual(seen.length, 1);
  });

  it('sends again after a 503 (up to `retries`), the same body, and returns other 5xx as they are', async () => {
    answer = (_req, res, n) =>
      n < 3 ? json(res, 503, '{"_status":{"messages":[{"message":"Service Unavailable"}]}}') : json(res, 200, '{}');
    const r = await client({ env: {} }).post(`${server.origin}/busy`, BODY, { ...BASE, retries: 2 });
    assert.strictEqual(r.status, 200);
    assert.deepStrictEqual(
      seen.map(s => s.body),
      [BODY, BODY, BODY],
    );

    seen = [];
    answer = (_req, res) => json(res, 500, '{"_status":{"messages":[{"message":"Internal Server Error"}]}}');
    const r500 = await client({ env: {} }).post(`${server.origin}/broken`, BODY, { ...BASE, retries: 2 });
    assert.strictEqual(r500.status, 500);
    assert.strictEqual(seen.length, 1, 'a 500 may have done the work: not sent again');

    seen = [];
    answer = (_req, res) => json(res, 503, '{}');
    const still = await client({ env: {} }).post(`${server.origin}/down`, BODY, { ...BASE, retries: 1 });
    assert.strictEqual(still.status, 503, 'after the retries, the 503 is the answer');
    assert.strictEqual(seen.length, 2);
  });

  it('a 429 holds the whole origin (GET and POST of every client sharing the budgets) for its Retry-After', async () => {
    const budgets = new RequestBudgets({ rateFor: () => Infinity });
    const a = client({ budgets, env: {} });
    const b = client({ budgets, env: {} });
    let first429At = 0;
    answer = (_req, res, n) => {
      if (n === 1) {
        first429At = performance.now();
        json(res, 429, '{"_status":{"messages":[{"message":"Too Many Requests"}]}}', { 'retry-after': '1' });
      } else json(res, 200, '{"result":"0x"}');
    };
    const posted = a.post(`${server.origin}/api/v1/contracts/call`, BODY, BASE);
    await until(() => budgets.state(server.origin).heldForMs > 0, 'the 429 holds the origin');
    const got = b.get(`${server.origin}/api/v1/blocks`, { timeoutMs: 2000, maxBodyBytes: 1 << 20 });
    const [p, g] = await Promise.all([posted, got]);
    assert.strictEqual(p.status, 200);
    assert.strictEqual(g.status, 200);
    assert.strictEqual(seen.length, 3);
    assert.deepStrictEqual(
      seen.filter(s => s.method === 'POST').map(s => s.body),
      [BODY, BODY],
      'the POST was sent again with its body',
    );
    for (const r of server.requests.slice(1))
      assert.ok(r.at - first429At >= 950, `${r.path} sent ${Math.round(r.at - first429At)} ms after the 429`);
  });

  it('a 429 beyond the longest wait allowed is the answer', async () => {
    answer = (_req, res) => json(res, 429, '{}', { 'retry-after': '60' });
    const r = await client({ env: {} }).post(`${server.origin}/x`, BODY, { ...BASE, maxRetryAfterMs: 2000 });
    assert.strictEqual(r.status, 429);
    assert.strictEqual(seen.length, 1);
  });

  it('a connection refused before anything was written is tried again, and then answered', async () => {
    const port = await closedPort();
    const c = client({ env: {} });
    // Nothing listens for the first 100 ms: the first attempt (made at once) is refused, and only
    // an attempt made again can reach the server that starts then.
    const t0 = performance.now();
    const posted = c.post(`http://127.0.0.1:${port}/late`, BODY, { ...BASE, retries: 8, retryBaseMs: 300 });
    let settled = false;
    void posted.then(
      () => (settled = true),
      () => (settled = true),
    );
    await delay(100);
    assert.ok(!settled, 'still trying');
    const late = await listenOn(port, async (req, res) => {
      const body = await readAll(req);
      json(res, 200, JSON.stringify({ got: body }));
    });
    try {
      const r = await posted;
      assert.strictEqual((JSON.parse(bodyText(r.body)) as { got: string }).got, BODY);
      assert.strictEqual(late.count(), 1, 'received once');
      assert.ok(performance.now() - t0 >= 100);
    } finally {
      await late.close();
    }
    const refused = await rejection(c.post(`http://127.0.0.1:${await closedPort()}/x`, BODY, BASE));
    assert.ok(refused instanceof NetError && nothingWasSent(refused), String(refused));
  });

  it('cancelling tears the connection down and rejects as aborted', async () => {
    let closed = false;
    answer = (req, res) => {
      res.on('close', () => (closed = true));
      void req;
    };
    const ctl = new AbortController();
    const p = client({ env: {} }).post(`${server.origin}/hold`, BODY, { ...BASE, signal: ctl.signal });
    await until(() => seen.length === 1, 'the POST arrived');
    ctl.abort();
    const e = await rejection(p);
    assert.ok(e instanceof NetError && e.kind === 'aborted', String(e));
    await until(() => closed, 'the server saw the connection close');
  });

  it('follows a same-origin 307 or 308 with the method and body kept', async () => {
    for (const status of [307, 308]) {
      seen = [];
      answer = (req, res) =>
        req.url === '/moved' ? json(res, status, '', { location: '/api/v1/contracts/call' }) : json(res, 200, '{}');
      const r = await client({ env: {} }).post(`${server.origin}/moved`, BODY, BASE);
      assert.strictEqual(r.status, 200, `${status}`);
      assert.deepStrictEqual(
        seen.map(s => [s.method, s.path, s.body]),
        [
          ['POST', '/moved', BODY],
          ['POST', '/api/v1/contracts/call', BODY],
        ],
      );
    }
  });

  it('refuses a 301, 302 or 303 (they would turn the POST into a GET), and a redirect off the origin', async () => {
    for (const status of [301, 302, 303]) {
      seen = [];
      answer = (_req, res) => json(res, status, '', { location: '/elsewhere' });
      const e = await rejection(client({ env: {} }).post(`${server.origin}/moved`, BODY, BASE));
      assert.ok(e instanceof NetError && e.kind === 'redirect', String(e));
      assert.strictEqual(e.details.reason, 'method-change');
      assert.match(e.message, new RegExp(`HTTP ${status} would turn the POST into a GET at /elsewhere; not followed`));
      assert.strictEqual(seen.length, 1);
    }
    answer = (_req, res) => json(res, 307, '', { location: 'http://example.invalid/x' });
    const off = await rejection(client({ env: {} }).post(`${server.origin}/moved`, BODY, BASE));
    assert.ok(off instanceof NetError && off.details.reason === 'other-origin', String(off));
  });

  it('takes its token from the budget GET uses: a POST waits behind GETs that spent the burst', async () => {
    const clock = new ManualClock();
    const budgets = new RequestBudgets({ rateFor: () => 2, clock });
    const c = client({ budgets, env: {} });
    await c.get(`${server.origin}/g1`, { timeoutMs: 2000, maxBodyBytes: 1 << 20 });
    await c.get(`${server.origin}/g2`, { timeoutMs: 2000, maxBodyBytes: 1 << 20 });
    const posted = c.post(`${server.origin}/p`, BODY, BASE);
    await flush();
    await delay(50);
    assert.deepStrictEqual(
      seen.map(s => s.path),
      ['/g1', '/g2'],
      'the POST waits for a token',
    );
    await clock.advance(500);
    const r = await posted;
    assert.strictEqual(r.status, 200);
    assert.deepStrictEqual(
      seen.map(s => `${s.method} ${s.path}`),
      ['GET /g1', 'GET /g2', 'POST /p'],
    );
  });

  it('a host only the system proxy reaches gets the POST, body and all, through the host’s fetch', async () => {
    const proxy = await startProxy();
    const dispatcher = new ProxyAgent(proxy.url);
    const calls: string[] = [];
    const hostFetch: FetchLike = async (url, init) => {
      calls.push(`${init.method} ${url}`);
      const res = await undiciFetch(url, { ...init, headers: { ...init.headers }, dispatcher });
      return { status: res.status, headers: res.headers, body: res.body };
    };
    try {
      const c = client({ env: {}, hostFetch: () => hostFetch });
      const r = await c.post(`http://mirror.test:${server.port}/api/v1/contracts/call`, BODY, BASE);
      assert.strictEqual(r.status, 200);
      assert.deepStrictEqual(calls, [`POST http://mirror.test:${server.port}/api/v1/contracts/call`]);
      assert.strictEqual(seen[0].method, 'POST');
      assert.strictEqual(seen[0].body, BODY);
      assert.strictEqual(seen[0].headers['content-type'], 'application/json');
    } finally {
      await dispatcher.close();
      await proxy.close();
    }
  });
});

/** A server on `port`, started as soon as the port can be bound; `count` its requests. */
async function listenOn(
  port: number,
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>,
): Promise<{ count(): number; close(): Promise<void> }> {
  const httpModule = await import('http');
  let n = 0;
  const sockets = new Set<net.Socket>();
  const server = httpModule.createServer((req, res) => {
    n++;
    void handler(req, res);
  });
  server.on('connection', s => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    count: () => n,
    close: () =>
      new Promise<void>(resolve => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
