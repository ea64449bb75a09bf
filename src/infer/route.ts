// Where an inferred network is asked, and the line that says so. Pure. The URL always comes from
// our own table (src/ledger/networks.ts) or the user's settings, never from the workspace.
import { NETWORK_INFO, type Network } from '../ledger';
import type { InferredNetwork } from './names';
import { describeAnswer, type NetworkAnswer } from './resolve';

/** The settings that decide where a network's mirror node is. */
export interface MirrorConfig {
  readonly network: Network;
  readonly networkSetting?: 'auto' | Network;
  readonly customMirror: boolean;
  readonly mirrorBaseUrl: string;
}

/**
 * The mirror network to ask for an inferred one: mainnet through the configured mainnet door (the
 * free public one unless the settings chose the other), the others as themselves.
 */
export function mirrorNetworkFor(inferred: InferredNetwork, config: Pick<MirrorConfig, 'network'>): Network {
  return inferred === 'mainnet' && config.network !== 'mainnet' ? 'mainnet-public' : inferred;
}

/**
 * Whether the local node is asked through the configured client: when `local` is the setting, or
 * under `auto` with a `ledgerLens.mirrorNodeUrl` set (the user pointed us at their node). Otherwise
 * the local node is `http://localhost:5551`.
 */
export function localUsesConfigured(config: MirrorConfig): boolean {
  return config.network === 'local' || (config.customMirror && (config.networkSetting ?? 'auto') === 'auto');
}

/** Where the local node's mirror node is asked: `ledgerLens.mirrorNodeUrl`, else http://localhost:5551. */
export function localMirrorBaseUrl(config: MirrorConfig): string {
  return localUsesConfigured(config)
    ? config.mirrorBaseUrl
    : (NETWORK_INFO.local.localMirrorUrl ?? config.mirrorBaseUrl);
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
