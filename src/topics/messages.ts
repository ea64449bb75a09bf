// One entry of the mirror node's `/api/v1/topics/{id}/messages` (and of the single-message
// endpoints), checked member by member into typed values. The body must be parsed with
// parseLossless (src/mirror/lossless.ts), which keeps integers of 16 digits or more as strings of
// their digits, so a sequence number above 2^53 arrives exact and leaves here as a bigint.
// Pure: no vscode, no Buffer.
import { MAX_HASH_BYTES } from '../ledger/encoding';
import { type EntityId, parseEntityId } from '../ledger/entityId';
import { plainText } from '../ledger/text';
import { type Timestamp, parseTimestamp } from '../ledger/timestamp';
import { type TransactionId, parseTransactionId } from '../ledger/transactionId';
import { parseLossless } from '../mirror/lossless';
import { base64ToBytes as decodeBase64, bytesToHex } from '../ledger/encoding';

/** The transaction that started a chunked message: the chunks of one message share all of it. */
export interface InitialTransactionId {
  readonly transactionId: TransactionId;
  /** Null when the server does not know it (it then answers `null`). */
  readonly nonce: number | null;
  readonly scheduled: boolean | null;
}

export interface ChunkInfo {
  /** 1-based, at most `total`. */
  readonly number: number;
  readonly total: number;
  readonly initialTransactionId: InitialTransactionId;
}

export interface TopicMessage {
  readonly topicId: EntityId;
  readonly sequenceNumber: bigint;
  readonly consensusTimestamp: Timestamp;
  readonly payerAccountId: EntityId;
  /** Lowercase hex of the running hash. */
  readonly runningHash: string;
  readonly runningHashVersion: number;
  /** The message's bytes (decoded from base64, or encoded from the server's UTF-8 text). */
  readonly bytes: Uint8Array;
  /** Absent for a message sent in one piece (`chunk_info: null`). */
  readonly chunk?: ChunkInfo;
}

/** A member of an entry that is missing or not what the mirror node sends. */
export class TopicMessageError extends Error {
  override readonly name = 'TopicMessageError';
  constructor(
    /** `sequence_number`, `chunk_info.initial_transaction_id.nonce`, … */
    readonly member: string,
    readonly problem: string,
  ) {
    super(`${member}: ${problem}`);
  }
}

/** How `message` is spelled: the server's default base64, or text with `encoding=utf-8`. */
export type MessageEncoding = 'base64' | 'utf-8';

/**
 * The longest `message` taken, in characters. The network caps a chunk at 1,024 bytes; far more
 * is not a topic message, and decoding it would hold the thread.
 */
export const MAX_MESSAGE_CHARS = 1024 * 1024;

const MAX_HASH_CHARS = Math.ceil(MAX_HASH_BYTES / 3) * 4;
const INT64_MAX = 9_223_372_036_854_775_807n;
const INT32_MAX = 2_147_483_647;
const DIGITS = /^\d{1,19}$/;

type Members = Readonly<Record<string, unknown>>;

/** Checks one entry as the mirror node answers it; throws TopicMessageError naming the member. */
export function decodeTopicMessage(raw: unknown, encoding: MessageEncoding = 'base64'): TopicMessage {
  const entry = record(raw, 'message entry');
  const chunk = chunkInfo(entry.chunk_info);
  const message: TopicMessage = {
    topicId: entity(entry, 'topic_id'),
    sequenceNumber: int64(entry.sequence_number, 'sequence_number'),
    consensusTimestamp: timestamp(entry.consensus_timestamp, 'consensus_timestamp'),
    payerAccountId: entity(entry, 'payer_account_id'),
    runningHash: runningHash(entry.running_hash),
    runningHashVersion: int32(entry.running_hash_version, 'running_hash_version', 0),
    bytes: messageBytes(entry.message, encoding),
  };
  return chunk === undefined ? message : { ...message, chunk };
}

/** One page of `/topics/{id}/messages`: each entry decoded or its error, and the next link. */
export interface TopicMessagesPage {
  readonly messages: ReadonlyArray<TopicMessage | TopicMessageError>;
  readonly next: string | null;
}

/**
 * Parses a page body losslessly and decodes each entry; a bad entry is its error in place, so one
 * bad message does not hide the others. Throws TopicMessageError when the body is not a page.
 */
export function decodeTopicMessagesPage(body: string, encoding: MessageEncoding = 'base64'): TopicMessagesPage {
  let parsed: unknown;
  try {
    parsed = parseLossless(body);
  } catch (e) {
    throw new TopicMessageError('body', `not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const page = record(parsed, 'body');
  if (!Array.isArray(page.messages))
    throw new TopicMessageError('messages', `expected an array, got ${shown(page.messages)}`);
  const messages = page.messages.map((entry: unknown, i: number) => {
    try {
      return decodeTopicMessage(entry, encoding);
    } catch (e) {
      if (e instanceof TopicMessageError) return new TopicMessageError(`messages[${i}].${e.member}`, e.problem);
      throw e;
    }
  });
  const links = page.links === undefined || page.links === null ? {} : record(page.links, 'links');
  const next = links.next ?? null;
  if (next !== null && typeof next !== 'string')
    throw new TopicMessageError('links.next', `expected a string or null, got ${shown(next)}`);
  return { messages, next };
}

function chunkInfo(raw: unknown): ChunkInfo | undefined {
  if (raw === undefined || raw === null) return undefined;
  const info = record(raw, 'chunk_info');
  const total = int32(info.total, 'chunk_info.total', 1);
  const number = int32(info.number, 'chunk_info.number', 1);
  if (number > total) throw new TopicMessageError('chunk_info.number', `${number} is above the total, ${total}`);
  return { number, total, initialTransactionId: initialTransactionId(info) };
}

/**
 * The server sends `initial_transaction_id` as an object; the openapi.yml example shows the string
 * form `0.0.10-1234567890-000000321` with `nonce` and `scheduled` beside it in chunk_info. Both are
 * taken.
 */
function initialTransactionId(info: Members): InitialTransactionId {
  const member = 'chunk_info.initial_transaction_id';
  const raw = info.initial_transaction_id;
  if (typeof raw === 'string') {
    const transactionId = parseTransactionId(raw);
    if (transactionId === undefined) throw new TopicMessageError(member, `not a transaction id: ${shown(raw)}`);
    return {
      transactionId,
      nonce: nonce(info.nonce, 'chunk_info.nonce'),
      scheduled: scheduled(info.scheduled, 'chunk_info.scheduled'),
    };
  }
  const id = record(raw, member);
  const payer = entity(id, 'account_id', `${member}.`);
  const start = timestamp(id.transaction_valid_start, `${member}.transaction_valid_start`);
  return {
    transactionId: { payer, seconds: start.seconds, nanos: start.nanos },
    nonce: nonce(id.nonce, `${member}.nonce`),
    scheduled: scheduled(id.scheduled, `${member}.scheduled`),
  };
}

function nonce(raw: unknown, member: string): number | null {
  return raw === undefined || raw === null ? null : int32(raw, member, 0);
}

function scheduled(raw: unknown, member: string): boolean | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'boolean') throw new TopicMessageError(member, `expected true, false or null, got ${shown(raw)}`);
  return raw;
}

function messageBytes(raw: unknown, encoding: MessageEncoding): Uint8Array {
  if (typeof raw !== 'string') throw new TopicMessageError('message', `expected a string, got ${shown(raw)}`);
  if (raw.length > MAX_MESSAGE_CHARS)
    throw new TopicMessageError('message', `${raw.length} characters, more than the ${MAX_MESSAGE_CHARS} taken`);
  if (encoding === 'utf-8') return new TextEncoder().encode(raw);
  const bytes = decodeBase64(raw);
  if (bytes === undefined) throw new TopicMessageError('message', `not base64: ${shown(raw)}`);
  return bytes;
}

function runningHash(raw: unknown): string {
  if (typeof raw !== 'string') throw new TopicMessageError('running_hash', `expected a string, got ${shown(raw)}`);
  // A SHA-384 is 48 bytes; at most 64 taken, like the ledger's hash conversions.
  const bytes = raw.length <= MAX_HASH_CHARS ? decodeBase64(raw) : undefined;
  if (bytes === undefined || bytes.length > MAX_HASH_BYTES)
    throw new TopicMessageError('running_hash', `not base64 of at most 64 bytes: ${shown(raw)}`);
  return bytesToHex(bytes);
}

function record(raw: unknown, member: string): Members {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new TopicMessageError(member, `expected an object, got ${shown(raw)}`);
  return raw as Members;
}

function entity(members: Members, key: string, prefix = ''): EntityId {
  const raw = members[key];
  const id = typeof raw === 'string' ? parseEntityId(raw) : undefined;
  if (id === undefined) throw new TopicMessageError(prefix + key, `expected shard.realm.num, got ${shown(raw)}`);
  return id;
}

function timestamp(raw: unknown, member: string): Timestamp {
  const ts = typeof raw === 'string' ? parseTimestamp(raw) : undefined;
  if (ts === undefined) throw new TopicMessageError(member, `expected seconds.nanoseconds, got ${shown(raw)}`);
  return ts;
}

/**
 * A non-negative int64 from a safe number, a string of digits (what parseLossless leaves of a
 * long integer) or a bigint. A number past 2^53 has already lost digits: refused, not rounded.
 */
function int64(raw: unknown, member: string): bigint {
  if (typeof raw === 'number') {
    if (Number.isSafeInteger(raw) && raw >= 0) return BigInt(raw);
    if (Number.isInteger(raw) && raw > 0)
      throw new TopicMessageError(member, `${raw} is past 2^53 and has lost digits: parse the body with parseLossless`);
  } else if (typeof raw === 'string' && DIGITS.test(raw)) {
    const value = BigInt(raw);
    if (value <= INT64_MAX) return value;
  } else if (typeof raw === 'bigint' && raw >= 0n && raw <= INT64_MAX) return raw;
  throw new TopicMessageError(member, `expected a non-negative int64, got ${shown(raw)}`);
}

function int32(raw: unknown, member: string, min: number): number {
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= min && raw <= INT32_MAX) return raw;
  throw new TopicMessageError(member, `expected an integer from ${min} to ${INT32_MAX}, got ${shown(raw)}`);
}

/** A value as a short plain phrase for an error: never the whole of a hostile string. */
function shown(raw: unknown): string {
  if (raw === undefined) return 'nothing';
  if (raw === null) return 'null';
  if (typeof raw === 'string') return `"${plainText(raw, 40)}"`;
  if (typeof raw === 'number' || typeof raw === 'boolean' || typeof raw === 'bigint') return String(raw);
  return Array.isArray(raw) ? 'an array' : `a ${typeof raw}`;
}
