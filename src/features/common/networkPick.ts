// The items of Select network: every network with what it is and where it is asked, the current one
// marked and active, and a way back from a mirrorNodeUrl that takes every request. No vscode: the
// command makes the separator VS Code's.
import { NETWORK_INFO } from '../../ledger';
import { NETWORKS, type LedgerLensConfig, type Network } from '../../app/settings';

export interface NetworkPickItem {
  readonly label: string;
  readonly description?: string;
  readonly detail?: string;
  /** A line between groups (QuickPickItemKind.Separator). */
  readonly separator?: true;
  readonly network?: Network;
  readonly clearCustom?: boolean;
}

export function networkPickItems(
  config: Pick<LedgerLensConfig, 'network' | 'customMirror' | 'mirrorBaseUrl' | 'endpoints'>,
): { items: NetworkPickItem[]; active: number; placeholder: string } {
  const items: NetworkPickItem[] = NETWORKS.map(network => {
    const endpoint = config.endpoints[network];
    // A mirrorNodeUrls entry is where that network is asked: said beside it.
    const own = endpoint.setting === 'mirrorNodeUrls' ? ` · asked at ${endpoint.url} (ledgerLens.mirrorNodeUrls)` : '';
    return {
      label: network,
      description: network === config.network ? '(current)' : '',
      detail: NETWORK_INFO[network].description + own,
      network,
    };
  });
  // A set mirrorNodeUrl takes every request: the network chosen here (or the code's) only labels
  // ids and checks their checksums.
  const everyRequest = config.endpoints[config.network].setting === 'mirrorNodeUrl';
  if (everyRequest) {
    items.push(
      { label: '', separator: true },
      {
        label: '$(close) Stop using the custom mirror node URL',
        detail: `Every request goes to ${config.mirrorBaseUrl} (ledgerLens.mirrorNodeUrl), whatever the network; the network only names ids and checks their checksums`,
        clearCustom: true,
      },
    );
  }
  const via = everyRequest
    ? `, every request to ${config.mirrorBaseUrl}`
    : config.customMirror
      ? ` via ${config.mirrorBaseUrl}`
      : '';
  return {
    items,
    active: Math.max(0, NETWORKS.indexOf(config.network)),
    placeholder: `Current: ${config.network}${via}`,
  };
}
