// What went wrong, as text: an Error's own message, anything else thrown as a string. Pure.

/** `e.message` for an Error, `String(e)` for anything else that was thrown. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
