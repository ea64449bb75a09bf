// The transactions looked up lately, offered first by "Lookup transaction": most recent first, one
// entry per query and network, at most RECENT_PER_NETWORK per network. Kept in the extension's
// global state, which is read back as untrusted (another version, a sync, a hand edit may have
// written it). Pure (no vscode): the store is handed a Memento-shaped object.
import { isNetwork, type Network } from '../../ledger';
import { parseTransactionLookup, queryToText, type TransactionQuery } from '../common/transactionInput';

export interface RecentLookup {
  /** The query's text (queryToText): what a new lookup of it is given. */
  readonly input: string;
  /** The network it was found on: picking it asks that network again. */
  readonly network: Network;
  /** When it was looked up, ms since the epoch. */
  readonly at: number;
}

export const RECENT_PER_NETWORK = 10;
/** The key in the extension's own global state (already apart from other extensions'). */
export const RECENT_KEY = 'transactions.recentLookups';
/** Read back at most this many stored entries (more is a state this code never wrote). */
const MAX_STORED = 200;

/** `list` with `entry` first, its earlier copies (same query on the same network) gone, bounded per network. */
export function addRecent(
  list: readonly RecentLookup[],
  entry: RecentLookup,
  perNetwork = RECENT_PER_NETWORK,
): RecentLookup[] {
  return bound([entry, ...list.filter(e => !(e.network === entry.network && e.input === entry.input))], perNetwork);
}

/** The entries of a stored value that are well formed, deduplicated and bounded, in their order. */
export function readRecent(stored: unknown, perNetwork = RECENT_PER_NETWORK): RecentLookup[] {
  if (!Array.isArray(stored)) return [];
  const out: RecentLookup[] = [];
  const seen = new Set<string>();
  for (const value of stored.slice(0, MAX_STORED)) {
    const entry = recentEntry(value);
    if (!entry) continue;
    const key = `${entry.network} ${entry.input}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(entry);
  }
  return bound(out, perNetwork);
}

function recentEntry(value: unknown): RecentLookup | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const { input, network, at } = value as Record<string, unknown>;
  if (typeof input !== 'string' || input.length > 300 || !isNetwork(network)) return undefined;
  if (typeof at !== 'number' || !Number.isFinite(at)) return undefined;
  const parsed = parseTransactionLookup(input);
  // Stored in the canonical spelling; anything else was not written by this code.
  if (!parsed.ok || queryToText(parsed.query) !== input) return undefined;
  return { input, network, at };
}

function bound(list: readonly RecentLookup[], perNetwork: number): RecentLookup[] {
  const counts = new Map<Network, number>();
  return list.filter(e => {
    const n = (counts.get(e.network) ?? 0) + 1;
    counts.set(e.network, n);
    return n <= perNetwork;
  });
}

/** The part of vscode.Memento the store uses. */
export interface RecentMemento {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

/** The recent lookups in the extension's global state. */
export class RecentLookups {
  constructor(
    private readonly memento: RecentMemento,
    private readonly now: () => number = Date.now,
  ) {}

  /** Most recent first. */
  list(): RecentLookup[] {
    return readRecent(this.memento.get(RECENT_KEY));
  }

  /** Remembers a query found on `network` (a lookup whose panel opened). */
  async add(query: TransactionQuery, network: Network): Promise<void> {
    const entry: RecentLookup = { input: queryToText(query), network, at: this.now() };
    await this.memento.update(RECENT_KEY, addRecent(this.list(), entry));
  }

  async clear(): Promise<void> {
    await this.memento.update(RECENT_KEY, undefined);
  }
}
