// "Not on testnet; found on mainnet": when an id or a transaction is not found on the network the
// code means, the other public networks are asked in the background, and the first that has it is
// named with a link. Pure: the caller hands in the lookup (one mirror client per network) and the
// AbortSignal of the hover or panel that wants the answer. The networks are the table's public
// ledgers (src/ledger/networks.ts): `mainnet` names the ledger, asked at its free door by the caller.
import { ledgerOf, publicLedgers, type Network } from '../ledger/networks';

/** The public ledgers to ask after `chosen` (any door of a ledger), in order of preference (mainnet first). */
export function otherPublicNetworks(chosen: Network): Network[] {
  const ledger = ledgerOf(chosen);
  return publicLedgers().filter(n => n !== ledger);
}

export interface FoundElsewhere<T> {
  /** The ledger that has it (`mainnet` for either mainnet door). */
  readonly network: Network;
  readonly value: T;
}

/**
 * Asks every other public network at once; resolves with the most preferred one that has it, or
 * undefined. A network that fails (down, rate limited, 404) simply does not have it. Once a
 * network that no better one can beat has answered, the rest are cancelled. Rejects only with an
 * AbortError, when `signal` fires.
 */
export async function findElsewhere<T>(
  chosen: Network,
  lookup: (network: Network, signal: AbortSignal) => Promise<T | undefined>,
  signal?: AbortSignal,
): Promise<FoundElsewhere<T> | undefined> {
  const networks = otherPublicNetworks(chosen);
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) controller.abort();
  const results: Array<T | undefined | null> = networks.map(() => null); // null: not answered yet
  try {
    return await new Promise<FoundElsewhere<T> | undefined>((resolve, reject) => {
      const settle = () => {
        if (signal?.aborted) {
          const e = new Error('The operation was aborted');
          e.name = 'AbortError';
          return reject(e);
        }
        // The first network, in preference order, whose answer is in and positive wins as soon as
        // every more preferred network has answered without it.
        for (let i = 0; i < networks.length; i++) {
          const r = results[i];
          if (r === null) return;
          if (r !== undefined) return resolve({ network: networks[i], value: r });
        }
        resolve(undefined);
      };
      if (signal?.aborted) return settle();
      signal?.addEventListener('abort', settle, { once: true });
      networks.forEach((network, i) => {
        lookup(network, controller.signal).then(
          value => {
            results[i] = value;
            settle();
          },
          () => {
            results[i] = undefined;
            settle();
          },
        );
      });
    });
  } finally {
    signal?.removeEventListener('abort', onAbort);
    controller.abort();
  }
}

/** `Not on testnet; found on mainnet.` */
export function foundElsewhereMessage(chosen: Network, found: Network): string {
  return `Not on ${chosen}; found on ${found}.`;
}
