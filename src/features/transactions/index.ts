// The transactions feature: "Lookup transaction", "Open transaction details" and the panel.
import * as vscode from 'vscode';
import type { AbiIndex } from '../../abi';
import type { TokenMetadata } from '../../mirror';
import type { ExchangeRates } from '../../mirror/rates';
import type { FeatureHost, FeatureLog, Setting } from '../context';
import { settingsChooser, type ClientFor, type DetailSettings, type NetworkChooser } from '../../app/panelNetworks';
import { targetOf } from '../common/targets';
import type { TraceBundle } from '../common/trace/bundle';
import { TraceViews } from '../common/trace/views';
import { isNetwork, type Network } from '../../ledger';
import { lookupTransaction, type LookupDeps, type LookupOutcome } from './lookup';
import { TransactionPanels } from './panels';
import { RecentLookups } from './recent';

/** What integration tests reach through `exports.features.transactions`. */
export interface TransactionsFeature {
  readonly panels: TransactionPanels;
  /** The recent lookups the quick pick offers. */
  readonly recent: RecentLookups;
}

/** What the feature uses: the shared clients, which network to ask and why, its settings slice, the log. */
export interface TransactionsInputs {
  /** Any network's shared client (the configured one for the selected network). */
  readonly clientFor: ClientFor;
  /** A network's public mirror node's shared client ("try the other networks"); default `clientFor`. */
  readonly publicClientFor?: ClientFor;
  /** Which network a lookup asks and why: the link's, else the active editor's code's; default the settings'. */
  readonly chooseNetwork?: NetworkChooser;
  readonly settings: Setting<DetailSettings>;
  readonly log: FeatureLog;
  /** The ABIs that decode a contract transaction's call and events. */
  readonly abi?: AbiIndex;
  /** Token metadata of the selected network (token transfers in units, NFT names). */
  readonly tokens?: () => TokenMetadata;
  /** Exchange rates of the selected network; undefined when dollars are off. */
  readonly rates?: () => ExchangeRates | undefined;
  /** The session's call trace bundle (made on first use): the "Call trace" of contract transactions. */
  readonly trace?: () => TraceBundle | undefined;
  /** Any network's token metadata (a trace names the HTS tokens its calls went to). */
  readonly tokensFor?: (network: Network) => TokenMetadata;
}

/** The call traces of the panels: read through any network's shared client, named with the ABIs. */
function traceViews(inputs: TransactionsInputs): TraceViews | undefined {
  const { trace, abi } = inputs;
  if (!trace || !abi) return undefined;
  return new TraceViews({
    bundle: trace,
    reader: network => {
      if (!isNetwork(network)) return `${network} is not a network Ledger Lens knows.`;
      const tokens = inputs.tokensFor?.(network);
      return { client: inputs.clientFor(network), abi, ...(tokens && { tokens }) };
    },
    log: message => inputs.log.warn(message),
  });
}

export function registerTransactions(host: FeatureHost, inputs: TransactionsInputs): vscode.Disposable {
  const config = () => inputs.settings.current;
  const traces = traceViews(inputs);
  const panels = new TransactionPanels(
    {
      extensionUri: host.extension.extensionUri,
      log: inputs.log,
      config,
      clientFor: inputs.clientFor,
    },
    inputs.abi,
    inputs.tokens
      ? { tokens: inputs.tokens, rates: inputs.rates ?? (() => undefined), network: () => config().network }
      : undefined,
    undefined,
    traces,
  );
  const recent = new RecentLookups(host.extension.globalState);
  const feature: TransactionsFeature = { panels, recent };
  host.exports.features['transactions'] = feature;
  const deps: LookupDeps = {
    config,
    panels,
    chooseNetwork: inputs.chooseNetwork ?? settingsChooser(config),
    clientFor: inputs.clientFor,
    publicClientFor: inputs.publicClientFor ?? inputs.clientFor,
    now: () => Date.now(),
    recent,
  };

  return vscode.Disposable.from(
    panels,
    { dispose: () => traces?.dispose() },
    host.registerCommand('ledgerLens.lookupTransaction', (arg): Promise<LookupOutcome> => lookupTransaction(deps, arg)),
    host.registerCommand('ledgerLens.openTransaction', (arg): Promise<LookupOutcome> => {
      const target = targetOf(arg);
      if (!target || target.kind !== 'transaction') {
        throw new Error('Open transaction details needs a transaction id');
      }
      // A hover's link names the network the hover used: the panel asks the same one.
      return lookupTransaction(deps, arg);
    }),
  );
}
