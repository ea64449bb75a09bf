// Lossless JSON for the mirror node's bodies, on Node 20 (no source-text reviver).
//
// JSON.parse turns every number into a double, so an integer above 2^53 loses digits before any
// schema sees it. Rather than a hand-written parser (4–6× slower than the native one), we rewrite
// the integer tokens that a double might not hold exactly (16 digits or more: 15 digits are always
// below 2^53) into JSON strings of the same digits, then let the native parser do all the work.
// The int64 schemas accept a number or a string of digits and turn both into a bigint, so the
// field ends up exact whatever its size; a field the schemas do not know keeps the server's digits
// as a string. (An int32 field never holds 16 digits, so no number field is turned into a string.)
//
// Two passes at most:
// 1. One native regex replace quotes every long integer in a value position (after `:`, `,` or
//    `[`), blind to strings; when it matches nothing, JSON.parse of the original text is exact.
//    A false hit inside a string cannot go unnoticed: the inserted quote ends that string right
//    before a digit or `-`, which the JSON grammar never allows, so JSON.parse throws.
// 2. Only then, rewrite with exact string tracking (quoteLongIntegers) and parse that; a body that
//    still fails is genuinely malformed.

// A leading zero makes an integer token invalid JSON: never quoted, so JSON.parse refuses it as is.
const VALUE_LONG_INTEGER = /([:,[]\s*)(-?[1-9]\d{15,})(?![\d.eE])/g;
const LONG_DIGIT_RUN = /\d{16}/;
const CANDIDATE = /-?\d{16,}/g;
const LEADING_NUMBER = /^\s*[-\d]/;
const BACKSLASH = 0x5c;

/**
 * Parses JSON keeping every integer exact: integers of up to 15 digits as numbers, longer ones as
 * strings of their digits (the schemas turn int64 fields into bigint). Throws SyntaxError on
 * malformed JSON.
 */
export function parseLossless(text: string): unknown {
  // A bare number as the whole document has no delimiter before it: only the exact pass sees it.
  if (LEADING_NUMBER.test(text)) return JSON.parse(quoteLongIntegers(text));
  const quoted = text.replace(VALUE_LONG_INTEGER, '$1"$2"');
  if (quoted.length === text.length) return JSON.parse(text);
  try {
    return JSON.parse(quoted);
  } catch {
    return JSON.parse(quoteLongIntegers(text));
  }
}

/**
 * Rewrites every integer token of 16 digits or more outside strings into a JSON string holding
 * the same characters (exact, string-aware). Everything else is copied verbatim.
 */
export function quoteLongIntegers(text: string): string {
  return rewriteIntegers(text, () => true);
}

/** True when JSON.parse alone would lose digits of some integer in `text` (above 2^53 - 1). */
export function hasUnsafeIntegers(text: string): boolean {
  return rewriteIntegers(text, isUnsafe) !== text;
}

function isUnsafe(token: string): boolean {
  const digits = token.charCodeAt(0) === 0x2d ? token.length - 1 : token.length;
  return digits > 16 || Math.abs(Number(token)) > Number.MAX_SAFE_INTEGER;
}

/** Quotes the integer tokens (16+ digits, outside strings) that `select` picks. */
function rewriteIntegers(text: string, select: (token: string) => boolean): string {
  if (!LONG_DIGIT_RUN.test(text)) return text;
  CANDIDATE.lastIndex = 0;
  const parts: string[] = [];
  let copied = 0; // text before this index is already in parts
  // The first quote not yet counted. Kept between candidates: searching afresh from each candidate
  // rescanned a long quote-free stretch once per integer in it (quadratic: 72 s for 7.9 MiB).
  let nextQuote = text.indexOf('"');
  let inString = false;
  let m: RegExpExecArray | null;
  while ((m = CANDIDATE.exec(text)) !== null) {
    const start = m.index;
    // Bring the in-string state up to `start` by walking the quotes between (native indexOf).
    while (nextQuote !== -1 && nextQuote < start) {
      if (!isEscaped(text, nextQuote)) inString = !inString;
      nextQuote = text.indexOf('"', nextQuote + 1);
    }
    if (inString) continue;
    const token = m[0];
    const end = start + token.length;
    const after = text.charCodeAt(end);
    // A fraction or an exponent follows: a float, not an integer token.
    if (after === 0x2e || after === 0x65 || after === 0x45) continue;
    const before = text.charCodeAt(start - 1);
    // Digits of a fraction (".123…") or of an exponent ("e+123…", "e-123…", "e123…").
    if (before === 0x2e || before === 0x65 || before === 0x45 || before === 0x2b || before === 0x2d) continue;
    // "0123…": not a JSON number; left as is for JSON.parse to refuse (quoting it would accept it).
    if (token.charCodeAt(token.charCodeAt(0) === 0x2d ? 1 : 0) === 0x30) continue;
    if (!select(token)) continue;
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
