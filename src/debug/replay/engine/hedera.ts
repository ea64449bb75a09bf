// What Hedera's EVM does differently from Ethereum's, as far as a replay of one transaction needs
// it: the block values its opcodes answer, the system contracts that run in the node (not as EVM
// code), the gas a transaction starts with and the gas its record charges.
import type { EvmAddress, ReplayInput } from '../types';

/** `0x` + 40 hex of an entity number in shard 0, realm 0 (Hedera's long-zero address). */
export function longZeroOf(num: bigint): EvmAddress {
  return `0x${num.toString(16).padStart(40, '0')}`;
}

/**
 * The long-zero address of a `shard.realm.num` id (4 bytes shard, 8 bytes realm, 8 bytes num),
 * or undefined when the text is not such an id.
 */
export function longZeroOfId(id: string): EvmAddress | undefined {
  const parts = /^(\d{1,10})\.(\d{1,20})\.(\d{1,20})$/.exec(id);
  if (parts === null) return undefined;
  const [shard, realm, num] = [BigInt(parts[1]), BigInt(parts[2]), BigInt(parts[3])];
  if (shard >= 1n << 32n || realm >= 1n << 64n || num >= 1n << 64n) return undefined;
  return `0x${shard.toString(16).padStart(8, '0')}${realm.toString(16).padStart(16, '0')}${num.toString(16).padStart(16, '0')}`;
}

/** Hedera's system contracts, which run in the node: the replay answers their calls from the record. */
export const SYSTEM_CONTRACTS: ReadonlyMap<EvmAddress, string> = new Map([
  [longZeroOf(0x167n), 'the token service'],
  [longZeroOf(0x168n), 'the exchange rate contract'],
  [longZeroOf(0x169n), 'the PRNG contract'],
  [longZeroOf(0x16an), 'the account service'],
  [longZeroOf(0x16bn), 'the schedule service'],
]);

/** Ethereum's precompiles in Cancun (0x01 … 0x0a): the EVM runs them itself and they hold no state to ask for. */
export function isEthereumPrecompile(address: EvmAddress): boolean {
  const num = BigInt(address);
  return num >= 1n && num <= 0x0an;
}

/**
 * Whether the stand-ins (system contracts and token addresses) start warm like Ethereum's
 * precompiles. Hedera's system contracts are not in Besu's precompile registry, which is what the
 * transaction processor warms, so a first call to one pays the cold account access.
 */
export const STAND_INS_START_WARM = false;

/** 1 tinybar is 10^10 weibars: the EVM sees values and balances in weibars. */
export const WEIBARS_PER_TINYBAR = 10_000_000_000n;

/** Ethereum's intrinsic gas for a call, which Hedera takes from the gas limit too: 21,000 and the calldata's bytes. */
export function intrinsicGas(data: Uint8Array): bigint {
  let gas = 21_000n;
  for (const byte of data) gas += byte === 0 ? 4n : 16n;
  return gas;
}

/** The gas a record charges: Hedera refunds at most 20% of the limit, so at least ⌈0.8 × limit⌉. */
export function chargedGas(gasConsumed: bigint, gasLimit: bigint): bigint {
  const floor = (gasLimit * 4n + 4n) / 5n;
  return gasConsumed > floor ? gasConsumed : floor;
}

/** The seconds of a consensus timestamp `sss.nnnnnnnnn`, or undefined when it is not one. */
export function consensusSeconds(timestamp: string): bigint | undefined {
  const parts = /^(\d{1,20})(?:\.\d{1,9})?$/.exec(timestamp);
  return parts === null ? undefined : BigInt(parts[1]);
}

/**
 * The block values Hedera's opcodes answer, as
 * https://docs.hedera.com/hedera/core-concepts/smart-contracts/solidity-variables-and-opcodes
 * lists them: NUMBER is the record file's index (the block number the mirror node gives),
 * TIMESTAMP the transaction's consensus time in seconds, COINBASE the fee collection account
 * 0.0.98, BASEFEE zero (no fee market), DIFFICULTY / PREVRANDAO always zero, GASLIMIT the
 * transaction's own gas limit, CHAINID the network's id (295 mainnet … 298 a local node).
 * GASPRICE is "fixed" there but moves with the fee schedule and the exchange rate, so no record
 * member gives it: see `gasPriceOf`.
 */
export interface HederaBlockValues {
  readonly number: bigint;
  readonly timestamp: bigint;
  readonly coinbase: EvmAddress;
  readonly gasLimit: bigint;
}

export const FEE_COLLECTION_ACCOUNT = longZeroOf(98n);

export function blockValuesOf(input: ReplayInput, seconds: bigint): HederaBlockValues {
  return { number: input.blockNumber, timestamp: seconds, coinbase: FEE_COLLECTION_ACCOUNT, gasLimit: input.gasLimit };
}

/**
 * The gas price GASPRICE answers, in weibars, when the input carries one (an optional
 * `gasPriceWeibar` the host may add); undefined otherwise, and the replay stops at a GASPRICE
 * rather than make one up.
 */
export function gasPriceOf(input: ReplayInput): bigint | undefined {
  const price = (input as ReplayInput & { readonly gasPriceWeibar?: unknown }).gasPriceWeibar;
  return typeof price === 'bigint' ? price : undefined;
}

/** The EVM's halt messages as Besu's halt reasons, which Hedera's records carry. */
const HALT_REASONS: Readonly<Record<string, string>> = {
  'out of gas': 'INSUFFICIENT_GAS',
  'code store out of gas': 'INSUFFICIENT_GAS',
  'stack underflow': 'INSUFFICIENT_STACK_ITEMS',
  'stack overflow': 'TOO_MANY_STACK_ITEMS',
  'invalid JUMP': 'INVALID_JUMP_DESTINATION',
  'invalid opcode': 'INVALID_OPERATION',
  'static state change': 'ILLEGAL_STATE_CHANGE',
  'code size to deposit exceeds maximum code size': 'CODE_TOO_LARGE',
  'value out of range': 'OUT_OF_BOUNDS',
  'insufficient balance': 'INSUFFICIENT_BALANCE',
};

/** An EVM halt message as Hedera's records name it. */
export function haltReason(error: string): string {
  return HALT_REASONS[error] ?? error.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
}
