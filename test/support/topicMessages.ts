// Topic message entries as the mirror node answers them (`/api/v1/topics/{id}/messages`), built
// from typed parts: the shape follows the server's own spec data (rest/__tests__/specs/topics), with
// `initial_transaction_id` as the object it sends.
import { bytesToBase64 } from '../../src/ledger/encoding';

export interface RawInitialTransactionId {
  account_id: string;
  nonce: number | null;
  scheduled: boolean | null;
  transaction_valid_start: string;
}

export interface RawChunkInfo {
  initial_transaction_id: RawInitialTransactionId | string;
  number: number;
  total: number;
  /** Beside a string id, as openapi.yml's example has them. */
  nonce?: number;
  scheduled?: boolean;
}

export interface RawTopicMessage {
  chunk_info: RawChunkInfo | null;
  consensus_timestamp: string;
  message: string;
  payer_account_id: string;
  running_hash: string;
  running_hash_version: number;
  /** A bigint is written as its exact digits by {@link topicMessagesBody}. */
  sequence_number: number | bigint;
  topic_id: string;
}

export interface MessageParts {
  readonly sequence: bigint;
  readonly bytes: Uint8Array;
  readonly topic?: string;
  readonly payer?: string;
  readonly chunk?: RawChunkInfo;
}

const RUNNING_HASH = new Uint8Array(48).map((_, i) => (i * 37 + 11) & 0xff);

export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** One entry; the consensus time follows the sequence number so entries stay distinct. */
export function rawTopicMessage(parts: MessageParts): RawTopicMessage {
  return {
    chunk_info: parts.chunk ?? null,
    consensus_timestamp: `${1_700_000_000n + (parts.sequence % 1_000_000_000n)}.000000001`,
    message: bytesToBase64(parts.bytes),
    payer_account_id: parts.payer ?? '0.0.1001',
    running_hash: bytesToBase64(RUNNING_HASH),
    running_hash_version: 3,
    sequence_number: parts.sequence <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(parts.sequence) : parts.sequence,
    topic_id: parts.topic ?? '0.0.5005',
  };
}

export function initialId(
  payer = '0.0.1001',
  validStart = '1700000000.000000123',
  nonce: number | null = 0,
): RawInitialTransactionId {
  return { account_id: payer, nonce, scheduled: false, transaction_valid_start: validStart };
}

/**
 * The entries for `bytes` cut into `total` chunks (the last takes the rest), sequence numbers from
 * `firstSequence` on.
 */
export function chunkedMessages(
  bytes: Uint8Array,
  total: number,
  firstSequence: bigint,
  id: RawInitialTransactionId = initialId(),
): RawTopicMessage[] {
  const size = Math.ceil(bytes.length / total);
  return Array.from({ length: total }, (_, i) =>
    rawTopicMessage({
      sequence: firstSequence + BigInt(i),
      bytes: bytes.subarray(i * size, Math.min(bytes.length, (i + 1) * size)),
      chunk: { initial_transaction_id: id, number: i + 1, total },
    }),
  );
}

/** A page body as the server writes it: int64 sequence numbers as exact digits, never rounded. */
export function topicMessagesBody(messages: readonly RawTopicMessage[]): string {
  const text = JSON.stringify({ messages, links: { next: null } }, (_key, value: unknown) =>
    typeof value === 'bigint' ? `@bigint:${value}` : value,
  );
  return text.replace(/"@bigint:(\d+)"/g, '$1');
}
