// Lossless JSON for the mirror node's bodies, on Node 20 (no source-text reviver).
//
// JSON.parse turns every number into a double, so an integer above 2^53 loses digits before any
// schema sees it. Rather than a hand-written parser (4–6× slower than the native one), we rewrite
// only the integer tokens that a double cannot hold exactly into JSON strings, then let the native
// parser do all the work. The int64 schemas accept a number or a string of digits and turn both
// into a bigint, so the field ends up exact whatever its size; a field that the schemas do not know
// keeps the server's token as a string of digits.
//
// Nearly every body has no digit run of 16 or more characters at all, and a run of 15 digits is
// always below 2^53, so a single native regex test decides that the plain JSON.parse is exact.

const LONG_DIGIT_RUN = /\d{16}/;
const CANDIDATE = /-?\d{16,}/g;
const BACKSLASH = 0x5c;

/**
 * Rewrites every integer token outside strings whose magnitude is above Number.MAX_SAFE_INTEGER
 * into a JSON string holding the same characters. Everything else is copied verbatim.
 */
export function quoteUnsafeIntegers(text: string): string {
  if (!LONG_DIGIT_RUN.test(text)) return text;
  CANDIDATE.lastIndex = 0;
  const parts: string[] = [];
  let copied = 0; // text before this index is already in parts
  let scanned = 0; // quotes before this index have been counted
  let inString = false;
  let m: RegExpExecArray | null;
  while ((m = CANDIDATE.exec(text)) !== null) {
    const start = m.index;
    // Bring the in-string state up to `start` by walking the quotes between (native indexOf).
    let q = text.indexOf('"', scanned);
    while (q !== -1 && q < start) {
      if (!isEscaped(text, q)) inString = !inString;
      q = text.indexOf('"', q + 1);
    }
    scanned = start;
    if (inString) continue;
    const token = m[0];
    const end = start + token.length;
    const after = text.charCodeAt(end);
    // A fraction or an exponent follows: a float, not an integer token.
    if (after === 0x2e || after === 0x65 || after === 0x45) continue;
    const before = text.charCodeAt(start - 1);
    // Digits of a fraction (".123…") or of an exponent ("e+123…", "e-123…", "e123…").
    if (before === 0x2e || before === 0x65 || before === 0x45 || before === 0x2b || before === 0x2d) continue;
    const digits = token.charCodeAt(0) === 0x2d ? token.length - 1 : token.length;
    if (digits === 16 && Math.abs(Number(token)) <= Number.MAX_SAFE_INTEGER) continue;
    parts.push(text.slice(copied, start), '"', token, '"');
    copied = end;
  }
  if (copied === 0) return text;
  parts.push(text.slice(copied));
  return parts.join('');
}

function isEscaped(text: string, quoteIndex: number): boolean {
  let n = 0;
  for (let i = quoteIndex - 1; i >= 0 && text.charCodeAt(i) === BACKSLASH; i--) n++;
  return (n & 1) === 1;
}

/**
 * Parses JSON keeping every integer exact: safe integers as numbers, larger ones as strings of
 * their digits (to be turned into bigint by the schemas). Throws SyntaxError on malformed JSON.
 */
export function parseLossless(text: string): unknown {
  return JSON.parse(quoteUnsafeIntegers(text));
}

/** True when JSON.parse alone would lose digits of some integer in `text`. */
export function hasUnsafeIntegers(text: string): boolean {
  return quoteUnsafeIntegers(text) !== text;
}
