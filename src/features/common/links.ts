// Links to HashScan, network-aware. Pure (no vscode).
import { hashscanNetworkFor, type EntityKind } from '../../ledger';
import type { LedgerLensConfig } from '../../app/settings';

const HASHSCAN = 'https://hashscan.io';

/**
 * HashScan's name for the settings' network where HashScan can have its pages (its own mirror node,
 * or a URL the user set known to serve it); undefined elsewhere (src/ledger hashscanNetworkFor).
 */
export function hashscanNetwork(config: Pick<LedgerLensConfig, 'network' | 'endpoints'>): string | undefined {
  return hashscanNetworkFor({ network: config.network, endpoint: config.endpoints[config.network] });
}

/** `https://hashscan.io/<network>/<kind>/<id>`, or undefined where no link applies. */
export function hashscanUrl(
  config: Pick<LedgerLensConfig, 'network' | 'endpoints'>,
  kind: EntityKind,
  id: string,
): string | undefined {
  const network = hashscanNetwork(config);
  if (!network) return undefined;
  // Schedules have no page of their own on HashScan's path scheme we rely on; ids are url-encoded
  // because a transaction id or hash is pasted text.
  return `${HASHSCAN}/${network}/${kind}/${encodeURIComponent(id)}`;
}
