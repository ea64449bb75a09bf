// The composition root, shared by both entries (src/extension.ts: Node; src/extension.web.ts: the
// browser): builds the services once and mounts every feature from its manifest
// (src/features/<name>/manifest.ts, found by the build: build/extension-build.mjs), handing each
// disposable to context.subscriptions. It knows no feature by name; src/lazyFeature.ts makes each
// feature's stand-ins and loads it on first use.
import * as vscode from 'vscode';
import { abiIndexOnFirstUse } from './abi/onFirstUse';
import { activationClock, type BundleLoad } from './activationTiming';
import { createFeatureHost, type LedgerLensExports } from './features/context';
import type { FeatureManifest } from './features/manifest';
import { mountFeature } from './lazyFeature';
import { Services } from './app/services';

// Every src/features/<name>/manifest.ts, in folder order: a module the build writes
// (build/extension-build.mjs, featureManifests), so no list of features is kept by hand.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- written by the build, see above
const { MANIFESTS } = require('ledger-lens:features') as { MANIFESTS: readonly FeatureManifest[] };

/** What an entry adds to the composition. */
export interface EntryOptions {
  /** The log's first line: which host and entry this is. */
  readonly hostLine: string;
  /**
   * Resolves once a feature's code can be required (the browser's parts, src/web/parts.ts); absent
   * where every part is a synchronous require away (Node).
   */
  readonly ready?: (feature: string) => Promise<void>;
}

export function compose(context: vscode.ExtensionContext, bundle: BundleLoad, entry: EntryOptions): LedgerLensExports {
  const clock = activationClock();
  const log = vscode.window.createOutputChannel('Ledger Lens', { log: true });
  context.subscriptions.push(log);
  log.info(entry.hostLine);
  clock.step('log');
  const services = new Services(log);
  context.subscriptions.push(services);
  clock.step('services');
  const exports: LedgerLensExports = { services, features: {} };
  const host = createFeatureHost(context, exports, log);
  const abi = abiIndexOnFirstUse();
  for (const manifest of MANIFESTS) {
    const ready = entry.ready;
    context.subscriptions.push(
      mountFeature(host, services, abi, manifest, ready ? { ready: () => ready(manifest.name) } : {}),
    );
    clock.step(manifest.name);
  }
  exports.activation = clock.done(log, bundle);
  return exports;
}
