// The Topics view: the watched topics (`ledgerLens.watchedTopics`), each with its details
// (`/topics/{id}`) and its messages newest first, 25 a page with Load more, decoded by src/topics.
// A topic that is expanded while the view is visible is live: its new messages are asked with
// `sequencenumber=gt:<newest>` on the poll schedule (pollSchedule.ts) and added on top; collapsed,
// or with the view hidden, it asks nothing.
import * as vscode from 'vscode';
import { MirrorError, isAbortError, type MirrorClient, type TopicInfo, type TopicMessagesResponse } from '../../mirror';
import { describeMirrorError } from '../../present';
import { Disposable } from '../../util/lifecycle';
import { markdown, toTreeItem } from '../common/treeItem';
import { TopicFeed, TOPIC_PAGE_SIZE, decodeEntries } from './model';
import { LivePoll, type PollOutcome, type TimerHost } from './pollSchedule';
import {
  LoadMoreNode,
  MessageNode,
  TopicDetailNode,
  TopicMessageNode,
  TopicNode,
  detailRows,
  type TopicLook,
} from './nodes';

export type TopicsTreeNode = TopicNode | TopicDetailNode | TopicMessageNode | MessageNode | LoadMoreNode;

/** Newer messages asked per poll (the most the server gives in one page). */
const POLL_LIMIT = 100;

export interface TopicsProviderOptions {
  readonly client: () => MirrorClient;
  /** The watched topic ids, as the settings have them now. */
  readonly topics: () => readonly string[];
  readonly pollIntervalMs: () => number;
  readonly now?: () => number;
  readonly timers?: TimerHost;
  readonly pageSize?: number;
}

/** One watched topic: its row, details, messages and live poll. */
class TopicState {
  readonly node: TopicNode;
  readonly feed = new TopicFeed();
  info: TopicInfo | undefined;
  infoProblem: string | undefined;
  failure: { text: string; detail: string } | undefined;
  lastPage: TopicMessagesResponse | undefined;
  hasMore = false;
  loaded = false;
  loading: Promise<void> | undefined;
  loadingMore = false;
  expanded = false;
  poll: LivePoll;
  controller = new AbortController();

  constructor(
    readonly id: string,
    makePoll: (state: TopicState) => LivePoll,
  ) {
    this.node = new TopicNode(id, () => this.look());
    this.poll = makePoll(this);
  }

  look(): TopicLook {
    return {
      info: this.info,
      infoProblem: this.infoProblem,
      loading: this.loading !== undefined,
      live: this.poll.running,
      count: this.feed.messages.length,
    };
  }

  dispose(): void {
    this.poll.dispose();
    this.controller.abort();
  }
}

export class TopicsProvider extends Disposable implements vscode.TreeDataProvider<TopicsTreeNode> {
  private readonly changed = this._register(new vscode.EventEmitter<TopicsTreeNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly states = new Map<string, TopicState>();
  private visible = false;

  constructor(private readonly options: TopicsProviderOptions) {
    super();
    this._register({ dispose: () => this.states.forEach(s => s.dispose()) });
  }

  private get pageSize(): number {
    return this.options.pageSize ?? TOPIC_PAGE_SIZE;
  }

  /** The state of a watched topic (tests and the tail panel read it); made on first use. */
  state(id: string): TopicState {
    let state = this.states.get(id);
    if (!state) {
      state = new TopicState(
        id,
        s => new LivePoll(signal => this.pollOnce(s, signal), this.options.pollIntervalMs(), this.options.timers),
      );
      this.states.set(id, state);
    }
    return state;
  }

  getTreeItem(node: TopicsTreeNode): vscode.TreeItem {
    return toTreeItem(node, node.item());
  }

  resolveTreeItem(item: vscode.TreeItem, node: TopicsTreeNode): vscode.TreeItem {
    const tip = node.tooltip();
    if (tip) item.tooltip = markdown(tip);
    return item;
  }

  getParent(node: TopicsTreeNode): TopicsTreeNode | undefined {
    return node.parent instanceof TopicNode ? node.parent : undefined;
  }

  async getChildren(node?: TopicsTreeNode): Promise<TopicsTreeNode[]> {
    if (!node) {
      const ids = this.options.topics();
      for (const [id, state] of this.states)
        if (!ids.includes(id)) {
          state.dispose();
          this.states.delete(id);
        }
      // Each topic's details and newest page are read as soon as it is listed (its row shows the
      // memo), once: only while the view is shown, since VS Code asks for the rows only then.
      const nodes = ids.map(id => this.state(id));
      for (const state of nodes) if (!state.loaded && !state.failure && !state.loading) void this.load(state);
      return nodes.map(state => state.node);
    }
    if (!(node instanceof TopicNode)) return [];
    const state = this.state(node.topicId);
    if (!state.loaded && !state.failure) await this.load(state);
    return this.rows(state);
  }

  private rows(state: TopicState): TopicsTreeNode[] {
    const node = state.node;
    const rows: TopicsTreeNode[] = [];
    if (state.info)
      for (const [label, value] of detailRows(state.info)) rows.push(new TopicDetailNode(node, label, value));
    else if (state.infoProblem)
      rows.push(new MessageNode(node, `topic:${state.id}:info`, state.infoProblem, '', { icon: 'info' }));
    const now = this.options.now ?? Date.now;
    for (const entry of state.feed.entries()) rows.push(new TopicMessageNode(node, entry, now));
    // The last three entries that could not be read (one page's `messages[2]` is another's too:
    // the row ids count them instead).
    state.feed.errors.slice(-3).forEach((e, i) =>
      rows.push(
        new MessageNode(node, `topic:${state.id}:bad:${i}`, 'A message could not be read', e.message, {
          icon: 'warning',
        }),
      ),
    );
    if (state.failure) {
      rows.push(
        new MessageNode(node, `topic:${state.id}:failed`, state.failure.text, state.failure.detail, {
          retry: { reason: 'topics', command: 'ledgerLens.refreshTopics' },
        }),
      );
    } else if (state.feed.messages.length === 0 && state.feed.errors.length === 0) {
      rows.push(new MessageNode(node, `topic:${state.id}:empty`, 'No messages yet', state.poll.running ? 'live' : ''));
    }
    if (state.hasMore && !state.failure) {
      const loading = () => ({ loading: state.loadingMore, loaded: state.feed.messages.length });
      rows.push(
        new LoadMoreNode(node, `topic:${state.id}:more`, 'ledgerLens.loadMoreTopicMessages', loading, 'messages'),
      );
    }
    return rows;
  }

  /** Reads a topic's details and newest page (both at once); one load at a time per topic. */
  load(state: TopicState): Promise<void> {
    state.loading ??= this.loadNow(state).finally(() => {
      state.loading = undefined;
      // The row shows what was read (memo, deleted); its rows follow when it is expanded.
      this.changed.fire(state.node);
    });
    return state.loading;
  }

  private async loadNow(state: TopicState): Promise<void> {
    const client = this.options.client();
    const { signal } = state.controller;
    const [info, page] = await Promise.allSettled([
      client.getTopic(state.id, { signal }),
      client.listTopicMessages(state.id, { order: 'desc', limit: this.pageSize }, { signal, cache: 'reload' }),
    ]);
    if (signal.aborted) return;
    if (info.status === 'fulfilled') {
      state.info = info.value;
      state.infoProblem = undefined;
    } else {
      state.info = undefined;
      state.infoProblem = is404(info.reason)
        ? 'Details not served here (this mirror node has no /topics/{id})'
        : `Details could not be read: ${describeMirrorError(info.reason, { network: 'the mirror node' }).detail}`;
    }
    if (page.status === 'rejected') {
      state.failure = problem(page.reason);
      state.loaded = false;
      return;
    }
    state.failure = undefined;
    state.feed.clear();
    const { messages, errors } = decodeEntries(page.value.messages);
    state.feed.add(messages, errors);
    state.lastPage = page.value;
    state.hasMore = Boolean(page.value.links?.next);
    state.loaded = true;
  }

  /** The next page of a topic (the last page's links.next; below the oldest kept after a cut). */
  async loadMore(node: TopicsTreeNode | undefined): Promise<void> {
    const topic = node instanceof TopicNode ? node : node?.parent instanceof TopicNode ? node.parent : undefined;
    if (!topic) return;
    const state = this.state(topic.topicId);
    if (state.loadingMore || !state.lastPage) return;
    state.loadingMore = true;
    this.changed.fire(state.node);
    const client = this.options.client();
    const { signal } = state.controller;
    try {
      const oldest = state.feed.oldest;
      const page =
        state.feed.trimmed && oldest !== undefined
          ? await client.listTopicMessages(
              state.id,
              { order: 'desc', limit: this.pageSize, sequencenumber: `lt:${oldest}` },
              { signal },
            )
          : await client.next(state.lastPage, { signal });
      if (page) {
        const { messages, errors } = decodeEntries(page.messages);
        state.feed.add(messages, errors);
        state.lastPage = page;
      }
      state.hasMore = Boolean(page?.links?.next);
    } catch (e) {
      if (!isAbortError(e)) state.failure = problem(e);
    } finally {
      state.loadingMore = false;
      this.changed.fire(state.node);
    }
  }

  /** Asks a topic for what came after its newest message; the answer decides the next wait. */
  private async pollOnce(state: TopicState, signal: AbortSignal): Promise<PollOutcome> {
    if (!state.loaded) return { kind: 'empty' };
    const after = state.feed.newest ?? 0n;
    try {
      const page = await this.options
        .client()
        .listTopicMessages(
          state.id,
          { order: 'asc', limit: POLL_LIMIT, sequencenumber: `gt:${after}` },
          { signal, cache: 'reload', priority: 'visible' },
        );
      const { messages, errors } = decodeEntries(page.messages);
      const added = state.feed.add(messages, errors, true);
      if (added > 0 || errors.length > 0) this.changed.fire(state.node);
      return added > 0 ? { kind: 'messages', count: added } : { kind: 'empty' };
    } catch (e) {
      if (e instanceof MirrorError && e.status === 429) return { kind: 'throttled' };
      throw e;
    }
  }

  /** The view was shown or hidden: only a visible view's expanded topics poll. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    for (const state of this.states.values()) this.updateLive(state);
  }

  /** A topic row was expanded or collapsed. */
  setExpanded(node: TopicsTreeNode, expanded: boolean): void {
    if (!(node instanceof TopicNode)) return;
    const state = this.state(node.topicId);
    state.expanded = expanded;
    this.updateLive(state);
  }

  private updateLive(state: TopicState): void {
    const live = this.visible && state.expanded;
    if (live === state.poll.running) return;
    state.poll.setActive(live);
    this.changed.fire(state.node);
  }

  /** The poll interval changed: each topic's poll restarts with it. */
  restartPolls(): void {
    for (const state of this.states.values()) {
      const wasLive = state.poll.running;
      state.poll.dispose();
      state.poll = new LivePoll(
        signal => this.pollOnce(state, signal),
        this.options.pollIntervalMs(),
        this.options.timers,
      );
      if (wasLive) state.poll.setActive(true);
    }
  }

  /** The watched topics changed: the root rows again (a removed topic's state goes). */
  refreshRoot(): void {
    this.changed.fire(undefined);
  }

  /** Everything read again (Refresh), or forgotten (another network). */
  reset(): void {
    for (const state of this.states.values()) {
      state.controller.abort();
      state.controller = new AbortController();
      state.loaded = false;
      state.failure = undefined;
      state.info = undefined;
      state.infoProblem = undefined;
      state.lastPage = undefined;
      state.hasMore = false;
      state.feed.clear();
    }
    this.changed.fire(undefined);
  }
}

function is404(e: unknown): boolean {
  return e instanceof MirrorError && e.status === 404;
}

function problem(e: unknown): { text: string; detail: string } {
  const { detail } = describeMirrorError(e, { network: 'the mirror node' });
  if (is404(e)) return { text: 'No such topic on this network', detail };
  const http = e instanceof MirrorError && e.kind === 'http';
  return { text: http ? `Could not load messages (${e.status})` : 'Could not load messages', detail };
}
