// The net layer in a browser's web worker extension host: the transport and the environment follow
// util/platform.ts (fetch, no HTTPS_PROXY of the process), and a fetch that failed without saying
// why also says what the page could tell: the browser is offline, or an https page called an http:
// URL (mixed content). The page's state is a fake handed in, or a global set and restored.
import * as assert from 'assert';
import { HttpClient, NetError, decideProxy, describeNetFailure, type FetchLike } from '../../../src/net';
import { currentPage, undisclosedHint, undisclosedWhy, type PageState } from '../../../src/net/errors';
import { fetchFailure } from '../../../src/net/hostFetch';
import { NODE_PLATFORM, WEB_PLATFORM, usePlatform } from '../../../src/util/platform';

const BASE = { timeoutMs: 2000, maxBodyBytes: 1 << 20, retryBaseMs: 1 };
const HTTPS_URL = 'https://mirror.example:5551/api/v1/blocks';
const HTTP_URL = 'http://localhost:5551/api/v1/blocks';
const OFFLINE = 'the browser is offline';
const MIXED = 'an https page may not call an http: mirror node; use https or a local proxy';

/** The one TypeError a browser's fetch rejects with, as fetchFailure classifies it. */
function failed(url: string, page: PageState): NetError {
  return fetchFailure(new TypeError('Failed to fetch'), url, 1000, page);
}

describe('net: what a browser page can tell about a fetch that failed without saying why', () => {
  it('offline: said after the four causes the browser hides, in the message and in the shared words', () => {
    const e = failed(HTTPS_URL, { onLine: false, protocol: 'https:' });
    assert.deepStrictEqual([e.kind, e.details.reason, e.details.hint], ['network', 'undisclosed', 'offline']);
    const why = `${undisclosedWhy(HTTPS_URL)}; ${OFFLINE}`;
    assert.ok(why.includes('refused') && why.includes('(DNS)') && why.includes('(TLS)') && why.includes('(CORS)'));
    assert.strictEqual(e.message, `cannot reach mirror.example:5551: ${why}`);
    assert.strictEqual(
      describeNetFailure(e, 'the mirror node'),
      `cannot reach the mirror node at mirror.example:5551: ${why}`,
    );
  });

  it('mixed content: an http: URL from an https page (the scheme in either case); offline comes first', () => {
    for (const url of [HTTP_URL, 'HTTP://localhost:5551/x']) {
      const e = failed(url, { onLine: true, protocol: 'https:' });
      assert.strictEqual(e.details.hint, 'mixed-content', url);
      assert.ok(e.message.endsWith(`(CORS); ${MIXED}`), e.message);
      assert.ok(describeNetFailure(e, 'the mirror node').endsWith(`(CORS); ${MIXED}`));
    }
    assert.strictEqual(undisclosedHint(HTTP_URL, { onLine: false, protocol: 'https:' }), 'offline');
  });

  it('this machine from a page that is not on it: private network access may be blocked; mixed content comes first', () => {
    for (const url of ['https://localhost:5551/api/v1/blocks', 'https://127.0.0.1:5551/x', 'https://[::1]:5551/x']) {
      const e = failed(url, { onLine: true, protocol: 'https:', hostname: 'vscode.dev' });
      assert.strictEqual(e.details.hint, 'private-network', url);
      assert.ok(
        e.message.endsWith(
          '(private network access): use desktop VS Code, or serve the mirror node over https with CORS',
        ),
      );
    }
    assert.strictEqual(
      undisclosedHint('http://localhost:5551/', { protocol: 'https:', hostname: 'vscode.dev' }),
      'mixed-content',
    );
    // A page on this machine (code-server on loopback) may call it.
    assert.strictEqual(
      undisclosedHint('https://localhost:5551/', { protocol: 'https:', hostname: '127.0.0.1' }),
      undefined,
    );
    assert.strictEqual(
      undisclosedHint('https://mirror.example/', { protocol: 'https:', hostname: 'vscode.dev' }),
      undefined,
    );
  });

  it('nothing is added when neither applies, or when the page does not say (Node, a worker without them)', () => {
    const plain = [
      failed(HTTPS_URL, { onLine: true, protocol: 'https:' }),
      failed(HTTP_URL, { onLine: true, protocol: 'http:' }),
      failed(HTTP_URL, { protocol: 'vscode-file:' }),
      failed(HTTP_URL, {}),
    ];
    for (const e of plain) {
      assert.strictEqual(e.details.hint, undefined, e.message);
      assert.ok(e.message.endsWith("did not allow this page's origin (CORS)"), e.message);
    }
    // A TypeError with a cause is Node's fetch naming the socket's error: classified, never hinted.
    const withCause = fetchFailure(
      new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      }),
      HTTP_URL,
      1000,
      { onLine: false, protocol: 'https:' },
    );
    assert.deepStrictEqual([withCause.details.reason, withCause.details.hint], ['refused', undefined]);
  });

  it('reads navigator.onLine and location.protocol where they exist, and only booleans and strings', () => {
    const g = globalThis as Record<string, unknown>;
    const saved = ['navigator', 'location'].map(name => [name, Object.getOwnPropertyDescriptor(g, name)] as const);
    try {
      assert.deepStrictEqual(currentPage(), {}, 'Node has neither (or a navigator without onLine)');
      Object.defineProperty(g, 'navigator', { value: { onLine: false }, configurable: true, writable: true });
      Object.defineProperty(g, 'location', { value: { protocol: 'https:' }, configurable: true, writable: true });
      assert.deepStrictEqual(currentPage(), { onLine: false, protocol: 'https:' });
      Object.defineProperty(g, 'navigator', { value: { onLine: 'no' }, configurable: true, writable: true });
      assert.deepStrictEqual(currentPage(), { protocol: 'https:' });
    } finally {
      for (const [name, descriptor] of saved) {
        if (descriptor) Object.defineProperty(g, name, descriptor);
        else delete g[name];
      }
    }
    assert.strictEqual(g['location'], undefined);
  });

  it('a client whose fetch fails while the page is offline says so (the global read when it failed)', async () => {
    const g = globalThis as Record<string, unknown>;
    const saved = Object.getOwnPropertyDescriptor(g, 'navigator');
    const fetch: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));
    const client = new HttpClient({ transport: 'fetch', fetch });
    Object.defineProperty(g, 'navigator', { value: { onLine: false }, configurable: true, writable: true });
    try {
      const e = await client.get(HTTPS_URL, BASE).then(
        () => assert.fail('resolved'),
        (x: unknown) => x,
      );
      assert.ok(e instanceof NetError);
      assert.strictEqual(e.details.hint, 'offline');
      assert.ok(e.message.endsWith(`; ${OFFLINE}`), e.message);
    } finally {
      if (saved) Object.defineProperty(g, 'navigator', saved);
      else delete g['navigator'];
      client.close();
    }
  });
});

describe('net: the transport and the environment follow the platform', () => {
  afterEach(() => usePlatform(NODE_PLATFORM));

  it("a client given no transport uses the platform's: undici in Node, fetch in a browser", async () => {
    const inNode = new HttpClient();
    assert.strictEqual(inNode.transport, 'undici');
    inNode.close();
    usePlatform(WEB_PLATFORM);
    const urls: string[] = [];
    const fetch: FetchLike = async url => (
      urls.push(url),
      { status: 200, headers: [], body: new Blob(['{}']).stream() }
    );
    const inBrowser = new HttpClient({ fetch });
    try {
      assert.strictEqual(inBrowser.transport, 'fetch');
      assert.strictEqual((await inBrowser.get(HTTPS_URL, BASE)).status, 200);
      assert.deepStrictEqual(urls, [HTTPS_URL], 'the request went through the fetch');
      // An explicit transport still wins.
      const undici = new HttpClient({ transport: 'undici' });
      assert.strictEqual(undici.transport, 'undici');
      undici.close();
    } finally {
      inBrowser.close();
    }
  });

  it("the process's HTTPS_PROXY is read in Node and not in a browser (which applies its own proxy)", () => {
    const saved = process.env['HTTPS_PROXY'];
    process.env['HTTPS_PROXY'] = 'http://proxy.example:3128';
    try {
      assert.strictEqual(decideProxy()?.httpsProxy, 'http://proxy.example:3128');
      usePlatform(WEB_PLATFORM);
      assert.strictEqual(decideProxy(), undefined);
      // A given environment is still read as given (tests, and callers that pass one).
      assert.strictEqual(decideProxy({}, { HTTPS_PROXY: 'http://p.example:1' })?.httpsProxy, 'http://p.example:1');
    } finally {
      if (saved === undefined) delete process.env['HTTPS_PROXY'];
      else process.env['HTTPS_PROXY'] = saved;
    }
  });
});
