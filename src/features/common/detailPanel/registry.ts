// What the transaction and block panels have in common: one panel per thing (showing it again
// reveals it), a serializer that brings panels back after a reload by re-reading their network,
// and a refresh that cancels when the panel closes. Subclasses say what a panel is about.
import * as vscode from 'vscode';
import { hashscanNetworkOf } from '../../../ledger';
import { isAbortError, type MirrorClient } from '../../../mirror';
import { Disposable } from '../../../util/lifecycle';
import type { PanelLog } from '../../../webview/panelHost';
import type { BlockPanelState, DetailView, TransactionPanelState } from '../../../../webview/protocol';
import { errorView } from './errorView';
import { defaultLocalTime, type FormatOptions } from './format';
import { DetailPanel } from './panel';
import { leaseClient, type DetailSettings, type NetworkUrlResolver } from './networks';

type PanelState = TransactionPanelState | BlockPanelState;
type PanelTarget = { readonly kind: 'transaction' | 'block'; readonly id: string };

/** What the detail panels use of the extension, and nothing more. */
export interface DetailPanelsDeps {
  readonly extensionUri: vscode.Uri;
  readonly log: PanelLog;
  /** The selected network's client. */
  readonly client: () => MirrorClient;
  /** The settings in force: the selected network, and what a client for another one needs. */
  readonly config: () => DetailSettings;
  /** Where another network's mirror node is (tests point every network at loopback). */
  readonly networkUrl: () => NetworkUrlResolver;
}

export abstract class DetailPanels<State extends PanelState, Result>
  extends Disposable
  implements vscode.WebviewPanelSerializer
{
  private readonly panels = new Map<string, DetailPanel>();

  protected constructor(
    private readonly deps: DetailPanelsDeps,
    private readonly viewType: string,
    private readonly kind: 'transaction' | 'block',
  ) {
    super();
    this._register(vscode.window.registerWebviewPanelSerializer(viewType, this));
  }

  /** The state a restored panel saved, checked; undefined closes the panel. */
  protected abstract restore(raw: unknown): State | undefined;
  /** Two states with the same key are one panel. */
  protected abstract keyOf(state: State): string;
  protected abstract targetOf(state: State): PanelTarget;
  protected abstract titleOf(state: State): string;
  protected abstract fetch(client: MirrorClient, state: State, signal: AbortSignal): Promise<Result>;
  protected abstract loadedView(state: State, result: Result, format: FormatOptions): DetailView;

  /** The open panels, for tests. */
  get open(): readonly DetailPanel[] {
    return [...this.panels.values()].filter(p => !p.isDisposed);
  }

  /** Shows a fetched result: in the panel of that state if one is open, else in a new one. */
  protected showLoaded(state: State, result: Result): DetailPanel {
    const view = this.loadedView(state, result, this.formatFor(state.network));
    const existing = this.panels.get(this.keyOf(state));
    if (existing && !existing.isDisposed) {
      existing.setView(view);
      existing.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(this.viewType, view.title, vscode.ViewColumn.Active, {
      enableFindWidget: true,
    });
    return this.adopt(panel, state, view);
  }

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, raw: unknown): Promise<void> {
    const state = this.restore(raw);
    const existing = state && this.panels.get(this.keyOf(state));
    if (!state || (existing && !existing.isDisposed)) {
      // Nothing we can trust to rebuild it from, or already open: close rather than show it twice.
      panel.dispose();
      return;
    }
    const detail = this.adopt(panel, state, { status: 'loading', title: this.titleOf(state), network: state.network });
    await this.reload(detail);
  }

  /** Re-reads a panel's subject from its network and shows the outcome. */
  async reload(detail: DetailPanel): Promise<void> {
    const state = this.restore(detail.persist);
    if (!state) return;
    const lease = leaseClient(state.network, this.deps.config(), this.deps.client(), this.deps.networkUrl());
    const controller = new AbortController();
    const sub = detail.onDidDispose(() => controller.abort());
    detail.setView({ status: 'loading', title: this.titleOf(state), network: state.network });
    try {
      const result = await this.fetch(lease.client, state, controller.signal);
      detail.setView(this.loadedView(state, result, this.formatFor(state.network)));
    } catch (e) {
      if (isAbortError(e)) return;
      detail.setView(errorView(this.titleOf(state), state.network, e));
    } finally {
      sub.dispose();
      lease.release();
    }
  }

  override dispose(): void {
    for (const p of this.panels.values()) p.dispose();
    this.panels.clear();
    super.dispose();
  }

  /** HashScan links follow the selected network; a panel of another network gets none. */
  private formatFor(network: string): FormatOptions {
    const config = this.deps.config();
    return {
      localTime: defaultLocalTime,
      hashscan: network === config.network && hashscanNetworkOf(config.network, config.customMirror) !== undefined,
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
