// Block panels: one per block, every field of the record, restored after a reload.
import * as vscode from 'vscode';
import { z } from 'zod';
import { isAbortError, type Block } from '../../mirror';
import { Disposable } from '../../util/lifecycle';
import { BLOCK_VIEW_TYPE, type BlockPanelState, type DetailView } from '../../../webview/protocol';
import type { FeatureContext } from '../context';
import { hashscanNetwork } from '../common/links';
import { DetailPanel } from '../transactions/detailPanel';
import { defaultLocalTime } from '../transactions/model';
import { leaseClient, type NetworkUrlResolver } from '../transactions/networks';
import { errorView } from '../transactions/panels';
import { blockSection } from './model';
import { parseBlockLookup, type BlockQuery } from './input';

const persistSchema = z.object({
  panel: z.literal('block'),
  network: z.string().min(1).max(100),
  hashOrNumber: z.string().min(1).max(200),
});

export class BlockPanels extends Disposable implements vscode.WebviewPanelSerializer {
  // Keyed by network and block number: a block opened by hash and by number is one panel.
  private readonly panels = new Map<string, DetailPanel>();

  constructor(
    private readonly ctx: FeatureContext,
    private readonly resolveUrl: () => NetworkUrlResolver,
  ) {
    super();
    this._register(vscode.window.registerWebviewPanelSerializer(BLOCK_VIEW_TYPE, this));
  }

  get open(): readonly DetailPanel[] {
    return [...this.panels.values()].filter(p => !p.isDisposed);
  }

  show(network: string, block: Block): DetailPanel {
    const view = this.loadedView(network, block);
    const key = `${network}|${block.number}`;
    const existing = this.panels.get(key);
    if (existing && !existing.isDisposed) {
      existing.setView(view);
      existing.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(BLOCK_VIEW_TYPE, view.title, vscode.ViewColumn.Active, {
      enableFindWidget: true,
    });
    return this.adopt(panel, { panel: 'block', network, hashOrNumber: block.number.toString() }, view);
  }

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, raw: unknown): Promise<void> {
    const parsed = persistSchema.safeParse(raw);
    const query = parsed.success ? parseBlockLookup(parsed.data.hashOrNumber) : undefined;
    if (!parsed.success || !query?.ok) {
      panel.dispose();
      return;
    }
    const state: BlockPanelState = { panel: 'block', network: parsed.data.network, hashOrNumber: query.query.hashOrNumber };
    if (this.panels.get(`${state.network}|${state.hashOrNumber}`)) {
      panel.dispose();
      return;
    }
    const detail = this.adopt(panel, state, { status: 'loading', title: titleOf(query.query), network: state.network });
    await this.reload(detail);
  }

  async reload(detail: DetailPanel): Promise<void> {
    const state = detail.persist as BlockPanelState;
    const parsed = parseBlockLookup(state.hashOrNumber);
    if (!parsed.ok) return;
    const { services } = this.ctx;
    const lease = leaseClient(state.network, services.config.current, services.mirror, this.resolveUrl());
    const controller = new AbortController();
    const sub = detail.onDidDispose(() => controller.abort());
    detail.setView({ status: 'loading', title: titleOf(parsed.query), network: state.network });
    try {
      const block = await lease.client.getBlock(parsed.query.hashOrNumber, { signal: controller.signal, cache: 'reload' });
      detail.setView(this.loadedView(state.network, block));
    } catch (e) {
      if (isAbortError(e)) return;
      detail.setView(errorView(titleOf(parsed.query), state.network, e));
    } finally {
      sub.dispose();
      lease.release();
    }
  }

  private adopt(panel: vscode.WebviewPanel, state: BlockPanelState, view: DetailView): DetailPanel {
    const detail = new DetailPanel({
      ctx: this.ctx,
      panel,
      script: 'block',
      persist: state,
      view,
      target: { kind: 'block', id: state.hashOrNumber },
      refresh: p => this.reload(p),
    });
    const key = `${state.network}|${state.hashOrNumber}`;
    this.panels.set(key, detail);
    // The WebviewPanel's own event: it fires however the panel goes (closed by the user or disposed here).
    panel.onDidDispose(() => {
      if (this.panels.get(key) === detail) this.panels.delete(key);
    });
    return detail;
  }

  private loadedView(network: string, block: Block): DetailView {
    const config = this.ctx.services.config.current;
    const hashscan = network === config.network && hashscanNetwork(config) !== undefined;
    return {
      status: 'loaded',
      title: `Block ${block.number}`,
      network,
      summary: `${block.count} transaction${block.count === 1n ? '' : 's'}`,
      sections: [blockSection(block, { localTime: defaultLocalTime, hashscan })],
      buttons: [
        { label: 'Open as JSON', action: { type: 'openAsJson' } },
        { label: 'Refresh', action: { type: 'refresh' } },
      ],
    };
  }

  override dispose(): void {
    for (const p of this.panels.values()) p.dispose();
    this.panels.clear();
    super.dispose();
  }
}

export function titleOf(query: BlockQuery): string {
  return query.kind === 'number' ? `Block ${query.number}` : `Block ${query.hash.slice(0, 10)}…`;
}
