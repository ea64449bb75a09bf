// Where an inferred network is asked, and the line that says so. Pure. The URL always comes from
// our own table (src/ledger/networks.ts) or the user's settings, never from the workspace.
import { doorFor, NETWORK_INFO, type MirrorEndpoint, type Network } from '../ledger/networks';
import { describeAnswer, type NetworkAnswer } from './resolve';

/** The settings that decide where a network's mirror node is (endpoints: src/ledger mirrorEndpoints). */
export interface MirrorConfig {
  readonly network: Network;
  readonly endpoints: Readonly<Record<Network, MirrorEndpoint>>;
}

/**
 * The mirror network to ask for an inferred one: mainnet through the configured mainnet door (the
 * free public one unless the settings chose the other), the others as themselves (the table's
 * `doorFor`).
 */
export function mirrorNetworkFor(inferred: Network, config: Pick<MirrorConfig, 'network'>): Network {
  return doorFor(inferred, config.network);
}

/**
 * Where the local node's mirror node is asked: `ledgerLens.mirrorNodeUrl` (every request), else
 * the `local` entry of `ledgerLens.mirrorNodeUrls`, else http://localhost:5551.
 */
export function localMirrorBaseUrl(config: Pick<MirrorConfig, 'endpoints'>): string {
  return config.endpoints.local.url;
}

/** `localhost:5551`: how the user knows their local mirror node. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The line a hover ends with: `testnet · from Client.forTestnet() at line 12`; for a network with no
 * public mirror node (a local node), also the host it is asked at.
 */
export function whyLine(answer: NetworkAnswer, config: MirrorConfig): string {
  const line = describeAnswer(answer);
  if (NETWORK_INFO[answer.network].mirrorHost !== undefined) return line;
  return `${line}, asked at ${hostOf(config.endpoints[answer.network].url)}`;
}
