// Indexing workspace artifact files into an AbiIndex without holding up the extension host: each
// file is parsed, checked and hashed in small steps (parseArtifactSteps), yielding to the event
// loop (setImmediate) whenever a slice of work passes a few milliseconds, so no task comes near
// 50 ms however large or deeply nested one artifact is. Files over 5 MB are not read; a file that is not an
// artifact is skipped with its reason and tried again on its next change. Pure: the caller gives
// the file access (vscode.workspace.fs in the extension, node:fs in tests and the bench).
import { MAX_ARTIFACT_BYTES, isIgnoredArtifactPath, parseArtifactSteps } from './artifacts';
import type { AbiIndex } from './abiIndex';
import { errorMessage } from '../util/errorMessage';
import { nextTurn } from '../util/nextTurn';

export interface ArtifactSource {
  /** The file's size in bytes, or undefined when it is gone. */
  size(file: string): Promise<number | undefined>;
  read(file: string): Promise<string>;
}

export interface IndexSummary {
  readonly files: number;
  /** Contracts (ABIs) indexed from those files. */
  readonly contracts: number;
  readonly skipped: readonly { readonly file: string; readonly reason: string }[];
}

/** How long one slice of indexing may run before it yields. */
const SLICE_MS = 8;

export const yieldToEventLoop = nextTurn;

export class ArtifactIndexer {
  private lastYield = performance.now();

  constructor(
    private readonly index: AbiIndex,
    private readonly source: ArtifactSource,
  ) {}

  /** Indexes (or re-indexes) the files. Stops early, with what it did, when `cancelled()` says so. */
  async indexAll(files: readonly string[], cancelled: () => boolean = () => false): Promise<IndexSummary> {
    const skipped: { file: string; reason: string }[] = [];
    let contracts = 0;
    let done = 0;
    for (const file of files) {
      if (cancelled()) break;
      const outcome = await this.indexFile(file);
      done++;
      if (outcome.kind === 'skipped') skipped.push({ file, reason: outcome.reason });
      else contracts += outcome.contracts;
    }
    return { files: done, contracts, skipped };
  }

  /** Indexes one file (created or changed); a file that cannot be read or parsed is removed and skipped. */
  async indexFile(file: string): Promise<{ kind: 'indexed'; contracts: number } | { kind: 'skipped'; reason: string }> {
    await this.maybeYield();
    if (isIgnoredArtifactPath(file)) return this.skip(file, 'a build-info or debug file, not an artifact');
    let text: string;
    try {
      const size = await this.source.size(file);
      if (size === undefined) return this.skip(file, 'it no longer exists');
      if (size > MAX_ARTIFACT_BYTES)
        return this.skip(file, `larger than ${MAX_ARTIFACT_BYTES / 1024 / 1024} MB, not read`);
      text = await this.source.read(file);
    } catch (error) {
      return this.skip(file, `could not be read (${errorMessage(error)})`);
    }
    const steps = parseArtifactSteps(file, text);
    let step = steps.next();
    while (!step.done) {
      await this.maybeYield();
      step = steps.next();
    }
    const outcome = step.value;
    if (outcome.kind === 'skipped') return this.skip(file, outcome.reason);
    this.index.setFile(file, outcome.contracts);
    return { kind: 'indexed', contracts: outcome.contracts.length };
  }

  removeFile(file: string): void {
    this.index.removeFile(file);
  }

  private skip(file: string, reason: string): { kind: 'skipped'; reason: string } {
    this.index.removeFile(file);
    return { kind: 'skipped', reason };
  }

  private async maybeYield(): Promise<void> {
    if (performance.now() - this.lastYield < SLICE_MS) return;
    await yieldToEventLoop();
    this.lastYield = performance.now();
  }
}

/** The log channel's lines for a summary: the count, then one line per skipped file. */
export function summaryLines(summary: IndexSummary): string[] {
  const lines = [
    `ABIs: indexed ${summary.contracts} ${summary.contracts === 1 ? 'ABI' : 'ABIs'} from ${summary.files - summary.skipped.length} of ${summary.files} ${summary.files === 1 ? 'file' : 'files'}` +
      (summary.skipped.length ? ` (${summary.skipped.length} skipped)` : ''),
  ];
  for (const { file, reason } of summary.skipped) lines.push(`ABIs: skipped ${file}: ${reason}`);
  return lines;
}
