// One piece of work (a contract's code, a trace) shared by every caller that asks for it while it
// runs: a caller whose signal aborts stops waiting, and the work itself stops only when the last
// caller has left.
import { MirrorError } from '../mirror/errors';

export interface SharedWork<T> {
  readonly promise: Promise<T>;
  readonly controller: AbortController;
  waiters: number;
}

/**
 * Waits on `work` as one more caller. Leaving (its `signal` aborts) rejects with a cancellation; the
 * last to leave calls `forget` (drop it from the caller's map) and aborts the work.
 */
export function joinShared<T>(
  work: SharedWork<T>,
  signal: AbortSignal | undefined,
  key: string,
  forget: () => void,
): Promise<T> {
  work.waiters++;
  if (!signal) return work.promise;
  return new Promise<T>((resolve, reject) => {
    const leave = () => {
      work.waiters--;
      if (work.waiters === 0) {
        forget();
        work.controller.abort();
      }
      reject(new MirrorError('aborted', 0, [], key, 'The request was cancelled'));
    };
    if (signal.aborted) return leave();
    signal.addEventListener('abort', leave, { once: true });
    work.promise.then(
      value => {
        signal.removeEventListener('abort', leave);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', leave);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
