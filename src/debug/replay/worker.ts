// The replay worker thread's entry: runs the replay engine off the extension host's thread. It
// holds no state of its own: every code, slot and balance the EVM needs is asked of the host by
// message (the host reads the mirror node and keeps the counts), progress is posted as the engine
// reports it, and a cancel message aborts the run. One run per worker. Messages are checked
// (host/workerProtocol.ts); an unexpected failure is answered, never left hanging.
import { parentPort, workerData } from 'node:worker_threads';
import type { CodeAnswer, StateReader, Word } from './types';
import { loadReplayEngine, type ReplayEngine } from './host/engineLoader';
import {
  parseHostMessage,
  type HostToWorker,
  type StateAsk,
  type StateValue,
  type WorkerToHost,
} from './host/workerProtocol';

interface Waiting {
  readonly resolve: (value: StateValue) => void;
  readonly reject: (error: Error) => void;
}

const waiting = new Map<number, Waiting>();
const controller = new AbortController();
let nextAsk = 0;
let started = false;

function post(message: WorkerToHost): void {
  parentPort?.postMessage(message);
}

function ask(question: StateAsk): Promise<StateValue> {
  const id = nextAsk++;
  return new Promise<StateValue>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    post({ type: 'ask', ask: id, ...question });
  });
}

function expect<T extends StateValue>(value: StateValue, is: (v: StateValue) => v is T, what: string): T {
  if (!is(value)) throw new Error(`the host answered ${what} with something else`);
  return value;
}

const isCode = (v: StateValue): v is CodeAnswer => typeof v === 'object';
const isWord = (v: StateValue): v is Word => typeof v === 'string';
const isBalance = (v: StateValue): v is bigint => typeof v === 'bigint';

/** The host's state, by message. */
const reader: StateReader = {
  async code(address) {
    return expect(await ask({ kind: 'code', address: address.toLowerCase() }), isCode, 'a code question');
  },
  async slot(address, slot) {
    const question = { kind: 'slot', address: address.toLowerCase(), slot: slot.toLowerCase() } as const;
    return expect(await ask(question), isWord, 'a slot question');
  },
  async balance(address) {
    return expect(await ask({ kind: 'balance', address: address.toLowerCase() }), isBalance, 'a balance question');
  },
};

/** The engine: the bundled one, or (tests) the module `workerData.engineModule` names. */
function engine(): ReplayEngine {
  const data: unknown = workerData;
  const path =
    typeof data === 'object' && data !== null ? (data as { engineModule?: unknown }).engineModule : undefined;
  if (typeof path !== 'string') return loadReplayEngine();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a module the host chose, loaded at run time
  const module = require(path) as Partial<ReplayEngine>;
  if (typeof module.runReplay !== 'function') throw new Error(`${path} has no runReplay function`);
  return module as ReplayEngine;
}

async function run(request: Extract<HostToWorker, { type: 'run' }>): Promise<void> {
  let loaded: ReplayEngine;
  try {
    loaded = engine();
  } catch (error) {
    post({ type: 'failed', stage: 'load', cancelled: false, error: messageOf(error) });
    return;
  }
  try {
    const outcome = await loaded.runReplay(request.input, reader, request.options, controller.signal, p =>
      post({ type: 'progress', steps: p.steps, fetched: p.fetched }),
    );
    post({ type: 'done', outcome });
  } catch (error) {
    post({ type: 'failed', stage: 'run', cancelled: controller.signal.aborted, error: messageOf(error) });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

parentPort?.on('message', (message: unknown) => {
  const request = parseHostMessage(message);
  if (request === undefined) return;
  switch (request.type) {
    case 'run':
      if (started) return;
      started = true;
      void run(request);
      return;
    case 'state': {
      const pending = waiting.get(request.ask);
      waiting.delete(request.ask);
      if (request.ok) pending?.resolve(request.value);
      else pending?.reject(new Error(request.error));
      return;
    }
    case 'cancel':
      controller.abort(new Error('The replay was cancelled'));
      for (const pending of waiting.values()) pending.reject(new Error('The replay was cancelled'));
      waiting.clear();
  }
});
