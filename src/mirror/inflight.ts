// In-flight coalescing: one network request per URL, shared by every caller that asks for it while
// it runs. A caller leaving (its signal aborted) stops waiting; the request itself stops only when
// the last caller has left, unless it is a background refresh nobody owns.
import { onAbort, type Priority } from '../net';
import { MirrorError } from './errors';

export interface Shared {
  readonly promise: Promise<object>;
  readonly controller: AbortController;
  waiters: number;
  /** A background refresh: no caller owns it, so callers leaving must not abort it. */
  pinned: boolean;
  /** The most urgent priority of its callers; the budget reads it each time it serves. */
  priority: Priority;
  /** Drops it from the in-flight map, so that later callers start afresh. */
  forget(): void;
}

/** Waits on `shared` as one more caller, leaving it when `signal` aborts. */
export function join(shared: Shared, signal: AbortSignal | undefined, url: string): Promise<object> {
  shared.waiters++;
  if (!signal) return shared.promise;
  return new Promise<object>((resolve, reject) => {
    // Through onAbort: one listener on the caller's signal however many lookups share it.
    const stop = onAbort(signal, () => {
      shared.waiters--;
      if (shared.waiters === 0 && !shared.pinned) {
        shared.forget();
        shared.controller.abort();
      }
      reject(new MirrorError('aborted', 0, [], url, 'The request was cancelled'));
    });
    shared.promise.then(
      value => {
        stop();
        resolve(value);
      },
      (error: unknown) => {
        stop();
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passes the request's own rejection on unchanged
        reject(error);
      },
    );
  });
}
