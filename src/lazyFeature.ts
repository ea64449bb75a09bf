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
  options: MountOptions = {},
): vscode.Disposable & { load(): unknown } {
  const show = options.show?.bind(options) ?? ((m: string) => notify('error', m));
  const report = { log: options.log ?? services.log, show };
  const { name, commands } = manifest;
  const handlers = new Map<string, (...args: unknown[]) => unknown>();
  const features: Record<string, unknown> = {};
  const settings = settingsOf(services, manifest);
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
  const whenReady = readiness(options.ready);
  const forward = <T>(use: (feature: never) => T): T => use(load() as never);
  // Typed as the answer itself: each stand-in hands VS Code a provider result, and a promise of one
  // (a thenable, adopted when it settles) is one too.
  const forwardReady = <T>(use: (feature: never) => T): T => whenReady(() => forward(use)) as T;

  Object.defineProperty(host.exports.features, name, { get: load, enumerable: true, configurable: true });
  for (const id of commands) {
    standIns.push(
      host.registerCommand(id, (...args: unknown[]) =>
        whenReady(() => {
          load();
          const handler = handlers.get(id);
          if (!handler) throw new Error(`${id} is not available`);
          return handler(...args);
        }),
      ),
    );
  }
  if (manifest.view) view = treeViewStandIn(manifest.view, load, standIns, whenReady);
  if (manifest.contextKeys) {
    const pick = manifest.contextKeys.bind(manifest);
    standIns.push(keepContextKeys(services, pick, set => Object.assign((host.exports.contextKeys ??= {}), set)));
  }
  standIns.push(...providerStandIns(manifest, services, forwardReady, forward, afterLoad));
  // Loaded the turn after activation; a failure is logged and shown by load.
  const later = () =>
    void Promise.resolve()
      .then(() => whenReady(load))
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

/** How a feature is mounted besides its manifest: where failures go, and what its code waits for. */
export interface MountOptions {
  /** The log of load failures (default: the services' log). */
  readonly log?: FeatureLog;
  /** Shows a load failure to the user, once (default: an error notification). */
  show?(message: string): unknown;
  /** Resolves once the feature's code can be required (the browser's parts); absent in Node. */
  readonly ready?: () => Promise<void>;
}

function settingsOf(services: Services, manifest: FeatureManifest): Setting<unknown> & vscode.Disposable {
  const pick = manifest.settings?.bind(manifest);
  return pick
    ? settingsSlice(services.config, pick)
    : { current: undefined, onDidChange: () => new vscode.Disposable(() => undefined), dispose: () => undefined };
}

/**
 * Where the feature's code is not yet a synchronous require away (the browser's parts), a use waits
 * for `ready` first (every stand-in VS Code calls accepts a promise); once it resolved, or where
 * there is nothing to wait for (Node), `then` runs at once.
 */
function readiness(ready: (() => Promise<void>) | undefined): <T>(then: () => T) => T | Promise<T> {
  let readied = !ready;
  return <T>(then: () => T): T | Promise<T> => {
    if (readied || !ready) return then();
    return ready().then(() => {
      readied = true;
      return then();
    });
  };
}
