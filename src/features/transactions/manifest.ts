// Lookup transaction and the transaction panel: loaded with the first lookup or restored panel.
import { PANEL_KINDS } from '../../../webview/panelKinds';
import { detailSettings } from '../../app/panelNetworks';
import { feature } from '../manifest';
import type * as Transactions from './index';

export const manifest = feature<Transactions.TransactionsFeature, ReturnType<typeof detailSettings>>({
  name: 'transactions',
  commands: ['ledgerLens.lookupTransaction', 'ledgerLens.openTransaction'],
  panels: [
    { viewType: PANEL_KINDS.transaction, revive: (f, panel, state) => f.panels.deserializeWebviewPanel(panel, state) },
  ],
  settings: detailSettings,
  load: (host, { services, settings, abi }) =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (src/lazyFeature.ts)
    (require('./index') as typeof Transactions).registerTransactions(host, {
      clientFor: network => services.mirrorFor(network),
      publicClientFor: network => services.publicMirrorFor(network),
      chooseNetwork: requested => services.router.forPanel(requested),
      settings,
      log: services.log,
      abi: abi(),
      tokens: () => services.tokens,
      rates: () => services.rates,
      trace: () => services.trace,
      tokensFor: network => services.tokensFor(network),
    }),
});
