// The Statuspage v2 client: four GET documents, each checked by its schema. One keep-alive agent per
// client; a client belongs to one status URL and is disposed (cancelling its requests) when the URL
// changes.
import { STATUS_CODES } from 'http';
import { Agent, request } from 'undici';
import type { z } from 'zod';
import { maintenancesSchema, summarySchema, type Maintenances, type Summary } from './schemas';

export interface StatusClientOptions {
  /** The status page origin (optionally with a path prefix), e.g. `https://status.hedera.com`. */
  readonly baseUrl: string;
  /** Budget for one whole request: connect, headers and body. Default 10 s. */
  readonly timeoutMs?: number;
  /** Largest body accepted; a bigger one is refused unread. Default 4 MiB. */
  readonly maxBodyBytes?: number;
}

export interface RequestOpts {
  readonly signal?: AbortSignal;
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
  private readonly agent: Agent;
  private readonly lifetime = new AbortController();

  constructor(options: StatusClientOptions) {
    const base = new URL(options.baseUrl);
    if (base.protocol !== 'https:' && base.protocol !== 'http:') {
      throw new StatusError('invalid', `status page URL must be http or https: ${options.baseUrl}`, options.baseUrl);
    }
    this.baseUrl = (base.origin + base.pathname).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.agent = new Agent({
      connect: { timeout: this.timeoutMs },
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
      keepAliveTimeout: 30_000,
      connections: 2,
    });
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
    // destroy, not close: close would wait for requests that nobody is waiting for any more.
    this.agent.destroy().catch(() => undefined);
  }

  private async get<S extends z.ZodType>(
    path: string,
    schema: S,
    what: string,
    opts?: RequestOpts,
  ): Promise<z.output<S>> {
    const body = await this.fetchJson(this.baseUrl + path, opts?.signal);
    const parsed = schema.safeParse(body);
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

  private async fetchJson(firstUrl: string, callerSignal: AbortSignal | undefined): Promise<unknown> {
    const origin = new URL(firstUrl).origin;
    const deadline = AbortSignal.timeout(this.timeoutMs);
    const signals = [this.lifetime.signal, deadline];
    if (callerSignal) signals.push(callerSignal);
    const signal = AbortSignal.any(signals);

    let url = firstUrl;
    for (let hop = 0; ; hop++) {
      const stopped = (): StatusError | undefined => {
        if (callerSignal?.aborted || this.lifetime.signal.aborted)
          return new StatusError('aborted', 'status request cancelled', url);
        if (deadline.aborted)
          return new StatusError('timeout', `status page did not answer within ${this.timeoutMs} ms`, url);
        return undefined;
      };
      if (signal.aborted) throw stopped() ?? new StatusError('aborted', 'status request cancelled', url);

      let res: Awaited<ReturnType<typeof request>>;
      try {
        res = await request(url, {
          method: 'GET',
          dispatcher: this.agent,
          signal,
          headers: { accept: 'application/json', 'user-agent': 'ledger-lens' },
        });
      } catch (e) {
        throw stopped() ?? networkError(e, url);
      }

      const status = res.statusCode;
      if (status >= 300 && status < 400 && status !== 304) {
        res.body.resume();
        const location = headerValue(res.headers['location']);
        if (!location)
          throw new StatusError('http', `status page answered HTTP ${status} without a Location`, url, status);
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new StatusError('redirect', `status page redirected to an invalid URL`, url, status);
        }
        if (next.origin !== origin) {
          throw new StatusError(
            'redirect',
            `status page redirected to another origin (${next.origin}); not followed`,
            url,
            status,
          );
        }
        if (hop >= MAX_REDIRECTS)
          throw new StatusError('redirect', 'status page redirected too many times', url, status);
        url = next.href;
        continue;
      }

      let text: string;
      try {
        text = await this.readCapped(res, url);
      } catch (e) {
        if (e instanceof StatusError) throw e;
        throw stopped() ?? networkError(e, url);
      }
      if (status < 200 || status >= 300) {
        throw new StatusError('http', `status page answered HTTP ${status}${reasonOf(status, text)}`, url, status);
      }
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new StatusError('invalid', 'status page sent a body that is not JSON', url);
      }
    }
  }

  private async readCapped(res: Awaited<ReturnType<typeof request>>, url: string): Promise<string> {
    const declared = Number(headerValue(res.headers['content-length']));
    const tooLarge = () =>
      new StatusError('too-large', `status page sent more than ${this.maxBodyBytes} bytes; refused`, url);
    if (Number.isFinite(declared) && declared > this.maxBodyBytes) {
      res.body.destroy();
      throw tooLarge();
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      const buf = chunk as Buffer;
      size += buf.length;
      if (size > this.maxBodyBytes) {
        res.body.destroy();
        throw tooLarge();
      }
      chunks.push(buf);
    }
    return Buffer.concat(chunks, size).toString('utf8');
  }
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
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
  const phrase = STATUS_CODES[status];
  return phrase ? ` (${phrase})` : '';
}

function networkError(e: unknown, url: string): StatusError {
  const code = errorCode(e);
  const host = (() => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  })();
  const reason =
    code === 'ECONNREFUSED'
      ? `connection refused by ${host}`
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? `host ${host} not found`
        : code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT'
          ? `${host} timed out`
          : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET'
            ? `connection to ${host} was reset`
            : e instanceof Error
              ? e.message
              : String(e);
  const kind: StatusErrorKind = code?.includes('TIMEOUT') ? 'timeout' : 'network';
  return new StatusError(kind, `cannot reach status page: ${reason}`, url);
}

function errorCode(e: unknown): string | undefined {
  for (let cur: unknown = e, depth = 0; cur && typeof cur === 'object' && depth < 4; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}
