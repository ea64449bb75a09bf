// Block panels: one per block, every field of the record, restored after a reload.
import type { Block, MirrorClient } from '../../mirror';
import type { BlockPanelState, DetailView } from '../../../webview/protocol';
import type { FormatOptions } from '../common/detailPanel/format';
import type { DetailPanel } from '../common/detailPanel/panel';
import { DetailPanels, type DetailPanelsDeps } from '../common/detailPanel/registry';
import { blockSection } from './model';
import { restoredBlockState } from './panelState';

export class BlockPanels extends DetailPanels<BlockPanelState, Block> {
  constructor(deps: DetailPanelsDeps) {
    super(deps, 'block', restoredBlockState);
  }

  show(network: string, block: Block, why: string): DetailPanel {
    return this.showLoaded({ panel: 'block', network, hashOrNumber: block.number.toString() }, block, why);
  }

  // Keyed by network and block number: a block opened by hash and by number is one panel.
  protected keyOf(state: BlockPanelState): string {
    return `${state.network}|${state.hashOrNumber}`;
  }

  protected targetOf(state: BlockPanelState): { kind: 'block'; id: string } {
    return { kind: 'block', id: state.hashOrNumber };
  }

  protected titleOf(state: BlockPanelState): string {
    return /^\d+$/.test(state.hashOrNumber)
      ? `Block ${state.hashOrNumber}`
      : `Block ${state.hashOrNumber.slice(0, 10)}…`;
  }

  protected fetch(client: MirrorClient, state: BlockPanelState, signal: AbortSignal): Promise<Block> {
    return client.getBlock(state.hashOrNumber, { signal, cache: 'reload' });
  }

  protected loadedView(state: BlockPanelState, block: Block, format: FormatOptions): DetailView {
    return {
      status: 'loaded',
      title: `Block ${block.number}`,
      network: state.network,
      summary: `${block.count} transaction${block.count === 1n ? '' : 's'}`,
      sections: [blockSection(block, format)],
      buttons: [
        { label: 'Open as JSON', action: { type: 'openAsJson' } },
        { label: 'Refresh', action: { type: 'refresh' } },
      ],
    };
  }
}
