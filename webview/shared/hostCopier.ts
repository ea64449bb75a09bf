// The page's side of a copy: it asks its host (which owns the clipboard) and waits for the host's
// word that the clipboard took the text. No DOM here: the copy control (copy.ts) draws the result.

/** Asks the host to copy `text`; resolves true once the host confirmed, false if it did not in time. */
export type CopyRequest = (text: string) => Promise<boolean>;

/**
 * The page's side of the host's confirmations: `request` posts the copy action and waits for
 * `confirmed` with the same text (called when the host's answer arrives), or gives up after
 * `timeoutMs`.
 */
export interface HostCopier {
  readonly request: CopyRequest;
  confirmed(text: string): void;
}

export function hostCopier(post: (text: string) => void, timeoutMs = 4000): HostCopier {
  // Per text, the requests waiting for its confirmation (one answer settles them all).
  const waiting = new Map<string, Set<(ok: boolean) => void>>();
  return {
    request: text =>
      new Promise<boolean>(resolve => {
        const pending = waiting.get(text) ?? new Set();
        waiting.set(text, pending);
        const timer = setTimeout(() => settle(false), timeoutMs);
        const settle = (ok: boolean): void => {
          clearTimeout(timer);
          pending.delete(settle);
          if (pending.size === 0 && waiting.get(text) === pending) waiting.delete(text);
          resolve(ok);
        };
        pending.add(settle);
        post(text);
      }),
    confirmed: text => {
      for (const settle of [...(waiting.get(text) ?? [])]) settle(true);
    },
  };
}
