// What "Lookup topic message" takes: `0.0.5005#7` (a topic and a sequence number, the form the
// Topics view's rows show) or a message's consensus timestamp (`1700000000.000000001`). Pure: the
// input box validates with it as the user types, and it is fuzzed in tests.
import { INT64_MAX } from '../../ledger/units';
import { parseTimestamp } from '../../ledger/timestamp';

export type TopicMessageQuery =
  | { readonly kind: 'sequence'; readonly topicId: string; readonly sequenceNumber: bigint }
  | { readonly kind: 'timestamp'; readonly timestamp: string };

export type ParsedTopicLookup =
  { readonly ok: true; readonly query: TopicMessageQuery } | { readonly ok: false; readonly message: string };

export const TOPIC_LOOKUP_HELP =
  'A topic and sequence number (0.0.5005#7) or a message consensus timestamp (1700000000.000000001)';

/** Longer input is refused before any pattern runs. */
const MAX_INPUT = 200;
// Bounded repetitions only, anchored: linear in the input.
const SEQUENCE_FORM = /^(\d{1,10})\.(\d{1,10})\.(\d{1,10})\s*#\s*(\d{1,19})$/;
const TIMESTAMP_FORM = /^\d{1,10}\.\d{1,9}$/;

export function parseTopicLookup(input: string): ParsedTopicLookup {
  if (typeof input !== 'string') return { ok: false, message: TOPIC_LOOKUP_HELP };
  const text = input.trim();
  if (text === '') return { ok: false, message: TOPIC_LOOKUP_HELP };
  if (text.length > MAX_INPUT)
    return { ok: false, message: `Too long (${text.length} characters). ${TOPIC_LOOKUP_HELP}` };
  const seq = SEQUENCE_FORM.exec(text);
  if (seq) {
    const sequenceNumber = BigInt(seq[4]);
    if (sequenceNumber < 1n || sequenceNumber > INT64_MAX)
      return { ok: false, message: 'Sequence numbers start at 1 and end at 9223372036854775807' };
    // The id as the server writes it: no leading zeros.
    const topicId = [seq[1], seq[2], seq[3]].map(p => BigInt(p).toString()).join('.');
    return { ok: true, query: { kind: 'sequence', topicId, sequenceNumber } };
  }
  if (TIMESTAMP_FORM.test(text) && parseTimestamp(text) !== undefined)
    return { ok: true, query: { kind: 'timestamp', timestamp: text } };
  if (text.includes('#')) return { ok: false, message: `Not a topic id and sequence number. ${TOPIC_LOOKUP_HELP}` };
  return { ok: false, message: TOPIC_LOOKUP_HELP };
}

/** How a query reads in titles: `0.0.5005#7`, `message at 1700000000.000000001`. */
export function describeTopicQuery(query: TopicMessageQuery): string {
  return query.kind === 'sequence' ? `${query.topicId}#${query.sequenceNumber}` : `message at ${query.timestamp}`;
}
