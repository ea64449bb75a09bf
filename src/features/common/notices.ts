// The words of a notification built from text we do not control (a server's message, an id from
// a link): one place, so no notification can carry a live `[x](command:…)` link. Pure (no vscode).
import { forNotification } from '../../present';

/** The error notification of a failed command: "Ledger Lens: " and the failure's own words. */
export function errorNotice(message: string): string {
  return `Ledger Lens: ${forNotification(message)}`;
}

/**
 * "Transaction … was not found on testnet (why)": `why` names where the network came from, and may
 * quote a `package.json` script or a folder name from the workspace, so the sentence is made inert.
 */
export function notFoundNotice(label: string, network: string, why: string): string {
  return forNotification(`Transaction ${label} was not found on ${network} (${why}).`);
}
