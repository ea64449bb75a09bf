// A watched topic served by the replay mirror, built from typed parts (builders.ts, topicMessages.ts)
// for the e2e scenario and the integration suite: its details, its newest page (a chunked JSON
// message, #1–3, then a text message, #4) and what a live view's polls ask for after it, first
// nothing, then two new messages (#5, #6) once the test says they arrived.
import type { ExtraRecord } from './mirrorReplay';
import { aTopic, recordFor } from './builders';
import { chunkedMessages, initialId, rawTopicMessage, topicMessagesBody, utf8 } from './topicMessages';

export const LIVE_TOPIC = '0.0.5005';
export const LIVE_TOPIC_MEMO = 'agent inbox';

/** The HCS-10 style message the first three entries carry in chunks. */
export const CHUNKED_JSON = { p: 'hcs-10', op: 'register', account_id: '0.0.1001', m: 'hello from a chunked message' };

/** The poll of a live view after `sequence` (what tree.ts and panel.ts ask). */
export function pollUrl(after: number): string {
  return `/api/v1/topics/${LIVE_TOPIC}/messages?order=asc&limit=100&sequencenumber=gt:${after}`;
}

/** What the topic serves before anything new arrives. */
export function liveTopicRecords(): ExtraRecord[] {
  const chunks = chunkedMessages(
    utf8(JSON.stringify(CHUNKED_JSON)),
    3,
    1n,
    initialId('0.0.1001', '1700000000.000000123', 0),
  );
  const text = rawTopicMessage({ sequence: 4n, bytes: utf8('plain text, message four'), topic: LIVE_TOPIC });
  const newest = [text, ...chunks.map(c => ({ ...c, topic_id: LIVE_TOPIC }))].sort(
    (a, b) => Number(b.sequence_number) - Number(a.sequence_number),
  );
  return [
    recordFor(`/api/v1/topics/${LIVE_TOPIC}`, aTopic({ topic_id: LIVE_TOPIC, memo: LIVE_TOPIC_MEMO })),
    {
      url: `/api/v1/topics/${LIVE_TOPIC}/messages?order=desc&limit=25`,
      bodyText: topicMessagesBody(newest),
      source: 'topics',
    },
    {
      url: `/api/v1/topics/${LIVE_TOPIC}/messages?order=desc&limit=1`,
      bodyText: topicMessagesBody([text]),
      source: 'topics',
    },
    { url: pollUrl(4), bodyText: topicMessagesBody([]), source: 'topics' },
    { url: pollUrl(6), bodyText: topicMessagesBody([]), source: 'topics' },
  ];
}

/** The answer to the poll after #4 once two new messages arrived (serve it with useRecord). */
export function arrivedRecord(): ExtraRecord {
  const arrived = [5n, 6n].map(sequence =>
    rawTopicMessage({ sequence, bytes: utf8(`live message ${sequence}`), topic: LIVE_TOPIC }),
  );
  return { url: pollUrl(4), bodyText: topicMessagesBody(arrived), source: 'topics-arrived' };
}
