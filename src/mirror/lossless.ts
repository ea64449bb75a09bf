// Lossless JSON for the mirror node's bodies, on Node 20 (no source-text reviver).
//
// JSON.parse turns every number into a double, so an integer above 2^53 loses digits before any
// schema sees it. Rather than a hand-written parser (4–6× slower than the native one), we rewrite
// only the integer tokens that a double cannot hold exactly into JSON strings, then let the native
// parser do all the work. The int64 schemas accept a number or a string of digits and turn both
// into a bigint, so the field ends up exact whatever its size; a field that the schemas do not know
// keeps the server's token as a string of digits.
//
// Three speeds:
// 1. No value position (after `:`, `,` or `[`) holds a run of 16 digits: a run of 15 digits is
//    always below 2^53, so JSON.parse alone is exact. One regex test, anchored on those rarer
//    delimiter characters, decides it (far cheaper than scanning for any digit run).
// 2. Otherwise quote every such long integer without tracking whether it sits inside a string.
//    A false hit inside a string cannot go unnoticed: the inserted quote ends that string right
//    before a digit or `-`, which no JSON grammar allows, so JSON.parse throws.
// 3. Only then, rewrite again with exact string tracking (quoteUnsafeIntegers) and parse that;
//    a body that still fails is genuinely malformed.

const VALUE_WITH_LONG_RUN = /[:,[]\s*-?\d{16}/;
const VALUE_CANDIDATE = /([:,[]\s*)(-?\d{16,})(?![\d.eE])/g;
const LONG_DIGIT_RUN = /\d{16}/;
const CANDIDATE = /-?\d{16,}/g;
const BACKSLASH = 0x5c;

/**
 * Parses JSON keeping every integer exact: safe integers as numbers, larger ones as strings of
 * their digits (to be turned into bigint by the schemas). Throws SyntaxError on malformed JSON.
 */
export function parseLossless(text: string): unknown {
  // A bare number as the whole document has no delimiter before it: only the exact pass sees it.
  if (startsWithNumber(text)) return JSON.parse(quoteUnsafeIntegers(text));
  if (!VALUE_WITH_LONG_RUN.test(text)) return JSON.parse(text);
  const optimistic = quoteValueIntegers(text);
  if (optimistic === text) return JSON.parse(text);
  try {
    return JSON.parse(optimistic);
  } catch {
    return JSON.parse(quoteUnsafeIntegers(text));
  }
}

const LEADING_NUMBER = /^\s*[-\d]/;
function startsWithNumber(text: string): boolean {
  return LEADING_NUMBER.test(text);
}

function isUnsafe(token: string): boolean {
  const digits = token.charCodeAt(0) === 0x2d ? token.length - 1 : token.length;
  return digits > 16 || Math.abs(Number(token)) > Number.MAX_SAFE_INTEGER;
}

/** Speed 2 above: quotes long integers in value positions, blind to strings. */
function quoteValueIntegers(text: string): string {
  VALUE_CANDIDATE.lastIndex = 0;
  const parts: string[] = [];
  let copied = 0;
  let m: RegExpExecArray | null;
  while ((m = VALUE_CANDIDATE.exec(text)) !== null) {
    const token = m[2]!;
    if (!isUnsafe(token)) continue;
    const start = m.index + m[1]!.length;
    parts.push(text.slice(copied, start), '"', token, '"');
    copied = start + token.length;
  }
  if (copied === 0) return text;
  parts.push(text.slice(copied));
  return parts.join('');
}

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
    if (!isUnsafe(token)) continue;
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

/** True when JSON.parse alone would lose digits of some integer in `text`. */
export function hasUnsafeIntegers(text: string): boolean {
  return quoteUnsafeIntegers(text) !== text;
}
