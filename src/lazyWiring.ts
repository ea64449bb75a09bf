// The features loaded on first use, wired behind the lazy seam (lazyFeature.ts): at activation each
// registers only stubs (its commands, its panel serializer, the hover and terminal link providers);
// its module (dist/lazy-<feature>.js) is required by the first use. The ABI layer (src/abi, the
// index every decoder reads) is required by the first feature that needs it, and the workspace ABI
// scan (features/abi) is loaded on the turn after activation, when its scan starts anyway.
import * as vscode from 'vscode';
import type * as Abi from './abi';
import type { AbiIndex } from './abi';
import { Commands, PanelTypes, Views } from './commands';
import { mirrorNetworkFor, whyLine } from './codeNetwork';
import type * as AbiModule from './features/abi';
import type * as AccountsModule from './features/accounts';
import type { AccountsNode } from './features/accounts/nodes';
import type * as BlocksModule from './features/blocks';
import type { BlocksFeature } from './features/blocks';
import type { BlocksTreeNode } from './features/blocks/tree';
import type * as CommonModule from './features/common';
import type * as ContractsModule from './features/contracts';
import type { ContractsFeature } from './features/contracts';
import { detailSettings, linkWhy, type NetworkChooser } from './features/common/detailPanel/networks';
import type { FeatureHost, FeatureLog, Setting } from './features/context';
import { settingsSlice } from './features/context';
import type * as DecodeModule from './features/decode';
import type * as HoverModule from './features/hover';
import type { HoverFeature } from './features/hover';
import type * as TerminalModule from './features/terminal';
import type { TerminalFeatureApi } from './features/terminal';
import type * as TransactionsModule from './features/transactions';
import type { TransactionsFeature } from './features/transactions';
import { ledgerOf } from './ledger/networks';
import { findReference } from './ledger/references';
import { lazyFeature, serializerHandOver, type LazyFeature, type LazyFeatureSpec } from './lazyFeature';
import { lazyTreeView, type ViewSlot } from './lazyView';
import type { Services } from './services';
import { networkLabel, type LedgerLensConfig } from './settings';
import type * as WalkthroughModule from './walkthrough';

/** The ABI index every decoder reads, built (src/abi required) by the first feature that asks. */
export function abiIndexOnFirstUse(): () => AbiIndex {
  let index: AbiIndex | undefined;
  return () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the lazy seam (lazyFeature.ts)
    index ??= new (require('./abi') as typeof Abi).AbiIndex();
    return index;
  };
}

/** Registers a feature with its own slice of the settings, disposed with it. */
export function withSlice<T>(
  services: Services,
  pick: (config: LedgerLensConfig) => T,
  register: (settings: Setting<T>) => vscode.Disposable,
): vscode.Disposable {
  const settings = settingsSlice(services.config, pick);
  return vscode.Disposable.from(register(settings), settings);
}

/** A feature behind the lazy seam, its loading time written to the log. */
function lazily(log: FeatureLog, host: FeatureHost, spec: LazyFeatureSpec): LazyFeature {
  return lazyFeature(host, spec, ms => log.info(`${spec.name} loaded on first use in ${ms.toFixed(1)} ms`));
}

/** A lazy part's module (its own file in the bundle); the require is written at the call site. */
function load<T>(required: () => unknown): T {
  return required() as T;
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

export function wireTransactions(host: FeatureHost, services: Services, abi: () => AbiIndex): vscode.Disposable {
  return withSlice(services, detailSettings, settings =>
    lazily(services.log, host, {
      name: 'transactions',
      commands: [Commands.lookupTransaction, Commands.openTransaction],
      handOvers: [
        serializerHandOver(PanelTypes.transaction, (f, panel, state) =>
          (f as TransactionsFeature).panels.deserializeWebviewPanel(panel, state),
        ),
      ],
      load: inner =>
        load<typeof TransactionsModule>(
          // eslint-disable-next-line @typescript-eslint/no-require-imports -- the lazy seam (lazyFeature.ts)
          () => require('./features/transactions'),
        ).registerTransactions(inner, {
          clientFor: network => services.mirrorFor(network),
          publicClientFor: network => services.publicMirrorFor(network),
          chooseNetwork: panelNetworkChooser(services),
          settings,
          log: services.log,
          abi: abi(),
          tokens: () => services.tokens,
          rates: () => services.rates,
        }),
    }),
  );
}

/**
 * A feature with a tree view behind the lazy seam: the view is created now with a stand-in provider
 * (lazyView.ts); the feature loads when the view is first shown, or on its first command.
 */
function lazyViewFeature<T>(
  services: Services,
  host: FeatureHost,
  view: { readonly id: string; readonly showCollapseAll: boolean },
  spec: Omit<LazyFeatureSpec, 'load'> & { load: (inner: FeatureHost, slot: ViewSlot<T>) => vscode.Disposable },
): vscode.Disposable {
  // The view asks for the feature and the feature is handed the view: the one made first waits here.
  const made: { feature?: LazyFeature } = {};
  const lazyView = lazyTreeView<T>(view.id, { showCollapseAll: view.showCollapseAll }, () => made.feature?.load());
  const feature = lazily(services.log, host, { ...spec, load: inner => spec.load(inner, lazyView.slot) });
  made.feature = feature;
  return vscode.Disposable.from(feature, lazyView);
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
      lazyViewFeature<AccountsNode>(
        services,
        host,
        { id: Views.accounts, showCollapseAll: true },
        {
          name: 'accounts',
          commands: [
            Commands.refreshAccounts,
            Commands.retry,
            Commands.loadMore,
            Commands.filterTransactionType,
            Commands.toggleTransactionOrder,
            Commands.showAsOf,
            Commands.copyValue,
            Commands.addAccount,
            Commands.removeAccount,
            Commands.renameAccount,
            Commands.revealAccount,
          ],
          load: (inner, view) =>
            load<typeof AccountsModule>(
              // eslint-disable-next-line @typescript-eslint/no-require-imports -- the lazy seam (lazyFeature.ts)
              () => require('./features/accounts'),
            ).registerAccounts(inner, {
              mirror: () => services.mirror,
              settings,
              onDidChangeMirrorClient: services.onDidChangeMirrorClient,
              config: services.config,
              log: services.log,
              tokens: () => services.tokens,
              rates: () => services.rates,
              view,
            }),
        },
      ),
  );
}

export function wireBlocks(host: FeatureHost, services: Services): vscode.Disposable {
  return withSlice(
    services,
    c => ({ ...detailSettings(c), networkLabel: networkLabel(c) }),
    settings =>
      lazyViewFeature<BlocksTreeNode>(
        services,
        host,
        { id: Views.blocks, showCollapseAll: false },
        {
          name: 'blocks',
          commands: [Commands.refreshBlocks, Commands.loadMoreBlocks, Commands.lookupBlock, Commands.openBlock],
          handOvers: [
            serializerHandOver(PanelTypes.block, (f, panel, state) =>
              (f as BlocksFeature).panels.deserializeWebviewPanel(panel, state),
            ),
          ],
          load: (inner, view) =>
            load<typeof BlocksModule>(
              // eslint-disable-next-line @typescript-eslint/no-require-imports -- the lazy seam (lazyFeature.ts)
              () => require('./features/blocks'),
            ).registerBlocks(inner, {
              mirror: () => services.mirror,
              clientFor: network => services.mirrorFor(network),
              chooseNetwork: panelNetworkChooser(services),
              settings,
              onDidChangeMirrorClient: services.onDidChangeMirrorClient,
              log: services.log,
              view,
            }),
        },
      ),
  );
}

export function wireContracts(host: FeatureHost, services: Services, abi: () => AbiIndex): vscode.Disposable {
  return withSlice(
    services,
    c => ({ networkLabel: networkLabel(c) }),
    settings =>
      lazily(services.log, host, {
        name: 'contracts',
        commands: [Commands.showContractResults, Commands.showAccountContractResults],
        handOvers: [
          serializerHandOver(PanelTypes.contractResults, (f, panel, state) =>
            (f as ContractsFeature).revive(panel, state),
          ),
        ],
        load: inner =>
          load<typeof ContractsModule>(
            // eslint-disable-next-line @typescript-eslint/no-require-imports -- the lazy seam (lazyFeature.ts)
            () => require('./features/contracts'),
          ).registerContracts(inner, {
            mirror: () => services.mirror,
            settings,
            onDidChangeMirrorClient: services.onDidChangeMirrorClient,
            log: services.log,
            abi: abi(),
            tokens: () => services.tokens,
          }),
      }),
  );
}

export function wireTerminal(host: FeatureHost, services: Services): vscode.Disposable {
  return withSlice(
    services,
    c => ({ anyShardRealm: c.hover.anyShardRealm }),
    settings =>
      lazily(services.log, host, {
        name: 'terminal',
        commands: [],
        // The matching loads with the first terminal line VS Code asks links for.
        handOvers: [
          forward =>
            vscode.window.registerTerminalLinkProvider({
              // Loaded a microtask later: the extension host asks every provider in one loop over
              // its set, which would also ask the feature's own provider, added while looping.
              provideTerminalLinks: async (context, token) => {
                await Promise.resolve();
                return forward(f => (f as TerminalFeatureApi).provider.provideTerminalLinks(context, token));
              },
              handleTerminalLink: link =>
                forward(f =>
                  (f as TerminalFeatureApi).provider.handleTerminalLink(
                    link as Parameters<TerminalFeatureApi['provider']['handleTerminalLink']>[0],
                  ),
                ),
            }),
        ],
        load: inner =>
          load<typeof TerminalModule>(
            // eslint-disable-next-line @typescript-eslint/no-require-imports -- the lazy seam (lazyFeature.ts)
            () => require('./features/terminal'),
          ).registerTerminal(inner, { mirror: () => services.mirror, settings, log: services.log }),
      }),
  );
}

/** The shared commands (copy, HashScan, Open as JSON, Select network, Show log), loaded with the first. */
export function wireCommon(host: FeatureHost, services: Services): vscode.Disposable {
  return withSlice(
    services,
    c => ({ network: c.network, customMirror: c.customMirror, mirrorBaseUrl: c.mirrorBaseUrl, endpoints: c.endpoints }),
    settings =>
      lazily(services.log, host, {
        name: 'common',
        commands: [
          Commands.showLog,
          Commands.selectNetwork,
          Commands.copyId,
          Commands.copyEvmAddress,
          Commands.copyTransactionId,
          Commands.openInHashScan,
          Commands.openAsJson,
        ],
        // "Open as JSON" documents (features/common's JSON_SCHEME) read empty until the feature loads,
        // as they did before any was opened; the feature then registers its own provider.
        handOvers: [
          () =>
            vscode.workspace.registerTextDocumentContentProvider('ledgerlens-json', {
              provideTextDocumentContent: () => '',
            }),
        ],
        load: inner =>
          load<typeof CommonModule>(
            // eslint-disable-next-line @typescript-eslint/no-require-imports -- the lazy seam (lazyFeature.ts)
            () => require('./features/common'),
          ).registerCommon(inner, {
            mirror: () => services.mirror,
            settings,
            config: services.config,
            log: services.log,
          }),
      }),
  );
}

/** "Decode calldata": loaded with its first run (or when a test reads `exports.features.decode`). */
export function wireDecode(host: FeatureHost, services: Services, abi: () => AbiIndex): vscode.Disposable {
  return lazily(services.log, host, {
    name: 'decode',
    commands: [Commands.decodeCalldata],
    load: inner =>
      load<typeof DecodeModule>(
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- the lazy seam (lazyFeature.ts)
        () => require('./features/decode'),
      ).registerDecode(inner, { index: abi(), tokens: () => services.tokens }),
  });
}

/** The walkthrough's "Open a sample file", loaded with its first run. */
export function wireWalkthrough(host: FeatureHost, log: FeatureLog): vscode.Disposable {
  return lazily(log, host, {
    name: 'walkthrough',
    commands: [Commands.openSample],
    load: inner =>
      load<typeof WalkthroughModule>(
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- the lazy seam (lazyFeature.ts)
        () => require('./walkthrough'),
      ).registerWalkthrough(inner),
  });
}

/**
 * The workspace ABI scan: loaded on the turn after activation (its scan started there before), or
 * by "Open contract source" if that comes first.
 */
export function wireAbi(host: FeatureHost, services: Services, abi: () => AbiIndex): vscode.Disposable {
  return withSlice(
    services,
    c => ({ include: c.abi.include, exclude: c.abi.exclude }),
    settings => {
      const feature = lazily(services.log, host, {
        name: 'abi',
        commands: [Commands.openContractSource],
        load: inner =>
          load<typeof AbiModule>(
            // eslint-disable-next-line @typescript-eslint/no-require-imports -- the lazy seam (lazyFeature.ts)
            () => require('./features/abi'),
          ).registerAbi(inner, { index: abi(), settings, log: services.log }),
      });
      const timer = setTimeout(() => feature.load(), 0);
      return vscode.Disposable.from({ dispose: () => clearTimeout(timer) }, feature);
    },
  );
}

/** The settings the hover reads. */
function hoverSlice(c: LedgerLensConfig): HoverModule.HoverInputs['settings']['current'] {
  return {
    network: c.network,
    customMirror: c.customMirror,
    mirrorBaseUrl: c.mirrorBaseUrl,
    endpoints: c.endpoints,
    hover: c.hover,
    requestTimeoutMs: c.requestTimeoutMs,
  };
}

/**
 * The hover: a stub provider runs the cheap synchronous finder (the resolver's own test, from
 * src/ledger); the resolver, the Markdown and the decoders load with the first hover over a reference.
 */
export function wireHover(host: FeatureHost, services: Services, abi: () => AbiIndex): vscode.Disposable {
  return withSlice(services, hoverSlice, settings =>
    lazily(services.log, host, {
      name: 'hover',
      commands: [],
      handOvers: [
        forward =>
          vscode.languages.registerHoverProvider(
            { scheme: '*' },
            {
              provideHover: (document, position, token) => {
                const { hover, network } = settings.current;
                if (!hover.enabled || hover.excludedLanguages.includes(document.languageId)) return undefined;
                const ledger = ledgerOf(network);
                const line = document.lineAt(position.line).text;
                const options = { anyShardRealm: hover.anyShardRealm, ...(ledger ? { ledger } : {}) };
                if (!findReference(line, position.character, options)) return undefined;
                return forward(f => (f as HoverFeature).provider.provideHover(document, position, token));
              },
            },
          ),
      ],
      load: inner =>
        load<typeof HoverModule>(
          // eslint-disable-next-line @typescript-eslint/no-require-imports -- the lazy seam (lazyFeature.ts)
          () => require('./features/hover'),
        ).registerHover(inner, {
          mirror: () => services.mirror,
          settings,
          onDidChangeMirrorClient: services.onDidChangeMirrorClient,
          abi: abi(),
          rates: () => services.rates,
          ratesFor: network => services.ratesFor(network),
          tokensFor: network => services.tokensFor(network),
          networkFor: async document => {
            const answer = await services.codeNetwork.answerFor(document);
            const network = mirrorNetworkFor(answer.network, services.config.current);
            return {
              network,
              inferred: answer.network,
              client: () => services.mirrorFor(network),
              clientFor: other => services.mirrorFor(other),
              // A mirror node the user set (mirrorNodeUrl, a mirrorNodeUrls entry) is where they look: no
              // detour. A local node's ids are its own: a miss there is not looked for on the public networks.
              askElsewhere: network !== 'local' && services.config.current.endpoints[network].setting === undefined,
              why: whyLine(answer, services.config.current),
            };
          },
        }),
    }),
  );
}
