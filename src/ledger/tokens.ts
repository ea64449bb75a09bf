// What a token's metadata from the network may hold before it is shown: decimals checked (0..255
// integers), the symbol made inert and cut. A leaf of the pure core: the mirror's token metadata
// checks with it, present/amounts formats with it. Pure.
import { plainText } from './text';

/** The largest decimals a token may declare (the ledger stores them in an int32; HTS caps lower). */
export const MAX_TOKEN_DECIMALS = 255;
/** Symbols are cut to this many characters (a hostile token may send 10 KB). */
export const MAX_SYMBOL_LENGTH = 24;

/**
 * Token decimals as given by the network (number, bigint or a digit string), or undefined when they
 * are negative, not an integer, or above {@link MAX_TOKEN_DECIMALS}.
 */
export function checkDecimals(value: unknown): number | undefined {
  let n: bigint;
  if (typeof value === 'bigint') n = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) n = BigInt(value);
  else if (typeof value === 'string' && /^\d{1,3}$/.test(value)) n = BigInt(value);
  else return undefined;
  return n >= 0n && n <= BigInt(MAX_TOKEN_DECIMALS) ? Number(n) : undefined;
}

/** A token symbol for a plain-text place: one line, invisibles shown, cut to {@link MAX_SYMBOL_LENGTH}. */
export function tokenSymbol(symbol: string): string {
  if (symbol.length <= MAX_SYMBOL_LENGTH && SIMPLE_SYMBOL.test(symbol)) return symbol; // the common case, fast
  return plainText(symbol.trim(), MAX_SYMBOL_LENGTH);
}

const SIMPLE_SYMBOL = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;
