// Yielding the extension host's thread to its event loop between slices of long work (indexing,
// reading records, a replay), so timers, I/O and VS Code's messages run in between. Node has
// setImmediate; a browser's web worker has none, and its zero timeouts are clamped to 4 ms once
// nested, so there a MessageChannel message (a macrotask, not clamped) does the same.

type Schedule = (then: () => void) => void;

const viaSetImmediate = (): Schedule | undefined => {
  const immediate = (globalThis as { setImmediate?: (f: () => void) => unknown }).setImmediate;
  return immediate ? then => void immediate(then) : undefined;
};

const viaMessageChannel = (): Schedule | undefined => {
  if (typeof MessageChannel !== 'function') return undefined;
  // The DOM's MessagePort (onmessage), as a browser's worker has it; Node's typings describe its own.
  const channel = new MessageChannel() as unknown as {
    readonly port1: { onmessage: (() => void) | null };
    readonly port2: { postMessage(message: unknown): void };
  };
  const queue: (() => void)[] = [];
  channel.port1.onmessage = () => queue.shift()?.();
  return then => {
    queue.push(then);
    channel.port2.postMessage(undefined);
  };
};

let schedule: Schedule | undefined;

/** Runs `then` on a later turn of the event loop (after pending timers and I/O). */
export function onNextTurn(then: () => void): void {
  schedule ??= viaSetImmediate() ?? viaMessageChannel() ?? (f => void setTimeout(f, 0));
  schedule(then);
}

/** Resolves on a later turn of the event loop. */
export function nextTurn(): Promise<void> {
  return new Promise(resolve => onNextTurn(resolve));
}
