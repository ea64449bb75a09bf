// The network health item in the status bar, its tooltip and its click menu. The rules live in
// present.ts (what to say) and status/poller.ts (when to ask); this file wires them to VS Code.
import * as vscode from 'vscode';
import { Commands } from '../../commands';
import type { FeatureHost, FeatureLog, Setting } from '../context';
import type { MirrorProblem } from '../../services';
import type { Network } from '../../settings';
import { Disposable, toDisposable } from '../../util/lifecycle';
import {
  allMaintenanceInfos,
  networkHealth,
  StatusPoller,
  type HealthLevel,
  type MaintenanceInfo,
  type PollOutcome,
  type StatusClient,
  type Summary,
} from '../../status';
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
}

/** What integration tests reach through `exports.features.status`. */
export interface StatusFeatureApi {
  readonly item: vscode.StatusBarItem;
  /** Checks the page now (joining a check under way) and resolves once the item shows the answer. */
  refresh(): Promise<void>;
  readonly poller: StatusPoller<Summary>;
  snapshot(): StatusSnapshot;
  /** The click menu while it is open. */
  readonly menu: vscode.QuickPick<vscode.QuickPickItem> | undefined;
}

export function registerStatus(host: FeatureHost, inputs: StatusInputs): vscode.Disposable {
  const feature = new StatusBarFeature(host, inputs);
  const api: StatusFeatureApi = {
    item: feature.item,
    refresh: () => feature.refresh(),
    poller: feature.poller,
    snapshot: () => feature.snapshot(),
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
  openMenu: vscode.QuickPick<MenuItem> | undefined;
  private summary: Summary | undefined;
  private checkedAt: number | undefined;
  private error: { message: string; at: number; retryAt?: number } | undefined;
  /** The last known (not unknown) level of the selected network, for change notifications. */
  private baseline: HealthLevel | undefined;
  private readonly time = new TimeFormat();
  private allMaintenances: readonly MaintenanceInfo[] | { error: string } | undefined;

  constructor(
    host: FeatureHost,
    private readonly inputs: StatusInputs,
  ) {
    super();
    this.item = this._register(vscode.window.createStatusBarItem(STATUS_ITEM_ID, vscode.StatusBarAlignment.Left, 10));
    this.item.name = 'Ledger Lens network status';
    this.item.command = Commands.showStatus;

    this.poller = new StatusPoller<Summary>({
      // Read the client at call time: it is replaced when the status URL changes.
      fetch: signal => inputs.status().summary({ signal }),
      onOutcome: o => this.onOutcome(o),
      intervalMs: inputs.settings.current.pollIntervalSeconds * 1000,
      active: vscode.window.state.focused,
    });
    this._register(toDisposable(() => this.poller.dispose()));

    this._register(vscode.window.onDidChangeWindowState(e => this.poller.setActive(e.focused)));
    this._register(
      inputs.settings.onDidChange(({ previous, current }) => {
        if (previous.pollIntervalSeconds !== current.pollIntervalSeconds) {
          this.poller.setIntervalMs(current.pollIntervalSeconds * 1000);
        }
        if (previous.network !== current.network) {
          // The last summary covers every network: show the new one's health at once, then check.
          this.error = undefined;
          // The cached summary may be old: only a fresh reading of the new network sets the
          // baseline, so switching to a network that is already down is not announced as news.
          this.baseline = undefined;
          this.render();
          void this.poller.restart();
        }
      }),
    );
    this._register(
      inputs.onDidChangeStatusClient(() => {
        // Another page: nothing we knew holds.
        this.summary = undefined;
        this.checkedAt = undefined;
        this.error = undefined;
        this.baseline = undefined;
        this.allMaintenances = undefined;
        this.render();
        void this.poller.restart();
      }),
    );
    this._register(inputs.onDidChangeMirrorProblem(() => this.render()));
    this._register(host.registerCommand(Commands.showStatus, () => this.showMenu()));

    this.render();
    this.item.show();
    this.poller.start();
  }

  override dispose(): void {
    this.openMenu?.dispose();
    super.dispose();
  }

  refresh(): Promise<void> {
    return this.poller.refresh();
  }

  snapshot(): StatusSnapshot {
    const config = this.inputs.settings.current;
    const problem = this.inputs.mirrorProblem();
    const health = this.health();
    return {
      network: config.network,
      statusUrl: config.statusUrl,
      ...(this.summary ? { pageName: this.summary.page.name } : {}),
      ...(health ? { health } : {}),
      ...(this.checkedAt !== undefined ? { checkedAt: this.checkedAt } : {}),
      ...(this.error ? { error: this.error } : {}),
      ...(problem ? { mirrorProblem: problem } : {}),
    };
  }

  private health() {
    return this.summary ? networkHealth(this.summary, this.inputs.settings.current.network) : undefined;
  }

  private onOutcome(o: PollOutcome<Summary>): void {
    if (o.ok) {
      this.summary = o.value;
      this.checkedAt = o.at;
      this.error = undefined;
    } else {
      const message = o.error instanceof Error ? o.error.message : String(o.error);
      this.error = { message, at: o.at, ...(this.poller.isActive ? { retryAt: o.at + o.retryInMs } : {}) };
      this.inputs.log.warn(
        `status page: ${message} (failure ${o.failures}, next try in ${Math.round(o.retryInMs / 1000)} s)`,
      );
    }
    this.notifyIfChanged();
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
      void vscode.window
        .showWarningMessage(notice.text, 'Details')
        .then(pick => (pick ? vscode.commands.executeCommand(Commands.showStatus) : undefined));
    } else {
      void vscode.window.showInformationMessage(notice.text);
    }
  }

  private render(): void {
    const snap = this.snapshot();
    const look = itemLook(snap);
    this.item.text = look.text;
    this.item.accessibilityInformation = { label: look.accessibilityLabel, role: 'button' };
    this.item.backgroundColor = look.background
      ? new vscode.ThemeColor(`statusBarItem.${look.background}Background`)
      : undefined;
    const md = new vscode.MarkdownString(
      tooltipMarkdown(snap, {
        now: Date.now(),
        time: this.time,
        detailsCommand: Commands.showStatus,
        selectNetworkCommand: Commands.selectNetwork,
      }),
      true,
    );
    // Only our own two commands may run from the tooltip; everything else in it is escaped text.
    md.isTrusted = { enabledCommands: [Commands.showStatus, Commands.selectNetwork] };
    this.item.tooltip = md;
    if (this.openMenu) this.fillMenu(this.openMenu);
  }

  private fillMenu(qp: vscode.QuickPick<MenuItem>): void {
    const entries = menuEntries(this.snapshot(), this.allMaintenances, this.time);
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
    qp.busy = this.allMaintenances === undefined || this.poller.isChecking;
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
      if (action.kind === 'selectNetwork') void vscode.commands.executeCommand(Commands.selectNetwork);
      else void this.openExternal(action.url);
    });
    this.fillMenu(qp);
    qp.show();

    // The full list is only needed here, so it is fetched when the menu opens, not on every poll.
    void this.inputs
      .status()
      .allMaintenances({ signal: abort.signal })
      .then(
        doc => allMaintenanceInfos(doc.scheduled_maintenances),
        (e: unknown) => ({ error: e instanceof Error ? e.message : String(e) }),
      )
      .then(all => {
        if (abort.signal.aborted) return;
        this.allMaintenances = all;
        this.fillMenu(qp);
      });
    void this.refresh();
  }

  private async openExternal(url: string): Promise<void> {
    // menuEntries only hands out links that passed safeLink; parse strictly all the same.
    const ok = await vscode.env.openExternal(vscode.Uri.parse(url, true));
    if (!ok) this.inputs.log.warn(`could not open ${url}`);
  }
}
