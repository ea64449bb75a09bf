// Hardhat Ignition's record: ignition/deployments/<deployment id>/deployed_addresses.json, one
// object from each future id that deployed a contract (`CrowdfundModule#Crowdfund`) to its
// address, written again whole after each future. The contract a future deployed is in
// artifacts/<future id>.json beside it (a Hardhat artifact: `contractName`, `sourceName`); the
// future id's last part names it until that file is read. Pure.
import type { Network } from '../ledger/networks';
import type { JsonKey, JsonSelection } from '../source/jsonStream';
import { folderOf } from './paths';
import { MAX_DEPLOYMENTS_PER_RECORD, ProblemList, type RecordOutcome, type RecordReader } from './recordParse';
import type { DeploymentArtifact, FoundDeployment } from './types';
import { evmAddressOf, isContractName, quoted, shownText, sourceNameOf } from './values';

/** Characters of a future id that may name a file beside the record (no path separators, no `..`). */
const FILE_SAFE_FUTURE_ID = /^[A-Za-z0-9_$#.~-]{1,200}$/;

/** The artifact file of a future, when its id can name one safely. */
export function ignitionArtifactFile(recordFile: string, futureId: string): string | undefined {
  if (!FILE_SAFE_FUTURE_ID.test(futureId) || futureId.includes('..')) return undefined;
  return `${folderOf(recordFile)}artifacts/${futureId}.json`;
}

/** The contract a future id names by default: the part after the module's `#`, when it is a name. */
function contractNameOfFuture(futureId: string): string | undefined {
  const name = futureId.slice(futureId.lastIndexOf('#') + 1);
  return isContractName(name) ? name : undefined;
}

export class IgnitionAddressesReader implements RecordReader {
  /** An address is 44 bytes; a whole object here (another version of the format) is read to say so. */
  readonly maxValueBytes = 1024 * 1024;
  private readonly entries = new Map<string, unknown>();
  private readonly problems = new ProblemList();
  private overflow = 0;

  constructor(
    private readonly file: string,
    private readonly network: Network,
  ) {}

  select(path: readonly JsonKey[]): JsonSelection {
    if (path.length === 0) return 'enter';
    if (typeof path[0] !== 'string') return 'skip';
    if (this.entries.size >= MAX_DEPLOYMENTS_PER_RECORD && !this.entries.has(path[0])) {
      this.overflow++;
      return 'skip';
    }
    return 'take';
  }

  onValue(path: readonly JsonKey[], value: unknown): void {
    const futureId = path[0] as string;
    if (this.entries.has(futureId))
      this.problems.add(
        `the future ${quoted(futureId)} is listed twice: the last address is used, as Ignition reads it`,
      );
    this.entries.set(futureId, value);
  }

  finish(): RecordOutcome {
    const deployments: FoundDeployment[] = [];
    for (const [futureId, value] of this.entries) {
      const address = evmAddressOf(value);
      if (address === undefined) {
        this.problems.add(
          typeof value === 'string'
            ? `the future ${quoted(futureId)} has ${quoted(value)}, not an EVM address`
            : `the future ${quoted(futureId)} has ${quoted(value)} where its address belongs (another version of Ignition's format?)`,
        );
        continue;
      }
      deployments.push(this.deployment(futureId, address));
    }
    if (this.overflow > 0)
      this.problems.add(
        `more than ${MAX_DEPLOYMENTS_PER_RECORD.toLocaleString('en-US')} futures: ${this.overflow} are not listed`,
      );
    return { deployments, problems: this.problems.done() };
  }

  private deployment(futureId: string, address: string): FoundDeployment {
    const contractName = contractNameOfFuture(futureId);
    const file = ignitionArtifactFile(this.file, futureId);
    const artifact: DeploymentArtifact | undefined =
      contractName === undefined ? undefined : { contractName, ...(file !== undefined ? { file } : {}) };
    return {
      network: this.network,
      address,
      label: shownText(futureId),
      ...(artifact !== undefined ? { artifact } : {}),
      source: { tool: 'ignition', file: this.file },
    };
  }
}

/** What an Ignition artifact (a Hardhat artifact) says it is: only `contractName` and `sourceName` are kept. */
export class IgnitionArtifactReader implements RecordReader {
  readonly maxValueBytes = 64 * 1024;
  contractName: string | undefined;
  sourceName: string | undefined;

  select(path: readonly JsonKey[]): JsonSelection {
    if (path.length === 0) return 'enter';
    return path.length === 1 && (path[0] === 'contractName' || path[0] === 'sourceName') ? 'take' : 'skip';
  }

  onValue(path: readonly JsonKey[], value: unknown): void {
    if (path[0] === 'contractName') this.contractName = isContractName(value) ? value : undefined;
    else this.sourceName = sourceNameOf(value);
  }

  finish(): RecordOutcome {
    return { deployments: [], problems: [] };
  }

  /** The deployment with the artifact's own names, when the artifact names its contract. */
  named(deployment: FoundDeployment, artifactFile: string): FoundDeployment {
    if (this.contractName === undefined) return deployment;
    const artifact: DeploymentArtifact = {
      contractName: this.contractName,
      ...(this.sourceName !== undefined ? { sourceName: this.sourceName } : {}),
      file: artifactFile,
    };
    return { ...deployment, artifact };
  }
}

/**
 * The chain id an Ignition journal names: its first line is `{"chainId":296,"type":"DEPLOYMENT_INITIALIZE"}`
 * (after blank lines). Only the first 64 KB are looked at.
 */
export function journalChainId(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder().decode(bytes.subarray(0, 64 * 1024));
  for (const line of head.split('\n')) {
    const text = line.trim();
    if (text === '') continue;
    try {
      const first = JSON.parse(text) as unknown;
      if (typeof first !== 'object' || first === null) return undefined;
      const { type, chainId } = first as { type?: unknown; chainId?: unknown };
      return type === 'DEPLOYMENT_INITIALIZE' && typeof chainId === 'number' && Number.isSafeInteger(chainId)
        ? String(chainId)
        : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
