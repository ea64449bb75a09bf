// The Topics view's rows: a watched topic, its details (memo, keys, auto-renew account), its
// messages (decoded, chunks joined) and the shared message and Load more rows. Each row describes
// its item (common/nodes.ts); tooltips are Markdown built on hover, every network value escaped or
// fenced, so a message can never format, link or script anything. Pure (no vscode).
import type { Key, TopicInfo } from '../../mirror';
import { plainText, relativeAge } from '../../present';
import { topicEntryText, type TopicEntry } from '../../topics';
import { codeSpan, escapeMarkdown } from '../common/markdown';
import type { ItemData, TreeNode } from '../common/nodes';
import { entryHead, entryKey, entryLabel, entryPreview } from './model';

export { LoadMoreNode, MessageNode } from '../common/nodes';

/** What a topic row shows of its topic's state (read when its item is built). */
export interface TopicLook {
  readonly info: TopicInfo | undefined;
  /** Why the details are not shown (the mirror node does not serve `/topics/{id}`, a failure). */
  readonly infoProblem: string | undefined;
  readonly loading: boolean;
  readonly live: boolean;
  readonly count: number;
}

export class TopicNode implements TreeNode {
  readonly kind = 'topic';
  readonly parent = undefined;
  constructor(
    readonly topicId: string,
    private readonly look: () => TopicLook,
  ) {}

  item(): ItemData {
    const { info, loading, live } = this.look();
    const memo = info?.memo ? plainText(info.memo, 80) : undefined;
    const state = info?.deleted ? 'deleted' : loading ? 'loading…' : live ? 'live' : undefined;
    const description = [memo, state].filter(Boolean).join(' · ');
    return {
      id: `topic:${this.topicId}`,
      label: this.topicId,
      ...(description ? { description } : {}),
      icon: info?.deleted ? 'circle-slash' : live ? 'broadcast' : 'comment-discussion',
      contextValue: 'topic',
      collapsible: 'collapsed',
      accessibilityLabel: `Topic ${this.topicId}${description ? `, ${description}` : ''}`,
    };
  }

  tooltip(): string {
    const { info, infoProblem, count } = this.look();
    const lines = [`**Topic** ${codeSpan(this.topicId)}`];
    if (info) lines.push(...topicDetails(info).map(([k, v]) => `${k}: ${v}`));
    else if (infoProblem) lines.push(escapeMarkdown(infoProblem, 300));
    lines.push(`${count} ${count === 1 ? 'message' : 'messages'} loaded`);
    return lines.join('  \n');
  }
}

/** The details rows of a topic, label and Markdown-safe value. */
export function topicDetails(info: TopicInfo): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ['Memo', info.memo ? escapeMarkdown(info.memo, 300) : 'none'],
    ['Admin key', keyWords(info.admin_key)],
    ['Submit key', info.submit_key ? keyWords(info.submit_key) : 'none (anyone may submit)'],
    ['Auto-renew account', info.auto_renew_account ? codeSpan(info.auto_renew_account, 40) : 'none'],
  ];
  if (info.deleted) rows.push(['Deleted', 'yes']);
  return rows;
}

/** A key as `ED25519 `302a…`` (its type and the first hex digits), or `none`. */
export function keyWords(key: Key | undefined): string {
  if (!key) return 'none';
  const hex = key.key.length > 16 ? `${key.key.slice(0, 16)}…` : key.key;
  return `${escapeMarkdown(key._type, 40)} ${codeSpan(hex, 20)}`;
}

/** One detail of a topic (memo, keys, auto-renew account) as a row under it. */
export class TopicDetailNode implements TreeNode {
  readonly kind = 'detail';
  constructor(
    readonly parent: TopicNode,
    private readonly label: string,
    private readonly value: string,
  ) {}

  item(): ItemData {
    return {
      id: `topic:${this.parent.topicId}:detail:${this.label}`,
      label: this.label,
      description: plainText(this.value, 120),
      icon: 'info',
      contextValue: 'topicDetail',
      collapsible: 'none',
    };
  }

  tooltip(): string {
    return `${escapeMarkdown(this.label)}: ${escapeMarkdown(this.value, 1000)}`;
  }
}

/** The plain-text details rows (the view's rows are plain text; the tooltip above is Markdown). */
export function detailRows(info: TopicInfo): Array<[string, string]> {
  const key = (k: Key | undefined) => (k ? `${k._type} ${k.key.slice(0, 16)}${k.key.length > 16 ? '…' : ''}` : 'none');
  const rows: Array<[string, string]> = [
    ['Memo', info.memo ? info.memo : 'none'],
    [
      'Keys',
      `admin ${key(info.admin_key)} · submit ${info.submit_key ? key(info.submit_key) : 'none (anyone may submit)'}`,
    ],
    ['Auto-renew account', info.auto_renew_account ?? 'none'],
  ];
  if (info.deleted) rows.push(['Deleted', 'yes: no new messages can be submitted']);
  return rows;
}

/** One message (or one chunked message, joined) of a topic. */
export class TopicMessageNode implements TreeNode {
  readonly kind = 'message-entry';
  constructor(
    readonly parent: TopicNode,
    readonly entry: TopicEntry,
    private readonly now: () => number,
  ) {}

  item(): ItemData {
    const head = entryHead(this.entry);
    const when = head ? relativeAge(Number(head.consensusTimestamp.seconds) * 1000, this.now()) : undefined;
    const preview = plainText(entryPreview(this.entry), 100);
    return {
      id: `topic:${this.parent.topicId}:message:${entryKey(this.entry)}`,
      label: entryLabel(this.entry),
      description: when ? `${preview} · ${when}` : preview,
      icon: this.entry.kind === 'chunked' ? 'layers' : this.entry.content.kind === 'json' ? 'json' : 'mail',
      contextValue: 'topicMessage',
      collapsible: 'none',
      command: { id: 'ledgerLens.openTopicMessage', title: 'Open topic message' },
    };
  }

  tooltip(): string {
    return fenced(topicEntryText(this.entry), 4000);
  }
}

/**
 * Plain text as a Markdown code block: its fence longer than any run of backticks in it, so
 * nothing inside can close it; code blocks show their text as it is (no links, no HTML).
 */
export function fenced(text: string, maxLength = 4000): string {
  const t = text.length > maxLength ? `${text.slice(0, maxLength)}\n…` : text;
  let longest = 2;
  for (const m of t.matchAll(/`{3,}/g)) longest = Math.max(longest, m[0].length);
  const fence = '`'.repeat(longest + 1);
  return `${fence}text\n${t}\n${fence}`;
}
