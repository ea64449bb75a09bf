// One value of a simple ABI type (integer, address, bool, bytes, string) read from what a person
// typed, exactly: integers become bigint without passing through a float, addresses the lowercase
// `0x` form viem encodes. Each answer is the value or the problem in words, the user's text shown
// cut short and with its invisible characters visible. The caller names the parameter.
//
// What is accepted, decided once for every place an argument is typed:
// - Surrounding spaces are ignored for everything but `string`, which is the text exactly as typed
//   (spaces and quotes are part of it; no JSON quoting at the top level).
// - Integers: decimal (`1000`, leading zeros mean nothing), `_` between digits (`1_000_000`, as in
//   Solidity and JavaScript; commas are refused, they read differently across locales), scientific
//   notation when the value is whole (`1e18`, `2.5e3`), or `0x` hex (`0xff_ff`); `-` before either
//   for a signed type. No `+`, no fractions that are not whole.
// - bool: `true` or `false` in any letter case; nothing else (no 1/0, no yes/no).
// - address: `0.0.n` or `shard.realm.num` (its long-zero address), with an optional HIP-15 checksum
//   (`0.0.n-abcde`), or `0x` + 40 hex digits: one case, or mixed case that is its EIP-55 checksum.
// - bytes / bytesN: `0x` + hex digits, an even number; bytesN exactly N bytes (no padding added).
// - string: any text, bidi and control characters included (they are the user's own), except a
//   lone UTF-16 surrogate, which UTF-8 cannot carry.
// - A checksum is checked against the network given, or else must be that of one Hedera ledger.
import { type Network, NETWORK_INFO, isNetwork, ledgerOf } from '../ledger/networks';
import { entityChecksum, formatEntityId, parseEntityIdWithChecksum } from '../ledger/entityId';
import { entityIdToLongZero } from '../ledger/evm';
import { cut } from '../ledger/text';
import { visibleText } from './text';
import { checksumAddress } from './viem';

/** The mirror node's limit on a call's `data`: 262,146 characters including `0x`. */
export const MAX_CALL_DATA_CHARS = 262_146;
/** The bytes that limit allows (selector included). */
export const MAX_CALL_DATA_BYTES = (MAX_CALL_DATA_CHARS - 2) / 2;
/** Longest text read as a number, an address or a bool (anything longer is refused unread). */
export const MAX_SCALAR_CHARS = 1_000;

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

export interface IntegerType {
  readonly signed: boolean;
  readonly bits: number;
  /** `uint256`, `int64`. */
  readonly label: string;
}

export interface ScalarOptions {
  /** The network whose HIP-15 checksums `0.0.n-abcde` must carry (any Hedera ledger's when absent). */
  readonly network?: Network;
}

const good = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = (problem: string): Parsed<never> => ({ ok: false, problem });

/** The user's text in a message: quoted, cut to 40 characters, invisible characters shown. */
export function quoted(text: string): string {
  return `"${visibleText(cut(text, 40))}"`;
}

export function integerBounds(type: IntegerType): { readonly min: bigint; readonly max: bigint } {
  const bits = BigInt(type.bits);
  return type.signed
    ? { min: -(1n << (bits - 1n)), max: (1n << (bits - 1n)) - 1n }
    : { min: 0n, max: (1n << bits) - 1n };
}

/** `uint64 takes 0 to 18446744073709551615`; wider types add the power form. */
export function rangeWords(type: IntegerType): string {
  const { min, max } = integerBounds(type);
  const exact = `${type.label} takes ${min} to ${max}`;
  if (type.bits <= 64) return exact;
  return type.signed ? `${exact} (−2^${type.bits - 1} to 2^${type.bits - 1}−1)` : `${exact} (2^${type.bits}−1)`;
}

const HEX_OR_SEPARATOR = /^[0-9a-fA-F_]+$/;
const DECIMAL = /^([0-9_]+)(?:\.([0-9_]+))?(?:[eE]([+-]?[0-9]+))?$/;
// More significant digits than this is beyond any 256-bit value, decided before BigInt reads it.
const MAX_DECIMAL_DIGITS = 80;
const MAX_HEX_DIGITS = 66;

function misplacedSeparator(digits: string): boolean {
  return digits.startsWith('_') || digits.endsWith('_') || digits.includes('__');
}

/** An integer of `type` from decimal, scientific or hex text (see the file's head for the forms). */
export function parseInteger(text: string, type: IntegerType): Parsed<bigint> {
  const s = text.trim();
  if (s === '') return bad(`empty: type a whole number; ${rangeWords(type)}`);
  if (s.length > MAX_SCALAR_CHARS)
    return bad(`${s.length.toLocaleString('en-US')} characters: far too long for a number; ${rangeWords(type)}`);
  const negative = s.startsWith('-');
  const body = negative ? s.slice(1) : s;
  const magnitude =
    body.startsWith('0x') || body.startsWith('0X') ? hexMagnitude(body.slice(2)) : decimalMagnitude(body);
  if (magnitude === 'too large') return bad(`${quoted(s)} is beyond ${type.label}: ${rangeWords(type)}`);
  if (typeof magnitude === 'object') return bad(`${quoted(s)} ${magnitude.problem}`);
  const { min, max } = integerBounds(type);
  const value = negative ? -magnitude : magnitude;
  if (value < 0n && !type.signed) return bad(`${quoted(s)} is negative: ${rangeWords(type)}`);
  if (value < min || value > max) return bad(`${quoted(s)} is beyond ${type.label}: ${rangeWords(type)}`);
  return good(value);
}

type Magnitude = bigint | 'too large' | { readonly problem: string };

function hexMagnitude(hex: string): Magnitude {
  if (hex === '' || !HEX_OR_SEPARATOR.test(hex))
    return { problem: 'is not a number: after 0x come hex digits (0-9, a-f)' };
  if (misplacedSeparator(hex)) return { problem: 'is not a number: "_" goes between two digits' };
  const digits = hex.replace(/_/g, '').replace(/^0+/, '');
  if (digits.length > MAX_HEX_DIGITS) return 'too large';
  return digits === '' ? 0n : BigInt(`0x${digits}`);
}

function decimalMagnitude(body: string): Magnitude {
  const m = DECIMAL.exec(body);
  if (!m) {
    if (body.includes(','))
      return { problem: 'is not a number: commas do not group digits here (write 1000000 or 1_000_000)' };
    if (body.startsWith('+')) return { problem: 'is not a number: no "+" (a number without a sign is positive)' };
    return { problem: 'is not a whole number: type digits (1_000 to group them), 1e18, or 0x and hex digits' };
  }
  const [, whole, fraction = '', exponentText = '0'] = m;
  if (misplacedSeparator(whole) || (fraction !== '' && misplacedSeparator(fraction)))
    return { problem: 'is not a number: "_" goes between two digits' };
  const fractionDigits = fraction.replace(/_/g, '');
  let digits = `${whole.replace(/_/g, '')}${fractionDigits}`.replace(/^0+/, '');
  if (digits === '') return 0n;
  // digits × 10^scale, where scale may be negative (then the dropped digits must all be zero).
  const scale = Number(exponentText) - fractionDigits.length;
  if (scale < 0) {
    const kept = digits.length + scale;
    if (kept <= 0 || !/^0*$/.test(digits.slice(kept))) return { problem: 'is not a whole number' };
    digits = digits.slice(0, kept);
  } else if (digits.length + scale > MAX_DECIMAL_DIGITS) {
    return 'too large';
  } else {
    digits += '0'.repeat(scale);
  }
  return digits.length > MAX_DECIMAL_DIGITS ? 'too large' : BigInt(digits);
}

export function parseBool(text: string): Parsed<boolean> {
  const s = text.trim().toLowerCase();
  if (s === 'true') return good(true);
  if (s === 'false') return good(false);
  return bad(s === '' ? 'empty: type true or false' : `${quoted(text.trim())} is not true or false`);
}

const HEX_ONLY = /^[0-9a-fA-F]*$/;
const NOT_HEX = /[^0-9a-fA-F]/;

/** `0x` + hex digits; `size` (bytesN) asks for exactly that many bytes. `what` names the form in messages. */
export function parseHexBytes(text: string, size: number | null, what = 'bytes'): Parsed<`0x${string}`> {
  const s = text.trim();
  const form = size === null ? '0x and an even number of hex digits' : `0x and ${size * 2} hex digits`;
  if (s === '') return bad(`empty: type ${form}${size === null ? ' (0x alone for none)' : ''}`);
  if (s.length > MAX_CALL_DATA_CHARS) {
    return bad(
      `${s.length.toLocaleString('en-US')} characters: more than a call's data can carry (${MAX_CALL_DATA_CHARS.toLocaleString('en-US')} hex characters with 0x)`,
    );
  }
  if (!s.startsWith('0x') && !s.startsWith('0X')) return bad(`${quoted(s)} does not start with 0x: ${what} is ${form}`);
  const body = s.slice(2);
  if (!HEX_ONLY.test(body)) {
    const at = NOT_HEX.exec(body)?.index ?? 0;
    const ch = String.fromCodePoint(body.codePointAt(at) ?? 0);
    return bad(`${quoted(s)} has "${visibleText(ch)}" at character ${at + 3}, not a hex digit: ${what} is ${form}`);
  }
  if (body.length % 2 !== 0) return bad(`${quoted(s)} has an odd number of hex digits (${body.length}): a byte is two`);
  if (size !== null && body.length !== size * 2) {
    return bad(
      `${quoted(s)} is ${body.length / 2} byte${body.length === 2 ? '' : 's'}: ${what} is exactly ${size} (${form})`,
    );
  }
  return good(`0x${body.toLowerCase()}` as const);
}

// A UTF-16 surrogate without its other half: UTF-8 cannot encode it (viem would write U+FFFD).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A `string` argument: the text exactly as given. */
export function parseStringValue(text: string): Parsed<string> {
  // UTF-8 takes at least as many bytes as the text has UTF-16 units.
  if (text.length > MAX_CALL_DATA_BYTES) {
    return bad(
      `${text.length.toLocaleString('en-US')} characters: more than a call's data can carry (${MAX_CALL_DATA_BYTES.toLocaleString('en-US')} bytes)`,
    );
  }
  const lone = LONE_SURROGATE.exec(text);
  if (lone) {
    const code = (lone[0].codePointAt(0) ?? 0).toString(16).toUpperCase();
    return bad(`has a lone surrogate (U+${code}) at character ${lone.index + 1}, which UTF-8 cannot encode`);
  }
  return good(text);
}

const ADDRESS_FORMS = '0.0.1234, 0.0.1234-abcde, or 0x and 40 hex digits';
const ID_LIKE = /^\d+\.\d+\.\d+(?:-[A-Za-z]*)?$/;
const CHECKSUM_LEDGERS: readonly Network[] = ['mainnet', 'testnet', 'previewnet'];

/** An address from an entity id (long-zero) or `0x` + 40 hex digits: the lowercase `0x` form. */
export function parseAddress(text: string, options: ScalarOptions = {}): Parsed<`0x${string}`> {
  const s = text.trim();
  if (s === '') return bad(`empty: type ${ADDRESS_FORMS}`);
  if (s.length > MAX_SCALAR_CHARS)
    return bad(`${s.length.toLocaleString('en-US')} characters: far too long for an address`);
  if (s.startsWith('0x') || s.startsWith('0X')) return hexAddress(s);
  if (s.length === 40 && HEX_ONLY.test(s)) return bad(`${quoted(s)} needs 0x in front to be an EVM address`);
  if (/^\d/.test(s)) return idAddress(s, options);
  return bad(`${quoted(s)} is not an address: type ${ADDRESS_FORMS}`);
}

function hexAddress(s: string): Parsed<`0x${string}`> {
  const body = s.slice(2);
  if (!HEX_ONLY.test(body)) {
    const at = NOT_HEX.exec(body)?.index ?? 0;
    const ch = String.fromCodePoint(body.codePointAt(at) ?? 0);
    return bad(
      `${quoted(s)} has "${visibleText(ch)}" at character ${at + 3}, not a hex digit: an address is 0x and 40 hex digits`,
    );
  }
  if (body.length !== 40) return bad(`${quoted(s)} has ${body.length} hex digits after 0x: an address has 40`);
  const lower = `0x${body.toLowerCase()}` as const;
  const oneCase = body === body.toLowerCase() || body === body.toUpperCase();
  if (!oneCase && checksumAddress(lower) !== `0x${body}`) {
    return bad(
      `${quoted(s)} mixes upper and lower case but is not its EIP-55 checksum: a mistyped digit? (all lowercase is not checked)`,
    );
  }
  return good(lower);
}

function idAddress(s: string, options: ScalarOptions): Parsed<`0x${string}`> {
  const parsed = parseEntityIdWithChecksum(s);
  if (!parsed) {
    if (/^\d+$/.test(s)) return bad(`${quoted(s)} is not an address: an account or contract id is written 0.0.${s}`);
    if (ID_LIKE.test(s)) {
      return bad(
        `${quoted(s)} is not an id: each part has 1 to 10 digits, a checksum five lowercase letters (0.0.1234-abcde)`,
      );
    }
    return bad(`${quoted(s)} is not an address: type ${ADDRESS_FORMS}`);
  }
  const { id, checksum } = parsed;
  if (checksum !== undefined) {
    const problem = checksumProblem(id, checksum, options.network);
    if (problem) return bad(`${quoted(s)}: ${problem}`);
  }
  try {
    return good(entityIdToLongZero(id) as `0x${string}`);
  } catch (error) {
    return bad(`${quoted(s)} has no address: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function checksumProblem(
  id: Parameters<typeof entityChecksum>[0],
  checksum: string,
  network?: Network,
): string | undefined {
  const ledger = network && isNetwork(network) ? ledgerOf(network) : undefined;
  const ledgers = ledger && NETWORK_INFO[ledger].ledgerId !== undefined ? [ledger] : CHECKSUM_LEDGERS;
  const expected = ledgers.map(n => ({ network: n, checksum: entityChecksum(id, n) }));
  if (expected.some(e => e.checksum === checksum)) return undefined;
  const names = expected.map(e => `${e.network} ${formatEntityId(id)}-${e.checksum}`).join(', ');
  return `the checksum -${checksum} is not the id's on ${ledgers.length === 1 ? ledgers[0] : 'any Hedera network'} (${names}): a mistyped digit?`;
}
