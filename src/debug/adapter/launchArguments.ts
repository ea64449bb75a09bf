// The `launch` configuration of debug type `ledger-lens`, as a launch.json or the Debug transaction
// command writes it. It comes from a workspace file: every member is checked, and what is wrong
// is said in words.
export interface LaunchArguments {
  /** As Lookup transaction takes it: `0.0.x@sss.nnn`, `0.0.x-sss-nnn`, or a 32-byte hash. */
  readonly transaction: string;
  /** `testnet`, `mainnet`, …; absent: the network the settings give. */
  readonly network?: string;
  /** Stop at the transaction's first statement (default true). */
  readonly stopOnEntry: boolean;
  /** Stop where the transaction reverted (default true). */
  readonly stopOnRevert: boolean;
}

const MAX_TRANSACTION_CHARS = 200;
const NETWORK = /^[a-z][a-z0-9-]{0,31}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The arguments, or what is wrong with them. */
export function parseLaunchArguments(raw: unknown): LaunchArguments | string {
  if (!isRecord(raw)) return 'The launch configuration is not an object';
  const transaction = raw.transaction;
  if (typeof transaction !== 'string' || transaction.trim().length === 0)
    return 'The launch configuration needs "transaction": a transaction id (0.0.1234@1700000000.000000000) or hash';
  if (transaction.length > MAX_TRANSACTION_CHARS) return '"transaction" is too long to be a transaction id or hash';
  const network = raw.network;
  if (network !== undefined && (typeof network !== 'string' || !NETWORK.test(network)))
    return '"network" is a network name such as testnet, mainnet, previewnet or local';
  for (const flag of ['stopOnEntry', 'stopOnRevert'] as const) {
    if (raw[flag] !== undefined && typeof raw[flag] !== 'boolean') return `"${flag}" is true or false`;
  }
  return {
    transaction: transaction.trim(),
    ...(typeof network === 'string' ? { network } : {}),
    stopOnEntry: raw.stopOnEntry !== false,
    stopOnRevert: raw.stopOnRevert !== false,
  };
}
