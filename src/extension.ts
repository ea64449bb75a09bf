// The composition root: builds the services once, registers every feature, and hands each
// disposable to context.subscriptions. Nothing else registers anything. Each feature is handed
// only the pieces it uses (the pattern is described at the top of features/context.ts): this file
// and services.ts are the only places that read the settings.
import * as vscode from 'vscode';
import { Services } from './services';
import {
  createFeatureContext,
  settingsSlice,
  type FeatureContext,
  type FeatureHost,
  type LedgerLensExports,
  type Setting,
} from './features/context';
import { registerCommon } from './features/common';
import { registerAccounts } from './features/accounts';
import { registerHover } from './features/hover';
import { registerTransactions } from './features/transactions';
import { registerBlocks } from './features/blocks';
import { registerContracts } from './features/contracts';
import { detailSettings, linkWhy, type NetworkChooser } from './features/common/detailPanel/networks';
import { registerStatus, type StatusInputs } from './features/status';
import { registerAbi } from './features/abi';
import { registerDecode } from './features/decode';
import { AbiIndex } from './abi';
import { registerTerminal } from './features/terminal';
import { hostOf, mirrorNetworkFor, whyLine } from './codeNetwork';
import { registerWalkthrough } from './walkthrough';
import { networkLabel, type LedgerLensConfig } from './settings';

// Set by the first statement of dist/extension.js (esbuild.mjs's banner); absent outside the bundle.
declare const __ledgerLensLoadStart: number | undefined;
// Every import above has been evaluated by now: the bundle's load time ends here.
const loadMs = typeof __ledgerLensLoadStart === 'number' ? performance.now() - __ledgerLensLoadStart : undefined;

export function activate(context: vscode.ExtensionContext): LedgerLensExports {
  const started = performance.now();
  const log = vscode.window.createOutputChannel('Ledger Lens', { log: true });
  context.subscriptions.push(log);
  const services = new Services(log);
  context.subscriptions.push(services);
  const steps: Record<string, number> = { services: performance.now() - started };
  const exports: LedgerLensExports = { services, features: {} };
  const ctx = createFeatureContext(services, context, exports);
  for (const [name, register] of wire(ctx)) {
    const t = performance.now();
    context.subscriptions.push(register());
    steps[name] = performance.now() - t;
  }
  exports.activation = { loadMs, activateMs: performance.now() - started, steps };
  const parts = Object.entries(steps).map(([name, ms]) => `${name} ${ms.toFixed(1)}`);
  log.info(
    `activated in ${exports.activation.activateMs.toFixed(1)} ms (${parts.join(', ')})` +
      (loadMs === undefined ? '' : `; bundle evaluated in ${loadMs.toFixed(1)} ms`),
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
  const abi = new AbiIndex();
  return [
    ['abi', () => wireAbi(ctx, services, abi)],
    ['decode', () => registerDecode(ctx, { index: abi, tokens: () => services.tokens })],
    ['common', () => wireCommon(ctx, services)],
    ['accounts', () => wireAccounts(ctx, services)],
    ['hover', () => wireHover(ctx, services, abi)],
    ['transactions', () => wireTransactions(ctx, services, abi)],
    ['blocks', () => wireBlocks(ctx, services)],
    ['contracts', () => wireContracts(ctx, services, abi)],
    ['status', () => wireStatus(ctx, services)],
    ['terminal', () => wireTerminal(ctx, services)],
    ['walkthrough', () => registerWalkthrough(ctx)],
  ];
}

/** Registers a feature with its own slice of the settings, disposed with it. */
function withSlice<T>(
  services: Services,
  pick: (config: LedgerLensConfig) => T,
  register: (settings: Setting<T>) => vscode.Disposable,
): vscode.Disposable {
  const settings = settingsSlice(services.config, pick);
  return vscode.Disposable.from(register(settings), settings);
}

export function wireCommon(host: FeatureHost, services: Services): vscode.Disposable {
  return withSlice(
    services,
    c => ({ network: c.network, customMirror: c.customMirror, mirrorBaseUrl: c.mirrorBaseUrl }),
    settings =>
      registerCommon(host, { mirror: () => services.mirror, settings, config: services.config, log: services.log }),
  );
}

export function wireAccounts(host: FeatureHost, services: Services): vscode.Disposable {
  return withSlice(
    services,
    c => ({
      network: c.network,
      networkLabel: networkLabel(c),
      accounts: c.accounts,
      transactionsLimit: c.transactionsLimit,
      refreshIntervalSeconds: c.accountsRefreshIntervalSeconds,
      fiatEnabled: c.fiatEnabled,
    }),
    settings =>
      registerAccounts(host, {
        mirror: () => services.mirror,
        settings,
        onDidChangeMirrorClient: services.onDidChangeMirrorClient,
        config: services.config,
        log: services.log,
        tokens: () => services.tokens,
        rates: () => services.rates,
      }),
  );
}

export function wireHover(host: FeatureHost, services: Services, abi?: AbiIndex): vscode.Disposable {
  return withSlice(
    services,
    c => ({
      network: c.network,
      customMirror: c.customMirror,
      mirrorBaseUrl: c.mirrorBaseUrl,
      hover: c.hover,
      requestTimeoutMs: c.requestTimeoutMs,
    }),
    settings =>
      registerHover(host, {
        mirror: () => services.mirror,
        settings,
        onDidChangeMirrorClient: services.onDidChangeMirrorClient,
        abi,
        rates: () => services.rates,
        ratesFor: network => services.ratesFor(network),
        networkFor: async document => {
          const answer = await services.codeNetwork.answerFor(document);
          const network = mirrorNetworkFor(answer.network, services.config.current);
          return {
            network,
            inferred: answer.network,
            client: () => services.mirrorFor(network),
            clientFor: other => services.mirrorFor(other),
            // A custom mirror node (a local node, a paid one) is where the user looks: no public detour.
            // A local node's ids are its own: a miss there is not looked for on the public networks.
            askElsewhere:
              network !== 'local' &&
              !(network === services.config.current.network && services.config.current.customMirror),
            why: whyLine(answer, services.config.current),
          };
        },
      }),
  );
}

/**
 * [panels] Which network a panel or lookup asks and why: the network a link names (a hover's, which
 * carries the network the hover used), else the one the active editor's code means, as the hover says it.
 */
export function panelNetworkChooser(services: Services): NetworkChooser {
  return async requested => {
    const answer = await services.codeNetwork.answerFor(vscode.window.activeTextEditor?.document);
    const inferred = mirrorNetworkFor(answer.network, services.config.current);
    if (requested === undefined || requested === inferred)
      return { network: inferred, why: whyLine(answer, services.config.current) };
    return { network: requested, why: linkWhy(requested) };
  };
}

export function wireTransactions(host: FeatureHost, services: Services, abi?: AbiIndex): vscode.Disposable {
  return withSlice(services, detailSettings, settings =>
    registerTransactions(host, {
      clientFor: network => services.mirrorFor(network),
      publicClientFor: network => services.publicMirrorFor(network),
      chooseNetwork: panelNetworkChooser(services),
      settings,
      log: services.log,
      abi,
      tokens: () => services.tokens,
      rates: () => services.rates,
    }),
  );
}

export function wireBlocks(host: FeatureHost, services: Services): vscode.Disposable {
  return withSlice(
    services,
    c => ({ ...detailSettings(c), networkLabel: networkLabel(c) }),
    settings =>
      registerBlocks(host, {
        mirror: () => services.mirror,
        clientFor: network => services.mirrorFor(network),
        chooseNetwork: panelNetworkChooser(services),
        settings,
        onDidChangeMirrorClient: services.onDidChangeMirrorClient,
        log: services.log,
      }),
  );
}

export function wireContracts(host: FeatureHost, services: Services, abi?: AbiIndex): vscode.Disposable {
  return withSlice(
    services,
    c => ({ networkLabel: networkLabel(c) }),
    settings =>
      registerContracts(host, {
        mirror: () => services.mirror,
        settings,
        onDidChangeMirrorClient: services.onDidChangeMirrorClient,
        log: services.log,
        abi,
        tokens: () => services.tokens,
      }),
  );
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
          local: {
            host: () => hostOf(services.mirrorFor('local').baseUrl),
            newestBlockEnd: async signal => {
              const page = await services.mirrorFor('local').listBlocks({ limit: 1, order: 'desc' }, { signal });
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
    },
    resolve: async document => {
      const answer = await services.codeNetwork.answerFor(document);
      const config = services.config.current;
      return {
        network: mirrorNetworkFor(answer.network, config),
        why: whyLine(answer, config),
        conflict: answer.conflicts.length > 0,
      };
    },
    changed: [services.codeNetwork.onDidChange, services.config.onDidChange],
  };
}

export function wireAbi(host: FeatureHost, services: Services, index: AbiIndex): vscode.Disposable {
  return withSlice(
    services,
    c => ({ include: c.abi.include, exclude: c.abi.exclude, problems: [] }),
    settings => registerAbi(host, { index, settings, log: services.log }),
  );
}

export function wireTerminal(host: FeatureHost, services: Services): vscode.Disposable {
  return withSlice(
    services,
    c => ({ anyShardRealm: c.hover.anyShardRealm }),
    settings => registerTerminal(host, { mirror: () => services.mirror, settings, log: services.log }),
  );
}
