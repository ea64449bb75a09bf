// The extension side of a panel: owns the WebviewPanel, validates every message that arrives
// against the panel's schema, and posts typed messages back.
import * as vscode from 'vscode';
import type * as z from '../zod';
import { Disposable } from '../util/lifecycle';
import { localResourceRoots, panelHtml } from './html';
import { errorMessage } from '../util/errorMessage';

export interface PanelHostOptions<FromWebview> {
  readonly panel: vscode.WebviewPanel;
  readonly extensionUri: vscode.Uri;
  readonly script: string;
  readonly title: string;
  readonly initialState: unknown;
  readonly hasCss?: boolean;
  /** Validates what the webview sends: everything else is dropped and logged. */
  readonly messageSchema: z.ZodMiniType<FromWebview>;
  readonly log: PanelLog;
}

/** Where a panel reports what it dropped or what failed. */
export interface PanelLog {
  warn(message: string): void;
  error(message: string): void;
}

export abstract class PanelHost<FromWebview, ToWebview> extends Disposable {
  readonly panel: vscode.WebviewPanel;
  private readonly disposedEmitter = this._register(new vscode.EventEmitter<void>());
  readonly onDidDispose = this.disposedEmitter.event;

  protected constructor(options: PanelHostOptions<FromWebview>) {
    super();
    this.panel = options.panel;
    this.panel.webview.options = {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: localResourceRoots(options.extensionUri),
    };
    this.panel.webview.html = panelHtml(this.panel.webview, options);
    this._register(
      this.panel.webview.onDidReceiveMessage((raw: unknown) => {
        const parsed = options.messageSchema.safeParse(raw);
        if (!parsed.success) {
          options.log.warn(`${options.script}: dropped a malformed message from the panel`);
          return;
        }
        void Promise.resolve()
          .then(() => this.onMessage(parsed.data))
          .catch((e: unknown) => {
            const message = errorMessage(e);
            options.log.error(`${options.script}: ${message}`);
          });
      }),
    );
    this._register(this.panel.onDidDispose(() => this.dispose()));
  }

  /** Handles one validated message from the webview. */
  protected abstract onMessage(message: FromWebview): void | Promise<void>;

  /** Posts a message; bigints travel as decimal strings (postMessage cannot clone them). */
  protected post(message: ToWebview): Thenable<boolean> {
    return this.panel.webview.postMessage(
      JSON.parse(JSON.stringify(message, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) as unknown,
    );
  }

  /** Closes the panel; onDidDispose fires once, whether the user or the extension closed it. */
  override dispose(): void {
    if (this.isDisposed) return;
    // Before super.dispose(), which disposes the emitter: listeners hear an extension-side close too.
    this.disposedEmitter.fire();
    super.dispose();
    this.panel.dispose();
  }
}
