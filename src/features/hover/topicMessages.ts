// A topic hover's messages line: the count (the last message's sequence number) and the last
// message, short and decoded, from one request (`/topics/{id}/messages?order=desc&limit=1`), with
// "Watch topic" and "Tail in a panel". The message is the network's text: it goes into a code span
// (one line, cut), never markup. Pure (no vscode).
import type { MirrorClient, RequestOptions } from '../../mirror';
import { decodeTopicMessage, describeContent, type TopicMessage } from '../../topics';
import { formatGrouped, formatEntityId } from '../../ledger';
import { relativeAge } from '../../present';
import { codeSpan, commandLink } from '../common/markdown';

/** The commands this section's links run (in the hover's allow-list). */
export const TOPIC_HOVER_COMMANDS = ['ledgerLens.watchTopic', 'ledgerLens.tailTopic'] as const;

/** What the last message request found: the message, none yet, or why it is not known. */
export type LastTopicMessage =
  | { readonly kind: 'message'; readonly message: TopicMessage }
  | { readonly kind: 'none' }
  | { readonly kind: 'unknown'; readonly why: string };

/** The one request; a failure is said in the hover, not thrown (the topic's details still show). */
export async function lastTopicMessage(
  client: MirrorClient,
  topicId: string,
  opts: RequestOptions,
): Promise<LastTopicMessage> {
  try {
    const page = await client.listTopicMessages(topicId, { order: 'desc', limit: 1 }, opts);
    const raw = page.messages[0];
    if (raw === undefined) return { kind: 'none' };
    return { kind: 'message', message: decodeTopicMessage(raw) };
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    return { kind: 'unknown', why: e instanceof Error ? e.message : String(e) };
  }
}

/** A key that changes when the section's text would (the hover memoises its Markdown on it). */
export function lastMessageKey(last: LastTopicMessage): string {
  return last.kind === 'message' ? `m${last.message.sequenceNumber}` : last.kind;
}

/** The section: `Messages: 1,234 · last #1234, 2 min ago, by 0.0.1001: `{"op":"register"…}``. */
export function topicMessagesSection(topicId: string, last: LastTopicMessage, now: number, deleted = false): string {
  const links = [
    ...(deleted
      ? []
      : [commandLink('Watch topic', 'ledgerLens.watchTopic', { id: topicId }, 'Show its messages in the Topics view')]),
    commandLink('Tail in a panel', 'ledgerLens.tailTopic', { id: topicId }, 'Show new messages as they arrive'),
  ].join(' · ');
  if (last.kind === 'none') return `Messages: none yet\n\n${links}`;
  if (last.kind === 'unknown') return `Messages: could not be read\n\n${links}`;
  const m = last.message;
  const age = relativeAge(Number(m.consensusTimestamp.seconds) * 1000 + m.consensusTimestamp.nanos / 1e6, now);
  const content = describeContent(m.bytes, {
    maxTextChars: 200,
    maxHexBytes: 32,
    maxJsonDepth: 16,
    maxPrettyChars: 4096,
  });
  const flat = content.text.replace(/\s+/g, ' ').trim();
  const short = flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
  const chunk = m.chunk ? ` (chunk ${m.chunk.number} of ${m.chunk.total})` : '';
  const head =
    `Messages: ${formatGrouped(m.sequenceNumber)} · last #${m.sequenceNumber}${age ? `, ${age}` : ''}, ` +
    `by ${codeSpan(formatEntityId(m.payerAccountId), 40)}${chunk}`;
  const body = short ? `${content.kind === 'hex' ? 'hex ' : ''}${codeSpan(short, 200)}` : '(empty)';
  return `${head}  \n${body}\n\n${links}`;
}
