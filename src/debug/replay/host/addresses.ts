// How the replay's messages name an address (`0.0.1003` for a long-zero address, else the address)
// and which addresses Hedera answers in the node rather than in EVM code: its system contracts
// 0x…167 to 0x…16b. Pure.
import { formatEntityId } from '../../../ledger/entityId';
import { longZeroToEntityId, normalizeEvmAddress } from '../../../ledger/evm';

/** The system contracts' names, by the last hex digits of their long-zero address. */
const SYSTEM_CONTRACTS: Readonly<Record<string, string>> = {
  '167': 'the token service',
  '168': 'the exchange rate contract',
  '169': 'the PRNG contract',
  '16a': 'the account service',
  '16b': 'the schedule service',
};
const SYSTEM_PREFIX = '0x0000000000000000000000000000000000000';

/** True for 0x…167 (token service) to 0x…16b (schedule service). */
export function isSystemContract(address: string): boolean {
  return systemName(address) !== undefined;
}

/** `the token service` for 0x…167, undefined for an address that is not a system contract. */
export function systemName(address: string): string | undefined {
  const a = address.toLowerCase();
  return a.startsWith(SYSTEM_PREFIX) ? SYSTEM_CONTRACTS[a.slice(SYSTEM_PREFIX.length)] : undefined;
}

/** `0.0.1003` for a long-zero address, else the address itself (lowercase). */
export function idOrAddress(address: string): string {
  const id = longZeroToEntityId(address);
  return id === undefined ? address.toLowerCase() : formatEntityId(id);
}

/** The entity number of a long-zero address (shard and realm 0), else undefined. */
export function longZeroNum(address: string): bigint | undefined {
  const id = longZeroToEntityId(address);
  return id !== undefined && id.shard === 0n && id.realm === 0n ? id.num : undefined;
}

/** `0x` + 40 lowercase hex, or undefined. */
export function evmAddressOf(text: string | null | undefined): string | undefined {
  return typeof text === 'string' ? normalizeEvmAddress(text) : undefined;
}
