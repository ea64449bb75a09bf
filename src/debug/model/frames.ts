// The call frames of an opcode trace. The trace says only how deep each instruction ran; which
// contract's code ran at each depth comes from the call trace (`/actions`): each time the depth
// goes up, the next action that executes code (in index order) is the frame entered. Calls to a
// precompile or a system contract, and value transfers to an account, run no code and make no
// depth change, so they are passed over when matching. Both lists come from the network: what
// does not line up is said in words and the frames are kept as far as they can be.
import type { ContractAction } from '../../mirror/schemas';
import type { OpcodeTrace } from '../opcodes/types';

/** How a frame's own instructions ended. */
export type FrameEnd = 'return' | 'stop' | 'revert' | 'selfdestruct' | 'halt' | 'unfinished';

export interface DebugFrame {
  readonly id: number;
  /** -1 for the transaction's own frame. */
  readonly parent: number;
  /** 0 for the transaction's own frame. */
  readonly level: number;
  readonly firstEntry: number;
  /** The frame's last own entry (children's entries lie between first and last). */
  lastEntry: number;
  /** The action the frame was matched to, when one was. */
  readonly action?: ContractAction;
  /** `CALL`, `DELEGATECALL`, `CREATE`, … (the action's, else the opening instruction's). */
  readonly operation: string;
  readonly create: boolean;
  /** Whose code runs: `0.0.x` or `0x…` (the action's recipient; for a create the new contract). */
  readonly codeParty?: string;
  /** Whose storage the code works on: the code's own, the caller's for DELEGATECALL and CALLCODE. */
  readonly storageParty?: string;
  end: FrameEnd;
  readonly notes: string[];
}

export interface FrameTable {
  readonly frames: readonly DebugFrame[];
  /** The frame of each entry. */
  readonly frameOf: Uint32Array;
  /** Entries that are markers, not instructions (a precompile call's record: no op name). */
  readonly markers: Uint8Array;
  /** The frame where the transaction's failure started (see failureOrigin), when it failed. */
  readonly originFrame?: number;
  /** Problems with the whole trace, in words (truncation, depths that do not match the actions). */
  readonly notes: readonly string[];
  /** Set when the trace stops before the transaction ended, with where: it follows "The opcode trace is ". */
  readonly truncated?: string;
}

/** The server truncates a trace after this many entries. */
export const SERVER_TRACE_LIMIT = 20_000;
const MAX_NOTES = 50;
const CODE_OPERATIONS = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2']);
const OPENING_OPS = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2']);
const ENDS: Readonly<Record<string, FrameEnd>> = {
  RETURN: 'return',
  STOP: 'stop',
  REVERT: 'revert',
  SELFDESTRUCT: 'selfdestruct',
  INVALID: 'halt',
};

/** Whether an action runs code (and so opens a frame in the opcode trace). */
export function executesCode(action: ContractAction): boolean {
  const callType = (action.call_type ?? '').toUpperCase();
  if (callType === 'PRECOMPILE' || callType === 'SYSTEM') return false;
  if ((action.recipient_type ?? '').toUpperCase() === 'ACCOUNT') return false;
  return CODE_OPERATIONS.has((action.call_operation_type ?? '').toUpperCase());
}

function partyOf(action: ContractAction | undefined): string | undefined {
  if (!action) return undefined;
  return action.recipient ?? action.to ?? undefined;
}

class Notes {
  readonly list: string[] = [];
  add(text: string): void {
    if (this.list.length < MAX_NOTES) this.list.push(text);
    else if (this.list.length === MAX_NOTES) this.list.push('(more problems not shown)');
  }
}

/** Matches actions to depth changes; one instance per trace. */
class FrameBuilder {
  readonly frames: DebugFrame[] = [];
  readonly notes = new Notes();
  private readonly candidates: ContractAction[];
  private next = 0;
  private readonly rootDepth: number;

  constructor(actions: readonly ContractAction[]) {
    const sorted = [...actions].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    this.candidates = sorted.filter(executesCode);
    this.rootDepth = sorted[0]?.call_depth ?? 0;
  }

  open(parent: DebugFrame | undefined, firstEntry: number, openingOp: string | undefined): DebugFrame {
    const level = parent ? parent.level + 1 : 0;
    const notes: string[] = [];
    const action = this.take(level, firstEntry, notes);
    const operation = (action?.call_operation_type ?? openingOp ?? (parent ? 'CALL' : 'CALL')).toUpperCase();
    if (action && openingOp && parent && action.call_operation_type?.toUpperCase() !== openingOp)
      notes.push(
        `opened by ${openingOp} but its action ${action.index ?? '?'} is a ${action.call_operation_type ?? '?'}`,
      );
    const create = operation === 'CREATE' || operation === 'CREATE2';
    const codeParty = partyOf(action);
    const delegated = operation === 'DELEGATECALL' || operation === 'CALLCODE';
    const frame: DebugFrame = {
      id: this.frames.length,
      parent: parent ? parent.id : -1,
      level,
      firstEntry,
      lastEntry: firstEntry,
      ...(action ? { action } : {}),
      operation,
      create,
      ...(codeParty !== undefined ? { codeParty } : {}),
      ...((delegated ? parent?.storageParty : codeParty) !== undefined
        ? { storageParty: delegated ? parent?.storageParty : codeParty }
        : {}),
      end: 'unfinished',
      notes,
    };
    this.frames.push(frame);
    return frame;
  }

  /** The next code-running action at `level`, passing over (and noting) any that do not fit. */
  private take(level: number, entry: number, notes: string[]): ContractAction | undefined {
    const start = this.next;
    for (let i = this.next; i < this.candidates.length; i++) {
      const action = this.candidates[i];
      if ((action.call_depth ?? 0) - this.rootDepth === level) {
        if (i > start)
          this.notes.add(
            `entry ${entry}: ${i - start} action(s) before action ${action.index ?? '?'} had no frame in the trace`,
          );
        this.next = i + 1;
        return action;
      }
    }
    const text = `entry ${entry}: no action at call depth ${level + this.rootDepth} is left for this frame: the depths do not match the actions`;
    this.notes.add(text);
    notes.push('no action matched: the contract that ran here is not known');
    return undefined;
  }

  leftover(): number {
    return this.candidates.length - this.next;
  }
}

/** The frames of `trace`, matched to `actions` (any order; sorted by index here). */
export function buildFrames(trace: OpcodeTrace, actions: readonly ContractAction[]): FrameTable {
  const n = trace.length;
  const frameOf = new Uint32Array(n);
  const markers = new Uint8Array(n);
  const builder = new FrameBuilder(actions);
  const open: DebugFrame[] = [];
  let depthOpen: number[] = [];
  // The instruction that opened the frame about to start: servers record a CALL either at its
  // caller's depth or already at the depth of the frame it opened (Besu's hook runs after the
  // frame was pushed); either way it is the caller's instruction.
  let opening: string | undefined;
  for (let i = 0; i < n; i++) {
    const name = trace.opNames[trace.op[i]] ?? '';
    const depth = trace.depth[i];
    if (name === '' && open.length > 0) {
      markers[i] = 1;
      frameOf[i] = open[open.length - 1].id;
      continue;
    }
    if (open.length === 0) {
      open.push(builder.open(undefined, i, undefined));
      depthOpen = [depth];
    } else {
      let top = depthOpen[depthOpen.length - 1];
      if (depth > top && !OPENING_OPS.has(name)) {
        if (depth > top + 1) builder.notes.add(`entry ${i}: the depth goes from ${top} to ${depth} at once`);
        const parent = open[open.length - 1];
        const opener = opening ?? trace.opNames[trace.op[parent.lastEntry]];
        open.push(builder.open(parent, i, OPENING_OPS.has(opener) ? opener : undefined));
        depthOpen.push(depth);
        opening = undefined;
      } else if (depth < top) {
        while (depth < top && open.length > 1) {
          open.pop();
          depthOpen.pop();
          top = depthOpen[depthOpen.length - 1];
        }
        if (depth < top) builder.notes.add(`entry ${i}: depth ${depth} is below the transaction's own (${top})`);
      }
      if (OPENING_OPS.has(name)) opening = name;
    }
    const frame = open[open.length - 1];
    frame.lastEntry = i;
    frameOf[i] = frame.id;
    const end = ENDS[name];
    if (end !== undefined) {
      frame.end = end;
    }
  }
  const notes = builder.notes;
  markHalts(builder.frames, trace);
  const originFrame = failureOrigin(builder.frames, trace);
  const truncated = truncation(trace, builder.frames, frameOf);
  if (builder.leftover() > 0 && truncated === undefined)
    notes.add(`${builder.leftover()} action(s) that run code have no frame in the trace`);
  return {
    frames: builder.frames,
    frameOf,
    markers,
    ...(originFrame !== undefined ? { originFrame } : {}),
    notes: notes.list,
    ...(truncated !== undefined ? { truncated } : {}),
  };
}

/**
 * Where the transaction's failure started: from its own frame (when it failed), down through the
 * last call each failing frame made, as long as that call failed too and the frame reverted with
 * the very data the call reverted with (it passed the revert on). A call that failed and was caught
 * is not followed: its caller went on, and failed (or not) for its own reason. A halt passes on as
 * a revert without data.
 */
function failureOrigin(frames: readonly DebugFrame[], trace: OpcodeTrace): number | undefined {
  const root = frames[0];
  // A transaction whose own frame ran last without an ending instruction halted (out of gas); a
  // trace that stops inside a call, or at the server's limit, was cut: no failure to show.
  const halted = root?.end === 'unfinished' && root.lastEntry === trace.length - 1 && trace.length < SERVER_TRACE_LIMIT;
  if (!root || (root.end !== 'revert' && root.end !== 'halt' && !halted)) return undefined;
  const reasonOf = (f: DebugFrame): string => (f.end === 'revert' ? (trace.reasons.get(f.lastEntry) ?? '0x') : '0x');
  let current = root;
  for (let guard = 0; guard < frames.length; guard++) {
    let last: DebugFrame | undefined;
    for (const f of frames) if (f.parent === current.id && (!last || f.firstEntry > last.firstEntry)) last = f;
    if (!last || (last.end !== 'revert' && last.end !== 'halt')) break;
    if (reasonOf(last).toLowerCase() !== reasonOf(current).toLowerCase()) break;
    current = last;
  }
  return current.id;
}

/**
 * A frame whose own last instruction did not end it, but whose caller went on, halted exceptionally
 * (out of gas, a bad jump): the EVM ended it without an ending instruction.
 */
function markHalts(frames: DebugFrame[], trace: OpcodeTrace): void {
  for (const frame of frames) {
    if (frame.end !== 'unfinished' || frame.parent < 0) continue;
    const parent = frames[frame.parent];
    if (parent.lastEntry > frame.lastEntry) frame.end = 'halt';
  }
  const root = frames[0];
  if (root && root.end === 'unfinished' && trace.length > 0 && root.lastEntry === trace.length - 1) {
    const failed = trace.reasons.has(trace.length - 1);
    if (failed) root.end = 'halt';
  }
}

function truncation(trace: OpcodeTrace, frames: readonly DebugFrame[], frameOf: Uint32Array): string | undefined {
  const n = trace.length;
  if (n === 0) return undefined;
  const last = n - 1;
  const lastName = trace.opNames[trace.op[last]] ?? '';
  const frame = frames[frameOf[last]];
  const ended = ENDS[lastName] !== undefined && frame.parent < 0;
  if (ended) return undefined;
  const where = `entry ${last} (pc ${trace.pc[last]}, ${lastName || 'no op'}) at call depth ${frame.level}`;
  if (n >= SERVER_TRACE_LIMIT)
    return `probably truncated: the server stops traces after ${SERVER_TRACE_LIMIT.toLocaleString('en-US')} entries, and this one stops at ${where} without ending the transaction`;
  return `incomplete: it stops at ${where} without an instruction that ends the transaction (an exceptional halt, such as running out of gas, ends it so)`;
}
