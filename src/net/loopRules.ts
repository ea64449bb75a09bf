// What the request loops of GET and POST share: where a same-origin redirect leads, how long a
// 429 asks to wait, a sleep that a cancellation ends, and the errors of a timeout and of a
// cancellation, so both loops say the same things in the same words.
import { NetError, hostOf } from './errors';
import { onAbort } from './signals';
import type { HttpResponse } from './http';
import type { OriginBudget } from './budget';

/** 429s one request waits out before the 429 is its answer. */
export const MAX_429_ATTEMPTS = 5;

/**
 * The 429s of one request: each holds the whole origin (every caller waits, not only this one: the
 * server spoke for the origin) for the longer of its Retry-After and the budget's back-off, so
 * Retry-After: 0 is not a retry at full rate. `retry` says whether to send again (the next acquire
 * waits out the hold) or to make the 429 the answer (too many, or longer than `maxWaitMs` in all).
 */
export class ThrottleWaits {
  private count = 0;
  private waited = 0;
  constructor(private readonly maxWaitMs: number) {}

  retry(response: HttpResponse, budget: OriginBudget): boolean {
    const asked = parseRetryAfter(response.headers['retry-after']);
    const held = budget.throttled(asked);
    const waitMs = Math.max(asked ?? 0, held);
    if (this.count >= MAX_429_ATTEMPTS || waitMs > this.maxWaitMs || this.waited + waitMs > this.maxWaitMs)
      return false;
    this.count++;
    this.waited += waitMs;
    return true;
  }
}

export function timedOut(url: string, timeoutMs: number, cause?: unknown): NetError {
  const details = cause === undefined ? { timeoutMs } : { timeoutMs, cause };
  return new NetError('timeout', url, `${hostOf(url)} did not answer within ${timeoutMs} ms`, details);
}

export function aborted(url: string, closed: boolean): NetError {
  return new NetError('aborted', url, 'The request was cancelled', closed ? { closed } : {});
}

/** The same-origin URL a redirect response points to; throws a `redirect` NetError otherwise. */
export function redirectTarget(from: string, origin: string, response: HttpResponse, tooMany: boolean): string {
  const location = locationOf(response);
  const status = response.status;
  if (!location) {
    throw new NetError('redirect', from, `HTTP ${status} without a Location`, { status, reason: 'no-location' });
  }
  let target: URL;
  try {
    target = new URL(location, from);
  } catch {
    throw new NetError('redirect', from, 'a redirect to an invalid URL', { status, reason: 'bad-location', location });
  }
  if (target.origin !== origin) {
    throw new NetError('redirect', from, `a redirect to another origin (${target.origin}); not followed`, {
      status,
      reason: 'other-origin',
      location,
      targetOrigin: target.origin,
    });
  }
  if (tooMany) throw new NetError('redirect', from, 'too many redirects', { status, reason: 'too-many', location });
  return target.href;
}

/** The Location header of a response (its first value), if any. */
export function locationOf(response: HttpResponse): string | undefined {
  const raw = response.headers['location'];
  return Array.isArray(raw) ? raw[0] : raw;
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; 1 s when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number {
  return parseRetryAfter(value, now) ?? 1000;
}

/** Retry-After as milliseconds (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  if (v === undefined || v === '') return undefined;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** Full jitter: spreads the retries of many clients after a shared outage. */
export function backoffMs(attempt: number, baseMs = 200): number {
  return Math.random() * baseMs * 2 ** (attempt - 1);
}

/** Sleeps, ending early (rejecting with an aborted NetError) when the signal fires. */
export function sleep(ms: number, signal: AbortSignal | undefined, url: string): Promise<void> {
  if (ms <= 0 && !signal?.aborted) return Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(aborted(url, false));
    const timer = setTimeout(() => {
      stop?.();
      resolve();
    }, ms);
    const stop = signal
      ? onAbort(signal, () => {
          clearTimeout(timer);
          reject(aborted(url, false));
        })
      : undefined;
  });
}
