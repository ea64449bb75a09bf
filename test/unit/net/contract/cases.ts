// The net layer's contract: what an HttpClient does against a real server (test/support/
// netContractServer.ts), whichever transport carries it. Run under Node with undici and with Node's
// own fetch (../contract.test.ts), and in Chromium with the platform's fetch (test/browser/). A
// case whose answer must differ in a browser says so in `inBrowser`, with the reason: what a
// browser's fetch hides (an opaque redirect, one TypeError for every failure to connect) is said,
// not faked.
//
// Bundled for a browser as it is: it imports only src/net, checks with its own `check` (no
// node:assert), and uses no Node API (no Buffer: TextDecoder and Uint8Array).
import {
  type HttpClient,
  NetError,
  RequestBudgets,
  bodyText,
  describeBudgetState,
  describeNetFailure,
  parseRetryAfter,
  type GetOptions,
  type HttpClientOptions,
  type HttpResponse,
} from '../../../../src/net';

export interface NetContractEnv {
  /** The contract server's origin, e.g. `http://127.0.0.1:40123`. */
  readonly server: string;
  readonly transport: 'undici' | 'fetch';
  /** True in a browser page (the platform's fetch, CORS and all). */
  readonly browser: boolean;
  /** A new client on this transport, closed by the runner after the case. */
  client(options?: Partial<HttpClientOptions>): HttpClient;
}

export interface NetContractCase {
  readonly name: string;
  run(env: NetContractEnv): Promise<void>;
  /** The case's own assertion where a browser's behaviour must differ, and why. */
  readonly inBrowser?: { readonly reason: string; run(env: NetContractEnv): Promise<void> };
}

const BASE: GetOptions = { timeoutMs: 5000, maxBodyBytes: 1 << 20, retryBaseMs: 5 };

function check(cond: boolean, message: string): asserts cond {
  if (!cond) throw new Error(message);
}

function same(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  check(a === e, `${what}: expected ${e}, got ${a}`);
}

/** The NetError `work` rejects with (anything else fails the case). */
async function netError(work: Promise<unknown>, what: string): Promise<NetError> {
  try {
    await work;
  } catch (e) {
    check(
      e instanceof NetError,
      `${what}: rejected with ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`,
    );
    return e;
  }
  throw new Error(`${what}: resolved, a NetError was expected`);
}

let keys = 0;
/** A key no other case (or run of this one) counts under. */
function uniqueKey(name: string): string {
  return `${name}-${Date.now().toString(36)}-${(keys++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** `path` with `key=` added to its query. */
function withKey(path: string, key: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}key=${encodeURIComponent(key)}`;
}

interface Counted {
  readonly count: number;
  readonly ids: readonly string[];
  readonly maxInFlight: number;
}

/** How many requests the server got under `key` (asked by a client of its own, outside any budget). */
async function counted(env: NetContractEnv, key: string): Promise<Counted> {
  const res = await env.client().get(`${env.server}${withKey('/__count', key)}`, BASE);
  return JSON.parse(bodyText(res.body)) as Counted;
}

function text(res: HttpResponse): string {
  return bodyText(res.body);
}

const plainGet: NetContractCase = {
  name: 'a plain GET answers its status, headers, body and URL',
  async run(env) {
    const url = `${env.server}/ok`;
    const before = Date.now();
    const res = await env.client().get(url, BASE);
    same(res.status, 200, 'status');
    same(text(res), 'ok', 'body');
    check(Object.getPrototypeOf(res.body) === Uint8Array.prototype, 'the body is a plain Uint8Array');
    check(
      String(res.headers['content-type']).startsWith('text/plain'),
      `content-type ${String(res.headers['content-type'])}`,
    );
    same(res.url, url, 'url');
    check(res.fetchedAt >= before && res.fetchedAt <= Date.now(), `fetchedAt ${res.fetchedAt}`);
  },
};

const jsonBody: NetContractCase = {
  name: 'a JSON body is decoded as UTF-8, a character split between two chunks included',
  async run(env) {
    const res = await env.client().get(`${env.server}/json`, BASE);
    same(JSON.parse(text(res)), { name: 'Ledger Lens ħbar', n: 42 }, 'JSON');
  },
};

const gzipBody: NetContractCase = {
  name: 'a gzip body arrives decoded',
  async run(env) {
    const client = env.client();
    same(JSON.parse(text(await client.get(`${env.server}/gzip`, BASE))), { compressed: true }, 'JSON');
    const big = await client.get(`${env.server}/gzip?bytes=100000`, BASE);
    same(big.body.length, 100_000, 'decoded length');
    check(
      big.body.every(b => b === 0x61),
      'every decoded byte is "a"',
    );
  },
};

const sizeCap: NetContractCase = {
  name: 'the size cap counts the decoded body: a declared, a chunked and a compressed body over it are too-large',
  async run(env) {
    const client = env.client();
    const capped = { ...BASE, maxBodyBytes: 1000 };
    same((await client.get(`${env.server}/big?bytes=1000`, capped)).body.length, 1000, 'a body of exactly the cap');
    for (const path of ['/big?bytes=5000', '/big?bytes=50000&chunked=1', '/gzip?bytes=200000']) {
      const e = await netError(client.get(`${env.server}${path}`, capped), path);
      same([e.kind, e.details.limit, e.status], ['too-large', 1000, 200], `${path}: kind, limit, status`);
      same(e.message, 'the response is larger than 1000 bytes', `${path}: message`);
    }
  },
};

const attemptTimeout: NetContractCase = {
  name: 'the per-attempt timeout ends slow headers and a slow body, in the same words',
  async run(env) {
    const client = env.client();
    for (const path of ['/slow-headers?ms=4000', '/slow-body?ms=4000']) {
      const started = Date.now();
      const e = await netError(client.get(`${env.server}${path}`, { ...BASE, timeoutMs: 300 }), path);
      same([e.kind, e.details.timeoutMs], ['timeout', 300], `${path}: kind, timeoutMs`);
      check(e.message.endsWith('did not answer within 300 ms'), `${path}: message "${e.message}"`);
      check(Date.now() - started < 3000, `${path}: ended before the server answered`);
    }
  },
};

const totalTimeout: NetContractCase = {
  name: 'the total timeout ends an attempt and a 429 wait alike',
  async run(env) {
    const client = env.client();
    const total = { ...BASE, timeoutMs: 3000, totalTimeoutMs: 400 };
    const slow = await netError(client.get(`${env.server}/slow-headers?ms=4000`, total), 'slow headers');
    same([slow.kind, slow.details.timeoutMs], ['timeout', 400], 'slow headers: kind, timeoutMs');
    const key = uniqueKey('total-429');
    const started = Date.now();
    const held = await netError(client.get(`${env.server}${withKey('/429?retry-after=10', key)}`, total), '429 wait');
    same([held.kind, held.details.timeoutMs], ['timeout', 400], '429 wait: kind, timeoutMs');
    check(Date.now() - started < 3000, 'the wait ended with the total timeout, not with Retry-After');
    same((await counted(env, key)).count, 1, 'requests sent');
  },
};

const cancellation: NetContractCase = {
  name: 'a signal cancels a request in flight or before it is sent; closing the client cancels its requests',
  async run(env) {
    const client = env.client();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const inFlight = await netError(client.get(`${env.server}/hang`, { ...BASE, signal: controller.signal }), 'hang');
    same(
      [inFlight.kind, inFlight.details.closed, inFlight.message],
      ['aborted', undefined, 'The request was cancelled'],
      'in flight',
    );
    const key = uniqueKey('pre-aborted');
    const before = await netError(
      client.get(`${env.server}${withKey('/ok', key)}`, { ...BASE, signal: AbortSignal.abort() }),
      'before',
    );
    same(before.kind, 'aborted', 'before: kind');
    same((await counted(env, key)).count, 0, 'requests sent after an aborted signal');
    const closing = env.client();
    const pending = closing.get(`${env.server}/hang`, BASE);
    setTimeout(() => closing.close(), 100);
    const closed = await netError(pending, 'closed');
    same([closed.kind, closed.details.closed], ['aborted', true], 'closed: kind, closed');
  },
};

const retryAfterThenSuccess: NetContractCase = {
  name: 'a 429 with Retry-After holds the origin, then the request is sent again and succeeds',
  async run(env) {
    const key = uniqueKey('429-once');
    const started = Date.now();
    const res = await env.client().get(`${env.server}${withKey('/429?times=1&retry-after=1', key)}`, BASE);
    same([res.status, text(res)], [200, 'ok'], 'final answer');
    same((await counted(env, key)).count, 2, 'requests sent');
    // A lower bound only: the hold cannot end before the Retry-After it was given.
    check(Date.now() - started >= 950, `answered after ${Date.now() - started} ms, before the 1 s Retry-After`);
  },
};

const lasting429: NetContractCase = {
  name: 'a 429 longer than the caller will wait is the answer, its Retry-After readable and the hold said',
  async run(env) {
    const client = env.client();
    const key = uniqueKey('429-lasting');
    const url = `${env.server}${withKey('/429?retry-after=60', key)}`;
    const started = Date.now();
    const res = await client.get(url, { ...BASE, maxRetryAfterMs: 5000 });
    same(res.status, 429, 'status');
    same(parseRetryAfter(res.headers['retry-after']), 60_000, 'Retry-After');
    same(text(res), 'Too Many Requests', 'body');
    same(describeBudgetState(client.budgets.state(url)), 'rate limited, retrying in 60 s', 'the hold in words');
    check(Date.now() - started < 3000, 'given up at once, not after waiting');
    same((await counted(env, key)).count, 1, 'requests sent');
  },
};

const serverErrors: NetContractCase = {
  name: '5xx answers are retried as many times as allowed; 4xx answers are not',
  async run(env) {
    const client = env.client();
    const cases: readonly [string, number, number, number][] = [
      // path, retries, final status, requests sent
      ['/status/503?times=1', 1, 200, 2],
      ['/status/500?times=5', 2, 500, 3],
      ['/status/503?times=1', 0, 503, 1],
      ['/status/404', 3, 404, 1],
    ];
    for (const [path, retries, status, sent] of cases) {
      const key = uniqueKey('5xx');
      const res = await client.get(`${env.server}${withKey(path, key)}`, { ...BASE, retries });
      same(res.status, status, `${path} retries ${retries}: status`);
      same((await counted(env, key)).count, sent, `${path} retries ${retries}: requests sent`);
    }
  },
};

const OPAQUE_REASON =
  "a browser's fetch under redirect 'manual' answers every redirect opaque (status 0, no Location), so no redirect can be followed or judged; the layer says so";

async function opaqueRedirect(env: NetContractEnv, to: string): Promise<void> {
  const url = `${env.server}/redirect?to=${encodeURIComponent(to)}`;
  const e = await netError(env.client().get(url, BASE), `redirect to ${to}`);
  same([e.kind, e.details.reason], ['redirect', 'opaque'], 'kind, reason');
  check(
    /answered with a redirect, and the browser does not say where it leads/.test(e.message),
    `message "${e.message}"`,
  );
}

const sameOriginRedirect: NetContractCase = {
  name: 'a same-origin redirect is followed (a POST only through 307/308), up to the limit',
  async run(env) {
    const client = env.client();
    const res = await client.get(`${env.server}/redirect?to=${encodeURIComponent('/ok')}`, BASE);
    same([res.status, text(res), res.url], [200, 'ok', `${env.server}/ok`], 'followed');
    const twice = `${env.server}/redirect?to=${encodeURIComponent(`/redirect?to=${encodeURIComponent('/ok')}`)}`;
    const tooMany = await netError(client.get(twice, { ...BASE, maxRedirects: 1 }), 'two redirects, one allowed');
    same([tooMany.kind, tooMany.details.reason], ['redirect', 'too-many'], 'too many: kind, reason');
    const kept = await client.post(
      `${env.server}/redirect?code=307&to=${encodeURIComponent('/echo')}`,
      '{"a":1}',
      BASE,
    );
    same((JSON.parse(text(kept)) as { method: string; body: string }).body, '{"a":1}', 'a 307 keeps the POST body');
    const to303 = `${env.server}/redirect?code=303&to=${encodeURIComponent('/echo')}`;
    const changed = await netError(client.post(to303, '{}', BASE), 'a 303 to a POST');
    same([changed.kind, changed.details.reason], ['redirect', 'method-change'], '303: kind, reason');
  },
  inBrowser: { reason: OPAQUE_REASON, run: env => opaqueRedirect(env, '/ok') },
};

const otherOriginRedirect: NetContractCase = {
  name: 'a redirect to another origin is refused, naming it',
  async run(env) {
    const url = `${env.server}/redirect?to=${encodeURIComponent('http://other.invalid/ok')}`;
    const e = await netError(env.client().get(url, BASE), 'redirect to another origin');
    same(
      [e.kind, e.details.reason, e.details.targetOrigin],
      ['redirect', 'other-origin', 'http://other.invalid'],
      'error',
    );
    same(e.message, 'a redirect to another origin (http://other.invalid); not followed', 'message');
  },
  inBrowser: { reason: OPAQUE_REASON, run: env => opaqueRedirect(env, 'http://other.invalid/ok') },
};

async function closedOrigin(env: NetContractEnv): Promise<string> {
  const res = await env.client().get(`${env.server}/__closed`, BASE);
  return (JSON.parse(text(res)) as { origin: string }).origin;
}

const refused: NetContractCase = {
  name: 'a refused connection (a closed port) is a network NetError that says so',
  async run(env) {
    const origin = await closedOrigin(env);
    const host = new URL(origin).host;
    const e = await netError(env.client().get(`${origin}/ok`, BASE), 'closed port');
    same([e.kind, e.details.reason], ['network', 'refused'], 'kind, reason');
    same(e.message, `connection refused by ${host}`, 'message');
    same(
      describeNetFailure(e, 'the mirror node'),
      `cannot reach the mirror node at ${host}: connection refused`,
      'words',
    );
  },
  inBrowser: {
    reason:
      "a browser's fetch rejects with one TypeError for a refused connection, an unknown host, a TLS failure and a CORS refusal alike",
    async run(env) {
      const origin = await closedOrigin(env);
      const e = await netError(env.client().get(`${origin}/ok`, BASE), 'closed port');
      same([e.kind, e.details.reason], ['network', 'undisclosed'], 'kind, reason');
      check(e.message.includes('the browser does not say whether it was refused'), `message "${e.message}"`);
      check(e.message.includes(`${origin} did not allow this page's origin (CORS)`), `message names ${origin}`);
      check(describeNetFailure(e, 'the mirror node').includes('the browser does not say'), 'words');
    },
  },
};

const postRules: NetContractCase = {
  name: 'a POST sends its body; it is sent again after a 503 or a 429, never after a timeout or another 5xx',
  async run(env) {
    const client = env.client();
    const body = '{"method":"eth_call","params":["ħ"]}';
    const echoed = JSON.parse(text(await client.post(`${env.server}/echo`, body, BASE))) as {
      method: string;
      body: string;
      headers: Record<string, string>;
    };
    same([echoed.method, echoed.body, echoed.headers['content-type']], ['POST', body, 'application/json'], 'echo');
    const rules: readonly [string, Partial<GetOptions>, number | string, number][] = [
      // path, options, final status (or the error's kind), requests sent
      ['/status/503?times=1', { retries: 1 }, 200, 2],
      ['/429?times=1&retry-after=0', {}, 200, 2],
      ['/status/500?times=1', { retries: 3 }, 500, 1],
      ['/slow-headers?ms=4000', { retries: 3, timeoutMs: 300 }, 'timeout', 1],
    ];
    for (const [path, options, outcome, sent] of rules) {
      const key = uniqueKey('post');
      const sending = client.post(`${env.server}${withKey(path, key)}`, body, { ...BASE, ...options });
      if (typeof outcome === 'number') {
        const res = await sending;
        same(res.status, outcome, `${path}: status`);
        if (outcome === 200)
          same((JSON.parse(text(res)) as { body: string }).body, body, `${path}: the body sent again`);
      } else {
        same((await netError(sending, path)).kind, outcome, `${path}: kind`);
      }
      same((await counted(env, key)).count, sent, `${path}: requests sent`);
    }
  },
};

const requestHeaders: NetContractCase = {
  name: 'Accept is as asked; User-Agent and Accept-Encoding are the layer’s own only with undici',
  async run(env) {
    const client = env.client();
    const headersOf = async (accept?: string): Promise<Record<string, string | undefined>> => {
      const res = await client.get(`${env.server}/echo`, { ...BASE, ...(accept ? { accept } : {}) });
      return (JSON.parse(text(res)) as { headers: Record<string, string | undefined> }).headers;
    };
    const sent = await headersOf();
    same(sent['accept'], 'application/json', 'default Accept');
    same((await headersOf('text/plain'))['accept'], 'text/plain', 'Accept asked');
    if (env.transport === 'undici') {
      same(
        [sent['user-agent'], sent['accept-encoding']],
        [client.userAgent, 'gzip, br'],
        'undici: User-Agent, Accept-Encoding',
      );
    } else {
      // The platform's own (a browser refuses to let a page set either).
      check(!String(sent['user-agent']).startsWith('LedgerLens/'), `fetch: User-Agent "${String(sent['user-agent'])}"`);
      check(sent['accept-encoding'] !== 'gzip, br', 'fetch: Accept-Encoding is the platform’s');
    }
  },
};

const budget: NetContractCase = {
  name: 'the per-origin budget: 10 requests at 5 per second go 5 at once, then one per 200 ms in order',
  async run(env) {
    const client = env.client({ budgets: new RequestBudgets({ rateFor: () => 5 }) });
    const key = uniqueKey('budget');
    const started = Date.now();
    const sending = Array.from({ length: 10 }, (_, i) =>
      client.get(`${env.server}${withKey(`/ok?id=${i}`, key)}`, BASE),
    );
    same(client.budgets.state(env.server).queued.interactive, 5, 'requests waiting for a token at once');
    const answers = await Promise.all(sending);
    const elapsed = Date.now() - started;
    same(
      answers.map(r => r.status),
      Array.from({ length: 10 }, () => 200),
      'statuses',
    );
    const seen = await counted(env, key);
    same(seen.count, 10, 'requests sent');
    same([...seen.ids.slice(0, 5)].sort(), ['0', '1', '2', '3', '4'], 'the burst');
    same(seen.ids.slice(5), ['5', '6', '7', '8', '9'], 'the rest, in the order asked');
    // Bounds, not a median: the 10th token exists 1 s after the first; 6 s means the queue stalled.
    check(elapsed >= 950, `10 requests at 5/s took ${elapsed} ms, under the 1 s the rate allows`);
    check(elapsed < 6000, `10 requests at 5/s took ${elapsed} ms`);
  },
};

const concurrent: NetContractCase = {
  name: 'concurrent requests on one origin overlap, and each gets its own answer',
  async run(env) {
    const client = env.client();
    const key = uniqueKey('concurrent');
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    const answers = await Promise.all(
      ids.map(id => client.get(`${env.server}${withKey(`/concurrent?id=${id}&ms=300`, key)}`, BASE)),
    );
    same(
      answers.map(r => (JSON.parse(text(r)) as { id: string }).id),
      ids,
      'each answer is its own request’s',
    );
    const seen = await counted(env, key);
    same(seen.count, ids.length, 'requests sent');
    check(seen.maxInFlight >= 2, `at most ${seen.maxInFlight} request(s) in flight at once`);
  },
};

const streamed: NetContractCase = {
  name: 'a streamed body goes to onBodyChunk as Uint8Array chunks, under the cap, and is not kept',
  async run(env) {
    const client = env.client();
    let handed = 0;
    let allPlain = true;
    const res = await client.get(`${env.server}/big?bytes=50000&chunked=1`, {
      ...BASE,
      onBodyChunk: chunk => {
        handed += chunk.length;
        allPlain &&= Object.getPrototypeOf(chunk) === Uint8Array.prototype;
      },
    });
    same([res.status, res.body.length, handed], [200, 0, 50_000], 'status, kept, handed');
    check(allPlain, 'every chunk is a plain Uint8Array');
    const over = client.get(`${env.server}/big?bytes=50000&chunked=1`, {
      ...BASE,
      maxBodyBytes: 20_000,
      onBodyChunk: () => undefined,
    });
    same((await netError(over, 'streamed over the cap')).kind, 'too-large', 'over the cap');
  },
};

export const NET_CONTRACT_CASES: readonly NetContractCase[] = [
  plainGet,
  jsonBody,
  gzipBody,
  sizeCap,
  attemptTimeout,
  totalTimeout,
  cancellation,
  retryAfterThenSuccess,
  lasting429,
  serverErrors,
  sameOriginRedirect,
  otherOriginRedirect,
  refused,
  postRules,
  requestHeaders,
  budget,
  concurrent,
  streamed,
];
