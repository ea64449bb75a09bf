// The HTTP layer as it ships: bundled by esbuild with build/undici-trim.mjs, which replaces the
// parts of undici src/net never reaches (llhttp SIMD, fetch bodies, HTTP/2, SOCKS5) by modules that
// throw and keeps llhttp's wasm brotli-compressed. The other net tests run the unbundled undici, so this one proves the trimmed bundle still
// does what they check: a compressed body, a proxy (CONNECT), a 429 honoured, a timeout.
import * as assert from 'assert';
import * as esbuild from 'esbuild';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as zlib from 'zlib';
import type * as Net from '../../../src/net';
import { projectRoot } from '../../support/paths';
import { rejection, startProxy, startServer, type Server, type TestProxy } from './support';

interface Trim {
  readonly undiciTrim: esbuild.Plugin;
}

const BASE: Net.GetOptions = { timeoutMs: 2000, maxBodyBytes: 1 << 20, retryBaseMs: 5 };
const STUBBED = ['llhttp_simd-wasm.js', 'fetch/body.js', 'client-h2.js', 'socks5-proxy-agent.js'];

describe('net: the bundled layer with undici trimmed', function () {
  this.timeout(60_000);
  let net: typeof Net;
  let meta: esbuild.Metafile;
  let dir: string;
  let server: Server;
  let proxy: TestProxy;
  const clients: Net.HttpClient[] = [];

  before(async () => {
    const root = projectRoot();
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's ES module, required at run time
    const { undiciTrim } = require(path.join(root, 'build', 'undici-trim.mjs')) as Trim;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-net-bundle-'));
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: ['src/net/index.ts'],
      outfile: path.join(dir, 'net.js'),
      bundle: true,
      minify: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      metafile: true,
      logLevel: 'silent',
      plugins: [undiciTrim],
    });
    meta = result.metafile;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle just built
    net = require(path.join(dir, 'net.js')) as typeof Net;
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  let n429 = 0;
  beforeEach(async () => {
    n429 = 0;
    server = await startServer((req, res) => {
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 1500);
      if (req.url === '/busy' && n429++ === 0) {
        res.writeHead(429, { 'retry-after': '0' });
        return void res.end();
      }
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(zlib.gzipSync(JSON.stringify({ path: req.url, ua: req.headers['user-agent'] })));
    });
    proxy = await startProxy();
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await proxy.close();
    await server.close();
  });

  function client(options: Net.HttpClientOptions = { env: {} }): Net.HttpClient {
    const c = new net.HttpClient(options);
    clients.push(c);
    return c;
  }

  it('replaces exactly the unreachable undici modules', () => {
    const inputs = Object.entries(meta.outputs[Object.keys(meta.outputs)[0]].inputs);
    for (const name of STUBBED) {
      const hit = inputs.filter(([file]) => file.includes('node_modules/undici/') && file.endsWith(name));
      assert.strictEqual(hit.length, 1, name);
      assert.ok(hit[0][1].bytesInOutput < 200, `${name} is a stub (${hit[0][1].bytesInOutput} bytes)`);
    }
    // The plain llhttp build stays, brotli-compressed: 72 KB of base64 become ~20 KB.
    const wasm = inputs.find(([file]) => file.endsWith('llhttp/llhttp-wasm.js'));
    assert.ok(
      wasm && wasm[1].bytesInOutput > 15_000 && wasm[1].bytesInOutput < 25_000,
      String(wasm?.[1].bytesInOutput),
    );
    assert.ok(!inputs.some(([file]) => file.endsWith('undici/index.js')), "undici's index is not bundled");
  });

  it('GETs and decompresses a gzip body', async () => {
    const r = await client().get(`${server.origin}/api/v1/blocks`, BASE);
    assert.strictEqual(r.status, 200);
    const body = JSON.parse(net.bodyText(r.body)) as { path: string; ua: string };
    assert.strictEqual(body.path, '/api/v1/blocks');
    assert.match(body.ua, /^LedgerLens\//);
  });

  it('goes through an http proxy and tunnels https with CONNECT', async () => {
    const c = client({ proxy: { proxy: proxy.url }, env: {} });
    const r = await c.get(`http://mirror.test:${server.port}/via`, BASE);
    assert.strictEqual(r.status, 200);
    const e = await rejection(c.get(`https://mirror.test:${server.port}/tls`, BASE));
    assert.ok(e instanceof net.NetError, String(e));
    assert.ok(!/not bundled|not supported/.test(String(e)), String(e));
    assert.ok(proxy.seen.includes(`CONNECT mirror.test:${server.port}`), proxy.seen.join(' | '));
  });

  it('waits out a 429 and retries', async () => {
    const r = await client().get(`${server.origin}/busy`, BASE);
    assert.strictEqual(r.status, 200);
    assert.strictEqual(n429, 2);
  });

  it('times out a slow answer with a NetError', async () => {
    const e = await rejection(client().get(`${server.origin}/slow`, { ...BASE, timeoutMs: 200 }));
    assert.ok(e instanceof net.NetError && e.kind === 'timeout', String(e));
  });
});
