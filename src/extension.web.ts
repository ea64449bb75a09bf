// The browser entry (package.json `browser`): VS Code's web worker extension host (vscode.dev,
// github.dev, code-server serving a web extension). The same composition as in Node
// (src/composition.ts) with the platform's fetch for HTTP, no worker threads, and the parts loaded
// on first use read by src/web/parts.ts before the use that needs them (build/web-build.mjs).
import * as vscode from 'vscode';
import { bundleLoaded } from './activationTiming';
import { compose } from './composition';
import type { LedgerLensExports } from './features/context';
import { usePartLoader, usePlatform, WEB_PLATFORM } from './util/platform';
import { ACTIVATION_PARTS, WebParts, type WebRegistry } from './web/parts';

// Every import above has been evaluated by now.
const bundle = bundleLoaded();

export async function activate(context: vscode.ExtensionContext): Promise<LedgerLensExports> {
  usePlatform(WEB_PLATFORM);
  // The startup file's module registry (build/web-build.mjs answers this id itself).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- answered by the build's registry
  const registry = require('ledger-lens:web-registry') as WebRegistry;
  let bytesRead = 0;
  const decoder = new TextDecoder();
  // The extension's own folder, on whatever file system the host serves it from.
  const parts = new WebParts(registry, async name => {
    const file = vscode.Uri.joinPath(context.extensionUri, 'dist', 'web', `${name}.js`);
    const bytes = await vscode.workspace.fs.readFile(file);
    bytesRead += bytes.byteLength;
    return decoder.decode(bytes);
  });
  usePartLoader(name => parts.load([name]));
  const started = performance.now();
  // What the startup code asks before any feature's first use: the settings' schemas (a value that
  // is not its default), the clients (the status item's first poll) and the network's inference (the
  // item follows the active editor). Everything else waits for the first use that needs it.
  await parts.load(ACTIVATION_PARTS);
  const loaded = `${ACTIVATION_PARTS.length} parts (${(bytesRead / 1024).toFixed(1)} KB) read in ${(performance.now() - started).toFixed(1)} ms while activating`;
  return compose(context, bundle, {
    hostLine: `Ledger Lens runs in ${WEB_PLATFORM.hostName} (browser entry); ${loaded}`,
    ready: feature => parts.forFeature(feature),
  });
}

export function deactivate(): void {
  // Everything is owned by context.subscriptions and disposed by VS Code.
}
