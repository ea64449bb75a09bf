// Reaching a network other than the selected one for a single lookup ("try the other networks",
// a panel restored after the network changed): a temporary client, disposed when done. The network
// list and its mappings are the ledger's (src/ledger/networks.ts). No vscode.
import { isNetwork, publicMirrorUrl, type Network } from '../../../ledger';
import { createMirrorClient, type MirrorClient } from '../../../mirror';
import type { LedgerLensConfig } from '../../../settings';

/** The settings the detail panels and lookups read: the selected network and what a client needs. */
export type DetailSettings = Pick<
  LedgerLensConfig,
  'network' | 'customMirror' | 'scheme' | 'requestTimeoutMs' | 'maxRequestsPerSecond'
>;

/** The detail settings out of the whole snapshot (the composition root's slice). */
export function detailSettings(c: LedgerLensConfig): DetailSettings {
  return {
    network: c.network,
    customMirror: c.customMirror,
    scheme: c.scheme,
    requestTimeoutMs: c.requestTimeoutMs,
    maxRequestsPerSecond: c.maxRequestsPerSecond,
  };
}

/** Where a network's mirror node is; replaceable so tests can point every network at loopback. */
export type NetworkUrlResolver = (network: Network, config: DetailSettings) => string;

export const defaultNetworkUrl: NetworkUrlResolver = (network, config) => {
  const url = publicMirrorUrl(network, config.scheme);
  if (url === undefined) throw new Error(`${network} has no public mirror node: set ledgerLens.mirrorNodeUrl`);
  return url;
};

export interface Lease {
  readonly client: MirrorClient;
  /** Disposes the client if it was made for this lease; the shared one is left alone. */
  release(): void;
}

/** The selected network's client, or a temporary one for another network. */
export function leaseClient(
  network: string,
  config: DetailSettings,
  current: MirrorClient,
  resolve: NetworkUrlResolver,
): Lease {
  if (network === config.network || !isNetwork(network)) return { client: current, release: () => undefined };
  return temporaryClient(network, config, resolve);
}

/** A client of its own for `network`'s public mirror node (even the selected network's, when a custom URL is in use). */
export function temporaryClient(network: Network, config: DetailSettings, resolve: NetworkUrlResolver): Lease {
  const client = createMirrorClient({
    baseUrl: resolve(network, config),
    timeoutMs: config.requestTimeoutMs,
    maxRequestsPerSecond: config.maxRequestsPerSecond,
  });
  return { client, release: () => client.dispose() };
}
