// The load-more state of "Recent transactions": pages appended in order, duplicates dropped, and a
// refreshed first page that keeps what Load more brought when it reaches it.
import * as assert from 'assert';
import { parseLossless } from '../../../src/mirror';
import { TransactionSchema } from '../../../src/mirror/schemas';
import type { Transaction } from '../../../src/mirror';
import { TransactionPager, type TransactionPage } from '../../../src/features/accounts/pages';
import { aTransaction } from '../../support/builders';

function txAt(second: number): Transaction {
  return TransactionSchema.parse(
    parseLossless(
      aTransaction({ consensus_timestamp: `${second}.000000001`, transaction_id: `0.0.1001-${second}-000000000` }).text,
    ),
  );
}

function page(seconds: number[], next: string | null): TransactionPage {
  return { transactions: seconds.map(txAt), links: { next } };
}

const ids = (p: TransactionPager<TransactionPage>) =>
  p.transactions.map(t => Number(t.consensus_timestamp!.split('.')[0]));

describe('transaction pager', () => {
  it('starts with the first page and offers more only when it links further', () => {
    const p = new TransactionPager<TransactionPage>();
    assert.strictEqual(p.hasMore, false);
    p.reset(page([30, 29, 28], '/api/v1/accounts/0.0.1001?timestamp=lt:28.000000001'));
    assert.deepStrictEqual(ids(p), [30, 29, 28]);
    assert.strictEqual(p.hasMore, true);
    assert.strictEqual(p.pages, 1);
  });

  it('appends pages in order, drops a repeated transaction, and stops at the last page', () => {
    const p = new TransactionPager<TransactionPage>();
    p.reset(page([30, 29, 28], 'n1'));
    const second = page([28, 27, 26], 'n2');
    p.append(second);
    assert.deepStrictEqual(ids(p), [30, 29, 28, 27, 26]);
    assert.strictEqual(p.lastPage, second, 'Load more goes on from the page just loaded');
    p.append(page([25], null));
    assert.deepStrictEqual(ids(p), [30, 29, 28, 27, 26, 25]);
    assert.strictEqual(p.hasMore, false);
    assert.strictEqual(p.pages, 3);
  });

  it('a next() that found nothing ends the paging without losing the list', () => {
    const p = new TransactionPager<TransactionPage>();
    p.reset(page([30], 'n1'));
    p.append(null);
    assert.deepStrictEqual(ids(p), [30]);
    assert.strictEqual(p.hasMore, false);
  });

  it('a refreshed first page that reaches the loaded ones keeps the older pages and the cursor', () => {
    const p = new TransactionPager<TransactionPage>();
    p.reset(page([30, 29, 28], 'n1'));
    const last = page([27, 26, 25], 'n2');
    p.append(last);
    // Two new transactions arrived: the new first page is 32..29.
    p.refreshFirst(page([32, 31, 30, 29], 'fresh'));
    assert.deepStrictEqual(ids(p), [32, 31, 30, 29, 28, 27, 26, 25]);
    assert.strictEqual(p.lastPage, last);
    assert.strictEqual(p.pages, 2);
    assert.strictEqual(p.hasMore, true);
  });

  it('a refreshed first page that does not reach the loaded ones starts over', () => {
    const p = new TransactionPager<TransactionPage>();
    p.reset(page([30, 29], 'n1'));
    p.append(page([28, 27], 'n2'));
    const fresh = page([90, 89], 'n9');
    p.refreshFirst(fresh);
    assert.deepStrictEqual(ids(p), [90, 89]);
    assert.strictEqual(p.lastPage, fresh);
    assert.strictEqual(p.pages, 1);
  });

  it('with only the first page loaded, a refresh simply replaces it', () => {
    const p = new TransactionPager<TransactionPage>();
    p.reset(page([30, 29], 'n1'));
    const fresh = page([31, 30], 'n1b');
    p.refreshFirst(fresh);
    assert.deepStrictEqual(ids(p), [31, 30]);
    assert.strictEqual(p.lastPage, fresh);
  });
});
