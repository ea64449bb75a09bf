// The Blocks view, Lookup block and the block panel: loaded when the view is first shown, or with
// its first command or restored panel.
import { PANEL_KINDS } from '../../../webview/panelKinds';
import { networkLabel } from '../../app/settings';
import { detailSettings } from '../../app/panelNetworks';
import { feature, selectedMirror, type ViewSlot } from '../manifest';
import type * as Blocks from './index';
import type { BlocksTreeNode } from './tree';

export const manifest = feature({
  name: 'blocks',
  commands: ['ledgerLens.refreshBlocks', 'ledgerLens.loadMoreBlocks', 'ledgerLens.lookupBlock', 'ledgerLens.openBlock'],
  view: { id: 'ledgerLens.blocks' },
  panels: [
    {
      viewType: PANEL_KINDS.block,
      revive: (f: Blocks.BlocksFeature, panel, state) => f.panels.deserializeWebviewPanel(panel, state),
    },
  ],
  settings: c => ({ ...detailSettings(c), networkLabel: networkLabel(c) }),
  load: (host, { services, settings, view }) =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (src/lazyFeature.ts)
    (require('./index') as typeof Blocks).registerBlocks(host, {
      ...selectedMirror(services),
      clientFor: network => services.mirrorFor(network),
      chooseNetwork: requested => services.router.forPanel(requested),
      settings,
      ...(view ? { view: view as ViewSlot<BlocksTreeNode> } : {}),
    }),
});
