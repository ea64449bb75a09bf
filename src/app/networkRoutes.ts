// The network router's decisions (src/app/networkRouter.ts), pure so they are unit-tested without VS
// Code: for one asker, which network is asked, where its requests go, and the line that says why.
// Every fact about a network comes from its row of the table (src/ledger/networks.ts) and every
// endpoint from the settings' one decision (mirrorEndpoints); no name is mapped here.
import { linkWhy } from './panelNetworks';
import { describeAnswer, type NetworkAnswer } from '../infer/resolve';
import { mirrorNetworkFor } from '../infer/route';
import {
  inferredNetworkOf,
  ledgerOf,
  networkLabel,
  statusPageNetworkOf,
  type MirrorEndpoint,
  type Network,
  type NetworkSetting,
} from '../ledger/networks';

/** The settings a route is decided from (a slice of LedgerLensConfig). */
export interface RouteConfig {
  /** The settings' network (testnet under `auto`). */
  readonly network: Network;
  readonly networkSetting: NetworkSetting;
  readonly endpoints: Readonly<Record<Network, MirrorEndpoint>>;
}

/** Where one asker's requests go, and why. */
export interface Route {
  /** The network asked: a door to a ledger (`mainnet-public` or `mainnet`), or `local`. */
  readonly network: Network;
  /** The network as the code or the settings name it: its ledger (`mainnet` for either door), or `local`. */
  readonly inferred: Network;
  /** Where `network`'s requests go: the URL and the setting that named it (undefined: its own mirror node). */
  readonly endpoint: MirrorEndpoint;
  /**
   * Where the requests go, as every surface names it (networkLabel): `testnet`,
   * `mainnet · my-mirror.example`, `local · localhost:5551`, or a host alone (`127.0.0.1:18571`).
   */
  readonly label: string;
  /** `testnet · from Client.forTestnet() at line 12`: the label, then why; may quote workspace text. */
  readonly why: string;
  /** The evidence disagreed with itself (said in `why`). */
  readonly conflict: boolean;
  /** The public network whose status page tells the endpoint's health; undefined: ask the mirror node itself. */
  readonly statusPage: Network | undefined;
  /**
   * Whether a miss is worth asking the other public ledgers about: not at a mirror node the user
   * set (that is where they look), nor on a network without a ledger (a local node's ids are its own).
   */
  readonly askElsewhere: boolean;
}

/** The why line said with the route's label: `testnet · by default` → `127.0.0.1:18571 · by default`. */
function labelled(why: string, inferred: Network, label: string): string {
  const head = `${inferred} · `;
  return why.startsWith(head) ? `${label} · ${why.slice(head.length)}` : why;
}

function routeTo(network: Network, inferred: Network, why: string, conflict: boolean, config: RouteConfig): Route {
  const endpoint = config.endpoints[network];
  const label = networkLabel({ network, endpoint });
  return {
    network,
    inferred,
    endpoint,
    label,
    why: labelled(why, inferred, label),
    conflict,
    statusPage: statusPageNetworkOf(endpoint),
    askElsewhere: endpoint.setting === undefined && ledgerOf(network) !== undefined,
  };
}

/**
 * The network the code means (a document's, or the settings' answer with no document), through the
 * configured door to its ledger: the hover, the status item, a panel without a link.
 */
export function codeRoute(answer: NetworkAnswer, config: RouteConfig): Route {
  const network = mirrorNetworkFor(answer.network, config);
  // The label names the host a local node is asked at: the why line need not say it again.
  return routeTo(network, answer.network, describeAnswer(answer), answer.conflicts.length > 0, config);
}

/**
 * A panel or lookup: the network a link names (`requested`: a hover's link carries the network the
 * hover used), else the one the code means (`answer`), said as the hover says it.
 */
export function panelRoute(answer: NetworkAnswer, requested: Network | undefined, config: RouteConfig): Route {
  const code = codeRoute(answer, config);
  if (requested === undefined || requested === code.network) return code;
  return routeTo(requested, inferredNetworkOf(requested), linkWhy(requested), false, config);
}

/**
 * The settings' network, before any code was read or where no code applies (the status item's first
 * * look, a terminal link): `testnet · by default` under `auto`, `previewnet · from settings` when set.
 */
export function settingsRoute(config: RouteConfig): Route {
  const network = config.network;
  const inferred = inferredNetworkOf(network);
  const why = `${inferred} · ${config.networkSetting === 'auto' ? 'by default' : 'from settings'}`;
  return routeTo(network, inferred, why, false, config);
}
