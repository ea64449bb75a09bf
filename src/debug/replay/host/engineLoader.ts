// The replay engine (src/debug/replay/engine/, the only code that loads the EVM library), loaded
// when a replay first runs rather than with the extension: it is large and most sessions never
// replay. The one place that names its module, so the build can bundle it once. Pure.
import { partReady } from '../../../util/platform';
import type { ReplayOptions, ReplayInput, ReplayOutcome, StateReader } from '../types';

/** What the engine module offers. */
export interface ReplayEngine {
  /** Runs the transaction; a stop comes back as `outcome.stopped`; only cancellation rejects. */
  runReplay(
    input: ReplayInput,
    reader: StateReader,
    options: ReplayOptions,
    signal: AbortSignal,
    onProgress?: (progress: ReplayProgress) => void,
  ): Promise<ReplayOutcome>;
}

export interface ReplayProgress {
  /** Instructions run so far. */
  readonly steps: number;
  /** State values asked of the host so far. */
  readonly fetched: number;
}

let loaded: ReplayEngine | undefined;

/**
 * The engine, once its code can be required: in a browser its part of the build is read first
 * (it is loaded by no feature's first use, see build/web-build.mjs); in Node at once.
 */
export async function replayEngine(): Promise<ReplayEngine> {
  if (!loaded) await partReady('lazy-replay-engine');
  return loadReplayEngine();
}

/** The engine module (loaded on first call); throws an Error in words when it cannot be loaded. */
export function loadReplayEngine(): ReplayEngine {
  if (loaded) return loaded;
  let module: unknown;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, bundled by the build
    module = require('../engine/run');
  } catch (error) {
    throw new Error(
      `the replay engine could not be loaded (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  if (!isEngine(module)) throw new Error('the replay engine module has no runReplay function');
  loaded = module;
  return module;
}

function isEngine(value: unknown): value is ReplayEngine {
  return (
    typeof value === 'object' && value !== null && typeof (value as { runReplay?: unknown }).runReplay === 'function'
  );
}
