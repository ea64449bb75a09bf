// HTTP GET on undici for one mirror node origin: a keep-alive connection pool, timeouts, a body
// size cap enforced while the body streams in, no redirect to another origin, bounded retries
// with jittered backoff (5xx and connection failures), 429 honoured through Retry-After, a
// client-side rate cap, and an AbortSignal that tears down the socket read.
import { Agent, errors as undiciErrors, request } from 'undici';
import { MirrorError } from './errors';

export interface TransportOptions {
  readonly timeoutMs: number;
  readonly maxRequestsPerSecond: number;
  readonly maxBodyBytes: number;
  /** Extra attempts after a 5xx or a connection failure. */
  readonly retries: number;
  /** Base of the exponential backoff between retries (jittered); tests shorten it. */
  readonly retryBaseMs?: number;
  /** Longest Retry-After a 429 may ask for; beyond it (or once spent in total) the 429 is the answer. */
  readonly maxRetryAfterMs?: number;
}

export interface RawResponse {
  readonly url: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
  /** Epoch ms when the response headers arrived. */
  readonly fetchedAt: number;
}

const MAX_REDIRECTS = 3;
const MAX_429_ATTEMPTS = 5;

export class Transport {
  private readonly agent: Agent;
  private readonly limiter: RateLimiter;
  private readonly retryBaseMs: number;
  private readonly maxRetryAfterMs: number;
  private closed = false;

  constructor(private readonly options: TransportOptions) {
    this.agent = new Agent({
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 120_000,
      connections: 16,
      connect: { timeout: options.timeoutMs },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    this.limiter = new RateLimiter(options.maxRequestsPerSecond);
    this.retryBaseMs = options.retryBaseMs ?? 200;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
  }

  /**
   * GETs `url`, retrying as described above, and resolves with the final response whatever its
   * status. Rejects with a MirrorError of kind network, timeout, aborted or invalid-response.
   */
  async get(url: string, signal?: AbortSignal): Promise<RawResponse> {
    let attempt = 0;
    let throttled = 0;
    let waitedFor429 = 0;
    let current = url;
    let redirects = 0;
    for (;;) {
      if (this.closed) throw new MirrorError('aborted', 0, [], url, 'the mirror client was closed');
      await this.limiter.take(signal, url);
      let response: RawResponse;
      try {
        response = await this.once(current, signal);
      } catch (error) {
        if (error instanceof MirrorError && error.kind === 'network' && attempt < this.options.retries) {
          attempt++;
          await sleep(this.backoff(attempt), signal, url);
          continue;
        }
        throw error;
      }
      const { status } = response;
      if (status >= 300 && status < 400 && status !== 304) {
        const target = redirectTarget(current, response.headers['location']);
        if (!target) {
          throw new MirrorError(
            'invalid-response',
            status,
            [],
            url,
            `The mirror node redirected to ${describeLocation(response.headers['location'])}, another origin; redirects off ${new URL(url).origin} are not followed`,
          );
        }
        if (++redirects > MAX_REDIRECTS) {
          throw new MirrorError(
            'invalid-response',
            status,
            [],
            url,
            `The mirror node redirected more than ${MAX_REDIRECTS} times`,
          );
        }
        current = target;
        continue;
      }
      if (status === 429) {
        const waitMs = retryAfterMs(response.headers['retry-after']);
        if (
          throttled < MAX_429_ATTEMPTS &&
          waitMs <= this.maxRetryAfterMs &&
          waitedFor429 + waitMs <= this.maxRetryAfterMs
        ) {
          throttled++;
          waitedFor429 += waitMs;
          await sleep(waitMs, signal, url);
          continue;
        }
        return response;
      }
      if (status >= 500 && attempt < this.options.retries) {
        attempt++;
        await sleep(this.backoff(attempt), signal, url);
        continue;
      }
      return response;
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    // destroy() (not close()) so that requests still waiting on a slow server end now.
    this.agent.destroy().catch(() => undefined);
  }

  private backoff(attempt: number): number {
    // Full jitter: spreads the retries of many clients after a shared outage.
    return Math.random() * this.retryBaseMs * 2 ** (attempt - 1);
  }

  private async once(url: string, signal: AbortSignal | undefined): Promise<RawResponse> {
    const timeoutMs = this.options.timeoutMs;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    if (signal) {
      if (signal.aborted) {
        clearTimeout(timer);
        throw abortedError(url);
      }
      signal.addEventListener('abort', onAbort, { once: true });
    }
    try {
      const res = await request(url, {
        method: 'GET',
        dispatcher: this.agent,
        signal: controller.signal,
        headers: { accept: 'application/json' },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const fetchedAt = Date.now();
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > this.options.maxBodyBytes) {
        // Destroying emits an error on the stream; nobody else listens to it.
        res.body.on('error', () => undefined);
        res.body.destroy();
        throw tooLarge(url, res.statusCode, this.options.maxBodyBytes);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        const buf = chunk as Buffer;
        size += buf.length;
        if (size > this.options.maxBodyBytes) {
          // Leaving the for-await destroys the stream, which closes the connection.
          throw tooLarge(url, res.statusCode, this.options.maxBodyBytes);
        }
        chunks.push(buf);
      }
      const text = chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks, size).toString('utf8');
      return { url, status: res.statusCode, headers: res.headers, text, fetchedAt };
    } catch (error) {
      if (error instanceof MirrorError) throw error;
      if (signal?.aborted) throw abortedError(url);
      if (timedOut || isTimeout(error)) {
        throw new MirrorError(
          'timeout',
          0,
          [],
          url,
          `The mirror node did not answer within ${timeoutMs} ms (${hostOf(url)})`,
        );
      }
      if (this.closed) throw new MirrorError('aborted', 0, [], url, 'the mirror client was closed');
      throw new MirrorError('network', 0, [], url, networkMessage(error, url));
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }
}

function abortedError(url: string): MirrorError {
  return new MirrorError('aborted', 0, [], url, 'The request was cancelled');
}

function tooLarge(url: string, status: number, cap: number): MirrorError {
  return new MirrorError(
    'invalid-response',
    status,
    [],
    url,
    `The mirror node's response is larger than ${formatBytes(cap)}; it was not read`,
  );
}

function formatBytes(n: number): string {
  return n >= 1 << 20 && n % (1 << 20) === 0 ? `${n / (1 << 20)} MiB` : `${n} bytes`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function isTimeout(error: unknown): boolean {
  return (
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    error instanceof undiciErrors.ConnectTimeoutError
  );
}

function networkMessage(error: unknown, url: string): string {
  const host = hostOf(url);
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return `Cannot connect to the mirror node at ${host} (connection refused)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Cannot find the mirror node host ${host} (DNS lookup failed)`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
    case 'EPIPE':
      return `The connection to the mirror node at ${host} was closed before the response was complete`;
    case 'ETIMEDOUT':
      return `The connection to the mirror node at ${host} timed out`;
    case 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH':
      return `The mirror node at ${host} sent an incomplete response`;
    default: {
      const detail = error instanceof Error ? error.message : String(error);
      return `Cannot reach the mirror node at ${host}: ${detail}`;
    }
  }
}

/** The same-origin absolute URL a redirect points to, or undefined when it leaves the origin. */
function redirectTarget(from: string, location: string | string[] | undefined): string | undefined {
  if (typeof location !== 'string') return undefined;
  let target: URL;
  try {
    target = new URL(location, from);
  } catch {
    return undefined;
  }
  return target.origin === new URL(from).origin ? target.href : undefined;
}

function describeLocation(location: string | string[] | undefined): string {
  if (typeof location !== 'string') return 'an unstated location';
  return location.length > 200 ? location.slice(0, 200) + '…' : location;
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; 1 s when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined || v.trim() === '') return 1000;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return 1000;
  return Math.max(0, at - now);
}

/** Sleeps, ending early (rejecting) when the signal fires. */
export function sleep(ms: number, signal: AbortSignal | undefined, url: string): Promise<void> {
  if (ms <= 0 && !signal?.aborted) return Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError(url));
    const done = () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError(url));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Token bucket in its GCRA form: each request is given the earliest slot that keeps the rate,
 * allowing a burst of `rate` requests; the caller sleeps until its slot.
 */
export class RateLimiter {
  private readonly interval: number;
  private readonly burst: number;
  private theoretical = 0; // when the bucket would be empty again at the sustained rate

  constructor(rate: number) {
    const r = Number.isFinite(rate) && rate > 0 ? rate : 20;
    this.interval = 1000 / r;
    this.burst = Math.max(1, Math.floor(r)) * this.interval;
  }

  take(signal: AbortSignal | undefined, url: string): Promise<void> {
    const now = performance.now();
    const tat = Math.max(this.theoretical, now);
    const startAt = tat - this.burst + this.interval;
    this.theoretical = tat + this.interval;
    return sleep(startAt - now, signal, url);
  }
}
