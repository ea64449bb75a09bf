// Transaction ids in their two spellings (the SDK's `0.0.x@sss.nnn` and the mirror node's
// `0.0.x-sss-nnn`) and 48-byte transaction hashes.
import { type EntityId, entityId, formatEntityId } from './entityId';
import { padNanos } from './timestamp';

export interface TransactionId {
  readonly payer: EntityId;
  /** The valid-start seconds. */
  readonly seconds: bigint;
  /** The valid-start nanoseconds, 0 – 999,999,999. */
  readonly nanos: number;
}

const INT64_MAX = 9_223_372_036_854_775_807n;

// The mirror node's own rule for the path: `(\d{1,10})\.(\d{1,10})\.(\d{1,10})-(\d{1,19})-(\d{1,9})`.
// The SDK form uses the same parts. The nanoseconds are an integer in both spellings (the SDK
// prints them padded to nine digits), so `@1.5` means 5 ns, unlike a consensus timestamp. Scripts
// also print `0.0.x@sss` (a valid start on a whole second): the nanoseconds are then 0.
const DASH_FORM = /^(\d{1,10})\.(\d{1,10})\.(\d{1,10})-(\d{1,19})-(\d{1,9})$/;
const AT_FORM = /^(\d{1,10})\.(\d{1,10})\.(\d{1,10})@(\d{1,19})(?:\.(\d{1,9}))?$/;

/**
 * Parses `0.0.x-sss-nnn`, `0.0.x@sss.nnn` or `0.0.x@sss` (nanoseconds 0). Mixed separators (`0.1.10-1234567891.000000000`,
 * which the mirror node refuses), checksums and suffixes (`?scheduled`, `/nonce`) are refused, as
 * are seconds above the int64 range. The text must be exactly the id.
 */
export function parseTransactionId(text: string): TransactionId | undefined {
  const m = DASH_FORM.exec(text) ?? AT_FORM.exec(text);
  if (!m) return undefined;
  const seconds = BigInt(m[4]);
  if (seconds > INT64_MAX) return undefined;
  return { payer: entityId(BigInt(m[1]), BigInt(m[2]), BigInt(m[3])), seconds, nanos: Number(m[5] ?? '0') };
}

/** `0.0.x-sss-nnnnnnnnn`: the path form the mirror node expects and the form it answers with. */
export function formatTransactionIdDash(id: TransactionId): string {
  return `${formatEntityId(id.payer)}-${id.seconds}-${padNanos(id.nanos)}`;
}

/** `0.0.x@sss.nnnnnnnnn`: the SDK form. */
export function formatTransactionIdAt(id: TransactionId): string {
  return `${formatEntityId(id.payer)}@${id.seconds}.${padNanos(id.nanos)}`;
}

export function transactionIdsEqual(a: TransactionId, b: TransactionId): boolean {
  return (
    a.seconds === b.seconds &&
    a.nanos === b.nanos &&
    a.payer.shard === b.payer.shard &&
    a.payer.realm === b.payer.realm &&
    a.payer.num === b.payer.num
  );
}

const HEX_HASH = /^(?:0x)?([0-9a-fA-F]{96})$/;
const BASE64_HASH = /^[A-Za-z0-9+/_-]{64}$/;

/**
 * A 48-byte transaction hash as the mirror node accepts it in the path:
 * - 96 hex digits with an optional `0x` → `0x` + lowercase hex;
 * - 64 base64 characters (48 bytes need no padding) → base64url. The mirror node's responses
 *   give `transaction_hash` in standard base64, whose `/` cannot travel in a path segment, so
 *   `+` and `/` become `-` and `_`; base64url text comes back as given.
 * Padded (`…===`) or shorter hashes are refused, as the mirror node refuses them.
 */
export function parseTransactionHash(text: string): string | undefined {
  const hex = HEX_HASH.exec(text);
  if (hex) return `0x${hex[1].toLowerCase()}`;
  if (BASE64_HASH.test(text)) return text.replace(/\+/g, '-').replace(/\//g, '_');
  return undefined;
}
