// Mounts a feature from its manifest (src/features/manifest.ts): every contribution gets a stand-in
// in VS Code at once (a command, a tree view's data provider, a panel serializer, a hover, a CodeLens,
// terminal link or document provider: src/features/standIns.ts), and the feature's module is
// required the first time one is used.
// The stand-ins stay registered for good and hand each call to the loaded feature, so there is
// never a moment with neither registered, and a load that throws leaves them as they were: the
// failure is logged, shown once, and the next use tries again.
import * as vscode from 'vscode';
import type { AbiIndex } from './abi';
import type { FeatureHost, FeatureLog, Setting } from './features/context';
import { settingsSlice } from './features/context';
import { keepContextKeys } from './features/contextKeys';
import type { FeatureManifest, ViewSlot } from './features/manifest';
import { providerStandIns, treeViewStandIn } from './features/standIns';
import { notify } from './app/notifications';
import type { Services } from './app/services';
import { errorMessage } from './util/errorMessage';

export function mountFeature(
  host: FeatureHost,
  services: Services,
  abi: () => AbiIndex,
  manifest: FeatureManifest,
  report: { readonly log: FeatureLog; show(message: string): unknown } = {
    log: services.log,
    show: m => notify('error', m),
  },
): vscode.Disposable & { load(): unknown } {
  const { name, commands } = manifest;
  const handlers = new Map<string, (...args: unknown[]) => unknown>();
  const features: Record<string, unknown> = {};
  const pick = manifest.settings?.bind(manifest);
  const settings: Setting<unknown> & vscode.Disposable = pick
    ? settingsSlice(services.config, pick)
    : { current: undefined, onDidChange: () => new vscode.Disposable(() => undefined), dispose: () => undefined };
  const standIns: vscode.Disposable[] = [];
  const afterLoad: (() => void)[] = [];
  let loaded: vscode.Disposable | undefined;
  let disposed = false;
  let shown = false;
  let view: ViewSlot | undefined;

  const load = (): unknown => {
    if (loaded) return features[name];
    if (disposed) throw new Error(`Ledger Lens: ${name} is no longer available`);
    const started = performance.now();
    const inner: FeatureHost = {
      extension: host.extension,
      exports: { ...host.exports, features },
      registerCommand: (id, handler) => {
        if (!commands.includes(id)) throw new Error(`${name} registers ${id}, which its manifest does not claim`);
        handlers.set(id, handler);
        return new vscode.Disposable(() => handlers.delete(id));
      },
    };
    try {
      loaded = manifest.load(inner, { services, settings, abi, view });
    } catch (error) {
      handlers.clear(); // nothing of a half-done load stays behind: the stand-ins answer again
      const message = `${name} could not be loaded: ${errorMessage(error)}`;
      report.log.error(message);
      if (!shown) report.show(`Ledger Lens: ${message}. It is tried again on its next use.`);
      shown = true;
      throw error;
    }
    // Reads of the feature's exports go straight to what it stored from now on.
    Object.defineProperty(host.exports.features, name, {
      get: () => features[name],
      set: (value: unknown) => (features[name] = value),
      enumerable: true,
      configurable: true,
    });
    for (const then of afterLoad) then();
    report.log.info(
      `${name} loaded${manifest.start ? '' : ' on first use'} in ${(performance.now() - started).toFixed(1)} ms`,
    );
    return features[name];
  };
  const forward = <T>(use: (feature: never) => T): T => use(load() as never);

  Object.defineProperty(host.exports.features, name, { get: load, enumerable: true, configurable: true });
  for (const id of commands) {
    standIns.push(
      host.registerCommand(id, (...args: unknown[]) => {
        load();
        const handler = handlers.get(id);
        if (!handler) throw new Error(`${id} is not available`);
        return handler(...args);
      }),
    );
  }
  if (manifest.view) view = treeViewStandIn(manifest.view, load, standIns);
  if (manifest.contextKeys) {
    const pick = manifest.contextKeys.bind(manifest);
    standIns.push(keepContextKeys(services, pick, set => Object.assign((host.exports.contextKeys ??= {}), set)));
  }
  standIns.push(...providerStandIns(manifest, services, forward, afterLoad));
  // Loaded the turn after activation; a failure is logged and shown by load.
  const later = () =>
    void Promise.resolve()
      .then(load)
      .catch(() => undefined);
  const timer = manifest.start === 'afterActivation' ? setTimeout(later, 0) : undefined;
  if (manifest.start === 'activation') load();
  return {
    load,
    dispose: () => {
      disposed = true;
      clearTimeout(timer);
      for (const d of standIns.splice(0)) d.dispose();
      loaded?.dispose();
      settings.dispose();
    },
  };
}
