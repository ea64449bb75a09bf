// The one HTTP layer every client uses (mirror node, status page): a keep-alive pool honouring the
// proxy settings, the shared per-origin request budget, timeouts for connect, headers and body, a
// size cap applied to the decompressed body while it streams, same-origin redirects only, bounded
// retries with full jitter on 5xx and connection failures, 429 honoured through Retry-After and a
// growing back-off (the whole origin waits), and an AbortSignal that tears down the socket. POST
// (post.ts) shares all of it but what may be sent again.
//
// Two transports under the one loop: undici (Node; loaded with the first request) and the
// platform's fetch (a browser, where undici cannot run): the same budget, timeouts, cancellation,
// size cap, 429 waits and retries around each attempt. What fetch cannot do there is said where it
// happens (hostFetch.ts): a redirect arrives opaque, and a failure to connect does not say which.
import { readBody, request, type Dispatcher } from './undici';
import { RequestBudgets, isLoopbackHost, type PriorityInput } from './budget';
import { ACCEPT_ENCODING, bodySink, tooLarge } from './body';
import { NetError, fromSocketError } from './errors';
import { fetchFailure, fetchOnce, globalFetch, type FetchLike } from './hostFetch';
import { ThrottleWaits, aborted, backoffMs, redirectTarget, sleep, timedOut } from './loopRules';
import { postLoop, type PostChannel, type PostOptions, type RequestBody } from './post';
import { createDispatcher, decideProxy, type ProxyConfig } from './proxy';
import { lifetimeController, linkSignals } from './signals';
import { userAgent } from './userAgent';
import { platform, processEnv } from '../util/platform';

export { parseRetryAfter, retryAfterMs, sleep } from './loopRules';

export interface HttpClientOptions {
  /** The budgets to take from; share one instance between clients. Default: a private one. */
  readonly budgets?: RequestBudgets;
  readonly proxy?: ProxyConfig;
  /** Version in `User-Agent: LedgerLens/<version>`; default the version this build shipped as. */
  readonly version?: string;
  /** Connections kept per origin. Default 16. */
  readonly connections?: number;
  /** The environment read for HTTPS_PROXY and friends (tests pass their own); default the process's. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * The host's `fetch` (in VS Code: VS Code's network stack, which applies the operating system's
   * proxy, PAC included). Used for a public origin that a direct connection could not reach (refused,
   * or its name not found) while no proxy is configured, and for that origin from then on. A getter:
   * read on the first such failure, never at start-up.
   */
  readonly hostFetch?: () => FetchLike | undefined;
  /** Called once per origin when it starts going through `hostFetch`. */
  readonly onThroughHost?: (origin: string) => void;
  /**
   * How every attempt is made: `undici` (Node: proxies, compression, the keep-alive pool) or `fetch`
   * (`fetch` below, else the global one; a browser). Default: the platform's (util/platform.ts), so
   * every client the extension makes follows the host it runs in. With `fetch`, the platform sets
   * `User-Agent` and `Accept-Encoding` and decodes the body; the proxy options and `hostFetch` do
   * not apply (the platform's fetch already goes through the platform's proxy).
   */
  readonly transport?: 'undici' | 'fetch';
  /** The `fetch` of the `fetch` transport; default `globalThis.fetch`, read at the first request. */
  readonly fetch?: FetchLike;
}

/** What a GET and a POST both take (post.ts adds its body's type; they differ in what is retried). */
export interface RequestOptionsBase {
  readonly signal?: AbortSignal;
  readonly priority?: PriorityInput;
  /** Per attempt: connect, headers and the whole body. */
  readonly timeoutMs: number;
  /** Over every attempt, redirect and wait together; none by default. */
  readonly totalTimeoutMs?: number;
  /** Largest body, counted after decompression. */
  readonly maxBodyBytes: number;
  /** Base of the full-jitter exponential backoff. Default 200 ms. */
  readonly retryBaseMs?: number;
  /** Longest total wait 429s may impose; beyond it the 429 is the answer. Default 30 s; 0 never waits. */
  readonly maxRetryAfterMs?: number;
  /** Same-origin redirects followed. Default 3. */
  readonly maxRedirects?: number;
  readonly accept?: string;
}

export interface GetOptions extends RequestOptionsBase {
  /** Extra attempts after a 5xx or a connection failure (not after a timeout). Default 0. */
  readonly retries?: number;
  /**
   * Streams a 2xx body: its decoded chunks go here as they arrive, are not kept (the response's
   * body is empty), and still count against `maxBodyBytes`. What it throws ends the body (the
   * connection closes) and rejects `get` with that error. Such a request is not retried after a
   * connection failure, as its chunks may have been handed over. Other statuses are read whole.
   */
  readonly onBodyChunk?: (chunk: Uint8Array) => void;
}

/** What one attempt reads of the options (GET's and POST's alike). */
type AttemptOptions = Pick<GetOptions, 'timeoutMs' | 'maxBodyBytes' | 'accept' | 'onBodyChunk'>;

export interface HttpResponse {
  readonly url: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The decoded bytes (bodyText reads them as UTF-8); empty for a streamed body or a redirect. */
  readonly body: Uint8Array;
  /** Epoch ms when the response headers arrived. */
  readonly fetchedAt: number;
}

export class HttpClient {
  readonly budgets: RequestBudgets;
  readonly userAgent: string;
  /** Made on the first request (undici loads then, not at activation); undefined again after setProxy. */
  private pool: Dispatcher | undefined;
  private proxy: ProxyConfig | undefined;
  private readonly ownsBudgets: boolean;
  private readonly connections: number;
  private readonly env: Readonly<Record<string, string | undefined>> | undefined;
  private readonly hostFetch: (() => FetchLike | undefined) | undefined;
  /** Origins that answered through the host's fetch after a direct connection failed. */
  private readonly viaHost = new Set<string>();
  private readonly onThroughHost: ((origin: string) => void) | undefined;
  private readonly lifetime = lifetimeController();
  /** Set for the `fetch` transport: the fetch every attempt goes through (read on first use). */
  private readonly platformFetch: (() => FetchLike | undefined) | undefined;

  constructor(options: HttpClientOptions = {}) {
    this.ownsBudgets = !options.budgets;
    this.budgets = options.budgets ?? new RequestBudgets();
    this.userAgent = userAgent(options.version);
    this.connections = options.connections ?? 16;
    this.env = options.env;
    this.proxy = options.proxy;
    this.hostFetch = options.hostFetch;
    this.onThroughHost = options.onThroughHost;
    const given = options.fetch;
    const transport = options.transport ?? platform().transport;
    this.platformFetch = transport === 'fetch' ? () => given ?? globalFetch() : undefined;
  }

  /** How attempts are made (HttpClientOptions.transport). */
  get transport(): 'undici' | 'fetch' {
    return this.platformFetch ? 'fetch' : 'undici';
  }

  /** The origins that go through the host's fetch (see `hostFetch`), in the order they started to. */
  get throughHost(): readonly string[] {
    return [...this.viaHost];
  }

  /**
   * Takes new proxy settings: later requests use a new pool; requests under way finish on the old
   * one, which then closes.
   */
  setProxy(proxy: ProxyConfig | undefined): void {
    if (this.closed) return;
    const old = this.pool;
    this.proxy = proxy;
    this.pool = undefined;
    this.viaHost.clear();
    old?.close().catch(() => undefined);
  }

  /** The proxy URLs in effect, to tell a proxy's failure from the server's. */
  private proxies(): string[] {
    const d = decideProxy(this.proxy, this.env ?? processEnv());
    return [d?.httpProxy, d?.httpsProxy].filter((p): p is string => p !== undefined);
  }

  private get dispatcher(): Dispatcher {
    this.pool ??= createDispatcher(
      this.proxy,
      {
        keepAliveTimeout: 30_000,
        keepAliveMaxTimeout: 120_000,
        connections: this.connections,
        connect: { timeout: 30_000 },
      },
      this.env ?? processEnv(),
    );
    return this.pool;
  }

  get closed(): boolean {
    return this.lifetime.signal.aborted;
  }

  /**
   * GETs `url`, taking a token of its origin's budget before every attempt, and resolves with the
   * final response whatever its status (after retries, redirects and 429 waits). Rejects with a
   * NetError.
   */
  get(url: string, options: GetOptions): Promise<HttpResponse> {
    return this.run(url, options, signal => this.loop(url, options, signal));
  }

  /**
   * POSTs `body` (JSON unless `contentType` says otherwise) to `url` under the same budget,
   * timeouts, size cap and cancellation as `get`; sent again only where post.ts allows (a 429, a
   * 503, or a connection that never opened). Resolves with the final response whatever its
   * status; rejects with a NetError.
   */
  post(url: string, body: string, options: PostOptions): Promise<HttpResponse> {
    const send: RequestBody = { method: 'POST', body, contentType: options.contentType ?? 'application/json' };
    const channel: PostChannel = {
      budgets: this.budgets,
      isClosed: () => this.closed,
      send: (current, signal) => this.once(current, options, signal, send),
    };
    return this.run(url, options, signal => postLoop(channel, url, options, signal));
  }

  /** Runs a request loop under the client's lifetime, the caller's signal and the total timeout. */
  private async run(
    url: string,
    options: { readonly signal?: AbortSignal; readonly totalTimeoutMs?: number },
    loop: (signal: AbortSignal) => Promise<HttpResponse>,
  ): Promise<HttpResponse> {
    const linked = linkSignals([this.lifetime.signal, options.signal], options.totalTimeoutMs);
    try {
      return await loop(linked.signal);
    } catch (error) {
      if (linked.timedOut && !options.signal?.aborted && !this.closed) {
        throw timedOut(url, options.totalTimeoutMs ?? 0);
      }
      if (error instanceof NetError && error.kind === 'aborted' && this.closed) {
        throw new NetError('aborted', error.url, 'The request was cancelled', { closed: true });
      }
      throw error;
    } finally {
      linked.dispose();
    }
  }

  /** Cancels every request in flight (and queued) of this client and closes its connections. */
  close(): void {
    if (this.closed) return;
    this.lifetime.abort();
    if (this.ownsBudgets) this.budgets.dispose();
    // destroy() (not close()) so that requests still waiting on a slow server end now.
    this.pool?.destroy().catch(() => undefined);
  }

  private async loop(url: string, options: GetOptions, signal: AbortSignal): Promise<HttpResponse> {
    const retries = options.retries ?? 0;
    const maxRedirects = options.maxRedirects ?? 3;
    const origin = new URL(url).origin;
    const throttle = new ThrottleWaits(options.maxRetryAfterMs ?? 30_000);
    let attempt = 0;
    let redirects = 0;
    let current = url;
    for (;;) {
      if (signal.aborted) throw aborted(current, this.closed);
      const budget = this.budgets.forOrigin(current);
      try {
        await budget.acquire(options.priority ?? 'interactive', signal);
      } catch (error) {
        throw error instanceof NetError ? aborted(current, this.closed) : error;
      }
      let response: HttpResponse;
      try {
        response = await this.once(current, options, signal);
      } catch (error) {
        if (error instanceof NetError && error.kind === 'network' && attempt < retries && !options.onBodyChunk) {
          attempt++;
          await sleep(backoffMs(attempt, options.retryBaseMs), signal, current);
          continue;
        }
        throw error;
      }
      const { status } = response;
      if (status >= 300 && status < 400 && status !== 304) {
        current = redirectTarget(current, origin, response, ++redirects > maxRedirects);
        continue;
      }
      if (status === 429) {
        if (throttle.retry(response, budget)) continue; // the next acquire waits out the hold
        return response;
      }
      budget.answered();
      if (status >= 500 && attempt < retries) {
        attempt++;
        await sleep(backoffMs(attempt, options.retryBaseMs), signal, current);
        continue;
      }
      return response;
    }
  }

  /**
   * One attempt: through the platform's fetch (the `fetch` transport), else direct (or through the
   * configured proxy), else through the host's fetch.
   */
  private async once(
    url: string,
    options: AttemptOptions,
    outer: AbortSignal,
    send?: RequestBody,
  ): Promise<HttpResponse> {
    if (this.platformFetch) {
      const platform = this.platformFetch();
      if (!platform) throw new NetError('network', url, 'cannot reach the network: this platform has no fetch');
      return this.attemptViaFetch(platform, url, options, outer, send, false);
    }
    const origin = new URL(url).origin;
    const host = this.viaHost.has(origin) ? this.hostFetch?.() : undefined;
    if (host) return this.attemptViaFetch(host, url, options, outer, send, true);
    try {
      return await this.attempt(url, options, outer, send);
    } catch (error) {
      const fallback = this.fallbackFor(url, error);
      if (!fallback || outer.aborted) throw error;
      try {
        // Only after a refused connection or an unknown name: nothing of a POST was sent yet.
        const response = await this.attemptViaFetch(fallback, url, options, outer, send, true);
        if (!this.viaHost.has(origin)) {
          this.viaHost.add(origin);
          this.onThroughHost?.(origin);
        }
        return response;
      } catch (second) {
        // Neither way connected: the direct failure says more (the machine's own connection). A
        // second way that got further (a timeout, a body too large, a cancellation) is the answer.
        throw second instanceof NetError && second.kind === 'network' ? error : second;
      }
    }
  }

  /** The host's fetch, when a failed direct attempt at `url` should be made again through it. */
  private fallbackFor(url: string, error: unknown): FetchLike | undefined {
    if (!(error instanceof NetError) || error.kind !== 'network') return undefined;
    // Not a reset: a busy server (or a kept-alive socket it closed) resets too, and the origin
    // would leave its kept-alive pool for the session for no proxy at all.
    const reason = error.details.reason;
    if (reason !== 'refused' && reason !== 'dns') return undefined;
    if (this.proxy?.support === 'off' || this.proxies().length > 0) return undefined;
    if (isLoopbackHost(new URL(url).hostname)) return undefined;
    return this.hostFetch?.();
  }

  /**
   * One attempt through a fetch: the host's (`withUserAgent`: Node lets us name ourselves) or the
   * platform's (a browser sets User-Agent itself and refuses ours).
   */
  private async attemptViaFetch(
    fetchImpl: FetchLike,
    url: string,
    options: AttemptOptions,
    outer: AbortSignal,
    send: RequestBody | undefined,
    withUserAgent: boolean,
  ): Promise<HttpResponse> {
    const { timeoutMs } = options;
    const attempt = linkSignals([outer], timeoutMs);
    // fetchOnce streams 2xx bodies only; the sink tells what it threw from the socket's failures.
    const sink = bodySink(options.onBodyChunk, 200);
    try {
      return await fetchOnce(fetchImpl, url, {
        headers: {
          accept: options.accept ?? 'application/json',
          ...(withUserAgent ? { 'user-agent': this.userAgent } : {}),
          ...(send ? { 'content-type': send.contentType } : {}),
        },
        ...(send ? { method: send.method, body: send.body } : {}),
        signal: attempt.signal,
        maxBodyBytes: options.maxBodyBytes,
        ...(sink.push ? { onBodyChunk: sink.push } : {}),
      });
    } catch (error) {
      if (sink.threw(error) || error instanceof NetError) throw error;
      if (outer.aborted) throw aborted(url, this.closed);
      if (attempt.timedOut) throw timedOut(url, timeoutMs, error);
      throw fetchFailure(error, url, timeoutMs);
    } finally {
      attempt.dispose();
    }
  }

  private async attempt(
    url: string,
    options: AttemptOptions,
    outer: AbortSignal,
    send?: RequestBody,
  ): Promise<HttpResponse> {
    const { timeoutMs } = options;
    const attempt = linkSignals([outer], timeoutMs);
    const signal = attempt.signal;
    let sink: ReturnType<typeof bodySink> | undefined;
    try {
      const res = await request(url, {
        method: send?.method ?? 'GET',
        ...(send ? { body: send.body } : {}),
        dispatcher: this.dispatcher,
        signal,
        headers: {
          accept: options.accept ?? 'application/json',
          'accept-encoding': ACCEPT_ENCODING,
          'user-agent': this.userAgent,
          ...(send ? { 'content-type': send.contentType } : {}),
        },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const fetchedAt = Date.now();
      const status = res.statusCode;
      if (status >= 300 && status < 400) {
        res.body.on('error', () => undefined);
        res.body.resume();
        return { url, status, headers: res.headers, body: new Uint8Array(0), fetchedAt };
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBodyBytes) {
        res.body.on('error', () => undefined);
        res.body.destroy();
        throw tooLarge(url, status, options.maxBodyBytes);
      }
      sink = bodySink(options.onBodyChunk, status);
      const encoding = res.headers['content-encoding'];
      const body = await readBody(res.body, encoding, options.maxBodyBytes, url, status, sink.push);
      return { url, status, headers: res.headers, body, fetchedAt };
    } catch (error) {
      if (sink?.threw(error) || error instanceof NetError) throw error;
      if (outer.aborted) throw aborted(url, this.closed);
      if (attempt.timedOut) throw timedOut(url, timeoutMs, error);
      throw fromSocketError(error, url, timeoutMs, this.proxies());
    } finally {
      attempt.dispose();
    }
  }
}
