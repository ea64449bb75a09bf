// The extension side of the two detail panels (transaction and block): the view they show, the
// messages they may send (validated with the protocol's one description of an action), and what
// their links and buttons do. Both panels load the one browser bundle, webview/detail.
import * as vscode from 'vscode';
import { PanelHost, type PanelLog } from '../../../webview/panelHost';
import {
  detailToHostValidator,
  type BlockPanelState,
  type DetailAction,
  type DetailInitialState,
  type DetailToHost,
  type DetailToWebview,
  type DetailView,
  type TransactionPanelState,
} from '../../../../webview/protocol';
import { errorNotice } from '../notices';
import { notify } from '../../../app/notifications';
import { errorMessage } from '../../../util/errorMessage';

export interface DetailPanelOptions {
  readonly extensionUri: vscode.Uri;
  readonly log: PanelLog;
  readonly panel: vscode.WebviewPanel;
  /** Names the panel in the log; the browser bundle is the same for both. */
  readonly kind: 'transaction' | 'block';
  readonly persist: TransactionPanelState | BlockPanelState;
  readonly view: DetailView;
  /** What "Open as JSON" opens and "refresh" reloads; the rest is handled here. */
  readonly target: { readonly kind: 'transaction' | 'block'; readonly id: string };
  readonly refresh: (panel: DetailPanel) => Promise<void>;
  /** The transaction a call trace's "Debug" starts the debugger on, and its network; undefined: none. */
  readonly debug?: () => DebugTarget | undefined;
}

/** The argument of `ledgerLens.debugTransaction`: a transaction id (`@` form) or hash, and its network. */
export interface DebugTarget {
  readonly transaction: string;
  readonly network: string;
}

/** The one browser bundle (dist/webview/detail.js and .css) of every detail panel. */
export const DETAIL_SCRIPT = 'detail';

export class DetailPanel extends PanelHost<DetailToHost, DetailToWebview> {
  private current: DetailView;
  readonly persist: TransactionPanelState | BlockPanelState;

  constructor(private readonly options: DetailPanelOptions) {
    const initialState: DetailInitialState = { persist: options.persist, view: options.view };
    super({
      panel: options.panel,
      extensionUri: options.extensionUri,
      script: DETAIL_SCRIPT,
      title: options.view.title,
      initialState,
      hasCss: true,
      messages: detailToHostValidator,
      log: options.log,
    });
    this.current = options.view;
    this.persist = options.persist;
    this.panel.title = options.view.title;
  }

  get view(): DetailView {
    return this.current;
  }

  setView(view: DetailView): void {
    if (this.isDisposed) return;
    this.current = view;
    this.panel.title = view.title;
    void this.post({ type: 'view', view });
  }

  reveal(): void {
    this.panel.reveal(undefined, false);
  }

  protected async onMessage(message: DetailToHost): Promise<void> {
    // The page listens from now: what it shows may predate the last view posted (lost before).
    if (message.type === 'ready') return void this.post({ type: 'view', view: this.current });
    try {
      await runDetailAction(message.action, {
        target: this.options.target,
        network: this.options.persist.network,
        refresh: () => this.options.refresh(this),
        debug: () => (offersDebug(this.current) ? this.options.debug?.() : undefined),
      });
      // The page's copy control says "Copied" on this answer only: after the clipboard took the text.
      if (message.action.type === 'copy') void this.post({ type: 'copied', text: message.action.text });
    } catch (e) {
      const text = errorMessage(e);
      this.options.log.error(`${this.options.kind} panel: ${text}`);
      void notify('error', errorNotice(text));
    }
  }
}

/** The view shows a "Debug" button (a page cannot debug where the host drew none). */
function offersDebug(view: DetailView): boolean {
  return view.status === 'loaded' && view.sections.some(s => s.debug === true);
}

/** Carries out a panel's action. Exported so integration tests can check each one. */
export async function runDetailAction(
  action: DetailAction,
  panel: {
    target: { kind: 'transaction' | 'block'; id: string };
    /** The panel's network: a block it links to opens on the same one. */
    network?: string;
    refresh: () => Promise<void>;
    /** What "Debug" debugs; undefined when the panel offers no Debug. */
    debug?: () => DebugTarget | undefined;
  },
): Promise<unknown> {
  switch (action.type) {
    case 'revealAccount':
      return vscode.commands.executeCommand('ledgerLens.revealAccount', { kind: 'account', id: action.id });
    case 'openInHashScan':
      return vscode.commands.executeCommand('ledgerLens.openInHashScan', { kind: action.kind, id: action.id });
    case 'openAsJson':
      return vscode.commands.executeCommand('ledgerLens.openAsJson', panel.target);
    case 'copy':
      await vscode.env.clipboard.writeText(action.text);
      vscode.window.setStatusBarMessage(
        `Copied ${action.text.length > 60 ? `${action.text.slice(0, 60)}…` : action.text}`,
        3000,
      );
      return action.text;
    case 'openContractResults': {
      // The contract results panel takes a partial set of its form's filters.
      const init = action.timestamp
        ? { timestamps: [{ operator: 'eq' as const, value: action.timestamp }] }
        : action.blockNumber
          ? { blockNumber: action.blockNumber }
          : action.blockHash
            ? { blockHash: action.blockHash }
            : {};
      return vscode.commands.executeCommand('ledgerLens.showContractResults', init);
    }
    case 'openBlock':
      return vscode.commands.executeCommand('ledgerLens.openBlock', {
        kind: 'block',
        id: action.hashOrNumber,
        ...(panel.network === undefined ? {} : { network: panel.network }),
      });
    case 'openSite':
      // The key the host issued for a call trace's revert site link; the sources feature opens it.
      return vscode.commands.executeCommand('ledgerLens.openRevertSite', action.key);
    case 'debug': {
      const target = panel.debug?.();
      if (!target) throw new Error('This panel shows no contract transaction to debug.');
      return vscode.commands.executeCommand('ledgerLens.debugTransaction', {
        transaction: target.transaction,
        network: target.network,
      });
    }
    case 'refresh':
      return panel.refresh();
  }
}
