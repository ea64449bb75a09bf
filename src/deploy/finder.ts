// Reading a workspace's deployment records without holding the extension host's thread: in a
// worker thread when the extension gives one (`workerScript`) and it starts, for the files on disk;
// otherwise, and for files only workspace.fs can read, in the host's thread in turns that yield to
// the event loop every ~8 ms (the records are read streamed: a megabyte of hardhat-deploy JSON is
// a hundred short steps, not one JSON.parse). A worker that fails to start or dies is not asked
// again; its request is read in the host's thread instead. A browser has no worker threads: there
// the script is never tried.
import { Worker } from 'node:worker_threads';
import { Discovery, Turns, recordFilesInOrder, type RecordAccess, type RecordFile } from './discovery';
import type { DiscoveryResult } from './types';
import { parseReply, type DeployWorkerRequest, type DiskFile } from './workerProtocol';
import { errorMessage } from '../util/errorMessage';
import { platform } from '../util/platform';

export interface DeploymentFinderOptions {
  /** A file's bytes, by its path on disk when the caller gave one (`fsPath`), else its workspace path. */
  readFile(fsPathOrFile: string): Promise<Uint8Array>;
  /** Its size in bytes (a file over MAX_RECORD_BYTES is then never read); without it, files are read to be measured. */
  size?(fsPathOrFile: string): Promise<number>;
  /** The worker thread's script (dist/deploy-worker.js; in the tests' tsc output, src/deploy/worker.js). */
  workerScript?: string;
}

/** The worker could not answer (did not start, or stopped): the request is read in the host's thread. */
class WorkerUnavailable extends Error {}

interface Pending {
  resolve(result: DiscoveryResult): void;
  reject(error: Error): void;
}

/** The worker thread, started on first use. */
class DeployWorker {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  failed = false;

  constructor(private readonly script: string) {}

  discover(files: readonly DiskFile[], signal: AbortSignal | undefined): Promise<DiscoveryResult> {
    let worker: Worker;
    try {
      worker = this.started();
    } catch (error) {
      this.failed = true;
      return Promise.reject(new WorkerUnavailable(errorMessage(error)));
    }
    const id = this.nextId++;
    return new Promise<DiscoveryResult>((resolve, reject) => {
      const onAbort = () => {
        this.settle(id);
        this.post({ type: 'cancel', id });
        reject(signal?.reason instanceof Error ? signal.reason : new Error('the discovery was cancelled'));
      };
      const done = () => signal?.removeEventListener('abort', onAbort);
      this.pending.set(id, {
        resolve: r => (done(), resolve(r)),
        reject: e => (done(), reject(e)),
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.ref();
      this.post({ type: 'discover', id, files });
    });
  }

  dispose(): void {
    this.fail(new WorkerUnavailable('the finder was disposed'));
    void this.worker?.terminate();
    this.worker = undefined;
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.script);
    worker.on('message', (message: unknown) => this.onMessage(message));
    worker.on('error', error => this.fail(new WorkerUnavailable(errorMessage(error))));
    worker.on('exit', code => this.fail(new WorkerUnavailable(`the worker stopped (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private post(message: DeployWorkerRequest): void {
    this.worker?.postMessage(message);
  }

  private onMessage(message: unknown): void {
    const reply = parseReply(message);
    if (reply === undefined) return;
    const pending = this.settle(reply.id);
    if (pending === undefined) return; // cancelled meanwhile
    if (reply.ok) pending.resolve(reply.result);
    else pending.reject(new WorkerUnavailable(reply.error));
  }

  /** The request's callbacks, forgotten; the thread may sleep once none is waiting. */
  private settle(id: number): Pending | undefined {
    const pending = this.pending.get(id);
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker?.unref();
    return pending;
  }

  private fail(error: WorkerUnavailable): void {
    this.failed = true;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const p of waiting) p.reject(error);
  }
}

/** Reads records off the extension host's thread (a worker_threads worker when `workerScript` is given and can start; else in turns that yield every ~10 ms). */
export class DeploymentFinder {
  private readonly worker: DeployWorker | undefined;
  private readonly access: RecordAccess;

  constructor(options: DeploymentFinderOptions) {
    // No worker threads (a browser): the script is never tried, every record is read in turns.
    this.worker =
      options.workerScript === undefined || !platform().workerThreads
        ? undefined
        : new DeployWorker(options.workerScript);
    this.access = {
      read: f => options.readFile(f.fsPath ?? f.file),
      ...(options.size ? { size: (f: RecordFile) => options.size!(f.fsPath ?? f.file) } : {}),
    };
  }

  /**
   * The deployments and problems of the records among `files` (other files are passed over).
   * Rejects only when `signal` aborts (with its reason).
   */
  async discover(files: readonly { file: string; fsPath?: string }[], signal?: AbortSignal): Promise<DiscoveryResult> {
    signal?.throwIfAborted();
    const ordered = recordFilesInOrder(files);
    const worker = this.worker;
    if (worker === undefined || worker.failed) return this.inThread(ordered, signal);
    const onDisk: DiskFile[] = [];
    const elsewhere: RecordFile[] = [];
    for (const f of ordered) {
      if (f.fsPath !== undefined) onDisk.push({ file: f.file, fsPath: f.fsPath });
      else elsewhere.push(f);
    }
    let fromWorker: DiscoveryResult;
    try {
      fromWorker = onDisk.length === 0 ? { deployments: [], problems: [] } : await worker.discover(onDisk, signal);
    } catch (error) {
      if (!(error instanceof WorkerUnavailable)) throw error;
      return this.inThread(ordered, signal);
    }
    if (elsewhere.length === 0) return fromWorker;
    const inThread = await this.inThread(elsewhere, signal);
    return merged(fromWorker, inThread);
  }

  dispose(): void {
    this.worker?.dispose();
  }

  private inThread(files: readonly RecordFile[], signal: AbortSignal | undefined): Promise<DiscoveryResult> {
    return new Discovery(this.access, new Turns(), signal).run(files);
  }
}

/** Two results as one, in file order (each file's own order kept). */
function merged(a: DiscoveryResult, b: DiscoveryResult): DiscoveryResult {
  const byFile = <T>(items: readonly T[], fileOf: (t: T) => string) =>
    items
      .map((item, index) => ({ item, index, file: fileOf(item) }))
      .sort((x, y) => (x.file < y.file ? -1 : x.file > y.file ? 1 : x.index - y.index))
      .map(x => x.item);
  return {
    deployments: byFile([...a.deployments, ...b.deployments], d => d.source.file),
    problems: byFile([...a.problems, ...b.problems], p => p.file),
  };
}
