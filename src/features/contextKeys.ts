// A manifest's context keys (the `when` clauses of its menus read them), set from the settings at
// activation, before the feature is loaded, and again whenever their values change.
import * as vscode from 'vscode';
import type { Services } from '../app/services';
import { errorMessage } from '../util/errorMessage';
import { settingsSlice } from './context';
import type { FeatureManifest } from './manifest';

/** Keeps the manifest's context keys in step with the settings, from activation on. */
export function keepContextKeys(
  services: Services,
  pick: NonNullable<FeatureManifest['contextKeys']>,
  onSet: (values: Readonly<Record<string, boolean>>) => void,
): vscode.Disposable {
  const keys = settingsSlice(services.config, pick);
  const set = (values: Readonly<Record<string, boolean>>) => {
    onSet(values);
    for (const [key, value] of Object.entries(values))
      void vscode.commands
        .executeCommand('setContext', key, value)
        .then(undefined, (e: unknown) => services.log.warn(`could not set ${key}: ${errorMessage(e)}`));
  };
  set(keys.current);
  const sub = keys.onDidChange(({ current }) => set(current));
  return new vscode.Disposable(() => {
    sub.dispose();
    keys.dispose();
  });
}
