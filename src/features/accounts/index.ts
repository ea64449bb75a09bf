// The accounts feature: the Accounts view (configured and temporary accounts, their details,
// tokens and recent transactions), its refresh timer, and its commands (commands.ts, add.ts).
import * as vscode from 'vscode';
import type { SettingsWriter } from '../../app/config';
import type { ViewSlot } from '../manifest';
import type { MirrorClient, TokenMetadata } from '../../mirror';
import type { ExchangeRates } from '../../mirror/rates';
import type { AccountSetting, Network } from '../../app/settings';
import type { FeatureHost, FeatureLog, Setting } from '../context';
import { registerAccountCommands } from './commands';
import type { AccountsNode } from './nodes';
import { AccountsSettingsWriter } from './settingsWriter';
import type { AccountsStore } from './store';
import { AccountsProvider } from './tree';
import { accountAges } from './ages';

/** The shortest automatic refresh interval, whatever the setting says: the public node is rate-limited. */
export const MIN_REFRESH_SECONDS = 10;

/** How often the ages of transaction rows (`5 min ago`) are redrawn while the view is visible. */
export { AGE_REDRAW_MS } from './ages';

/** The settings the Accounts view reads. */
export interface AccountsSettings {
  readonly network: Network;
  /** The network, or the custom mirror node's host. */
  readonly networkLabel: string;
  readonly accounts: readonly AccountSetting[];
  readonly transactionsLimit: number;
  /** Seconds between automatic refreshes while the view is visible; 0 = off. */
  readonly refreshIntervalSeconds: number;
  /** `ledgerLens.fiat.enabled`: turning it off or on redraws the dollars of every balance and fee. */
  readonly fiatEnabled?: boolean;
}

/** What the accounts feature uses (see the pattern in ../context.ts). */
export interface AccountsInputs {
  readonly mirror: () => MirrorClient;
  readonly settings: Setting<AccountsSettings>;
  /** Another network or endpoint: everything shown belongs to the old one. */
  readonly onDidChangeMirrorClient: vscode.Event<unknown>;
  /** Writes `ledgerLens.accounts`. */
  readonly config: SettingsWriter;
  readonly log: FeatureLog;
  /** Token metadata of the current network (units and symbols of token rows, NFT names). */
  readonly tokens?: () => TokenMetadata;
  /** Exchange rates of the current network (fees in dollars); undefined when dollars are off. */
  readonly rates?: () => ExchangeRates | undefined;
  /** The Accounts view, when it was created before the feature loaded (src/lazyFeature.ts). */
  readonly view?: ViewSlot<AccountsNode>;
}

/** What integration tests reach through `exports.features.accounts`. */
export interface AccountsFeature {
  readonly provider: AccountsProvider;
  readonly store: AccountsStore;
  readonly treeView: vscode.TreeView<AccountsNode>;
  /** Token metadata requests sent and the most ever in flight (tests: 1,000 balances, a few requests). */
  tokenStats(): { readonly requests: number; readonly peakInFlight: number };
}

export function registerAccounts(host: FeatureHost, inputs: AccountsInputs): vscode.Disposable {
  const { settings } = inputs;
  const provider = new AccountsProvider({
    client: inputs.mirror,
    settings: () => settings.current,
    log: message => inputs.log.warn(message),
    ...(inputs.tokens ? { tokens: inputs.tokens } : {}),
    ...(inputs.rates ? { rates: inputs.rates } : {}),
    progress: work =>
      void vscode.window.withProgress({ location: { viewId: 'ledgerLens.accounts' } }, () =>
        work.catch(() => undefined),
      ),
  });
  const store = provider.store;
  const attached = inputs.view?.attach(provider);
  const treeView =
    inputs.view?.treeView ??
    vscode.window.createTreeView('ledgerLens.accounts', { treeDataProvider: provider, showCollapseAll: true });
  const feature: AccountsFeature = {
    provider,
    store,
    treeView,
    tokenStats: () => ({ ...(inputs.tokens?.().stats ?? { requests: 0, peakInFlight: 0 }) }),
  };
  host.exports.features['accounts'] = feature;

  const updateDescription = () => {
    treeView.description = settings.current.networkLabel;
  };
  updateDescription();
  store.setConfigured(settings.current.accounts);

  // The optional interval runs only while someone can see the view: a hidden view costs nothing.
  let timer: ReturnType<typeof setInterval> | undefined;
  const updateTimer = () => {
    const seconds = settings.current.refreshIntervalSeconds;
    if (timer) clearInterval(timer);
    timer = undefined;
    if (seconds > 0 && treeView.visible)
      timer = setInterval(() => void store.refreshAll(), Math.max(MIN_REFRESH_SECONDS, seconds) * 1000);
  };
  updateTimer();

  // The rows' ages are kept current while someone can see them: a redraw, never a request.
  const ages = accountAges(() => provider.redrawAges());
  ages.setVisible(treeView.visible);

  const writer = new AccountsSettingsWriter(inputs.config, () => settings.current.network);
  return vscode.Disposable.from(
    provider,
    attached ?? treeView,
    treeView.onDidChangeVisibility(() => {
      updateTimer();
      ages.setVisible(treeView.visible, true);
    }),
    new vscode.Disposable(() => {
      if (timer) clearInterval(timer);
      ages.dispose();
    }),
    settings.onDidChange(({ previous, current }) => {
      updateDescription();
      if (previous.refreshIntervalSeconds !== current.refreshIntervalSeconds) updateTimer();
      if (!sameAccounts(previous, current) || previous.network !== current.network)
        store.setConfigured(current.accounts);
      if (previous.fiatEnabled !== current.fiatEnabled) provider.refresh();
      if (previous.transactionsLimit !== current.transactionsLimit) {
        for (const node of store.accounts) if (node.status !== 'idle') void store.load(node);
      }
    }),
    inputs.onDidChangeMirrorClient(() => {
      updateDescription();
      store.reset();
    }),
    registerAccountCommands(host, { store, treeView, writer, settings, mirror: inputs.mirror, log: inputs.log }),
  );
}

function sameAccounts(a: AccountsSettings, b: AccountsSettings): boolean {
  return (
    a.accounts.length === b.accounts.length &&
    a.accounts.every((x, i) => x.id === b.accounts[i].id && x.label === b.accounts[i].label)
  );
}
