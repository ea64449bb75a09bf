// The paged account the recordings lack: 0.0.1001, whose first page holds two transactions and
// links to a second page with one more. The unit store test, the integration suite and the e2e
// scenario page through it with Load more; a test that tells the later transactions apart by name
// overrides them.
import { anAccount, aTransaction, recordFor, type TransactionIn } from './builders';
import type { ExtraRecord } from './mirrorReplay';

export const PAGED_ACCOUNT = '/api/v1/accounts/0.0.1001';
/** The first page's links.next. */
export const PAGED_ACCOUNT_PAGE2 = '/api/v1/accounts/0.0.1001?timestamp=lt:1700000100.000000001';

export interface PagedAccountOverrides {
  /** The first page's second (older) transaction. */
  readonly older?: Partial<TransactionIn>;
  /** The second page's one transaction (a TOKENMINT unless overridden). */
  readonly nextPage?: Partial<TransactionIn>;
}

/** The two pages, as records for MirrorReplay.addRecords (or the e2e control's). */
export function pagedAccountRecords(overrides: PagedAccountOverrides = {}): ExtraRecord[] {
  const first = anAccount({
    transactions: [
      aTransaction({
        consensus_timestamp: '1700000300.000000001',
        transaction_id: '0.0.1001-1700000300-000000000',
      }),
      aTransaction({
        consensus_timestamp: '1700000100.000000001',
        transaction_id: '0.0.1001-1700000100-000000000',
        ...overrides.older,
      }),
    ],
    links: { next: PAGED_ACCOUNT_PAGE2 },
  });
  const second = anAccount({
    transactions: [
      aTransaction({ consensus_timestamp: '1700000050.000000001', name: 'TOKENMINT', ...overrides.nextPage }),
    ],
    links: { next: null },
  });
  return [recordFor(PAGED_ACCOUNT, first), recordFor(PAGED_ACCOUNT_PAGE2, second)];
}
