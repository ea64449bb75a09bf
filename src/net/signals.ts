// One AbortSignal that fires when any of several does, with listeners removed afterwards, so a
// long-lived signal (a client's lifetime) does not collect one listener per request, and an
// optional timer that is cleared rather than left running for its whole duration.
import { setMaxListeners } from 'events';

export interface LinkedSignal {
  readonly signal: AbortSignal;
  /** True when the timer (not a source) fired. */
  readonly timedOut: boolean;
  /** Removes the listeners and clears the timer; call when the work is done. */
  dispose(): void;
}

export function linkSignals(sources: readonly (AbortSignal | undefined)[], timeoutMs?: number): LinkedSignal {
  const controller = new AbortController();
  const present = sources.filter((s): s is AbortSignal => s !== undefined);
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const onAbort = () => controller.abort();
  const dispose = () => {
    for (const s of present) s.removeEventListener('abort', onAbort);
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  if (present.some(s => s.aborted)) controller.abort();
  else {
    for (const s of present) s.addEventListener('abort', onAbort, { once: true });
    if (timeoutMs !== undefined) {
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
    }
  }
  controller.signal.addEventListener('abort', dispose, { once: true });
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    dispose,
  };
}

/**
 * The controller of a client's lifetime: every request in flight links to its signal (one listener
 * each, removed when the request ends), so it has no listener limit. Node's default of 10 printed
 * "Possible EventTarget memory leak detected" in the extension host's log whenever more than 10
 * requests were in flight, which is normal (an expanded Accounts view) and no leak.
 */
export function lifetimeController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}
