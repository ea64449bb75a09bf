// The named sets of the real mirror node's own spec data the real-mirror suite runs on. Each set is
// loaded into its own database and served by its own server process, so specs of different sets
// never collide (their rows share primary keys) and each set keeps its own config and clock.
// Paths are relative to rest/__tests__/specs of ../shared/real-mirror-node/mirror-src.tar.gz; every
// spec here uses shard.realm 0.0 (many others use 1023.1 through their config: not these).

export interface Dataset {
  readonly name: string;
  readonly about: string;
  readonly specs: readonly string[];
}

function set(name: string, about: string, specs: readonly string[]): Dataset {
  return { name, about, specs };
}

export const DATASETS: Readonly<Record<string, Dataset>> = {
  accounts: set('accounts', 'accounts 0.0.3, 7, 8, 9, 98: balances, token balances, transactions (clock 2009-02-13)', [
    'accounts/{id}/no-params.json',
  ]),
  // Token metadata (the hover). Token relationships with decimals for token units are in
  // accounts/{id}/tokens/no-params.json, which collides with this one (tokens 0.0.1135, 0.0.45678).
  tokens: set('tokens', 'four fungible tokens, 0.0.1135 with 1000 decimals', ['tokens/{id}/no-params.json']),
  transactions: set('transactions', 'transactions sharing an id (parent, scheduled, duplicate), their hashes', [
    'transactions/{id}/no-params.json',
  ]),
  blocks: set('blocks', 'record files 16 to 19 as blocks', ['blocks/no-params.json']),
  // Not with transaction-index.json: both insert contract 0.0.5001.
  contracts: set('contracts', 'four contract results in blocks 10 and 11, from four senders', [
    'contracts/results/block-number.json',
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
export const SUITE_SETS = ['accounts', 'tokens', 'transactions', 'blocks', 'contracts'] as const;
