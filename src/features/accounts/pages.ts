// The "Recent transactions" list of one account: the first page comes with the account lookup,
// "Load more" follows the last page's links.next, and a refresh of the first page keeps the older
// pages already loaded when the new page reaches them. Pure (no vscode, no client): the caller
// fetches and hands pages in.
import { compareTimestamps, parseTimestamp, type Timestamp } from '../../ledger';
import type { Transaction } from '../../mirror';

export interface TransactionPage {
  readonly transactions: readonly Transaction[];
  readonly links?: { readonly next?: string | null | undefined } | undefined;
}

export class TransactionPager<P extends TransactionPage> {
  private list: Transaction[] = [];
  private seen = new Set<string>();
  /** The last page loaded: its `links.next` is where "Load more" goes. */
  private last: P | undefined;
  private pageCount = 0;

  get transactions(): readonly Transaction[] {
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
    return !!this.last?.links?.next;
  }

  /** Starts over with `first` (another filter, another network, a first load). */
  reset(first: P): void {
    this.list = [];
    this.seen = new Set();
    this.last = first;
    this.pageCount = 1;
    this.add(first.transactions);
  }

  /**
   * A fresh first page. When it reaches into what is already listed (its oldest transaction is
   * within the listed span), the older transactions stay and "Load more" keeps going from the
   * last page loaded; otherwise the list starts over. Transactions are newest first.
   */
  refreshFirst(first: P): void {
    const oldestNew = timestampOf(first.transactions.at(-1));
    const oldestKept = timestampOf(this.list.at(-1));
    const newestKept = timestampOf(this.list[0]);
    const reaches =
      oldestNew !== undefined &&
      oldestKept !== undefined &&
      newestKept !== undefined &&
      // No gap between the new page and the list, and the list still goes further back.
      compareTimestamps(oldestNew, newestKept) <= 0 &&
      compareTimestamps(oldestNew, oldestKept) >= 0;
    if (this.pageCount <= 1 || !first.links?.next || !reaches || !oldestNew) {
      this.reset(first);
      return;
    }
    const older = this.list.filter(tx => {
      const ts = timestampOf(tx);
      return ts !== undefined && compareTimestamps(ts, oldestNew) < 0;
    });
    const last = this.last;
    const pages = this.pageCount;
    this.reset(first);
    this.add(older);
    this.last = last;
    this.pageCount = pages;
  }

  /** The page "Load more" brought; null when there was none after all. */
  append(page: P | null): void {
    if (page === null) {
      // Nothing further: keep the list, drop the link so no Load more is offered.
      if (this.last) this.last = { ...this.last, links: { next: null } };
      return;
    }
    this.add(page.transactions);
    this.last = page;
    this.pageCount++;
  }

  private add(transactions: readonly Transaction[]): void {
    for (const tx of transactions) {
      // A transaction id is shared by a parent and its children; the consensus time is unique.
      const key = tx.consensus_timestamp ?? `${tx.transaction_id ?? ''}/${tx.nonce ?? ''}/${this.list.length}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.list.push(tx);
    }
  }
}

function timestampOf(tx: Transaction | undefined): Timestamp | undefined {
  return tx?.consensus_timestamp ? parseTimestamp(tx.consensus_timestamp) : undefined;
}
