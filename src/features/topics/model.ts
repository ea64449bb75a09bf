// One watched topic's messages as the Topics view and the tail panel hold them: decoded entries
// (src/topics), newest first, each sequence number once, what polling brings added on top and what
// Load more brings below, capped so a topic left live for a day stays the same size. Chunked
// messages are joined over everything held (a message whose chunks straddle a page says which are
// missing until Load more brings them). Pure: no vscode.
import {
  joinChunks,
  TopicMessageError,
  decodeTopicMessage,
  type MessageEncoding,
  type TopicEntry,
  type TopicMessage,
} from '../../topics';
import { formatTransactionIdDash } from '../../ledger/transactionId';

/** At most this many messages are held per topic; polling drops the oldest past it. */
export const TOPIC_MESSAGES_CAP = 500;
/** A page of the view: newest first, as many as Load more adds. */
export const TOPIC_PAGE_SIZE = 25;

/** The entries of a page the mirror client returned, decoded one by one: a bad one is its error. */
export function decodeEntries(
  entries: readonly object[],
  encoding: MessageEncoding = 'base64',
): { readonly messages: TopicMessage[]; readonly errors: TopicMessageError[] } {
  const messages: TopicMessage[] = [];
  const errors: TopicMessageError[] = [];
  entries.forEach((entry, i) => {
    try {
      messages.push(decodeTopicMessage(entry, encoding));
    } catch (e) {
      if (!(e instanceof TopicMessageError)) throw e;
      errors.push(new TopicMessageError(`messages[${i}].${e.member}`, e.problem));
    }
  });
  return { messages, errors };
}

/** The messages held for one topic, newest first. */
export class TopicFeed {
  private list: TopicMessage[] = [];
  private seen = new Set<bigint>();
  private problems: TopicMessageError[] = [];
  private joined: readonly TopicEntry[] | undefined;
  private cut = false;

  constructor(private readonly cap = TOPIC_MESSAGES_CAP) {}

  /** The messages, newest first. */
  get messages(): readonly TopicMessage[] {
    return this.list;
  }

  /** Entries that could not be decoded, newest problem last (at most 20 kept). */
  get errors(): readonly TopicMessageError[] {
    return this.problems;
  }

  /** The highest sequence number held: polling asks for what comes after it. */
  get newest(): bigint | undefined {
    return this.list[0]?.sequenceNumber;
  }

  /** The lowest held: Load more after a cut asks below it. */
  get oldest(): bigint | undefined {
    return this.list.at(-1)?.sequenceNumber;
  }

  /** Whether the cap dropped the oldest messages (the last page's link no longer follows the list). */
  get trimmed(): boolean {
    return this.cut;
  }

  /** Adds decoded messages in any order; returns how many were new. `live`: the cap applies. */
  add(messages: readonly TopicMessage[], errors: readonly TopicMessageError[] = [], live = false): number {
    let added = 0;
    for (const m of messages) {
      if (this.seen.has(m.sequenceNumber)) continue;
      this.seen.add(m.sequenceNumber);
      this.list.push(m);
      added++;
    }
    if (errors.length) this.problems = [...this.problems, ...errors].slice(-20);
    if (added === 0 && errors.length === 0) return 0;
    this.list.sort((a, b) => (a.sequenceNumber < b.sequenceNumber ? 1 : a.sequenceNumber > b.sequenceNumber ? -1 : 0));
    if (live && this.list.length > this.cap) {
      for (const dropped of this.list.splice(this.cap)) this.seen.delete(dropped.sequenceNumber);
      this.cut = true;
    }
    this.joined = undefined;
    return added;
  }

  /** Everything forgotten (refresh, another network). */
  clear(): void {
    this.list = [];
    this.seen.clear();
    this.problems = [];
    this.joined = undefined;
    this.cut = false;
  }

  /** The entries (chunks joined), newest first; worked out once per change. */
  entries(): readonly TopicEntry[] {
    this.joined ??= joinChunks(this.list).reverse();
    return this.joined;
  }
}

/** The sequence numbers an entry spans: `#42`, or `#40–42` for a chunked message. */
export function entryLabel(entry: TopicEntry): string {
  if (entry.kind === 'single') return `#${entry.message.sequenceNumber}`;
  const first = entry.chunks[0]?.sequenceNumber;
  const last = entry.chunks.at(-1)?.sequenceNumber;
  if (first === undefined || last === undefined) return 'chunked message';
  return first === last ? `#${first}` : `#${first}–${last}`;
}

/** The first message of an entry (its consensus time and payer stand for the entry). */
export function entryHead(entry: TopicEntry): TopicMessage | undefined {
  return entry.kind === 'single' ? entry.message : entry.chunks[0];
}

/** The newest sequence number an entry holds (a list's key: stable while more chunks arrive below). */
export function entryKey(entry: TopicEntry): string {
  if (entry.kind === 'single') return entry.message.sequenceNumber.toString();
  const { transactionId, nonce, scheduled } = entry.initialTransactionId;
  return `chunks:${formatTransactionIdDash(transactionId)}:${nonce ?? ''}:${scheduled ?? ''}`;
}

/** A one-line preview of an entry's content: its first characters, or what keeps it from showing. */
export function entryPreview(entry: TopicEntry, max = 80): string {
  const content = entry.content;
  if (content === undefined) {
    const e = entry.kind === 'chunked' ? entry : undefined;
    return e && e.missing.length > 0
      ? `chunks ${e.chunks.length} of ${e.total}: ${e.missing.length} missing`
      : 'not joined';
  }
  const flat = content.text.replace(/\s+/g, ' ').trim();
  const body = flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  return content.kind === 'hex' ? `hex ${body}` : body;
}
