// The networks Ledger Lens knows, in one table, and every mapping from a network name: the ledger
// behind it (checksums), its public mirror node, its HashScan name, the status page's name. Pure.
//
// Adding a network (as `local`, a local node or Solo, was) is one row in NETWORK_INFO: a network
// without a ledger id has no checksum, one without a public mirror host is asked at its
// `localMirrorUrl` or `mirrorNodeUrl`, one without a HashScan name gets no explorer links. The
// setting value `auto` ("from the code") is a NetworkSetting resolved to a Network elsewhere.
import type { LedgerNetwork } from './entityId';

export const NETWORKS = ['mainnet-public', 'mainnet', 'previewnet', 'testnet', 'local'] as const;
export type Network = (typeof NETWORKS)[number];

/** Values `ledgerLens.network` may take: `auto` (the network the code means) or a network. */
export const NETWORK_SETTING_VALUES: readonly string[] = ['auto', ...NETWORKS];
export type NetworkSetting = 'auto' | Network;

export interface NetworkInfo {
  /** The ledger whose entity ids and checksums apply; undefined for a network with no fixed ledger. */
  readonly ledger: LedgerNetwork | undefined;
  /** The host of its public mirror node; undefined when only a configured URL can reach it. */
  readonly mirrorHost: string | undefined;
  /**
   * The mirror node on this machine a network without a public one is asked at by default (the
   * scheme setting does not apply); `ledgerLens.mirrorNodeUrl` overrides it.
   */
  readonly localMirrorUrl?: string;
  /** The EVM chain id (HIP-26), for the status item and the why line. */
  readonly chainId: number;
  /** HashScan's name for it; undefined when HashScan has no pages for it. */
  readonly hashscan: string | undefined;
  /** Worth trying after a miss on another network (one door per ledger). */
  readonly tryAfterMiss: boolean;
}

export const NETWORK_INFO: Readonly<Record<Network, NetworkInfo>> = {
  'mainnet-public': {
    chainId: 295,
    ledger: 'mainnet',
    mirrorHost: 'mainnet-public.mirrornode.hedera.com',
    hashscan: 'mainnet',
    tryAfterMiss: true,
  },
  mainnet: {
    chainId: 295,
    ledger: 'mainnet',
    mirrorHost: 'mainnet.mirrornode.hedera.com',
    hashscan: 'mainnet',
    tryAfterMiss: false, // the paid door to the ledger mainnet-public already tries
  },
  previewnet: {
    chainId: 297,
    ledger: 'previewnet',
    mirrorHost: 'previewnet.mirrornode.hedera.com',
    hashscan: 'previewnet',
    tryAfterMiss: true,
  },
  testnet: {
    chainId: 296,
    ledger: 'testnet',
    mirrorHost: 'testnet.mirrornode.hedera.com',
    hashscan: 'testnet',
    tryAfterMiss: true,
  },
  // A local node or Solo: its own ledger (no HIP-15 checksums), its mirror REST on port 5551, no
  // HashScan pages, and never asked after a miss elsewhere (nor asked itself unless chosen).
  local: {
    chainId: 298,
    ledger: undefined,
    mirrorHost: undefined,
    localMirrorUrl: 'http://localhost:5551',
    hashscan: undefined,
    tryAfterMiss: false,
  },
};

export function isNetwork(name: unknown): name is Network {
  return typeof name === 'string' && (NETWORKS as readonly string[]).includes(name);
}

/** The ledger behind a network name: `mainnet` and `mainnet-public` are two doors to one ledger. */
export function ledgerOf(network: Network): LedgerNetwork | undefined {
  return NETWORK_INFO[network].ledger;
}

/** `https://testnet.mirrornode.hedera.com`, or undefined for a network with no public mirror node. */
export function publicMirrorUrl(network: Network, scheme: 'https' | 'http' = 'https'): string | undefined {
  const host = NETWORK_INFO[network].mirrorHost;
  return host === undefined ? undefined : `${scheme}://${host}`;
}

/**
 * Where a network's mirror node is when no `mirrorNodeUrl` is set: the public host (with the
 * scheme setting) or, for a local node, its fixed loopback URL.
 */
export function defaultMirrorUrl(network: Network, scheme: 'https' | 'http' = 'https'): string | undefined {
  return publicMirrorUrl(network, scheme) ?? NETWORK_INFO[network].localMirrorUrl;
}

/** True for a network served on this machine (a local node or Solo): health from the node itself. */
export function isLocalNetwork(network: Network): boolean {
  return NETWORK_INFO[network].localMirrorUrl !== undefined;
}

/** HashScan's name for the network; undefined for a custom mirror node or a network HashScan lacks. */
export function hashscanNetworkOf(network: Network, customMirror = false): string | undefined {
  return customMirror ? undefined : NETWORK_INFO[network].hashscan;
}

/**
 * The networks worth trying after a miss: one per other ledger (the free public door for mainnet).
 * With a custom mirror node every public ledger is "other", the selected one included.
 */
export function otherNetworks(current: Network, customMirror: boolean): Network[] {
  const ledger = ledgerOf(current);
  return NETWORKS.filter(
    n =>
      NETWORK_INFO[n].tryAfterMiss &&
      publicMirrorUrl(n) !== undefined &&
      (customMirror || ledger === undefined || ledgerOf(n) !== ledger),
  );
}

/** A short name for the network in view descriptions: the network, or the custom URL's host. */
export function networkLabelOf(network: Network, customMirrorUrl?: string): string {
  if (!customMirrorUrl) return network;
  try {
    return new URL(customMirrorUrl).host;
  } catch {
    return network;
  }
}
