// Reads the `ledgerLens.*` settings from VS Code into one typed snapshot (see settings.ts for the
// rules) and tells listeners when it changes.
import * as vscode from 'vscode';
import { Disposable } from '../util/lifecycle';
import {
  RESTRICTED_SETTING_KEYS,
  SETTING_KEYS,
  parseSettings,
  type LedgerLensConfig,
  type RawSettings,
  type SettingsProblem,
} from './settings';

export const SECTION = 'ledgerLens';

/** Settings a workspace may not set unless it is trusted (the one list, in settings.ts). */
const RESTRICTED: ReadonlySet<string> = new Set(RESTRICTED_SETTING_KEYS);

const KEYS = SETTING_KEYS;

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

/** A settings scope a value can be written to. */
export type SettingScope = 'user' | 'workspace' | 'workspaceFolder';
export type SettingKey = (typeof KEYS)[number];

const TARGETS: Record<SettingScope, vscode.ConfigurationTarget> = {
  user: vscode.ConfigurationTarget.Global,
  workspace: vscode.ConfigurationTarget.Workspace,
  workspaceFolder: vscode.ConfigurationTarget.WorkspaceFolder,
};

/** How features change settings: only through the config service, never through VS Code directly. */
export interface SettingsWriter {
  /** Writes a setting at the scope where it is already set (workspace if it is there), else user. */
  update(key: SettingKey, value: unknown): Promise<void>;
  /** The value each scope holds for a key, user first (scopes that hold none are left out). */
  valuesByScope(key: SettingKey): { readonly scope: SettingScope; readonly value: unknown }[];
  /** Writes a value at one scope. */
  write(key: SettingKey, value: unknown, scope: SettingScope): Promise<void>;
}

export interface ConfigChange {
  readonly previous: LedgerLensConfig;
  readonly current: LedgerLensConfig;
  readonly affects: (key: string) => boolean;
}

export class ConfigService extends Disposable implements SettingsWriter {
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
  async update(key: SettingKey, value: unknown): Promise<void> {
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

  valuesByScope(key: SettingKey): { readonly scope: SettingScope; readonly value: unknown }[] {
    const i = vscode.workspace.getConfiguration(SECTION).inspect(key);
    const all: { scope: SettingScope; value: unknown }[] = [
      { scope: 'user', value: i?.globalValue },
      { scope: 'workspace', value: i?.workspaceValue },
      { scope: 'workspaceFolder', value: i?.workspaceFolderValue },
    ];
    return all.filter(v => v.value !== undefined);
  }

  async write(key: SettingKey, value: unknown, scope: SettingScope): Promise<void> {
    await vscode.workspace.getConfiguration(SECTION).update(key, value, TARGETS[scope]);
  }
}
