// Links to HashScan, network-aware. Pure (no vscode).
import { hashscanNetworkOf, type EntityKind } from '../../ledger';
import type { LedgerLensConfig } from '../../app/settings';

const HASHSCAN = 'https://hashscan.io';

/** HashScan's name for the network, or undefined for a custom mirror node (no public explorer). */
export function hashscanNetwork(config: Pick<LedgerLensConfig, 'network' | 'customMirror'>): string | undefined {
  return hashscanNetworkOf(config.network, config.customMirror);
}

/** `https://hashscan.io/<network>/<kind>/<id>`, or undefined where no link applies. */
export function hashscanUrl(
  config: Pick<LedgerLensConfig, 'network' | 'customMirror'>,
  kind: EntityKind,
  id: string,
): string | undefined {
  const network = hashscanNetwork(config);
  if (!network) return undefined;
  // Schedules have no page of their own on HashScan's path scheme we rely on; ids are url-encoded
  // because a transaction id or hash is pasted text.
  return `${HASHSCAN}/${network}/${kind}/${encodeURIComponent(id)}`;
}
