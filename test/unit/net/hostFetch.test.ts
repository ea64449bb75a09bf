// The system proxy: a public host that a direct connection cannot reach goes through the host's
// fetch, which inside VS Code applies the operating system's proxy (system settings, PAC). The
// "host fetch" here does what VS Code's patched fetch does once it has resolved a proxy for the
// URL: undici's fetch through a ProxyAgent, here to a loopback proxy only it knows of.
import * as assert from 'assert';
import * as zlib from 'zlib';
import { ProxyAgent, fetch as undiciFetch } from 'undici';
import { NetError, bodyText, globalFetch, type FetchLike, type GetOptions } from '../../../src/net';
import { fetchOnce } from '../../../src/net/hostFetch';
import {
  closedPort,
  delay,
  rejection,
  startProxy,
  startServer,
  useHttpClients,
  type Server,
  type TestProxy,
} from './support';

const BASE: GetOptions = { timeoutMs: 3000, maxBodyBytes: 1 << 20 };

interface SystemProxy {
  readonly fetch: FetchLike;
  readonly calls: string[];
  close(): Promise<void>;
}

/** A host fetch whose "operating system" names `proxyUrl` for every URL. */
function systemProxy(proxyUrl: string): SystemProxy {
  const dispatcher = new ProxyAgent(proxyUrl);
  const calls: string[] = [];
  return {
    calls,
    fetch: async (url, init) => {
      calls.push(url);
      const res = await undiciFetch(url, { ...init, headers: { ...init.headers }, dispatcher });
      return { status: res.status, headers: res.headers, body: res.body };
    },
    close: () => dispatcher.close(),
  };
}

describe('net/hostFetch: the system proxy, through the host’s fetch', function () {
  this.timeout(15000);
  let server: Server;
  let proxy: TestProxy;
  let system: SystemProxy;
  const client = useHttpClients();

  beforeEach(async () => {
    server = await startServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ path: req.url, ua: req.headers['user-agent'] }));
    });
    proxy = await startProxy();
    system = systemProxy(proxy.url);
  });
  afterEach(async () => {
    await system.close();
    await proxy.close();
    await server.close();
  });

  it('a host only the system proxy reaches answers; later requests to it go that way at once', async () => {
    const switched: string[] = [];
    const c = client({ env: {}, hostFetch: () => system.fetch, onThroughHost: o => switched.push(o) });
    const origin = `http://mirror.test:${server.port}`;
    const r = await c.get(`${origin}/api/v1/accounts/0.0.2`, BASE);
    assert.strictEqual(r.status, 200);
    const body = JSON.parse(bodyText(r.body)) as { path: string; ua: string };
    assert.strictEqual(body.path, '/api/v1/accounts/0.0.2');
    assert.ok(body.ua.startsWith('LedgerLens/'), body.ua);
    assert.deepStrictEqual(proxy.seen, [`CONNECT mirror.test:${server.port}`]);
    assert.deepStrictEqual(switched, [origin]);
    assert.deepStrictEqual(c.throughHost, [origin]);

    // The second request is not tried direct first: it would fail on DNS again and cost a lookup.
    const t0 = performance.now();
    await c.get(`${origin}/api/v1/blocks`, BASE);
    assert.deepStrictEqual(system.calls, [`${origin}/api/v1/accounts/0.0.2`, `${origin}/api/v1/blocks`]);
    assert.deepStrictEqual(switched, [origin], 'said once');
    assert.ok(performance.now() - t0 < 2000);
  });

  it('without a host fetch the same request fails as before: the host is not found', async () => {
    const c = client({ env: {} });
    const e = await rejection(c.get(`http://mirror.test:${server.port}/x`, BASE));
    assert.ok(e instanceof NetError && e.kind === 'network', String(e));
    assert.strictEqual(e.details.reason, 'dns');
  });

  it('a configured proxy (http.proxy or HTTPS_PROXY) is used as it is: the host fetch is never asked', async () => {
    const port = await closedPort();
    for (const options of [
      { proxy: { proxy: `http://127.0.0.1:${port}` }, env: {} },
      { env: { HTTP_PROXY: `http://127.0.0.1:${port}` } },
    ]) {
      const c = client({ ...options, hostFetch: () => system.fetch });
      const e = await rejection(c.get(`http://mirror.test:${server.port}/x`, BASE));
      assert.ok(e instanceof NetError && e.details.proxy === `127.0.0.1:${port}`, String(e));
    }
    assert.deepStrictEqual(system.calls, []);
  });

  it('http.proxySupport "off": direct only', async () => {
    const c = client({ proxy: { support: 'off' }, env: {}, hostFetch: () => system.fetch });
    const e = await rejection(c.get(`http://mirror.test:${server.port}/x`, BASE));
    assert.ok(e instanceof NetError && e.details.reason === 'dns', String(e));
    assert.deepStrictEqual(system.calls, []);
  });

  it('loopback (a local node) is never sent to a proxy: its refusal is the answer', async () => {
    const port = await closedPort();
    const c = client({ env: {}, hostFetch: () => system.fetch });
    const e = await rejection(c.get(`http://127.0.0.1:${port}/api/v1/blocks`, BASE));
    assert.ok(e instanceof NetError && e.details.reason === 'refused', String(e));
    assert.deepStrictEqual(system.calls, []);
  });

  // `[::ffff:7f00:1]` (127.0.0.1 written as IPv6) reaches the loopback server while the layer takes
  // it for a public host: the first test shows it does, so the second shows what a reset does.
  it('a refused direct connection to a public address is tried through the host', async () => {
    const port = await closedPort();
    const c = client({ env: {}, hostFetch: () => system.fetch });
    // Nothing listens there either way: the proxy drops the tunnel, and the attempt ends.
    const e = await rejection(c.get(`http://[::ffff:7f00:1]:${port}/x`, { ...BASE, timeoutMs: 500 }));
    assert.ok(e instanceof NetError, String(e));
    assert.deepStrictEqual(system.calls, [`http://[::ffff:7f00:1]:${port}/x`]);
  });

  it('a reset is not a reason: a busy server resets too, and the origin keeps its direct pool', async () => {
    server.handler = req => req.socket.destroy();
    const c = client({ env: {}, hostFetch: () => system.fetch });
    const e = await rejection(c.get(`http://[::ffff:7f00:1]:${server.port}/x`, BASE));
    assert.ok(e instanceof NetError && e.details.reason === 'reset', String(e));
    assert.deepStrictEqual(system.calls, []);
    assert.deepStrictEqual(c.throughHost, []);
  });

  it('an HTTP answer, even a 503, is the server’s: no second way is tried', async () => {
    server.handler = (_req, res) => res.writeHead(503).end('busy');
    let asked = 0;
    const c = client({
      env: {},
      hostFetch: () => {
        asked++;
        return system.fetch;
      },
    });
    const r = await c.get(`${server.origin}/x`, BASE);
    assert.strictEqual(r.status, 503);
    assert.deepStrictEqual(system.calls, []);
    assert.strictEqual(asked, 0, 'the host fetch is not even looked up while direct connections work');
  });

  it('when the host fetch fails too, the direct failure is told and nothing is remembered', async () => {
    const port = await closedPort();
    const dead = systemProxy(`http://127.0.0.1:${port}`);
    try {
      const c = client({ env: {}, hostFetch: () => dead.fetch });
      const e = await rejection(c.get(`http://mirror.test:${server.port}/x`, BASE));
      assert.ok(e instanceof NetError && e.kind === 'network', String(e));
      assert.strictEqual(e.details.reason, 'dns');
      assert.match(e.message, /host mirror\.test:\d+ not found/);
      assert.strictEqual(dead.calls.length, 1);
      assert.deepStrictEqual(c.throughHost, []);
    } finally {
      await dead.close();
    }
  });

  it('new proxy settings forget which origins went through the host', async () => {
    const c = client({ env: {}, hostFetch: () => system.fetch });
    await c.get(`http://mirror.test:${server.port}/x`, BASE);
    assert.strictEqual(c.throughHost.length, 1);
    c.setProxy({});
    assert.deepStrictEqual(c.throughHost, []);
  });

  it('a slow answer through the host times out as a timeout; cancelling is a cancellation', async () => {
    server.handler = (_req, res) => {
      setTimeout(() => res.writeHead(200).end('{}'), 2000).unref();
    };
    const c = client({ env: {}, hostFetch: () => system.fetch });
    const slow = await rejection(c.get(`http://mirror.test:${server.port}/slow`, { ...BASE, timeoutMs: 300 }));
    assert.ok(slow instanceof NetError && slow.kind === 'timeout', String(slow));
    const ac = new AbortController();
    const p = c.get(`http://mirror.test:${server.port}/slow2`, { ...BASE, signal: ac.signal });
    await delay(200);
    ac.abort();
    const cancelled = await rejection(p);
    assert.ok(cancelled instanceof NetError && cancelled.kind === 'aborted', String(cancelled));
  });
});

describe('net/hostFetch: one attempt through fetch keeps the layer’s contract', function () {
  this.timeout(15000);
  let server: Server;
  const fetchImpl = globalFetch();
  before(() => assert.ok(fetchImpl, 'Node has a global fetch'));
  beforeEach(async () => {
    server = await startServer((_req, res) => res.writeHead(204).end());
  });
  afterEach(() => server.close());

  function once(path: string, maxBodyBytes = 1 << 20, signal = new AbortController().signal) {
    return fetchOnce(fetchImpl!, `${server.origin}${path}`, {
      headers: { accept: 'application/json', 'user-agent': 'LedgerLens/test' },
      signal,
      maxBodyBytes,
    });
  }

  it('a redirect is returned with its Location, not followed', async () => {
    server.handler = (_req, res) => res.writeHead(302, { location: 'https://elsewhere.example/x' }).end();
    const r = await once('/r');
    assert.strictEqual(r.status, 302);
    assert.strictEqual(r.headers['location'], 'https://elsewhere.example/x');
    assert.strictEqual(server.requests.length, 1);
  });

  it('a gzip body is decoded; the cap counts decoded bytes, so a small bomb stops at the cap', async () => {
    const big = Buffer.alloc(4 << 20, 'a');
    server.handler = (req, res) => {
      const body = req.url === '/small' ? zlib.gzipSync('{"a":1}') : zlib.gzipSync(big);
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': body.length }).end(body);
    };
    assert.strictEqual(bodyText((await once('/small')).body), '{"a":1}');
    const e = await rejection(once('/bomb', 1 << 20));
    assert.ok(e instanceof NetError && e.kind === 'too-large', String(e));
    assert.match(e.message, /larger than 1 MiB/);
  });

  it('a declared length over the cap is refused before reading', async () => {
    server.handler = (_req, res) => res.writeHead(200, { 'content-length': 5000 }).end(Buffer.alloc(5000));
    const e = await rejection(once('/x', 1000));
    assert.ok(e instanceof NetError && e.kind === 'too-large', String(e));
  });

  it('a corrupt gzip body is a decode error, not a crash', async () => {
    server.handler = (_req, res) =>
      res.writeHead(200, { 'content-encoding': 'gzip' }).end(Buffer.from('not gzip at all'));
    const e = await rejection(once('/x'));
    assert.ok(e instanceof NetError && e.kind === 'decode', String(e));
  });

  it('headers arrive lower-cased; our Accept and User-Agent are sent', async () => {
    server.handler = (_req, res) => res.writeHead(200, { 'X-Thing': 'y', 'Cache-Control': 'max-age=2' }).end('[]');
    const r = await once('/h');
    assert.strictEqual(r.headers['x-thing'], 'y');
    assert.strictEqual(r.headers['cache-control'], 'max-age=2');
    assert.strictEqual(server.requests[0].headers['user-agent'], 'LedgerLens/test');
    assert.strictEqual(server.requests[0].headers['accept'], 'application/json');
  });
});
