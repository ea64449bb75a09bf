// The extension host's end of the compiler-output worker: requests by id, replies matched to them.
// The thread starts on the first request and holds the process only while a request is pending.
// When it stops unasked (an uncaught error, out of memory), every pending request fails with
// WorkerGone, and it is started again once (the owner re-sends its files); a second stop makes it
// unavailable for good, with the reason. dispose() terminates it; pending requests fail with
// WorkerGone, which the owner turns into answers, so nothing is left rejected unhandled.
import { Worker } from 'node:worker_threads';
import type { ResourceLimits } from 'node:worker_threads';
import type { WorkerRequest } from './workerProtocol';
import { parseReply } from './workerProtocol';
import { errorMessage } from '../util/errorMessage';
import { platform } from '../util/platform';

/** The worker stopped (or never started, or was disposed) before it answered. */
export class WorkerGone extends Error {}

/** A request without its id (the client numbers them). */
export type WorkerRequestBody = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

export interface WorkerClientOptions {
  readonly resourceLimits?: ResourceLimits;
  readonly workerData?: unknown;
  /** Called after the first unasked stop: the next request starts a new thread, which knows nothing yet. */
  readonly onRestart: (reason: string) => void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export class WorkerClient {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stops = 0;
  private disposed = false;
  private unavailable: string | undefined;

  constructor(
    private readonly scriptPath: string,
    private readonly options: WorkerClientOptions,
  ) {}

  /** Why the worker can no longer answer, or undefined while it can. */
  get unavailableReason(): string | undefined {
    return this.disposed ? 'the index was closed' : this.unavailable;
  }

  request(body: WorkerRequestBody): Promise<unknown> {
    const reason = this.unavailableReason;
    if (reason !== undefined) return Promise.reject(new WorkerGone(reason));
    let worker: Worker;
    try {
      worker = this.running();
    } catch (e) {
      this.unavailable = `its worker thread could not start: ${errorMessage(e)}`;
      return Promise.reject(new WorkerGone(this.unavailable));
    }
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      if (this.pending.size === 0) worker.ref();
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...body, id });
    });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.failAll('the index was closed');
    void worker?.terminate().catch(() => undefined);
  }

  private running(): Worker {
    if (this.worker !== undefined) return this.worker;
    // Never constructed where there are none: the browser build's Worker is a stand-in that throws.
    if (!platform().workerThreads) throw new Error(`${platform().hostName} has no worker threads`);
    const worker = new Worker(this.scriptPath, {
      ...(this.options.resourceLimits ? { resourceLimits: this.options.resourceLimits } : {}),
      workerData: this.options.workerData,
    });
    worker.unref();
    worker.on('message', (message: unknown) => this.settle(worker, message));
    worker.on('error', (e: unknown) => this.stopped(worker, errorMessage(e)));
    worker.on('messageerror', (e: unknown) => this.stopped(worker, `a message could not be read: ${errorMessage(e)}`));
    worker.on('exit', (code: number) => this.stopped(worker, `it exited with code ${code}`));
    this.worker = worker;
    return worker;
  }

  private settle(worker: Worker, message: unknown): void {
    const reply = parseReply(message);
    const pending = reply === undefined ? undefined : this.pending.get(reply.id);
    if (reply === undefined || pending === undefined) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) worker.unref();
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(new Error(reply.error));
  }

  private stopped(worker: Worker, reason: string): void {
    if (worker !== this.worker) return; // already handled, or terminated on purpose
    this.worker = undefined;
    void worker.terminate().catch(() => undefined);
    this.failAll(`its worker thread stopped: ${reason}`);
    if (this.disposed) return;
    this.stops++;
    if (this.stops > 1) {
      this.unavailable = `its worker thread stopped twice (last: ${reason})`;
      return;
    }
    this.options.onRestart(reason);
  }

  private failAll(reason: string): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) p.reject(new WorkerGone(reason));
  }
}
