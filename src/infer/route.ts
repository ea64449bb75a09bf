// Where an inferred network is asked, and the line that says so. Pure. The URL always comes from
// our own table (src/ledger/networks.ts) or the user's settings, never from the workspace.
import type { MirrorEndpoint, Network } from '../ledger';
import type { InferredNetwork } from './names';
import { describeAnswer, type NetworkAnswer } from './resolve';

/** The settings that decide where a network's mirror node is (endpoints: src/ledger mirrorEndpoints). */
export interface MirrorConfig {
  readonly network: Network;
  readonly endpoints: Readonly<Record<Network, MirrorEndpoint>>;
}

/**
 * The mirror network to ask for an inferred one: mainnet through the configured mainnet door (the
 * free public one unless the settings chose the other), the others as themselves.
 */
export function mirrorNetworkFor(inferred: InferredNetwork, config: Pick<MirrorConfig, 'network'>): Network {
  return inferred === 'mainnet' && config.network !== 'mainnet' ? 'mainnet-public' : inferred;
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

/** The line a hover ends with: `testnet · from Client.forTestnet() at line 12`. */
export function whyLine(answer: NetworkAnswer, config: MirrorConfig): string {
  const line = describeAnswer(answer);
  return answer.network === 'local' ? `${line}, asked at ${hostOf(localMirrorBaseUrl(config))}` : line;
}
