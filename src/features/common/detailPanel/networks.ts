// Reaching a network other than the selected one for a single lookup ("try the other networks",
// a panel restored after the network changed): a temporary client, disposed when done. No vscode.
import { createMirrorClient, type MirrorClient } from '../../../mirror';
import { NETWORKS, defaultMirrorBaseUrl, type LedgerLensConfig, type Network } from '../../../settings';

/** The ledger behind a network name: `mainnet` and `mainnet-public` are two doors to one ledger. */
export function ledgerOf(network: Network): 'mainnet' | 'testnet' | 'previewnet' {
  return network === 'mainnet-public' ? 'mainnet' : network;
}

/**
 * The networks worth trying after a miss: one per other ledger (the free public door for mainnet).
 * With a custom mirror node every public ledger is "other", the selected one included.
 */
export function otherNetworks(config: Pick<LedgerLensConfig, 'network' | 'customMirror'>): Network[] {
  const current = ledgerOf(config.network);
  return NETWORKS.filter(n => n !== 'mainnet').filter(n => config.customMirror || ledgerOf(n) !== current);
}

export function isNetwork(name: string): name is Network {
  return (NETWORKS as readonly string[]).includes(name);
}

/** Where a network's mirror node is; replaceable so tests can point every network at loopback. */
export type NetworkUrlResolver = (network: Network, config: LedgerLensConfig) => string;

export const defaultNetworkUrl: NetworkUrlResolver = (network, config) => defaultMirrorBaseUrl(network, config.scheme);

export interface Lease {
  readonly client: MirrorClient;
  /** Disposes the client if it was made for this lease; the shared one is left alone. */
  release(): void;
}

/** The selected network's client, or a temporary one for another network. */
export function leaseClient(
  network: string,
  config: LedgerLensConfig,
  current: MirrorClient,
  resolve: NetworkUrlResolver,
): Lease {
  if (network === config.network || !isNetwork(network)) return { client: current, release: () => undefined };
  return temporaryClient(network, config, resolve);
}

/** A client of its own for `network`'s public mirror node (even the selected network's, when a custom URL is in use). */
export function temporaryClient(network: Network, config: LedgerLensConfig, resolve: NetworkUrlResolver): Lease {
  const client = createMirrorClient({
    baseUrl: resolve(network, config),
    timeoutMs: config.requestTimeoutMs,
    maxRequestsPerSecond: config.maxRequestsPerSecond,
  });
  return { client, release: () => client.dispose() };
}
