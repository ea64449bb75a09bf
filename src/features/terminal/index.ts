// Ledger references printed in the integrated terminal become links: a transaction opens its panel,
// an account is revealed in the Accounts view, a contract opens its contract results. The matching
// and the choice of command are links.ts (pure); this file asks VS Code for the line and runs the
// command on a click.
import * as vscode from 'vscode';
import type { MirrorClient } from '../../mirror';
import { isNotFound } from '../../mirror/fresh';
import type { FeatureHost, FeatureLog, Setting } from '../context';
import { errorNotice } from '../common/notices';
import { notify } from '../../app/notifications';
import { type TerminalLinkMatch, actionFor, findTerminalLinks, terminalHostNote } from './links';
import { errorMessage } from '../../util/errorMessage';

/** The settings terminal links read. */
export interface TerminalSettings {
  readonly anyShardRealm: boolean;
}

/** What the terminal feature uses (see the pattern in ../context.ts). */
export interface TerminalInputs {
  /** Read at call time: asked whether an id is a contract when its link is clicked. */
  readonly mirror: () => MirrorClient;
  readonly settings: Setting<TerminalSettings>;
  readonly log: FeatureLog;
}

interface LedgerTerminalLink extends vscode.TerminalLink {
  readonly match: TerminalLinkMatch;
}

/** What integration tests reach through `exports.features.terminal`. */
export interface TerminalFeatureApi {
  readonly provider: vscode.TerminalLinkProvider<LedgerTerminalLink>;
}

export function registerTerminal(host: FeatureHost, inputs: TerminalInputs): vscode.Disposable {
  const note = terminalHostNote();
  if (note !== undefined) inputs.log.info(note);
  const isContract = async (idOrAddress: string): Promise<boolean> => {
    try {
      await inputs.mirror().getContract(idOrAddress);
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  };
  const provider: vscode.TerminalLinkProvider<LedgerTerminalLink> = {
    provideTerminalLinks(context) {
      return (
        findTerminalLinks(context.line, { anyShardRealm: inputs.settings.current.anyShardRealm })
          // No lookup by a 32-byte EVM transaction hash yet: those are not offered.
          .filter(m => m.target.kind !== 'ethereumHash')
          .map(match => ({ startIndex: match.startIndex, length: match.length, tooltip: match.tooltip, match }))
      );
    },
    async handleTerminalLink(link) {
      try {
        const action = await actionFor(link.match, isContract);
        if (action) await vscode.commands.executeCommand(action.command, action.argument);
      } catch (error) {
        const message = errorMessage(error);
        inputs.log.error(`terminal link ${link.match.text}: ${message}`);
        // The message may be a server's own words: errorNotice and notify leave no live link in it.
        void notify('error', errorNotice(message));
      }
    },
  };
  const api: TerminalFeatureApi = { provider };
  host.exports.features['terminal'] = api;
  // The manifest's stand-in provider is the one VS Code knows: it hands every call to `provider`.
  return new vscode.Disposable(() => undefined);
}
