// The extension side of the contract results panel: validates the form's filters with the mirror
// client's rules before any request, loads pages (Load more follows links.next), and posts rows
// with every int64 as exact decimal text. The rows are the shared paged list (common/pager.ts): one
// request at a time, a new search aborts the last, and a failed page is asked again by Retry.
import * as vscode from 'vscode';
import { MirrorInputError, type ContractResultsResponse } from '../../mirror';
import { describeMirrorError } from '../../present/errors';
import type { AbiIndex } from '../../abi';
import type { MirrorClient, TokenMetadata } from '../../mirror';
import { PanelHost, type PanelLog } from '../../webview/panelHost';
import { check } from '../../../webview/shared/validate';
import {
  CONTRACT_RESULTS_VIEW_TYPE,
  type ContractResultRow,
  type ContractResultsFilters,
  type ContractResultsPanelState,
  contractResultsToHostValidator,
  type ContractResultsToHost,
  type ContractResultsToWebview,
} from '../../../webview/protocol';
import { fieldIssues, validateFilters } from './filters';
import { toRow } from './rows';
import { RowDetails } from './events';
import { revertDecoding } from '../common/revertData';
import { PagedList, type ListEvent } from '../common/pager';
import type { TraceChange, TraceViews } from '../common/trace/views';
import { rowDebugTarget, rowSubject } from './trace';

export const PANEL_SCRIPT = 'contractResults';

/** What the panel uses of the extension, and nothing more. */
export interface ContractResultsDeps {
  readonly extensionUri: vscode.Uri;
  readonly log: PanelLog;
  /** The selected network's client. */
  readonly client: () => MirrorClient;
  /** How the network is named to the user (the network, or a custom mirror node's host). */
  readonly networkLabel: () => string;
  /** HashScan can have the selected network's pages (src/app/settings hashscanAvailable). */
  readonly hashscan: () => boolean;
  /** Fires when the selected network's client is replaced (another network or mirror node). */
  readonly onDidChangeClient: vscode.Event<unknown>;
  /** The ABIs that decode each row's call (selector and system-contract address; no bytecode here). */
  readonly abi?: AbiIndex;
  /** The selected network's token metadata: HTS token amounts in decoded calls and events. */
  readonly tokens?: () => TokenMetadata;
  /** The call traces of the rows' details, read on the selected network (its name). */
  readonly traces?: TraceViews;
  readonly network?: () => string;
}

export interface ContractResultsPanelOptions {
  readonly panel: vscode.WebviewPanel;
  readonly deps: ContractResultsDeps;
  readonly state: ContractResultsPanelState;
}

export function createWebviewPanel(): vscode.WebviewPanel {
  return vscode.window.createWebviewPanel(CONTRACT_RESULTS_VIEW_TYPE, 'Contract results', vscode.ViewColumn.Active, {
    enableScripts: true,
    // The host keeps the loaded rows and sends them again when a hidden panel comes back.
    retainContextWhenHidden: false,
  });
}

export class ContractResultsPanel extends PanelHost<ContractResultsToHost, ContractResultsToWebview> {
  private filters: ContractResultsFilters;
  private ready = false;
  /** Filters set by the extension since the page last said it was ready: they win over the page's. */
  private filtersFromHost = false;
  /** The loaded rows; a failure is kept with them (the error is the client's, described when posted). */
  private readonly list: PagedList<ContractResultRow, ContractResultsResponse, never, unknown>;
  /** Rows for these filters were posted (the page gets them again when it comes back). */
  private loaded = false;
  private running: Promise<void> = Promise.resolve();
  private seq = 0;
  private readonly deps: ContractResultsDeps;
  private readonly details: RowDetails;
  /** The rows whose detail was asked, with their trace (`network|hash`): posted again when it is read. */
  private readonly traced = new Map<string, string>();
  private readonly postedEmitter = this._register(new vscode.EventEmitter<ContractResultsToWebview>());
  /** Every message posted to the page (integration tests watch this). */
  readonly onDidPost = this.postedEmitter.event;

  constructor(o: ContractResultsPanelOptions) {
    super({
      panel: o.panel,
      extensionUri: o.deps.extensionUri,
      script: PANEL_SCRIPT,
      title: 'Contract results',
      hasCss: true,
      initialState: { ...o.state, network: o.deps.networkLabel() },
      messages: contractResultsToHostValidator,
      log: o.deps.log,
    });
    this.deps = o.deps;
    this.details = new RowDetails(o.deps);
    this.list = new PagedList<ContractResultRow, ContractResultsResponse, never, unknown>({
      rules: {
        // Each row gets a key of its own: the service's rows are listed as they come, never merged.
        rows: page => page.results.map(r => toRow(r, `r${++this.seq}`, this.deps.abi)),
        key: row => row.key,
        position: () => undefined,
        compare: () => 0,
      },
      // next() answers null when the link leads nowhere new (a repeating link): nothing more.
      more: ({ last, signal }) => this.deps.client().next(last, { signal }),
      describe: error => error,
      changed: event => this.onList(event),
    });
    this.filters = o.state.filters;
    this._register(
      o.deps.onDidChangeClient(() => {
        // Another network: what is loaded belongs to the old one.
        if (this.loaded || this.ready) this.search(this.filters);
      }),
    );
    this._register({ dispose: () => this.list.dispose() });
    const traces = o.deps.traces;
    if (traces) this._register({ dispose: traces.onDidChange(subject => this.traceChanged(subject)) });
  }

  /** A trace was read (or its sites found): the open details that show it are posted again. */
  private traceChanged(subject: Parameters<TraceChange>[0]): void {
    const key = subject && `${subject.network}|${subject.idOrHash}`;
    for (const [rowKey, traceKey] of [...this.traced]) {
      if (!this.list.rows.some(r => r.key === rowKey)) this.traced.delete(rowKey);
      else if (key === undefined || key === traceKey) void this.detail(rowKey, false);
    }
  }

  get currentFilters(): ContractResultsFilters {
    return this.filters;
  }

  /** True once the page has said it listens (and after each reload of the page). */
  get pageReady(): boolean {
    return this.ready;
  }

  get loadedRows(): readonly ContractResultRow[] {
    return this.list.rows;
  }

  /** Settles when the request in progress (if any) has been answered to the page. */
  whenIdle(): Promise<void> {
    return this.running;
  }

  /** Shows these filters in the form and loads them (the panel opened again from elsewhere). */
  show(filters: ContractResultsFilters): void {
    this.filters = filters;
    if (!this.ready) this.filtersFromHost = true;
    void this.post({ type: 'filters', filters });
    this.search(filters);
    this.panel.reveal(undefined, false);
  }

  /** Validates and handles a message as if the page had sent it (the webview's path, for tests). */
  receive(raw: unknown): Promise<void> {
    const parsed = check(contractResultsToHostValidator, raw);
    if (!parsed.ok) return Promise.reject(new Error(`malformed message: ${parsed.message}`));
    return Promise.resolve(this.onMessage(parsed.value));
  }

  protected override onMessage(m: ContractResultsToHost): void | Promise<void> {
    switch (m.type) {
      case 'ready':
        return this.onReady(m.filters);
      case 'search':
        this.search(m.filters);
        return this.running;
      case 'loadMore':
        this.more();
        return this.running;
      case 'retry':
        // The failed page again; a search refused before any request is checked again.
        if (this.list.failed) this.running = this.list.retry();
        else this.search(this.filters);
        return this.running;
      case 'copy':
        // The page's copy control says "Copied" on the answer, sent once the clipboard took the text.
        return Promise.resolve(vscode.env.clipboard.writeText(m.text)).then(() => {
          void this.post({ type: 'copied', text: m.text });
        });
      case 'openEntity':
        return Promise.resolve(
          vscode.commands.executeCommand(
            m.kind === 'account' ? 'ledgerLens.revealAccount' : 'ledgerLens.openInHashScan',
            {
              kind: m.kind,
              id: m.id,
            },
          ),
        ).then(() => undefined);
      case 'detail':
        return this.detail(m.key, true);
      case 'openSite':
        // The key the host issued for a call trace's revert site link; the sources feature opens it.
        return Promise.resolve(vscode.commands.executeCommand('ledgerLens.openRevertSite', m.key)).then(
          () => undefined,
        );
      case 'debug':
        return this.debug(m.key);
    }
  }

  /** A row detail's "Debug": the debugger on the row's transaction, on the panel's network. */
  private async debug(key: string): Promise<void> {
    const row = this.list.rows.find(r => r.key === key);
    const target = row && rowDebugTarget(this.deps.network?.(), row);
    if (!target) {
      // A row gone since (a new search) or without a hash: nothing to debug, and nothing to ask.
      this.deps.log.warn('contract results: Debug asked for a row that is gone or names no transaction hash');
      return;
    }
    await vscode.commands.executeCommand('ledgerLens.debugTransaction', target);
  }

  /**
   * A row's detail was opened (`opened`: by the page, which then says "Loading…"; else its trace
   * changed): its events (fetched once), its call decoded with the bytecode, its call trace.
   */
  private async detail(key: string, opened: boolean): Promise<void> {
    const row = this.list.rows.find(r => r.key === key);
    if (!row) return;
    const subject = this.deps.network && rowSubject(this.deps.network(), row);
    if (subject && this.deps.traces) {
      if (opened) this.deps.traces.retry(subject);
      this.traced.set(key, `${subject.network}|${subject.idOrHash}`);
    }
    if (opened) void this.post({ type: 'detail', key, detail: { status: 'loading' } });
    const detail = await this.details.detail(row);
    if (this.isDisposed || !this.list.rows.includes(row)) return;
    if (detail.status === 'failed') this.deps.log.warn(`contract result ${row.timestamp ?? key}: ${detail.message}`);
    void this.post({ type: 'detail', key, detail });
  }

  protected override post(message: ContractResultsToWebview): Thenable<boolean> {
    this.postedEmitter.fire(message);
    return super.post(message);
  }

  private onReady(pageFilters: ContractResultsFilters): Promise<void> {
    this.ready = true;
    if (this.filtersFromHost) {
      this.filtersFromHost = false;
      void this.post({ type: 'filters', filters: this.filters });
    } else if (!sameFilters(pageFilters, this.filters)) {
      this.filters = pageFilters;
      this.loaded = false;
    }
    // A page that was hidden and shown again (or reloaded) gets what is already loaded.
    if (this.loaded) {
      void this.post({
        type: 'rows',
        rows: this.list.rows,
        append: false,
        hasMore: this.list.hasMore,
        network: this.network(),
        hashscan: this.deps.hashscan(),
      });
      return this.running;
    }
    this.search(this.filters);
    return this.running;
  }

  private network(): string {
    return this.deps.networkLabel();
  }

  private search(filters: ContractResultsFilters): void {
    this.filters = filters;
    const checked = validateFilters(filters);
    if (!checked.ok) {
      this.list.stop();
      void this.post({ type: 'invalid', issues: checked.issues });
      return;
    }
    const params = checked.params;
    this.running = this.list.restart(signal => this.deps.client().listContractResults(params, { signal }));
  }

  private more(): void {
    this.running = this.list.loadMore();
  }

  /** What the list did, told to the page: loading, the new rows, or the failure in the server's words. */
  private onList(event: ListEvent<unknown>): void {
    const append = event.which === 'more';
    switch (event.state) {
      case 'loading':
        void this.post({ type: 'loading', append });
        return;
      case 'loaded': {
        const rows = append ? this.list.rows.slice(event.before) : this.list.rows;
        this.loaded = true;
        void this.post({
          type: 'rows',
          rows,
          append,
          hasMore: this.list.hasMore,
          network: this.network(),
          hashscan: this.deps.hashscan(),
        });
        return;
      }
      case 'failed':
        return this.failed(event.problem);
      case 'cancelled':
        return;
    }
  }

  private failed(e: unknown): void {
    if (e instanceof MirrorInputError) {
      void this.post({ type: 'invalid', issues: fieldIssues(e) });
      return;
    }
    const described = describeMirrorError(e, { network: this.network(), ...revertDecoding(this.deps.abi) });
    this.deps.log.warn(`contract results: ${described.detail}`);
    void this.post({
      type: 'failed',
      message: described.detail,
      serverMessages: [...described.serverMessages],
      status: described.status,
    });
  }
}

function sameFilters(a: ContractResultsFilters, b: ContractResultsFilters): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
