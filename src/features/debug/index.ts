// Debug transaction in VS Code: the `ledger-lens` debug type's adapter (inline: it runs in the
// extension host), its launch configurations (a launch.json entry, or F5 with none: the
// transaction is asked for), "Ledger Lens: Debug transaction" (the Lookup transaction input, or a
// panel's Debug action with its transaction and network), and "Load memory" for the session.
import * as vscode from 'vscode';
import type { AbiIndex } from '../../abi/abiIndex';
import { notify } from '../../app/notifications';
import type { NetworkChooser } from '../../app/panelNetworks';
import type { Network } from '../../app/settings';
import type { MirrorClient } from '../../mirror/client';
import type { HttpClient } from '../../net/http';
import type { TraceSession } from '../../trace/session';
import type { FeatureHost, FeatureLog, Setting } from '../context';
import type * as Lazy from './lazy';

export const DEBUG_TYPE = 'ledger-lens';

/** `ledgerLens.debug.maxTraceMb` and `ledgerLens.debug.localReplay`, checked by settings.ts. */
export interface DebugSettings {
  readonly maxTraceMb: number;
  readonly localReplay: boolean;
}

export interface DebugInputs {
  readonly clientFor: (network: Network) => MirrorClient;
  readonly http: () => HttpClient;
  readonly chooseNetwork: NetworkChooser;
  readonly trace: () => TraceSession;
  readonly abi: () => AbiIndex;
  readonly settings: Setting<DebugSettings>;
  readonly log: FeatureLog;
  /** The local replay's worker thread script (dist/replay-worker.js). */
  readonly replayWorker: string;
}

/** What the feature keeps in `exports.features.debug` (the integration tests read it). */
export interface DebugFeature {
  /** Sessions started so far (a test waits for one). */
  readonly sessions: number;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded with the first use (build/extension-build.mjs)
const lazy = (): typeof Lazy => require('./lazy') as typeof Lazy;

export function registerDebug(host: FeatureHost, inputs: DebugInputs): vscode.Disposable {
  let loader: Lazy.DebugLoader | undefined;
  const feature = { sessions: 0 };
  host.exports.features['debug'] = feature;
  const factory: vscode.DebugAdapterDescriptorFactory = {
    createDebugAdapterDescriptor: () => {
      const parts = lazy();
      loader ??= new parts.DebugLoader(inputs);
      feature.sessions++;
      return new vscode.DebugAdapterInlineImplementation(new parts.LedgerLensDebugSession(loader));
    },
  };
  const provider: vscode.DebugConfigurationProvider = {
    // F5 with no launch.json, or a configuration without a transaction: ask for it.
    resolveDebugConfiguration: async (_folder, config) => {
      if (typeof config.transaction === 'string' && config.transaction.trim().length > 0) {
        return config.type
          ? config
          : { ...config, type: DEBUG_TYPE, request: 'launch', name: config.name || 'Debug transaction' };
      }
      const transaction = await lazy().askTransaction();
      if (transaction === undefined) return undefined;
      return {
        ...lazy().launchConfiguration(transaction, undefined),
        ...config,
        type: DEBUG_TYPE,
        request: 'launch',
        transaction,
      };
    },
  };
  return vscode.Disposable.from(
    vscode.debug.registerDebugAdapterDescriptorFactory(DEBUG_TYPE, factory),
    vscode.debug.registerDebugConfigurationProvider(DEBUG_TYPE, provider),
    host.registerCommand('ledgerLens.debugTransaction', async arg => {
      const target: { transaction: string; network?: string } | undefined =
        lazy().debugTarget(arg) ??
        (await lazy()
          .askTransaction()
          .then(t => (t === undefined ? undefined : { transaction: t })));
      if (!target) return false;
      return vscode.debug.startDebugging(undefined, lazy().launchConfiguration(target.transaction, target.network));
    }),
    host.registerCommand('ledgerLens.debug.loadMemory', async () => {
      const session = vscode.debug.activeDebugSession;
      if (session?.type !== DEBUG_TYPE) {
        void notify(
          'information',
          'Load memory works in a Ledger Lens debug session: start one with Ledger Lens: Debug transaction.',
        );
        return;
      }
      await session.customRequest('loadMemory').then(undefined, (error: unknown) => {
        void notify('warning', error instanceof Error ? error.message : String(error));
      });
    }),
  );
}
