// Ledger references printed in the integrated terminal become links: a transaction opens its panel,
// an account is revealed in the Accounts view, a contract opens its contract results. The matching
// is links.ts (pure); this file asks VS Code for the line and runs our own commands on a click.
import * as vscode from 'vscode';
import { isNotFound } from '../../mirror/fresh';
import type { FeatureContext } from '../context';
import { type TerminalLinkMatch, actionFor, findTerminalLinks } from './links';

interface LedgerTerminalLink extends vscode.TerminalLink {
  readonly match: TerminalLinkMatch;
}

export function registerTerminal(ctx: FeatureContext): vscode.Disposable {
  const { services } = ctx;
  const isContract = async (idOrAddress: string): Promise<boolean> => {
    try {
      await services.mirror.getContract(idOrAddress);
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  };
  const provider: vscode.TerminalLinkProvider<LedgerTerminalLink> = {
    provideTerminalLinks(context) {
      const options = { anyShardRealm: services.config.current.hover.anyShardRealm };
      return findTerminalLinks(context.line, options)
        .filter(m => m.target.kind !== 'ethereumHash')
        .map(match => ({ startIndex: match.startIndex, length: match.length, tooltip: match.tooltip, match }));
    },
    async handleTerminalLink(link) {
      try {
        const action = await actionFor(link.match, isContract);
        if (action) await vscode.commands.executeCommand(action.command, action.argument);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        services.log.error(`terminal link ${link.match.text}: ${message}`);
        void vscode.window.showErrorMessage(`Ledger Lens: ${message}`);
      }
    },
  };
  ctx.exports.features.terminal = { provider, actionFor: (m: TerminalLinkMatch) => actionFor(m, isContract) };
  return vscode.window.registerTerminalLinkProvider(provider);
}
