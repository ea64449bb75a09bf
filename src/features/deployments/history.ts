// The History group of a deployed contract: its recent contract results (`/contracts/{id}/results`,
// newest first, a page at a time with Load more) and, under "Events", its recent logs
// (`/contracts/{id}/results/logs`), each decoded with the workspace's ABI (historyRows.ts). Also the
// CodeLens's "N failed recently": the failures of the newest results by function selector, read in
// the background and kept a minute. One request at a time per list (common/pager.ts PagedList).
import type { AbiIndex } from '../../abi';
import type { MirrorClient } from '../../mirror';
import type { Network } from '../../ledger/networks';
import { compareTimestamps, parseTimestamp, type Timestamp } from '../../ledger/timestamp';
import { describeMirrorError } from '../../present';
import { errorMessage } from '../../util/errorMessage';
import { LoadMoreNode, MessageNode, type TreeNode } from '../common/nodes';
import { PagedList, type ListEvent, type PagerRules } from '../common/pager';
import type { FeatureLog } from '../context';
import {
  EVENTS_PAGE,
  FAILURES_PAGE,
  HISTORY_PAGE,
  HistoryEventNode,
  HistoryEventsNode,
  HistoryResultNode,
  LOAD_MORE_HISTORY,
  eventView,
  failureCounts,
  resultView,
  type EventView,
  type ResultView,
} from './historyRows';
import type { KnownDeployment } from './model';
import type { GroupNode } from './nodes';
import type { GroupLoader } from './tree';

/** How long "N failed recently" is kept before it is read again. */
export const FAILURES_TTL_MS = 60_000;

type ResultsPage = Awaited<ReturnType<MirrorClient['listContractResultsOf']>>;
type LogsPage = Awaited<ReturnType<MirrorClient['listContractLogs']>>;
type ResultRow = ResultsPage['results'][number];
type LogRow = LogsPage['logs'][number];

export interface HistoryDeps {
  readonly clientFor: (network: Network) => MirrorClient;
  readonly abi: () => AbiIndex;
  /** A row changed (undefined: the whole view): the tree redraws it. */
  readonly changed: (node?: TreeNode) => void;
  readonly log: FeatureLog;
  /** Epoch ms; Date.now unless a test says. */
  readonly now?: () => number;
}

type ListKind = 'results' | 'logs';

/** One deployment's two lists, and the rows they were last shown under (to redraw them). */
interface Entry {
  deployment: KnownDeployment;
  readonly results: PagedList<ResultRow, ResultsPage, Timestamp, string>;
  readonly logs: PagedList<LogRow, LogsPage, Timestamp, string>;
  group?: GroupNode;
  events?: HistoryEventsNode;
  /** While a first page is awaited by the tree itself (it redraws with the answer: no event needed). */
  readonly quiet: Record<ListKind, boolean>;
}

/** Newest first by consensus time; a row is the same row by its transaction, time and log index. */
function timeRules<T extends { readonly timestamp?: string | null }, P extends ResultsPage | LogsPage>(
  rows: (page: P) => readonly T[],
): PagerRules<T, P, Timestamp> {
  return {
    rows,
    key: (row, index) => {
      const r = row as { hash?: string | null; transaction_hash?: string | null; index?: number | null };
      return `${r.hash ?? r.transaction_hash ?? ''}@${row.timestamp ?? index}#${r.index ?? ''}`;
    },
    position: row => (row.timestamp ? parseTimestamp(row.timestamp) : undefined),
    compare: compareTimestamps,
  };
}

export class HistoryLoader implements GroupLoader {
  private readonly entries = new Map<string, Entry>();
  /** Load more and retry rows by id: which list they page. */
  private readonly pagers = new Map<string, { entry: Entry; kind: ListKind }>();
  private readonly failures = new Map<string, { at: number; counts: Promise<ReadonlyMap<string, number>> }>();
  private readonly views = new WeakMap<object, { version: number; view: ResultView | EventView }>();

  constructor(private readonly deps: HistoryDeps) {}

  async children(group: GroupNode): Promise<TreeNode[]> {
    const entry = this.entryOf(group.deployment);
    entry.group = group;
    await this.firstPage(entry, 'results');
    return this.resultRows(entry, group);
  }

  /** "Load more" (or a failed row's Retry) of a History list; anything else is ignored. */
  async loadMore(arg: unknown): Promise<void> {
    if (!(arg instanceof LoadMoreNode) && !(arg instanceof MessageNode)) return;
    const found = this.pagers.get(arg.id);
    if (!found) return;
    const list = found.entry[found.kind];
    if (arg instanceof LoadMoreNode) return list.loadMore();
    if (list.loaded) return list.retry();
    await this.firstPage(found.entry, found.kind, true);
  }

  /** Reads the newest page of a deployment's lists again (merged with the older rows loaded). */
  refresh(key: string): Promise<void> {
    this.failures.delete(key);
    const entry = this.entries.get(key);
    if (!entry) return Promise.resolve();
    const work = (['results', 'logs'] as const).filter(k => entry[k].loaded).map(k => this.first(entry, k, true));
    return Promise.all(work).then(() => undefined);
  }

  /** Refreshes every deployment whose History was opened (while the view is visible). */
  refreshAll(): Promise<void> {
    return Promise.all([...this.entries.keys()].map(k => this.refresh(k))).then(() => undefined);
  }

  /** Forgets one deployment's lists (or every one): the next expand reads them again. */
  reset(key?: string): void {
    for (const [k, entry] of this.entries) {
      if (key !== undefined && k !== key) continue;
      entry.results.dispose();
      entry.logs.dispose();
      this.entries.delete(k);
      this.failures.delete(k);
    }
    if (key === undefined) this.failures.clear();
    for (const [id, p] of this.pagers) if (!this.entries.has(p.entry.deployment.key)) this.pagers.delete(id);
  }

  /**
   * How many of the deployment's newest results failed, by function selector (`0x` + 8 hex): one
   * page, asked in the background and kept a minute. A failure to read answers an empty map.
   */
  failedRecently(deployment: KnownDeployment): Promise<ReadonlyMap<string, number>> {
    const now = this.now();
    const hit = this.failures.get(deployment.key);
    if (hit && now - hit.at < FAILURES_TTL_MS) return hit.counts;
    const client = this.deps.clientFor(deployment.network);
    const counts = client
      .listContractResultsOf(idOf(deployment), { limit: FAILURES_PAGE, order: 'desc' }, { priority: 'background' })
      .then(
        page => failureCounts(page.results) as ReadonlyMap<string, number>,
        (error: unknown) => {
          this.deps.log.warn(
            `Contracts: recent results of ${deployment.name} on ${deployment.network} not read: ${errorMessage(error)}`,
          );
          return new Map<string, number>();
        },
      );
    this.failures.set(deployment.key, { at: now, counts });
    return counts;
  }

  dispose(): void {
    this.reset();
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  private entryOf(deployment: KnownDeployment): Entry {
    const known = this.entries.get(deployment.key);
    if (known) {
      // The key names the network and address: a new record of it (an ABI now matched) has the same history.
      known.deployment = deployment;
      return known;
    }
    const key = deployment.key;
    const options = <T, P extends ResultsPage | LogsPage>(kind: ListKind, rules: PagerRules<T, P, Timestamp>) => ({
      rules,
      more: ({ last, signal }: { last: P; signal: AbortSignal }) =>
        this.deps.clientFor(deployment.network).next(last, { signal, priority: 'interactive' }),
      describe: (error: unknown) => describeMirrorError(error, { network: deployment.network }).sentence,
      changed: (event: ListEvent<string>) => this.listChanged(key, kind, event),
    });
    const entry: Entry = {
      deployment,
      results: new PagedList(
        options(
          'results',
          timeRules((p: ResultsPage) => p.results),
        ),
      ),
      logs: new PagedList(
        options(
          'logs',
          timeRules((p: LogsPage) => p.logs),
        ),
      ),
      quiet: { results: false, logs: false },
    };
    this.entries.set(key, entry);
    return entry;
  }

  private listChanged(key: string, kind: ListKind, event: ListEvent<string>): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    if (event.state === 'failed') {
      this.deps.log.warn(
        `Contracts: ${kind === 'results' ? 'contract results' : 'events'} of ${entry.deployment.name}: ${event.problem}`,
      );
    }
    if (event.which === 'first' && entry.quiet[kind]) return;
    const node = kind === 'results' ? entry.group : entry.events;
    if (node) this.deps.changed(node);
  }

  /** Asks a list's first page: a new generation, or (`merge`) a refresh merged with the rows loaded. */
  private first(entry: Entry, kind: ListKind, merge: boolean): Promise<void> {
    const d = entry.deployment;
    const client = this.deps.clientFor(d.network);
    const id = idOf(d);
    if (kind === 'results') {
      const ask = (signal: AbortSignal) =>
        client.listContractResultsOf(id, { limit: HISTORY_PAGE, order: 'desc' }, { signal, priority: 'visible' });
      return merge ? entry.results.refresh(ask) : entry.results.restart(ask);
    }
    const ask = (signal: AbortSignal) =>
      client.listContractLogs(id, { limit: EVENTS_PAGE, order: 'desc' }, { signal, priority: 'visible' });
    return merge ? entry.logs.refresh(ask) : entry.logs.restart(ask);
  }

  /** The first page of a list, asked once (a request on its way is joined); `again`: after a failure. */
  private async firstPage(entry: Entry, kind: ListKind, again = false): Promise<void> {
    const list = entry[kind];
    if (list.busy === 'first') return list.pending;
    if (list.loaded || (list.failed && !again)) return;
    entry.quiet[kind] = !again;
    try {
      await this.first(entry, kind, false);
    } finally {
      entry.quiet[kind] = false;
    }
  }

  private resultRows(entry: Entry, group: GroupNode): TreeNode[] {
    const d = entry.deployment;
    const base = `deployment:${d.key}:history`;
    const count = entry.logs.loaded ? `${entry.logs.rows.length}${entry.logs.hasMore ? '+' : ''}` : undefined;
    const events = new HistoryEventsNode(group, `${base}:events`, node => this.eventRows(entry, node), count);
    entry.events = events;
    const rows: TreeNode[] = [events];
    const list = entry.results;
    const now = this.now();
    const abi = this.deps.abi();
    for (const r of list.rows) {
      const view = this.cached(abi, r, () => resultView(abi, r, d.contract)) as ResultView;
      rows.push(new HistoryResultNode(group, `${base}:${view.key}`, view, d.network, now));
    }
    rows.push(...this.tail(entry, 'results', group, base, 'contract results'));
    return rows;
  }

  private async eventRows(entry: Entry, node: HistoryEventsNode): Promise<TreeNode[]> {
    entry.events = node;
    await this.firstPage(entry, 'logs');
    const d = entry.deployment;
    const now = this.now();
    const abi = this.deps.abi();
    const own = { evmAddress: d.evmAddress, ...(d.contract ? { contract: d.contract } : {}) };
    const rows: TreeNode[] = entry.logs.rows.map(log => {
      const view = this.cached(abi, log, () => eventView(abi, log, own)) as EventView;
      return new HistoryEventNode(node, `${node.id}:${view.key}`, view, d.network, now);
    });
    rows.push(...this.tail(entry, 'logs', node, node.id, 'events'));
    return rows;
  }

  /** The end of a list: nothing yet, its failure (click retries), or Load more. */
  private tail(entry: Entry, kind: ListKind, parent: TreeNode, base: string, what: string): TreeNode[] {
    const list = entry[kind];
    const failed = list.failed;
    if (failed) {
      const id = `${base}:failed`;
      this.pagers.set(id, { entry, kind });
      const text = failed.which === 'first' ? `Could not read the ${what}` : `Could not read more ${what}`;
      return [
        new MessageNode(parent, id, text, failed.problem, { retry: { reason: 'history', command: LOAD_MORE_HISTORY } }),
      ];
    }
    if (list.loaded && list.rows.length === 0) {
      const none = kind === 'results' ? 'No contract results yet' : 'No events yet';
      return [new MessageNode(parent, `${base}:none`, none, '')];
    }
    if (!list.hasMore) return [];
    const id = `${base}:more`;
    this.pagers.set(id, { entry, kind });
    const state = () => ({ loading: list.busy === 'more', loaded: list.rows.length });
    return [new LoadMoreNode(parent, id, LOAD_MORE_HISTORY, state, what)];
  }

  /** A row's decoding, kept until the ABI index changes. */
  private cached(abi: AbiIndex, row: object, make: () => ResultView | EventView): ResultView | EventView {
    const hit = this.views.get(row);
    if (hit && hit.version === abi.version) return hit.view;
    const view = make();
    this.views.set(row, { version: abi.version, view });
    return view;
  }
}

/** What the mirror node is asked by: the entity id when known, else the EVM address. */
function idOf(d: KnownDeployment): string {
  return d.entityId ?? d.evmAddress;
}
