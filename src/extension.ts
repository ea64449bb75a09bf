// The Node entry (package.json `main`): VS Code's Node extension host, on the desktop, in a remote
// or on code-server's server side. The composition is shared with the browser entry
// (src/extension.web.ts): src/composition.ts.
import type * as vscode from 'vscode';
import { bundleLoaded } from './activationTiming';
import { compose } from './composition';
import type { LedgerLensExports } from './features/context';
import { NODE_PLATFORM, usePlatform } from './util/platform';

// Every import above has been evaluated by now.
const bundle = bundleLoaded();

export function activate(context: vscode.ExtensionContext): LedgerLensExports {
  usePlatform(NODE_PLATFORM);
  return compose(context, bundle, { hostLine: `Ledger Lens runs in ${NODE_PLATFORM.hostName} (main entry)` });
}

export function deactivate(): void {
  // Everything is owned by context.subscriptions and disposed by VS Code.
}
