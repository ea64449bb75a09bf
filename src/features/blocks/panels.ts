// Block panels: one per block, every field of the record, restored after a reload.
import * as z from '../../zod';
import type { Block, MirrorClient } from '../../mirror';
import { BLOCK_VIEW_TYPE, type BlockPanelState, type DetailView } from '../../../webview/protocol';
import type { FormatOptions } from '../common/detailPanel/format';
import type { DetailPanel } from '../common/detailPanel/panel';
import { DetailPanels, type DetailPanelsDeps } from '../common/detailPanel/registry';
import { blockSection } from './model';
import { parseBlockLookup } from './input';

// Built on first use (z.lazy), not at activation.
const persistSchema = z.lazy(() =>
  z.object({
    panel: z.literal('block'),
    network: z.string().check(z.minLength(1), z.maxLength(100)),
    hashOrNumber: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
);

export class BlockPanels extends DetailPanels<BlockPanelState, Block> {
  constructor(deps: DetailPanelsDeps) {
    super(deps, BLOCK_VIEW_TYPE, 'block');
  }

  show(network: string, block: Block, why: string): DetailPanel {
    return this.showLoaded({ panel: 'block', network, hashOrNumber: block.number.toString() }, block, why);
  }

  protected restore(raw: unknown): BlockPanelState | undefined {
    const parsed = persistSchema.safeParse(raw);
    const query = parsed.success ? parseBlockLookup(parsed.data.hashOrNumber) : undefined;
    if (!parsed.success || !query?.ok) return undefined;
    return { panel: 'block', network: parsed.data.network, hashOrNumber: query.query.hashOrNumber };
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
