// Replays one transaction on a local EVM and writes the `/opcodes` answer the mirror node would
// give for it (stack and storage, memory when asked), with the frames it opened, how it ended and
// the slots it wrote. State comes from the host's StateReader on first touch; calls to Hedera's
// system contracts and tokens are answered from the record. Anything that keeps the replay from
// finishing (a cap, a value the host cannot give, a call with no recorded output) comes back as
// `stopped` with what was written up to there; only cancellation rejects.
import type { EVMResult, InterpreterStep, Message } from '@ethereumjs/evm';
import { bytesToBigInt, createAddressFromString, setLengthLeft, bigIntToBytes } from '@ethereumjs/util';
import type { KnownSlot, ReplayFrame, ReplayInput, ReplayOptions, ReplayOutcome, StateReader } from '../types';
import { newReplayEvm, hederaBlock, warmAtStart, type ReplayEvm } from './evm';
import {
  blockValuesOf,
  chargedGas,
  consensusSeconds,
  gasPriceOf,
  haltReason,
  intrinsicGas,
  longZeroOfId,
  WEIBARS_PER_TINYBAR,
} from './hedera';
import { OpcodeWriter, type StepView, type WrittenFrame } from './opcodeWriter';
import { ReaderStateManager } from './readerState';
import { StandIns } from './standIns';
import { bytesOfHex, prefixedHex, ReplayStop, word64 } from './words';

/** Work between two yields to the event loop, so a replay in the host's thread does not hold it. */
const SLICE_MS = 8;
const PROGRESS_EVERY_STEPS = 1024;
const NOT_FINISHED = 'REPLAY_STOPPED';

const ADDRESS = /^0x[0-9a-f]{40}$/;

function abortErrorOf(signal: AbortSignal): Error {
  if (signal.reason instanceof Error) return signal.reason;
  const error = new Error('the replay was cancelled');
  error.name = 'AbortError';
  return error;
}

/**
 * A macrotask: the event loop runs timers and I/O before the replay goes on. Not src/util/nextTurn.ts:
 * the engine is bundled on its own (build/extension-build.mjs, ISOLATED) and shares no module.
 */
const yieldToEventLoop = (then: () => void): void => {
  const immediate = (globalThis as { setImmediate?: (f: () => void) => unknown }).setImmediate;
  if (immediate) immediate(then);
  else setTimeout(then, 0);
};

/** Everything one run keeps while the EVM steps. */
interface Run {
  readonly input: ReplayInput;
  readonly options: ReplayOptions;
  readonly signal: AbortSignal;
  readonly writer: OpcodeWriter;
  readonly state: ReaderStateManager;
  readonly evm: ReplayEvm;
  readonly intrinsic: bigint;
  /** The top frame's gas limit (the transaction's less the intrinsic gas). */
  readonly executionGas: bigint;
  readonly gasPriceKnown: boolean;
  /** Each slot an SSTORE was about to write, in first-write order: address, then slot. */
  readonly writtenSlots: Map<string, { address: string; slot: bigint }>;
  steps: number;
  topGasLeft: bigint;
}

export async function runReplay(
  input: ReplayInput,
  reader: StateReader,
  options: ReplayOptions,
  signal: AbortSignal,
  onProgress?: (p: { steps: number; fetched: number }) => void,
): Promise<ReplayOutcome> {
  if (signal.aborted) throw abortErrorOf(signal);
  const data = bytesOfHex(input.data);
  const seconds = consensusSeconds(input.timestamp);
  const refused = (reason: string): ReplayOutcome => ({
    body: headerAround(input, '', true, chargedGas(input.gasLimit, input.gasLimit), '0x'),
    entries: 0,
    frames: [],
    result: { outcome: 'halt', error: NOT_FINISHED, output: '0x', gasConsumed: 0n },
    written: [],
    stopped: { atEntry: 0, reason },
    fetched: { code: 0, slots: 0, balances: 0 },
  });
  if (data === undefined) return refused('the call data (function_parameters) is not hex');
  if (seconds === undefined) return refused(`the consensus timestamp ${input.timestamp} is not seconds.nanoseconds`);
  if (!ADDRESS.test(input.from) || !ADDRESS.test(input.to)) {
    return refused(`the sender ${input.from} or the contract ${input.to} is not a lowercase 20-byte address`);
  }
  const intrinsic = intrinsicGas(data);
  if (intrinsic > input.gasLimit) {
    return refused(`the gas limit ${input.gasLimit} is below the intrinsic gas ${intrinsic}: no instruction ran`);
  }
  let run: Run;
  try {
    run = prepare(input, reader, options, signal, intrinsic, onProgress);
  } catch (e) {
    return refused(e instanceof Error ? e.message : String(e));
  }
  listen(run, onProgress);
  let result: EVMResult;
  try {
    result = await run.evm.runCall({
      caller: createAddressFromString(input.from),
      origin: createAddressFromString(input.from),
      to: createAddressFromString(input.to),
      data,
      gasLimit: run.executionGas,
      value: input.valueTinybar * WEIBARS_PER_TINYBAR,
      gasPrice: gasPriceOf(input) ?? 0n,
      block: hederaBlock(blockValuesOf(input, seconds)),
    });
  } catch (e) {
    if (signal.aborted) throw abortErrorOf(signal);
    return stoppedOutcome(run, e instanceof Error ? e.message : String(e));
  }
  if (signal.aborted) throw abortErrorOf(signal);
  return finishedOutcome(run, result);
}

function prepare(
  input: ReplayInput,
  reader: StateReader,
  options: ReplayOptions,
  signal: AbortSignal,
  intrinsic: bigint,
  onProgress: ((p: { steps: number; fetched: number }) => void) | undefined,
): Run {
  const writer = new OpcodeWriter(options.memory);
  const standIns = new StandIns(input, {
    callEntry: () => writer.lastEntry,
    answered: () => {
      const frame = writer.current;
      if (frame !== undefined) frame.how = 'recorded';
    },
  });
  let fetches = 0;
  const state = new ReaderStateManager(reader, input.knownSlots, standIns, () => {
    fetches++;
    if (fetches > options.limits.maxFetches) {
      throw new ReplayStop(
        `the replay reached its cap of ${options.limits.maxFetches} values asked of the mirror node`,
      );
    }
    onProgress?.({ steps: run.steps, fetched: fetches });
  });
  const evm = newReplayEvm(input.chainId, state, standIns);
  warmAtStart(evm, input.from, input.to, input.tokenAddresses);
  const run: Run = {
    input,
    options,
    signal,
    writer,
    state,
    evm,
    intrinsic,
    executionGas: input.gasLimit - intrinsic,
    gasPriceKnown: gasPriceOf(input) !== undefined,
    writtenSlots: new Map(),
    steps: 0,
    topGasLeft: input.gasLimit - intrinsic,
  };
  return run;
}

function viewOf(step: InterpreterStep, withMemory: boolean): StepView {
  return {
    pc: step.pc,
    op: step.opcode.name,
    depth: step.depth,
    gasLeft: step.gasLeft,
    fee: step.opcode.dynamicFee ?? BigInt(step.opcode.fee),
    stack: step.stack,
    memory: withMemory ? step.memory : undefined,
    storageAddress: step.address.toString(),
    revertData: step.opcode.code === 0xfd ? (step.error ?? new Uint8Array(0)) : undefined,
  };
}

function listen(run: Run, onProgress: ((p: { steps: number; fetched: number }) => void) | undefined): void {
  const { writer, signal, evm } = run;
  const maxSteps = run.options.limits.maxSteps;
  let sliceStart = performance.now();
  // Two parameters: the EVM waits for `resume` before the instruction runs, and a throw here ends the run.
  evm.events.on('step', (event: InterpreterStep, resume?: (value?: unknown) => void) => {
    if (signal.aborted) throw abortErrorOf(signal);
    const step = viewOf(event, run.options.memory);
    if (run.steps >= maxSteps) {
      writer.settle(step);
      throw new ReplayStop(`the replay reached its cap of ${maxSteps} steps`);
    }
    run.steps++;
    writer.step(step);
    if (step.depth === 0) run.topGasLeft = step.gasLeft;
    if (step.op === 'GASPRICE' && !run.gasPriceKnown) {
      throw new ReplayStop('the transaction reads tx.gasprice (GASPRICE), which its record does not give');
    }
    if (step.op === 'SSTORE') {
      const slot = step.stack[step.stack.length - 1];
      run.writtenSlots.set(`${step.storageAddress}:${slot}`, { address: step.storageAddress, slot });
    }
    if (run.steps % PROGRESS_EVERY_STEPS === 0) {
      onProgress?.({
        steps: run.steps,
        fetched: run.state.fetched.code + run.state.fetched.slots + run.state.fetched.balances,
      });
    }
    if (performance.now() - sliceStart < SLICE_MS) {
      resume?.();
      return;
    }
    yieldToEventLoop(() => {
      sliceStart = performance.now();
      resume?.();
    });
  });
  evm.events.on('beforeMessage', (message: Message) => {
    const to = message.to?.toString();
    writer.frameOpened(
      {
        depth: message.depth,
        gasLimit: message.gasLimit,
        value: message.value,
        to,
        codeAddress: to === undefined ? undefined : message.codeAddress.toString(),
      },
      message.to === undefined ? (message.salt === undefined ? 'CREATE' : 'CREATE2') : 'CALL',
    );
  });
  evm.events.on('afterMessage', (result: EVMResult) => {
    writer.frameEnded({
      error: result.execResult.exceptionError?.error,
      returnValue: result.execResult.returnValue,
      gasUsed: result.execResult.executionGasUsed,
      createdAddress: result.createdAddress?.toString(),
    });
  });
}

function frameOf(frame: WrittenFrame): ReplayFrame {
  const end = frame.end;
  const base = {
    index: frame.index,
    depth: frame.depth,
    operation: frame.operation,
    to: frame.to,
    how: frame.how,
    openedAt: frame.openedAt,
  };
  if (end === undefined) return { ...base, outcome: 'halt', error: NOT_FINISHED, output: '0x', gasUsed: 0n };
  const output = prefixedHex(end.returnValue);
  if (end.error === undefined) return { ...base, outcome: 'success', output, gasUsed: end.gasUsed };
  if (end.error === 'revert') return { ...base, outcome: 'revert', output, gasUsed: end.gasUsed };
  return { ...base, outcome: 'halt', error: haltReason(end.error), output, gasUsed: end.gasUsed };
}

/** The body: the top-level members in the server's order around the entries. */
function headerAround(input: ReplayInput, entries: string, failed: boolean, gas: bigint, returnValue: string): string {
  const address = longZeroOfId(input.contractId) ?? input.to;
  return (
    `{"address":${JSON.stringify(address)},"contract_id":${JSON.stringify(input.contractId)},"failed":${failed},` +
    `"gas":${gas},"opcodes":[${entries}],"return_value":${JSON.stringify(returnValue)}}`
  );
}

async function finishedOutcome(run: Run, result: EVMResult): Promise<ReplayOutcome> {
  const exec = result.execResult;
  const error = exec.exceptionError?.error;
  const outcome = error === undefined ? 'success' : error === 'revert' ? 'revert' : 'halt';
  const gasConsumed = run.intrinsic + exec.executionGasUsed;
  const output = prefixedHex(exec.returnValue);
  const written: KnownSlot[] = [];
  // A failed transaction keeps no writes.
  if (outcome === 'success') {
    for (const { address, slot } of run.writtenSlots.values()) {
      const value = await run.state.getStorage(
        createAddressFromString(address),
        setLengthLeft(bigIntToBytes(slot), 32),
      );
      written.push({ address, slot: word64(slot), value: word64(value.length === 0 ? 0n : bytesToBigInt(value)) });
    }
  }
  const returnValue = outcome === 'halt' ? '0x' : output;
  return {
    body: headerAround(
      run.input,
      run.writer.entriesText(),
      outcome !== 'success',
      chargedGas(gasConsumed, run.input.gasLimit),
      returnValue,
    ),
    entries: run.writer.entries,
    frames: run.writer.frames.map(frameOf),
    result: {
      outcome,
      ...(outcome === 'halt' && error !== undefined ? { error: haltReason(error) } : {}),
      output,
      gasConsumed,
    },
    written,
    fetched: { ...run.state.fetched },
  };
}

function stoppedOutcome(run: Run, reason: string): ReplayOutcome {
  const atEntry = run.writer.stop();
  const gasConsumed = run.intrinsic + (run.executionGas - run.topGasLeft);
  return {
    body: headerAround(run.input, run.writer.entriesText(), true, chargedGas(gasConsumed, run.input.gasLimit), '0x'),
    entries: run.writer.entries,
    frames: run.writer.frames.map(frameOf),
    result: { outcome: 'halt', error: NOT_FINISHED, output: '0x', gasConsumed },
    written: [],
    stopped: { atEntry, reason },
    fetched: { ...run.state.fetched },
  };
}
