// Messages larger than a transaction are sent in chunks (`chunk_info`: number, total and the
// initial transaction id they share). This joins them, whatever order they arrive in: grouped by
// topic and the WHOLE initial transaction id (payer, valid start, nonce, scheduled), put in chunk
// order, a repeated chunk kept once, and what is wrong said in words (missing chunks, a chunk
// received twice with different bytes, a claimed total past the caps). Pure.
import { formatEntityId } from '../ledger/entityId';
import { formatTransactionIdDash } from '../ledger/transactionId';
import { type ContentLimits, DEFAULT_CONTENT_LIMITS, type TopicContent, count, describeContent } from './content';
import type { InitialTransactionId, TopicMessage } from './messages';

export interface ChunkLimits {
  /** A claimed total above this is refused (its chunks are listed, never joined). */
  readonly maxChunks: number;
  /** Joined content above this many bytes is refused. */
  readonly maxJoinedBytes: number;
}

/** 1,000 chunks of at most 1,024 bytes each (the network's chunk size) is about 1 MB. */
export const DEFAULT_CHUNK_LIMITS: ChunkLimits = { maxChunks: 1000, maxJoinedBytes: 4 * 1024 * 1024 };

/** A message sent whole (no chunk_info, or a single chunk). */
export interface SingleEntry {
  readonly kind: 'single';
  readonly message: TopicMessage;
  readonly content: TopicContent;
}

/** The chunks of one chunked message, joined when they are all there. */
export interface ChunkedEntry {
  readonly kind: 'chunked';
  readonly initialTransactionId: InitialTransactionId;
  /** The total the first chunk (lowest sequence number) claims. */
  readonly total: number;
  /** One chunk per number, in chunk order. */
  readonly chunks: readonly TopicMessage[];
  /** The chunk numbers not received (empty when the total was refused). */
  readonly missing: readonly number[];
  /** What keeps the chunks from joining cleanly, in words; empty when all is well. */
  readonly problems: readonly string[];
  /** The joined content, when every chunk is there and the size is within the caps. */
  readonly content?: TopicContent;
}

export type TopicEntry = SingleEntry | ChunkedEntry;

/**
 * The entries the messages make, in the order of their first sequence number. The result does not
 * depend on the order of `messages`: they are sorted by sequence number first, so "the first" of
 * two differing copies is always the lower sequence number.
 */
export function joinChunks(
  messages: readonly TopicMessage[],
  chunkLimits: ChunkLimits = DEFAULT_CHUNK_LIMITS,
  contentLimits: ContentLimits = DEFAULT_CONTENT_LIMITS,
): TopicEntry[] {
  const slots: Array<TopicMessage | TopicMessage[]> = [];
  const groups = new Map<string, TopicMessage[]>();
  let previous: TopicMessage | undefined;
  for (const message of [...messages].sort(bySequence)) {
    // The same message twice (overlapping pages): once.
    if (previous !== undefined && bySequence(previous, message) === 0) continue;
    previous = message;
    if (message.chunk === undefined || message.chunk.total === 1) {
      slots.push(message);
      continue;
    }
    const key = groupKey(message);
    const group = groups.get(key);
    if (group !== undefined) group.push(message);
    else {
      const fresh = [message];
      groups.set(key, fresh);
      slots.push(fresh);
    }
  }
  return slots.map(slot =>
    Array.isArray(slot)
      ? joinGroup(slot, chunkLimits, contentLimits)
      : { kind: 'single', message: slot, content: describeContent(slot.bytes, contentLimits) },
  );
}

function bySequence(a: TopicMessage, b: TopicMessage): number {
  if (a.sequenceNumber !== b.sequenceNumber) return a.sequenceNumber < b.sequenceNumber ? -1 : 1;
  const ta = formatEntityId(a.topicId);
  const tb = formatEntityId(b.topicId);
  return ta < tb ? -1 : ta > tb ? 1 : 0;
}

/** Topic and the whole initial transaction id: two messages differing in nonce are two messages. */
function groupKey(message: TopicMessage): string {
  const id = message.chunk!.initialTransactionId;
  return [
    formatEntityId(message.topicId),
    formatTransactionIdDash(id.transactionId),
    String(id.nonce),
    String(id.scheduled),
  ].join('|');
}

/** One group's chunks (sorted by sequence number) joined, or what stops them. */
function joinGroup(group: readonly TopicMessage[], limits: ChunkLimits, contentLimits: ContentLimits): ChunkedEntry {
  const first = group[0].chunk!;
  const total = first.total;
  const problems: string[] = [];
  const totals = [...new Set(group.map(m => m.chunk!.total))];
  if (totals.length > 1)
    problems.push(`the chunks disagree on the total (${totals.map(count).join(', ')}); the first says ${count(total)}`);
  const byNumber = new Map<number, TopicMessage>();
  const past: number[] = [];
  for (const message of group) {
    const number = message.chunk!.number;
    const seen = byNumber.get(number);
    if (number > total) past.push(number);
    else if (seen === undefined) byNumber.set(number, message);
    else if (!sameBytes(seen.bytes, message.bytes))
      problems.push(
        `chunk ${number} came twice with different content (sequence ${seen.sequenceNumber} and ` +
          `${message.sequenceNumber}); the first is used`,
      );
  }
  if (past.length > 0) {
    const numbers = [...new Set(past)].sort((a, b) => a - b);
    const verb = numbers.length === 1 ? 'is' : 'are';
    problems.push(`${numbersPhrase(numbers, 'chunk')} ${verb} past the total of ${count(total)}, left out`);
  }
  const chunks = [...byNumber.values()].sort((a, b) => a.chunk!.number - b.chunk!.number);
  const base = { kind: 'chunked' as const, initialTransactionId: first.initialTransactionId, total, chunks };
  if (total > limits.maxChunks) {
    problems.push(`claims ${count(total)} chunks; at most ${count(limits.maxChunks)} are joined`);
    return { ...base, missing: [], problems };
  }
  const missing: number[] = [];
  for (let n = 1; n <= total; n++) if (!byNumber.has(n)) missing.push(n);
  if (missing.length > 0) {
    const verb = missing.length === 1 ? 'is' : 'are';
    problems.push(`${numbersPhrase(missing, 'chunk')} of ${count(total)} ${verb} missing`);
    return { ...base, missing, problems };
  }
  const size = chunks.reduce((sum, m) => sum + m.bytes.length, 0);
  if (size > limits.maxJoinedBytes) {
    problems.push(
      `the joined message would be ${count(size)} bytes; at most ${count(limits.maxJoinedBytes)} are joined`,
    );
    return { ...base, missing, problems };
  }
  return { ...base, missing, problems, content: describeContent(concat(chunks, size), contentLimits) };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function concat(chunks: readonly TopicMessage[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk.bytes, at);
    at += chunk.bytes.length;
  }
  return out;
}

/** Runs listed before "and N more": a phrase about 1,000 scattered numbers stays one line. */
const MAX_RUNS_SAID = 8;

/**
 * Sorted distinct numbers as words: `chunk 3`, `chunks 2 and 4`, `chunks 2, 4–7 and 9`,
 * `chunks 2, 4, 6, 8, 10, 12, 14, 16 and 492 more`.
 */
export function numbersPhrase(numbers: readonly number[], noun: string): string {
  // Runs of three or more read as `4–7`; two neighbours read as two numbers.
  const runs: Array<{ from: number; to: number }> = [];
  for (let i = 0; i < numbers.length;) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j] + 1) j++;
    if (j === i + 1) runs.push({ from: numbers[i], to: numbers[i] }, { from: numbers[j], to: numbers[j] });
    else runs.push({ from: numbers[i], to: numbers[j] });
    i = j + 1;
  }
  const label = numbers.length === 1 ? noun : `${noun}s`;
  const said = runs
    .slice(0, MAX_RUNS_SAID)
    .map(r => (r.from === r.to ? count(r.from) : `${count(r.from)}–${count(r.to)}`));
  if (runs.length > MAX_RUNS_SAID) {
    const rest = runs.slice(MAX_RUNS_SAID).reduce((sum, r) => sum + r.to - r.from + 1, 0);
    return `${label} ${said.join(', ')} and ${count(rest)} more`;
  }
  if (said.length === 1) return `${label} ${said[0]}`;
  return `${label} ${said.slice(0, -1).join(', ')} and ${said[said.length - 1]}`;
}
