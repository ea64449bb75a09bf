// POST through the one HTTP layer: a JSON body (content-type: application/json) under the same
// per-origin budget, timeouts, size cap, compression, proxy and cancellation as GET. What differs
// is what may be sent again. A POST is never repeated once its body may have reached the server,
// unless the server itself answered that it did not take it: a 429 (its Retry-After honoured, the
// whole origin waiting, as for GET) or a 503. A connection that failed before anything was written
// (refused, host name not found) may be tried again. Redirects: a same-origin 307 or 308 is
// followed with the method and body kept; a 301, 302 or 303 would turn the POST into a GET on the
// way (what browsers do) and is refused with a `redirect` NetError that says so.
import type { RequestBudgets } from './budget';
import { NetError } from './errors';
import type { HttpResponse, RequestOptionsBase } from './http';
import { ThrottleWaits, aborted, backoffMs, locationOf, redirectTarget, sleep } from './loopRules';

export interface PostOptions extends RequestOptionsBase {
  /**
   * Extra attempts after a 503 answer, or after a connection that failed before any byte was
   * written (refused, host not found). Never after a failure once the body may have been sent (a
   * reset, a timeout, a body cut off). Default 0. Redirects followed: same-origin 307 and 308 only.
   */
  readonly retries?: number;
  /** Default `application/json`. */
  readonly contentType?: string;
}

/** The request's method and body, for one attempt (GET has neither body nor content type). */
export interface RequestBody {
  readonly method: 'POST';
  readonly body: string;
  readonly contentType: string;
}

/** What the POST loop needs of the client that runs it. */
export interface PostChannel {
  readonly budgets: RequestBudgets;
  /** True once the client was closed (a cancellation then says so). */
  isClosed(): boolean;
  /** One attempt at `url` (direct, through the proxy, or through the host's fetch). */
  send(url: string, signal: AbortSignal): Promise<HttpResponse>;
}

/**
 * Sends the POST until it has an answer to give: taking a token of the origin's budget before
 * every attempt, following same-origin 307/308, waiting out 429s, retrying 503s and connections
 * that never opened. Resolves with the final response whatever its status; rejects with a NetError.
 */
export async function postLoop(
  channel: PostChannel,
  url: string,
  options: PostOptions,
  signal: AbortSignal,
): Promise<HttpResponse> {
  const retries = options.retries ?? 0;
  const maxRedirects = options.maxRedirects ?? 3;
  const origin = new URL(url).origin;
  const throttle = new ThrottleWaits(options.maxRetryAfterMs ?? 30_000);
  let attempt = 0;
  let redirects = 0;
  let current = url;
  for (;;) {
    if (signal.aborted) throw aborted(current, channel.isClosed());
    const budget = channel.budgets.forOrigin(current);
    try {
      await budget.acquire(options.priority ?? 'interactive', signal);
    } catch (error) {
      throw error instanceof NetError ? aborted(current, channel.isClosed()) : error;
    }
    let response: HttpResponse;
    try {
      response = await channel.send(current, signal);
    } catch (error) {
      if (nothingWasSent(error) && attempt < retries) {
        attempt++;
        await sleep(backoffMs(attempt, options.retryBaseMs), signal, current);
        continue;
      }
      throw error;
    }
    const { status } = response;
    if (status === 307 || status === 308) {
      current = redirectTarget(current, origin, response, ++redirects > maxRedirects);
      continue;
    }
    if (status === 301 || status === 302 || status === 303) throw methodChange(current, response);
    if (status === 429) {
      if (throttle.retry(response, budget)) continue; // the next acquire waits out the hold
      return response;
    }
    budget.answered();
    if (status === 503 && attempt < retries) {
      attempt++;
      await sleep(backoffMs(attempt, options.retryBaseMs), signal, current);
      continue;
    }
    return response;
  }
}

/**
 * True for a failure that happened before any byte of the request was written: the connection was
 * refused or the host's name was not found. Anything later (a reset, a timeout, an answer cut off)
 * may have delivered the body, and the server may have acted on it.
 */
export function nothingWasSent(error: unknown): boolean {
  if (!(error instanceof NetError) || error.kind !== 'network') return false;
  return error.details.reason === 'refused' || error.details.reason === 'dns';
}

function methodChange(url: string, response: HttpResponse): NetError {
  const status = response.status;
  const location = locationOf(response);
  return new NetError(
    'redirect',
    url,
    `HTTP ${status} would turn the POST into a GET${location ? ` at ${location.slice(0, 200)}` : ''}; not followed`,
    { status, reason: 'method-change', ...(location !== undefined ? { location } : {}) },
  );
}
