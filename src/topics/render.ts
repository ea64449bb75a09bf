// A topic entry as plain text, for a hover, a tree item's tooltip or a panel that appends messages:
// never markup, so a message cannot format, link or script anything. Pure.
import { formatEntityId } from '../ledger/entityId';
import { formatTimestamp, timestampToIso } from '../ledger/timestamp';
import { formatTransactionIdDash } from '../ledger/transactionId';
import type { ChunkedEntry, TopicEntry } from './chunks';
import type { TopicContent } from './content';
import type { TopicMessage } from './messages';

/** `#42 · 2026-11-27T17:00:00.000000001Z (1795800000.000000001) · payer 0.0.1234` */
export function messageHeadline(message: TopicMessage): string {
  const ts = message.consensusTimestamp;
  return (
    `#${message.sequenceNumber} · ${timestampToIso(ts)} (${formatTimestamp(ts)}) · ` +
    `payer ${formatEntityId(message.payerAccountId)}`
  );
}

/** `running hash v3 1a2b…` */
export function runningHashLine(message: TopicMessage): string {
  return `running hash v${message.runningHashVersion} ${message.runningHash}`;
}

/** The whole entry: headline, running hash, then the content (or why there is none). */
export function topicEntryText(entry: TopicEntry): string {
  if (entry.kind === 'single')
    return [messageHeadline(entry.message), runningHashLine(entry.message), '', contentText(entry.content)].join('\n');
  return chunkedText(entry);
}

/** The content with its form and note: `JSON (120 bytes)` / `text (5 bytes; …)` then the text. */
export function contentText(content: TopicContent): string {
  const form = content.kind === 'json' ? 'JSON' : content.kind;
  const size = `${content.byteLength.toLocaleString('en-US')} ${content.byteLength === 1 ? 'byte' : 'bytes'}`;
  const note = content.note === undefined ? '' : `; ${content.note}`;
  return `${form} (${size}${note})\n${content.text}`;
}

function chunkedText(entry: ChunkedEntry): string {
  const id = entry.initialTransactionId;
  const lines = [
    `chunked message: ${entry.chunks.length} of ${entry.total.toLocaleString('en-US')} chunks, ` +
      `initial transaction ${formatTransactionIdDash(id.transactionId)}` +
      (id.nonce === null ? '' : ` nonce ${id.nonce}`) +
      (id.scheduled === true ? ' (scheduled)' : ''),
  ];
  if (entry.chunks.length > 0) {
    const first = entry.chunks[0];
    lines.push(messageHeadline(first), runningHashLine(entry.chunks[entry.chunks.length - 1]));
  }
  for (const problem of entry.problems) lines.push(`! ${problem}`);
  lines.push('', entry.content === undefined ? 'not joined' : contentText(entry.content));
  return lines.join('\n');
}
