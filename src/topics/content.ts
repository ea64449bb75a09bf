// What a topic message's bytes say, as plain text for a tree, hover or panel: UTF-8 text when the
// bytes are text, pretty-printed when that text is a JSON object or array (HCS standards such as
// HCS-10 write JSON), hex otherwise. Every form is bounded: a message is untrusted, and one of
// 1 MB or nested 10,000 deep must neither block nor overflow the stack. Pure: no vscode, no Buffer.
import { revealInvisibles } from '../ledger/text';
import { HEX_BYTE } from '../ledger/encoding';

export interface ContentLimits {
  /** Text longer than this (UTF-16 units) is cut, and the cut is said. */
  readonly maxTextChars: number;
  /** Hex shows at most this many bytes, and says the total. */
  readonly maxHexBytes: number;
  /** JSON nested deeper than this is shown as text. */
  readonly maxJsonDepth: number;
  /** JSON whose pretty form would be longer than this is shown as text. */
  readonly maxPrettyChars: number;
}

export const DEFAULT_CONTENT_LIMITS: ContentLimits = {
  maxTextChars: 64 * 1024,
  maxHexBytes: 1024,
  maxJsonDepth: 64,
  maxPrettyChars: 256 * 1024,
};

/** The content of a message: its form, the plain text to show, and what was left out or why. */
export interface TopicContent {
  readonly kind: 'text' | 'json' | 'hex';
  readonly text: string;
  /** The size of the content in bytes. */
  readonly byteLength: number;
  /** Said next to the text: a cut, or why JSON is shown as text. */
  readonly note?: string;
}

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

// C0 controls except tab, line feed and carriage return (CRLF text is still text), DEL and the
// C1 controls: a message holding them is binary that happens to be valid UTF-8.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const JSON_START = /^[ \t\r\n]*[[{]/;

/** Decodes `bytes` as text, JSON or hex (see the file's head), within `limits`. */
export function describeContent(bytes: Uint8Array, limits: ContentLimits = DEFAULT_CONTENT_LIMITS): TopicContent {
  const text = utf8Text(bytes);
  if (text === undefined) return hexContent(bytes, limits);
  if (JSON_START.test(text)) {
    const json = prettyJson(text, limits);
    if (json.pretty !== undefined)
      return { kind: 'json', text: revealInvisibles(json.pretty), byteLength: bytes.length };
    if (json.why !== undefined) return textContent(text, bytes.length, limits, json.why);
  }
  return textContent(text, bytes.length, limits);
}

/** The bytes as UTF-8 when they are valid UTF-8 without control characters; undefined otherwise. */
export function utf8Text(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = fatalUtf8.decode(bytes);
  } catch {
    return undefined; // TypeError: the encoded data was not valid
  }
  return CONTROL.test(text) ? undefined : text;
}

function textContent(text: string, byteLength: number, limits: ContentLimits, why?: string): TopicContent {
  const notes = why === undefined ? [] : [why];
  let shown = text;
  if (text.length > limits.maxTextChars) {
    let end = limits.maxTextChars;
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff) end -= 1; // never split a surrogate pair
    shown = text.slice(0, end);
    notes.push(`showing the first ${count(end)} of ${count(text.length)} characters`);
  }
  // Bidi and zero-width controls are shown as ⟨U+202E⟩: the text cannot pretend to be other text.
  const content = { kind: 'text' as const, text: revealInvisibles(shown), byteLength };
  return notes.length === 0 ? content : { ...content, note: notes.join('; ') };
}

const HEX_ROW = 16;

/** Rows of 16 bytes, each led by its offset: `0000  de ad be ef …`. */
function hexContent(bytes: Uint8Array, limits: ContentLimits): TopicContent {
  const shown = Math.min(bytes.length, limits.maxHexBytes);
  const rows: string[] = [];
  for (let row = 0; row < shown; row += HEX_ROW) {
    const end = Math.min(shown, row + HEX_ROW);
    let line = row.toString(16).padStart(4, '0') + ' ';
    for (let i = row; i < end; i++) line += ' ' + HEX_BYTE[bytes[i]];
    rows.push(line);
  }
  const content = { kind: 'hex' as const, text: rows.join('\n'), byteLength: bytes.length };
  if (shown === bytes.length) return content;
  return { ...content, note: `showing the first ${count(shown)} of ${count(bytes.length)} bytes` };
}

/** `pretty` for a JSON object or array within the limits; `why` when it is JSON shown as text. */
interface PrettyJson {
  readonly pretty?: string;
  readonly why?: string;
}

/**
 * The JSON text re-indented. The tokens are copied as they are, never through numbers: JSON.parse
 * would turn 12345678901234567890 into 12345678901234567000, and a message must read as written.
 * JSON.parse only says whether the text is JSON, after a depth scan has bounded the nesting.
 */
export function prettyJson(text: string, limits: ContentLimits = DEFAULT_CONTENT_LIMITS): PrettyJson {
  const depth = maxDepth(text);
  if (depth > limits.maxJsonDepth) return { why: 'JSON nested too deep to pretty-print' };
  try {
    JSON.parse(text);
  } catch {
    return {}; // not JSON: plain text
  }
  const pretty = reindent(text, limits.maxPrettyChars);
  return pretty === undefined ? { why: 'JSON too large to pretty-print' } : { pretty };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The index just past the string whose opening quote is at `open` (text.length when unclosed). */
function stringEnd(text: string, open: number): number {
  let i = open + 1;
  for (;;) {
    const close = text.indexOf('"', i);
    if (close === -1) return text.length;
    let slashes = 0;
    for (let j = close - 1; text.charCodeAt(j) === BACKSLASH; j--) slashes++;
    if ((slashes & 1) === 0) return close + 1;
    i = close + 1;
  }
}

/** The deepest nesting of brackets outside strings: one pass, no recursion. */
function maxDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i) - 1;
    else if (c === 0x7b || c === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

const INDENT = '  ';

/** Valid JSON re-indented by two spaces a level; undefined once the output passes `maxChars`. */
function reindent(text: string, maxChars: number): string | undefined {
  const out: string[] = [];
  let length = 0;
  let depth = 0;
  const push = (piece: string): void => {
    out.push(piece);
    length += piece.length;
  };
  const newline = (): void => push('\n' + INDENT.repeat(depth));
  for (let i = 0; i < text.length && length <= maxChars; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) continue;
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      push(text.slice(i, end));
      i = end - 1;
    } else if (c === 0x7b || c === 0x5b) {
      const close = nextSignificant(text, i + 1);
      if (close === (c === 0x7b ? 0x7d : 0x5d)) {
        push(c === 0x7b ? '{}' : '[]');
        i = skipSpace(text, i + 1); // the closing bracket
        continue;
      }
      push(text[i]);
      depth++;
      newline();
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
      newline();
      push(text[i]);
    } else if (c === 0x2c) {
      push(',');
      newline();
    } else if (c === 0x3a) push(': ');
    else {
      // A number or literal: copy its run as written.
      let end = i + 1;
      while (end < text.length && !isDelimiter(text.charCodeAt(end))) end++;
      push(text.slice(i, end));
      i = end - 1;
    }
  }
  return length > maxChars ? undefined : out.join('');
}

function isDelimiter(c: number): boolean {
  return c === 0x2c || c === 0x7d || c === 0x5d || c === 0x3a || isSpace(c);
}

/** The index of the first non-space character at or after `from`. */
function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

function nextSignificant(text: string, from: number): number {
  return text.charCodeAt(skipSpace(text, from));
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** 1,234 */
export function count(n: number): string {
  return n.toLocaleString('en-US');
}
