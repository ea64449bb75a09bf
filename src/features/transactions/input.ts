// What a user may paste into "Lookup transaction", turned into the one request the mirror node
// understands, or refused with the expected form before any request. Pure (no vscode).
//
// Accepted: `0.0.x-sss-nnn`, `0.0.x@sss.nnn` or `0.0.x@sss` (nanoseconds 0; with the SDK's
// `?scheduled` and `/nonce` suffixes),
// a 48-byte hash (96 hex digits with or without 0x, or 64 base64/base64url characters), a HashScan
// transaction link, each optionally followed by `nonce=N` and `scheduled=true|false`.
import {
  type Network,
  type TransactionId,
  networkOfHashscan,
  formatTransactionIdAt,
  formatTransactionIdDash,
  parseTransactionHash,
  parseTransactionId,
} from '../../ledger';

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
  { readonly ok: true; readonly query: TransactionQuery } | { readonly ok: false; readonly message: string };

/** The mirror node's own wording for a malformed id (recorded 400 responses), which the seed quotes. */
export const MALFORMED_TRANSACTION_ID =
  'Invalid transaction id: use the "shard.realm.num-sss-nnn" form, where sss are seconds and nnn are nanoseconds ' +
  '(e.g. 0.0.1234-1700000000-123456789). Also accepted: 0.0.1234@1700000000.123456789 (or 0.0.1234@1700000000 ' +
  'for nanoseconds 0), a transaction hash ' +
  '(96 hex digits, optionally with 0x, or 64 base64 characters) or a HashScan transaction link.';

/** Shown under the input box: the forms, and the optional filters. */
export const LOOKUP_PROMPT =
  'A transaction id (0.0.1234-1700000000-123456789, 0.0.1234@1700000000.123456789 or 0.0.1234@1700000000), a 48-byte hash ' +
  '(96 hex or 64 base64) or a HashScan link. Optional filters after it: nonce=N (0 = user-submitted, > 0 = ' +
  'node-generated children), scheduled=true|false.';

export const INT32_MAX = 2_147_483_647;
const MAX_INPUT = 2048;

/** Parses the text of the input box (or a command argument). */
export function parseTransactionLookup(raw: string): ParsedLookup {
  if (raw.length > MAX_INPUT) return fail('That is too long to be a transaction id or hash.');
  const tokens = raw
    .trim()
    .split(/[\s,]+/)
    .filter(t => t.length > 0);
  if (tokens.length === 0) return fail(MALFORMED_TRANSACTION_ID);
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

function parseSubject(text: string): ParsedLookup {
  const link = hashscanLink(text);
  if (link) return link;

  // The SDK prints a scheduled transaction as `…?scheduled` and a child as `…/nonce`, only ever
  // after its own `@` spelling.
  let body = text;
  let scheduled: boolean | undefined;
  let nonce: number | undefined;
  const suffix = /^(.*?)(\?scheduled)?(?:\/(\d+))?$/.exec(body);
  if (suffix && (suffix[2] || suffix[3]) && suffix[1].includes('@') && parseTransactionId(suffix[1])) {
    body = suffix[1]!;
    if (suffix[2]) scheduled = true;
    if (suffix[3] !== undefined) {
      nonce = parseNonce(suffix[3]);
      if (nonce === undefined) return fail(`The nonce after "/" must be a whole number from 0 to ${INT32_MAX}.`);
    }
  }

  const id = parseTransactionId(body);
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
  const hash = parseTransactionHash(body);
  if (hash) return { ok: true, query: { idOrHash: hash, kind: 'hash' } };
  return fail(diagnose(body));
}

/** A specific hint where the mistake is recognisable; the general explanation otherwise. */
function diagnose(text: string): string {
  const hex = /^(?:0x)?([0-9a-fA-F]+)$/.exec(text);
  if (hex && hex[1].length >= 64 && /[0-9]/.test(hex[1]) && hex[1].length !== 96) {
    return `A transaction hash has 96 hex digits (48 bytes); this one has ${hex[1].length}. ${MALFORMED_TRANSACTION_ID}`;
  }
  if (/^[A-Za-z0-9+/_-]{40,}={0,2}$/.test(text) && text.length !== 64) {
    return `A base64 transaction hash has 64 characters without padding; this one has ${text.length}. ${MALFORMED_TRANSACTION_ID}`;
  }
  const nanos = /^\d+\.\d+\.\d+[-@]\d+[-.](\d+)$/.exec(text);
  if (nanos && nanos[1].length > 9) return `The nanoseconds have at most 9 digits. ${MALFORMED_TRANSACTION_ID}`;
  if (/^\d+\.\d+\.\d+-\d+\.\d+$/.test(text) || /^\d+\.\d+\.\d+@\d+-\d+$/.test(text)) {
    return `Mixed separators: write 0.0.x-sss-nnn or 0.0.x@sss.nnn. ${MALFORMED_TRANSACTION_ID}`;
  }
  if (/^\d+\.\d+$/.test(text)) {
    return `That looks like a consensus timestamp, not a transaction id. ${MALFORMED_TRANSACTION_ID}`;
  }
  return MALFORMED_TRANSACTION_ID;
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
  return fail(
    'This HashScan link names the transaction by its consensus timestamp only; paste the transaction id ' +
      '(shown on the HashScan page) instead. ' +
      MALFORMED_TRANSACTION_ID,
  );
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
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function fail(message: string): ParsedLookup {
  return { ok: false, message };
}

// ---- finding an id in the editor ----

// Ids as they appear in text, bounded so that `v0.0.1-2-3x` or the tail of an IP address do not match.
const ID_IN_TEXT =
  /(?<![\w.@-])\d{1,10}\.\d{1,10}\.\d{1,10}(?:-\d{1,19}-\d{1,9}|@\d{1,19}(?:\.\d{1,9})?)(?![\w@-]|\.\d)/g;
const HASH_IN_TEXT = /(?<![\w])(?:0x)?[0-9a-fA-F]{96}(?![\w])/g;

/**
 * The transaction id (or 96-hex hash) in a line of text at or around `offset`: the one covering the
 * offset, else none. Used to pre-fill the input box from the cursor.
 */
export function findTransactionIdAt(line: string, offset: number): string | undefined {
  for (const re of [ID_IN_TEXT, HASH_IN_TEXT]) {
    re.lastIndex = 0;
    for (const m of line.matchAll(re)) {
      const start = m.index;
      if (offset >= start && offset <= start + m[0].length && parseSubject(m[0]).ok) return m[0];
    }
  }
  return undefined;
}

/** The first transaction id or hash in a selection (the selection itself when it parses whole). */
export function findTransactionIdIn(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed.length > 0 && trimmed.length <= MAX_INPUT && parseTransactionLookup(trimmed).ok) return trimmed;
  for (const re of [ID_IN_TEXT, HASH_IN_TEXT]) {
    re.lastIndex = 0;
    const m = re.exec(text.slice(0, 100_000));
    if (m && parseSubject(m[0]).ok) return m[0];
  }
  return undefined;
}
