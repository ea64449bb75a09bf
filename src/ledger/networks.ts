// The networks Ledger Lens knows, in one table, and every mapping from a network name: the ledger
// behind it (checksums), its public mirror node, where its requests go under the user's endpoint
// settings (mirrorEndpoints), its HashScan name, its status page group, the names and chain id
// inference reads it by, the line a picker shows. Pure.
//
// Adding a network (as `local`, a local node or Solo, was) is one row in NETWORK_INFO: a network
// without a ledger id has no checksum, one without a public mirror host is asked at its
// `localMirrorUrl` or `mirrorNodeUrl`, one without a HashScan name gets no explorer links, one
// without a status group is asked for its own health. The setting value `auto` ("from the code")
// is a NetworkSetting resolved to a Network elsewhere.

export const NETWORKS = ['mainnet-public', 'mainnet', 'previewnet', 'testnet', 'local'] as const;
export type Network = (typeof NETWORKS)[number];

/** Values `ledgerLens.network` may take: `auto` (the network the code means) or a network. */
export type NetworkSetting = 'auto' | Network;

export interface NetworkInfo {
  /**
   * The ledger whose entity ids and checksums apply, as the network that names it (`mainnet` for
   * both mainnet doors); undefined for a network with no fixed ledger.
   */
  readonly ledger: Network | undefined;
  /** The HIP-15 ledger id byte its checksums are computed with; undefined without a ledger. */
  readonly ledgerId: number | undefined;
  /** The host of its public mirror node; undefined when only a configured URL can reach it. */
  readonly mirrorHost: string | undefined;
  /**
   * The mirror node on this machine a network without a public one is asked at by default (the
   * scheme setting does not apply); `ledgerLens.mirrorNodeUrl` overrides it.
   */
  readonly localMirrorUrl?: string;
  /** The EVM chain id (HIP-26), for the status item, the why line and inference. */
  readonly chainId: number;
  /** HashScan's name for it; undefined when HashScan has no pages for it. */
  readonly hashscan: string | undefined;
  /** Worth trying after a miss on another network (one door per ledger: its free public one). */
  readonly tryAfterMiss: boolean;
  /** The group of the status page (status.hedera.com) that tells its health; undefined when none does. */
  readonly statusGroup: 'Mainnet' | 'Testnet' | 'Previewnet' | undefined;
  /** One line for a network picker. */
  readonly description: string;
  /**
   * The names (lower case) code and configs call it by: SDK names (`Client.forName`), `.env`
   * values, config keys. Inference answers with a network that has names, so a name of the other
   * mainnet door (`mainnet-public`) is listed under `mainnet`, the ledger.
   */
  readonly names: readonly string[];
}

export const NETWORK_INFO: Readonly<Record<Network, NetworkInfo>> = {
  'mainnet-public': {
    chainId: 295,
    ledger: 'mainnet',
    ledgerId: 0x00,
    mirrorHost: 'mainnet-public.mirrornode.hedera.com',
    hashscan: 'mainnet',
    tryAfterMiss: true,
    statusGroup: 'Mainnet',
    description:
      'Mainnet through mainnet-public.mirrornode.hedera.com, Hedera’s free public mirror node (throttled per IP). The same ledger, ids and status page as mainnet: only the server differs',
    names: [], // inference names the ledger, `mainnet`; the settings pick the door
  },
  mainnet: {
    chainId: 295,
    ledger: 'mainnet',
    ledgerId: 0x00,
    mirrorHost: 'mainnet.mirrornode.hedera.com',
    hashscan: 'mainnet',
    tryAfterMiss: false, // the paid door to the ledger mainnet-public already tries
    statusGroup: 'Mainnet',
    description:
      'Mainnet through mainnet.mirrornode.hedera.com, the endpoint Hedera’s docs name for mainnet (throttled per IP). The same ledger, ids and status page as mainnet-public: only the server differs',
    names: ['mainnet', 'mainnet-public', 'hedera_mainnet', 'hedera-mainnet'],
  },
  previewnet: {
    chainId: 297,
    ledger: 'previewnet',
    ledgerId: 0x02,
    mirrorHost: 'previewnet.mirrornode.hedera.com',
    hashscan: 'previewnet',
    tryAfterMiss: true,
    statusGroup: 'Previewnet',
    description: 'Previewnet: the next release, reset often',
    names: ['previewnet', 'hedera_previewnet', 'hedera-previewnet'],
  },
  testnet: {
    chainId: 296,
    ledger: 'testnet',
    ledgerId: 0x01,
    mirrorHost: 'testnet.mirrornode.hedera.com',
    hashscan: 'testnet',
    tryAfterMiss: true,
    statusGroup: 'Testnet',
    description: 'Testnet: test HBAR, reset from time to time',
    names: ['testnet', 'hedera_testnet', 'hedera-testnet'],
  },
  // A local node or Solo: its own ledger (no HIP-15 checksums), its mirror REST on port 5551, no
  // HashScan pages, no status page group (its mirror node is asked), and never asked after a miss
  // elsewhere (nor asked itself unless chosen). The JavaScript SDK calls it `local-node`, the Java
  // SDK `localhost`, local-node and Solo setups `local`/`solo`.
  local: {
    chainId: 298,
    ledger: undefined,
    ledgerId: undefined,
    mirrorHost: undefined,
    localMirrorUrl: 'http://localhost:5551',
    hashscan: undefined,
    tryAfterMiss: false,
    statusGroup: undefined,
    description:
      'A local node or Solo on this machine (mirror node http://localhost:5551, or the local entry of ledgerLens.mirrorNodeUrls)',
    names: ['local', 'localhost', 'local-node', 'localnode', 'local_node', 'solo'],
  },
};

export function isNetwork(name: unknown): name is Network {
  return typeof name === 'string' && (NETWORKS as readonly string[]).includes(name);
}

/** The ledger behind a network name: `mainnet` and `mainnet-public` are two doors to one ledger. */
export function ledgerOf(network: Network): Network | undefined {
  return NETWORK_INFO[network].ledger;
}

/**
 * The network as inference and the why lines name it: its ledger (`mainnet` for either mainnet
 * door), or the network itself when it has none (`local`).
 */
export function inferredNetworkOf(network: Network): Network {
  return ledgerOf(network) ?? network;
}

/** The network a name in code or config means (case-insensitive, see `names`); undefined for any other. */
export function networkNamed(name: string): Network | undefined {
  const key = name.trim().toLowerCase();
  return NETWORKS.find(n => NETWORK_INFO[n].names.includes(key));
}

/** The network inference names for an EVM chain id (the row with names: `mainnet`, not its other door). */
export function networkOfChainId(chainId: bigint): Network | undefined {
  return NETWORKS.find(n => NETWORK_INFO[n].names.length > 0 && BigInt(NETWORK_INFO[n].chainId) === chainId);
}

/** The ledger a HashScan network name (`hashscan.io/<name>/...`) shows; undefined for a name HashScan has no table row for. */
export function networkOfHashscan(name: string): Network | undefined {
  return NETWORKS.find(n => ledgerOf(n) === n && NETWORK_INFO[n].hashscan === name);
}

/** The status page group that tells the network's health; undefined for a network no group covers (`local`). */
export function statusGroupOf(network: Network): string | undefined {
  return NETWORK_INFO[network].statusGroup;
}

/**
 * The network to ask for `network`'s ledger when nothing chose a door: the ledger's free public one
 * (`mainnet-public` for mainnet); a network without a ledger is its own door.
 */
export function publicDoorOf(network: Network): Network {
  const ledger = ledgerOf(network);
  if (ledger === undefined) return network;
  return NETWORKS.find(n => ledgerOf(n) === ledger && NETWORK_INFO[n].tryAfterMiss) ?? network;
}

/**
 * The network asked for the ledger `network` names: `selected` (the settings' network) when it is
 * a door to the same ledger, so a chosen paid mainnet door is kept; else the ledger's free door.
 */
export function doorFor(network: Network, selected: Network): Network {
  const ledger = ledgerOf(network);
  return ledger !== undefined && ledgerOf(selected) === ledger ? selected : publicDoorOf(network);
}

/**
 * The public ledgers in chain id order (mainnet, testnet, previewnet): where an id missed on one
 * network is looked for (src/mirror/elsewhere.ts).
 */
export function publicLedgers(): Network[] {
  return NETWORKS.filter(n => ledgerOf(n) === n && publicMirrorUrl(n) !== undefined).sort(
    (a, b) => NETWORK_INFO[a].chainId - NETWORK_INFO[b].chainId,
  );
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

/** The host of a URL (`127.0.0.1:18571`); the text itself when it is not a URL. */
function hostOfUrl(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Where a request goes: the network asked and its endpoint (a Route, or the settings' own network). */
export interface RouteLike {
  readonly network: Network;
  readonly endpoint: MirrorEndpoint;
}

/**
 * The network the endpoint answers for: the one it serves when `mirrorNodeUrl` takes every request
 * (undefined when nothing says which), else the network asked.
 */
function servedBy(route: RouteLike): Network | undefined {
  return route.endpoint.setting === 'mirrorNodeUrl' ? route.endpoint.serves : route.network;
}

/**
 * [network] The one name of where a request goes, on every surface (views, panels, hovers, the status
 * item, messages): the network the endpoint answers for, as the why lines name it (`mainnet` for
 * either door), and the endpoint's host when it is not a public mirror node of that ledger
 * (`testnet`, `mainnet · my-mirror.example`, `local · localhost:5551`); only the host when a
 * `mirrorNodeUrl` takes every request and nothing says its network (`127.0.0.1:18571`).
 */
export function networkLabel(route: RouteLike): string {
  const host = hostOfUrl(route.endpoint.url);
  const served = servedBy(route);
  if (served === undefined) return host;
  const name = inferredNetworkOf(served);
  const ledger = ledgerOf(served);
  const isPublic = NETWORKS.some(
    n => NETWORK_INFO[n].mirrorHost === host && (n === served || (ledger !== undefined && ledgerOf(n) === ledger)),
  );
  return isPublic ? name : `${name} · ${host}`;
}

/** `on testnet`, `on mainnet · my-mirror.example`, or `at 127.0.0.1:18571` for a host alone. */
export function networkPlace(route: RouteLike): string {
  return `${servedBy(route) === undefined ? 'at' : 'on'} ${networkLabel(route)}`;
}

/**
 * HashScan's name for the network asked, only where HashScan can have the page: the network has one,
 * and the endpoint is its own mirror node, a `mirrorNodeUrls` entry for it, or a `mirrorNodeUrl`
 * known to serve its ledger. Undefined for a mirror node nothing says the network of.
 */
export function hashscanNetworkFor(route: RouteLike): string | undefined {
  const name = NETWORK_INFO[route.network].hashscan;
  const served = servedBy(route);
  if (name === undefined || served === undefined) return undefined;
  if (route.endpoint.setting !== 'mirrorNodeUrl') return name;
  return ledgerOf(served) === ledgerOf(route.network) ? name : undefined;
}

/**
 * The networks worth offering after a miss on `route`: none when a `mirrorNodeUrl` takes every
 * request (each would ask the same server, and ids go nowhere else); else one per other ledger, and
 * with a URL the user set for the network, its public door too (otherNetworks).
 */
export function networksToTryAfterMiss(route: RouteLike): Network[] {
  if (route.endpoint.setting === 'mirrorNodeUrl') return [];
  return otherNetworks(route.network, route.endpoint.setting !== undefined);
}
