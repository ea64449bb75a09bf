// Transaction panels: one per transaction (looking the same one up again reveals it), each brought
// back after a reload by the serializer, which re-reads the transaction from its network.
import type { MirrorClient, TokenMetadata, TransactionsResponse } from '../../mirror';
import type { ExchangeRates } from '../../mirror/rates';
import type { DetailSection, DetailView, TransactionPanelState } from '../../../webview/protocol';
import type { DetailPanel } from '../common/detailPanel/panel';
import type { FormatOptions } from '../common/detailPanel/format';
import { DetailPanels, type DetailPanelsDeps } from '../common/detailPanel/registry';
import { describeQuery, type TransactionQuery } from '../common/transactionInput';
import { queryOf, restoredTransactionState, stateOf } from './panelState';
import { classifyTransactions, summarize, transactionSection } from './model';
import type { AbiIndex } from '../../abi';
import { ContractCallCache, contractSectionsFor } from './contractCall';
import { moneyNeeds, type Money } from './money';
import { firstWaitMessage, loadWhenIndexed } from './fresh';
import { isNetwork, type Network, type TransactionId } from '../../ledger';
import type { Clock } from '../../mirror/fresh';
import { traceSection, transactionSubject } from '../common/trace/section';
import type { TraceChange, TraceViews } from '../common/trace/views';
import { transactionDebugTarget } from './debugTarget';

/** Token metadata and exchange rates of the selected network, for units and dollars in the panel. */
export interface PanelMoney {
  readonly tokens: () => TokenMetadata;
  /** Undefined when `ledgerLens.fiat.enabled` is off. */
  readonly rates: () => ExchangeRates | undefined;
  /** The selected network's name: other networks' panels get no units or dollars from its caches. */
  readonly network: () => string;
}

/** How long the panel waits for token names and rates before showing without them. */
const MONEY_WAIT_MS = 4000;

export class TransactionPanels extends DetailPanels<TransactionPanelState, TransactionsResponse> {
  private readonly calls = new ContractCallCache();
  /** What each open panel last drew, to redraw it when its contract data or the ABIs change. */
  private readonly drawn = new Map<
    string,
    { state: TransactionPanelState; response: TransactionsResponse; format: FormatOptions }
  >();
  /** The traces (`network|id`) each open panel last drew, to redraw it when one is read. */
  private readonly traced = new Map<string, ReadonlySet<string>>();

  constructor(
    private readonly panelDeps: DetailPanelsDeps,
    private readonly abi?: AbiIndex,
    private readonly money?: PanelMoney,
    /** The clock and waits of the fresh-transaction retries (tests shorten them). */
    private readonly fresh?: { readonly clock?: Clock; readonly delays?: readonly number[] },
    /** The call traces (the "Call trace" section of every contract transaction). */
    private readonly traces?: TraceViews,
  ) {
    super(panelDeps, 'transaction', restoredTransactionState);
    // A recompiled artifact changes the decoded sections of the panels already open.
    if (abi) this._register({ dispose: abi.onDidChange(() => this.redrawAll()) });
    if (traces) this._register({ dispose: traces.onDidChange(subject => this.redrawTraced(subject)) });
  }

  /** Redraws the panels that show this trace (all that show one, when the compiler output changed). */
  private redrawTraced(subject: Parameters<TraceChange>[0]): void {
    const key = subject && `${subject.network}|${subject.idOrHash}`;
    for (const [panelKey, keys] of [...this.traced]) {
      if (key === undefined ? keys.size > 0 : keys.has(key)) this.redraw(panelKey);
    }
  }

  /** The "Call trace" section of a contract transaction: read on the first draw, redrawn once read. */
  private traceSectionsOf(
    state: TransactionPanelState,
    t: TransactionsResponse['transactions'][number],
    id: string,
    keys: Set<string>,
  ): DetailSection[] {
    const subject = this.traces && transactionSubject(state.network, t);
    if (!this.traces || !subject) return [];
    keys.add(`${subject.network}|${subject.idOrHash}`);
    // Its "Debug" starts the debugger on this transaction (debugTargetOf finds the same one).
    return [{ ...traceSection(id, this.traces.detail(subject)), debug: true }];
  }

  private redrawAll(): void {
    for (const key of [...this.drawn.keys()]) this.redraw(key);
  }

  private redraw(key: string): void {
    const drawn = this.drawn.get(key);
    const panel = this.open.find(p => p.persist.panel === 'transaction' && this.keyOf(p.persist) === key);
    if (!drawn || !panel) {
      this.drawn.delete(key);
      this.traced.delete(key);
      return;
    }
    panel.setView(
      this.labelled({ ...this.loadedView(drawn.state, drawn.response, drawn.format), why: panel.view.why }),
    );
  }

  /** The Call and Events sections of a contract transaction or child record, fetched the first time. */
  private contractSectionsOf(
    state: TransactionPanelState,
    t: TransactionsResponse['transactions'][number],
    id: string,
    siblings: TransactionsResponse['transactions'],
  ): DetailSection[] {
    if (!this.abi) return [];
    const panelKey = this.keyOf(state);
    const network = state.network;
    const selected = this.panelDeps.config().network;
    // Any network Ledger Lens knows is asked through its shared client; token units come only from
    // the selected network's caches.
    const known = isNetwork(network) ? network : undefined;
    const tokens = network === selected ? this.money?.tokens : undefined;
    return contractSectionsFor({
      abi: this.abi,
      cache: this.calls,
      transaction: t,
      siblings,
      id,
      network,
      selectedNetwork: known ?? selected,
      client: () => this.panelDeps.clientFor(known ?? selected),
      ...(tokens && { tokens }),
      onLoaded: () => this.redraw(panelKey),
    });
  }

  /**
   * Fetches what the view shows beside the transaction (its tokens' metadata, the rate at each
   * consensus time), bounded in time; a failure only leaves the raw values. Only for the selected
   * network (another network's tokens are not in its caches).
   */
  async enrich(network: string, response: TransactionsResponse, signal?: AbortSignal): Promise<void> {
    const m = this.money;
    if (!m || network !== m.network()) return;
    const { tokens, times } = moneyNeeds(response.transactions);
    const service = m.tokens();
    const rates = m.rates();
    const work = Promise.all([
      ...tokens.map(id => service.get(id, { priority: 3 })),
      ...(rates ? times.map(t => rates.at(t)) : []),
    ]);
    // Stops waiting (not the shared requests) after MONEY_WAIT_MS or when the lookup is cancelled.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    await Promise.race([
      work,
      new Promise<void>(resolve => {
        timer = setTimeout(resolve, MONEY_WAIT_MS);
        onAbort = resolve;
        signal?.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }

  private moneyFor(network: string): Money | undefined {
    const m = this.money;
    if (!m || network !== m.network()) return undefined;
    const tokens = m.tokens();
    const rates = m.rates();
    return {
      token: id => tokens.peek(id),
      rate: ts => (ts && rates ? rates.peekAt(ts) : undefined),
    };
  }

  /** Shows a fetched lookup: in the panel of that transaction if one is open, else in a new one. */
  show(network: string, query: TransactionQuery, response: TransactionsResponse, why: string): DetailPanel {
    return this.showLoaded(stateOf(network, query), response, why);
  }

  /**
   * A fresh transaction the lookup met a 404 for: its panel says "not indexed yet, retrying in N s"
   * and loads it in place when it appears; closing the panel stops the retries.
   */
  showWhenIndexed(
    network: Network,
    why: string,
    query: TransactionQuery & { readonly transactionId: TransactionId },
    firstError: Error,
  ): DetailPanel {
    const state = stateOf(network, query);
    const fresh = this.fresh ?? {};
    return this.showWaiting(state, why, firstWaitMessage(fresh.delays), (signal, waiting) =>
      loadWhenIndexed({
        transactionId: query.transactionId,
        firstError,
        attempt: () => this.fetch(this.panelDeps.clientFor(network), state, signal),
        waiting,
        signal,
        ...fresh,
      }),
    );
  }

  protected keyOf(state: TransactionPanelState): string {
    return [state.network, state.idOrHash, state.nonce ?? '', state.scheduled ?? ''].join('|');
  }

  protected targetOf(state: TransactionPanelState): { kind: 'transaction'; id: string } {
    return { kind: 'transaction', id: state.idOrHash };
  }

  /** The contract transaction whose call trace the panel last drew, by its `@` id, on the panel's network. */
  protected override debugTargetOf(state: TransactionPanelState): { transaction: string; network: string } | undefined {
    const drawn = this.drawn.get(this.keyOf(state));
    return drawn && transactionDebugTarget(state.network, drawn.response.transactions);
  }

  protected titleOf(state: TransactionPanelState): string {
    const query = queryOf(state);
    return `Transaction ${query ? describeQuery(query) : state.idOrHash}`;
  }

  protected async fetch(
    client: MirrorClient,
    state: TransactionPanelState,
    signal: AbortSignal,
  ): Promise<TransactionsResponse> {
    const { nonce, scheduled } = state;
    const response = await client.getTransaction(
      state.idOrHash,
      { ...(nonce === undefined ? {} : { nonce }), ...(scheduled === undefined ? {} : { scheduled }) },
      { signal, cache: 'reload' },
    );
    await this.enrich(state.network, response, signal);
    // A refresh reads a trace that failed again.
    for (const t of response.transactions) {
      const subject = transactionSubject(state.network, t);
      if (subject) this.traces?.retry(subject);
    }
    return response;
  }

  protected loadedView(
    state: TransactionPanelState,
    response: TransactionsResponse,
    format: FormatOptions,
  ): DetailView {
    const classified = classifyTransactions(response.transactions);
    const money = this.moneyFor(state.network);
    this.drawn.set(this.keyOf(state), { state, response, format });
    const traces = new Set<string>();
    const sections = classified.flatMap((c, i) => {
      const section = transactionSection(c, i, format, money);
      return [
        section,
        ...this.contractSectionsOf(state, c.transaction, section.id, response.transactions),
        ...this.traceSectionsOf(state, c.transaction, section.id, traces),
      ];
    });
    this.traced.set(this.keyOf(state), traces);
    return {
      status: 'loaded',
      title: this.titleOf(state),
      network: state.network,
      summary: classified.length === 0 ? 'No transaction returned.' : summarize(classified),
      sections,
      buttons: [
        { label: 'Open as JSON', action: { type: 'openAsJson' } },
        { label: 'Refresh', action: { type: 'refresh' } },
      ],
    };
  }
}
