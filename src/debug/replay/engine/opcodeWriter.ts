// Writes the `/opcodes` answer while the EVM runs, as the mirror node's web3 OpcodeTracer writes
// it from Besu's `tracePostExecution` hook: one entry per instruction, AFTER it ran. The EVM's
// `step` event comes BEFORE each instruction, so an entry waits for what comes next in its frame:
//  - the frame's next instruction: pc, gas, stack and memory are that step's;
//  - a frame the instruction opened (a call or create): Besu has pushed the new frame and handed
//    it its gas, but not popped the call's arguments: depth one deeper, the gas left after
//    handing on (less a value transfer's 2,300 stipend, which the caller does not pay), the
//    stack before, the memory grown over the call's input; the pc stays the instruction's own.
//    A frame no code runs in (a precompile, a system contract or token answered from the record,
//    an account without code) is entered the same way: the call's entry reads one deeper;
//  - the frame's end: STOP, RETURN, REVERT and SELFDESTRUCT with the gas to pay ran (own pc, gas
//    less the cost, stack less what they pop, memory grown over RETURN's and REVERT's data,
//    REVERT's data as the reason); anything else halted: the state before it, the cost it could
//    not pay.
// Storage is the written slots still in effect of the account the frame uses; a failed frame's
// writes are undone when it ends (after its last entry). Only one entry ever waits, so entries go
// out in the order the instructions ran, without keeping the steps.
import type { EvmAddress } from '../types';
import { hexOfBytes, word64 } from './words';
import { WrittenStorage } from './writtenStorage';

/** One `step` event, as much of it as an entry needs. */
export interface StepView {
  readonly pc: number;
  readonly op: string;
  readonly depth: number;
  readonly gasLeft: bigint;
  /** Its static and dynamic gas (a call's does not include what it hands on). */
  readonly fee: bigint;
  /** Bottom first. */
  readonly stack: readonly bigint[];
  /** Kept only when the trace has memory rows. */
  readonly memory: Uint8Array | undefined;
  /** The account whose storage the frame uses. */
  readonly storageAddress: string;
  /** REVERT's data. */
  readonly revertData: Uint8Array | undefined;
}

/** A frame as the EVM opens it. */
export interface FrameStart {
  readonly depth: number;
  readonly gasLimit: bigint;
  readonly value: bigint;
  /** The message's recipient (the account whose storage runs); a create: unknown yet. */
  readonly to: EvmAddress | undefined;
  /** The account whose code runs. */
  readonly codeAddress: EvmAddress | undefined;
}

/** How a frame ended. */
export interface FrameEnd {
  /** The EVM's error: `revert`, a halt message, or undefined for success. */
  readonly error: string | undefined;
  readonly returnValue: Uint8Array;
  readonly gasUsed: bigint;
  readonly createdAddress: EvmAddress | undefined;
}

/** A frame as the writer keeps it (ReplayFrame's members, filled in as it runs). */
export interface WrittenFrame {
  readonly index: number;
  readonly depth: number;
  readonly operation: string;
  to: EvmAddress;
  how: 'replayed' | 'recorded';
  end: FrameEnd | undefined;
  readonly openedAt: number | undefined;
}

interface Shape {
  readonly pc: number;
  readonly depth: number;
  readonly gas: bigint;
  readonly stack: readonly bigint[];
  readonly memory: Uint8Array | undefined;
}

const CALLS = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2']);
/** Instructions that end their frame, and the words they pop. */
const ENDS_FRAME: Readonly<Record<string, number>> = { STOP: 0, RETURN: 2, REVERT: 2, SELFDESTRUCT: 1 };
const CALL_STIPEND = 2300n;
/** Entries joined into one text at a time, so the body is not a list of 200,000 small strings. */
const ENTRIES_PER_CHUNK = 512;

/** The top `n` words, topmost first. */
const top = (stack: readonly bigint[], n: number): bigint[] => stack.slice(-n).reverse();

/** Memory grown to cover `length` bytes at `offset`, as reading them grows it (a zero length reads nothing). */
function grownOver(memory: Uint8Array, offset: bigint, length: bigint): Uint8Array {
  if (length === 0n) return memory;
  const size = ((offset + length + 31n) / 32n) * 32n;
  if (size <= BigInt(memory.length)) return memory;
  const grown = new Uint8Array(Number(size));
  grown.set(memory);
  return grown;
}

/** The memory a call or create has read when Besu's hook runs: its input. */
function memoryAtCall(step: StepView, memory: Uint8Array): Uint8Array {
  const s = step.stack;
  const [offset, length] =
    step.op === 'CALL' || step.op === 'CALLCODE'
      ? top(s, 5).slice(3)
      : step.op === 'DELEGATECALL' || step.op === 'STATICCALL'
        ? top(s, 4).slice(2)
        : top(s, 3).slice(1);
  return offset === undefined || length === undefined ? memory : grownOver(memory, offset, length);
}

function rowsJson(memory: Uint8Array | undefined): string {
  if (memory === undefined || memory.length === 0) return '[]';
  const rows: string[] = [];
  for (let at = 0; at < memory.length; at += 32)
    rows.push(`"0x${hexOfBytes(memory, at, Math.min(at + 32, memory.length))}"`);
  return `[${rows.join(',')}]`;
}

export class OpcodeWriter {
  readonly frames: WrittenFrame[] = [];
  private readonly chunks: string[] = [];
  private chunk: string[] = [];
  private written = 0;
  private pending: StepView | undefined;
  private readonly open: { frame: WrittenFrame; mark: number }[] = [];
  private readonly storage = new WrittenStorage();

  constructor(private readonly withMemory: boolean) {}

  /** Entries written so far. */
  get entries(): number {
    return this.written;
  }

  /** The index of the last entry written, if any. */
  get lastEntry(): number | undefined {
    return this.written === 0 ? undefined : this.written - 1;
  }

  /** The frame running now. */
  get current(): WrittenFrame | undefined {
    return this.open.at(-1)?.frame;
  }

  /** An instruction is about to run: the one before it in its frame ran. */
  step(step: StepView): void {
    this.settle(step);
    this.pending = step;
  }

  /** The instruction waiting ran and `next` comes after it (nothing waits afterwards). */
  settle(next: StepView): void {
    const before = this.pending;
    if (before === undefined) return;
    this.pending = undefined;
    this.write(
      before,
      { pc: next.pc, depth: before.depth, gas: next.gasLeft, stack: next.stack, memory: next.memory },
      true,
    );
  }

  frameOpened(start: FrameStart, operation: string): void {
    let openedAt: number | undefined;
    let op = operation;
    const opener = this.pending;
    if (start.depth > 0 && opener !== undefined && CALLS.has(opener.op)) {
      this.pending = undefined;
      op = opener.op;
      const movesValue = (op === 'CALL' || op === 'CALLCODE') && start.value !== 0n;
      const handedOn = start.gasLimit - (movesValue ? CALL_STIPEND : 0n);
      const memory = opener.memory === undefined ? undefined : memoryAtCall(opener, opener.memory);
      openedAt = this.written;
      this.write(
        opener,
        {
          pc: opener.pc,
          depth: opener.depth + 1,
          gas: opener.gasLeft - opener.fee - handedOn,
          stack: opener.stack,
          memory,
        },
        true,
      );
    }
    const frame: WrittenFrame = {
      index: this.frames.length,
      depth: start.depth,
      operation: op,
      // As `/actions` records it: a DELEGATECALL or CALLCODE goes to the code's contract.
      to: (op === 'DELEGATECALL' || op === 'CALLCODE' ? start.codeAddress : start.to) ?? '',
      how: 'replayed',
      end: undefined,
      openedAt,
    };
    this.frames.push(frame);
    this.open.push({ frame, mark: this.storage.mark });
  }

  frameEnded(end: FrameEnd): void {
    const opened = this.open.pop();
    const last = this.pending;
    if (last !== undefined) {
      this.pending = undefined;
      const pops = ENDS_FRAME[last.op];
      if (pops !== undefined && last.fee <= last.gasLeft) this.writeEnding(last, pops);
      else if (end.error === undefined) this.writeEnding(last, 0);
      else this.writeBefore(last);
    }
    if (opened === undefined) return;
    if (end.error !== undefined) this.storage.undoTo(opened.mark);
    opened.frame.end = end;
    if (opened.frame.to === '' && end.createdAddress !== undefined) opened.frame.to = end.createdAddress;
  }

  /** The replay stops: the instruction waiting (if any) is written as it was before it; returns where it stopped. */
  stop(): number {
    const last = this.pending;
    if (last !== undefined) {
      this.pending = undefined;
      this.writeBefore(last);
    }
    return Math.max(0, this.written - 1);
  }

  /** The `opcodes` array's members, comma-separated (the caller wraps them). */
  entriesText(): string {
    if (this.chunk.length > 0) {
      this.chunks.push(this.chunk.join(','));
      this.chunk = [];
    }
    return this.chunks.join(',');
  }

  private writeEnding(step: StepView, pops: number): void {
    const [offset, length] = top(step.stack, 2);
    const memory =
      pops === 2 && step.memory !== undefined && offset !== undefined && length !== undefined
        ? grownOver(step.memory, offset, length)
        : step.memory;
    const stack = step.stack.slice(0, step.stack.length - pops);
    this.write(step, { pc: step.pc, depth: step.depth, gas: step.gasLeft - step.fee, stack, memory }, true);
  }

  private writeBefore(step: StepView): void {
    this.write(
      step,
      { pc: step.pc, depth: step.depth, gas: step.gasLeft, stack: step.stack, memory: step.memory },
      false,
    );
  }

  private write(step: StepView, shape: Shape, ran: boolean): void {
    if (ran && step.op === 'SSTORE') {
      const [slot, value] = top(step.stack, 2);
      if (slot !== undefined && value !== undefined) this.storage.write(step.storageAddress, slot, value);
    }
    const reason = ran && step.revertData !== undefined ? `"0x${hexOfBytes(step.revertData)}"` : 'null';
    let stack = '';
    for (const word of shape.stack) stack += stack === '' ? `"0x${word64(word)}"` : `,"0x${word64(word)}"`;
    this.chunk.push(
      `{"depth":${shape.depth},"gas":${shape.gas},"gas_cost":${step.fee},"memory":${this.withMemory ? rowsJson(shape.memory) : '[]'},` +
        `"op":"${step.op}","pc":${shape.pc},"reason":${reason},"stack":[${stack}],"storage":${this.storage.jsonOf(step.storageAddress)}}`,
    );
    this.written++;
    if (this.chunk.length >= ENTRIES_PER_CHUNK) {
      this.chunks.push(this.chunk.join(','));
      this.chunk = [];
    }
  }
}
