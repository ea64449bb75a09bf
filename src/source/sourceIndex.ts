// The compiler-output index as the extension host sees it. Files with a path on disk are read by a
// worker thread (workerClient.ts, worker.ts): streamed, up to 512 MB, off this thread; the rest (a
// virtual workspace, no worker given, or a browser, which has no worker threads) are read here
// through the caller's `read`, in slices that yield, up to 20 MB a file (readers.ts). Either way only refs come back: `findByCode` answers
// synchronously from them (grouped by code length, then compared outside the masks, as the ABI
// index matches artifacts), `findByCreationCode` likewise from each contract's creation code, and
// `sites` / `compiledText` / `debugInfo` are answered where the file was read.
// Two artifacts with the same code are both kept: findByCode gives the one with an AST and a source
// map first (then the first indexed), findAllByCode gives them all. Pure of vscode.
import type { ResourceLimits } from 'node:worker_threads';
import type { CompilerOutputFile, SourceIndexApi, SourceIndexReport } from './api';
import type { CompiledContractRef, RevertToFind, SiteAnswer } from './types';
import type { CodeDebugInfo, CreationMatch } from './debugTypes';
import type { CreationCodeOf } from './creationCode';
import { constructorArgsAfter, initcodeHex } from './creationCode';
import { isCodeDebugInfo } from './debugInfo';
import type { IndexOutcome } from './indexer';
import { CompilerOutputIndexer } from './indexer';
import { inThreadAccess } from './readers';
import type { WorkerStats } from './workerProtocol';
import { isIndexOutcome, isSiteAnswer, isWorkerStats } from './workerProtocol';
import { WorkerClient } from './workerClient';
import { chainCode, matchesCode } from '../abi/bytecode';
import { errorMessage } from '../util/errorMessage';
import { platform } from '../util/platform';

const MB = 1024 * 1024;
/** The most estimated bytes of loaded details kept in the extension host's own thread. */
const IN_THREAD_DETAIL_BUDGET = 32 * MB;

export interface SourceIndexOptions {
  /**
   * The worker thread's script: dist/source-worker.js in the extension (the tsc output's
   * src/source/worker.js in tests). Without it every file is read in this thread through `read`.
   */
  readonly workerPath?: string;
  /** Reads a workspace file (workspace-relative path): the files without fsPath, or all without a worker. */
  readonly read?: (file: string) => Promise<Uint8Array>;
  /** A workspace file's size without reading it, when cheap to know (spares reading what is over the cap). */
  readonly size?: (file: string) => Promise<number | undefined>;
  /** The worker's memory limits (default: 512 MB of old generation). */
  readonly resourceLimits?: ResourceLimits;
  /** The most estimated bytes of loaded details (ASTs, maps, texts) the worker keeps (default 128 MB). */
  readonly detailBudgetBytes?: number;
}

type Route = 'worker' | 'thread';

function none(reason: string): SiteAnswer {
  return { kind: 'none', reason };
}

export class SourceIndex implements SourceIndexApi {
  private readonly client: WorkerClient | undefined;
  private inThread: CompilerOutputIndexer | undefined;
  private readonly known = new Map<string, CompilerOutputFile>();
  private readonly routes = new Map<string, Route>();
  private readonly refs = new Map<string, readonly CompiledContractRef[]>();
  /** Each file's creation codes with their refs (findByCreationCode). */
  private readonly creations = new Map<string, readonly { ref: CompiledContractRef; code: CreationCodeOf['code'] }[]>();
  private byLength: Map<number, CompiledContractRef[]> | undefined;
  private readonly listeners = new Set<() => void>();
  private queue: Promise<unknown> = Promise.resolve();
  private disposed = false;

  constructor(private readonly options: SourceIndexOptions) {
    this.client =
      // No worker threads (a browser): the script is never tried, every file is read through `read`.
      options.workerPath === undefined || !platform().workerThreads
        ? undefined
        : new WorkerClient(options.workerPath, {
            resourceLimits: options.resourceLimits ?? { maxOldGenerationSizeMb: 512 },
            workerData: { detailBudgetBytes: options.detailBudgetBytes ?? 128 * MB },
            onRestart: () => void this.reindexWorkerFiles(),
          });
  }

  /** Why the worker can no longer read files (it stopped twice), or undefined while it can. */
  get unavailableReason(): string | undefined {
    return this.disposed ? 'the index was closed' : this.client?.unavailableReason;
  }

  update(files: readonly CompilerOutputFile[]): Promise<SourceIndexReport> {
    return this.serially(async () => {
      const skipped: { file: string; reason: string }[] = [];
      let contracts = 0;
      let done = 0;
      for (const file of files) {
        if (this.disposed) break;
        this.known.set(file.file, file);
        const outcome = await this.indexOne(file);
        done++;
        contracts += outcome.refs.length;
        if (outcome.skipped !== undefined) skipped.push({ file: file.file, reason: outcome.skipped });
      }
      if (done > 0) this.changed();
      return { files: done, contracts, skipped };
    });
  }

  remove(files: readonly string[]): void {
    const inWorker: string[] = [];
    for (const file of files) {
      const route = this.routes.get(file);
      this.known.delete(file);
      this.routes.delete(file);
      this.refs.delete(file);
      this.creations.delete(file);
      if (route === 'worker') inWorker.push(file);
      else this.inThread?.remove(file);
    }
    if (inWorker.length > 0 && this.client?.unavailableReason === undefined)
      this.client?.request({ type: 'remove', files: inWorker }).catch(() => undefined);
    this.changed();
  }

  findByCode(runtimeBytecode: string): CompiledContractRef | undefined {
    return this.findAllByCode(runtimeBytecode)[0];
  }

  /**
   * Every compiled contract whose deployed code matches: those with an AST and a source map first,
   * then in the order they were indexed.
   */
  findAllByCode(runtimeBytecode: string): readonly CompiledContractRef[] {
    const code = chainCode(runtimeBytecode);
    if (code === undefined) return [];
    const found = (this.lookup().get(code.length) ?? []).filter(ref => matchesCode(ref.code, code));
    const equipped = (ref: CompiledContractRef) => (ref.hasAst && ref.hasSourceMap ? 0 : 1);
    return found.sort((a, b) => equipped(a) - equipped(b));
  }

  /**
   * The compiled contract whose creation code starts `initcode`, and the constructor arguments
   * after it; those with an AST and a source map first, then in the order indexed.
   */
  findByCreationCode(initcode: string): CreationMatch | undefined {
    const init = initcodeHex(initcode);
    if (init === undefined) return undefined;
    let unequipped: CreationMatch | undefined;
    for (const list of this.creations.values())
      for (const { ref, code } of list) {
        const equipped = ref.hasAst && ref.hasSourceMap;
        if (!equipped && unequipped !== undefined) continue;
        const constructorArgs = constructorArgsAfter(code, init);
        if (constructorArgs === undefined) continue;
        if (equipped) return { ref, constructorArgs };
        unequipped = { ref, constructorArgs };
      }
    return unequipped;
  }

  /** The debug information of `ref`'s code, answered where its file was read; undefined when not indexed. */
  async debugInfo(ref: CompiledContractRef, kind: 'deployed' | 'creation'): Promise<CodeDebugInfo | undefined> {
    const route = this.routes.get(ref.origin.file);
    if (this.disposed || (kind !== 'deployed' && kind !== 'creation')) return undefined;
    if (route === 'thread' && this.inThread) return this.inThread.debugInfo(ref.key, kind);
    if (route !== 'worker' || this.client === undefined) return undefined;
    const info = await this.client.request({ type: 'debugInfo', key: ref.key, kind }).catch(() => undefined);
    if (!isCodeDebugInfo(info, kind)) return undefined;
    // The host's own ref, not the worker's copy of it.
    const own = this.refs.get(ref.origin.file)?.find(r => r.key === ref.key);
    return own === undefined ? undefined : { ...info, ref: own };
  }

  async sites(ref: CompiledContractRef, selector: string | undefined, revert: RevertToFind): Promise<SiteAnswer> {
    const route = this.routes.get(ref.origin.file);
    if (this.disposed) return none('the compiler-output index was closed');
    if (route === 'thread' && this.inThread) return this.inThread.sites(ref.key, selector, revert);
    if (route !== 'worker' || this.client === undefined) return none(`${ref.origin.file} is not indexed`);
    try {
      const answer = await this.client.request({ type: 'sites', key: ref.key, selector, revert });
      return isSiteAnswer(answer) ? answer : none('the compiler-output worker gave an answer that is not a site');
    } catch (e) {
      return none(`the compiler-output index could not answer: ${errorMessage(e)}`);
    }
  }

  async compiledText(ref: CompiledContractRef, sourceName: string): Promise<string | undefined> {
    const route = this.routes.get(ref.origin.file);
    if (this.disposed) return undefined;
    if (route === 'thread' && this.inThread) return this.inThread.compiledText(ref.key, sourceName);
    if (route !== 'worker' || this.client === undefined) return undefined;
    const text = await this.client.request({ type: 'compiledText', key: ref.key, sourceName }).catch(() => undefined);
    return typeof text === 'string' ? text : undefined;
  }

  /** The keccak-256 of the compiled text, from the metadata: how drift is seen where there is no text (Foundry). */
  async compiledKeccak256(ref: CompiledContractRef, sourceName: string): Promise<string | undefined> {
    const route = this.routes.get(ref.origin.file);
    if (this.disposed) return undefined;
    if (route === 'thread' && this.inThread) return this.inThread.compiledKeccak256(ref.key, sourceName);
    if (route !== 'worker' || this.client === undefined) return undefined;
    const hash = await this.client
      .request({ type: 'compiledKeccak256', key: ref.key, sourceName })
      .catch(() => undefined);
    return typeof hash === 'string' ? hash : undefined;
  }

  projectRootOf(ref: CompiledContractRef): string | undefined {
    return this.known.get(ref.origin.file)?.projectRoot;
  }

  onDidChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The worker's memory (for tests and the bench); undefined without a running worker. */
  async workerStats(): Promise<WorkerStats | undefined> {
    if (this.client === undefined || this.unavailableReason !== undefined) return undefined;
    const stats = await this.client.request({ type: 'stats' }).catch(() => undefined);
    return isWorkerStats(stats) ? stats : undefined;
  }

  dispose(): void {
    this.disposed = true;
    this.client?.dispose();
    this.listeners.clear();
    this.refs.clear();
    this.creations.clear();
    this.byLength = undefined;
  }

  private async indexOne(file: CompilerOutputFile): Promise<IndexOutcome> {
    const route = this.routeOf(file);
    let outcome: IndexOutcome;
    if (route === undefined)
      outcome = { file: file.file, refs: [], skipped: 'not read: no worker and no reader given' };
    else if (route === 'thread') outcome = await this.threadIndexer().index(file);
    else outcome = await this.indexInWorker(file);
    if (this.disposed || !this.known.has(file.file)) return outcome;
    if (route !== undefined) this.routes.set(file.file, route);
    if (outcome.refs.length > 0) this.refs.set(file.file, outcome.refs);
    else this.refs.delete(file.file);
    const byKey = new Map(outcome.refs.map(r => [r.key, r]));
    const creations = (outcome.creation ?? []).flatMap(c => {
      const ref = byKey.get(c.key);
      return ref === undefined ? [] : [{ ref, code: c.code }];
    });
    if (creations.length > 0) this.creations.set(file.file, creations);
    else this.creations.delete(file.file);
    this.byLength = undefined;
    return outcome;
  }

  /** The index of the files read in this thread, made on first use. */
  private threadIndexer(): CompilerOutputIndexer {
    const { read, size } = this.options;
    if (this.inThread !== undefined) return this.inThread;
    const files = { read: read ?? (() => Promise.reject(new Error('no reader given'))), ...(size ? { size } : {}) };
    return (this.inThread = new CompilerOutputIndexer(inThreadAccess(files), {
      detailBudgetBytes: IN_THREAD_DETAIL_BUDGET,
      detailEntries: 16,
    }));
  }

  private async indexInWorker(file: CompilerOutputFile): Promise<IndexOutcome> {
    try {
      const outcome = await this.client!.request({ type: 'index', file });
      if (isIndexOutcome(outcome)) return outcome;
      return { file: file.file, refs: [], skipped: 'the compiler-output worker gave an answer that is not an index' };
    } catch (e) {
      return { file: file.file, refs: [], skipped: `not indexed: the compiler-output index ${errorMessage(e)}` };
    }
  }

  private routeOf(file: CompilerOutputFile): Route | undefined {
    if (file.fsPath !== undefined && this.client !== undefined) return 'worker';
    return this.options.read !== undefined ? 'thread' : undefined;
  }

  /** After the worker's first stop: its successor learns every file again. */
  private reindexWorkerFiles(): Promise<unknown> {
    return this.serially(async () => {
      const files = [...this.known.values()].filter(f => this.routes.get(f.file) === 'worker');
      for (const file of files) if (!this.disposed && this.known.has(file.file)) await this.indexOne(file);
      if (files.length > 0) this.changed();
    }).catch(() => undefined);
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private lookup(): Map<number, CompiledContractRef[]> {
    if (this.byLength !== undefined) return this.byLength;
    const byLength = new Map<number, CompiledContractRef[]>();
    for (const refs of this.refs.values())
      for (const ref of refs) {
        const list = byLength.get(ref.code.hex.length);
        if (list === undefined) byLength.set(ref.code.hex.length, [ref]);
        else list.push(ref);
      }
    return (this.byLength = byLength);
  }

  private changed(): void {
    this.byLength = undefined;
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch {
        // one listener's failure does not stop the others
      }
    }
  }
}
