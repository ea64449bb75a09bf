// The Statuspage v2 client: four GET documents, each checked by its schema, fetched through the
// shared HTTP layer (src/net: timeouts, size cap, same-origin redirects, compression, proxy, the
// per-origin budget). A client belongs to one status URL and is disposed (cancelling its requests)
// when the URL changes.
import { statusPhrase } from '../net/statusPhrases';
import * as z from '../zod';
import { trimTrailing } from '../util/trim';
import {
  HttpClient,
  NetError,
  bodyText,
  describeNetFailure,
  lifetimeController,
  linkSignals,
  type Priority,
} from '../net';
import { maintenancesSchema, summarySchema, type Maintenances, type Summary } from './schemas';

export interface StatusClientOptions {
  /** The status page origin (optionally with a path prefix), e.g. `https://status.hedera.com`. */
  readonly baseUrl: string;
  /** Budget for one whole request: connect, headers and body. Default 10 s. */
  readonly timeoutMs?: number;
  /** Largest body accepted; a bigger one is refused unread. Default 4 MiB. */
  readonly maxBodyBytes?: number;
  /** The extension's shared HTTP layer; without it the client makes a private one. */
  readonly http?: HttpClient;
}

export interface RequestOpts {
  readonly signal?: AbortSignal;
  /** Where the request queues in the origin's budget. Default `background` (the poller). */
  readonly priority?: Priority;
}

export interface StatusClient {
  readonly baseUrl: string;
  /** Components, unresolved incidents, upcoming and in-progress maintenances, page indicator. */
  summary(opts?: RequestOpts): Promise<Summary>;
  upcoming(opts?: RequestOpts): Promise<Maintenances>;
  active(opts?: RequestOpts): Promise<Maintenances>;
  /** Every scheduled maintenance the page lists, past ones included. */
  allMaintenances(opts?: RequestOpts): Promise<Maintenances>;
  /** Cancels every request in flight; later calls reject. */
  dispose(): void;
}

export type StatusErrorKind =
  | 'http' // the page answered with a status other than 2xx
  | 'network' // no answer: refused, DNS, reset, TLS
  | 'timeout'
  | 'aborted' // the caller's signal, or the client was disposed
  | 'invalid' // not JSON, or not the document we expected
  | 'too-large'
  | 'redirect'; // to another origin, or too many

export class StatusError extends Error {
  override readonly name = 'StatusError';
  constructor(
    readonly kind: StatusErrorKind,
    message: string,
    readonly url: string,
    /** The HTTP status, for `http` errors. */
    readonly status?: number,
  ) {
    super(message);
  }
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
const MAX_REDIRECTS = 3;

const PATHS = {
  summary: '/api/v2/summary.json',
  upcoming: '/api/v2/scheduled-maintenances/upcoming.json',
  active: '/api/v2/scheduled-maintenances/active.json',
  all: '/api/v2/scheduled-maintenances.json',
} as const;

export function createStatusClient(options: StatusClientOptions): StatusClient {
  return new HttpStatusClient(options);
}

class HttpStatusClient implements StatusClient {
  readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly maxBodyBytes: number;
  private readonly http: HttpClient;
  private readonly ownsHttp: boolean;
  private readonly lifetime = lifetimeController();

  constructor(options: StatusClientOptions) {
    const base = new URL(options.baseUrl);
    if (base.protocol !== 'https:' && base.protocol !== 'http:') {
      throw new StatusError('invalid', `status page URL must be http or https: ${options.baseUrl}`, options.baseUrl);
    }
    this.baseUrl = trimTrailing(base.origin + base.pathname, '/');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.ownsHttp = !options.http;
    this.http = options.http ?? new HttpClient({ connections: 2 });
  }

  summary(opts?: RequestOpts): Promise<Summary> {
    return this.get(PATHS.summary, summarySchema, 'summary', opts);
  }
  upcoming(opts?: RequestOpts): Promise<Maintenances> {
    return this.get(PATHS.upcoming, maintenancesSchema, 'upcoming maintenances', opts);
  }
  active(opts?: RequestOpts): Promise<Maintenances> {
    return this.get(PATHS.active, maintenancesSchema, 'active maintenances', opts);
  }
  allMaintenances(opts?: RequestOpts): Promise<Maintenances> {
    return this.get(PATHS.all, maintenancesSchema, 'scheduled maintenances', opts);
  }

  dispose(): void {
    if (this.lifetime.signal.aborted) return;
    this.lifetime.abort();
    if (this.ownsHttp) this.http.close();
  }

  private async get<S extends z.core.$ZodType>(
    path: string,
    schema: S,
    what: string,
    opts?: RequestOpts,
  ): Promise<z.output<S>> {
    const body = await this.fetchJson(this.baseUrl + path, opts);
    const parsed = z.safeParse(schema, body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      throw new StatusError(
        'invalid',
        `status page sent an unexpected ${what} document (${where}${issue?.message ?? 'invalid'})`,
        this.baseUrl + path,
      );
    }
    return parsed.data;
  }

  private async fetchJson(url: string, opts: RequestOpts | undefined): Promise<unknown> {
    const callerSignal = opts?.signal;
    if (callerSignal?.aborted || this.lifetime.signal.aborted) {
      throw new StatusError('aborted', 'status request cancelled', url);
    }
    const linked = linkSignals([callerSignal, this.lifetime.signal]);
    const signal = linked.signal;
    let res;
    try {
      res = await this.http.get(url, {
        signal,
        priority: opts?.priority ?? 'background',
        timeoutMs: this.timeoutMs,
        // One budget for the whole request, redirects included, as the page is polled.
        totalTimeoutMs: this.timeoutMs,
        maxBodyBytes: this.maxBodyBytes,
        maxRedirects: MAX_REDIRECTS,
        // The poller backs off on its own: one attempt, and a 429 is answered at once (the origin
        // still waits out its Retry-After for every caller).
        retries: 0,
        maxRetryAfterMs: 0,
      });
    } catch (e) {
      throw statusError(e, url);
    } finally {
      linked.dispose();
    }
    const status = res.status;
    const text = bodyText(res.body);
    if (status < 200 || status >= 300) {
      throw new StatusError('http', `status page answered HTTP ${status}${reasonOf(status, text)}`, res.url, status);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new StatusError('invalid', 'status page sent a body that is not JSON', res.url);
    }
  }
}

// A short reason from an error body: Statuspage error pages are HTML, so only a plain JSON
// `error`/`message` string is quoted, never markup.
function reasonOf(status: number, body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object') {
      const o = parsed as Record<string, unknown>;
      const msg =
        typeof o['error'] === 'string' ? o['error'] : typeof o['message'] === 'string' ? o['message'] : undefined;
      if (msg) return `: ${msg.slice(0, 200)}`;
    }
  } catch {
    // not JSON: fall through to the standard phrase
  }
  const phrase = statusPhrase(status);
  return phrase ? ` (${phrase})` : '';
}

/** The layer's NetError in the status page's words (the NetError kept as `cause`). */
function statusError(e: unknown, url: string): StatusError {
  if (!(e instanceof NetError)) return new StatusError('network', `cannot reach status page: ${String(e)}`, url);
  const at = e.url || url;
  const d = e.details;
  const out = ((): StatusError => {
    switch (e.kind) {
      case 'aborted':
        return new StatusError('aborted', 'status request cancelled', at);
      case 'timeout':
        return new StatusError('timeout', describeNetFailure(e, 'status page'), at);
      case 'too-large':
        return new StatusError('too-large', `status page sent more than ${d.limit ?? 0} bytes; refused`, at);
      case 'decode':
        return new StatusError('invalid', `status page sent a body that cannot be read (${e.message})`, at);
      case 'redirect':
        return redirectError(e, at);
      case 'network':
        return new StatusError('network', describeNetFailure(e, 'status page'), at);
    }
  })();
  Object.defineProperty(out, 'cause', { value: e, enumerable: false });
  return out;
}

function redirectError(e: NetError, url: string): StatusError {
  const status = e.status;
  switch (e.details.reason) {
    case 'no-location':
      return new StatusError('http', `status page answered HTTP ${status} without a Location`, url, status);
    case 'other-origin':
      return new StatusError(
        'redirect',
        `status page redirected to another origin (${e.details.targetOrigin ?? '?'}); not followed`,
        url,
        status,
      );
    case 'too-many':
      return new StatusError('redirect', 'status page redirected too many times', url, status);
    case 'opaque':
      return new StatusError(
        'redirect',
        'status page answered with a redirect, and the browser does not say where it leads; not followed',
        url,
        status,
      );
    default:
      return new StatusError('redirect', 'status page redirected to an invalid URL', url, status);
  }
}
