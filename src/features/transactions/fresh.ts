// A transaction looked up seconds after it ran is not on the mirror node yet. After the lookup's
// first 404 for a fresh id, its panel opens saying "not indexed yet, retrying in N s" (counting
// down each second) and asks again on the retry policy of src/mirror/fresh.ts until the
// transaction appears, the policy gives up (the 404 stands), or the panel closes. Pure (no vscode).
import type { TransactionId } from '../../ledger';
import { type Clock, freshWaitMessage, isFresh, isNotFound, retryWhileFresh, systemClock } from '../../mirror/fresh';

/** True when `error` (the lookup's failure for `id`) may only mean "not indexed yet". */
export function notIndexedYet(id: TransactionId | undefined, error: unknown, nowMs: number): id is TransactionId {
  return id !== undefined && isNotFound(error) && isFresh(id, nowMs);
}

/** `clock` whose waits are cut into seconds, `tick` told the time left before each one. */
export function countdownClock(clock: Clock, tick: (remainingMs: number) => void): Clock {
  return {
    now: () => clock.now(),
    sleep: async (ms, signal) => {
      for (let left = ms; left > 0;) {
        tick(left);
        const step = Math.min(1000, left);
        await clock.sleep(step, signal);
        left -= step;
      }
    },
  };
}

export interface IndexedOptions<T> {
  readonly transactionId: TransactionId;
  /** The 404 the lookup already met: the first attempt, not asked again. */
  readonly firstError: Error;
  readonly attempt: () => Promise<T>;
  /** Said where the data will be, each second: `Not indexed yet …; retrying in 3 s.` */
  readonly waiting: (message: string) => void;
  readonly signal: AbortSignal;
  readonly clock?: Clock;
  readonly delays?: readonly number[];
}

/** The first message, before any wait starts (the panel opens with it). */
export function firstWaitMessage(delays?: readonly number[]): string {
  return freshWaitMessage(delays?.[0] ?? 1000);
}

/** Retries `attempt` while the transaction is fresh and not found; resolves with the first success. */
export function loadWhenIndexed<T>(options: IndexedOptions<T>): Promise<T> {
  let first = true;
  const attempt = (): Promise<T> => {
    if (!first) return options.attempt();
    first = false;
    return Promise.reject(options.firstError);
  };
  return retryWhileFresh(attempt, {
    transactionId: options.transactionId,
    clock: countdownClock(options.clock ?? systemClock, left => options.waiting(freshWaitMessage(left))),
    signal: options.signal,
    ...(options.delays ? { delays: options.delays } : {}),
  });
}
