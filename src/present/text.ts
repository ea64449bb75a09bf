// Untrusted text (from the network or the workspace) made safe for plain-text places: tree labels,
// descriptions, notifications, quick picks. Pure. Markdown escaping stays in features/common/markdown.

/** What every view shows for a missing value. */
export const NONE = '—';

// Controls that reorder or hide text (Trojan Source) or break lines: shown as visible escapes.
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/gu;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Makes invisible and direction-changing characters visible, e.g. U+202E → `⟨U+202E⟩`. */
export function revealInvisibles(text: string): string {
  return text.replace(INVISIBLE, ch => `⟨U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`);
}

/** Cuts to `maxLength` UTF-16 units with `…`, never splitting a surrogate pair. */
export function cut(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let end = Math.max(0, maxLength);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/**
 * Network text for a label or description: one line, bounded, with bidi and invisible controls
 * shown as `⟨U+202E⟩` so the text cannot pretend to be something else.
 */
export function plainText(text: string, maxLength = 200): string {
  // Most of what reaches here is ids and type names: printable ASCII needs no work.
  if (text.length <= maxLength && PRINTABLE_ASCII.test(text)) return text;
  return revealInvisibles(cut(text.replace(/\r\n?|\n/g, ' '), maxLength));
}

/** `0x1234abcd…9f8e7d6c`: the head and tail of a long value (ids, hashes, keys). */
export function shorten(text: string, head = 8, tail = 8): string {
  return text.length <= head + tail + 1 ? text : `${text.slice(0, head)}…${text.slice(-tail)}`;
}

/** `yes`, `no`, or {@link NONE} when the value is missing: one answer everywhere. */
export function yesNo(value: boolean | null | undefined): string {
  return value === true ? 'yes' : value === false ? 'no' : NONE;
}

/** The value, or {@link NONE} when it is missing or empty. */
export function orNone(value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? NONE : value;
}

// VS Code's notifications turn `[label](https:…)`, `[label](command:…)` and `[label](file:…)` into
// links (the link must follow `](` at once); nothing escapes them, so the pair is broken instead.
const LINK_JOIN = /\]\s*\(/g;

/**
 * Network text made inert for `showErrorMessage`/`showWarningMessage`/`showInformationMessage`:
 * one line, bounded, invisibles visible, and no `[x](command:…)` (or any other link) survives.
 */
export function forNotification(text: string, maxLength = 1000): string {
  return plainText(text, maxLength).replace(LINK_JOIN, '] (');
}
