// Finding ledger references (entity ids, EVM addresses, transaction ids) in source text. Pure (no
// vscode) and built for speed: one compiled regular expression does all the scanning, so a whole
// document is one pass of the regex engine, and a hover only scans a small window of its line.
import {
  type EntityId,
  type LedgerNetwork,
  type TransactionId,
  entityChecksum,
  longZeroToEntityId,
} from '../../ledger';

export interface ReferenceOptions {
  /** Accept any `shard.realm` (the `ledgerLens.hover.anyShardRealm` setting); default only `0.0`. */
  readonly anyShardRealm?: boolean;
  /** The ledger whose HIP-15 checksums apply; without it checksums are reported but not checked. */
  readonly ledger?: LedgerNetwork;
}

interface Span {
  /** The text matched, exactly as written. */
  readonly text: string;
  /** Offsets in the scanned string (the line for findReference, the document for findReferences). */
  readonly start: number;
  readonly end: number;
}

export interface EntityReference extends Span {
  readonly kind: 'entity';
  readonly id: EntityId;
  /** The five letters after the dash, when written. */
  readonly checksum?: string;
  /** Whether the checksum is right for `options.ledger`; undefined without a checksum or a ledger. */
  readonly checksumValid?: boolean;
  /** The right checksum, when one was written for a known ledger. */
  readonly expectedChecksum?: string;
}

export interface EvmReference extends Span {
  readonly kind: 'evm';
  /** `0x` + 40 lowercase hex digits. */
  readonly address: string;
  /** The entity a long-zero address encodes. */
  readonly longZero?: EntityId;
}

export interface TransactionReference extends Span {
  readonly kind: 'transaction';
  readonly transactionId: TransactionId;
  readonly form: 'dash' | 'at';
  /** A HIP-15 checksum written after the payer (`0.0.2-abcde@1.2`), and whether it is right. */
  readonly checksum?: string;
  readonly checksumValid?: boolean;
  readonly expectedChecksum?: string;
}

export type Reference = EntityReference | EvmReference | TransactionReference;

// The boundaries carry the "not matched" rules:
// - before: no word character (`v0.0.12`, `x0.0.1`), no `.` (the tail of `10.0.0.1`), no version
//   range or package marker (`^0.0.3`, `~0.0.3`, `pkg@0.0.3`), no `-` (`lib-0.0.3`), no `#`.
// - after: no word character (`0.0.1a`), no `.`, `-` or `@` leading into more of a word or number
//   (`0.0.1.2`, `0.0.1-beta`, `0.0.3-rc.1`), so a longer token is never cut into an id.
// A sentence's full stop (`see 0.0.2.`) and punctuation in general are fine.
const BEFORE = String.raw`(?<![\w$.^~@#\-])`;
const AFTER = String.raw`(?![\w$]|[.\-@][\w$])`;
const PART = String.raw`(\d{1,10})`;
const CHECKSUM = String.raw`(?:-([a-z]{5}))?`;

// Alternatives, by capture groups:
//   1 EVM address (hex digits of `0x` + 40)
//   2-5 transaction id, dash form: shard realm num, then 6 seconds 7 nanos  (checksum none)
//   8-11 transaction id, at form: shard realm num checksum?, 12 seconds 13 nanos
//   14-17 entity id: shard realm num checksum?
// The transaction forms come before the entity id so a transaction's payer is never taken alone.
const SOURCE =
  `${BEFORE}(?:` +
  String.raw`0x([0-9a-fA-F]{40})` +
  `|${PART}\\.${PART}\\.${PART}()-(\\d{1,19})-(\\d{1,9})` +
  `|${PART}\\.${PART}\\.${PART}${CHECKSUM}@(\\d{1,19})\\.(\\d{1,9})` +
  `|${PART}\\.${PART}\\.${PART}${CHECKSUM}` +
  `)${AFTER}`;

/** A fresh global regex per caller, so concurrent scans never share `lastIndex`. */
function referenceRegex(): RegExp {
  return new RegExp(SOURCE, 'g');
}

// The longest reference: a transaction id with a checksum, all parts at their widest.
const MAX_REFERENCE_LENGTH = 10 * 3 + 2 + 6 + 1 + 19 + 1 + 9;
const INT64_MAX = 9_223_372_036_854_775_807n;

function fitsNetwork(shard: string, realm: string, options: ReferenceOptions): boolean {
  // Leading zeros are allowed ("00.0.5" is how some tools pad); compare as numbers cheaply.
  return options.anyShardRealm === true || (isZero(shard) && isZero(realm));
}

function isZero(digits: string): boolean {
  for (let i = 0; i < digits.length; i++) if (digits.charCodeAt(i) !== 48) return false;
  return true;
}

function checksumFields(id: EntityId, checksum: string | undefined, options: ReferenceOptions) {
  if (checksum === undefined) return {};
  if (options.ledger === undefined) return { checksum };
  const expectedChecksum = entityChecksum(id, options.ledger);
  return { checksum, checksumValid: checksum === expectedChecksum, expectedChecksum };
}

/** Turns one match into a reference, or undefined when the network's shard.realm rule refuses it. */
function toReference(m: RegExpExecArray, options: ReferenceOptions): Reference | undefined {
  const text = m[0];
  const start = m.index;
  const end = start + text.length;
  if (m[1] !== undefined) {
    const address = `0x${m[1].toLowerCase()}`;
    const longZero = longZeroToEntityId(address);
    return longZero ? { kind: 'evm', text, start, end, address, longZero } : { kind: 'evm', text, start, end, address };
  }
  if (m[2] !== undefined || m[8] !== undefined) {
    const dash = m[2] !== undefined;
    const o = dash ? 2 : 8;
    if (!fitsNetwork(m[o]!, m[o + 1]!, options)) return undefined;
    const seconds = BigInt(m[o + 4]!);
    if (seconds > INT64_MAX) return undefined;
    const payer: EntityId = { shard: BigInt(m[o]!), realm: BigInt(m[o + 1]!), num: BigInt(m[o + 2]!) };
    const checksum = dash ? undefined : m[11];
    return {
      kind: 'transaction',
      text,
      start,
      end,
      transactionId: { payer, seconds, nanos: Number(m[o + 5]!) },
      form: dash ? 'dash' : 'at',
      ...checksumFields(payer, checksum, options),
    };
  }
  if (!fitsNetwork(m[14]!, m[15]!, options)) return undefined;
  const id: EntityId = { shard: BigInt(m[14]!), realm: BigInt(m[15]!), num: BigInt(m[16]!) };
  // 0.0.0 names no entity; it is nearly always a version ("version": "0.0.0").
  if (id.num === 0n && id.shard === 0n && id.realm === 0n) return undefined;
  return { kind: 'entity', text, start, end, id, ...checksumFields(id, m[17], options) };
}

/**
 * The reference under `character` (an offset into `lineText`, as a hover position gives it), or
 * undefined. Only a window around the position is scanned, so a minified 1 MB line costs the same
 * as a short one; the lookbehind in the pattern sees the text before the window, so starting the
 * scan mid-token cannot invent a match.
 */
export function findReference(lineText: string, character: number, options: ReferenceOptions = {}): Reference | undefined {
  const from = Math.max(0, character - MAX_REFERENCE_LENGTH);
  const re = referenceRegex();
  // Scanning a slice would lose the characters around it that the boundaries look at, so scan
  // the line itself from `from`, and stop once matches start after the position.
  re.lastIndex = from;
  for (let m = re.exec(lineText); m !== null && m.index <= character; m = re.exec(lineText)) {
    // The end is exclusive, but a position just after the last character still names this token
    // (VS Code puts the position on either side of the character under the mouse).
    if (character <= m.index + m[0].length) return toReference(m, options);
  }
  return undefined;
}

/**
 * Every reference in `text`, in order. One pass of one regex; the only allocations are per match.
 * `limit` stops early (a document with a million ids needs no more than the first few thousand).
 */
export function findReferences(text: string, options: ReferenceOptions = {}, limit = Number.POSITIVE_INFINITY): Reference[] {
  const out: Reference[] = [];
  const re = referenceRegex();
  for (let m = re.exec(text); m !== null && out.length < limit; m = re.exec(text)) {
    const ref = toReference(m, options);
    if (ref) out.push(ref);
  }
  return out;
}
