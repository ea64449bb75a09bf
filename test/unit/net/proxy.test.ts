import * as assert from 'assert';
import { NetError, bodyText, decideProxy, type GetOptions } from '../../../src/net';
import { createMirrorClient } from '../../../src/mirror';
import { createStatusClient } from '../../../src/status';
import { closedPort, rejection, startProxy, startServer, useHttpClients, type Server, type TestProxy } from './support';

const BASE: GetOptions = { timeoutMs: 3000, maxBodyBytes: 1 << 20 };

describe('net/proxy: which proxy a request goes through', () => {
  it('VS Code’s http.proxy wins over the environment, for both schemes', () => {
    const d = decideProxy(
      { proxy: 'http://corp:3128', noProxy: ['internal.example'] },
      {
        HTTPS_PROXY: 'http://env:8080',
        NO_PROXY: '.corp.example',
      },
    );
    assert.deepStrictEqual(d, {
      httpProxy: 'http://corp:3128',
      httpsProxy: 'http://corp:3128',
      noProxy: 'localhost,127.0.0.1,[::1],internal.example,.corp.example',
    });
  });

  it('falls back to HTTPS_PROXY / HTTP_PROXY (either case), HTTPS using HTTP_PROXY when alone', () => {
    assert.deepStrictEqual(decideProxy({}, { https_proxy: 'http://s:1' }), {
      httpsProxy: 'http://s:1',
      noProxy: 'localhost,127.0.0.1,[::1]',
    });
    assert.deepStrictEqual(decideProxy({ proxy: '  ' }, { HTTP_PROXY: 'http://h:2' }), {
      httpProxy: 'http://h:2',
      httpsProxy: 'http://h:2',
      noProxy: 'localhost,127.0.0.1,[::1]',
    });
  });

  it('direct when nothing is set, when proxy support is off, or when the proxy is not an http(s) URL', () => {
    assert.strictEqual(decideProxy({}, {}), undefined);
    assert.strictEqual(decideProxy({ proxy: 'http://corp:3128', support: 'off' }, {}), undefined);
    assert.strictEqual(decideProxy({ proxy: 'socks5://corp:1080' }, {}), undefined);
    assert.strictEqual(decideProxy({}, { HTTPS_PROXY: 'not a url' })?.httpsProxy, undefined);
  });
});

describe('net/proxy: through a loopback proxy that counts', function () {
  this.timeout(15000);
  let server: Server;
  let proxy: TestProxy;
  const client = useHttpClients();

  beforeEach(async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    proxy = await startProxy();
  });
  afterEach(async () => {
    await proxy.close();
    await server.close();
  });

  it('sends through http.proxy: a host only the proxy can reach answers', async () => {
    const c = client({ proxy: { proxy: proxy.url }, env: {} });
    // `mirror.test` does not resolve; only the proxy (which sends every host to loopback) reaches it.
    const r = await c.get(`http://mirror.test:${server.port}/api/v1/accounts/0.0.8`, BASE);
    assert.strictEqual(r.status, 200);
    assert.strictEqual(bodyText(r.body), '{"ok":true}');
    assert.strictEqual(proxy.seen.length, 1, proxy.seen.join(' | '));
    assert.match(proxy.seen[0], new RegExp(`mirror\\.test:${server.port}`));
    assert.strictEqual(server.requests[0].headers['user-agent']?.startsWith('LedgerLens/'), true);
  });

  it('tunnels an https origin through the proxy with CONNECT (the deep-imported agent keeps its connect API)', async () => {
    const c = client({ proxy: { proxy: proxy.url }, env: {} });
    // The tunnel reaches the plain-HTTP test server, so the TLS handshake then fails: a NetError,
    // after the proxy saw the CONNECT (without undici's connect API there is no CONNECT at all).
    const e = await rejection(c.get(`https://mirror.test:${server.port}/api/v1/blocks`, BASE));
    assert.ok(e instanceof NetError, String(e));
    assert.deepStrictEqual(proxy.seen, [`CONNECT mirror.test:${server.port}`]);
  });

  it('sends through HTTP_PROXY from the environment when VS Code names none', async () => {
    const c = client({ env: { HTTP_PROXY: proxy.url } });
    await c.get(`http://mirror.test:${server.port}/x`, BASE);
    await c.get(`http://mirror.test:${server.port}/y`, BASE);
    assert.ok(proxy.seen.length >= 1, 'went through the proxy');
    assert.deepStrictEqual(
      server.requests.map(r => r.path),
      ['/x', '/y'],
    );
  });

  it('goes direct for http.noProxy hosts and loopback, and the proxy sees nothing', async () => {
    const c = client({ proxy: { proxy: proxy.url, noProxy: ['mirror.test'] }, env: {} });
    await c.get(`${server.origin}/direct`, BASE);
    assert.deepStrictEqual(proxy.seen, [], 'loopback is never proxied');
    const e = await rejection(c.get(`http://mirror.test:${server.port}/x`, BASE));
    assert.ok(e instanceof NetError && e.kind === 'network', String(e));
    assert.deepStrictEqual(proxy.seen, [], 'a noProxy host went direct (and does not resolve)');
  });

  it('takes new proxy settings for later requests (setProxy)', async () => {
    const c = client({ env: {} });
    const direct = await rejection(c.get(`http://mirror.test:${server.port}/before`, BASE));
    assert.ok(direct instanceof NetError && direct.kind === 'network', 'direct: the name does not resolve');
    c.setProxy({ proxy: proxy.url });
    const r = await c.get(`http://mirror.test:${server.port}/after`, BASE);
    assert.strictEqual(r.status, 200);
    assert.strictEqual(proxy.seen.length, 1);
  });

  it('the status client goes through the shared layer and its proxy too', async () => {
    const http = client({ proxy: { proxy: proxy.url }, env: {} });
    const status = createStatusClient({ baseUrl: `http://status.test:${server.port}`, http, timeoutMs: 3000 });
    try {
      // The body is not a status document: the request still went out through the proxy.
      await assert.rejects(status.summary());
      assert.strictEqual(proxy.seen.length, 1);
      assert.strictEqual(server.requests[0].path, '/api/v2/summary.json');
    } finally {
      status.dispose();
    }
  });
});

describe('net/proxy: a proxy that fails is named as the proxy, not as the server', function () {
  this.timeout(15000);
  const client = useHttpClients();
  const fix = /http\.proxy setting, or the HTTPS_PROXY \/ HTTP_PROXY variables/;

  it('refused by the proxy (http.proxy at a closed port): says so, with the host it was asked for', async () => {
    const port = await closedPort();
    const c = client({ proxy: { proxy: `http://127.0.0.1:${port}` }, env: {} });
    const e = await rejection(c.get('http://status.test/api/v2/summary.json', BASE));
    assert.ok(e instanceof NetError && e.kind === 'network', String(e));
    assert.strictEqual(e.details.reason, 'refused');
    assert.strictEqual(e.details.proxy, `127.0.0.1:${port}`);
    assert.match(
      e.message,
      new RegExp(`^cannot reach status\\.test: the proxy 127\\.0\\.0\\.1:${port} refused the connection`),
    );
    assert.match(e.message, fix);
  });

  it('refused by the server itself (loopback is never proxied): the server, as before', async () => {
    const port = await closedPort();
    const proxyPort = await closedPort();
    const c = client({ proxy: { proxy: `http://127.0.0.1:${proxyPort}` }, env: {} });
    const e = await rejection(c.get(`http://127.0.0.1:${port}/x`, BASE));
    assert.ok(e instanceof NetError && e.kind === 'network', String(e));
    assert.strictEqual(e.details.proxy, undefined);
    assert.strictEqual(e.message, `connection refused by 127.0.0.1:${port}`);
  });

  it('a proxy from HTTP_PROXY, named by host name (localhost): told apart by its port', async () => {
    const port = await closedPort();
    const c = client({ env: { HTTP_PROXY: `http://localhost:${port}` } });
    const e = await rejection(c.get('http://mirror.test/api/v1/blocks', BASE));
    assert.ok(e instanceof NetError, String(e));
    assert.strictEqual(e.details.proxy, `localhost:${port}`);
    assert.match(e.message, /the proxy localhost:\d+ refused the connection/);
  });

  it("a proxy host that does not resolve: the proxy's name, not the server's", async () => {
    const c = client({ proxy: { proxy: 'http://proxy.invalid:3128' }, env: {} });
    const e = await rejection(c.get('http://mirror.test/api/v1/blocks', BASE));
    assert.ok(e instanceof NetError && e.kind === 'network', String(e));
    assert.strictEqual(e.details.reason, 'dns');
    assert.strictEqual(e.details.proxy, 'proxy.invalid:3128');
    assert.match(e.message, /the proxy's host proxy\.invalid:3128 was not found/);
  });

  it('the mirror and status clients say the same in their own words', async () => {
    const port = await closedPort();
    const http = client({ proxy: { proxy: `http://127.0.0.1:${port}` }, env: {} });
    const mirror = createMirrorClient({ baseUrl: 'https://testnet.mirrornode.hedera.com', http, retries: 0 });
    const status = createStatusClient({ baseUrl: 'https://status.hedera.com', http, timeoutMs: 3000 });
    try {
      const m = await rejection(mirror.getAccount('0.0.8'));
      assert.match(
        String((m as Error).message),
        new RegExp(
          `^Cannot reach the mirror node at testnet\\.mirrornode\\.hedera\\.com: the proxy 127\\.0\\.0\\.1:${port} refused the connection`,
        ),
      );
      assert.doesNotMatch(String((m as Error).message), /is the mirror node running/);
      const st = await rejection(status.summary());
      assert.match(
        String((st as Error).message),
        new RegExp(`^cannot reach status page at status\\.hedera\\.com: the proxy 127\\.0\\.0\\.1:${port} refused`),
      );
    } finally {
      mirror.dispose();
      status.dispose();
    }
  });
});
