// Bytes from the network shown as text only when they are printable UTF-8, and text shown with its
// invisible characters made visible. This is not escaping: renderers still escape for their medium.
import { revealInvisibles } from '../present/text';

const utf8 = new TextDecoder('utf-8', { fatal: true });

// C0 controls except tab, newline and carriage return; DEL; C1 controls.
// eslint-disable-next-line no-control-regex
const NOT_PRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The bytes as text when they are valid UTF-8 without control characters (empty: undefined). */
export function printableText(bytes: Uint8Array): string | undefined {
  if (bytes.length === 0) return undefined;
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return undefined;
  }
  return NOT_PRINTABLE.test(text) ? undefined : text;
}

/** A `bytesN` value as text: its printable prefix when everything after it is zero padding. */
export function paddedText(bytes: Uint8Array): string | undefined {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return printableText(bytes.subarray(0, end));
}

// What present's revealInvisibles leaves alone but a one-line value must not contain either: tab,
// line breaks, soft hyphen, the Mongolian vowel separator and the interlinear annotation marks.
const ALSO_INVISIBLE = /[\t\n\r\u00ad\u180e\ufff9-\ufffb]/g;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * The text with every invisible, bidi-control or line-breaking character shown as its code point
 * (`⟨U+202E⟩`, as everywhere in Ledger Lens), so a decoded string cannot reorder or hide what is
 * around it. Renderers apply their own escaping on top of this.
 */
export function visibleText(text: string): string {
  // Names and most values are printable ASCII: nothing to reveal.
  if (PRINTABLE_ASCII.test(text)) return text;
  return revealInvisibles(text).replace(
    ALSO_INVISIBLE,
    c => `⟨U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`,
  );
}
