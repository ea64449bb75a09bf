// Untrusted text (from the network or the workspace) made safe for plain-text places: one line,
// bounded, with the controls that reorder or hide text shown. A leaf of the pure core, so that the
// ledger and mirror layers can make their own messages safe; present/text builds on it. Pure.

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
