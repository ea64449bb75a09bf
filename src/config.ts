// Reads the `ledgerLens.*` settings from VS Code into one typed snapshot (see settings.ts for the
// rules) and tells listeners when it changes.
import * as vscode from 'vscode';
import { Disposable } from './util/lifecycle';
import { parseSettings, type LedgerLensConfig, type RawSettings, type SettingsProblem } from './settings';

export const SECTION = 'ledgerLens';

/** Settings a workspace may not set unless it is trusted (see package.json restrictedConfigurations). */
const RESTRICTED = new Set(['mirrorNodeUrl', 'statusUrl', 'scheme']);

const KEYS = [
  'network',
  'scheme',
  'mirrorNodeUrl',
  'statusUrl',
  'accounts',
  'requestTimeoutMs',
  'maxRequestsPerSecond',
  'hover.enabled',
  'hover.anyShardRealm',
  'hover.excludedLanguages',
  'transactions.limit',
  'accountsRefreshIntervalSeconds',
  'status.pollIntervalSeconds',
  'status.notifyOnChange',
] as const;

function readRaw(): RawSettings {
  const cfg = vscode.workspace.getConfiguration(SECTION);
  const raw: Record<string, unknown> = {};
  for (const key of KEYS) {
    if (RESTRICTED.has(key) && !vscode.workspace.isTrusted) {
      // VS Code already drops workspace values of restricted settings in an untrusted workspace;
      // read the user's own value explicitly anyway so no future change can reopen the hole.
      const i = cfg.inspect(key);
      raw[key] = i?.globalValue ?? i?.defaultValue;
    } else {
      raw[key] = cfg.get(key);
    }
  }
  return raw;
}

export interface ConfigChange {
  readonly previous: LedgerLensConfig;
  readonly current: LedgerLensConfig;
  readonly affects: (key: string) => boolean;
}

export class ConfigService extends Disposable {
  private snapshot: LedgerLensConfig;
  private lastProblems: SettingsProblem[];
  private readonly changed = this._register(new vscode.EventEmitter<ConfigChange>());
  readonly onDidChange = this.changed.event;

  constructor() {
    super();
    const { config, problems } = parseSettings(readRaw());
    this.snapshot = config;
    this.lastProblems = problems;
    this._register(
      vscode.workspace.onDidChangeConfiguration(e => {
        if (e.affectsConfiguration(SECTION)) this.reload(key => e.affectsConfiguration(`${SECTION}.${key}`));
      }),
    );
    this._register(vscode.workspace.onDidGrantWorkspaceTrust(() => this.reload(() => true)));
  }

  get current(): LedgerLensConfig {
    return this.snapshot;
  }

  get problems(): readonly SettingsProblem[] {
    return this.lastProblems;
  }

  private reload(affects: (key: string) => boolean): void {
    const previous = this.snapshot;
    const { config, problems } = parseSettings(readRaw());
    this.snapshot = config;
    this.lastProblems = problems;
    this.changed.fire({ previous, current: config, affects });
  }

  /** Writes a setting at the scope where it is already set (workspace if it is there), else user. */
  async update(key: (typeof KEYS)[number], value: unknown): Promise<void> {
    const cfg = vscode.workspace.getConfiguration(SECTION);
    const i = cfg.inspect(key);
    const target =
      i?.workspaceFolderValue !== undefined
        ? vscode.ConfigurationTarget.WorkspaceFolder
        : i?.workspaceValue !== undefined
          ? vscode.ConfigurationTarget.Workspace
          : vscode.ConfigurationTarget.Global;
    await cfg.update(key, value, target);
  }
}
