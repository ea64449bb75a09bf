// Finding ledger references (entity ids, EVM addresses, transaction ids) in source text. Pure (no
// vscode) and built for speed: one compiled regular expression does all the scanning, so a whole
// document is one pass of the regex engine, and a hover only scans a small window of its line.
import { type EntityId, entityChecksum } from './entityId';
import { longZeroToEntityId } from './evm';
import { ledgerOf, type Network } from './networks';
import type { TransactionId } from './transactionId';

export interface ReferenceOptions {
  /** Accept any `shard.realm` (the `ledgerLens.hover.anyShardRealm` setting); default only `0.0`. */
  readonly anyShardRealm?: boolean;
  /**
   * The ledger whose HIP-15 checksums apply (`ledgerOf` the network); without it, or for a network
   * with no ledger (`local`), checksums are reported but not checked.
   */
  readonly ledger?: Network;
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

// Capture groups: 1 the EVM address's hex digits; 2-4 shard, realm, num; then either 5-6 the
// seconds and nanos of a dash-form transaction id, or 7 a checksum and/or 8-9 the seconds and
// nanos of an at-form one (`0.0.x@sss` without nanos, as scripts print it, means nanos 0). The three id forms share their prefix so a run of digits is read once.
const FULL = new RegExp(
  `${BEFORE}(?:0x([0-9a-fA-F]{40})|${PART}\\.${PART}\\.${PART}` +
    String.raw`(?:-(\d{1,19})-(\d{1,9})|(?:-([a-z]{5}))?(?:@(\d{1,19})(?:\.(\d{1,9}))?)?)` +
    `)${AFTER}`,
  'y',
);

// Where a reference may be: `.digits.digit` (the first dot of an id) or `0x`. Digits are common in
// source, and trying the full pattern at every one is slow; this pattern's first character is a
// `.` or `0`, which the regex engine skips to quickly. Any start of a reference lies just before
// one of these (the digits before the dot are walked back by hand).
const CANDIDATE = /\.\d{1,10}\.\d|0x/g;

// The longest reference: a transaction id with a checksum, all parts at their widest.
const MAX_REFERENCE_LENGTH = 10 * 3 + 2 + 6 + 1 + 19 + 1 + 9;
const INT64_MAX = 9_223_372_036_854_775_807n;
function fitsNetwork(shard: string, realm: string, options: ReferenceOptions): boolean {
  // Leading zeros are allowed ("00.0.5" is how some tools pad); compare as numbers cheaply.
  return options.anyShardRealm === true || (isZero(shard) && isZero(realm));
}

/** True when the digits starting at `at` (the realm, up to its dot) are all zeros. */
function isZeroRun(text: string, at: number): boolean {
  let i = at;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 48) continue;
    return code === 46 && i > at;
  }
  return false;
}

function isZero(digits: string): boolean {
  for (let i = 0; i < digits.length; i++) if (digits.charCodeAt(i) !== 48) return false;
  return true;
}

function checksumFields(id: EntityId, checksum: string | undefined, options: ReferenceOptions) {
  if (checksum === undefined) return {};
  if (options.ledger === undefined || ledgerOf(options.ledger) === undefined) return { checksum };
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
  const shard = m[2];
  const realm = m[3];
  if (!fitsNetwork(shard, realm, options)) return undefined;
  const id: EntityId = { shard: BigInt(shard), realm: BigInt(realm), num: BigInt(m[4]) };
  const dash = m[5] !== undefined;
  if (dash || m[8] !== undefined) {
    const seconds = BigInt(dash ? m[5] : m[8]);
    if (seconds > INT64_MAX) return undefined;
    return {
      kind: 'transaction',
      text,
      start,
      end,
      transactionId: { payer: id, seconds, nanos: Number(dash ? m[6] : (m[9] ?? '0')) },
      form: dash ? 'dash' : 'at',
      ...checksumFields(id, m[7], options),
    };
  }
  // 0.0.0 names no entity; it is nearly always a version ("version": "0.0.0").
  if (id.num === 0n && id.shard === 0n && id.realm === 0n) return undefined;
  return { kind: 'entity', text, start, end, id, ...checksumFields(id, m[7], options) };
}

/**
 * Calls `visit` with every match of the full pattern that starts at or after `from`, in order,
 * until it returns false or the candidates pass `until`. Matches refused by the network rule are still visited (as matches): they
 * are tokens, and a token is never cut into a smaller reference.
 */
function scan(
  text: string,
  from: number,
  until: number,
  zeroOnly: boolean,
  visit: (m: RegExpExecArray) => boolean,
): void {
  CANDIDATE.lastIndex = from;
  let tried = from; // starts below this were tried already
  for (let c = CANDIDATE.exec(text); c !== null && c.index <= until; c = CANDIDATE.exec(text)) {
    let start = c.index;
    if (text.charCodeAt(start) === 46 /* . */) {
      // Walk back over the shard's digits (at most ten: a longer run cannot start an id).
      let k = start;
      let zeros = true;
      while (k > 0 && start - k < 11) {
        const code = text.charCodeAt(k - 1);
        if (code < 48 || code > 57) break;
        if (code !== 48) zeros = false;
        k--;
      }
      if (k === start) continue;
      if (zeroOnly && !(zeros && isZeroRun(text, c.index + 1))) {
        // Not 0.0 (a version, an IP, a decimal): the full pattern could only match a token the
        // network rule refuses, and every later start inside this token is refused by the
        // lookbehind anyway, so skip it without running the full pattern.
        continue;
      }
      start = k;
    }
    if (start < tried) continue;
    tried = start + 1;
    FULL.lastIndex = start;
    const m = FULL.exec(text);
    if (m === null) continue;
    if (!visit(m)) return;
    CANDIDATE.lastIndex = tried = start + m[0].length;
  }
}

/**
 * The reference under `character` (an offset into `lineText`, as a hover position gives it), or
 * undefined. Only a window around the position is scanned, so a minified 1 MB line costs the same
 * as a short one; the lookbehind in the pattern sees the text before the window, so starting the
 * scan mid-token cannot invent a match.
 */
export function findReference(
  lineText: string,
  character: number,
  options: ReferenceOptions = {},
): Reference | undefined {
  const from = Math.max(0, character - MAX_REFERENCE_LENGTH);
  let found: RegExpExecArray | undefined;
  // The end is exclusive, but a position just after the last character still names the token
  // (VS Code puts the position on either side of the character under the mouse).
  // A reference starting at or before the position has its candidate (`0x`, or its first dot after
  // at most ten digits) at most 11 characters after it.
  scan(lineText, from, character + 11, options.anyShardRealm !== true, m => {
    if (m.index > character) return false;
    if (character <= m.index + m[0].length) {
      found = m;
      return false;
    }
    return true;
  });
  return found && toReference(found, options);
}

/**
 * Every reference in `text`, in order. One pass of one regex; the only allocations are per match.
 * `limit` stops early (a document with a million ids needs no more than the first few thousand).
 */
export function findReferences(
  text: string,
  options: ReferenceOptions = {},
  limit = Number.POSITIVE_INFINITY,
): Reference[] {
  const out: Reference[] = [];
  if (limit <= 0) return out;
  scan(text, 0, text.length, options.anyShardRealm !== true, m => {
    const ref = toReference(m, options);
    if (ref) out.push(ref);
    return out.length < limit;
  });
  return out;
}
