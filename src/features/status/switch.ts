// The status item while `ledgerLens.status.enabled` is on; off, it is disposed (no polling, no
// item). Its inputs come from the services: the status client, the mirror node's problems, and the
// router's answer for the status item (the network the active editor means, and the mirror node to
// ask for its own health where no status page covers that network).
import * as vscode from 'vscode';
import type { Services } from '../../app/services';
import type { FeatureHost } from '../context';
import { settingsSlice } from '../context';
import { registerStatus } from './index';

export function wireStatus(host: FeatureHost, services: Services): vscode.Disposable {
  let feature: vscode.Disposable | undefined;
  const sync = (): void => {
    const enabled = services.config.current.status.enabled;
    if (enabled && !feature) feature = create();
    if (!enabled && feature) {
      feature.dispose();
      feature = undefined;
      delete host.exports.features['status'];
    }
  };
  const create = (): vscode.Disposable => {
    const settings = settingsSlice(services.config, c => ({
      network: c.network,
      statusUrl: c.statusUrl,
      pollIntervalSeconds: c.status.pollIntervalSeconds,
      notifyOnChange: c.status.notifyOnChange,
    }));
    const registered = registerStatus(host, {
      status: () => services.status,
      settings,
      onDidChangeStatusClient: services.onDidChangeStatusClient,
      mirrorProblem: () => services.mirrorProblem,
      onDidChangeMirrorProblem: services.onDidChangeMirrorProblem,
      log: services.log,
      target: services.router.statusRoutes(),
      mirrorHealth: services.router.mirrorProbe,
    });
    return vscode.Disposable.from(registered, settings);
  };
  sync();
  const subscription = services.config.onDidChange(sync);
  return new vscode.Disposable(() => {
    subscription.dispose();
    feature?.dispose();
  });
}
