// What the transaction and block panels have in common: one panel per thing (showing it again
// reveals it), a reviver that brings panels back after a reload by re-reading their network (the
// manifest's serializer stand-in calls it), and a refresh that cancels when the panel closes.
// Subclasses say what a panel is about.
import * as vscode from 'vscode';
import { isNetwork, networkLabel } from '../../../ledger';
import { hashscanNetwork } from '../links';
import { isAbortError, type MirrorClient } from '../../../mirror';
import { Disposable } from '../../../util/lifecycle';
import { restoredState, showUnrestorable, type PanelLog } from '../../../webview/panelHost';
import { PANEL_KINDS } from '../../../../webview/panelKinds';
import type { BlockPanelState, DetailView, TransactionPanelState } from '../../../../webview/protocol';
import type { Validator } from '../../../../webview/shared/validate';
import { errorView } from './errorView';
import { defaultLocalTime, type FormatOptions } from './format';
import { DetailPanel, type DebugTarget } from './panel';
import { savedWhy, type ClientFor, type DetailSettings } from '../../../app/panelNetworks';

type PanelState = TransactionPanelState | BlockPanelState;
type PanelTarget = { readonly kind: 'transaction' | 'block'; readonly id: string };

/** How a panel that cannot be restored names itself, and how the user opens it again. */
const UNRESTORABLE: Readonly<Record<'transaction' | 'block', { readonly what: string; readonly again: string }>> = {
  transaction: { what: 'Transaction', again: 'Open it again with "Ledger Lens: Open transaction details".' },
  block: { what: 'Block', again: 'Open it again with "Ledger Lens: Open block".' },
};

/** What the detail panels use of the extension, and nothing more. */
export interface DetailPanelsDeps {
  readonly extensionUri: vscode.Uri;
  readonly log: PanelLog;
  /** The settings in force: the selected network and whether its mirror node is a custom one. */
  readonly config: () => DetailSettings;
  /** Any network's shared client (one HTTP layer, one request budget per origin). */
  readonly clientFor: ClientFor;
}

export abstract class DetailPanels<State extends PanelState, Result>
  extends Disposable
  implements vscode.WebviewPanelSerializer
{
  private readonly panels = new Map<string, DetailPanel>();

  protected constructor(
    private readonly deps: DetailPanelsDeps,
    private readonly kind: 'transaction' | 'block',
    /** The protocol's validator of the state a panel saved, with the kind's own check of its id. */
    private readonly validate: Validator<State>,
  ) {
    super();
  }

  /** Two states with the same key are one panel. */
  protected abstract keyOf(state: State): string;
  protected abstract targetOf(state: State): PanelTarget;
  protected abstract titleOf(state: State): string;
  protected abstract fetch(client: MirrorClient, state: State, signal: AbortSignal): Promise<Result>;
  protected abstract loadedView(state: State, result: Result, format: FormatOptions): DetailView;

  /** What a call trace's "Debug" in the panel of `state` debugs: none unless the kind says. */
  protected debugTargetOf(_state: State): DebugTarget | undefined {
    return undefined;
  }

  /** The open panels, for tests. */
  get open(): readonly DetailPanel[] {
    return [...this.panels.values()].filter(p => !p.isDisposed);
  }

  /** Shows a fetched result: in the panel of that state if one is open, else in a new one. */
  protected showLoaded(state: State, result: Result, why: string): DetailPanel {
    return this.showView(
      state,
      this.labelled({ ...this.loadedView(state, result, this.formatFor(state.network)), why }),
    );
  }

  private showView(state: State, view: DetailView): DetailPanel {
    const existing = this.panels.get(this.keyOf(state));
    if (existing && !existing.isDisposed) {
      existing.setView(view);
      existing.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(PANEL_KINDS[this.kind], view.title, vscode.ViewColumn.Active, {
      enableFindWidget: true,
    });
    return this.adopt(panel, state, view);
  }

  /**
   * Shows a panel that waits for its subject (a transaction not indexed yet) and loads it in place:
   * `load` says what the panel shows meanwhile through `waiting`, and is aborted when the panel closes.
   */
  protected showWaiting(
    state: State,
    why: string,
    message: string,
    load: (signal: AbortSignal, waiting: (message: string) => void) => Promise<Result>,
  ): DetailPanel {
    const title = this.titleOf(state);
    const waitingView = (m: string): DetailView => ({
      status: 'loading',
      title,
      network: this.tagOf(state.network),
      why,
      message: m,
    });
    const detail = this.showView(state, waitingView(message));
    void this.loadInto(detail, state, why, signal => load(signal, m => detail.setView(waitingView(m))));
    return detail;
  }

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, raw: unknown): Promise<void> {
    const restored = restoredState(this.validate, raw);
    if (!restored.ok) {
      // Nothing we can trust to rebuild it from: the panel says so and why, rather than vanishing.
      this.deps.log.warn(`${this.kind} panel not restored: ${restored.reason}`);
      const { what, again } = UNRESTORABLE[this.kind];
      showUnrestorable(panel, what, restored.reason, again);
      return;
    }
    const state = restored.state;
    const existing = this.panels.get(this.keyOf(state));
    if (existing && !existing.isDisposed) {
      // Already open: close rather than show it twice.
      panel.dispose();
      return;
    }
    const detail = this.adopt(panel, state, {
      status: 'loading',
      title: this.titleOf(state),
      network: this.tagOf(state.network),
      why: savedWhy(state.network),
    });
    await this.reload(detail);
  }

  /** Re-reads a panel's subject from its network (through that network's shared client) and shows the outcome. */
  async reload(detail: DetailPanel): Promise<void> {
    const restored = restoredState(this.validate, detail.persist);
    if (!restored.ok) {
      // Says why rather than leaving the last view (a restored panel's "Loading…") in place.
      const { title, network } = detail.view;
      detail.setView({
        status: 'error',
        title,
        network,
        message: `Cannot reload: ${restored.reason}`,
        serverMessages: [],
      });
      return;
    }
    const state = restored.state;
    const why = detail.view.why ?? savedWhy(state.network);
    detail.setView({ status: 'loading', title: this.titleOf(state), network: this.tagOf(state.network), why });
    const network = state.network;
    await this.loadInto(detail, state, why, signal => {
      if (!isNetwork(network)) return Promise.reject(new Error(`${network} is not a network Ledger Lens knows.`));
      return this.fetch(this.deps.clientFor(network), state, signal);
    });
  }

  /** Runs `load` until the panel closes (which aborts it) and shows its result or its failure. */
  private async loadInto(
    detail: DetailPanel,
    state: State,
    why: string,
    load: (signal: AbortSignal) => Promise<Result>,
  ): Promise<void> {
    const controller = new AbortController();
    // The WebviewPanel's own event: it fires however the panel goes (closed by the user or disposed here).
    const sub = detail.panel.onDidDispose(() => controller.abort());
    try {
      const result = await load(controller.signal);
      detail.setView(this.labelled({ ...this.loadedView(state, result, this.formatFor(state.network)), why }));
    } catch (e) {
      if (isAbortError(e) || controller.signal.aborted) return;
      detail.setView({ ...errorView(this.titleOf(state), this.tagOf(state.network), e), why });
    } finally {
      sub.dispose();
    }
  }

  override dispose(): void {
    for (const p of this.panels.values()) p.dispose();
    this.panels.clear();
    super.dispose();
  }

  /**
   * The header's network tag: where the panel's requests go, as every surface names it (the why
   * line under it starts with the same label): `testnet`, or `testnet · 127.0.0.1:18510` when a
   * setting sends testnet's requests elsewhere. A saved name Ledger Lens does not know stays as it is.
   */
  private tagOf(network: string): string {
    return isNetwork(network) ? networkLabel({ network, endpoint: this.deps.config().endpoints[network] }) : network;
  }

  /** A view with the header's network tag (the panel kinds build theirs with the network's name). */
  protected labelled(view: DetailView): DetailView {
    return { ...view, network: this.tagOf(view.network) };
  }

  /** HashScan links follow the selected network; a panel of another network gets none. */
  private formatFor(network: string): FormatOptions {
    const config = this.deps.config();
    return {
      localTime: defaultLocalTime,
      hashscan: network === config.network && hashscanNetwork(config) !== undefined,
    };
  }

  private adopt(panel: vscode.WebviewPanel, state: State, view: DetailView): DetailPanel {
    const detail = new DetailPanel({
      extensionUri: this.deps.extensionUri,
      log: this.deps.log,
      panel,
      kind: this.kind,
      persist: state,
      view,
      target: this.targetOf(state),
      refresh: p => this.reload(p),
      debug: () => this.debugTargetOf(state),
    });
    const key = this.keyOf(state);
    this.panels.set(key, detail);
    // The WebviewPanel's own event: it fires however the panel goes (closed by the user or disposed here).
    panel.onDidDispose(() => {
      if (this.panels.get(key) === detail) this.panels.delete(key);
    });
    return detail;
  }
}
