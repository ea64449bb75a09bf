// What a user may paste into "Lookup transaction", turned into the one request the mirror node
// understands, or refused with the expected form before any request. Pure (no vscode).
//
// Accepted: `0.0.x-sss-nnn`, `0.0.x@sss.nnn` or `0.0.x@sss` (nanoseconds 0; with the SDK's
// `?scheduled` and `/nonce` suffixes), `0.0.x@<date>` (the valid start in the one timestamp
// grammar of present/timestampInput.ts: `0.0.x@2023-11-14T22:13:20.5Z`, `0.0.x@2023-11-14 22:13:20 UTC`),
// a 48-byte hash (96 hex digits with or without 0x, or 64 base64/base64url characters), a HashScan
// transaction link, each optionally followed by `nonce=N` and `scheduled=true|false`.
import {
  type Network,
  type TransactionId,
  type TransactionReference,
  findReference,
  findReferences,
  networkOfHashscan,
  formatTransactionIdAt,
  formatTransactionIdDash,
  parseTransactionHash,
  parseTransactionId,
} from '../../ledger';
import { plainText } from '../../present/text';
import { parseTimestampInput } from '../../present/timestampInput';
import { DATE_START, diagnoseSubject } from './transactionDiagnose';

export interface TransactionQuery {
  /** What goes into the path: the `-` form of an id, `0x`+hex or base64url of a hash. */
  readonly idOrHash: string;
  readonly kind: 'id' | 'hash';
  readonly transactionId?: TransactionId;
  /** int32 ≥ 0: 0 the user-submitted transaction, > 0 the node-generated children. */
  readonly nonce?: number;
  readonly scheduled?: boolean;
  /** The ledger a pasted HashScan link named (`mainnet`, `testnet`, `previewnet`: the table's `hashscan`). */
  readonly linkNetwork?: Network;
}

export type ParsedLookup =
  | { readonly ok: true; readonly query: TransactionQuery }
  | {
      readonly ok: false;
      /** The problem and the forms accepted (a notification, the command's outcome). */
      readonly message: string;
      /** The problem alone, naming the part that is wrong (the quick pick's item). */
      readonly problem: string;
    };

/** The mirror node's own wording for a malformed id (recorded 400 responses), which the seed quotes. */
export const MALFORMED_TRANSACTION_ID =
  'Invalid transaction id: use the "shard.realm.num-sss-nnn" form, where sss are seconds and nnn are nanoseconds ' +
  '(e.g. 0.0.1234-1700000000-123456789). Also accepted: 0.0.1234@1700000000.123456789 (or 0.0.1234@1700000000 ' +
  'for nanoseconds 0, or 0.0.1234@2023-11-14T22:13:20Z with a UTC date), a transaction hash ' +
  '(96 hex digits, optionally with 0x, or 64 base64 characters) or a HashScan transaction link.';

/** Shown under the input: the forms, and the optional filters. */
export const LOOKUP_PROMPT =
  'A transaction id (0.0.1234-1700000000-123456789, 0.0.1234@1700000000.123456789, 0.0.1234@1700000000 or ' +
  '0.0.1234@2023-11-14T22:13:20Z), a 48-byte hash ' +
  '(96 hex or 64 base64) or a HashScan link. Optional filters after it: nonce=N (0 = user-submitted, > 0 = ' +
  'node-generated children), scheduled=true|false.';

export const INT32_MAX = 2_147_483_647;
const MAX_INPUT = 2048;

/** Parses the text of the input box (or a command argument). */
export function parseTransactionLookup(raw: string): ParsedLookup {
  if (raw.length > MAX_INPUT) return fail('That is too long to be a transaction id or hash.');
  const tokens = joinDate(
    raw
      .trim()
      .split(/[\s,]+/)
      .filter(t => t.length > 0),
  );
  if (tokens.length === 0) return malformed('Type a transaction id, a hash or a HashScan link.');
  const [subject, ...filters] = tokens as [string, ...string[]];

  const base = parseSubject(subject);
  if (!base.ok) return base;
  let { nonce, scheduled } = base.query;
  for (const f of filters) {
    const m = /^(nonce|scheduled)[=:](.*)$/i.exec(f);
    if (!m) return fail(`Unexpected "${clip(f)}" after the id: only nonce=N and scheduled=true|false may follow it.`);
    const value = m[2];
    if (m[1].toLowerCase() === 'nonce') {
      const n = parseNonce(value);
      if (n === undefined)
        return fail(
          `nonce must be a whole number from 0 to ${INT32_MAX} (0 = user-submitted, > 0 = node-generated child); got "${clip(value)}".`,
        );
      nonce = n;
    } else {
      if (!/^(true|false)$/i.test(value)) return fail(`scheduled must be true or false; got "${clip(value)}".`);
      scheduled = value.toLowerCase() === 'true';
    }
  }
  return {
    ok: true,
    query: {
      ...base.query,
      ...(nonce === undefined ? {} : { nonce }),
      ...(scheduled === undefined ? {} : { scheduled }),
    },
  };
}

/** The label a query gets in titles and messages: the SDK form of an id, the hash as pasted otherwise. */
export function describeQuery(query: TransactionQuery): string {
  const base = query.transactionId ? formatTransactionIdAt(query.transactionId) : shortHash(query.idOrHash);
  const parts = [base];
  if (query.nonce !== undefined) parts.push(`nonce ${query.nonce}`);
  if (query.scheduled !== undefined) parts.push(query.scheduled ? 'scheduled' : 'not scheduled');
  return parts.join(', ');
}

/** The text that reproduces a query in the input box (round-trips through parseTransactionLookup). */
export function queryToText(query: TransactionQuery): string {
  const parts = [query.idOrHash];
  if (query.nonce !== undefined) parts.push(`nonce=${query.nonce}`);
  if (query.scheduled !== undefined) parts.push(`scheduled=${query.scheduled}`);
  return parts.join(' ');
}

export function parseNonce(text: string): number | undefined {
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const n = Number(text);
  return n <= INT32_MAX ? n : undefined;
}

/**
 * A date typed with spaces (`0.0.x@2023-11-14 22:13:20 UTC`, as our panels and HashScan write a
 * time) arrives as several tokens: put the valid start back together before reading the filters.
 */
function joinDate(tokens: string[]): string[] {
  const [subject, time, zone] = tokens;
  if (subject === undefined || time === undefined || !/@\d{4}-\d{1,2}-\d{1,2}$/.test(subject)) return tokens;
  if (!/^\d{1,2}:\d{1,2}(?::\d{1,2}(?:\.\d{1,9})?)?(?:Z|UTC)?$/i.test(time)) return tokens;
  const zoned = zone !== undefined && /^(?:Z|UTC|[+-]\d\d:?\d\d)$/i.test(zone);
  return [`${subject} ${time}${zoned ? ` ${zone}` : ''}`, ...tokens.slice(zoned ? 3 : 2)];
}

/** `0.0.x@<date>`: the valid start as a date (UTC unless a zone is given; its fraction a decimal one). */
function idWithDate(text: string): TransactionId | undefined {
  const at = text.indexOf('@');
  if (at < 0 || !DATE_START.test(text.slice(at + 1))) return undefined;
  const r = parseTimestampInput(text.slice(at + 1));
  if (!r.ok || !r.fromDate) return undefined;
  const [seconds, nanos] = r.timestamp.split('.');
  return parseTransactionId(`${text.slice(0, at)}-${seconds}-${nanos}`);
}

function idOf(text: string): TransactionId | undefined {
  return parseTransactionId(text) ?? idWithDate(text);
}

function parseSubject(text: string): ParsedLookup {
  const link = hashscanLink(text);
  if (link) return link;

  // The SDK prints a scheduled transaction as `…?scheduled` and a child as `…/nonce`, only ever
  // after its own `@` spelling.
  let body = text;
  let scheduled: boolean | undefined;
  let nonce: number | undefined;
  const suffix = /^(.*?)(\?scheduled)?(?:\/(\d+))?$/.exec(body);
  if (suffix && (suffix[2] || suffix[3]) && suffix[1].includes('@') && idOf(suffix[1])) {
    body = suffix[1]!;
    if (suffix[2]) scheduled = true;
    if (suffix[3] !== undefined) {
      nonce = parseNonce(suffix[3]);
      if (nonce === undefined) return fail(`The nonce after "/" must be a whole number from 0 to ${INT32_MAX}.`);
    }
  }

  const id = idOf(body);
  if (id) {
    return {
      ok: true,
      query: {
        idOrHash: formatTransactionIdDash(id),
        kind: 'id',
        transactionId: id,
        ...(nonce === undefined ? {} : { nonce }),
        ...(scheduled === undefined ? {} : { scheduled }),
      },
    };
  }
  // 64 characters of hex (or 0x and 62 of hex) read as base64 would be a 48-byte hash made only of
  // hex letters (about one in 10^29): it is hex of the wrong length. Said as a length, not sent.
  const hexLike = body.length === 64 && /^(?:0x)?[0-9a-fA-F]+$/.test(body);
  const hash = hexLike ? undefined : parseTransactionHash(body);
  if (hash) return { ok: true, query: { idOrHash: hash, kind: 'hash' } };
  return malformed(diagnoseSubject(body) ?? 'That is not a transaction id, a hash or a HashScan link.');
}

/** A HashScan transaction link, or undefined when the text is not a HashScan link at all. */
function hashscanLink(text: string): ParsedLookup | undefined {
  if (!/^(https?:\/\/)?(www\.)?hashscan\.io\//i.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return fail('That HashScan link is not a valid URL.');
  }
  const segments = url.pathname.split('/').filter(s => s.length > 0);
  const network = segments[0]?.toLowerCase();
  if (segments[1]?.toLowerCase() !== 'transaction' || segments.length !== 3 || !network) {
    return fail(
      'Only HashScan transaction links are accepted: https://hashscan.io/<network>/transaction/<id or hash>.',
    );
  }
  const linkNetwork = networkOfHashscan(network);
  // HashScan names a transaction by its consensus timestamp and carries the id in `tid`.
  const candidates = [url.searchParams.get('tid'), decode(segments[2])].filter((c): c is string => !!c);
  for (const c of candidates) {
    const parsed = parseSubject(c);
    if (parsed.ok) {
      return { ok: true, query: { ...parsed.query, ...(linkNetwork ? { linkNetwork } : {}) } };
    }
  }
  const problem =
    'This HashScan link names the transaction by its consensus timestamp only; paste the transaction id ' +
    '(shown on the HashScan page) instead.';
  return malformed(problem);
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function shortHash(hash: string): string {
  return hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash;
}

function clip(text: string): string {
  return plainText(text, 40);
}

/** A refusal of the id, hash or link itself: the problem, then the forms accepted. */
function malformed(problem: string): ParsedLookup {
  return fail(`${problem} ${MALFORMED_TRANSACTION_ID}`, problem);
}

/** A refusal: `message` in full (the problem and the forms), `problem` alone for the quick pick. */
function fail(message: string, problem = message): ParsedLookup {
  return { ok: false, message, problem };
}

// ---- finding an id in the editor ----

// Ids are found by the hover's finder (ledger/references.ts), any shard.realm: one scanner, one set
// of boundary rules. Hashes are only taken where the user points (the cursor, the selection): hex
// of that length on screen may be a private key (see the terminal links), never offered unasked.
const HASH_IN_TEXT = /(?<![\w])(?:0x)?[0-9a-fA-F]{96}(?![\w])/g;
const ANY_SHARD = { anyShardRealm: true } as const;

/** The text of a found id the input accepts: as written, or (a checksum written after the payer) re-spelled. */
function idText(ref: TransactionReference): string | undefined {
  if (parseSubject(ref.text).ok) return ref.text;
  const text =
    ref.form === 'at' ? formatTransactionIdAt(ref.transactionId) : formatTransactionIdDash(ref.transactionId);
  return parseSubject(text).ok ? text : undefined;
}

/**
 * The transaction id (or 96-hex hash) in a line of text at or around `offset`: the one covering the
 * offset, else none. Used for the id at the cursor.
 */
export function findTransactionIdAt(line: string, offset: number): string | undefined {
  const ref = findReference(line, offset, ANY_SHARD);
  if (ref?.kind === 'transaction') return idText(ref);
  // A hash covering the offset lies within 98 characters of it: only that window is scanned (a
  // minified line costs no more than a short one). A match touching a cut edge of the window may
  // be part of a longer run, so it does not count.
  const from = Math.max(0, offset - 101);
  const to = Math.min(line.length, offset + 101);
  const window = line.slice(from, to);
  HASH_IN_TEXT.lastIndex = 0;
  for (const m of window.matchAll(HASH_IN_TEXT)) {
    const start = from + m.index;
    const end = start + m[0].length;
    if ((start === from && from > 0) || (end === to && to < line.length)) continue;
    if (offset >= start && offset <= end && parseSubject(m[0]).ok) return m[0];
  }
  return undefined;
}

/** The first transaction id or hash in a selection (the selection itself when it parses whole). */
export function findTransactionIdIn(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed.length > 0 && trimmed.length <= MAX_INPUT && parseTransactionLookup(trimmed).ok) return trimmed;
  const head = text.slice(0, 100_000);
  const [first] = transactionIdsIn(head, 1);
  if (first !== undefined) return first;
  HASH_IN_TEXT.lastIndex = 0;
  const m = HASH_IN_TEXT.exec(head);
  return m && parseSubject(m[0]).ok ? m[0] : undefined;
}

/** The distinct transaction ids in `text` (what is on screen), in order, at most `limit`. */
export function transactionIdsIn(text: string, limit: number): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  // Entity ids are found too and count towards the finder's limit: ask for more than needed.
  for (const ref of findReferences(text, ANY_SHARD, limit * 20)) {
    if (ref.kind !== 'transaction') continue;
    const key = formatTransactionIdDash(ref.transactionId);
    const found = seen.has(key) ? undefined : idText(ref);
    if (found === undefined) continue;
    seen.add(key);
    out.push(found);
    if (out.length >= limit) break;
  }
  return out;
}
