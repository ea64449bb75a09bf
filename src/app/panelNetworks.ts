// Which network a detail panel or lookup asks, and the line that says why. The composition root
// answers both (the network the active editor's code means, src/app/codeNetwork.ts; every network's
// client is the services' shared one, so one request budget per origin holds for panels too).
// No vscode.
import { isNetwork, ledgerOf, type Network } from '../ledger';
import type { MirrorClient } from '../mirror';
import { networkLabel, type LedgerLensConfig } from './settings';

/** The settings the detail panels and lookups read: the selected network, and where each network's requests go. */
export type DetailSettings = Pick<LedgerLensConfig, 'network' | 'customMirror' | 'endpoints'>;

/** The detail settings out of the whole snapshot (the composition root's slice). */
export function detailSettings(c: LedgerLensConfig): DetailSettings {
  return { network: c.network, customMirror: c.customMirror, endpoints: c.endpoints };
}

/** The network a lookup or panel uses, and why: `mainnet · from Client.forMainnet() at line 12`. */
export interface ChosenNetwork {
  readonly network: Network;
  readonly why: string;
}

/**
 * Which network to ask: the one a link names (`requested`: a hover's link carries the network the
 * hover used), else the one the active editor's code means, else the settings' (the network
 * router's `forPanel`, src/app/networkRouter.ts).
 */
export interface NetworkChooser {
  (requested?: Network): Promise<ChosenNetwork>;
}

/** The shared client of a network (the configured one for the selected network). */
export type ClientFor = (network: Network) => MirrorClient;

/** A network as the why-lines name it: its ledger (`mainnet` for either mainnet door), as the hover does. */
export function networkName(network: string): string {
  return (isNetwork(network) ? ledgerOf(network) : undefined) ?? network;
}

/** What a panel says when it only knows the network it was opened on (restored after a reload). */
export function savedWhy(network: string): string {
  return `${networkName(network)} · the network this panel was opened on`;
}

/** What a panel found on another network after a miss says. */
export function foundElsewhereWhy(network: string, missedOn: string): string {
  return `${networkName(network)} · not found on ${networkName(missedOn)}, found here`;
}

/** What a panel opened by a link naming its network says. */
export function linkWhy(network: string): string {
  return `${networkName(network)} · the network of the link that opened it`;
}

/** Without a chooser (tests, or nothing wired): the settings' network. */
export function settingsChooser(settings: () => DetailSettings): NetworkChooser {
  return requested => {
    if (requested !== undefined) return Promise.resolve({ network: requested, why: linkWhy(requested) });
    const config = settings();
    return Promise.resolve({ network: config.network, why: `${networkLabel(config)} · from settings` });
  };
}

/** The network a command's argument names, if any (a hover's link carries the network the hover used). */
export function requestedNetwork(arg: unknown): Network | undefined {
  if (arg === null || typeof arg !== 'object' || !('network' in arg)) return undefined;
  return isNetwork(arg.network) ? arg.network : undefined;
}

/**
 * The network a command asks for its argument: the one it names; a tree node's (the views show the
 * configured network); else the chooser's (the active editor's code).
 */
export async function networkForArgument(
  arg: unknown,
  choose: NetworkChooser,
  settings: () => DetailSettings,
): Promise<ChosenNetwork> {
  const named = requestedNetwork(arg);
  if (named === undefined && arg !== null && typeof arg === 'object' && 'target' in arg) {
    const config = settings();
    const why = `${networkLabel(config)} · from settings (the network of the view it was opened from)`;
    return { network: config.network, why };
  }
  return choose(named);
}
