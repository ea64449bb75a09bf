// A transaction replayed locally, for the debugger when the mirror node does not serve its opcode
// trace: its record read (contract result with state changes, and the call trace the caller has),
// the EVM run off the host's thread against the state just before it, the trace read as the
// server's would be, and the replay compared with the record. What cannot be replayed is answered
// in words (`unavailable`); only cancellation rejects. Pure: no vscode.
import type { MirrorClient } from '../../../mirror/client';
import { MirrorError, isAbortError } from '../../../mirror/errors';
import type { ContractAction } from '../../../mirror/schemas';
import { OpcodeTraceParser } from '../../opcodes/parse';
import type { OpcodeTraceResult } from '../../opcodes/types';
import type { ReplayAnswer } from '../../load/replayStep';
import { DEFAULT_REPLAY_LIMITS, type ReplayLimits, type ReplayOutcome } from '../types';
import type { ReplayEngine } from './engineLoader';
import { compareWithRecord } from './faithfulness';
import { replayInputOf } from './inputs';
import { MirrorStateReader, type ReplayStateMirror } from './mirrorState';
import { ReplayRunner } from './runner';
import { nextTurn } from '../../../util/nextTurn';

/** The mirror lookups a replay makes. */
export type ReplayMirror = ReplayStateMirror & Pick<MirrorClient, 'getContractResult'>;

export interface ReplaySourceDeps {
  readonly mirror: ReplayMirror;
  /** The transaction's `/actions` (empty when they could not be read: the calls are then not checked). */
  readonly actions: readonly ContractAction[];
  readonly network: string;
  /** The worker's script (dist/replay-worker.js); none: the host's thread. */
  readonly workerScript?: string;
  readonly limits?: ReplayLimits;
  /** The engine for the host's thread (default: the bundled one). */
  readonly engine?: () => ReplayEngine;
  /** A module exporting runReplay for the worker to load (tests; default: the bundled engine). */
  readonly workerEngineModule?: string;
  /** Told where the engine ran, and why not in the worker when one was given and not used. */
  readonly onThread?: (where: 'worker' | 'host', workerProblem?: string) => void;
}

export interface ReplayRunOptions {
  /** Memory rows in the trace. */
  readonly memory: boolean;
  readonly signal: AbortSignal;
  readonly onProgress?: (text: string) => void;
}

/** The trace is read this much at a time, yielding between pieces. */
const CHUNK_BYTES = 64 * 1024;

export async function replayTransaction(
  idOrHash: string,
  deps: ReplaySourceDeps,
  options: ReplayRunOptions,
): Promise<ReplayAnswer> {
  const { signal } = options;
  let contractResult: unknown;
  try {
    contractResult = await deps.mirror.getContractResult(idOrHash, undefined, { signal });
  } catch (error) {
    if (isAbortError(error) || signal.aborted) throw error;
    const status = error instanceof MirrorError && error.kind === 'http' && error.status === 404;
    const words = error instanceof Error ? error.message : String(error);
    return {
      kind: 'unavailable',
      why: status
        ? `the mirror node has no contract result for ${idOrHash}`
        : `the contract result could not be read (${words})`,
    };
  }
  const built = replayInputOf(deps.network, contractResult, deps.actions);
  if (built.kind === 'cannot') return { kind: 'unavailable', why: built.why };
  const { input, record } = built;
  const limits = deps.limits ?? DEFAULT_REPLAY_LIMITS;
  const reader = new MirrorStateReader(deps.mirror, {
    timestamp: input.timestamp,
    knownSlots: input.knownSlots,
    maxFetches: limits.maxFetches,
    signal,
    accounts: [input.from],
  });
  const runner = new ReplayRunner({
    ...(deps.workerScript !== undefined ? { workerScript: deps.workerScript } : {}),
    ...(deps.engine !== undefined ? { engine: deps.engine } : {}),
    ...(deps.workerEngineModule !== undefined ? { workerEngineModule: deps.workerEngineModule } : {}),
  });
  const say = options.onProgress;
  say?.(progressText(0, 0));
  let outcome: ReplayOutcome;
  try {
    const ran = await runner.run(input, reader, { limits, memory: options.memory }, signal, p => {
      const f = reader.fetched;
      say?.(progressText(p.steps, f.code + f.slots + f.balances));
    });
    outcome = ran.outcome;
    deps.onThread?.(ran.thread, ran.workerProblem);
  } catch (error) {
    if (isAbortError(error) || signal.aborted) throw error;
    return {
      kind: 'unavailable',
      why: `the local replay failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  let result: OpcodeTraceResult;
  try {
    result = await readTrace(outcome.body, options.memory, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    return {
      kind: 'unavailable',
      why: `the replay's trace could not be read: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  // The counts the host kept: what was really asked of the mirror node (the record's slots were not).
  const { body: _body, ...rest } = outcome;
  const kept: Omit<ReplayOutcome, 'body'> = { ...rest, fetched: reader.fetched };
  const verdict = compareWithRecord(kept, { contractResult: record, actions: deps.actions });
  return { kind: 'replayed', result, outcome: kept, verdict };
}

/** "Local replay: 1,234 steps, 12 values fetched from the mirror node". */
export function progressText(steps: number, fetched: number): string {
  const values = fetched === 1 ? 'value' : 'values';
  return `Local replay: ${steps.toLocaleString('en-US')} steps, ${fetched.toLocaleString('en-US')} ${values} fetched from the mirror node`;
}

/** The body read a piece at a time with a turn of the event loop between pieces. */
async function readTrace(body: string, memory: boolean, signal: AbortSignal): Promise<OpcodeTraceResult> {
  const parser = new OpcodeTraceParser({ memory });
  const bytes = new TextEncoder().encode(body);
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
    parser.write(bytes.subarray(at, at + CHUNK_BYTES));
    await nextTurn();
    if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('The replay was cancelled');
  }
  return parser.end();
}
