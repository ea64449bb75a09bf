// The extension side of the two detail panels (transaction and block): the view they show, the
// messages they may send (validated here), and what their links and buttons do.
import * as vscode from 'vscode';
import { z } from 'zod';
import { Commands } from '../../commands';
import { PanelHost } from '../../webview/panelHost';
import type {
  BlockPanelState,
  DetailAction,
  DetailInitialState,
  DetailToHost,
  DetailToWebview,
  DetailView,
  TransactionPanelState,
} from '../../../webview/protocol';
import type { FeatureContext } from '../context';

const ENTITY_ID = /^\d{1,10}\.\d{1,10}\.\d{1,10}$/;
const TIMESTAMP = /^\d{1,10}(\.\d{1,9})?$/;

// Everything a panel can ask for, with the same limits the host would apply to typed input: a
// compromised webview can make the host do no more than a click could.
const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('revealAccount'), id: z.string().regex(ENTITY_ID) }),
  z.object({
    type: z.literal('openInHashScan'),
    kind: z.enum(['transaction', 'block']),
    id: z.string().min(1).max(200),
  }),
  z.object({ type: z.literal('openAsJson') }),
  z.object({ type: z.literal('copy'), text: z.string().min(1).max(2000) }),
  z.object({
    type: z.literal('openContractResults'),
    timestamp: z.string().regex(TIMESTAMP).optional(),
    blockNumber: z
      .string()
      .regex(/^\d{1,19}$/)
      .optional(),
    blockHash: z
      .string()
      .regex(/^(0x)?([0-9a-fA-F]{64}|[0-9a-fA-F]{96})$/)
      .optional(),
  }),
  z.object({
    type: z.literal('openBlock'),
    hashOrNumber: z.string().regex(/^(\d{1,19}|(0x)?[0-9a-fA-F]{64}|(0x)?[0-9a-fA-F]{96})$/),
  }),
  z.object({ type: z.literal('refresh') }),
]);

export const detailToHostSchema: z.ZodType<DetailToHost> = z.object({
  type: z.literal('action'),
  action: actionSchema,
});

export interface DetailPanelOptions {
  readonly ctx: FeatureContext;
  readonly panel: vscode.WebviewPanel;
  readonly script: 'transaction' | 'block';
  readonly persist: TransactionPanelState | BlockPanelState;
  readonly view: DetailView;
  /** What "Open as JSON" opens and "refresh" reloads; the rest is handled here. */
  readonly target: { readonly kind: 'transaction' | 'block'; readonly id: string };
  readonly refresh: (panel: DetailPanel) => Promise<void>;
}

export class DetailPanel extends PanelHost<DetailToHost, DetailToWebview> {
  private current: DetailView;
  readonly persist: TransactionPanelState | BlockPanelState;

  constructor(private readonly options: DetailPanelOptions) {
    const initialState: DetailInitialState = { persist: options.persist, view: options.view };
    super({
      panel: options.panel,
      extensionUri: options.ctx.extension.extensionUri,
      script: options.script,
      title: options.view.title,
      initialState,
      hasCss: true,
      messageSchema: detailToHostSchema,
      log: options.ctx.services.log,
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
    try {
      await runDetailAction(message.action, {
        target: this.options.target,
        refresh: () => this.options.refresh(this),
      });
    } catch (e) {
      const text = e instanceof Error ? e.message : String(e);
      this.options.ctx.services.log.error(`${this.options.script} panel: ${text}`);
      void vscode.window.showErrorMessage(`Ledger Lens: ${text}`);
    }
  }
}

/** Carries out a panel's action. Exported so integration tests can check each one. */
export async function runDetailAction(
  action: DetailAction,
  panel: { target: { kind: 'transaction' | 'block'; id: string }; refresh: () => Promise<void> },
): Promise<unknown> {
  switch (action.type) {
    case 'revealAccount':
      return vscode.commands.executeCommand(Commands.revealAccount, { kind: 'account', id: action.id });
    case 'openInHashScan':
      return vscode.commands.executeCommand(Commands.openInHashScan, { kind: action.kind, id: action.id });
    case 'openAsJson':
      return vscode.commands.executeCommand(Commands.openAsJson, panel.target);
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
      return vscode.commands.executeCommand(Commands.showContractResults, init);
    }
    case 'openBlock':
      return vscode.commands.executeCommand(Commands.openBlock, { kind: 'block', id: action.hashOrNumber });
    case 'refresh':
      return panel.refresh();
  }
}
