// Bytes from the network shown as text only when they are printable UTF-8, and text shown with its
// invisible characters made visible. This is not escaping: renderers still escape for their medium.

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

// Bidi embeddings, overrides and isolates, zero-width and other invisible format characters, line
// and paragraph separators, and the controls a printable check lets through.
const INVISIBLE = /[\t\n\r\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/g;

/**
 * The text with every invisible, bidi-control or line-breaking character replaced by its code
 * point (`\u{202E}`), so a decoded string cannot reorder or hide what is around it. Renderers
 * apply their own escaping on top of this.
 */
export function visibleText(text: string): string {
  return text.replace(INVISIBLE, c => `\\u{${c.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}}`);
}
