import * as assert from 'assert';
import { createMirrorClient, MirrorError, type MirrorClientOptions, type RequestOutcome } from '../../../src/mirror';
import { retryAfterMs, Transport } from '../../../src/mirror/transport';
import { HttpClient, RequestBudgets } from '../../../src/net';
import { gzipSync } from 'zlib';
import { delay, recordFor, rejects, sendJson, startServer, type TestServer } from './helpers';
import { until } from '../../support/wait';
import { ManualClock } from '../net/support';

const PORT = 18200;
const OTHER_PORT = 18201;
const CLOSED_PORT = 18202; // nothing listens here
const ACCOUNT = recordFor('/api/v1/accounts/0.0.8');
const PATH = '/api/v1/accounts/0.0.8';

describe('mirror/transport faults (real loopback sockets)', function () {
  this.timeout(15000);
  let server: TestServer;
  const outcomes: RequestOutcome[] = [];
  const clients: Array<{ dispose(): void }> = [];
  function client(extra: Partial<MirrorClientOptions> = {}) {
    const c = createMirrorClient({
      baseUrl: server.origin,
      retryBaseMs: 5,
      maxRequestsPerSecond: 1000,
      onOutcome: o => outcomes.push(o),
      ...extra,
    });
    clients.push(c);
    return c;
  }

  beforeEach(async () => {
    outcomes.length = 0;
    server = await startServer(PORT, (_req, res) => sendJson(res, 200, ACCOUNT.bodyText));
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.dispose();
    await server.close();
  });

  it('answers a good request and reports one ok outcome', async () => {
    const a = await client().getAccount('0.0.8');
    assert.strictEqual(a.account, '0.0.8');
    assert.deepStrictEqual(server.requests, [PATH]);
    assert.deepStrictEqual(
      outcomes.map(o => [o.kind, o.status]),
      [['ok', 200]],
    );
  });

  it('times out a server that never answers, with the timeout in the message', async () => {
    server.handler = () => undefined;
    const e = (await rejects(client({ timeoutMs: 300 }).getAccount('0.0.8'))) as MirrorError;
    assert.ok(e instanceof MirrorError);
    assert.strictEqual(e.kind, 'timeout');
    assert.strictEqual(e.status, 0);
    assert.match(e.message, /did not answer within 300 ms/);
    assert.deepStrictEqual(server.requests, [PATH], 'a timeout is not retried');
    assert.deepStrictEqual(
      outcomes.map(o => o.kind),
      ['network-error'],
    );
  });

  it('times out a body that stalls half way', async () => {
    server.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(ACCOUNT.bodyText.slice(0, 100));
    };
    const e = (await rejects(client({ timeoutMs: 300, retries: 0 }).getAccount('0.0.8'))) as MirrorError;
    assert.strictEqual(e.kind, 'timeout');
  });

  it('retries a 5xx and returns the success that follows', async () => {
    server.handler = (_req, res, n) =>
      n === 1
        ? sendJson(res, 503, '{"_status":{"messages":[{"message":"Service unavailable"}]}}')
        : sendJson(res, 200, ACCOUNT.bodyText);
    const a = await client().getAccount('0.0.8');
    assert.strictEqual(a.account, '0.0.8');
    assert.strictEqual(server.requests.length, 2);
    assert.deepStrictEqual(
      outcomes.map(o => o.kind),
      ['ok'],
    );
  });

  it('gives up after the retries with the server’s own message', async () => {
    server.handler = (_req, res) => sendJson(res, 500, '{"_status":{"messages":[{"message":"Internal error"}]}}');
    const e = (await rejects(client({ retries: 2 }).getAccount('0.0.8'))) as MirrorError;
    assert.strictEqual(server.requests.length, 3);
    assert.strictEqual(e.status, 500);
    assert.deepStrictEqual(e.messages, ['Internal error']);
    assert.strictEqual(e.message, 'Internal error');
    assert.deepStrictEqual(
      outcomes.map(o => [o.kind, o.status]),
      [['server-error', 500]],
    );
  });

  it('describes a 5xx without an error body by its status', async () => {
    server.handler = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>bad gateway</html>');
    };
    const e = (await rejects(client({ retries: 0 }).getAccount('0.0.8'))) as MirrorError;
    assert.strictEqual(e.status, 502);
    assert.deepStrictEqual(e.messages, []);
    assert.match(e.message, /HTTP 502 Bad Gateway/);
  });

  it('does not retry a 4xx and surfaces exactly the server’s messages', async () => {
    server.handler = (_req, res) =>
      sendJson(
        res,
        400,
        '{"_status":{"messages":[{"message":"Invalid parameter: limit"},{"message":"Unknown query parameter: index","detail":null}]}}',
      );
    const e = (await rejects(client().getAccount('0.0.8'))) as MirrorError;
    assert.strictEqual(server.requests.length, 1);
    assert.strictEqual(e.kind, 'http');
    assert.deepStrictEqual(e.messages, ['Invalid parameter: limit', 'Unknown query parameter: index']);
    assert.strictEqual(e.message, 'Invalid parameter: limit; Unknown query parameter: index');
    assert.deepStrictEqual(
      outcomes.map(o => o.kind),
      ['client-error'],
    );
  });

  /**
   * A client whose budget runs on a manual clock with the back-off's jitter fixed at 0: a 429's wait
   * passes only when the test moves the clock, so waits are checked exactly, not against wall time.
   */
  function clockedClient(clock: ManualClock, extra: Partial<MirrorClientOptions> = {}) {
    const http = new HttpClient({
      budgets: new RequestBudgets({ rateFor: () => Infinity, clock, random: () => 0 }),
      env: {},
    });
    clients.push({ dispose: () => http.close() });
    return client({ http, ...extra });
  }

  /** Moves the clock in 100 ms steps (each letting a request cross the socket) until `n` requests arrived. */
  async function advanceUntil(clock: ManualClock, n: number, limitMs: number): Promise<void> {
    for (let t = 0; t < limitMs && server.requests.length < n; t += 100) {
      await clock.advance(100);
      await delay(1);
    }
  }

  it('waits as a 429 Retry-After says, then succeeds', async () => {
    server.handler = (_req, res, n) =>
      n === 1
        ? sendJson(res, 429, '{"_status":{"messages":[{"message":"Too many requests"}]}}', { 'retry-after': '1' })
        : sendJson(res, 200, ACCOUNT.bodyText);
    const clock = new ManualClock();
    const account = clockedClient(clock, { retries: 0 }).getAccount('0.0.8');
    await until(() => server.requests.length === 1, 'the first request');
    await clock.advance(950);
    await delay(20);
    assert.strictEqual(server.requests.length, 1, 'nothing sent within the second Retry-After asked for');
    await advanceUntil(clock, 2, 2000);
    await account;
    assert.ok(clock.t >= 1000, `waited ${clock.t} ms`);
    assert.strictEqual(server.requests.length, 2);
  });

  it('answers with the 429 at once when Retry-After asks for more than the cap', async () => {
    server.handler = (_req, res) =>
      sendJson(res, 429, '{"_status":{"messages":[{"message":"Too many requests"}]}}', { 'retry-after': '60' });
    // The clock never moves: an answer that waited for any part of the 60 s would never come.
    const clock = new ManualClock();
    const e = (await rejects(clockedClient(clock).getAccount('0.0.8'))) as MirrorError;
    assert.strictEqual(clock.t, 0);
    assert.strictEqual(e.status, 429);
    assert.deepStrictEqual(e.messages, ['Too many requests']);
    assert.strictEqual(server.requests.length, 1);
  });

  it('stops waiting on 429s once their total wait reaches the cap', async () => {
    server.handler = (_req, res) => sendJson(res, 429, '{}', { 'retry-after': '1' });
    const clock = new ManualClock();
    const answer = rejects(clockedClient(clock, { maxRetryAfterMs: 3000 }).getAccount('0.0.8'));
    await until(() => server.requests.length === 1, 'the first request');
    await advanceUntil(clock, 4, 10_000);
    const e = (await answer) as MirrorError;
    assert.strictEqual(e.status, 429);
    // Retry-After 1 s, but consecutive 429s back off: 1 s, then 2 s (3 s, the cap), then 4 s would pass it.
    assert.strictEqual(server.requests.length, 3, '1 s + 2 s of waiting, then the third 429 is the answer');
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    assert.strictEqual(retryAfterMs('3'), 3000);
    assert.strictEqual(retryAfterMs(new Date(10_000).toUTCString(), 4_000), 6000);
    assert.strictEqual(retryAfterMs(undefined), 1000);
    assert.strictEqual(retryAfterMs('soon'), 1000);
  });

  it('retries a connection reset in the middle of the body', async () => {
    server.handler = (req, res, n) => {
      if (n === 1) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(ACCOUNT.bodyText.length) });
        res.write(ACCOUNT.bodyText.slice(0, 50));
        setTimeout(() => req.socket.destroy(), 20);
      } else sendJson(res, 200, ACCOUNT.bodyText);
    };
    const a = await client().getAccount('0.0.8');
    assert.strictEqual(a.account, '0.0.8');
    assert.strictEqual(server.requests.length, 2);
  });

  it('fails clearly when the body is cut off and no retry is left', async () => {
    server.handler = (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(ACCOUNT.bodyText.length) });
      res.write(ACCOUNT.bodyText.slice(0, 50));
      setTimeout(() => req.socket.destroy(), 20);
    };
    const e = (await rejects(client({ retries: 0 }).getAccount('0.0.8'))) as MirrorError;
    assert.strictEqual(e.kind, 'network');
    assert.strictEqual(e.status, 0);
    assert.match(e.message, /closed before the response was complete|incomplete/);
    assert.deepStrictEqual(
      outcomes.map(o => o.kind),
      ['network-error'],
    );
  });

  it('says so when nothing listens', async () => {
    const c = createMirrorClient({ baseUrl: `http://127.0.0.1:${CLOSED_PORT}`, retryBaseMs: 5 });
    clients.push(c);
    const e = (await rejects(c.getAccount('0.0.8'))) as MirrorError;
    assert.strictEqual(e.kind, 'network');
    assert.match(
      e.message,
      new RegExp(`^Cannot reach the mirror node at 127\\.0\\.0\\.1:${CLOSED_PORT}: connection refused`),
    );
  });

  for (const declared of [true, false]) {
    it(`refuses a body above the cap (${declared ? 'declared length' : 'chunked, counted while streaming'})`, async () => {
      const big = '{"pad":"' + 'x'.repeat(5000) + '"}';
      server.handler = (_req, res) => {
        res.writeHead(200, declared ? { 'content-length': String(big.length) } : {});
        if (declared) res.end(big);
        else {
          for (let i = 0; i < big.length; i += 500) res.write(big.slice(i, i + 500));
          res.end();
        }
      };
      const e = (await rejects(client({ maxBodyBytes: 1000 }).getAccount('0.0.8'))) as MirrorError;
      assert.strictEqual(e.kind, 'invalid-response');
      assert.match(e.message, /larger than 1000 bytes/);
      assert.strictEqual(server.requests.length, 1, 'not retried');
    });
  }

  it('refuses a redirect to another host and sends nothing there', async () => {
    const other = await startServer(OTHER_PORT, (_req, res) => sendJson(res, 200, ACCOUNT.bodyText));
    try {
      server.handler = (_req, res) => {
        res.writeHead(302, { location: `${other.origin}${PATH}` });
        res.end();
      };
      const e = (await rejects(client().getAccount('0.0.8'))) as MirrorError;
      assert.strictEqual(e.kind, 'invalid-response');
      assert.strictEqual(e.status, 302);
      assert.match(e.message, /redirect/);
      assert.deepStrictEqual(other.requests, []);
    } finally {
      await other.close();
    }
  });

  it('follows a redirect within the same origin', async () => {
    server.handler = (req, res) => {
      if (req.url === PATH) {
        res.writeHead(301, { location: '/api/v1/accounts/0.0.8?moved=1' });
        res.end();
      } else sendJson(res, 200, ACCOUNT.bodyText);
    };
    const a = await client().getAccount('0.0.8');
    assert.strictEqual(a.account, '0.0.8');
    assert.deepStrictEqual(server.requests, [PATH, PATH + '?moved=1']);
  });

  it('reports malformed JSON on a 200', async () => {
    server.handler = (_req, res) => sendJson(res, 200, ACCOUNT.bodyText.slice(0, 200));
    const e = (await rejects(client().getAccount('0.0.8'))) as MirrorError;
    assert.strictEqual(e.kind, 'invalid-response');
    assert.strictEqual(e.status, 200);
    assert.match(e.message, /malformed JSON/);
    assert.deepStrictEqual(
      outcomes.map(o => o.kind),
      ['server-error'],
    );
  });

  it('reports a body of the wrong shape with the path of the problem', async () => {
    server.handler = (_req, res) =>
      sendJson(res, 200, ACCOUNT.bodyText.replace('"decline_reward":false', '"decline_reward":"no"'));
    const e = (await rejects(client().getAccount('0.0.8'))) as MirrorError;
    assert.strictEqual(e.kind, 'invalid-response');
    assert.match(e.message, /unexpected shape at decline_reward/);
  });

  it('aborting tears down the socket read', async () => {
    let socketClosed: Promise<void> | undefined;
    let closed = false;
    server.handler = (req, res) => {
      socketClosed = new Promise(resolve => req.socket.once('close', () => resolve()));
      socketClosed.then(
        () => (closed = true),
        () => undefined,
      );
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(ACCOUNT.bodyText.slice(0, 100)); // then stalls
    };
    const controller = new AbortController();
    const pending = client().getAccount('0.0.8', undefined, { signal: controller.signal });
    await until(() => socketClosed !== undefined, 'the request reached the server');
    await delay(20);
    assert.ok(!closed, 'the body is being read');
    const started = Date.now();
    controller.abort();
    const e = (await rejects(pending)) as MirrorError;
    assert.strictEqual(e.kind, 'aborted');
    // Well before the 10 s timeout would have ended it (with room for a loaded machine).
    assert.ok(Date.now() - started < 2000, `aborted after ${Date.now() - started} ms`);
    await Promise.race([socketClosed, delay(5000)]);
    assert.ok(closed, 'the server saw the request socket closed');
    assert.deepStrictEqual(
      outcomes.map(o => o.kind),
      ['aborted'],
    );
  });

  it('an already-aborted signal sends nothing', async () => {
    const e = (await rejects(client().getAccount('0.0.8', undefined, { signal: AbortSignal.abort() }))) as MirrorError;
    assert.strictEqual(e.kind, 'aborted');
    assert.deepStrictEqual(server.requests, []);
  });

  it('keeps to the client-side rate cap', async () => {
    const c = client({ maxRequestsPerSecond: 5 });
    const started = Date.now();
    // Distinct URLs so neither the cache nor coalescing saves a request.
    await Promise.all(Array.from({ length: 10 }, (_, i) => c.getAccount('0.0.8', { limit: i + 1 })));
    const elapsed = Date.now() - started;
    assert.strictEqual(server.requests.length, 10);
    assert.ok(elapsed >= 900, `10 requests at 5/s (burst 5) took ${elapsed} ms`);
  });

  it('dispose aborts what is in flight', async () => {
    server.handler = () => undefined;
    const c = client();
    const pending = c.getAccount('0.0.8');
    await delay(50);
    c.dispose();
    const e = (await rejects(pending)) as MirrorError;
    assert.strictEqual(e.kind, 'aborted');
    const after = (await rejects(c.getAccount('0.0.8'))) as MirrorError;
    assert.strictEqual(after.kind, 'aborted');
  });
});

describe('mirror/transport over the shared HTTP layer', function () {
  this.timeout(15000);
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer(PORT, (_req, res) => sendJson(res, 200, ACCOUNT.bodyText));
  });
  afterEach(() => server.close());

  it('reads a gzip-compressed account and names itself in User-Agent', async () => {
    let headers: Record<string, string | string[] | undefined> = {};
    server.handler = (req, res) => {
      headers = req.headers;
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(gzipSync(ACCOUNT.bodyText));
    };
    const c = createMirrorClient({ baseUrl: server.origin, retries: 0 });
    try {
      const a = await c.getAccount('0.0.8');
      assert.strictEqual(a.account, '0.0.8');
      assert.match(String(headers['user-agent']), /^LedgerLens\/\d+\.\d+\.\d+/);
      assert.strictEqual(headers['accept-encoding'], 'gzip, br');
    } finally {
      c.dispose();
    }
  });

  it('transports sharing one HttpClient share its budget; priority passes through; closing one leaves the other', async () => {
    const http = new HttpClient({ budgets: new RequestBudgets({ rateFor: () => 2 }), env: {} });
    // At 2 a second the last of the six is granted at 2.0 s, and the total timeout counts the
    // wait in the budget: 10 s keeps that grant from racing the timeout (it once was 2 s).
    const opts = { timeoutMs: 10_000, maxRequestsPerSecond: 1000, maxBodyBytes: 1 << 20, retries: 0, http };
    const a = new Transport(opts);
    const b = new Transport(opts);
    try {
      const order: Promise<unknown>[] = [];
      for (let i = 0; i < 4; i++) order.push(a.get(`${server.origin}${PATH}?bg=${i}`, { priority: 'background' }));
      order.push(b.get(`${server.origin}${PATH}?hover=1`, { priority: 'interactive' }));
      order.push(b.get(`${server.origin}${PATH}?plain=1`)); // a bare call is interactive
      await Promise.all(order);
      assert.deepStrictEqual(server.requests.slice(2, 4), [`${PATH}?hover=1`, `${PATH}?plain=1`]);
      a.close();
      const e = (await rejects(a.get(`${server.origin}${PATH}`))) as MirrorError;
      assert.strictEqual(e.kind, 'aborted');
      const r = await b.get(`${server.origin}${PATH}?after=1`, AbortSignal.timeout(5000));
      assert.strictEqual(r.status, 200);
    } finally {
      a.close();
      b.close();
      http.close();
    }
  });
});
