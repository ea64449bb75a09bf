// hardhat-deploy's record: deployments/<network name>/<deployment name>.json, one deployment per
// file: `address`, `abi`, `transactionHash`, `receipt` (with `contractAddress` and `status`), then
// `args`, `metadata` (the compiler's metadata as a JSON string, whose settings.compilationTarget
// names the contract), bytecode, docs, the storage layout: up to a megabyte, of which only the
// address, the hashes and the metadata's target are kept. The folder's chain id is in `.chainId`
// beside it. hardhat-deploy v2 (rocketh) keeps the hash in `transaction.hash`, read too. Pure.
import type { Network } from '../ledger/networks';
import type { JsonKey, JsonNote, JsonSelection } from '../source/jsonStream';
import { baseName } from './paths';
import { ProblemList, type RecordOutcome, type RecordReader } from './recordParse';
import type { DeploymentArtifact, FoundDeployment } from './types';
import { evmAddressOf, isContractName, quoted, shownText, sourceNameOf, transactionHashOf } from './values';

const MB = 1024 * 1024;
/** The metadata string is taken whole up to this size; a larger one is left out (a second pass). */
const MAX_METADATA_BYTES = 2 * MB;
/** Without the metadata, every value taken is a short one. */
const MAX_SHORT_VALUE_BYTES = 64 * 1024;

const TOP_TAKEN = new Set(['address', 'transactionHash', '_format']);
const RECEIPT_TAKEN = new Set(['contractAddress', 'transactionHash', 'status']);

/** The contract the compiler metadata's `settings.compilationTarget` names, when it names one. */
export function compilationTarget(metadata: unknown): DeploymentArtifact | undefined {
  if (typeof metadata !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(metadata);
  } catch {
    return undefined;
  }
  const settings = (parsed as { settings?: unknown } | null)?.settings;
  const target = (settings as { compilationTarget?: unknown } | null | undefined)?.compilationTarget;
  if (typeof target !== 'object' || target === null) return undefined;
  const entries: [string, unknown][] = Object.entries(target as Record<string, unknown>);
  if (entries.length !== 1) return undefined;
  const [sourceName, contractName] = entries[0];
  if (!isContractName(contractName)) return undefined;
  const source = sourceNameOf(sourceName);
  return source === undefined ? { contractName } : { contractName, sourceName: source };
}

export class HardhatDeployReader implements RecordReader {
  readonly maxValueBytes: number;
  private readonly values = new Map<string, unknown>();
  private readonly problems = new ProblemList();
  private abiKind: string | undefined;

  constructor(
    private readonly file: string,
    private readonly network: Network,
    private readonly withMetadata = true,
  ) {
    this.maxValueBytes = withMetadata ? MAX_METADATA_BYTES : MAX_SHORT_VALUE_BYTES;
  }

  withoutLargeValues(): RecordReader | undefined {
    return this.withMetadata ? new HardhatDeployReader(this.file, this.network, false) : undefined;
  }

  select(path: readonly JsonKey[]): JsonSelection {
    const [top, inner] = path;
    if (path.length === 0) return 'enter';
    if (path.length === 1) {
      if (TOP_TAKEN.has(top as string) || (top === 'metadata' && this.withMetadata)) return 'take';
      if (top === 'abi') return 'note';
      return top === 'receipt' || top === 'transaction' ? 'enter' : 'skip';
    }
    if (path.length !== 2) return 'skip';
    if (top === 'receipt' && RECEIPT_TAKEN.has(inner as string)) return 'take';
    return top === 'transaction' && inner === 'hash' ? 'take' : 'skip';
  }

  onValue(path: readonly JsonKey[], value: unknown): void {
    const key = path.join('.');
    if (this.values.has(key))
      this.problems.add(`${quoted(key)} is written twice: the last is used, as JSON readers do`);
    this.values.set(key, value);
  }

  onNote(path: readonly JsonKey[], note: JsonNote): void {
    if (path.length === 1 && path[0] === 'abi') this.abiKind = note.kind;
  }

  finish(): RecordOutcome {
    const deployment = this.deployment();
    return { deployments: deployment === undefined ? [] : [deployment], problems: this.problems.done() };
  }

  private deployment(): FoundDeployment | undefined {
    const v = this.values;
    const written = v.get('address') ?? v.get('receipt.contractAddress');
    if (written === undefined) {
      const format = v.get('_format');
      this.problems.add(
        typeof format === 'string'
          ? `a compiler artifact (${quoted(format)}), not a hardhat-deploy deployment: it has no address`
          : 'not a hardhat-deploy deployment: it has no address (another tool’s file, or another version of the format?)',
      );
      return undefined;
    }
    if (this.abiKind !== 'array') {
      this.problems.add(
        'not a hardhat-deploy deployment: it has no `abi` list (another tool’s file, or another version of the format?)',
      );
      return undefined;
    }
    const address = evmAddressOf(written);
    if (address === undefined) {
      this.problems.add(`its address ${quoted(written)} is not an EVM address`);
      return undefined;
    }
    const status = v.get('receipt.status');
    if (status === 0 || status === '0x0' || status === '0') {
      this.problems.add('the deploying transaction failed (its receipt’s status is 0): not listed');
      return undefined;
    }
    const hash = transactionHashOf(
      v.get('transactionHash') ?? v.get('receipt.transactionHash') ?? v.get('transaction.hash'),
    );
    const artifact = this.withMetadata ? compilationTarget(v.get('metadata')) : undefined;
    return {
      network: this.network,
      address,
      label: shownText(baseName(this.file).replace(/\.json$/, '')),
      ...(artifact !== undefined ? { artifact } : {}),
      source: { tool: 'hardhat-deploy', file: this.file },
      ...(hash !== undefined ? { transactionHash: hash } : {}),
    };
  }
}
