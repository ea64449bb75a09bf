// The "Recent transactions" list of one account: the shared pager (common/pager.ts) with the
// rules of transactions. The first page comes with the account lookup, "Load more" follows the
// last page's links.next, and a refresh of the first page keeps the older pages already loaded
// when the new page reaches them; a list of one page is simply replaced. Pure (no vscode).
import { compareTimestamps, parseTimestamp, type Timestamp } from '../../ledger';
import type { Transaction } from '../../mirror';
import { Pager } from '../common/pager';

export interface TransactionPage {
  readonly transactions: readonly Transaction[];
  readonly links?: { readonly next?: string | null | undefined } | undefined;
}

export class TransactionPager<P extends TransactionPage> extends Pager<Transaction, P, Timestamp> {
  constructor() {
    super({
      rows: page => page.transactions,
      // A transaction id is shared by a parent and its children; the consensus time is unique.
      key: (tx, index) => tx.consensus_timestamp ?? `${tx.transaction_id ?? ''}/${tx.nonce ?? ''}/${index}`,
      position: tx => (tx.consensus_timestamp ? parseTimestamp(tx.consensus_timestamp) : undefined),
      compare: compareTimestamps,
    });
  }

  get transactions(): readonly Transaction[] {
    return this.rows;
  }
}
