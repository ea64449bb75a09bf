// Workspace trust, "the user is told why": when an untrusted workspace sets an endpoint setting
// (RESTRICTED_SETTING_KEYS: mirrorNodeUrl, mirrorNodeUrls, statusUrl, scheme; ConfigService does
// not read them there), log each one and show one
// information message with "Manage Workspace Trust". Once per session for a given set of keys;
// again after trust changes. VS Code hides restricted workspace values from `inspect()` in Restricted
// Mode, so the workspace's settings files are read (read only: nothing in them is executed).
import * as vscode from 'vscode';
import type { ConfigService } from './config';
import { notify } from './notifications';
import { ignoredSettingsMessage } from '../present/trust';
import { RESTRICTED_SETTING_KEYS } from './settings';
import { Disposable } from '../util/lifecycle';

export const MANAGE_TRUST = 'Manage Workspace Trust';
/** `"ledgerLens.<restricted key>":` (the keys are plain words: nothing in them needs escaping). */
const RESTRICTED_KEY = new RegExp(`"(ledgerLens\\.(?:${RESTRICTED_SETTING_KEYS.join('|')}))"\\s*:`, 'g');

/** The restricted keys a settings file sets (whole-line `//` comments skipped). */
export function restrictedKeysIn(text: string): string[] {
  // [ \t]*, not \s*: \s crosses line breaks, and a run of blank lines was then tried from each one.
  const live = text.replace(/^[ \t]*\/\/.*$/gm, '');
  return [...live.matchAll(RESTRICTED_KEY)].map(m => m[1]);
}

async function readText(uri: vscode.Uri): Promise<string> {
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return ''; // no such file
  }
}

export class TrustNotice extends Disposable {
  private readonly announced = new Set<string>();
  /** The restricted settings (`ledgerLens.mirrorNodeUrl`…) this untrusted workspace sets, unused. */
  ignored: readonly string[] = [];
  /** The last message shown (read by the integration test). */
  lastMessage: string | undefined;
  /** The check under way (tests await it). */
  checked: Promise<void>;

  constructor(
    private readonly config: ConfigService,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this._register(config.onDidChange(() => void (this.checked = this.check())));
    this._register(
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        this.announced.clear();
        this.checked = this.check();
      }),
    );
    this.checked = this.check();
  }

  private async findIgnored(): Promise<string[]> {
    if (vscode.workspace.isTrusted) return [];
    const files = (vscode.workspace.workspaceFolders ?? []).map(f =>
      vscode.Uri.joinPath(f.uri, '.vscode', 'settings.json'),
    );
    if (vscode.workspace.workspaceFile?.scheme === 'file') files.push(vscode.workspace.workspaceFile);
    const keys = new Set<string>();
    for (const file of files) for (const key of restrictedKeysIn(await readText(file))) keys.add(key);
    return [...keys].sort();
  }

  private async check(): Promise<void> {
    const keys = await this.findIgnored();
    this.ignored = keys;
    const message = ignoredSettingsMessage(keys, this.config.current);
    const id = keys.join(',');
    if (!message || this.announced.has(id)) return;
    this.announced.add(id);
    for (const key of keys) this.log.warn(`setting ${key}: ignored, the workspace is not trusted`);
    this.lastMessage = message;
    void notify('information', message, MANAGE_TRUST).then(
      choice => {
        if (choice === MANAGE_TRUST) void vscode.commands.executeCommand('workbench.trust.manage');
      },
      () => undefined,
    );
  }
}
