// The topic message endpoints' parameters, checked before a request is built (as params.ts checks
// the others): `/topics/{id}/messages` takes `sequencenumber` with an operator (`gt:41`, what a
// live view polls with) although openapi.yml types it as a plain integer, and the server's own
// code (rest/topicmessage.js) reads it through its filter parser, which takes eq, gt, gte, lt and lte.
import { INT64_MAX } from '../ledger/units';
import { parseTimestamp } from '../ledger/timestamp';
import { MirrorInputError } from './errors';
import { Checker, entries, type OneOrMany, type Order, type Query } from './params';
import { ENTITY_ID } from './paths';

/** How the server spells `message`: base64 (its default) or the bytes as UTF-8 text. */
export type TopicMessageEncoding = 'base64' | 'utf-8';

export interface TopicMessagesParams {
  limit?: number;
  order?: Order;
  /** A sequence number (≥ 0), optionally after eq:, gt:, gte:, lt: or lte: (e.g. `gt:41`). */
  sequencenumber?: OneOrMany<string | number | bigint>;
  /** seconds.nanoseconds, optionally after eq:, gt:, gte:, lt:, lte: or ne:. */
  timestamp?: OneOrMany<string>;
  encoding?: TopicMessageEncoding;
}

const NAMES = ['limit', 'order', 'sequencenumber', 'timestamp', 'encoding'];
const SEQUENCE = /^(?:(?:eq|gt|gte|lt|lte):)?(\d{1,19})$/;
const SEQUENCE_PATH = /^\d{1,19}$/;
const TIMESTAMP_PATH = /^\d{1,10}(?:\.\d{1,9})?$/;

/** A sequence number as sent: its digits (a bigint or safe number), within int64. */
function sequenceText(value: unknown): string | undefined {
  if (typeof value === 'bigint') return value >= 0n && value <= INT64_MAX ? value.toString() : undefined;
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? String(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const m = SEQUENCE.exec(value);
  return m && BigInt(m[1]) <= INT64_MAX ? value : undefined;
}

export function topicMessagesQuery(params?: TopicMessagesParams): Query {
  const c = new Checker();
  for (const [name, value] of entries(params)) {
    switch (name) {
      case 'sequencenumber': {
        const values: readonly unknown[] = Array.isArray(value) ? value : [value];
        const sent = values.map(sequenceText);
        if (sent.some(s => s === undefined))
          c.fail(
            'sequencenumber',
            'a sequence number (0 to 9223372036854775807), optionally after eq:, gt:, gte:, lt: or lte:',
          );
        else for (const s of sent) c.add('sequencenumber', s!);
        break;
      }
      case 'encoding':
        if (value !== 'base64' && value !== 'utf-8') c.fail('encoding', '"base64" or "utf-8"');
        else c.add('encoding', value);
        break;
      default:
        if (!c.paging(name, value, NAMES)) c.unknownName(name, NAMES);
    }
  }
  return c.done();
}

const TOPIC_EXPECTED = 'a topic id shard.realm.num (e.g. 0.0.1234)';
const SEQUENCE_EXPECTED = 'a sequence number from 1 to 9223372036854775807';
const TIMESTAMP_EXPECTED = 'a consensus timestamp (seconds.nanoseconds, up to 10 and 9 digits)';

// Path parameters are named as the server names them in its refusals (`topic.id`,
// `sequencenumber`, `consensus_timestamp`), every bad one at once.
function refuse(issues: ReadonlyArray<readonly [string, string]>): never {
  throw new MirrorInputError(
    issues.map(([parameter, expected]) => ({
      parameter,
      message: `Invalid parameter ${parameter}: expected ${expected}`,
    })),
  );
}

function topicSegment(topicId: unknown): string | undefined {
  const v = typeof topicId === 'string' ? topicId.trim() : undefined;
  return v !== undefined && ENTITY_ID.test(v) ? v : undefined;
}

function sequenceSegment(sequenceNumber: unknown): string | undefined {
  const text = typeof sequenceNumber === 'string' ? sequenceNumber.trim() : sequenceText(sequenceNumber);
  if (text === undefined || !SEQUENCE_PATH.test(text)) return undefined;
  const n = BigInt(text);
  return n >= 1n && n <= INT64_MAX ? n.toString() : undefined;
}

/** `/topics/{id}/messages` with the topic id checked. */
export function topicMessagesPath(topicId: string): string {
  const topic = topicSegment(topicId);
  if (topic === undefined) refuse([['topic.id', TOPIC_EXPECTED]]);
  return `/topics/${encodeURIComponent(topic)}/messages`;
}

/** `/topics/{id}/messages/{sequenceNumber}`: a sequence number of 1 or more (the server's rule). */
export function topicMessagePath(topicId: string, sequenceNumber: string | number | bigint): string {
  const topic = topicSegment(topicId);
  const sequence = sequenceSegment(sequenceNumber);
  if (topic === undefined || sequence === undefined)
    refuse([
      ...(topic === undefined ? [['topic.id', TOPIC_EXPECTED] as const] : []),
      ...(sequence === undefined ? [['sequencenumber', SEQUENCE_EXPECTED] as const] : []),
    ]);
  return `/topics/${encodeURIComponent(topic)}/messages/${sequence}`;
}

/** `/topics/messages/{consensusTimestamp}`: seconds, optionally `.nanoseconds`. */
export function topicMessageAtPath(consensusTimestamp: string): string {
  const text = typeof consensusTimestamp === 'string' ? consensusTimestamp.trim() : '';
  if (!TIMESTAMP_PATH.test(text) || parseTimestamp(text) === undefined)
    refuse([['consensus_timestamp', TIMESTAMP_EXPECTED]]);
  return `/topics/messages/${text}`;
}
