// Moving through a recorded trace as a debugger moves through a running program: by source
// statement (over, into, out, and back), by instruction, to a breakpoint, to the revert. The whole
// trace is recorded, so every move either way is a scan of typed arrays: no re-execution.
//
// A statement is a run of entries on one user-source line that is not a declaration (the
// dispatcher maps to `contract …`, a function's entry and exit to `function …`). Depth is the call
// frame's level and, within it, the internal functions entered (source-map jumps `i` and `o`):
// stepping over passes what runs deeper.
import { JUMP_IN, JUMP_OUT } from '../../source/debugTypes';
import type { DebugProgram } from './program';

export type StopReason = 'entry' | 'step' | 'breakpoint' | 'revert' | 'end' | 'start';

export interface Stop {
  readonly entry: number;
  readonly reason: StopReason;
}

const DECLARATION = /^\s*(?:contract|abstract|library|interface|function|modifier|constructor|fallback|receive)\b/;
/**
 * A state variable's declaration (`uint256 public totalSupply;`, `mapping(…) public balanceOf;`):
 * the optimizer maps shared dispatcher code to one, which is no statement of the function running.
 */
const STATE_VARIABLE =
  /^\s*(?:mapping\s*\(.*\)|[A-Za-z_$][\w$.]*(?:\[\d*\])*)\s+(?:public|private|internal|constant|immutable)\b/;

/** Whether a source line (from where a range starts) begins a declaration, not a statement. */
export function isDeclarationLine(text: string): boolean {
  return DECLARATION.test(text) || STATE_VARIABLE.test(text);
}

export class Stepper {
  /** The entry the session is stopped at. */
  position = 0;
  /** Statement keys with a breakpoint. */
  readonly breakpoints = new Set<number>();
  /** The entry the revert stops at (the failing frame's last statement), when the trace failed. */
  readonly revertEntry: number | undefined;
  /** Entry → statement key where the entry is a stopping place (not a declaration), else -1. */
  private readonly stops: Int32Array;
  /** 1 where a statement is entered (not resumed after a call it made returns). */
  private readonly starts: Uint8Array;

  constructor(
    private readonly program: DebugProgram,
    private readonly options: { stopOnRevert: boolean },
  ) {
    this.stops = statementStops(program);
    this.starts = statementStarts(this.stops, program.depthKey);
    this.revertEntry = revertEntryOf(program, this.stops);
  }

  get length(): number {
    return this.program.trace.length;
  }

  /** Whether entry `e` is where a statement starts. */
  isStatementStart(e: number): boolean {
    return this.starts[e] === 1;
  }

  /** The first statement of the transaction (else entry 0): where the session stops on entry. */
  entryStop(): Stop {
    for (let e = 0; e < this.length; e++) if (this.stops[e] >= 0) return this.at(e, 'entry');
    return this.at(0, 'entry');
  }

  /** Forward to a breakpoint, the revert (stopOnRevert) or the last entry. */
  continue(): Stop {
    for (let e = this.position + 1; e < this.length; e++) {
      const hit = this.hitAt(e);
      if (hit) return this.at(e, hit);
    }
    return this.at(Math.max(0, this.length - 1), 'end');
  }

  /** Back to a breakpoint or the first entry. */
  reverseContinue(): Stop {
    for (let e = this.position - 1; e >= 0; e--) {
      if (this.isStatementStart(e) && this.breakpoints.has(this.stops[e])) return this.at(e, 'breakpoint');
    }
    return this.at(0, 'start');
  }

  /** The next statement at this depth or shallower; a breakpoint or the revert on the way stops it. */
  stepOver(): Stop {
    return this.forward(this.depth(this.position));
  }

  /** The next statement at any depth. */
  stepInto(): Stop {
    return this.forward(Number.MAX_SAFE_INTEGER);
  }

  /** The next statement shallower than this one (after the current function or call returns). */
  stepOut(): Stop {
    const depth = this.depth(this.position);
    for (let e = this.position + 1; e < this.length; e++) {
      const hit = this.hitAt(e);
      if (hit) return this.at(e, hit);
      if (this.depth(e) < depth && this.stops[e] >= 0) return this.at(e, 'step');
    }
    return this.at(Math.max(0, this.length - 1), 'end');
  }

  /** Back to the start of the previous statement at this depth or shallower. */
  stepBack(): Stop {
    const depth = this.depth(this.position);
    const current = this.stops[this.position];
    let e = this.position - 1;
    while (e >= 0 && !(this.stops[e] >= 0 && this.depth(e) <= depth && this.stops[e] !== current)) e--;
    if (e < 0) return this.at(0, 'start');
    return this.at(this.runStartOf(e), 'step');
  }

  /** One instruction forward or back. */
  instruction(forward: boolean): Stop {
    const e = this.position + (forward ? 1 : -1);
    if (e < 0) return this.at(0, 'start');
    if (e >= this.length) return this.at(Math.max(0, this.length - 1), 'end');
    return this.at(e, forward ? (this.hitAt(e) ?? 'step') : 'step');
  }

  /** Moves to entry `e` (a stack frame or a search result chosen by the user). */
  goto(e: number): Stop {
    return this.at(Math.min(Math.max(0, e), Math.max(0, this.length - 1)), 'step');
  }

  private forward(maxDepth: number): Stop {
    const start = this.position;
    const current = this.stops[start];
    // From a place that is no statement (the dispatcher, on entry), the next statement anywhere.
    const depth = current < 0 ? Number.MAX_SAFE_INTEGER : this.depth(start);
    const deepest = current < 0 ? Number.MAX_SAFE_INTEGER : maxDepth;
    for (let e = start + 1; e < this.length; e++) {
      const hit = this.hitAt(e);
      if (hit) return this.at(e, hit);
      const s = this.stops[e];
      if (s < 0) continue;
      const d = this.depth(e);
      if (d > deepest) continue;
      if (s !== current || d < depth) return this.at(e, 'step');
    }
    return this.at(Math.max(0, this.length - 1), 'end');
  }

  /** Why entry `e` stops a forward run: a breakpoint at a statement's start, or the revert. */
  private hitAt(e: number): StopReason | undefined {
    if (this.options.stopOnRevert && e === this.revertEntry) return 'revert';
    if (this.breakpoints.size > 0 && this.isStatementStart(e) && this.breakpoints.has(this.stops[e]))
      return 'breakpoint';
    return undefined;
  }

  private runStartOf(e: number): number {
    const s = this.stops[e];
    const frame = this.program.frames.frameOf[e];
    let first = e;
    for (let i = e - 1; i >= 0; i--) {
      if (this.program.frames.frameOf[i] !== frame) {
        if (this.depth(i) > this.depth(e)) continue; // a call made from within the statement
        break;
      }
      if (this.stops[i] === s) first = i;
      else if (this.stops[i] >= 0 && this.depth(i) <= this.depth(e)) break;
    }
    return first;
  }

  private depth(e: number): number {
    return this.program.depthKey[e];
  }

  private at(entry: number, reason: StopReason): Stop {
    this.position = entry;
    return { entry, reason };
  }
}

/** The statement key of each entry that is a stopping place, else -1 (see the file's comment). */
function statementStops(program: DebugProgram): Int32Array {
  const stops = Int32Array.from(program.statement);
  const declaration = new Map<string, boolean>();
  const linesOf = new Map<number, string[]>();
  for (let e = 0; e < stops.length; e++) {
    if (stops[e] < 0) continue;
    const location = program.location(e);
    if (!location) continue;
    const key = `${location.doc.id}:${location.line}:${location.column}`;
    let isDeclaration = declaration.get(key);
    if (isDeclaration === undefined) {
      let lines = linesOf.get(location.doc.id);
      if (!lines) linesOf.set(location.doc.id, (lines = location.doc.text.split('\n')));
      const line = lines[location.line - 1] ?? '';
      isDeclaration = isDeclarationLine(line.slice(Math.max(0, location.column - 1)));
      declaration.set(key, isDeclaration);
    }
    if (isDeclaration) stops[e] = -1;
  }
  return stops;
}

/**
 * Where statements are entered: a stopping place whose statement differs from the last one seen at
 * its depth, or at a depth entered anew. Entries deeper (a call the statement makes, an internal
 * function) do not count: coming back from them resumes the statement, it does not enter it again.
 */
function statementStarts(stops: Int32Array, depthKey: Int32Array): Uint8Array {
  const starts = new Uint8Array(stops.length);
  const depths: number[] = [];
  const lasts: number[] = [];
  for (let e = 0; e < stops.length; e++) {
    const d = depthKey[e];
    while (depths.length > 0 && depths[depths.length - 1] > d) {
      depths.pop();
      lasts.pop();
    }
    if (depths.length === 0 || depths[depths.length - 1] < d) {
      depths.push(d);
      lasts.push(-1);
    }
    const s = stops[e];
    if (s < 0) continue;
    const top = lasts.length - 1;
    if (lasts[top] !== s) starts[e] = 1;
    lasts[top] = s;
  }
  return starts;
}

/**
 * The failing frame's revert site: its last statement inside the function that was running. The
 * optimizer shares the code that encodes and reverts an error between the places that raise it,
 * and maps the shared code to the first of them, often another function: so the function's own
 * range (the source range its entry jump lands on) must contain the site. A revert inside a
 * compiler-generated helper (a Panic's) falls back to the statement that called the helper.
 */
function revertEntryOf(program: DebugProgram, stops: Int32Array): number | undefined {
  const { frames, trace } = program;
  if (frames.originFrame === undefined) return undefined;
  const frame = frames.frames[frames.originFrame];
  const info = program.codeOf(frame.id)?.info;
  const own: number[] = [];
  for (let e = frame.firstEntry; e <= frame.lastEntry; e++) if (frames.frameOf[e] === frame.id) own.push(e);
  // The range (file, start, end) of the function running at each own entry.
  const ranges: ([number, number, number] | undefined)[] = [];
  const open: [number, number, number][] = [];
  for (let i = 0; i < own.length; i++) {
    const previous = i > 0 ? own[i - 1] : -1;
    const k = previous >= 0 ? program.instruction[previous] : -1;
    if (info && k >= 0 && trace.opNames[trace.op[previous]] === 'JUMP') {
      const here = program.instruction[own[i]];
      if (info.jump[k] === JUMP_IN && here >= 0)
        open.push([info.fileIndex[here], info.start[here], info.start[here] + info.length[here]]);
      else if (info.jump[k] === JUMP_OUT) open.pop();
    }
    ranges.push(open[open.length - 1]);
  }
  for (let i = own.length - 1; i >= 0; i--) {
    const e = own[i];
    if (stops[e] < 0) continue;
    const range = ranges[i];
    const k = program.instruction[e];
    if (!range || !info || k < 0) return e;
    const [file, from, to] = range;
    if (info.fileIndex[k] === file && info.start[k] >= from && info.start[k] + info.length[k] <= to) return e;
  }
  for (let i = own.length - 1; i >= 0; i--) if (stops[own[i]] >= 0) return own[i];
  return frame.lastEntry;
}
