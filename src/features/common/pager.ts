// One pager for every paged list of the mirror node (an account's transactions, the latest
// blocks, contract results): newest first, "Load more" follows the last page's `links.next`, a
// refreshed first page keeps the older rows already loaded when it reaches them, and a list that
// grows on its own (a live feed) is capped. Pure (no vscode, no client): the caller fetches and
// hands pages in.

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
