// The networks Ledger Lens knows, in one table, and every mapping from a network name: the ledger
// behind it (checksums), its public mirror node, its HashScan name, the status page's name. Pure.
//
// Adding a network (e.g. `local`, a local node) is one row in NETWORK_INFO: a network without a
// ledger id has no checksum, one without a public mirror host needs `mirrorNodeUrl`, one without a
// HashScan name gets no explorer links. A setting value that is not a network (e.g. `auto`, "from
// the code") is a NetworkSetting resolved to a Network elsewhere; see isNetworkSetting.
import type { LedgerNetwork } from './entityId';

export const NETWORKS = ['mainnet-public', 'mainnet', 'previewnet', 'testnet'] as const;
export type Network = (typeof NETWORKS)[number];

/** Values `ledgerLens.network` may take: a network, plus any special value added later (`auto`). */
export const NETWORK_SETTING_VALUES: readonly string[] = [...NETWORKS];
export type NetworkSetting = Network;

export interface NetworkInfo {
  /** The ledger whose entity ids and checksums apply; undefined for a network with no fixed ledger. */
  readonly ledger: LedgerNetwork | undefined;
  /** The host of its public mirror node; undefined when only a configured URL can reach it. */
  readonly mirrorHost: string | undefined;
  /** HashScan's name for it; undefined when HashScan has no pages for it. */
  readonly hashscan: string | undefined;
  /** Worth trying after a miss on another network (one door per ledger). */
  readonly tryAfterMiss: boolean;
}

export const NETWORK_INFO: Readonly<Record<Network, NetworkInfo>> = {
  'mainnet-public': {
    ledger: 'mainnet',
    mirrorHost: 'mainnet-public.mirrornode.hedera.com',
    hashscan: 'mainnet',
    tryAfterMiss: true,
  },
  mainnet: {
    ledger: 'mainnet',
    mirrorHost: 'mainnet.mirrornode.hedera.com',
    hashscan: 'mainnet',
    tryAfterMiss: false, // the paid door to the ledger mainnet-public already tries
  },
  previewnet: {
    ledger: 'previewnet',
    mirrorHost: 'previewnet.mirrornode.hedera.com',
    hashscan: 'previewnet',
    tryAfterMiss: true,
  },
  testnet: {
    ledger: 'testnet',
    mirrorHost: 'testnet.mirrornode.hedera.com',
    hashscan: 'testnet',
    tryAfterMiss: true,
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
