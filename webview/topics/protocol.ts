// The tail panel's messages, both ways, with their validators (webview/shared/validate.ts): the
// host checks what the page sends and the state it saved, the page checks what the host sends.
// Every text is plain: the page puts it in text nodes, never markup.
import * as v from '../shared/validate';

/** One entry of a topic as the panel shows it (a chunked message joined is one entry). */
export interface TailEntry {
  /** Stable while chunks arrive: a later entry with the same key replaces the shown one. */
  readonly key: string;
  /** `#42` or `#40–42`. */
  readonly label: string;
  /** ISO time and `sss.nnnnnnnnn`, then the payer. */
  readonly headline: string;
  /** The whole entry as plain text (src/topics topicEntryText). */
  readonly text: string;
  /** The content alone (what Copy copies), or the whole text when it could not be joined. */
  readonly content: string;
  readonly form: 'text' | 'json' | 'hex' | 'chunked';
}

export interface TailStatus {
  /** `live`, `paused`, `hidden` (the panel asks nothing while it cannot be seen), `failed`. */
  readonly state: 'live' | 'paused' | 'hidden' | 'failed' | 'loading';
  /** Said beside the state: the last failure, the poll interval. */
  readonly note: string;
}

export type TailToPage =
  | { readonly type: 'entries'; readonly entries: readonly TailEntry[] }
  | { readonly type: 'status'; readonly status: TailStatus }
  | { readonly type: 'copied'; readonly text: string };

export type TailToHost =
  | { readonly type: 'ready' }
  | { readonly type: 'pause'; readonly paused: boolean }
  | { readonly type: 'copy'; readonly text: string };

/** What the page saves (and the serializer hands back after a reload). */
export interface TailState {
  readonly topicId: string;
  readonly network: string;
}

/** The first state the host inlines: the topic, and the entries already known. */
export interface TailInitial extends TailState {
  readonly entries: readonly TailEntry[];
}

/** The most characters an entry's text carries across (the decoder's own caps are below it). */
export const MAX_ENTRY_CHARS = 512 * 1024;
/** The most entries held by the page; the oldest go first. */
export const MAX_PAGE_ENTRIES = 500;

const TOPIC_ID = /^\d{1,10}\.\d{1,10}\.\d{1,10}$/;
const NETWORK = /^[a-z-]{1,20}$/;

export const tailEntry: v.Validator<TailEntry> = v.object({
  key: v.text(1, 200),
  label: v.text(1, 100),
  headline: v.text(0, 400),
  text: v.text(0, MAX_ENTRY_CHARS),
  content: v.text(0, MAX_ENTRY_CHARS),
  form: v.literal('text', 'json', 'hex', 'chunked'),
});

export const tailToPage: v.Validator<TailToPage> = v.tagged<'type', TailToPage>('type', {
  entries: v.object({ type: v.literal('entries'), entries: v.array(tailEntry, MAX_PAGE_ENTRIES) }),
  status: v.object({
    type: v.literal('status'),
    status: v.object({ state: v.literal('live', 'paused', 'hidden', 'failed', 'loading'), note: v.text(0, 500) }),
  }),
  copied: v.object({ type: v.literal('copied'), text: v.text(0, MAX_ENTRY_CHARS) }),
});

export const tailToHost: v.Validator<TailToHost> = v.tagged<'type', TailToHost>('type', {
  ready: v.object({ type: v.literal('ready') }),
  pause: v.object({ type: v.literal('pause'), paused: v.boolean }),
  copy: v.object({ type: v.literal('copy'), text: v.text(0, MAX_ENTRY_CHARS) }),
});

export const tailState: v.Validator<TailState> = v.object({
  topicId: v.pattern(TOPIC_ID),
  network: v.pattern(NETWORK),
});

export const tailInitial: v.Validator<TailInitial> = v.object({
  topicId: v.pattern(TOPIC_ID),
  network: v.pattern(NETWORK),
  entries: v.array(tailEntry, MAX_PAGE_ENTRIES),
});
