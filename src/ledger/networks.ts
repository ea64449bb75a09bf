// The networks Ledger Lens knows, in one table, and every mapping from a network name: the ledger
// behind it (checksums), its public mirror node, where its requests go under the user's endpoint
// settings (mirrorEndpoints), its HashScan name, the status page's name. Pure.
//
// Adding a network (as `local`, a local node or Solo, was) is one row in NETWORK_INFO: a network
// without a ledger id has no checksum, one without a public mirror host is asked at its
// `localMirrorUrl` or `mirrorNodeUrl`, one without a HashScan name gets no explorer links. The
// setting value `auto` ("from the code") is a NetworkSetting resolved to a Network elsewhere.
import type { LedgerNetwork } from './entityId';

export const NETWORKS = ['mainnet-public', 'mainnet', 'previewnet', 'testnet', 'local'] as const;
export type Network = (typeof NETWORKS)[number];

/** Values `ledgerLens.network` may take: `auto` (the network the code means) or a network. */
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

/** Where one network's mirror node requests go, and what is known about that endpoint. */
export interface MirrorEndpoint {
  /** The origin asked (a path prefix kept, no trailing slash). */
  readonly url: string;
  /**
   * The setting that named it: `mirrorNodeUrl` (every network's requests), `mirrorNodeUrls` (this
   * network's), or undefined for the network's own mirror node (public, or the local default).
   */
  readonly setting: 'mirrorNodeUrl' | 'mirrorNodeUrls' | undefined;
  /**
   * The network the endpoint is known to serve, whose status page and HashScan pages describe it;
   * undefined when nothing the user set says (a `mirrorNodeUrl` under `auto`).
   */
  readonly serves: Network | undefined;
}

/** The user's endpoint settings, validated (URLs without a trailing slash). */
export interface EndpointSettings {
  readonly networkSetting: 'auto' | Network;
  readonly scheme: 'https' | 'http';
  /** `ledgerLens.mirrorNodeUrl`, or undefined when unset. */
  readonly mirrorNodeUrl: string | undefined;
  /** `ledgerLens.mirrorNodeUrls`: the entries set. */
  readonly mirrorNodeUrls: Readonly<Partial<Record<Network, string>>>;
}

/** The network whose public mirror node is at `url`'s host, if any. */
function publicNetworkAt(url: string): Network | undefined {
  let host: string;
  try {
    host = new URL(url).host;
  } catch {
    return undefined;
  }
  return NETWORKS.find(n => NETWORK_INFO[n].mirrorHost === host);
}

/**
 * [network] The one decision of where each network's requests go. A set `mirrorNodeUrl` takes
 * every request, whatever network the code means: the user chose that host, and a cloned
 * repository's `Client.forMainnet()` must not send ids anywhere else. Without it, a
 * `mirrorNodeUrls` entry serves its network, and the rest go to their own mirror node. What a
 * `mirrorNodeUrl` serves is known only when the user says it: an explicit `ledgerLens.network`, a
 * `mirrorNodeUrls` entry with the same URL, or the URL being a public network's own host.
 */
export function mirrorEndpoints(s: EndpointSettings): Readonly<Record<Network, MirrorEndpoint>> {
  const all = s.mirrorNodeUrl;
  const allServes =
    all === undefined
      ? undefined
      : (NETWORKS.find(n => s.mirrorNodeUrls[n] === all) ??
        (s.networkSetting === 'auto' ? undefined : s.networkSetting) ??
        publicNetworkAt(all));
  const endpointOf = (network: Network): MirrorEndpoint => {
    if (all !== undefined) return { url: all, setting: 'mirrorNodeUrl', serves: allServes };
    const own = s.mirrorNodeUrls[network];
    if (own !== undefined) return { url: own, setting: 'mirrorNodeUrls', serves: network };
    const url = defaultMirrorUrl(network, s.scheme) ?? `${s.scheme}://${network}.mirrornode.hedera.com`;
    return { url, setting: undefined, serves: network };
  };
  return Object.fromEntries(NETWORKS.map(n => [n, endpointOf(n)])) as Record<Network, MirrorEndpoint>;
}

/**
 * The public network whose status page tells the endpoint's health, or undefined when the status
 * item asks the mirror node itself for its newest block (a local node, or a mirror node nothing
 * says the network of).
 */
export function statusPageNetworkOf(endpoint: MirrorEndpoint): Network | undefined {
  const n = endpoint.serves;
  return n !== undefined && publicMirrorUrl(n) !== undefined ? n : undefined;
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
