// The network health item in the status bar, its tooltip and its click menu. The rules live in
// present.ts (what to say) and status/poller.ts (when to ask); this file wires them to VS Code.
import * as vscode from 'vscode';
import type { FeatureHost, FeatureLog, Setting } from '../context';
import { notify } from '../../app/notifications';
import type { MirrorProblem } from '../../app/services';
import { publicMirrorUrl } from '../../ledger/networks';
import type { Network } from '../../app/settings';
import { Disposable, toDisposable } from '../../util/lifecycle';
import { createLocalPoller, type LocalHealth } from '../../status/local';
import { ActiveTarget, shownKey, type StatusTarget } from './follow';
import { localLook, localMenuEntries, localTooltip, type LocalSnapshot } from './localPresent';
import { BrowserFallback } from './browserFallback';
import type { HealthLevel, MaintenanceInfo, PollOutcome, StatusClient, Summary } from '../../status';
// The rules by their own modules, not the index: it would bring the client and its schemas, which
// the services load with the first check (src/app/clients.ts), not at activation.
import { allMaintenanceInfos, networkHealth } from '../../status/health';
import { StatusPoller } from '../../status/poller';
import {
  changeNotice,
  healthChange,
  itemLook,
  menuEntries,
  shownLevel,
  TimeFormat,
  tooltipMarkdown,
  type MenuEntry,
  type StatusSnapshot,
} from './present';
import { errorMessage } from '../../util/errorMessage';

export const STATUS_ITEM_ID = 'ledgerLens.status';

/** The settings the status item reads. */
export interface StatusSettings {
  readonly network: Network;
  readonly statusUrl: string;
  readonly pollIntervalSeconds: number;
  readonly notifyOnChange: boolean;
}

/** What the status feature uses (see the pattern in ../context.ts). */
export interface StatusInputs {
  /** Read at call time: the client is replaced when the status URL changes. */
  readonly status: () => StatusClient;
  readonly settings: Setting<StatusSettings>;
  readonly onDidChangeStatusClient: vscode.Event<unknown>;
  /** The last mirror node failure, shown in the tooltip. */
  readonly mirrorProblem: () => MirrorProblem | undefined;
  readonly onDidChangeMirrorProblem: vscode.Event<unknown>;
  readonly log: FeatureLog;
  /** Which network the active editor means, and why (`ledgerLens.network` `auto`); asked again on `changed`. */
  readonly target: {
    readonly initial: StatusTarget;
    readonly resolve: (document: vscode.TextDocument | undefined) => Promise<StatusTarget>;
    readonly changed: readonly vscode.Event<unknown>[];
  };
  /**
   * The mirror node `network` is asked at, asked for its own health instead of the status page when
   * no status page covers it (the target's `statusPage` is undefined: a local node, or a URL the
   * user set whose network nothing says).
   */
  readonly mirrorHealth: {
    /** `localhost:5551`. */
    readonly host: (network: Network) => string;
    /** The newest block's end (`sss.nnnnnnnnn`), undefined with no block; throws when it does not answer. */
    readonly newestBlockEnd: (network: Network, signal: AbortSignal) => Promise<string | undefined>;
  };
}

/** What integration tests reach through `exports.features.status`. */
export interface StatusFeatureApi {
  readonly item: vscode.StatusBarItem;
  /** Checks the page now (joining a check under way) and resolves once the item shows the answer. */
  refresh(): Promise<void>;
  readonly poller: StatusPoller<Summary>;
  /** Asks the target's mirror node while no status page covers it (backs off while it is down). */
  readonly localPoller: StatusPoller<LocalHealth>;
  snapshot(): StatusSnapshot;
  /** What the item says about the mirror node asked itself (meaningful while no status page covers it). */
  localSnapshot(): LocalSnapshot;
  /** The network the item reports (the active editor's), and why. */
  target(): StatusTarget;
  /** The click menu while it is open. */
  readonly menu: vscode.QuickPick<vscode.QuickPickItem> | undefined;
}

export function registerStatus(host: FeatureHost, inputs: StatusInputs): vscode.Disposable {
  const feature = new StatusBarFeature(host, inputs);
  const api: StatusFeatureApi = {
    item: feature.item,
    refresh: () => feature.refresh(),
    poller: feature.poller,
    localPoller: feature.localPoller,
    snapshot: () => feature.snapshot(),
    localSnapshot: () => feature.localSnapshot(),
    target: () => feature.target.current,
    get menu() {
      return feature.openMenu;
    },
  };
  host.exports.features['status'] = api;
  return feature;
}

type MenuItem = vscode.QuickPickItem & { readonly entry?: MenuEntry };

class StatusBarFeature extends Disposable {
  readonly item: vscode.StatusBarItem;
  readonly poller: StatusPoller<Summary>;
  readonly localPoller: StatusPoller<LocalHealth>;
  readonly target: ActiveTarget;
  openMenu: vscode.QuickPick<MenuItem> | undefined;
  private summary: Summary | undefined;
  private checkedAt: number | undefined;
  private error: { message: string; at: number; retryAt?: number } | undefined;
  /** The last known (not unknown) level of the selected network, for change notifications. */
  private baseline: HealthLevel | undefined;
  private local: { health?: LocalHealth; checkedAt?: number; retryAt?: number } = {};
  private readonly time = new TimeFormat();
  private allMaintenances: readonly MaintenanceInfo[] | { error: string } | undefined;
  /** A status page the browser does not let us read: the mirror node is asked instead. */
  private readonly browser: BrowserFallback;

  constructor(
    host: FeatureHost,
    private readonly inputs: StatusInputs,
  ) {
    super();
    this.browser = new BrowserFallback(inputs.log);
    this.item = this._register(vscode.window.createStatusBarItem(STATUS_ITEM_ID, vscode.StatusBarAlignment.Left, 10));
    this.item.name = 'Ledger Lens network status';
    this.item.command = 'ledgerLens.showStatus';
    this.target = this._register(
      new ActiveTarget(inputs.target.initial, inputs.target.resolve, inputs.target.changed, line =>
        inputs.log.warn(line),
      ),
    );
    this.shown = shownKey(this.target.current);

    const focused = vscode.window.state.focused;
    this.poller = new StatusPoller<Summary>({
      // Read the client at call time: it is replaced when the status URL changes.
      fetch: signal => inputs.status().summary({ signal }),
      onOutcome: o => this.onOutcome(o),
      intervalMs: inputs.settings.current.pollIntervalSeconds * 1000,
      active: focused && !this.asksMirror,
    });
    this._register(toDisposable(() => this.poller.dispose()));
    // A mirror node no status page covers is asked for its newest block; while it is down the
    // waits double (to 10 min).
    this.localPoller = createLocalPoller({
      newestBlockEnd: signal => inputs.mirrorHealth.newestBlockEnd(this.target.current.network, signal),
      host: () => this.mirrorHost(),
      name: () => this.mirrorName(),
      onHealth: (health, at, retryInMs, failures) => this.onLocalHealth(health, at, retryInMs, failures),
      intervalMs: inputs.settings.current.pollIntervalSeconds * 1000,
      active: focused && this.asksMirror,
    });
    this._register(toDisposable(() => this.localPoller.dispose()));

    this._register(vscode.window.onDidChangeWindowState(() => this.syncActive()));
    this._register(
      inputs.settings.onDidChange(({ previous, current }) => {
        if (previous.pollIntervalSeconds !== current.pollIntervalSeconds) {
          this.poller.setIntervalMs(current.pollIntervalSeconds * 1000);
          this.localPoller.setIntervalMs(current.pollIntervalSeconds * 1000);
        }
      }),
    );
    this._register(this.target.onDidChange(target => this.onTarget(target)));
    this._register(
      inputs.onDidChangeStatusClient(() => {
        // Another page: nothing we knew holds.
        this.summary = undefined;
        this.checkedAt = undefined;
        this.error = undefined;
        this.baseline = undefined;
        this.allMaintenances = undefined;
        this.browser.retry();
        this.syncActive();
        this.render();
        if (!this.asksMirror) void this.poller.restart();
      }),
    );
    this._register(inputs.onDidChangeMirrorProblem(() => this.render()));
    this._register(host.registerCommand('ledgerLens.showStatus', () => this.showMenu()));

    this.render();
    this.item.show();
    // The first check (the first request: the HTTP layer loads with it) and the active editor's
    // network (inference reads the document) start on the turn after activate() has returned.
    const first = setTimeout(() => {
      if (this.asksMirror) this.localPoller.start();
      else this.poller.start();
      void this.target.update();
    }, 0);
    this._register(toDisposable(() => clearTimeout(first)));
  }

  /**
   * No status page covers the target's mirror node, or the browser does not let us read the one
   * that does: the mirror node is asked for its newest block itself.
   */
  private get asksMirror(): boolean {
    return this.target.current.statusPage === undefined || this.browser.refused !== undefined;
  }

  private mirrorHost(): string {
    return this.inputs.mirrorHealth.host(this.target.current.network);
  }

  /**
   * The network's name for one with no public mirror node (`local`: a local node); else the host of
   * the URL the user set (what the code means is not what it serves).
   */
  private mirrorName(): string {
    const network = this.target.current.network;
    const named = publicMirrorUrl(network) === undefined || this.browser.refused !== undefined;
    return named ? network : this.mirrorHost();
  }

  /** Polls only what the item shows (the page, or the local node), and only while the window has focus. */
  private syncActive(): void {
    const focused = vscode.window.state.focused;
    this.poller.setActive(focused && !this.asksMirror);
    this.localPoller.setActive(focused && this.asksMirror);
  }

  /** The active editor means another network (or the settings changed): show it, and ask if needed. */
  private onTarget(target: StatusTarget): void {
    const shown = this.shown;
    this.shown = shownKey(target);
    if (shown !== this.shown) {
      // Only a fresh reading of the new network sets the baseline: a switch to a network that is
      // already down is not announced as news.
      this.baseline = undefined;
      this.syncActive();
      if (this.asksMirror) {
        this.local = {};
        void this.localPoller.restart();
      } else if (!this.summary || this.error) {
        // The summary covers every network: a good one is shown for the new network at once.
        this.error = undefined;
        void this.poller.restart();
      }
    }
    this.render();
  }
  /** The network shown and what tells its health (shownKey), to see a change. */
  private shown: string;

  override dispose(): void {
    this.openMenu?.dispose();
    super.dispose();
  }

  /** Asks which network the active editor means, then checks it now (joining a check under way). */
  async refresh(): Promise<void> {
    await this.target.update();
    if (this.browser.refused !== undefined && this.target.current.statusPage !== undefined) {
      // The page may allow this origin by now: asked once more (a refusal is not logged again).
      this.browser.retry();
      this.syncActive();
      await this.poller.refresh();
      if (!this.asksMirror) return;
    }
    return this.asksMirror ? this.localPoller.refresh() : this.poller.refresh();
  }

  snapshot(): StatusSnapshot {
    const config = this.inputs.settings.current;
    const problem = this.inputs.mirrorProblem();
    const health = this.health();
    const target = this.target.current;
    return {
      // While the mirror node is asked itself this snapshot is unused (see localSnapshot); the settings' network stands in.
      network: target.statusPage ?? config.network,
      why: target.why,
      statusUrl: config.statusUrl,
      ...(this.summary ? { pageName: this.summary.page.name } : {}),
      ...(health ? { health } : {}),
      ...(this.checkedAt !== undefined ? { checkedAt: this.checkedAt } : {}),
      ...(this.error ? { error: this.error } : {}),
      ...(problem ? { mirrorProblem: problem } : {}),
    };
  }

  localSnapshot(): LocalSnapshot {
    const page = this.browser.snapshotPart(this.target.current.statusPage !== undefined);
    return { host: this.mirrorHost(), name: this.mirrorName(), why: this.target.current.why, ...this.local, ...page };
  }

  private health() {
    const network = this.target.current.statusPage;
    return this.summary && network !== undefined ? networkHealth(this.summary, network) : undefined;
  }

  private onLocalHealth(health: LocalHealth, at: number, retryInMs?: number, failures?: number): void {
    const retry = retryInMs !== undefined && this.localPoller.isActive;
    this.local = { health, checkedAt: at, ...(retry ? { retryAt: at + retryInMs } : {}) };
    if (retryInMs !== undefined) {
      this.inputs.log.warn(
        `${this.mirrorName() === 'local' ? 'local node' : 'mirror node'}: ${health.detail} (failure ${failures ?? 1}, next try in ${Math.round(retryInMs / 1000)} s)`,
      );
    }
    this.browser.mirrorHealth(this.mirrorHost(), health);
    this.render();
  }

  private onOutcome(o: PollOutcome<Summary>): void {
    if (o.ok) {
      this.summary = o.value;
      this.checkedAt = o.at;
      this.error = undefined;
    } else if (this.browser.pageFailed(o.error, this.inputs.status().baseUrl)) {
      this.error = undefined;
      this.local = {};
      this.syncActive();
      void this.localPoller.restart();
    } else {
      const message = errorMessage(o.error);
      this.error = { message, at: o.at, ...(this.poller.isActive ? { retryAt: o.at + o.retryInMs } : {}) };
      this.inputs.log.warn(
        `status page: ${message} (failure ${o.failures}, next try in ${Math.round(o.retryInMs / 1000)} s)`,
      );
    }
    if (!this.asksMirror) this.notifyIfChanged();
    this.render();
  }

  private notifyIfChanged(): void {
    const snap = this.snapshot();
    const level = shownLevel(snap);
    if (level === undefined || level === 'unknown') return; // an unreadable page changes nothing we know
    const change = healthChange(this.baseline, level);
    this.baseline = level;
    if (!change || !this.inputs.settings.current.notifyOnChange) return;
    const notice = changeNotice(snap.network, change, level, snap.health?.incidents[0]?.name);
    if (notice.severity === 'warning') {
      // Not awaited: the promise settles only when the user dismisses the message.
      void notify('warning', notice.text, 'Details').then(pick =>
        pick ? vscode.commands.executeCommand('ledgerLens.showStatus') : undefined,
      );
    } else {
      void notify('information', notice.text);
    }
  }

  private render(): void {
    const local = this.asksMirror;
    const look = local ? localLook(this.localSnapshot()) : itemLook(this.snapshot());
    this.item.text = look.text;
    this.item.accessibilityInformation = { label: look.accessibilityLabel, role: 'button' };
    this.item.backgroundColor = look.background
      ? new vscode.ThemeColor(`statusBarItem.${look.background}Background`)
      : undefined;
    const options = {
      now: Date.now(),
      time: this.time,
      detailsCommand: 'ledgerLens.showStatus',
      selectNetworkCommand: 'ledgerLens.selectNetwork',
    };
    const md = new vscode.MarkdownString(
      local ? localTooltip(this.localSnapshot(), options) : tooltipMarkdown(this.snapshot(), options),
      true,
    );
    // Only our own two commands may run from the tooltip; everything else in it is escaped text.
    md.isTrusted = { enabledCommands: ['ledgerLens.showStatus', 'ledgerLens.selectNetwork'] };
    this.item.tooltip = md;
    if (this.openMenu) this.fillMenu(this.openMenu);
  }

  private fillMenu(qp: vscode.QuickPick<MenuItem>): void {
    const entries = this.asksMirror
      ? localMenuEntries(this.localSnapshot(), this.time)
      : menuEntries(this.snapshot(), this.allMaintenances, this.time);
    qp.items = entries.map((e): MenuItem =>
      e.separator
        ? { label: e.label, kind: vscode.QuickPickItemKind.Separator }
        : {
            label: e.label,
            ...(e.description ? { description: e.description } : {}),
            ...(e.detail ? { detail: e.detail } : {}),
            entry: e,
          },
    );
    qp.busy = this.asksMirror
      ? this.localPoller.isChecking
      : this.allMaintenances === undefined || this.poller.isChecking;
  }

  /** Opens the menu and returns at once (the quick pick lives on until hidden). */
  private showMenu(): void {
    if (this.openMenu) {
      this.openMenu.show();
      return;
    }
    const qp = vscode.window.createQuickPick<MenuItem>();
    qp.title = 'Ledger Lens: network status';
    qp.placeholder = 'Open an item on the status page, or select another network';
    qp.matchOnDescription = true;
    qp.matchOnDetail = true;
    this.openMenu = qp;
    this.allMaintenances = undefined;
    const abort = new AbortController();
    qp.onDidHide(() => {
      abort.abort();
      if (this.openMenu === qp) this.openMenu = undefined;
      qp.dispose();
    });
    qp.onDidAccept(() => {
      const entry = qp.selectedItems[0]?.entry;
      const action = entry?.action;
      if (!action) return;
      if (action.kind === 'refresh') {
        void this.refresh();
        return; // stays open: the menu refills when the answer arrives
      }
      qp.hide();
      if (action.kind === 'selectNetwork') void vscode.commands.executeCommand('ledgerLens.selectNetwork');
      else void this.openExternal(action.url);
    });
    this.fillMenu(qp);
    qp.show();

    void this.refresh();
    if (this.asksMirror) return; // no status page covers this mirror node
    // The full list is only needed here, so it is fetched when the menu opens, not on every poll.
    void this.inputs
      .status()
      .allMaintenances({ signal: abort.signal })
      .then(
        doc => allMaintenanceInfos(doc.scheduled_maintenances),
        (e: unknown) => ({ error: errorMessage(e) }),
      )
      .then(all => {
        if (abort.signal.aborted) return;
        this.allMaintenances = all;
        this.fillMenu(qp);
      });
  }

  private async openExternal(url: string): Promise<void> {
    // menuEntries only hands out links that passed safeLink; parse strictly all the same.
    const ok = await vscode.env.openExternal(vscode.Uri.parse(url, true));
    if (!ok) this.inputs.log.warn(`could not open ${url}`);
  }
}
