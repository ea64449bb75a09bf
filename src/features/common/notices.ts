// The words of a notification built from text we do not control (a server's message, an id from
// a link): one place, so no notification can carry a live `[x](command:…)` link. Pure (no vscode).
import { isNetwork, networkLabel, networkPlace, type MirrorEndpoint, type Network } from '../../ledger';
import { forNotification } from '../../present';

/** The error notification of a failed command: "Ledger Lens: " and the failure's own words. */
export function errorNotice(message: string): string {
  return `Ledger Lens: ${forNotification(message)}`;
}

/**
 * "Transaction … was not found on testnet · 127.0.0.1:5551 (by default)": where the request went,
 * by its one label (src/ledger networkLabel), then why that network, without saying the label twice.
 * `why` may quote a `package.json` script or a folder name from the workspace: the sentence is inert.
 */
export function notFoundNotice(
  subject: string,
  network: string,
  endpoints: Readonly<Record<Network, MirrorEndpoint>>,
  why: string,
): string {
  const route = isNetwork(network) ? { network, endpoint: endpoints[network] } : undefined;
  const label = route ? networkLabel(route) : network;
  const place = route ? networkPlace(route) : `on ${network}`;
  const reason = why.startsWith(`${label} · `) ? why.slice(label.length + 3) : why;
  return forNotification(`${subject} was not found ${place} (${reason}).`);
}
