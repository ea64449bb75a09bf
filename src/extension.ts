// The composition root: builds the services once and mounts every feature from its manifest
// (src/features/<name>/manifest.ts, found by the build: build/extension-build.mjs), handing each
// disposable to context.subscriptions. It knows no feature by name; src/lazyFeature.ts makes each
// feature's stand-ins and loads it on first use.
import * as vscode from 'vscode';
import { abiIndexOnFirstUse } from './abi/onFirstUse';
import { activationClock, bundleLoaded } from './activationTiming';
import { createFeatureHost, type LedgerLensExports } from './features/context';
import type { FeatureManifest } from './features/manifest';
import { mountFeature } from './lazyFeature';
import { Services } from './app/services';

// Every src/features/<name>/manifest.ts, in folder order: a module the build writes
// (build/extension-build.mjs, featureManifests), so no list of features is kept by hand.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- written by the build, see above
const { MANIFESTS } = require('ledger-lens:features') as { MANIFESTS: readonly FeatureManifest[] };
// Every import above has been evaluated by now.
const bundle = bundleLoaded();

export function activate(context: vscode.ExtensionContext): LedgerLensExports {
  const clock = activationClock();
  const log = vscode.window.createOutputChannel('Ledger Lens', { log: true });
  context.subscriptions.push(log);
  clock.step('log');
  const services = new Services(log);
  context.subscriptions.push(services);
  clock.step('services');
  const exports: LedgerLensExports = { services, features: {} };
  const host = createFeatureHost(context, exports, log);
  const abi = abiIndexOnFirstUse();
  for (const manifest of MANIFESTS) {
    context.subscriptions.push(mountFeature(host, services, abi, manifest));
    clock.step(manifest.name);
  }
  exports.activation = clock.done(log, bundle);
  return exports;
}

export function deactivate(): void {
  // Everything is owned by context.subscriptions and disposed by VS Code.
}
