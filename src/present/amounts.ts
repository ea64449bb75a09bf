// Amounts as people read them: ℏ, signed ℏ, tinybars and weibars, token units with any decimals,
// and dollars from an exchange rate. bigint from end to end: never through a JS number.
import {
  HBAR_SYMBOL,
  TINYBARS_PER_HBAR,
  formatGrouped,
  formatTinybarsAsHbar,
  groupDigits,
  tinybarToWeibar,
} from '../ledger/units';
import { MAX_TOKEN_DECIMALS, checkDecimals, tokenSymbol } from '../ledger/tokens';

// The checks of a token's decimals and symbol live in ledger/tokens (the mirror layer uses them too).
export { MAX_SYMBOL_LENGTH, MAX_TOKEN_DECIMALS, checkDecimals, tokenSymbol } from '../ledger/tokens';

/** `1,234.56789012 ℏ` (eight decimals, grouped). */
export function hbar(tinybars: bigint): string {
  return formatTinybarsAsHbar(tinybars);
}

/** `+1.50000000 ℏ`, `-0.00084650 ℏ`, `0.00000000 ℏ`: a change always shows its sign. */
export function signedHbar(tinybars: bigint): string {
  const text = formatTinybarsAsHbar(tinybars);
  return tinybars > 0n ? `+${text}` : text;
}

/** `84,650 tinybars` (`1 tinybar`). */
export function tinybarText(tinybars: bigint): string {
  return `${formatGrouped(tinybars)} tinybar${tinybars === 1n || tinybars === -1n ? '' : 's'}`;
}

/** Weibars (EVM value, ×10^10 of tinybars) as `846,500,000,000,000 weibars`. */
export function weibarText(weibars: bigint): string {
  return `${formatGrouped(weibars)} weibar${weibars === 1n || weibars === -1n ? '' : 's'}`;
}

/** Tinybars as weibars, for the EVM side of a contract call. */
export function tinybarsAsWeibarText(tinybars: bigint): string {
  return weibarText(tinybarToWeibar(tinybars));
}

export interface TokenAmountOptions {
  /** Appended after a space, made safe and cut: `1,500.25 USDC`. */
  readonly symbol?: string;
  /** Show a leading `+` for positive amounts (a transfer). */
  readonly signed?: boolean;
  /** Drop trailing zeros of the fraction (default true): `1.5` rather than `1.500000`. */
  readonly trimZeros?: boolean;
}

/**
 * A token amount (in its smallest units) in whole units, exact for any decimals 0..255: grouped
 * integer part, sign kept, never `e+`. Undefined when the decimals are not usable (see
 * {@link checkDecimals}): show the raw amount instead.
 */
export function formatTokenAmount(
  amount: bigint,
  decimals: unknown,
  opts: TokenAmountOptions = {},
): string | undefined {
  const d =
    typeof decimals === 'number' && decimals >= 0 && decimals <= MAX_TOKEN_DECIMALS && Number.isInteger(decimals)
      ? decimals
      : checkDecimals(decimals);
  if (d === undefined) return undefined;
  const negative = amount < 0n;
  let digits = (negative ? -amount : amount).toString();
  if (digits.length <= d) digits = digits.padStart(d + 1, '0');
  const cut = digits.length - d;
  const whole = groupDigits(digits.slice(0, cut));
  let end = digits.length;
  if (opts.trimZeros !== false) while (end > cut && digits.charCodeAt(end - 1) === 48) end--;
  const sign = negative ? '-' : opts.signed && amount > 0n ? '+' : '';
  const text = end > cut ? `${sign}${whole}.${digits.slice(cut, end)}` : `${sign}${whole}`;
  const symbol = opts.symbol === undefined ? '' : tokenSymbol(opts.symbol);
  return symbol ? `${text} ${symbol}` : text;
}

/** The raw integer amount, grouped: what the tooltip and copy keep beside the units. */
export function rawAmount(amount: bigint): string {
  return formatGrouped(amount);
}

// ---------------------------------------------------------------------------------------------
// Dollars

/** One exchange rate as the mirror node gives it: `cent_equivalent` cents buy `hbar_equivalent` ℏ. */
export interface ExchangeRate {
  readonly cent_equivalent: bigint | number;
  readonly hbar_equivalent: bigint | number;
}

/** Fraction digits kept before rounding; enough for a single tinybar at any plausible rate. */
const FIAT_SCALE = 12;

/**
 * Tinybars in US dollars at a rate, exact: tinybars × cents / (ℏ × 10^8 × 100), rounded half away
 * from zero at the shown precision. Two decimals from $0.10 up, three significant digits below (at
 * most 12 decimals): `$1,234.57`, `$0.0421`, `$0.000000423`. Undefined for a rate that gives no
 * value (`hbar_equivalent` 0 or negative, negative cents).
 */
export function tinybarsToUsd(tinybars: bigint, rate: ExchangeRate): string | undefined {
  const cents = toBig(rate.cent_equivalent);
  const hbars = toBig(rate.hbar_equivalent);
  if (cents === undefined || hbars === undefined || hbars <= 0n || cents < 0n) return undefined;
  const negative = tinybars < 0n;
  const num = (negative ? -tinybars : tinybars) * cents;
  const den = hbars * TINYBARS_PER_HBAR * 100n;
  const scaled = roundDiv(num * 10n ** BigInt(FIAT_SCALE), den); // dollars × 10^12
  const unit = 10n ** BigInt(FIAT_SCALE);
  let decimals: number;
  if (scaled * 10n >= unit || scaled === 0n) decimals = 2;
  else {
    const leadingZeros = FIAT_SCALE - scaled.toString().length; // zeros right after the point
    decimals = Math.min(FIAT_SCALE, Math.max(2, leadingZeros + 3));
  }
  const shown = roundDiv(num * 10n ** BigInt(decimals), den);
  const digits = shown.toString().padStart(decimals + 1, '0');
  const whole = groupDigits(digits.slice(0, digits.length - decimals));
  const fraction = digits.slice(digits.length - decimals);
  const text = `$${whole}.${fraction}`;
  return negative && shown !== 0n ? `-${text}` : text;
}

/** `≈ $0.0421`, or undefined when no value can be given. */
export function approxUsd(tinybars: bigint, rate: ExchangeRate | undefined): string | undefined {
  if (!rate) return undefined;
  const usd = tinybarsToUsd(tinybars, rate);
  return usd === undefined ? undefined : `≈ ${usd}`;
}

/** `1 ℏ = $0.0523 (rate of 2023-11-14 22:00 UTC)`-style text of the rate itself, per whole ℏ. */
export function rateText(rate: ExchangeRate): string | undefined {
  const perHbar = tinybarsToUsd(TINYBARS_PER_HBAR, rate);
  return perHbar === undefined ? undefined : `1 ${HBAR_SYMBOL} = ${perHbar}`;
}

function toBig(v: bigint | number): bigint | undefined {
  if (typeof v === 'bigint') return v;
  return Number.isSafeInteger(v) ? BigInt(v) : undefined;
}

/** num / den (both ≥ 0, den > 0) rounded half up. */
function roundDiv(num: bigint, den: bigint): bigint {
  return (num * 2n + den) / (den * 2n);
}
