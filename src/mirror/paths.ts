// Path parameters: each function checks one and returns the segment to send, deciding ids,
// hashes and transaction ids by the ledger's grammar. A bad value is refused (MirrorInputError)
// naming the parameter as the server names it; no request goes out.
import { parseAccountRef } from '../ledger/account';
import { parseTransactionHash, parseTransactionId } from '../ledger/transactionId';
import { INT64_MAX } from '../ledger/units';
import { MirrorInputError } from './errors';
import type { Query } from './params';

export const ENTITY_ID = /^(\d{1,10}\.){0,2}\d{1,10}$/;

const CONTRACT_ID = /^(\d{1,10}\.){0,2}(\d{1,10}|(0x)?[A-Fa-f0-9]{40})$/;
const BLOCK_NUMBER_PATH = /^\d{1,19}$/;
const BLOCK_HASH_PATH = /^(0x)?([0-9A-Fa-f]{64}|[0-9A-Fa-f]{96})$/;
// The parts of a transaction id as written (kept as typed, the nanoseconds padded); the ledger's
// parseTransactionId decides whether it is one.
const TX_ID_PARTS = /^(\d+)\.(\d+)\.(\d+)[-@](\d+)(?:[-.](\d+))?$/;

// ---- path parameters: each returns the path segment to send ----

function refuse(parameter: string, expected: string): never {
  throw new MirrorInputError([{ parameter, message: `Invalid parameter ${parameter}: expected ${expected}` }]);
}

function text(value: unknown, parameter: string, expected: string): string {
  if (typeof value !== 'string') refuse(parameter, expected);
  return value.trim();
}

export function accountPath(idOrAliasOrEvmAddress: string): string {
  const expected =
    'an account id (0.0.1234, 0.1234 or 1234), a 40-hex-digit EVM address (optionally 0x) or a base32 alias';
  const v = text(idOrAliasOrEvmAddress, 'idOrAliasOrEvmAddress', expected);
  const ref = parseAccountRef(v);
  // A checksum is ours to check (checkAccountEntry), never the server's: it is refused here.
  if (!ref || (ref.kind === 'id' && ref.checksum !== undefined)) refuse('idOrAliasOrEvmAddress', expected);
  return v;
}

/**
 * The transaction id as the server wants it: `shard.realm.num-sss-nnn` (the `@sss.nnn` form is
 * converted, nanoseconds padded to 9 digits), a 48-byte hash as 96 hex digits (optionally 0x), or
 * that hash in base64 (64 characters; standard base64 is turned into the URL-safe alphabet the
 * path needs).
 */
export function transactionPath(transactionIdOrHash: string): string {
  const expected =
    'a transaction id as shard.realm.num-sss-nnn or shard.realm.num@sss[.nnn] (sss seconds, nnn nanoseconds), or a transaction hash (96 hex digits)';
  const v = text(transactionIdOrHash, 'transactionId', expected);
  // The ledger's grammar decides (both spellings, seconds within int64); the parts go as typed.
  if (parseTransactionId(v)) {
    const m = TX_ID_PARTS.exec(v)!;
    // `0.0.x@sss` (no nanoseconds) means nanoseconds 0.
    return `${m[1]}.${m[2]}.${m[3]}-${m[4]}-${(m[5] ?? '0').padStart(9, '0')}`;
  }
  if (parseTransactionHash(v) !== undefined)
    return /^[0-9A-Fa-fx]+$/.test(v) ? v : v.replace(/\+/g, '-').replace(/\//g, '_');
  return refuse('transactionId', expected);
}

export function blockPath(hashOrNumber: string | bigint): string {
  const expected = 'a block number (0 to 9223372036854775807) or a block hash of 64 or 96 hex digits (optionally 0x)';
  if (typeof hashOrNumber === 'bigint') {
    if (hashOrNumber < 0n || hashOrNumber > INT64_MAX) refuse('hashOrNumber', expected);
    return hashOrNumber.toString();
  }
  const v = text(hashOrNumber, 'hashOrNumber', expected);
  if (BLOCK_NUMBER_PATH.test(v)) {
    if (!withinInt64(v)) refuse('hashOrNumber', expected);
    return v;
  }
  if (BLOCK_HASH_PATH.test(v)) return v;
  return refuse('hashOrNumber', expected);
}

export function contractPath(idOrEvmAddress: string): string {
  const expected = 'a contract id (0.0.1234) or a 40-hex-digit EVM address (optionally 0x)';
  const v = text(idOrEvmAddress, 'contractIdOrAddress', expected);
  if (!CONTRACT_ID.test(v)) refuse('contractIdOrAddress', expected);
  return v;
}

/** A contract result: by transaction id or hash, or by the contract and its consensus timestamp. */
export type ContractResultKey = string | { readonly contract: string; readonly timestamp: string };

const TIMESTAMP_PATH = /^\d{1,10}(\.\d{1,9})?$/;

export function contractResultPath(key: ContractResultKey): string {
  if (typeof key !== 'string') {
    const ts = text(key.timestamp, 'timestamp', 'a consensus timestamp (seconds.nanoseconds)');
    if (!TIMESTAMP_PATH.test(ts)) refuse('timestamp', 'a consensus timestamp (seconds.nanoseconds)');
    return `/contracts/${encodeURIComponent(contractPath(key.contract))}/results/${ts}`;
  }
  // An Ethereum transaction hash (32 bytes) goes as it is; a transaction id or 48-byte hash as
  // transactionPath checks and spells it.
  const v = /^0x[0-9a-fA-F]{64}$/.test(key) ? key : transactionPath(key);
  return `/contracts/results/${encodeURIComponent(v)}`;
}

/**
 * The actions of a contract transaction (its call trace): the transaction as getContractResult
 * takes it (an id, a 48-byte hash, or an Ethereum transaction hash `0x` + 64 hex).
 */
export function contractActionsPath(transactionIdOrHash: string): string {
  if (typeof transactionIdOrHash !== 'string')
    refuse('transactionIdOrHash', 'a transaction id (0.0.x-sss-nnn or 0.0.x@sss.nnn) or a transaction hash');
  return `${contractResultPath(transactionIdOrHash)}/actions`;
}

/**
 * `nonce` of a child record (0, the default, is the user's transaction), and the monetary unit
 * (`coin`, sent as `hbar`: true, the default, tinybars; false weibars).
 */
export function contractResultQuery(nonce: number | undefined, coin?: boolean): Query {
  const query: Query = [];
  if (coin !== undefined) {
    if (typeof coin !== 'boolean') refuse('coin', 'true or false');
    query.push(['hbar', String(coin)]);
  }
  if (nonce === undefined || nonce === 0) return query;
  if (!Number.isInteger(nonce) || nonce < 0 || nonce > 2_147_483_647) refuse('nonce', 'an integer 0 to 2147483647');
  query.push(['nonce', String(nonce)]);
  return query;
}

export function entityPath(id: string, parameter: 'tokenId' | 'topicId' | 'scheduleId'): string {
  const expected = 'an entity id shard.realm.num (e.g. 0.0.1234)';
  const v = text(id, parameter, expected);
  if (!ENTITY_ID.test(v)) refuse(parameter, expected);
  return v;
}

/** Encodes a query for the URL; `:` stays readable (`timestamp=gte:…`), as the server's own links write it. */
export function encodeQuery(query: Query): string {
  if (query.length === 0) return '';
  let s = '';
  for (const [k, v] of query) {
    s += (s ? '&' : '?') + encodeURIComponent(k) + '=' + encodeURIComponent(v).replace(/%3A/gi, ':');
  }
  return s;
}

export function withinInt64(decimalOrHex: string): boolean {
  try {
    return BigInt(decimalOrHex) <= INT64_MAX;
  } catch {
    return false;
  }
}
