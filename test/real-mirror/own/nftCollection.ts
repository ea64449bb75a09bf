// Our own data for the real server: an NFT collection with more NFTs in one account than the
// Accounts view asks per page (NFT_PAGE), so its NFTs section pages through the server's own
// links.next. The spec files' NFT data holds at most four NFTs per account. Rows in the `setup`
// format of the server's spec files.
import { NFT_PAGE } from '../../../src/features/accounts/nftList';

export const NFT_COLLECTION = {
  token: '0.0.4100',
  name: 'Ledger Lens Test Collection',
  symbol: 'LLTC',
  owner: '0.0.4001',
  /** One page and five more. */
  count: NFT_PAGE + 5,
  /** NFT metadata is bytes: ours is text, a link the view shows and never opens. */
  metadata: (serial: number): string => `ipfs://bafyledgerlens17/${serial}.json`,
} as const;

const CREATED_NS = 1700000000000000000n;

export function nftCollectionSetup(): Record<string, unknown> {
  const c = NFT_COLLECTION;
  const serials = Array.from({ length: c.count }, (_, i) => i + 1);
  return {
    accounts: [{ num: 4001 }],
    entities: [{ num: 4100, type: 'TOKEN', memo: 'the real-mirror suite NFTs' }],
    tokens: [
      {
        token_id: c.token,
        name: c.name,
        symbol: c.symbol,
        created_timestamp: CREATED_NS.toString(),
        type: 'NON_FUNGIBLE_UNIQUE',
        treasury_account_id: c.owner,
        total_supply: c.count,
      },
    ],
    nfts: serials.map(serial => ({
      account_id: c.owner,
      token_id: c.token,
      serial_number: serial,
      created_timestamp: (CREATED_NS + BigInt(serial)).toString(),
      // Stored as given: bytea takes the text's bytes (the server answers them in base64).
      metadata: c.metadata(serial),
    })),
  };
}
