// What the EVM's `step`, `beforeMessage` and `afterMessage` events say while a transaction of the
// EVM traces runs (test/support/evmTraces.ts), kept as they came so test/support/evmOpcodes.ts can
// write the opcode trace the mirror node would answer: each instruction before it ran (pc, gas
// left, the gas it charges, stack, memory, the account whose storage it uses) and each frame (the
// code it ran, its gas limit, how it ended, which instruction opened it).
import type * as EvmLib from '@ethereumjs/evm';

/** One instruction, as the EVM's `step` event describes it: everything is before it runs. */
export interface RawStep {
  /** The frame it ran in: an index into `RawTrace.frames` (and so into the `/actions` records). */
  readonly frame: number;
  readonly pc: number;
  /** The EVM's name for it (`PUSH1`, `KECCAK256`, …). */
  readonly op: string;
  readonly opcode: number;
  /** The frame's depth, 0 for the transaction's own frame. */
  readonly depth: number;
  readonly gasLeft: bigint;
  /** What it charges: its static and dynamic gas (a call's gas does not include what it forwards). */
  readonly fee: bigint;
  /** Bottom first. */
  readonly stack: readonly bigint[];
  readonly memory: Uint8Array;
  /** The account whose storage it reads and writes (a DELEGATECALL's frame uses its caller's). */
  readonly storageAddress: string;
  /** A REVERT's data. */
  readonly revertData: Uint8Array | undefined;
  /** The frame it opened (a call or create that started a frame), else undefined. */
  opened: number | undefined;
}

/** One frame, in the order they opened (the `/actions` records' order). */
export interface RawFrame {
  readonly index: number;
  readonly depth: number;
  readonly create: boolean;
  readonly gasLimit: bigint;
  readonly value: bigint;
  /** The step that opened it (none for the transaction's own frame). */
  readonly openedBy: number | undefined;
  /** The account whose code ran (for a create: the account created). Set when the frame ends. */
  codeAddress: string;
  /** The code that ran: a create's init code, else the account's code. Empty for a precompile. */
  code: Uint8Array;
  /** Whether the code was a precompile's (no instructions ran). */
  precompile: boolean;
  /** The EVM's error when it failed (`revert`, `out of gas`, …). */
  error: string | undefined;
  /** How many steps had run when it ended: the exits interleave with the steps by this. */
  endedAfter: number;
}

export interface RawTrace {
  readonly frames: readonly RawFrame[];
  readonly steps: readonly RawStep[];
  /** Frames in the order they ended (inner ones first). */
  readonly exits: readonly number[];
}

type Step = EvmLib.InterpreterStep;
type Message = EvmLib.Message;
type EvmResult = EvmLib.EVMResult;

export const hexOf = (bytes: Uint8Array): string => `0x${Buffer.from(bytes).toString('hex')}`;

/** Collects one transaction's events; `trace()` hands them over once the transaction is done. */
export class StepRecorder {
  private readonly frames: RawFrame[] = [];
  private readonly steps: RawStep[] = [];
  private readonly exits: number[] = [];
  private readonly open: { frame: RawFrame; message: Message }[] = [];

  onStep(step: Step): void {
    const frame = this.open.at(-1)?.frame;
    if (frame === undefined) throw new Error('a step outside any frame');
    if (step.depth !== frame.depth) throw new Error(`a step at depth ${step.depth} in a frame at ${frame.depth}`);
    this.steps.push({
      frame: frame.index,
      pc: step.pc,
      op: step.opcode.name,
      opcode: step.opcode.code,
      depth: step.depth,
      gasLeft: step.gasLeft,
      fee: step.opcode.dynamicFee ?? BigInt(step.opcode.fee),
      // The event's stack and memory are copies the EVM made for it.
      stack: step.stack,
      memory: step.memory,
      storageAddress: step.address.toString(),
      revertData: step.opcode.code === 0xfd ? (step.error ?? new Uint8Array(0)) : undefined,
      opened: undefined,
    });
  }

  onBeforeMessage(message: Message): void {
    const opener = message.depth === 0 ? undefined : this.steps.length - 1;
    const frame: RawFrame = {
      index: this.frames.length,
      depth: message.depth,
      create: message.to === undefined,
      gasLimit: message.gasLimit,
      value: message.value,
      openedBy: opener,
      codeAddress: message.to?.toString() ?? '',
      code: new Uint8Array(0),
      precompile: false,
      error: undefined,
      endedAfter: -1,
    };
    if (opener !== undefined) {
      const step = this.steps[opener];
      if (step === undefined || step.depth !== message.depth - 1 || step.opened !== undefined) {
        throw new Error(`frame ${frame.index} at depth ${message.depth} was not opened by the last step`);
      }
      step.opened = frame.index;
    }
    // A create's init code: the EVM moves it out of `data` once the create starts.
    if (frame.create) frame.code = message.data;
    this.frames.push(frame);
    this.open.push({ frame, message });
  }

  onAfterMessage(result: EvmResult): void {
    const top = this.open.pop();
    if (top === undefined) throw new Error('afterMessage without beforeMessage');
    const { frame, message } = top;
    if (frame.create) {
      frame.codeAddress = result.createdAddress?.toString() ?? frame.codeAddress;
    } else {
      frame.codeAddress = message.codeAddress.toString();
      // A precompile's "code" is a function; an account's, its bytes.
      if (message.code instanceof Uint8Array) frame.code = message.code;
      else frame.precompile = message.code !== undefined;
    }
    frame.error = result.execResult.exceptionError?.error;
    frame.endedAfter = this.steps.length;
    this.exits.push(frame.index);
  }

  trace(): RawTrace {
    if (this.open.length !== 0) throw new Error(`${this.open.length} frames never ended`);
    return { frames: this.frames, steps: this.steps, exits: this.exits };
  }
}

/** Each scenario's raw events, by the scenario object evmTraces made (one WeakMap: nothing leaks). */
const traces = new WeakMap<object, RawTrace>();

export function keepRawTrace(scenario: object, trace: RawTrace): void {
  traces.set(scenario, trace);
}

/** The raw events of a scenario from evmTraces()/runEvmTraces(); throws for any other object. */
export function rawTraceOf(scenario: object): RawTrace {
  const trace = traces.get(scenario);
  if (trace === undefined) {
    throw new Error('not a scenario evmTraces() or runEvmTraces() made: its steps were not recorded');
  }
  return trace;
}
