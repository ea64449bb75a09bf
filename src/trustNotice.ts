// Workspace trust, "the user is told why": when an untrusted workspace sets ledgerLens.mirrorNodeUrl,
// statusUrl or scheme (ignored by ConfigService), log each one and show one information message
// with "Manage Workspace Trust". Once per session for a given set of keys; again after trust changes.
import * as vscode from 'vscode';
import type { ConfigService } from './config';
import { ignoredSettingsMessage } from './present/trust';
import { Disposable } from './util/lifecycle';

export const MANAGE_TRUST = 'Manage Workspace Trust';

export class TrustNotice extends Disposable {
  private readonly announced = new Set<string>();
  /** The last message shown (read by the integration test). */
  lastMessage: string | undefined;

  constructor(
    private readonly config: ConfigService,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this._register(config.onDidChange(() => this.check()));
    this._register(
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        this.announced.clear();
        this.check();
      }),
    );
    this.check();
  }

  private check(): void {
    const keys = [...this.config.ignoredWorkspaceSettings].sort();
    const message = ignoredSettingsMessage(keys, this.config.current);
    const id = keys.join(',');
    if (!message || this.announced.has(id)) return;
    this.announced.add(id);
    for (const key of keys) this.log.warn(`setting ${key}: ignored, the workspace is not trusted`);
    this.lastMessage = message;
    void vscode.window.showInformationMessage(message, MANAGE_TRUST).then(
      choice => {
        if (choice === MANAGE_TRUST) void vscode.commands.executeCommand('workbench.trust.manage');
      },
      () => undefined,
    );
  }
}
