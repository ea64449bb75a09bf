// The "Recent transactions" list of one account: the shared paged list (common/pager.ts) with the
// rules of transactions. The first page comes with the account lookup, "Load more" follows the
// last page's links.next, and a refresh of the first page keeps the older pages already loaded
// when the new page reaches them; a list of one page is simply replaced. No vscode.
import { compareTimestamps, parseTimestamp, type Timestamp } from '../../ledger';
import type { AccountResponse, Transaction } from '../../mirror';
import { Pager, PagedList, type PagedListOptions, type PagerRules } from '../common/pager';
import type { Problem } from './problem';

export interface TransactionPage {
  readonly transactions: readonly Transaction[];
  readonly links?: { readonly next?: string | null | undefined } | undefined;
}

export const transactionRules: PagerRules<Transaction, TransactionPage, Timestamp> = {
  rows: page => page.transactions,
  // A transaction id is shared by a parent and its children; the consensus time is unique.
  key: (tx, index) => tx.consensus_timestamp ?? `${tx.transaction_id ?? ''}/${tx.nonce ?? ''}/${index}`,
  position: tx => (tx.consensus_timestamp ? parseTimestamp(tx.consensus_timestamp) : undefined),
  compare: compareTimestamps,
};

/** The rows alone (what the tests of the rules drive). */
export class TransactionPager<P extends TransactionPage> extends Pager<Transaction, P, Timestamp> {
  constructor() {
    super(transactionRules);
  }

  get transactions(): readonly Transaction[] {
    return this.rows;
  }
}

/** An account's transactions with their requests: the account lookup is the first page. */
export class TransactionList extends PagedList<Transaction, AccountResponse, Timestamp, Problem> {
  constructor(options: Omit<PagedListOptions<Transaction, AccountResponse, Timestamp, Problem>, 'rules'>) {
    super({ ...options, rules: transactionRules });
  }

  get transactions(): readonly Transaction[] {
    return this.rows;
  }
}
