// One AbortSignal that fires when any of several does, with listeners removed afterwards, so a
// long-lived signal (a client's lifetime) does not collect one listener per request, and an
// optional timer that is cleared rather than left running for its whole duration. No Node
// built-in is imported: a browser loads this module too (see lifetimeController).
import { nodeProcess } from '../util/platform';

export interface LinkedSignal {
  readonly signal: AbortSignal;
  /** True when the timer (not a source) fired. */
  readonly timedOut: boolean;
  /** Removes the listeners and clears the timer; call when the work is done. */
  dispose(): void;
}

interface AbortFanOut {
  readonly callbacks: Set<() => void>;
  readonly fire: () => void;
}

/** One 'abort' listener per signal, however many of our requests wait on it (see onAbort). */
const fanOuts = new WeakMap<AbortSignal, AbortFanOut>();

/**
 * Calls `fn` once when `signal` (not yet aborted) aborts; the returned function stops that. Every
 * call for one signal shares a single listener on it: a caller's signal shared by 50 requests (an
 * expanded tree asking its rows) would otherwise collect 50 listeners, and Node logs a
 * MaxListenersExceededWarning past 10. The signal is the caller's, so its limit is not ours to raise.
 */
export function onAbort(signal: AbortSignal, fn: () => void): () => void {
  let fanOut = fanOuts.get(signal);
  if (!fanOut) {
    const callbacks = new Set<() => void>();
    const fire = () => {
      fanOuts.delete(signal);
      const due = [...callbacks];
      callbacks.clear();
      for (const f of due) f();
    };
    fanOut = { callbacks, fire };
    fanOuts.set(signal, fanOut);
    signal.addEventListener('abort', fire, { once: true });
  }
  // A function may be registered more than once: each registration is its own entry.
  const entry = () => fn();
  const { callbacks, fire } = fanOut;
  callbacks.add(entry);
  return () => {
    if (!callbacks.delete(entry) || callbacks.size > 0) return;
    signal.removeEventListener('abort', fire);
    if (fanOuts.get(signal)?.callbacks === callbacks) fanOuts.delete(signal);
  };
}

export function linkSignals(sources: readonly (AbortSignal | undefined)[], timeoutMs?: number): LinkedSignal {
  const controller = new AbortController();
  const present = sources.filter((s): s is AbortSignal => s !== undefined);
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unlink: (() => void)[] = [];
  const dispose = () => {
    for (const stop of unlink.splice(0)) stop();
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  if (present.some(s => s.aborted)) controller.abort();
  else {
    for (const s of present) unlink.push(onAbort(s, () => controller.abort()));
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
 * requests were in flight, which is normal (an expanded Accounts view) and no leak. node:events is
 * asked of the running process rather than imported, so that a browser (which has no such limit,
 * and no process: src/util/platform.ts) loads this module without it.
 */
export function lifetimeController(): AbortController {
  const controller = new AbortController();
  const events = nodeProcess()?.getBuiltinModule?.('events');
  events?.setMaxListeners(0, controller.signal);
  return controller;
}
