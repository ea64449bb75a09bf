// An account's NFTs as loaded so far (GET /accounts/{id}/nfts, a page at a time through
// links.next): the rows, the last page, whether a page is on its way and the last failure.
// Pure state; the store fetches.
import type { Nft, NftsResponse } from '../../mirror';
import type { Problem } from './problem';

/** NFTs asked per page. */
export const NFT_PAGE = 25;

export class NftList {
  rows: Nft[] = [];
  last: NftsResponse | undefined;
  loading: Promise<void> | undefined;
  problem: Problem | undefined;
  /** Bumped when the list starts over, so a page that lands after a reset is dropped. */
  generation = 0;

  get loaded(): boolean {
    return this.last !== undefined;
  }

  get hasMore(): boolean {
    return !!this.last?.links.next;
  }

  reset(): void {
    this.rows = [];
    this.last = undefined;
    this.loading = undefined;
    this.problem = undefined;
    this.generation++;
  }

  append(page: NftsResponse): void {
    this.rows.push(...page.nfts);
    this.last = page;
  }
}
