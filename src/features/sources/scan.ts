// The compiler-output files of the workspace, kept indexed: found with `ledgerLens.trace.compilerOutput`
// (Hardhat build-info, Foundry out/, solc standard-JSON files a user names), read by the
// SourceIndex (a worker thread where the files are on disk), read again when a compile rewrites
// them and forgotten when deleted. Nothing starts until the index is first asked for (a panel
// showing a failed call): most sessions never need it. A file is read only when new or when its
// time or size changed since it was read. What was indexed and what was skipped, with why, goes
// to the log. The watchers and the folders no watcher reaches are folderWatch.ts's.
import * as vscode from 'vscode';
import type { CompilerOutputFile, SourceIndexApi, SourceIndexReport } from '../../source/api';
import { globMatcher, joinGlobs, matchesAny, type GlobMatcher } from '../../abi/globs';
import type { FeatureLog, Setting } from '../context';
import { errorMessage } from '../../util/errorMessage';
import { FolderPoller } from '../common/folderLook';
import { MAX_POLLED_FOLDERS, POLL_MS, watchCompilerOutput, type OutputWatchHandlers } from './folderWatch';
import { projectRootOf } from './paths';
import { skippedLines } from './scanText';
import { filesUnder, needsReading, type FileStamp } from '../../util/folderFiles';

/** Wait after the last change before reading: a compile writes many files in a burst. */
const DEBOUNCE_MS = 500;
/** Never looked into, whatever the globs say: packages' own outputs are not the project's. */
export const ALWAYS_EXCLUDED = '**/node_modules/**';

export interface ScanInputs {
  readonly globs: Setting<readonly string[]>;
  /** Makes the index (the worker starts with it); called once, on first use. */
  readonly create: () => SourceIndexApi;
  readonly log: FeatureLog;
}

interface Known {
  readonly uri: vscode.Uri;
  /** As it was when last read; undefined until then. */
  stamp?: FileStamp;
}

export class WorkspaceSources implements vscode.Disposable {
  private built: SourceIndexApi | undefined;
  private readonly files = new Map<string, Known>();
  private readonly pending = new Map<string, vscode.Uri>();
  private matchers: GlobMatcher[] = [];
  private queue: Promise<unknown> = Promise.resolve();
  private scan: Promise<void> = Promise.resolve();
  private generation = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private watchers: vscode.Disposable = new vscode.Disposable(() => undefined);
  private readonly subscriptions: vscode.Disposable[] = [];
  private disposed = false;
  private readonly excluded = globMatcher(ALWAYS_EXCLUDED);
  private readonly handlers: OutputWatchHandlers;
  // The folders no watcher event reaches, for the feature's whole life: a settings change replaces
  // the watchers, and the new ones would not see those folders either.
  private readonly poller: FolderPoller;

  constructor(private readonly inputs: ScanInputs) {
    this.handlers = {
      relative,
      isOutput: file => matchesAny(file, this.matchers) && !this.excluded.test(file),
      isExcluded: path => this.excluded.test(path) || this.excluded.test(`${path}/`),
      isKnown: file => this.files.has(file) || this.pending.has(file),
      changed: uri => this.changed(uri),
      deleted: uri => this.deleted(relative(uri)),
      rescanAll: () => this.rescan(),
      log: inputs.log,
    };
    this.poller = new FolderPoller({
      wanted: uri => this.handlers.isOutput(this.handlers.relative(uri)),
      changed: uri => this.handlers.changed(uri),
      deleted: uri => this.handlers.deleted(uri),
      maxFolders: MAX_POLLED_FOLDERS,
      intervalMs: POLL_MS,
    });
  }

  /** The index, made and filled on the first ask. */
  open(): SourceIndexApi {
    if (this.disposed) throw new Error('the compiler-output index is closed');
    if (this.built) return this.built;
    const index = this.inputs.create();
    this.built = index;
    this.subscriptions.push(
      this.inputs.globs.onDidChange(() => this.restart()),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.restart()),
    );
    this.restart();
    return index;
  }

  /** The URI of a compiler-output file found (workspace-relative path). */
  uriOf(file: string): vscode.Uri | undefined {
    return this.files.get(file)?.uri ?? this.pending.get(file);
  }

  /** Settles when the current full scan and every change waiting behind it are done. */
  async ready(): Promise<void> {
    await this.scan;
    await this.queue;
  }

  dispose(): void {
    this.disposed = true;
    this.generation++;
    clearTimeout(this.timer);
    this.watchers.dispose();
    this.poller.dispose();
    for (const s of this.subscriptions.splice(0)) s.dispose();
    this.built?.dispose();
  }

  private restart(): void {
    const globs = this.inputs.globs.current;
    this.matchers = globs.map(globMatcher);
    this.watchers.dispose();
    this.watchers = watchCompilerOutput(globs, this.handlers, this.poller);
    this.rescan();
  }

  /** Searches the whole workspace again (a later search supersedes one under way). */
  private rescan(): void {
    if (this.disposed) return;
    const mine = ++this.generation;
    this.scan = this.fullScan(mine).catch((e: unknown) =>
      this.inputs.log.error(`Sources: indexing the compiler output failed: ${errorMessage(e)}`),
    );
  }

  private async fullScan(mine: number): Promise<void> {
    const globs = this.inputs.globs.current;
    const started = performance.now();
    const found = globs.length === 0 ? [] : await vscode.workspace.findFiles(joinGlobs(globs), ALWAYS_EXCLUDED);
    const index = this.built;
    if (mine !== this.generation || !index) return;
    const now = new Map(found.map(uri => [relative(uri), uri]));
    const gone = [...this.files.keys()].filter(file => !now.has(file));
    for (const file of gone) this.files.delete(file);
    if (gone.length > 0) await this.enqueue(() => Promise.resolve(index.remove(gone)));
    const report = await this.read([...now].sort(([a], [b]) => a.localeCompare(b)));
    if (mine !== this.generation) return;
    const ms = Math.round(performance.now() - started);
    const contracts = `${report.contracts} compiled ${report.contracts === 1 ? 'contract' : 'contracts'}`;
    const files = `${report.files} compiler-output ${report.files === 1 ? 'file' : 'files'}`;
    this.inputs.log.info(`Sources: ${contracts} from ${files} read in ${ms} ms (${now.size} found)`);
    for (const line of skippedLines(report.skipped)) this.inputs.log.warn(line);
  }

  /** A compiler-output file created or changed: read (if it did change) once the burst settles. */
  private changed(uri: vscode.Uri): void {
    this.pending.set(relative(uri), uri);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), DEBOUNCE_MS);
  }

  private flush(): void {
    this.timer = undefined;
    if (!this.built || this.disposed || this.pending.size === 0) return;
    const batch = [...this.pending];
    this.pending.clear();
    void this.read(batch).then(
      report => {
        if (report.files === 0) return;
        this.inputs.log.info(`Sources: read again ${report.files} changed ${report.files === 1 ? 'file' : 'files'}`);
        for (const line of skippedLines(report.skipped)) this.inputs.log.warn(line);
      },
      (e: unknown) => this.inputs.log.error(`Sources: reading the changed compiler output failed: ${errorMessage(e)}`),
    );
  }

  /** Reads the files among `found` that are new or changed since they were read (by time and size). */
  private read(found: readonly (readonly [string, vscode.Uri])[]): Promise<SourceIndexReport> {
    return this.enqueue(async () => {
      const index = this.built;
      const batch: CompilerOutputFile[] = [];
      const stamps = new Map<string, FileStamp>();
      for (const [file, uri] of found) {
        const stamp = await stampOf(uri);
        const known = this.files.get(file);
        if (!stamp || !needsReading(known?.uri.toString() === uri.toString() ? known.stamp : undefined, stamp))
          continue;
        if (!known) this.files.set(file, { uri });
        stamps.set(file, stamp);
        batch.push(outputFile(file, uri));
      }
      if (!index || this.disposed || batch.length === 0) return { files: 0, contracts: 0, skipped: [] };
      const report = await index.update(batch);
      for (const [file, stamp] of stamps) {
        const known = this.files.get(file);
        if (known) known.stamp = stamp;
      }
      return report;
    });
  }

  /** A path deleted: an indexed file, or a folder with every indexed file under it. */
  private deleted(path: string): void {
    const files = this.files.has(path) ? [path] : filesUnder(path, this.files.keys());
    for (const file of files) {
      this.files.delete(file);
      this.pending.delete(file);
    }
    const index = this.built;
    if (!index || files.length === 0) return;
    void this.enqueue(() => {
      index.remove(files);
      this.inputs.log.info(`Sources: ${files.join(', ')} deleted, forgotten`);
      return Promise.resolve();
    });
  }

  /** Runs index work one piece at a time, in the order asked. */
  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/** The workspace-relative path the index keys a file by (the folder's name first in a multi-root workspace). */
export function relative(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
}

async function stampOf(uri: vscode.Uri): Promise<FileStamp | undefined> {
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    return (stat.type & vscode.FileType.File) !== 0 ? { mtime: stat.mtime, size: stat.size } : undefined;
  } catch {
    return undefined; // gone since it was reported
  }
}

function outputFile(file: string, uri: vscode.Uri): CompilerOutputFile {
  return {
    file,
    ...(uri.scheme === 'file' ? { fsPath: uri.fsPath } : {}),
    projectRoot: projectRootOf(file),
  };
}
