// The composition root: builds the services once, registers every feature, and hands each
// disposable to context.subscriptions. Nothing else registers anything.
import * as vscode from 'vscode';
import { Services } from './services';
import { createFeatureContext, type LedgerLensExports } from './features/context';
import { registerCommon } from './features/common';
import { registerAccounts } from './features/accounts';
import { registerHover } from './features/hover';
import { registerTransactions } from './features/transactions';
import { registerBlocks } from './features/blocks';
import { registerContracts } from './features/contracts';
import { registerStatus } from './features/status';
import { registerWalkthrough } from './walkthrough';

export function activate(context: vscode.ExtensionContext): LedgerLensExports {
  const log = vscode.window.createOutputChannel('Ledger Lens', { log: true });
  context.subscriptions.push(log);
  const services = new Services(log);
  context.subscriptions.push(services);
  const exports: LedgerLensExports = { services, features: {} };
  const ctx = createFeatureContext(services, context, exports);
  for (const register of [
    registerCommon,
    registerAccounts,
    registerHover,
    registerTransactions,
    registerBlocks,
    registerContracts,
    registerStatus,
    registerWalkthrough,
  ]) {
    context.subscriptions.push(register(ctx));
  }
  return exports;
}

export function deactivate(): void {
  // Everything is owned by context.subscriptions and disposed by VS Code.
}
