// Runs the replay engine off the extension host's thread: in a worker_threads worker when the
// extension gives its script (dist/replay-worker.js; in the tests' tsc output
// src/debug/replay/worker.js) and it starts, answering its state questions from the host's
// StateReader; else, or when the worker cannot load the engine or dies, in the host's thread (the
// engine yields every few milliseconds there). A worker runs one replay and is ended with it;
// cancelling ends it at once. A browser has no worker threads: there the script is not tried and
// the run is the host thread's from the start. Pure: no vscode.
import { Worker } from 'node:worker_threads';
import type { ReplayInput, ReplayOptions, ReplayOutcome, StateReader } from '../types';
import { platform } from '../../../util/platform';
import { replayEngine, type ReplayEngine, type ReplayProgress } from './engineLoader';
import { parseWorkerMessage, type HostToWorker, type StateAsk, type StateValue } from './workerProtocol';

export interface ReplayRunnerOptions {
  /** The worker's script; none (or no worker threads on this platform): the host's thread. */
  readonly workerScript?: string;
  /** The engine the host's thread runs (default: the bundled one, loaded on first use). */
  readonly engine?: () => ReplayEngine;
  /** A module exporting runReplay for the worker to load instead of the bundled engine (tests). */
  readonly workerEngineModule?: string;
}

export interface RunAnswer {
  readonly outcome: ReplayOutcome;
  /** Where it ran. */
  readonly thread: 'worker' | 'host';
  /** Why the worker was not used, when it was asked for and not used. */
  readonly workerProblem?: string;
}

/** The worker could not do the run (did not start, could not load the engine, stopped): the host's thread does it. */
class WorkerUnavailable extends Error {}

export class ReplayRunner {
  constructor(private readonly options: ReplayRunnerOptions = {}) {}

  /** Runs one replay; rejects only when cancelled (or when the engine itself fails). */
  async run(
    input: ReplayInput,
    reader: StateReader,
    options: ReplayOptions,
    signal: AbortSignal,
    onProgress?: (progress: ReplayProgress) => void,
  ): Promise<RunAnswer> {
    let workerProblem: string | undefined;
    if (this.options.workerScript !== undefined && platform().workerThreads) {
      try {
        const outcome = await inWorker(this.options, input, reader, options, signal, onProgress);
        return { outcome, thread: 'worker' };
      } catch (error) {
        if (!(error instanceof WorkerUnavailable) || signal.aborted) throw error;
        workerProblem = error.message;
      }
    }
    // The bundled engine through replayEngine(): in a browser its part of the build is read first.
    const engine = this.options.engine ? this.options.engine() : await replayEngine();
    const outcome = await engine.runReplay(input, reader, options, signal, onProgress);
    return { outcome, thread: 'host', ...(workerProblem !== undefined ? { workerProblem } : {}) };
  }
}

function cancelled(signal: AbortSignal): Error {
  if (signal.reason instanceof Error) return signal.reason;
  const error = new Error('The replay was cancelled');
  error.name = 'AbortError';
  return error;
}

function inWorker(
  runner: ReplayRunnerOptions,
  input: ReplayInput,
  reader: StateReader,
  options: ReplayOptions,
  signal: AbortSignal,
  onProgress: ((progress: ReplayProgress) => void) | undefined,
): Promise<ReplayOutcome> {
  if (signal.aborted) return Promise.reject(cancelled(signal));
  return new Promise<ReplayOutcome>((resolve, reject) => {
    let worker: Worker;
    try {
      const engineModule = runner.workerEngineModule;
      worker = new Worker(runner.workerScript!, engineModule !== undefined ? { workerData: { engineModule } } : {});
    } catch (error) {
      reject(new WorkerUnavailable(`the replay worker did not start (${messageOf(error)})`));
      return;
    }
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      void worker.terminate();
      settle();
    };
    const onAbort = () => finish(() => reject(cancelled(signal)));
    signal.addEventListener('abort', onAbort, { once: true });
    const send = (message: HostToWorker) => {
      if (!settled) worker.postMessage(message);
    };
    worker.on('message', (raw: unknown) => {
      const message = parseWorkerMessage(raw);
      switch (message.type) {
        case 'ask':
          answer(reader, message).then(
            value => send({ type: 'state', ask: message.ask, ok: true, value }),
            (error: unknown) => send({ type: 'state', ask: message.ask, ok: false, error: messageOf(error) }),
          );
          return;
        case 'progress':
          onProgress?.({ steps: message.steps, fetched: message.fetched });
          return;
        case 'done':
          finish(() => resolve(message.outcome));
          return;
        case 'failed':
          if (message.stage === 'load')
            finish(() =>
              reject(new WorkerUnavailable(`the replay worker could not load the engine (${message.error})`)),
            );
          else
            finish(() =>
              reject(message.cancelled ? cancelled(signal) : new Error(`the replay failed: ${message.error}`)),
            );
          return;
        case 'malformed':
          finish(() => reject(new Error(`the replay worker sent ${message.what}`)));
      }
    });
    worker.on('error', error =>
      finish(() => reject(new WorkerUnavailable(`the replay worker failed (${error.message})`))),
    );
    worker.on('exit', code =>
      finish(() => reject(new WorkerUnavailable(`the replay worker stopped (exit code ${code})`))),
    );
    send({ type: 'run', input, options });
  });
}

function answer(reader: StateReader, ask: StateAsk): Promise<StateValue> {
  switch (ask.kind) {
    case 'code':
      return reader.code(ask.address);
    case 'slot':
      return reader.slot(ask.address, ask.slot);
    case 'balance':
      return reader.balance(ask.address);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
