// Amounts as bigint from end to end: balances and fees are int64 tinybars, and contract results
// may give weibars (×10^10), which pass int64 easily. Number would drop digits above 2^53.

export const TINYBARS_PER_HBAR = 100_000_000n;
export const WEIBARS_PER_TINYBAR = 10_000_000_000n;
export const HBAR_SYMBOL = 'ℏ';

export const INT64_MAX = 9_223_372_036_854_775_807n;
export const INT64_MIN = -9_223_372_036_854_775_808n;

export function tinybarToWeibar(tinybars: bigint): bigint {
  return tinybars * WEIBARS_PER_TINYBAR;
}

/** Decimal digits grouped by thousands with commas: `-1,234,567`. Independent of the locale. */
export function formatGrouped(n: bigint): string {
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString();
  return `${negative ? '-' : ''}${groupDigits(digits)}`;
}

export interface HbarFormatOptions {
  /** Append ` ℏ` (default true). */
  readonly symbol?: boolean;
}

/** Tinybars as ℏ with exactly eight decimals and a grouped integer part: `-1,234.56789012 ℏ`. */
export function formatTinybarsAsHbar(tinybars: bigint, opts: HbarFormatOptions = {}): string {
  const negative = tinybars < 0n;
  const abs = negative ? -tinybars : tinybars;
  const whole = abs / TINYBARS_PER_HBAR;
  const fraction = (abs % TINYBARS_PER_HBAR).toString().padStart(8, '0');
  const text = `${negative ? '-' : ''}${groupDigits(whole.toString())}.${fraction}`;
  return opts.symbol === false ? text : `${text} ${HBAR_SYMBOL}`;
}

// An optional sign, an integer part either plain or grouped by commas, up to eight decimals, and
// an optional ℏ or "hbar" after it: everything formatTinybarsAsHbar prints parses back.
const HBAR_AMOUNT = /^([+-]?)(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d{1,8}))?(?:\s*(?:ℏ|hbars?))?$/i;

/**
 * Parses an ℏ amount (`12.5`, `-1,234.56789012 ℏ`, `3 hbar`) into tinybars. Undefined for more
 * than eight decimals (not a whole tinybar) or a result outside int64.
 */
export function parseHbarAmount(text: string): bigint | undefined {
  const m = HBAR_AMOUNT.exec(text.trim());
  if (!m) return undefined;
  // int64 tinybars hold at most 11 whole-ℏ digits: refuse longer runs before BigInt reads them all.
  const digits = m[2].replace(/,/g, '').replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_WHOLE_HBAR_DIGITS) return undefined;
  const whole = BigInt(digits);
  const fraction = BigInt((m[3] ?? '').padEnd(8, '0'));
  const abs = whole * TINYBARS_PER_HBAR + fraction;
  const value = m[1] === '-' ? -abs : abs;
  return value > INT64_MAX || value < INT64_MIN ? undefined : value;
}

const HEX_QUANTITY = /^0x[0-9a-fA-F]+$/;
/** INT64_MAX / 10^8 = 92,233,720,368 ℏ: eleven digits. */
const MAX_WHOLE_HBAR_DIGITS = 11;
/** A uint256, the widest EVM word, is 64 hex digits. */
const MAX_HEX_DIGITS = 64;

/**
 * `0x`-prefixed hex (as contract results give gas and status) to bigint; `0x` alone means no value,
 * and so does more than a uint256 (64 significant digits; leading zeros are free).
 */
export function hexToBigint(hex: string): bigint | undefined {
  if (!HEX_QUANTITY.test(hex)) return undefined;
  const significant = hex.slice(2).replace(/^0+/, '');
  return significant.length > MAX_HEX_DIGITS ? undefined : BigInt(`0x${significant || '0'}`);
}

/**
 * Commas every three digits from the right, in one pass (a lookahead regex is quadratic on long
 * runs of digits: 100,000 digits took seconds).
 */
export function groupDigits(digits: string): string {
  const n = digits.length;
  if (n <= 3) return digits;
  const head = n % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < n; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}
