// Contract results: its commands and panel, loaded with the first of them or a restored panel.
import { PANEL_KINDS } from '../../../webview/panelKinds';
import { hashscanAvailable, networkLabel } from '../../app/settings';
import { feature, selectedMirror } from '../manifest';
import type * as Contracts from './index';

export const manifest = feature({
  name: 'contracts',
  commands: ['ledgerLens.showContractResults', 'ledgerLens.showAccountContractResults'],
  panels: [
    {
      viewType: PANEL_KINDS.contractResults,
      revive: (f: Contracts.ContractsFeature, panel, state) => f.revive(panel, state),
    },
  ],
  settings: c => ({ networkLabel: networkLabel(c), hashscan: hashscanAvailable(c), network: c.network }),
  load: (host, { services, settings, abi }) =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (src/lazyFeature.ts)
    (require('./index') as typeof Contracts).registerContracts(host, {
      ...selectedMirror(services),
      settings,
      abi: abi(),
      tokens: () => services.tokens,
      trace: () => services.trace,
    }),
});
