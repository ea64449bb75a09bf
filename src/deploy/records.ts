// One record read: which tool wrote it (its path), which network it is on (the chain id its path
// or its folder's `.chainId` names, or the folder's network name), then what it lists. Pure.
import type { Network } from '../ledger/networks';
import { FoundryBroadcastReader } from './foundry';
import { HardhatDeployReader } from './hardhatDeploy';
import { IgnitionAddressesReader } from './ignition';
import { deploymentRecordKind, recordFolderName, type RecordKind } from './paths';
import { readRecordSteps, runSteps, type RecordOutcome } from './recordParse';
import type { DiscoveryResult } from './types';
import { chainIdFromText, networkOfChain, networkOfFolderName, quoted } from './values';

const MiB = 1024 * 1024;
/** Largest record read (bigger ones are a problem, not read): 64 MiB. */
export const MAX_RECORD_BYTES = 64 * MiB;

/** Context a record's own text does not hold. */
export interface RecordContext {
  /**
   * The chain id the record's folder names elsewhere: hardhat-deploy's `.chainId` beside it, or
   * for an Ignition deployment with an id of its own (not `chain-<id>`), the chain id of its
   * journal's first line.
   */
  readonly chainIdFileText?: string;
}

/** "larger than 64 MiB (200.0 MiB): not read". */
export function tooLargeMessage(bytes: number, cap = MAX_RECORD_BYTES): string {
  return `larger than ${cap / MiB} MiB (${(bytes / MiB).toFixed(1)} MiB): not read`;
}

export const NOT_A_RECORD =
  "not a deployment record: Ledger Lens reads Hardhat Ignition's ignition/deployments/<id>/deployed_addresses.json, " +
  "hardhat-deploy's deployments/<network>/<name>.json and Foundry's broadcast/<script>.s.sol/<chain id>/run-latest.json";

const LONG_CHAIN_FOLDER = /^chain-(\d+)$/;

function onChain(chainText: string, where: string): { network: Network } | { problem: string } {
  const chain = chainIdFromText(chainText);
  if ('problem' in chain) return { problem: `${where}: ${chain.problem}` };
  const network = networkOfChain(chain.chainId);
  return 'problem' in network ? { problem: `${network.problem}: not listed` } : network;
}

/** The network a record is on, or why it is on none Ledger Lens knows. */
export function recordNetwork(
  file: string,
  kind: RecordKind,
  chainIdFileText: string | undefined,
): { network: Network } | { problem: string } {
  if (kind.chainId !== undefined) return onChain(String(kind.chainId), 'its folder');
  const folder = recordFolderName(file);
  if (kind.tool === 'ignition') {
    const long = LONG_CHAIN_FOLDER.exec(folder);
    if (long) return onChain(long[1], `the deployment id ${quoted(folder)}`);
    if (chainIdFileText !== undefined) return onChain(chainIdFileText, "its journal's chain id");
    return {
      problem: `the deployment id ${quoted(folder)} names no chain (Ignition names one chain-<chain id> unless given --deployment-id) and its journal.jsonl does not say which: not listed`,
    };
  }
  if (kind.tool === 'hardhat-deploy') {
    if (chainIdFileText !== undefined) return onChain(chainIdFileText, "its folder's .chainId");
    const network = networkOfFolderName(kind.networkName ?? folder);
    if (network !== undefined) return { network };
    return {
      problem: `the folder ${quoted(folder)} names no Hedera network and has no .chainId saying which chain it is: not listed`,
    };
  }
  return { problem: `its folder ${quoted(folder)} names no chain id: not listed` };
}

/** The steps that read one record's bytes on its network (see readRecordSteps). */
export function recordSteps(
  file: string,
  kind: RecordKind,
  network: Network,
  bytes: Uint8Array,
): Generator<void, RecordOutcome> {
  switch (kind.tool) {
    case 'ignition':
      return readRecordSteps(bytes, () => new IgnitionAddressesReader(file, network));
    case 'hardhat-deploy':
      return readRecordSteps(bytes, () => new HardhatDeployReader(file, network));
    case 'foundry':
      return readRecordSteps(bytes, () => new FoundryBroadcastReader(file, network, kind.chainId ?? -1));
  }
}

/** A DiscoveryResult of one record's outcome, its problems attached to the file. */
export function resultOf(file: string, outcome: RecordOutcome): DiscoveryResult {
  return { deployments: outcome.deployments, problems: outcome.problems.map(message => ({ file, message })) };
}

/** Parses one record's text (a pure function; never throws: problems in words). */
export function readDeploymentRecord(file: string, text: string, context: RecordContext = {}): DiscoveryResult {
  const kind = deploymentRecordKind(file);
  if (kind === undefined) return resultOf(file, { deployments: [], problems: [NOT_A_RECORD] });
  // Each UTF-16 unit is at least one byte of UTF-8: a text this long is over the cap.
  if (text.length > MAX_RECORD_BYTES)
    return resultOf(file, { deployments: [], problems: [tooLargeMessage(text.length)] });
  const network = recordNetwork(file, kind, context.chainIdFileText);
  if ('problem' in network) return resultOf(file, { deployments: [], problems: [network.problem] });
  return resultOf(file, runSteps(recordSteps(file, kind, network.network, new TextEncoder().encode(text))));
}
