// The extension side of a panel: owns the WebviewPanel, validates every message that arrives
// with the protocol's validator (webview/protocol.ts, the one the page is built against), and posts
// typed messages back. A panel brought back after a reload checks its saved state the same way.
import * as vscode from 'vscode';
import { Disposable } from '../util/lifecycle';
import { localResourceRoots, panelHtml, unrestorableHtml } from './html';
import { errorMessage } from '../util/errorMessage';
import { check, type Validator } from '../../webview/shared/validate';

export interface PanelHostOptions<FromWebview> {
  readonly panel: vscode.WebviewPanel;
  readonly extensionUri: vscode.Uri;
  readonly script: string;
  readonly title: string;
  readonly initialState: unknown;
  readonly hasCss?: boolean;
  /** Validates what the webview sends: everything else is dropped and logged. */
  readonly messages: Validator<FromWebview>;
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
        const parsed = check(options.messages, raw);
        if (!parsed.ok) {
          options.log.warn(`${options.script}: dropped a malformed message from the panel (${parsed.message})`);
          return;
        }
        void Promise.resolve()
          .then(() => this.onMessage(parsed.value))
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

/**
 * The state a panel saved (setState), handed back by its serializer after a reload, checked with
 * the protocol's validator for it; `reason` says what is wrong when it cannot be trusted.
 */
export function restoredState<State>(
  validate: Validator<State>,
  raw: unknown,
): { readonly ok: true; readonly state: State } | { readonly ok: false; readonly reason: string } {
  const checked = check(validate, raw);
  return checked.ok ? { ok: true, state: checked.value } : { ok: false, reason: checked.message };
}

/**
 * A revived panel whose saved state cannot be trusted: it says so, in words and without a script
 * (nothing to load, so no "Loading…" left spinning), and how to get its content back.
 */
export function showUnrestorable(panel: vscode.WebviewPanel, what: string, reason: string, again: string): void {
  panel.webview.options = { enableScripts: false, enableCommandUris: false, localResourceRoots: [] };
  panel.title = `${what} (not restored)`;
  panel.webview.html = unrestorableHtml(`This ${what.toLowerCase()} panel could not be restored: ${reason}.`, again);
}
