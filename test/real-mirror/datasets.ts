// The named sets of the real mirror node's own spec data the real-mirror suite runs on. Each set is
// loaded into its own database and served by its own server process, so specs of different sets
// never collide (their rows share primary keys) and each set keeps its own config and clock.
// Paths are relative to rest/__tests__/specs of ../shared/real-mirror-node/mirror-src.tar.gz; every
// spec here uses shard.realm 0.0 (many others use 1023.1 through their config: not these).
// `own` names data of ours (test/real-mirror/own), built at load time and loaded after the specs.
import type { OwnSetupName } from './own';

export interface Dataset {
  readonly name: string;
  readonly about: string;
  readonly specs: readonly string[];
  readonly own: readonly OwnSetupName[];
}

function set(name: string, about: string, specs: readonly string[], own: readonly OwnSetupName[] = []): Dataset {
  return { name, about, specs, own };
}

export const DATASETS: Readonly<Record<string, Dataset>> = {
  // accounts/{id}/tokens/no-params.json: 0.0.1001 holds 15 of 0.0.1135 (1 decimal) and 0 of
  // 0.0.45678 (2), the token units; it collides with tokens/{id}/no-params.json (same token ids).
  accounts: set(
    'accounts',
    'accounts 0.0.3, 7, 8, 9, 98: balances, token balances, transactions (clock 2009-02-13); 0.0.1001 with tokens',
    ['accounts/{id}/no-params.json', 'accounts/{id}/tokens/no-params.json'],
    ['token-entities'],
  ),
  // Token metadata (the hover), and NFTs: 0.0.1001's four of the specs, 0.0.4001's page and more of ours.
  tokens: set(
    'tokens',
    'four fungible tokens, 0.0.1135 with 1000 decimals; NFTs of 0.0.1001 (specs) and 0.0.4001 (ours)',
    ['tokens/{id}/no-params.json', 'accounts/{id}/nfts/no-params.json'],
    ['nft-collection'],
  ),
  // With ours: the spec data's logs have arbitrary topics; a call to the sample workspace's MyToken.
  transactions: set(
    'transactions',
    'transactions sharing an id (parent, scheduled, duplicate), their hashes; a MyToken call and its logs (ours)',
    ['transactions/{id}/no-params.json'],
    ['my-token'],
  ),
  blocks: set('blocks', 'record files 16 to 19 as blocks', ['blocks/no-params.json']),
  // Not with transaction-index.json: both insert contract 0.0.5001.
  contracts: set('contracts', 'four contract results in blocks 10 and 11, from four senders', [
    'contracts/results/block-number.json',
  ]),
  // Call traces: the server's own /actions spec data, and a trace the sample's contracts made on a
  // real EVM (both ours to load: see test/real-mirror/own/traces.ts).
  traces: set(
    'traces',
    'the /actions spec data (2 actions of 0.0.5001-1676540001-234390005); Vault → MyToken reverting (a real EVM)',
    [],
    ['actions-spec', 'vault-trace'],
  ),
  // Topic 0.0.7's messages, in three sets: their rows share sequence numbers 1 to 3. `/topics/{id}`
  // itself is served by another module in production: this server answers it 404.
  topics: set('topics', 'topic 0.0.7: six messages, #1 to #6, over two timestamps ranges (paging, gt:, order)', [
    'topics/{id}/messages/order.json',
  ]),
  'topic-lookup': set('topic-lookup', 'topic 0.0.7: three messages and their transactions (the timestamp lookup)', [
    'topics/messages/{id}/timestamp-valid.json',
  ]),
  'topic-chunks': set('topic-chunks', 'topic 0.0.7: a whole message, a one-chunk message, chunk 2 of 3', [
    'topics/{id}/messages/with-chunk-data.json',
  ]),
  // `npm start -- --real-mirror`: one server, so specs whose rows do not collide, loaded together
  // (not blocks/no-params.json: its record files share a consensus_end with block-number.json's,
  // whose blocks 10 and 11 the Blocks view shows instead).
  demo: set('demo', 'accounts, transactions, blocks and contract results together (npm start -- --real-mirror)', [
    'accounts/{id}/no-params.json',
    'contracts/results/block-number.json',
    'transactions/{id}/no-params.json',
  ]),
};

/** The sets the suite runs on (the demo set is for npm start). */
export const SUITE_SETS = [
  'accounts',
  'tokens',
  'transactions',
  'blocks',
  'contracts',
  'traces',
  'topics',
  'topic-lookup',
  'topic-chunks',
] as const;
