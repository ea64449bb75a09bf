// The one paged list of the mirror node's lists (the latest blocks, an account's transactions and
// NFTs, contract results). Two parts:
// - `Pager`, the rows: newest first, "Load more" follows the last page's `links.next`, a refreshed
//   first page keeps the older rows already loaded when it reaches them, and a list that grows on
//   its own (a live feed) is capped. Pure: it is handed pages.
// - `PagedList`, the requests around it: one at a time per list (a second Load more while one is
//   on its way joins it), the failure kept with the list (retry asks the failed page again),
//   generations (a reset, a restart: answers of an older generation are ignored) and an
//   AbortController per generation, aborted when the next starts and on dispose. No vscode: the
//   caller says how a page is asked (through its mirror client) and hears what happened.
import { isAbortError } from '../../mirror';

export interface Page {
  readonly links?: { readonly next?: string | null | undefined } | undefined;
}

export interface PagerRules<T, P extends Page, K> {
  /** The rows of a page, newest first. */
  readonly rows: (page: P) => readonly T[];
  /** A row's unique key (a repeated row is dropped); `index` is the list length so far. */
  readonly key: (row: T, index: number) => string;
  /** Where a row stands in time, or undefined when unknown. */
  readonly position: (row: T) => K | undefined;
  /** Negative when `a` is older than `b`. */
  readonly compare: (a: K, b: K) => number;
  /**
   * A live feed (the latest blocks): a refresh that reaches the list adds the new rows on top even
   * when one page is loaded. Otherwise (an account's transactions) a single page is replaced.
   */
  readonly growOnRefresh?: boolean;
  /**
   * The most rows a refresh may leave (the oldest are dropped, "Load more" then goes on from the
   * oldest row kept). Load more is the user's own request: it may go past the cap, and a refresh
   * never shortens the list below what it held.
   */
  readonly cap?: number;
}

export class Pager<T, P extends Page, K> {
  private list: T[] = [];
  private seen = new Set<string>();
  /** The last page loaded: its `links.next` is where "Load more" goes. */
  private last: P | undefined;
  private pageCount = 0;
  private cut = false;

  constructor(private readonly rules: PagerRules<T, P, K>) {}

  /** The rows, newest first. */
  get rows(): readonly T[] {
    return this.list;
  }

  get lastPage(): P | undefined {
    return this.last;
  }

  /** Pages loaded since the list last started over. */
  get pages(): number {
    return this.pageCount;
  }

  get hasMore(): boolean {
    return this.cut || !!this.last?.links?.next;
  }

  /**
   * True when the cap dropped the oldest rows: the last page's link no longer follows the list,
   * so "Load more" must ask for what is older than the oldest row kept (`rows.at(-1)`).
   */
  get trimmed(): boolean {
    return this.cut;
  }

  /** Starts over with `first` (another filter, another network, a first load). */
  reset(first: P): void {
    this.list = [];
    this.seen = new Set();
    this.last = first;
    this.pageCount = 1;
    this.cut = false;
    this.add(this.rules.rows(first));
  }

  /**
   * A fresh first page. When it reaches into what is already listed (no gap between it and the
   * list, and the list still goes further back), the older rows stay and "Load more" keeps going
   * from the last page loaded; otherwise the list starts over.
   */
  refreshFirst(first: P): void {
    const { position, compare } = this.rules;
    const fresh = this.rules.rows(first);
    const oldestNew = at(fresh, -1, position);
    const oldestKept = at(this.list, -1, position);
    const newestKept = at(this.list, 0, position);
    const reaches =
      oldestNew !== undefined &&
      oldestKept !== undefined &&
      newestKept !== undefined &&
      compare(oldestNew, newestKept) <= 0 &&
      compare(oldestNew, oldestKept) >= 0;
    const single = !this.rules.growOnRefresh && (this.pageCount <= 1 || !first.links?.next);
    if (!reaches || single || oldestNew === undefined) {
      this.reset(first);
      return;
    }
    const older = this.list.filter(row => {
      const p = position(row);
      return p !== undefined && compare(p, oldestNew) < 0;
    });
    const before = this.list.length;
    const { last, pageCount, cut } = this;
    this.reset(first);
    this.add(older);
    this.last = last;
    this.pageCount = pageCount;
    this.cut = cut;
    const cap = this.rules.cap;
    if (cap !== undefined && this.list.length > Math.max(cap, before)) {
      this.list.length = Math.max(cap, before);
      this.seen = new Set(this.list.map((row, i) => this.rules.key(row, i)));
      this.cut = true;
    }
  }

  /** The page "Load more" brought; null when there was none after all. */
  append(page: P | null): void {
    if (page === null) {
      // Nothing further: keep the list, drop the link so no Load more is offered.
      if (this.last) this.last = { ...this.last, links: { next: null } };
      this.cut = false;
      return;
    }
    this.add(this.rules.rows(page));
    this.last = page;
    this.pageCount++;
    this.cut = false;
  }

  private add(rows: readonly T[]): void {
    for (const row of rows) {
      const key = this.rules.key(row, this.list.length);
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.list.push(row);
    }
  }
}

function at<T, K>(rows: readonly T[], index: number, position: (row: T) => K | undefined): K | undefined {
  const row = rows.at(index);
  return row === undefined ? undefined : position(row);
}

/** Which page a request asks: the first (a load, a refresh) or the next one ("Load more"). */
export type Which = 'first' | 'more';

/**
 * What a list tells its view about a request of the current generation (older generations say
 * nothing): it started, its page landed (`before`: the rows there were), it failed (the problem
 * is kept: `failed`), or it was aborted from elsewhere (a client being disposed).
 */
export type ListEvent<E> =
  | { readonly which: Which; readonly state: 'loading' }
  | { readonly which: Which; readonly state: 'loaded'; readonly before: number }
  | { readonly which: Which; readonly state: 'failed'; readonly problem: E }
  | { readonly which: Which; readonly state: 'cancelled' };

/** What "Load more" is asked with. */
export interface MoreAsk<T, P> {
  /** The last page loaded (its `links.next` is the next page). */
  readonly last: P;
  /** The oldest row kept, and whether the cap dropped rows below it (then ask below it instead). */
  readonly oldest: T | undefined;
  readonly trimmed: boolean;
  readonly signal: AbortSignal;
}

export interface PagedListOptions<T, P extends Page, K, E> {
  readonly rules: PagerRules<T, P, K>;
  /** Asks the page after `last`: usually the client's `next`, null when it leads nowhere new. */
  readonly more: (ask: MoreAsk<T, P>) => Promise<P | null>;
  /** What is kept of a failure (an abort is never a failure). */
  readonly describe: (error: unknown) => E;
  readonly changed?: (event: ListEvent<E>) => void;
}

/** How a first page is asked: with the generation's signal. */
export type FirstAsk<P> = (signal: AbortSignal) => Promise<P>;

export interface FirstOptions {
  /** What the first page answers (filter, order...): a page of another query replaces the rows. */
  readonly query?: string;
  /** A page of the same query is merged (Pager.refreshFirst) rather than replacing the rows. */
  readonly merge?: boolean;
}

export interface Failure<E> {
  readonly which: Which;
  readonly problem: E;
}

export class PagedList<T, P extends Page, K, E = unknown> {
  private pager: Pager<T, P, K>;
  private gen = 0;
  private controller = new AbortController();
  private flight: { readonly which: Which; readonly promise: Promise<void> } | undefined;
  private failure: (Failure<E> & { readonly again: () => Promise<void> }) | undefined;
  private firstPage: P | undefined;
  private queryKey = '';
  /** The `links.next` followed in this generation: a page linking back to one of them ends the list. */
  private readonly followed = new Set<string>();
  private disposed = false;

  constructor(private readonly options: PagedListOptions<T, P, K, E>) {
    this.pager = new Pager(options.rules);
  }

  /** The rows, newest first. */
  get rows(): readonly T[] {
    return this.pager.rows;
  }

  get hasMore(): boolean {
    return this.pager.hasMore;
  }

  get lastPage(): P | undefined {
    return this.pager.lastPage;
  }

  /** Pages loaded since the list last started over. */
  get pages(): number {
    return this.pager.pages;
  }

  /** The last first page that landed (an account lookup is its account). */
  get first(): P | undefined {
    return this.firstPage;
  }

  /** True once a first page landed (and until a reset). */
  get loaded(): boolean {
    return this.firstPage !== undefined;
  }

  /** The query the rows answer. */
  get query(): string {
    return this.queryKey;
  }

  /** The request on its way, if any. */
  get busy(): Which | undefined {
    return this.flight?.which;
  }

  /** Settles when the request on its way has landed (undefined when none is). */
  get pending(): Promise<void> | undefined {
    return this.flight?.promise;
  }

  /** The last request's failure, kept until the next request of the list starts. */
  get failed(): Failure<E> | undefined {
    return this.failure && { which: this.failure.which, problem: this.failure.problem };
  }

  /** A first page had without a request (fetched before the list existed). */
  seed(page: P, query = ''): void {
    this.landFirst(page, { query });
  }

  /**
   * Asks the first page again in this generation and merges it: joins a first page on its way,
   * and asks after a Load more on its way (one request at a time).
   */
  refresh(ask: FirstAsk<P>): Promise<void> {
    const flight = this.flight;
    if (flight?.which === 'first') return flight.promise;
    const options = { query: this.queryKey, merge: true };
    if (!flight) return this.run('first', ask, page => this.landFirst(page, options));
    const gen = this.gen;
    return flight.promise.then(() => (gen === this.gen ? this.refresh(ask) : undefined));
  }

  /**
   * A new generation: what is on its way is aborted and its answer ignored; the rows stay until
   * the new first page lands, which replaces them (or, with `merge` and the same query, is merged).
   */
  restart(ask: FirstAsk<P>, options: FirstOptions = {}): Promise<void> {
    this.stop();
    return this.run('first', ask, page => this.landFirst(page, options));
  }

  /** The next page, appended; joins the request on its way, if any. */
  loadMore(): Promise<void> {
    if (this.flight) return this.flight.promise;
    const last = this.pager.lastPage;
    if (!last || !this.pager.hasMore || this.disposed) return Promise.resolve();
    const trimmed = this.pager.trimmed;
    const link = trimmed ? undefined : last.links?.next;
    return this.run(
      'more',
      signal => {
        if (link) this.followed.add(link);
        return this.options.more({ last, oldest: this.pager.rows.at(-1), trimmed, signal });
      },
      page => {
        this.pager.append(page);
        const next = page?.links?.next;
        if (next && this.followed.has(next)) this.pager.append(null);
      },
    );
  }

  /** Asks the failed page again (nothing when the last request did not fail). */
  retry(): Promise<void> {
    if (this.flight) return this.flight.promise;
    return this.failure ? this.failure.again() : Promise.resolve();
  }

  /** A new generation with the rows kept: aborts what is on its way and forgets the failure. */
  stop(): void {
    this.controller.abort();
    this.controller = new AbortController();
    this.gen++;
    this.flight = undefined;
    this.failure = undefined;
    this.followed.clear();
  }

  /** Starts over empty (another network): aborts what is on its way; older answers are ignored. */
  reset(): void {
    this.stop();
    this.pager = new Pager(this.options.rules);
    this.firstPage = undefined;
    this.queryKey = '';
  }

  dispose(): void {
    this.disposed = true;
    this.stop();
  }

  private landFirst(page: P, { query = '', merge = false }: FirstOptions): void {
    if (merge && this.firstPage !== undefined && query === this.queryKey) this.pager.refreshFirst(page);
    else this.pager.reset(page);
    if (this.pager.pages <= 1) this.followed.clear();
    this.firstPage = page;
    this.queryKey = query;
  }

  /** One request of this generation: the only one on its way, its outcome told once. */
  private run<R extends P | null>(
    which: Which,
    ask: (signal: AbortSignal) => Promise<R>,
    land: (page: R) => void,
  ): Promise<void> {
    if (this.disposed) return Promise.resolve();
    const gen = this.gen;
    const signal = this.controller.signal;
    this.failure = undefined;
    const again = (): Promise<void> => this.run(which, ask, land);
    const promise = (async () => {
      let event: ListEvent<E>;
      try {
        // Asked once `flight` below is set, so even an ask that throws at once settles this one.
        await Promise.resolve();
        if (gen !== this.gen) return;
        const page = await ask(signal);
        if (gen !== this.gen) return;
        const before = this.pager.rows.length;
        land(page);
        event = { which, state: 'loaded', before };
      } catch (error) {
        if (gen !== this.gen) return;
        if (isAbortError(error)) event = { which, state: 'cancelled' };
        else {
          const problem = this.options.describe(error);
          this.failure = { which, problem, again };
          event = { which, state: 'failed', problem };
        }
      }
      this.flight = undefined;
      this.options.changed?.(event);
    })();
    this.flight = { which, promise };
    this.options.changed?.({ which, state: 'loading' });
    return promise;
  }
}
