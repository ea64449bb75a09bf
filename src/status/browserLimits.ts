// What a browser does not let Ledger Lens read, in words said once: a status page that does not allow
// other origins (CORS), and a mirror node on this machine (localhost) that a page may not call. A
// browser's fetch fails with one TypeError whatever the cause, which the HTTP layer keeps as a
// NetError with the reason `undisclosed` (src/net/errors.ts); these rules look for it. Pure.
import { inBrowser } from '../util/platform';
import { isLoopbackHost } from '../net/errors';

/**
 * The URL of a request the browser refused without saying why: the first error along `error`'s
 * causes (the mirror and status clients keep the HTTP layer's NetError as `cause`) that is a
 * NetError of reason `undisclosed`. Undefined in Node, where every failure says what it was.
 * Matched by shape, not by class: a part of the browser build may hold its own copy of the class.
 */
export function refusedByBrowser(error: unknown): string | undefined {
  if (!inBrowser()) return undefined;
  for (let cur: unknown = error, depth = 0; cur && typeof cur === 'object' && depth < 4; depth++) {
    const e = cur as { name?: unknown; url?: unknown; details?: { reason?: unknown }; cause?: unknown };
    if (e.name === 'NetError' && e.details?.reason === 'undisclosed' && typeof e.url === 'string') return e.url;
    cur = e.cause;
  }
  return undefined;
}

/** Whether `url` names this machine: `localhost` (or a name under it), 127.0.0.0/8, or `[::1]`. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** What to do when a browser page cannot call a mirror node on this machine. */
export const LOCALHOST_BLOCKED =
  'A browser may block a page from calling localhost (mixed content from an https page, or private network ' +
  'access): run Ledger Lens in desktop VS Code, or serve the mirror node over https with CORS.';

/** The advice for a failure to reach a mirror node on this machine from a browser; undefined otherwise. */
export function loopbackAdvice(error: unknown): string | undefined {
  const url = refusedByBrowser(error);
  return url !== undefined && isLoopbackUrl(url) ? LOCALHOST_BLOCKED : undefined;
}

/** The status page at `url` cannot be read here: what the item shows instead, and why. */
export function statusPageRefused(url: string): string {
  return (
    `The status page (${url}) cannot be read from this browser: it may not allow other origins (CORS); ` +
    "the item shows the mirror node's own health."
  );
}
