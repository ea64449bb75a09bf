// A transaction copied from a script's output a second after it ran is not on the mirror node yet:
// the mirror node indexes 5–15 s behind consensus. A 404 for a transaction whose valid start is
// less than two minutes old means "not indexed yet", so the lookup waits and asks again (1, 2, 4,
// 8 s…, about 30 s in all) instead of saying "not found". Pure apart from the clock it is handed.
import type { TransactionId } from '../ledger';
import { MirrorError } from './errors';

/** A transaction is fresh while its valid start is less than this far from the clock (either way). */
export const FRESH_WINDOW_MS = 120_000;
/** The longest the retries wait in all. */
export const FRESH_MAX_WAIT_MS = 30_000;
const FIRST_DELAY_MS = 1_000;

/** The time source and the waits: real timers in the extension, a manual clock in the tests. */
export interface Clock {
  now(): number;
  /** Resolves after `ms`; rejects with an AbortError when `signal` fires first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

function abortError(): Error {
  const e = new Error('The operation was aborted');
  e.name = 'AbortError';
  return e;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(abortError());
      const onAbort = () => {
        clearTimeout(timer);
        reject(abortError());
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/** The valid start in milliseconds since the epoch (bigint seconds; fine for any real date). */
export function validStartMs(id: TransactionId): number {
  return Number(id.seconds) * 1000 + Math.floor(id.nanos / 1_000_000);
}

/**
 * True when a 404 for `id` may only mean "not indexed yet": its valid start is within two minutes
 * of `nowMs`. A valid start a little ahead of the clock counts too (the SDK sets it slightly in the
 * past, but the user's clock may be behind the network's).
 */
export function isFresh(id: TransactionId, nowMs: number): boolean {
  return Math.abs(nowMs - validStartMs(id)) < FRESH_WINDOW_MS;
}

/** The waits before each retry: 1, 2, 4, 8… s, the last cut so they add up to at most `maxWaitMs`. */
export function freshRetryDelays(maxWaitMs = FRESH_MAX_WAIT_MS, firstMs = FIRST_DELAY_MS): number[] {
  const out: number[] = [];
  let total = 0;
  for (let d = firstMs; total < maxWaitMs; d *= 2) {
    const step = Math.min(d, maxWaitMs - total);
    out.push(step);
    total += step;
  }
  return out;
}

/** The default test for "not found": the mirror node's 404. */
export function isNotFound(error: unknown): boolean {
  return error instanceof MirrorError && error.kind === 'http' && error.status === 404;
}

/** What the user reads while waiting, where the data will be. */
export interface FreshWait {
  /** 1-based number of the retry about to happen. */
  readonly retry: number;
  readonly retryInMs: number;
  /** How long the retries have waited so far. */
  readonly waitedMs: number;
  /** `Not indexed yet (the mirror node lags a few seconds behind consensus); retrying in 2 s.` */
  readonly message: string;
}

export function freshWaitMessage(retryInMs: number): string {
  const s = Math.max(1, Math.round(retryInMs / 1000));
  return `Not indexed yet (the mirror node lags a few seconds behind consensus); retrying in ${s} s.`;
}

export interface FreshOptions {
  readonly transactionId: TransactionId;
  readonly clock?: Clock;
  readonly signal?: AbortSignal;
  /** Which failures mean "not there yet"; default a 404 from the mirror node. */
  readonly notFound?: (error: unknown) => boolean;
  /** Called before each wait, so the panel can say it is retrying, in place. */
  readonly onWait?: (wait: FreshWait) => void;
  readonly delays?: readonly number[];
}

/**
 * Runs `attempt`; while it fails with "not found" for a fresh transaction, waits and runs it again,
 * up to the delays' end. Resolves with the first success; rejects with the last failure (the 404
 * when the transaction never appeared, so the caller's "not found" message stands), with any other
 * failure at once, and with an AbortError when `signal` fires.
 */
export async function retryWhileFresh<T>(attempt: () => Promise<T>, options: FreshOptions): Promise<T> {
  const clock = options.clock ?? systemClock;
  const notFound = options.notFound ?? isNotFound;
  const delays = options.delays ?? freshRetryDelays();
  let waited = 0;
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      if (options.signal?.aborted) throw abortError();
      const more = retry < delays.length && notFound(error) && isFresh(options.transactionId, clock.now());
      if (!more) throw error;
      const retryInMs = delays[retry];
      options.onWait?.({ retry: retry + 1, retryInMs, waitedMs: waited, message: freshWaitMessage(retryInMs) });
      await clock.sleep(retryInMs, options.signal);
      waited += retryInMs;
    }
  }
}
