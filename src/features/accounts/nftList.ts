// An account's NFTs as loaded so far (GET /accounts/{id}/nfts, a page at a time through
// links.next): the rows and pages are the shared pager's (common/pager.ts); this adds whether a
// page is on its way and the last failure. Pure state; the store fetches.
import type { Nft, NftsResponse } from '../../mirror';
import { Pager } from '../common/pager';
import type { Problem } from './problem';

/** NFTs asked per page. */
export const NFT_PAGE = 25;

function nftPager(): Pager<Nft, NftsResponse, never> {
  return new Pager<Nft, NftsResponse, never>({
    rows: page => page.nfts,
    // A token's serial is unique; a row without them keeps its place.
    key: (nft, index) =>
      nft.token_id && nft.serial_number !== undefined ? `${nft.token_id}#${nft.serial_number}` : `#${index}`,
    // The server's order (token, then serial) is kept: the list never refreshes in place.
    position: () => undefined,
    compare: () => 0,
  });
}

export class NftList {
  private pager = nftPager();
  loading: Promise<void> | undefined;
  problem: Problem | undefined;
  /** Bumped when the list starts over, so a page that lands after a reset is dropped. */
  generation = 0;

  get rows(): readonly Nft[] {
    return this.pager.rows;
  }

  /** The last page loaded: where the next one is asked. */
  get last(): NftsResponse | undefined {
    return this.pager.lastPage;
  }

  get loaded(): boolean {
    return this.pager.lastPage !== undefined;
  }

  get hasMore(): boolean {
    return this.pager.hasMore;
  }

  reset(): void {
    this.pager = nftPager();
    this.loading = undefined;
    this.problem = undefined;
    this.generation++;
  }

  /** The page loaded; null (the next link led nowhere new) ends the paging. */
  append(page: NftsResponse | null): void {
    if (this.loaded) this.pager.append(page);
    else if (page) this.pager.reset(page);
  }
}
