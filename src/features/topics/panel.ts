// "Tail in a panel": a topic's newest messages, then each new one appended as it arrives, read on
// the poll schedule (pollSchedule.ts) only while the panel is visible and not paused. The page
// (webview/topics) filters by text and copies; what it sends is validated by its protocol.
import * as vscode from 'vscode';
import { PANEL_KINDS } from '../../../webview/panelKinds';
import {
  MAX_ENTRY_CHARS,
  tailState,
  tailToHost,
  type TailEntry,
  type TailStatus,
  type TailToHost,
  type TailToPage,
} from '../../../webview/topics/protocol';
import type { Network } from '../../ledger';
import { MirrorError, type MirrorClient } from '../../mirror';
import { describeMirrorError } from '../../present';
import { messageHeadline, topicEntryText, type TopicEntry } from '../../topics';
import { PanelHost, restoredState, showUnrestorable, type PanelLog } from '../../webview/panelHost';
import { TopicFeed, TOPIC_PAGE_SIZE, decodeEntries, entryHead, entryKey, entryLabel } from './model';
import { LivePoll, type PollOutcome } from './pollSchedule';

/** An entry as the page shows it. */
export function tailEntryOf(entry: TopicEntry): TailEntry {
  const head = entryHead(entry);
  const text = topicEntryText(entry);
  return {
    key: entryKey(entry),
    label: entryLabel(entry),
    headline: head ? messageHeadline(head).replace(/^#\S+ · /, '') : '',
    text: cap(text),
    content: cap(entry.content ? entry.content.text : text),
    form: entry.kind === 'chunked' ? 'chunked' : entry.content.kind,
  };
}

function cap(text: string): string {
  return text.length > MAX_ENTRY_CHARS ? `${text.slice(0, MAX_ENTRY_CHARS - 1)}…` : text;
}

export interface TailPanelDeps {
  readonly extensionUri: vscode.Uri;
  readonly log: PanelLog;
  readonly clientFor: (network: Network) => MirrorClient;
  readonly intervalMs: () => number;
}

export class TailPanel extends PanelHost<TailToHost, TailToPage> {
  readonly feed = new TopicFeed();
  private readonly sent = new Map<string, string>();
  private readonly poll: LivePoll;
  private paused = false;
  private started = false;
  private failure: string | undefined;

  constructor(
    panel: vscode.WebviewPanel,
    readonly topicId: string,
    readonly network: Network,
    private readonly deps: TailPanelDeps,
  ) {
    super({
      panel,
      extensionUri: deps.extensionUri,
      script: 'topics',
      title: `Topic ${topicId}`,
      initialState: { topicId, network, entries: [] },
      hasCss: true,
      messages: tailToHost,
      log: deps.log,
    });
    this.poll = this._register(new LivePoll(signal => this.pollOnce(signal), deps.intervalMs()));
    this._register(panel.onDidChangeViewState(() => this.updateLive()));
  }

  protected async onMessage(message: TailToHost): Promise<void> {
    if (message.type === 'ready') {
      if (!this.started) await this.start();
      else this.resend();
    } else if (message.type === 'pause') {
      this.paused = message.paused;
      this.updateLive();
    } else {
      await vscode.env.clipboard.writeText(message.text);
      void this.post({ type: 'copied', text: message.text });
    }
  }

  private async start(): Promise<void> {
    this.started = true;
    this.status({ state: 'loading', note: '' });
    try {
      const page = await this.client().listTopicMessages(
        this.topicId,
        { order: 'desc', limit: TOPIC_PAGE_SIZE },
        { cache: 'reload' },
      );
      this.take(page.messages, false);
    } catch (e) {
      this.failure = describeMirrorError(e, { network: this.network }).detail;
    }
    this.updateLive();
  }

  private client(): MirrorClient {
    return this.deps.clientFor(this.network);
  }

  private async pollOnce(signal: AbortSignal): Promise<PollOutcome> {
    const after = this.feed.newest ?? 0n;
    try {
      const page = await this.client().listTopicMessages(
        this.topicId,
        { order: 'asc', limit: 100, sequencenumber: `gt:${after}` },
        { signal, cache: 'reload', priority: 'visible' },
      );
      const added = this.take(page.messages, true);
      if (this.failure) {
        this.failure = undefined;
        this.updateLive();
      }
      return added > 0 ? { kind: 'messages', count: added } : { kind: 'empty' };
    } catch (e) {
      if (signal.aborted) throw e;
      this.failure = describeMirrorError(e, { network: this.network }).detail;
      this.updateLive();
      if (e instanceof MirrorError && e.status === 429) return { kind: 'throttled' };
      return { kind: 'failed' };
    }
  }

  /** Decodes a page, adds it, and sends the page the entries that are new or changed. */
  private take(entries: readonly object[], live: boolean): number {
    const { messages, errors } = decodeEntries(entries);
    const added = this.feed.add(messages, errors, live);
    for (const e of errors) this.deps.log.warn(`Topic ${this.topicId}: ${e.message}`);
    const changed: TailEntry[] = [];
    // Oldest first: the page appends. A single message never changes once sent; a chunked one may
    // (its missing chunks arrive), so only those are rendered again to compare.
    for (const entry of [...this.feed.entries()].reverse()) {
      const key = entryKey(entry);
      if (entry.kind === 'single' && this.sent.has(key)) continue;
      const shown = tailEntryOf(entry);
      if (this.sent.get(key) === shown.text) continue;
      this.sent.set(key, shown.text);
      changed.push(shown);
    }
    if (changed.length) void this.post({ type: 'entries', entries: changed.slice(-500) });
    return added;
  }

  /** The page was reloaded (hidden with its context dropped): everything again. */
  private resend(): void {
    this.sent.clear();
    this.take([], false);
    this.updateLive();
  }

  private updateLive(): void {
    const live = this.panel.visible && !this.paused && this.started;
    this.poll.setActive(live);
    const every = `every ${Math.round(this.deps.intervalMs() / 1000)} s or more`;
    if (this.failure) this.status({ state: 'failed', note: this.failure.slice(0, 400) });
    else if (this.paused) this.status({ state: 'paused', note: '' });
    else this.status({ state: live ? 'live' : 'hidden', note: live ? every : '' });
  }

  private status(status: TailStatus): void {
    void this.post({ type: 'status', status });
  }
}

/** The open tail panels, and the ones VS Code brings back after a reload. */
export class TailPanels implements vscode.Disposable {
  readonly open: TailPanel[] = [];

  constructor(private readonly deps: TailPanelDeps) {}

  /** Shows the topic's panel (the one already open for it, or a new one). */
  show(topicId: string, network: Network): TailPanel {
    const existing = this.open.find(p => p.topicId === topicId && p.network === network);
    if (existing) {
      existing.panel.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(PANEL_KINDS.topic, `Topic ${topicId}`, vscode.ViewColumn.Active, {
      retainContextWhenHidden: false,
    });
    return this.track(new TailPanel(panel, topicId, network, this.deps));
  }

  /** A panel restored after a reload: its saved topic and network, checked, read again. */
  revive(panel: vscode.WebviewPanel, state: unknown, isNetwork: (n: string) => n is Network): void {
    const restored = restoredState(tailState, state);
    if (!restored.ok || !isNetwork(restored.state.network)) {
      const reason = restored.ok ? `unknown network ${restored.state.network}` : restored.reason;
      showUnrestorable(panel, 'Topic', reason, 'Use "Tail in a panel" on the topic in the Topics view.');
      return;
    }
    this.track(new TailPanel(panel, restored.state.topicId, restored.state.network, this.deps));
  }

  private track(tail: TailPanel): TailPanel {
    this.open.push(tail);
    tail.onDidDispose(() => this.open.splice(this.open.indexOf(tail), 1));
    return tail;
  }

  dispose(): void {
    for (const p of [...this.open]) p.dispose();
  }
}
