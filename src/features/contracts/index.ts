// The contract results feature: the command (from the palette, an account, a block or a
// transaction), the panel, and the serializer that brings the panel back after a reload.
import * as vscode from 'vscode';
import type { AbiIndex } from '../../abi';
import type { MirrorClient, TokenMetadata } from '../../mirror';
import {
  contractResultsFilterInitValidator,
  contractResultsStateValidator,
  type ContractResultsFilters,
} from '../../../webview/protocol';
import { check } from '../../../webview/shared/validate';
import { restoredState } from '../../webview/panelHost';
import { notify } from '../../app/notifications';
import { targetOf } from '../common/targets';
import type { EntityTarget } from '../../ledger';
import type { FeatureHost, FeatureLog, Setting } from '../context';
import { EMPTY_FILTERS, filtersWith, type ContractResultsFilterInit } from './filters';
import { ContractResultsPanel, createWebviewPanel, type ContractResultsDeps } from './panel';
import type { TraceBundle } from '../common/trace/bundle';
import { TraceViews } from '../common/trace/views';

export type { ContractResultsFilterInit } from './filters';
export { ContractResultsPanel } from './panel';

/** What integration tests find under `exports.features.contracts`. */
export interface ContractsFeature {
  readonly open: (filters?: ContractResultsFilterInit) => ContractResultsPanel;
  readonly current: () => ContractResultsPanel | undefined;
  /** Brings a panel back after a reload (the serializer's work: its manifest's stand-in calls it). */
  readonly revive: (panel: vscode.WebviewPanel, state: unknown) => Promise<void>;
}

let current: ContractResultsPanel | undefined;

/** The state the page saved, as its serializer gets it back (checked with the host's bounds). */
const savedState = contractResultsStateValidator(true);

function adopt(panel: ContractResultsPanel): ContractResultsPanel {
  current = panel;
  panel.onDidDispose(() => {
    if (current === panel) current = undefined;
  });
  return panel;
}

/**
 * Opens the contract results panel with these filters (the rest default), reusing the open panel.
 * Other features call this (or the command with the same object) to show, e.g., a block's results.
 */
/** What the feature uses: the selected network's client, the network's name, the client-change event, the log. */
export interface ContractsInputs {
  readonly mirror: () => MirrorClient;
  /** `network`: the selected network's name (the rows' call traces are read there). */
  readonly settings: Setting<{ readonly networkLabel: string; readonly hashscan: boolean; readonly network: string }>;
  readonly onDidChangeMirrorClient: vscode.Event<unknown>;
  readonly log: FeatureLog;
  /** The ABIs that decode each row's call. */
  readonly abi?: AbiIndex;
  /** The selected network's token metadata: HTS token amounts in decoded calls and events. */
  readonly tokens?: () => TokenMetadata;
  /** The session's call trace bundle (made on first use): each row's call trace. */
  readonly trace?: () => TraceBundle | undefined;
}

/** The rows' call traces: read on the selected network through its client, named with the ABIs. */
function traceViews(inputs: ContractsInputs): TraceViews | undefined {
  const { trace, abi } = inputs;
  if (!trace || !abi) return undefined;
  return new TraceViews({
    bundle: trace,
    reader: () => {
      const tokens = inputs.tokens?.();
      return { client: inputs.mirror(), abi, ...(tokens && { tokens }) };
    },
    log: message => inputs.log.warn(message),
  });
}

export function openContractResults(
  deps: ContractResultsDeps,
  init: ContractResultsFilterInit = {},
): ContractResultsPanel {
  const filters = filtersWith(init);
  if (current && !current.isDisposed) {
    current.show(filters);
    return current;
  }
  return adopt(
    new ContractResultsPanel({
      panel: createWebviewPanel(),
      deps,
      state: { filters, unit: 'tinybar' },
    }),
  );
}

/** The filters for an entity a command was invoked on. */
export function filtersForTarget(target: EntityTarget): ContractResultsFilterInit {
  switch (target.kind) {
    case 'account':
      // `from` takes an account id or an EVM address; the id is the one the user sees.
      return { from: target.id };
    case 'block':
      return /^(0x)?[0-9a-fA-F]{64}([0-9a-fA-F]{32})?$/.test(target.id)
        ? { blockHash: target.id }
        : { blockNumber: target.id };
    default:
      throw new Error(`Contract results cannot be filtered by a ${target.kind}`);
  }
}

/** A command argument as filters: an entity target, a subset of the form's filters, or nothing. */
export function filtersFromArgument(arg: unknown): ContractResultsFilterInit {
  if (arg === undefined || arg === null) return {};
  const target = targetOf(arg);
  if (target) return filtersForTarget(target);
  const init = check(contractResultsFilterInitValidator, arg);
  if (init.ok) return init.value;
  throw new Error('Show contract results was given an argument it does not understand');
}

export function registerContracts(host: FeatureHost, inputs: ContractsInputs): vscode.Disposable {
  const traces = traceViews(inputs);
  const network = () => inputs.settings.current.network;
  const deps: ContractResultsDeps = {
    extensionUri: host.extension.extensionUri,
    log: inputs.log,
    client: inputs.mirror,
    networkLabel: () => inputs.settings.current.networkLabel,
    hashscan: () => inputs.settings.current.hashscan,
    onDidChangeClient: inputs.onDidChangeMirrorClient,
    abi: inputs.abi,
    ...(inputs.tokens && { tokens: inputs.tokens }),
    ...(traces && { traces, network }),
  };
  const feature: ContractsFeature = {
    open: init => openContractResults(deps, init),
    current: () => current,
    revive: async (panel, state) => {
      // The saved state is the page's: an older or damaged one falls back to the defaults, and says so.
      const saved = restoredState(savedState, state);
      if (!saved.ok) {
        inputs.log.warn(`contract results panel restored with the default filters: ${saved.reason}`);
        void notify(
          'warning',
          `Contract results: the saved filters could not be read (${saved.reason}); showing the defaults.`,
        );
      }
      const restored = saved.ok
        ? saved.state
        : { filters: EMPTY_FILTERS satisfies ContractResultsFilters, unit: 'tinybar' as const };
      adopt(new ContractResultsPanel({ panel, deps, state: restored }));
    },
  };
  host.exports.features.contracts = feature;
  return vscode.Disposable.from(
    host.registerCommand('ledgerLens.showContractResults', arg => {
      openContractResults(deps, filtersFromArgument(arg));
    }),
    host.registerCommand('ledgerLens.showAccountContractResults', arg => {
      const target = targetOf(arg);
      if (!target || target.kind !== 'account') {
        throw new Error('Show contract results from this account needs an account');
      }
      openContractResults(deps, filtersForTarget(target));
    }),
    { dispose: () => current?.dispose() },
    { dispose: () => traces?.dispose() },
  );
}
