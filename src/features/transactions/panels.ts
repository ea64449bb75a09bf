// Transaction panels: one per transaction (looking the same one up again reveals it), each brought
// back after a reload by the serializer, which re-reads the transaction from its network.
import * as vscode from 'vscode';
import { z } from 'zod';
import { MirrorError, isAbortError, type TransactionsResponse } from '../../mirror';
import { Disposable } from '../../util/lifecycle';
import { TRANSACTION_VIEW_TYPE, type DetailView, type TransactionPanelState } from '../../../webview/protocol';
import type { FeatureContext } from '../context';
import { hashscanNetwork } from '../common/links';
import { DetailPanel } from './detailPanel';
import { describeQuery, parseTransactionLookup, type TransactionQuery } from './input';
import { classifyTransactions, defaultLocalTime, summarize, transactionSection } from './model';
import { leaseClient, type NetworkUrlResolver } from './networks';

const persistSchema = z.object({
  panel: z.literal('transaction'),
  network: z.string().min(1).max(100),
  idOrHash: z.string().min(1).max(200),
  nonce: z.number().int().min(0).max(2_147_483_647).optional(),
  scheduled: z.boolean().optional(),
});

export function stateOf(network: string, query: TransactionQuery): TransactionPanelState {
  return {
    panel: 'transaction',
    network,
    idOrHash: query.idOrHash,
    ...(query.nonce === undefined ? {} : { nonce: query.nonce }),
    ...(query.scheduled === undefined ? {} : { scheduled: query.scheduled }),
  };
}

function keyOf(state: TransactionPanelState): string {
  return [state.network, state.idOrHash, state.nonce ?? '', state.scheduled ?? ''].join('|');
}

export class TransactionPanels extends Disposable implements vscode.WebviewPanelSerializer {
  private readonly panels = new Map<string, DetailPanel>();

  constructor(
    private readonly ctx: FeatureContext,
    private readonly resolveUrl: () => NetworkUrlResolver,
  ) {
    super();
    this._register(vscode.window.registerWebviewPanelSerializer(TRANSACTION_VIEW_TYPE, this));
  }

  /** The open panels, for tests. */
  get open(): readonly DetailPanel[] {
    return [...this.panels.values()].filter(p => !p.isDisposed);
  }

  /** Shows a fetched lookup: in the panel of that transaction if one is open, else in a new one. */
  show(network: string, query: TransactionQuery, response: TransactionsResponse): DetailPanel {
    const state = stateOf(network, query);
    const view = this.loadedView(network, query, response);
    const existing = this.panels.get(keyOf(state));
    if (existing && !existing.isDisposed) {
      existing.setView(view);
      existing.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(TRANSACTION_VIEW_TYPE, view.title, vscode.ViewColumn.Active, {
      retainContextWhenHidden: false,
      enableFindWidget: true,
    });
    return this.adopt(panel, state, view);
  }

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, raw: unknown): Promise<void> {
    const parsed = persistSchema.safeParse(raw);
    const query = parsed.success ? parseTransactionLookup(parsed.data.idOrHash) : undefined;
    if (!parsed.success || !query?.ok) {
      // Nothing we can trust to rebuild it from: close rather than show an empty panel.
      panel.dispose();
      return;
    }
    const state = parsed.data;
    const fullQuery: TransactionQuery = {
      ...query.query,
      ...(state.nonce === undefined ? {} : { nonce: state.nonce }),
      ...(state.scheduled === undefined ? {} : { scheduled: state.scheduled }),
    };
    const existing = this.panels.get(keyOf(state));
    if (existing && !existing.isDisposed) {
      panel.dispose();
      return;
    }
    const detail = this.adopt(panel, stateOf(state.network, fullQuery), {
      status: 'loading',
      title: titleOf(fullQuery),
      network: state.network,
    });
    await this.reload(detail);
  }

  /** Re-reads a panel's transaction from its network and shows the outcome. */
  async reload(detail: DetailPanel): Promise<void> {
    const state = detail.persist as TransactionPanelState;
    const parsed = parseTransactionLookup(state.idOrHash);
    if (!parsed.ok) return;
    const query: TransactionQuery = {
      ...parsed.query,
      ...(state.nonce === undefined ? {} : { nonce: state.nonce }),
      ...(state.scheduled === undefined ? {} : { scheduled: state.scheduled }),
    };
    const { services } = this.ctx;
    const lease = leaseClient(state.network, services.config.current, services.mirror, this.resolveUrl());
    const controller = new AbortController();
    const sub = detail.onDidDispose(() => controller.abort());
    detail.setView({ status: 'loading', title: titleOf(query), network: state.network });
    try {
      const response = await lease.client.getTransaction(
        query.idOrHash,
        { ...(query.nonce === undefined ? {} : { nonce: query.nonce }), ...(query.scheduled === undefined ? {} : { scheduled: query.scheduled }) },
        { signal: controller.signal, cache: 'reload' },
      );
      detail.setView(this.loadedView(state.network, query, response));
    } catch (e) {
      if (isAbortError(e)) return;
      detail.setView(errorView(titleOf(query), state.network, e));
    } finally {
      sub.dispose();
      lease.release();
    }
  }

  private adopt(panel: vscode.WebviewPanel, state: TransactionPanelState, view: DetailView): DetailPanel {
    const detail = new DetailPanel({
      ctx: this.ctx,
      panel,
      script: 'transaction',
      persist: state,
      view,
      target: { kind: 'transaction', id: state.idOrHash },
      refresh: p => this.reload(p),
    });
    const key = keyOf(state);
    this.panels.set(key, detail);
    // The WebviewPanel's own event: it fires however the panel goes (closed by the user or disposed here).
    panel.onDidDispose(() => {
      if (this.panels.get(key) === detail) this.panels.delete(key);
    });
    return detail;
  }

  private loadedView(network: string, query: TransactionQuery, response: TransactionsResponse): DetailView {
    const classified = classifyTransactions(response.transactions);
    const config = this.ctx.services.config.current;
    // HashScan links follow the selected network; a panel of another network gets none.
    const hashscan = network === config.network && hashscanNetwork(config) !== undefined;
    return {
      status: 'loaded',
      title: titleOf(query),
      network,
      summary: classified.length === 0 ? 'No transaction returned.' : summarize(classified),
      sections: classified.map((c, i) => transactionSection(c, i, { localTime: defaultLocalTime, hashscan })),
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

export function titleOf(query: TransactionQuery): string {
  return `Transaction ${describeQuery(query)}`;
}

/** A failure as the panel shows it: our sentence, then the server's own words. */
export function errorView(title: string, network: string, e: unknown): DetailView {
  if (e instanceof MirrorError) {
    const message =
      e.status === 404
        ? `Not found on ${network}.`
        : e.kind === 'http'
          ? `The mirror node of ${network} answered ${e.status}.`
          : e.message;
    return { status: 'error', title, network, message, serverMessages: e.messages };
  }
  return { status: 'error', title, network, message: e instanceof Error ? e.message : String(e), serverMessages: [] };
}
