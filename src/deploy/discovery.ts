// Reading every record of a workspace, in the extension host's thread or in a worker: the same
// loop over the files, with the reading (workspace.fs, or the disk) and the turns (yield every
// ~8 ms, or never) given. Besides each record it reads what the record's own text does not say:
// hardhat-deploy's `.chainId` (once a folder), an Ignition journal's first line (for a deployment
// id that names no chain), and each Ignition future's artifact (its `contractName`, `sourceName`).
// Files are checked for size before they are read (`size`), and never over MAX_RECORD_BYTES.
import { IgnitionArtifactReader, journalChainId } from './ignition';
import { besidePath, deploymentRecordKind, folderOf, type RecordKind } from './paths';
import { readRecordSteps, type RecordOutcome } from './recordParse';
import { MAX_RECORD_BYTES, recordNetwork, recordSteps, resultOf, tooLargeMessage } from './records';
import type { DeploymentProblem, DiscoveryResult, FoundDeployment } from './types';
import { errorMessage } from '../util/errorMessage';
import type { Network } from '../ledger/networks';
import { nextTurn } from '../util/nextTurn';

/** A file to read: its workspace path and, when it is on disk, its path there. */
export interface RecordFile {
  readonly file: string;
  readonly fsPath?: string;
}

export interface RecordAccess {
  read(file: RecordFile): Promise<Uint8Array>;
  /** Its size in bytes, when known without reading it. */
  size?(file: RecordFile): Promise<number | undefined>;
}

/** How long the reading may hold the thread before it yields. */
export const TURN_MS = 8;
/** The largest `.chainId` read (a chain id is a few digits). */
const MAX_CHAIN_ID_FILE_BYTES = 1024;

/** Yields to the event loop (src/util/nextTurn.ts). */
export const yieldNow = nextTurn;

/** The turns of the extension host's thread: a step may run until TURN_MS have passed, then it yields. */
export class Turns {
  private since = performance.now();

  async step(): Promise<void> {
    if (performance.now() - this.since < TURN_MS) return;
    await yieldNow();
    this.since = performance.now();
  }
}

class FileTooLarge extends Error {}

function besideFile(record: RecordFile, relative: string): RecordFile {
  const file = besidePath(record.file, relative);
  return record.fsPath === undefined ? { file } : { file, fsPath: besidePath(record.fsPath, relative) };
}

/** The files sorted by path, each once. */
export function recordFilesInOrder(files: readonly RecordFile[]): RecordFile[] {
  const byPath = new Map<string, RecordFile>();
  for (const f of files) if (!byPath.has(f.file)) byPath.set(f.file, f);
  return [...byPath.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** One discovery: the records of `files`, read one after another. */
export class Discovery {
  private readonly deployments: FoundDeployment[] = [];
  private readonly problems: DeploymentProblem[] = [];
  /** hardhat-deploy folders: their `.chainId` text (undefined: none), read once. */
  private readonly chainIdFiles = new Map<string, Promise<string | undefined>>();
  /** hardhat-deploy folders on no Hedera network: the problem, said once with how many records. */
  private readonly folderProblems = new Map<string, { file: string; message: string; records: number }>();

  constructor(
    private readonly access: RecordAccess,
    private readonly turns: Turns | undefined,
    private readonly signal?: AbortSignal,
  ) {}

  async run(files: readonly RecordFile[]): Promise<DiscoveryResult> {
    for (const record of recordFilesInOrder(files)) {
      this.signal?.throwIfAborted();
      const kind = deploymentRecordKind(record.file);
      if (kind !== undefined) await this.readRecord(record, kind);
    }
    for (const [folder, p] of this.folderProblems) {
      const count = p.records === 1 ? 'its deployment is' : `its ${p.records} deployments are`;
      this.problems.push({
        file: p.file,
        message: `${p.message.replace(/: not listed$/, '')}: ${count} not listed (${folder})`,
      });
    }
    return { deployments: this.deployments, problems: this.problems };
  }

  private async readRecord(record: RecordFile, kind: RecordKind): Promise<void> {
    const network = await this.networkOf(record, kind);
    if (network === undefined) return;
    let bytes: Uint8Array;
    try {
      bytes = await this.readCapped(record, MAX_RECORD_BYTES);
    } catch (error) {
      const message = error instanceof FileTooLarge ? error.message : `could not be read (${errorMessage(error)})`;
      this.problems.push({ file: record.file, message });
      return;
    }
    let outcome = await this.drive(recordSteps(record.file, kind, network, bytes));
    if (kind.tool === 'ignition') outcome = { ...outcome, deployments: await this.withArtifactNames(record, outcome) };
    const result = resultOf(record.file, outcome);
    this.deployments.push(...result.deployments);
    this.problems.push(...result.problems);
  }

  /** The record's network; undefined after saying why it has none. */
  private async networkOf(record: RecordFile, kind: RecordKind): Promise<Network | undefined> {
    let context: string | undefined;
    if (kind.tool === 'hardhat-deploy') context = await this.chainIdFileOf(record);
    else if (kind.tool === 'ignition' && kind.chainId === undefined) context = await this.journalChainIdOf(record);
    const network = recordNetwork(record.file, kind, context);
    if ('network' in network) return network.network;
    if (kind.tool !== 'hardhat-deploy') {
      this.problems.push({ file: record.file, message: network.problem });
      return undefined;
    }
    const folder = folderOf(record.file);
    const known = this.folderProblems.get(folder);
    if (known) known.records++;
    else
      this.folderProblems.set(folder, {
        file: context === undefined ? record.file : `${folder}.chainId`,
        message: network.problem,
        records: 1,
      });
    return undefined;
  }

  private chainIdFileOf(record: RecordFile): Promise<string | undefined> {
    const folder = folderOf(record.file);
    let text = this.chainIdFiles.get(folder);
    if (text === undefined) {
      text = this.readCapped(besideFile(record, '.chainId'), MAX_CHAIN_ID_FILE_BYTES).then(
        bytes => new TextDecoder().decode(bytes),
        () => undefined,
      );
      this.chainIdFiles.set(folder, text);
    }
    return text;
  }

  private async journalChainIdOf(record: RecordFile): Promise<string | undefined> {
    try {
      return journalChainId(await this.readCapped(besideFile(record, 'journal.jsonl'), MAX_RECORD_BYTES));
    } catch {
      return undefined;
    }
  }

  /** Each future's deployment with its artifact's contract and source names, where the artifact has them. */
  private async withArtifactNames(record: RecordFile, outcome: RecordOutcome): Promise<FoundDeployment[]> {
    const named: FoundDeployment[] = [];
    for (const deployment of outcome.deployments) {
      this.signal?.throwIfAborted();
      const artifactFile = deployment.artifact?.file;
      if (artifactFile === undefined) {
        named.push(deployment);
        continue;
      }
      const relative = artifactFile.slice(folderOf(record.file).length);
      const reader = new IgnitionArtifactReader();
      try {
        const bytes = await this.readCapped(besideFile(record, relative), MAX_RECORD_BYTES);
        await this.drive(readRecordSteps(bytes, () => reader));
      } catch {
        // No artifact (a deployment folder copied without it): the future id's name stays.
      }
      named.push(reader.named(deployment, artifactFile));
    }
    return named;
  }

  private async readCapped(file: RecordFile, cap: number): Promise<Uint8Array> {
    const known = this.access.size ? await this.access.size(file).catch(() => undefined) : undefined;
    if (known !== undefined && known > cap) throw new FileTooLarge(tooLargeMessage(known, cap));
    const bytes = await this.access.read(file);
    if (bytes.length > cap) throw new FileTooLarge(tooLargeMessage(bytes.length, cap));
    return bytes;
  }

  /** Runs the steps, yielding between them when the turns say so. */
  private async drive<T>(steps: Generator<void, T>): Promise<T> {
    for (;;) {
      const next = steps.next();
      if (next.done === true) return next.value;
      if (this.turns !== undefined) {
        await this.turns.step();
        this.signal?.throwIfAborted();
      }
    }
  }
}
