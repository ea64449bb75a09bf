// The Accounts view and its commands: loaded when the view is first shown, or with a command.
import { networkLabel } from '../../app/settings';
import { feature, selectedMirror, type ViewSlot } from '../manifest';
import type * as Accounts from './index';
import type { AccountsNode } from './nodes';

export const manifest = feature({
  name: 'accounts',
  commands: [
    'ledgerLens.refreshAccounts',
    'ledgerLens.retry',
    'ledgerLens.loadMore',
    'ledgerLens.filterTransactionType',
    'ledgerLens.clearTransactionTypeFilter',
    'ledgerLens.toggleTransactionOrder',
    'ledgerLens.showAsOf',
    'ledgerLens.copyValue',
    'ledgerLens.addAccount',
    'ledgerLens.removeAccount',
    'ledgerLens.renameAccount',
    'ledgerLens.revealAccount',
  ],
  view: { id: 'ledgerLens.accounts', showCollapseAll: true },
  settings: c => ({
    network: c.network,
    networkLabel: networkLabel(c),
    accounts: c.accounts,
    transactionsLimit: c.transactionsLimit,
    refreshIntervalSeconds: c.accountsRefreshIntervalSeconds,
    fiatEnabled: c.fiatEnabled,
  }),
  load: (host, { services, settings, view }) =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (src/lazyFeature.ts)
    (require('./index') as typeof Accounts).registerAccounts(host, {
      ...selectedMirror(services),
      settings,
      config: services.config,
      tokens: () => services.tokens,
      rates: () => services.rates,
      ...(view ? { view: view as ViewSlot<AccountsNode> } : {}),
    }),
});
