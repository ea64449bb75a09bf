// The transactions feature: "Lookup transaction", "Open transaction details" and the panel.
import * as vscode from 'vscode';
import { Commands } from '../../commands';
import type { AbiIndex } from '../../abi';
import type { MirrorClient } from '../../mirror';
import type { FeatureHost, FeatureLog, Setting } from '../context';
import { defaultNetworkUrl, type DetailSettings, type NetworkUrlResolver } from '../common/detailPanel/networks';
import { targetOf } from '../common/targets';
import { lookupTransaction, type LookupDeps, type LookupOutcome } from './lookup';
import { TransactionPanels } from './panels';

/** What integration tests reach through `exports.features.transactions`. */
export interface TransactionsFeature {
  readonly panels: TransactionPanels;
  /** Where "try the other networks" sends requests; tests point it at loopback. */
  networkUrl: NetworkUrlResolver;
}

/** What the feature uses: the selected network's client, its settings slice, the log. */
export interface TransactionsInputs {
  readonly mirror: () => MirrorClient;
  readonly settings: Setting<DetailSettings>;
  readonly log: FeatureLog;
  /** The ABIs that decode a contract transaction's call and events. */
  readonly abi?: AbiIndex;
}

export function registerTransactions(host: FeatureHost, inputs: TransactionsInputs): vscode.Disposable {
  const resolver = { current: defaultNetworkUrl };
  const config = () => inputs.settings.current;
  const panels = new TransactionPanels(
    {
      extensionUri: host.extension.extensionUri,
      log: inputs.log,
      client: inputs.mirror,
      config,
      networkUrl: () => resolver.current,
    },
    inputs.abi,
  );
  const feature: TransactionsFeature = {
    panels,
    get networkUrl() {
      return resolver.current;
    },
    set networkUrl(r: NetworkUrlResolver) {
      resolver.current = r;
    },
  };
  host.exports.features['transactions'] = feature;
  const deps: LookupDeps = { client: inputs.mirror, config, panels, resolveUrl: () => resolver.current };

  return vscode.Disposable.from(
    panels,
    host.registerCommand(Commands.lookupTransaction, (arg): Promise<LookupOutcome> => lookupTransaction(deps, arg)),
    host.registerCommand(Commands.openTransaction, (arg): Promise<LookupOutcome> => {
      const target = targetOf(arg);
      if (!target || target.kind !== 'transaction') {
        throw new Error('Open transaction details needs a transaction id');
      }
      return lookupTransaction(deps, target);
    }),
  );
}
