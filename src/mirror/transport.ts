// The mirror node's view of the shared HTTP layer (src/net): one GET (or one POST of a JSON body)
// with the mirror's limits, its errors turned into MirrorErrors in the mirror node's words. Timeouts, the size cap, same-origin
// redirects, retries, 429 handling, compression, the proxy and the per-origin request budget are
// done once, in src/net.
import {
  HttpClient,
  NetError,
  bodyText,
  RequestBudgets,
  describeNetFailure,
  formatBytes,
  lifetimeController,
  linkSignals,
  type HttpResponse,
  type PriorityInput,
} from '../net';
import { MirrorError } from './errors';

export { retryAfterMs, sleep } from '../net';

export interface TransportOptions {
  readonly timeoutMs: number;
  /** The rate of this transport's private budget; ignored when `http` (with its shared budgets) is given. */
  readonly maxRequestsPerSecond: number;
  readonly maxBodyBytes: number;
  /** Extra attempts after a 5xx or a connection failure. */
  readonly retries: number;
  /** Base of the exponential backoff between retries (jittered); tests shorten it. */
  readonly retryBaseMs?: number;
  /** Longest Retry-After a 429 may ask for; beyond it (or once spent in total) the 429 is the answer. */
  readonly maxRetryAfterMs?: number;
  /**
   * The extension's shared HTTP layer (budget per origin shared by every feature, proxy, User-Agent).
   * Without it the transport makes a private one limited to `maxRequestsPerSecond` on every origin.
   */
  readonly http?: HttpClient;
}

export interface TransportGetOptions {
  readonly signal?: AbortSignal;
  /** Where this request queues in its origin's budget; a getter lets a shared request be raised. */
  readonly priority?: PriorityInput;
}

/** The options GET and POST share, as the transport sets them. */
interface CommonOptions {
  readonly priority: PriorityInput;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  readonly retries: number;
  readonly retryBaseMs: number;
  readonly maxRetryAfterMs: number;
}

export interface RawResponse {
  readonly url: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
  /** Epoch ms when the response headers arrived. */
  readonly fetchedAt: number;
}

export class Transport {
  private readonly http: HttpClient;
  private readonly ownsHttp: boolean;
  private readonly lifetime = lifetimeController();

  constructor(private readonly options: TransportOptions) {
    this.ownsHttp = !options.http;
    this.http =
      options.http ??
      new HttpClient({ budgets: new RequestBudgets({ rateFor: () => options.maxRequestsPerSecond || 20 }) });
  }

  private get closed(): boolean {
    return this.lifetime.signal.aborted;
  }

  /**
   * GETs `url` through the shared layer and resolves with the final response whatever its status.
   * Rejects with a MirrorError of kind network, timeout, aborted or invalid-response.
   */
  get(url: string, signalOrOptions?: AbortSignal | TransportGetOptions): Promise<RawResponse> {
    const opts: TransportGetOptions =
      signalOrOptions instanceof AbortSignal ? { signal: signalOrOptions } : (signalOrOptions ?? {});
    return this.send(url, opts, (signal, common) => this.http.get(url, { ...common, signal }));
  }

  /**
   * POSTs the JSON `body` to `url`: sent again only after a 429 (its wait), a 503, or a connection
   * that never opened (src/net/post.ts), never once the body may have reached the server.
   */
  post(url: string, body: string, opts: TransportGetOptions = {}): Promise<RawResponse> {
    return this.send(url, opts, (signal, common) => this.http.post(url, body, { ...common, signal }));
  }

  private async send(
    url: string,
    opts: TransportGetOptions,
    run: (signal: AbortSignal, common: CommonOptions) => Promise<HttpResponse>,
  ): Promise<RawResponse> {
    if (this.closed) throw closedError(url);
    if (opts.signal?.aborted) throw abortedError(url);
    const linked = linkSignals([opts.signal, this.lifetime.signal]);
    try {
      const r = await run(linked.signal, {
        priority: opts.priority ?? 'interactive',
        timeoutMs: this.options.timeoutMs,
        maxBodyBytes: this.options.maxBodyBytes,
        retries: this.options.retries,
        retryBaseMs: this.options.retryBaseMs ?? 200,
        maxRetryAfterMs: this.options.maxRetryAfterMs ?? 30_000,
      });
      return {
        url: r.url,
        status: r.status,
        headers: r.headers,
        text: bodyText(r.body),
        fetchedAt: r.fetchedAt,
      };
    } catch (error) {
      throw this.toMirrorError(error, url);
    } finally {
      linked.dispose();
    }
  }

  close(): void {
    if (this.closed) return;
    this.lifetime.abort();
    if (this.ownsHttp) this.http.close();
  }

  private toMirrorError(error: unknown, url: string): MirrorError {
    if (!(error instanceof NetError)) {
      return new MirrorError('network', 0, [], url, `Mirror node request failed: ${String(error)}`);
    }
    const e = mirrorError(error, url, this.closed || this.http.closed);
    Object.defineProperty(e, 'cause', { value: error, enumerable: false });
    return e;
  }
}

function mirrorError(e: NetError, url: string, closed: boolean): MirrorError {
  const d = e.details;
  switch (e.kind) {
    case 'aborted':
      return closed || d.closed ? closedError(url) : abortedError(url);
    case 'timeout':
      return new MirrorError('timeout', 0, [], url, networkWords(e));
    case 'too-large':
      return new MirrorError(
        'invalid-response',
        e.status,
        [],
        url,
        `The mirror node's response is larger than ${formatBytes(d.limit ?? 0)}; it was not read`,
      );
    case 'redirect':
      return new MirrorError('invalid-response', e.status, [], url, redirectWords(e, url));
    case 'decode':
      return new MirrorError('invalid-response', e.status, [], url, `The mirror node's response: ${e.message}`);
    case 'network':
      return new MirrorError('network', 0, [], url, networkWords(e));
  }
}

function redirectWords(e: NetError, url: string): string {
  const d = e.details;
  switch (d.reason) {
    case 'other-origin':
      return `The mirror node redirected to ${describeLocation(d.location)}, another origin; redirects off ${new URL(url).origin} are not followed`;
    case 'too-many':
      return 'The mirror node redirected more than 3 times';
    case 'opaque':
      return 'The mirror node answered with a redirect, and the browser does not say where it leads; not followed';
    case 'method-change':
      return `The mirror node answered the POST with HTTP ${e.status}, a redirect to ${describeLocation(d.location)} that would turn it into a GET; not followed`;
    default:
      return `The mirror node redirected to ${describeLocation(d.location)}, which cannot be followed`;
  }
}

/** The words every client uses (src/net), with the mirror node's hint when nothing listens. */
function networkWords(e: NetError): string {
  const words = describeNetFailure(e, 'the mirror node');
  const hint = e.details.reason === 'refused' && e.details.proxy === undefined ? ' (is the mirror node running?)' : '';
  return words.charAt(0).toUpperCase() + words.slice(1) + hint;
}

function abortedError(url: string): MirrorError {
  return new MirrorError('aborted', 0, [], url, 'The request was cancelled');
}

function closedError(url: string): MirrorError {
  return new MirrorError('aborted', 0, [], url, 'the mirror client was closed');
}

function describeLocation(location: string | undefined): string {
  if (location === undefined) return 'an unstated location';
  return location.length > 200 ? location.slice(0, 200) + '…' : location;
}
