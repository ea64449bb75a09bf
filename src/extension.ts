// The composition root: builds the services once, registers every feature, and hands each
// disposable to context.subscriptions. Nothing else registers anything. Each feature is handed
// only the pieces it uses (the pattern is described at the top of features/context.ts): this file
// and lazyWiring.ts hand each feature its slice of the settings, which only config.ts and
// services.ts read.
import * as vscode from 'vscode';
import { Services } from './services';
import {
  createFeatureContext,
  type FeatureContext,
  type FeatureHost,
  type LedgerLensExports,
} from './features/context';
import { registerStatus, type StatusInputs } from './features/status';
import { hostOf, mirrorNetworkFor, whyLine } from './codeNetwork';
import { statusPageNetworkOf } from './ledger/networks';
import {
  abiIndexOnFirstUse,
  wireAbi,
  wireAccounts,
  wireBlocks,
  wireCommon,
  wireContracts,
  wireDecode,
  wireHover,
  wireTerminal,
  wireTransactions,
  wireWalkthrough,
  withSlice,
} from './lazyWiring';

// The features behind the lazy seam are wired in lazyWiring.ts.

// Set by the first statement of dist/extension.js (esbuild.mjs's banner); absent outside the bundle.
declare const __ledgerLensLoadStart: number | undefined;
declare const __ledgerLensLoadCpu: NodeJS.CpuUsage | undefined;
// Every import above has been evaluated by now: the bundle's load time ends here.
const loadMs = typeof __ledgerLensLoadStart === 'number' ? performance.now() - __ledgerLensLoadStart : undefined;
// The CPU time of the same (this process's, so not inflated by other processes on a loaded machine).
const loadCpuMs = typeof __ledgerLensLoadCpu === 'object' ? cpuMsSince(__ledgerLensLoadCpu) : undefined;

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

export function activate(context: vscode.ExtensionContext): LedgerLensExports {
  const started = performance.now();
  const startedCpu = process.cpuUsage();
  const log = vscode.window.createOutputChannel('Ledger Lens', { log: true });
  context.subscriptions.push(log);
  const logged = performance.now();
  const services = new Services(log);
  context.subscriptions.push(services);
  const steps: Record<string, number> = { log: logged - started, services: performance.now() - logged };
  const exports: LedgerLensExports = { services, features: {} };
  const ctx = createFeatureContext(services, context, exports);
  for (const [name, register] of wire(ctx)) {
    const t = performance.now();
    context.subscriptions.push(register());
    steps[name] = performance.now() - t;
  }
  const activateCpuMs = cpuMsSince(startedCpu);
  exports.activation = { loadMs, activateMs: performance.now() - started, steps, loadCpuMs, activateCpuMs };
  const parts = Object.entries(steps).map(([name, ms]) => `${name} ${ms.toFixed(1)}`);
  log.info(
    `activated in ${exports.activation.activateMs.toFixed(1)} ms (${parts.join(', ')}; CPU ${activateCpuMs.toFixed(1)} ms)` +
      (loadMs === undefined ? '' : `; bundle evaluated in ${loadMs.toFixed(1)} ms`) +
      (loadCpuMs === undefined ? '' : ` (CPU ${loadCpuMs.toFixed(1)} ms)`),
  );
  return exports;
}

export function deactivate(): void {
  // Everything is owned by context.subscriptions and disposed by VS Code.
}

/** Each feature's registration with its inputs, in order. */
function wire(ctx: FeatureContext): [string, () => vscode.Disposable][] {
  const { services } = ctx;
  // Every ABI known: the workspace's artifacts (filled in the background) and the built-in ones.
  const abi = abiIndexOnFirstUse();
  return [
    ['abi', () => wireAbi(ctx, services, abi)],
    ['decode', () => wireDecode(ctx, services, abi)],
    ['common', () => wireCommon(ctx, services)],
    ['accounts', () => wireAccounts(ctx, services)],
    ['hover', () => wireHover(ctx, services, abi)],
    ['transactions', () => wireTransactions(ctx, services, abi)],
    ['blocks', () => wireBlocks(ctx, services)],
    ['contracts', () => wireContracts(ctx, services, abi)],
    ['status', () => wireStatus(ctx, services)],
    ['terminal', () => wireTerminal(ctx, services)],
    ['walkthrough', () => wireWalkthrough(ctx, services.log)],
  ];
}

/** The status item while `ledgerLens.status.enabled` is on; off, it is disposed (no polling, no item). */
export function wireStatus(host: FeatureHost, services: Services): vscode.Disposable {
  let feature: vscode.Disposable | undefined;
  const sync = (): void => {
    const enabled = services.config.current.status.enabled;
    if (enabled && !feature) feature = create();
    if (!enabled && feature) {
      feature.dispose();
      feature = undefined;
      delete host.exports.features['status'];
    }
  };
  const create = (): vscode.Disposable =>
    withSlice(
      services,
      c => ({
        network: c.network,
        statusUrl: c.statusUrl,
        pollIntervalSeconds: c.status.pollIntervalSeconds,
        notifyOnChange: c.status.notifyOnChange,
      }),
      settings =>
        registerStatus(host, {
          status: () => services.status,
          settings,
          onDidChangeStatusClient: services.onDidChangeStatusClient,
          mirrorProblem: () => services.mirrorProblem,
          onDidChangeMirrorProblem: services.onDidChangeMirrorProblem,
          log: services.log,
          target: statusTarget(services),
          mirrorHealth: {
            host: network => hostOf(services.mirrorFor(network).baseUrl),
            newestBlockEnd: async (network, signal) => {
              const page = await services.mirrorFor(network).listBlocks({ limit: 1, order: 'desc' }, { signal });
              const newest = page.blocks[0];
              return newest ? (newest.timestamp.to ?? newest.timestamp.from) : undefined;
            },
          },
        }),
    );
  sync();
  const subscription = services.config.onDidChange(sync);
  return {
    dispose: () => {
      subscription.dispose();
      feature?.dispose();
    },
  };
}

/** [network] The network the status item reports: the active editor's (under `auto`), and why. */
function statusTarget(services: Services): StatusInputs['target'] {
  const c = services.config.current;
  return {
    initial: {
      network: c.network,
      why: `${c.network} · ${c.networkSetting === 'auto' ? 'by default' : 'from settings'}`,
      conflict: false,
      statusPage: statusPageNetworkOf(c.endpoints[c.network]),
    },
    resolve: async document => {
      const answer = await services.codeNetwork.answerFor(document);
      const config = services.config.current;
      const network = mirrorNetworkFor(answer.network, config);
      return {
        network,
        why: whyLine(answer, config),
        conflict: answer.conflicts.length > 0,
        statusPage: statusPageNetworkOf(config.endpoints[network]),
      };
    },
    changed: [services.codeNetwork.onDidChange, services.config.onDidChange],
  };
}
