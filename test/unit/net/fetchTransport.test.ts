// The `fetch` transport where Node's fetch cannot show it: what a browser's fetch answers (an
// opaque redirect, one TypeError for every failure to connect) through a stand-in fetch, the
// headers the layer leaves to the platform, and that nothing of Node reaches it: undici is never
// loaded, and the layer bundled for a browser (undici's lazy part left out, as the extension's build
// leaves it to run time) holds no Node built-in and reads no global Buffer.
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as esbuild from 'esbuild';
import * as path from 'path';
import {
  HttpClient,
  NetError,
  bodyText,
  describeNetFailure,
  type FetchInit,
  type FetchLike,
  type FetchResponse,
} from '../../../src/net';
import { nothingWasSent } from '../../../src/net/post';
import { projectRoot } from '../../support/paths';

const BASE = { timeoutMs: 2000, maxBodyBytes: 1 << 20, retryBaseMs: 1 };
const URL_ = 'https://mirror.example:5551/api/v1/blocks';

function response(status: number, body = '', extra: Partial<FetchResponse> = {}): FetchResponse {
  const bytes = new TextEncoder().encode(body);
  return {
    status,
    headers: [['content-type', 'application/json']],
    body: new ReadableStream<Uint8Array>({
      start(c) {
        if (bytes.length > 0) c.enqueue(bytes);
        c.close();
      },
    }),
    ...extra,
  };
}

/** A fetch that records each call and answers with `answer`. */
function standIn(answer: (url: string, init: FetchInit) => Promise<FetchResponse>): {
  readonly fetch: FetchLike;
  readonly calls: { url: string; init: FetchInit }[];
} {
  const calls: { url: string; init: FetchInit }[] = [];
  return {
    calls,
    fetch: (url, init) => {
      calls.push({ url, init });
      return answer(url, init);
    },
  };
}

describe('net/http: the fetch transport, where a browser differs', () => {
  const clients: HttpClient[] = [];
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  function client(fetch: FetchLike): HttpClient {
    const c = new HttpClient({ transport: 'fetch', fetch });
    clients.push(c);
    return c;
  }

  it('an opaque redirect (status 0) is a redirect NetError that says the browser hides where it leads', async () => {
    const f = standIn(() => Promise.resolve(response(0, '', { type: 'opaqueredirect', headers: [] })));
    for (const send of [
      (c: HttpClient) => c.get(URL_, { ...BASE, retries: 2 }),
      (c: HttpClient) => c.post(URL_, '{}', { ...BASE, retries: 2 }),
    ]) {
      const e = await send(client(f.fetch)).then(
        () => assert.fail('resolved'),
        (x: unknown) => x,
      );
      assert.ok(e instanceof NetError);
      assert.deepStrictEqual([e.kind, e.details.reason], ['redirect', 'opaque']);
      assert.strictEqual(
        e.message,
        'mirror.example:5551 answered with a redirect, and the browser does not say where it leads; not followed',
      );
    }
    assert.strictEqual(f.calls.length, 2, 'sent once each, never again');
    assert.ok(f.calls.every(c => c.init.redirect === 'manual'));
  });

  it("a TypeError with no cause says the browser does not say why, names the origin, and is not a POST's to repeat", async () => {
    const f = standIn(() => Promise.reject(new TypeError('Failed to fetch')));
    const e = await client(f.fetch)
      .get(URL_, { ...BASE, retries: 2 })
      .then(
        () => assert.fail('resolved'),
        (x: unknown) => x,
      );
    assert.ok(e instanceof NetError);
    assert.deepStrictEqual([e.kind, e.details.reason], ['network', 'undisclosed']);
    const why =
      'the connection failed, and the browser does not say whether it was refused, the host was not found (DNS), ' +
      "the secure connection (TLS) failed, or https://mirror.example:5551 did not allow this page's origin (CORS)";
    assert.strictEqual(e.message, `cannot reach mirror.example:5551: ${why}`);
    assert.strictEqual(
      describeNetFailure(e, 'the mirror node'),
      `cannot reach the mirror node at mirror.example:5551: ${why}`,
    );
    assert.strictEqual(f.calls.length, 3, 'a GET is tried again after a network failure, as with undici');
    assert.strictEqual(nothingWasSent(e), false, 'a POST may have reached the server: not sent again');
    f.calls.length = 0;
    await assert.rejects(client(f.fetch).post(URL_, '{}', { ...BASE, retries: 2 }), NetError);
    assert.strictEqual(f.calls.length, 1);
  });

  it('sends Accept (and a POST its Content-Type) only: the platform sets User-Agent and Accept-Encoding', async () => {
    const f = standIn(() => Promise.resolve(response(200, '{"ok":true}')));
    const c = client(f.fetch);
    await c.get(URL_, BASE);
    await c.post(URL_, '{"a":1}', BASE);
    assert.deepStrictEqual(
      f.calls.map(x => [x.init.method, x.init.headers, x.init.body]),
      [
        ['GET', { accept: 'application/json' }, undefined],
        ['POST', { accept: 'application/json', 'content-type': 'application/json' }, '{"a":1}'],
      ],
    );
  });

  it('without a fetch given, uses the global one at the first request', async () => {
    const saved = globalThis.fetch;
    const f = standIn(() => Promise.resolve(response(200, 'x')));
    const c = new HttpClient({ transport: 'fetch' });
    clients.push(c);
    globalThis.fetch = f.fetch as unknown as typeof globalThis.fetch;
    try {
      assert.strictEqual((await c.get(URL_, BASE)).status, 200);
    } finally {
      globalThis.fetch = saved;
    }
    assert.strictEqual(f.calls.length, 1);
  });
});

describe('net: nothing of Node reaches the fetch transport', function () {
  this.timeout(60_000);

  it('a fetch-transport client answers without loading undici (its lazy part) or the Node body reader', () => {
    const net = path.resolve(__dirname, '../../../src/net');
    const script = `
      const { HttpClient } = require(${JSON.stringify(net)});
      const fetch = async () => ({ status: 200, headers: [], body: new Blob(['hi']).stream() });
      new HttpClient({ transport: 'fetch', fetch }).get('https://a.example/x', { timeoutMs: 1000, maxBodyBytes: 10 })
        .then(r => {
          const loaded = Object.keys(require.cache).filter(k => /undiciParts|nodeBody|node_modules[\\\\/]undici/.test(k));
          process.stdout.write(JSON.stringify({ text: new TextDecoder().decode(r.body), loaded }));
        });`;
    const out = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as {
      text: string;
      loaded: string[];
    };
    assert.deepStrictEqual(out, { text: 'hi', loaded: [] });
  });

  it('src/net bundled for a browser, its lazy undici part left out, holds no Node built-in and no global Buffer', async () => {
    const root = projectRoot();
    const lazyUndici = path.join(root, 'src/net/undiciParts.ts');
    const leaveOutUndici: esbuild.Plugin = {
      name: 'leave-out-lazy-undici',
      setup(build) {
        build.onResolve({ filter: /undiciParts$/ }, async args => {
          if (args.pluginData === 'resolving') return undefined;
          const resolveDir = args.resolveDir;
          const found = await build.resolve(args.path, { kind: args.kind, resolveDir, pluginData: 'resolving' });
          return found.path === lazyUndici ? { path: './lazy-undici.js', external: true } : undefined;
        });
      },
    };
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: ['src/net/index.ts'],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      metafile: true,
      logLevel: 'silent',
      plugins: [leaveOutUndici],
      // A read of the global Buffer becomes this name; a local one (none here) would stay.
      define: { Buffer: 'GLOBAL_BUFFER_READ' },
    });
    const imports = Object.entries(result.metafile.inputs).flatMap(([file, input]) =>
      input.imports.map(i => `${file} -> ${i.path}`),
    );
    const external = imports.filter(i => !i.includes('-> src/'));
    assert.deepStrictEqual(external, ['src/net/undici.ts -> ./lazy-undici.js']);
    assert.ok(!Object.keys(result.metafile.inputs).some(f => f.includes('node_modules')), 'no package bundled');
    const code = result.outputFiles[0]?.text ?? '';
    assert.ok(/\bHttpClient\b/.test(code) && code.includes('opaqueredirect'), 'the bundle holds the layer');
    assert.ok(!code.includes('GLOBAL_BUFFER_READ'), 'no read of a global Buffer');
  });
});

describe('net/body: bodyText reads a body as the layer always did (Node: toString of UTF-8)', () => {
  it('keeps a byte order mark and replaces malformed sequences as Buffer#toString does', () => {
    const samples = [
      [],
      [0x6f, 0x6b],
      [0xef, 0xbb, 0xbf, 0x7b, 0x7d], // a BOM, then {}
      [0xef, 0xbb], // a BOM cut short
      [0xc4, 0xa7, 0xff, 0x41], // ħ, a byte never in UTF-8, A
      [0xed, 0xa0, 0x80], // an encoded surrogate
      [0xf0, 0x9f, 0x98], // a 4-byte sequence cut off at the end
      [0xe2, 0x82, 0xac, 0xc0, 0xaf], // €, an overlong /
    ];
    for (const sample of samples) {
      const bytes = new Uint8Array(sample);
      assert.strictEqual(bodyText(bytes), Buffer.from(bytes).toString('utf8'), JSON.stringify(sample));
    }
    assert.strictEqual(bodyText(new Uint8Array([0xef, 0xbb, 0xbf, 0x31])), '\uFEFF1');
  });
});
