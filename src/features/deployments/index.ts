// Your contracts on the network: the Contracts view (the workspace's deployments by network), each
// contract's read calls, simulations and gas estimates through the mirror node, its decoded state
// and its history, the CodeLens over its source, and "Find contracts named in code".
import * as vscode from 'vscode';
import type { AbiIndex } from '../../abi';
import type { SourceIndexApi } from '../../source/api';
import type { MirrorClient } from '../../mirror';
import type { ExchangeRates } from '../../mirror/rates';
import type { Network } from '../../ledger/networks';
import type { FeatureHost, FeatureLog } from '../context';
import type { ViewSlot } from '../manifest';
import { DeploymentCodeLens } from './codeLens';
import { registerDeploymentCommands } from './commands';
import { DeploymentDiscovery } from './discovery';
import { HistoryLoader } from './history';
import type { DeploymentsTreeNode } from './nodes';
import { StateLoader } from './state';
import { DeploymentsProvider } from './tree';

/** How often the History rows are read again while the view is visible. */
export const HISTORY_REFRESH_MS = 30_000;

/** What integration tests reach through `exports.features.deployments`. */
export interface DeploymentsFeature {
  readonly provider: DeploymentsProvider;
  readonly treeView: vscode.TreeView<DeploymentsTreeNode>;
  readonly codeLens: DeploymentCodeLens;
  /** Resolves when the first look for deployment records is done. */
  ready(): Promise<void>;
}

export interface DeploymentsInputs {
  readonly clientFor: (network: Network) => MirrorClient;
  readonly abi: () => AbiIndex;
  /** The workspace's compiler-output index (the storage layouts), when the sources feature keeps one. */
  readonly sources: () => SourceIndexApi | undefined;
  readonly ratesFor: (network: Network) => ExchangeRates | undefined;
  /** The configured accounts' ids: candidate keys of the state's mappings. */
  readonly accounts: () => readonly string[];
  readonly log: FeatureLog;
  readonly view?: ViewSlot<DeploymentsTreeNode>;
  /** The worker script the records are read in, when the build ships one. */
  readonly workerScript?: string;
}

export function registerDeployments(host: FeatureHost, inputs: DeploymentsInputs): vscode.Disposable {
  const changed = (node?: DeploymentsTreeNode) => provider.refreshNode(node);
  const state: StateLoader = new StateLoader({
    clientFor: inputs.clientFor,
    sources: inputs.sources,
    knownAddresses: () => [...new Set([...provider.current.deployments.map(d => d.evmAddress), ...inputs.accounts()])],
    changed,
    log: inputs.log,
  });
  const history = new HistoryLoader({ clientFor: inputs.clientFor, abi: inputs.abi, changed, log: inputs.log });
  const provider: DeploymentsProvider = new DeploymentsProvider({ state, history });
  const modelChanged = new vscode.EventEmitter<unknown>();
  const discovery = new DeploymentDiscovery({
    abi: inputs.abi,
    log: inputs.log,
    onModel: model => {
      provider.setModel(model);
      modelChanged.fire(undefined);
    },
    ...(inputs.workerScript !== undefined ? { workerScript: inputs.workerScript } : {}),
  });
  const codeLens = new DeploymentCodeLens({
    model: () => provider.current,
    history,
    onDidChangeModel: modelChanged.event,
  });
  const attached = inputs.view?.attach(provider);
  const treeView =
    inputs.view?.treeView ?? vscode.window.createTreeView('ledgerLens.deployments', { treeDataProvider: provider });
  const disposables: vscode.Disposable[] = [provider, discovery, modelChanged, state, history, codeLens];
  if (attached) disposables.push(attached);
  if (!inputs.view) disposables.push(treeView);
  disposables.push(
    ...registerDeploymentCommands(host, {
      provider,
      treeView,
      discovery,
      state,
      history,
      calls: { clientFor: inputs.clientFor, abi: inputs.abi, ratesFor: inputs.ratesFor },
      inCode: { clientFor: inputs.clientFor, abi: inputs.abi, log: inputs.log },
    }),
  );

  // The records are looked for when the view is first shown (or a command or a lens asks); the
  // History rows are read again on a timer only while someone can see the view.
  let first: Promise<void> | undefined;
  const ready = () => (first ??= discovery.start());
  let timer: ReturnType<typeof setInterval> | undefined;
  const visibility = () => {
    if (treeView.visible) {
      void ready();
      timer ??= setInterval(() => void history.refreshAll(), HISTORY_REFRESH_MS);
    } else if (timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  visibility();
  disposables.push(
    treeView.onDidChangeVisibility(visibility),
    codeLens.whenAsked(() => void ready()),
    { dispose: () => clearInterval(timer) },
  );
  const feature: DeploymentsFeature = { provider, treeView, codeLens, ready };
  host.exports.features['deployments'] = feature;
  return vscode.Disposable.from(...disposables);
}
