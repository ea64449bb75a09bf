// The transactions feature: "Lookup transaction", "Open transaction details" and the panel.
import * as vscode from 'vscode';
import { Commands } from '../../commands';
import type { FeatureContext } from '../context';
import { defaultNetworkUrl, type NetworkUrlResolver } from '../common/detailPanel/networks';
import { targetOf } from '../common/targets';
import { lookupTransaction, type LookupDeps, type LookupOutcome } from './lookup';
import { TransactionPanels } from './panels';

/** What integration tests reach through `exports.features.transactions`. */
export interface TransactionsFeature {
  readonly panels: TransactionPanels;
  /** Where "try the other networks" sends requests; tests point it at loopback. */
  networkUrl: NetworkUrlResolver;
}

export function registerTransactions(ctx: FeatureContext): vscode.Disposable {
  const { services } = ctx;
  const resolver = { current: defaultNetworkUrl };
  const client = () => services.mirror;
  const config = () => services.config.current;
  const panels = new TransactionPanels({
    extensionUri: ctx.extension.extensionUri,
    log: services.log,
    client,
    config,
    networkUrl: () => resolver.current,
  });
  const feature: TransactionsFeature = {
    panels,
    get networkUrl() {
      return resolver.current;
    },
    set networkUrl(r: NetworkUrlResolver) {
      resolver.current = r;
    },
  };
  ctx.exports.features['transactions'] = feature;
  const deps: LookupDeps = { client, config, panels, resolveUrl: () => resolver.current };

  return vscode.Disposable.from(
    panels,
    ctx.registerCommand(Commands.lookupTransaction, (arg): Promise<LookupOutcome> => lookupTransaction(deps, arg)),
    ctx.registerCommand(Commands.openTransaction, (arg): Promise<LookupOutcome> => {
      const target = targetOf(arg);
      if (!target || target.kind !== 'transaction') {
        throw new Error('Open transaction details needs a transaction id');
      }
      return lookupTransaction(deps, target);
    }),
  );
}
