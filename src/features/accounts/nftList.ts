// An account's NFTs as loaded so far (GET /accounts/{id}/nfts, a page at a time through
// links.next): the shared paged list (common/pager.ts) with the rules of NFTs; the list owns the
// request on its way and the last failure. The token store asks the pages.
import type { Nft, NftsResponse } from '../../mirror';
import type { PagedList, PagerRules } from '../common/pager';
import type { Problem } from './problem';

/** NFTs asked per page. */
export const NFT_PAGE = 25;

export const nftRules: PagerRules<Nft, NftsResponse, never> = {
  rows: page => page.nfts,
  // A token's serial is unique; a row without them keeps its place.
  key: (nft, index) =>
    nft.token_id && nft.serial_number !== undefined ? `${nft.token_id}#${nft.serial_number}` : `#${index}`,
  // The server's order (token, then serial) is kept: the list never refreshes in place.
  position: () => undefined,
  compare: () => 0,
};

export type NftList = PagedList<Nft, NftsResponse, never, Problem>;
