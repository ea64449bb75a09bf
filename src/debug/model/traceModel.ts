// The step-level session: the whole opcode trace, each entry placed in the source (program.ts),
// moved through by the stepper, its state read at the position (state.ts, storageNames.ts).
import type { StorageLayout } from '../../source/debugTypes';
import type { OpcodeTrace } from '../opcodes/types';
import type { BreakpointAnswer, DebugModel, FrameView, Place, ScopeView, VariableView } from './model';
import { LINE_SPAN, type DebugProgram, type Location, type SourceDoc } from './program';
import { memoryAt, readWord, stackAt, storedWords, touchedStorage } from './state';
import { nameStorage, type NamedSlot } from './storageNames';
import { isDeclarationLine, Stepper, type Stop } from './stepper';

export interface TraceModelInputs {
  readonly title: string;
  readonly program: DebugProgram;
  readonly stopOnRevert: boolean;
  /** The decoded arguments of frame `id`'s call (host-made: it has the ABIs). */
  readonly frameArgs: (frameId: number) => readonly VariableView[];
  /** What the failure was, decoded (`InsufficientBalance(…)`), for the stop's description. */
  readonly failure?: string;
  /** Words that may be mapping keys for frame `id` (its parties' addresses). */
  readonly keyHints?: (frameId: number) => readonly string[];
  /** What the Memory scope says while memory is not loaded. */
  readonly memoryHint: string;
  /** Said before every stop's description (where the trace came from, when it is not the server's). */
  readonly banner?: string;
}

const NO_VARIABLES: readonly VariableView[] = [];

export class TraceModel implements DebugModel {
  readonly stepLevel = true;
  readonly title: string;
  private readonly stepper: Stepper;
  private readonly program: DebugProgram;
  /** The trace asked again with memory, once Load memory brought it. */
  private memory: OpcodeTrace | undefined;

  constructor(private readonly inputs: TraceModelInputs) {
    this.title = inputs.title;
    this.program = inputs.program;
    this.stepper = new Stepper(inputs.program, { stopOnRevert: inputs.stopOnRevert });
  }

  get position(): number {
    return this.stepper.position;
  }

  get revertEntry(): number | undefined {
    return this.stepper.revertEntry;
  }

  entryStop(): Stop {
    return this.stepper.entryStop();
  }
  continue(): Stop {
    return this.stepper.continue();
  }
  reverseContinue(): Stop {
    return this.stepper.reverseContinue();
  }
  stepOver(): Stop {
    return this.stepper.stepOver();
  }
  stepInto(): Stop {
    return this.stepper.stepInto();
  }
  stepOut(): Stop {
    return this.stepper.stepOut();
  }
  stepBack(): Stop {
    return this.stepper.stepBack();
  }
  instruction(forward: boolean): Stop {
    return this.stepper.instruction(forward);
  }

  describe(stop: Stop): string {
    const text = this.stopText(stop);
    return this.inputs.banner ? `[${this.inputs.banner}] ${text}` : text;
  }

  private stopText(stop: Stop): string {
    const { trace } = this.program;
    const e = stop.entry;
    const op = trace.length > 0 ? `${trace.opNames[trace.op[e]] ?? '?'} at pc ${this.program.pc[e]}` : 'no instruction';
    switch (stop.reason) {
      case 'revert':
        return `Reverted here${this.inputs.failure ? `: ${this.inputs.failure}` : ''} (${op})`;
      case 'end':
        return `End of the transaction (entry ${e + 1} of ${trace.length})`;
      case 'start':
        return 'Start of the transaction';
      case 'breakpoint':
        return `Breakpoint (${op})`;
      default:
        return op;
    }
  }

  /** The frames at the position: the entry's own, then each caller at the instruction that called. */
  frames(): readonly FrameView[] {
    return this.chain().map(({ frameId, entry }) => {
      const code = this.program.codeOf(frameId);
      const frame = this.program.frames.frames[frameId];
      // Code not known (no action matched the frame): no function is claimed for it.
      const guess = frame.create ? 'constructor' : code?.code !== undefined ? 'fallback' : undefined;
      const functionName = code?.functionName ?? this.program.enteredFunction(frameId) ?? guess;
      const name = code
        ? `${code.contractName}${functionName !== undefined ? `.${functionName}` : ''}`
        : (frame.codeParty ?? `frame ${frameId}`);
      const location = this.program.location(entry);
      return {
        name,
        ...(location ? { place: placeOf(location) } : {}),
        failed: frame.end === 'revert' || frame.end === 'halt',
      };
    });
  }

  scopes(frameIndex: number): readonly ScopeView[] {
    const link = this.chain()[frameIndex];
    if (!link) return [];
    const { frameId, entry } = link;
    return [
      { name: 'Call', expensive: false, variables: () => this.callVariables(frameId) },
      { name: 'Stack', expensive: false, variables: () => this.stackVariables(entry) },
      { name: 'Storage', expensive: false, variables: () => this.storageVariables(frameId, entry) },
      { name: 'Memory', expensive: true, variables: () => this.memoryVariables(entry) },
      { name: 'Instruction', expensive: false, variables: () => this.instructionVariables(entry) },
    ];
  }

  setBreakpoints(path: string, lines: readonly number[]): readonly BreakpointAnswer[] {
    const docs = this.program.docs.filter(d => d.kind === 'source' && d.path === path);
    for (const key of [...this.stepper.breakpoints]) {
      if (docs.some(d => Math.floor(key / LINE_SPAN) === d.id)) this.stepper.breakpoints.delete(key);
    }
    if (docs.length === 0) {
      return lines.map(line => ({
        line,
        verified: false,
        message: 'No code this transaction ran comes from this file',
      }));
    }
    return lines.map(line => {
      // The file as each compiler output that compiled it has it (two builds share an import):
      // the breakpoint is set in every one, at its next line with code.
      let shown: number | undefined;
      for (const doc of docs) {
        const at = nextLineWithCode(this.statementLines(doc), line);
        if (at === undefined) continue;
        this.stepper.breakpoints.add(doc.id * LINE_SPAN + at);
        shown = shown === undefined ? at : Math.min(shown, at);
      }
      if (shown !== undefined)
        return {
          line: shown,
          verified: true,
          ...(shown !== line ? { message: `Moved to line ${shown}, the next one with code` } : {}),
        };
      return {
        line,
        verified: false,
        message: "No instruction of this transaction's code maps to this line or after it",
      };
    });
  }

  source(reference: number): string | undefined {
    return this.program.doc(reference)?.text;
  }

  evaluate(expression: string, frameIndex: number): string | undefined {
    const link = this.chain()[frameIndex];
    const wanted = expression.trim();
    if (!link || wanted.length === 0 || wanted.length > 200) return undefined;
    const named = this.namedStorage(link.frameId, link.entry);
    const exact = named.find(s => s.name === wanted);
    if (exact) return exact.value;
    const entries = named.filter(s => s.name.startsWith(`${wanted}[`) || s.name === `${wanted}.length`);
    if (entries.length > 0) return entries.map(s => `${s.name} = ${s.value}`).join(', ');
    return undefined;
  }

  /**
   * Shows the memory of `trace`, the same run asked again with memory=true. Only its memory is
   * taken: the program (its places, the documents served by reference) stays as the editor has it.
   */
  withMemory(trace: OpcodeTrace): boolean {
    if (trace.length !== this.program.trace.length) return false;
    this.memory = trace;
    return true;
  }

  private statementLinesCache = new Map<number, Int32Array>();
  private statementLines(doc: SourceDoc): Int32Array {
    let lines = this.statementLinesCache.get(doc.id);
    if (!lines) {
      const text = doc.text.split('\n');
      lines = this.program.mappedLines(doc).filter(line => !isDeclarationLine(text[line - 1] ?? ''));
      this.statementLinesCache.set(doc.id, lines);
    }
    return lines;
  }

  private chain(): { frameId: number; entry: number }[] {
    const { frames } = this.program;
    if (this.program.trace.length === 0) return [];
    const out: { frameId: number; entry: number }[] = [];
    let entry = this.stepper.position;
    let frameId = frames.frameOf[entry];
    for (let guard = 0; guard < 1100; guard++) {
      out.push({ frameId, entry });
      const frame = frames.frames[frameId];
      if (frame.parent < 0) break;
      entry = Math.max(0, frame.firstEntry - 1);
      frameId = frame.parent;
    }
    return out;
  }

  private callVariables(frameId: number): readonly VariableView[] {
    const frame = this.program.frames.frames[frameId];
    const code = this.program.codeOf(frameId);
    const out: VariableView[] = [...this.inputs.frameArgs(frameId)];
    out.push({ name: 'operation', value: frame.operation });
    if (frame.codeParty) out.push({ name: 'code of', value: `${code?.contractName ?? '?'} (${frame.codeParty})` });
    if (frame.storageParty && frame.storageParty !== frame.codeParty)
      out.push({
        name: 'storage of',
        value: `${frame.storageParty} (${frame.operation} runs the code on the caller's storage)`,
      });
    const ref = code?.info?.ref;
    out.push({
      name: 'source',
      value: ref ? `${ref.sourceName} (${ref.origin.file})` : 'no compiler output matches this code: disassembly',
    });
    for (const note of frame.notes) out.push({ name: 'note', value: note });
    return out;
  }

  private stackVariables(entry: number): readonly VariableView[] {
    return stackAt(this.program.trace, entry).map((word, i) => {
      const reading = readWord(word);
      const children: VariableView[] = [
        { name: 'hex', value: reading.hex },
        { name: 'decimal', value: reading.decimal },
        ...(reading.address ? [{ name: 'address', value: reading.address }] : []),
        ...(reading.entityId ? [{ name: 'entity', value: reading.entityId }] : []),
      ];
      const short = reading.address ?? (reading.decimal.length <= 20 ? reading.decimal : reading.hex);
      return { name: i === 0 ? '0 (top)' : String(i), value: short, type: 'uint256', children: () => children };
    });
  }

  private namedStorage(frameId: number, entry: number): NamedSlot[] {
    const { trace, frames } = this.program;
    const slots = touchedStorage(trace, frames, entry);
    if (slots.size === 0) return [];
    const layout: StorageLayout | undefined = this.program.codeOf(frameId)?.info?.storageLayout;
    const hints = this.inputs.keyHints?.(frameId) ?? [];
    const candidates = layout ? [...new Set([...hints, ...storedWords(trace, frames, entry)])] : [];
    return nameStorage(slots, layout, candidates);
  }

  private storageVariables(frameId: number, entry: number): readonly VariableView[] {
    const named = this.namedStorage(frameId, entry);
    if (named.length === 0)
      return [{ name: '(none)', value: 'no slot written so far by this contract in this transaction' }];
    return named.map(s => ({
      name: s.name,
      value: s.value,
      ...(s.type ? { type: s.type } : {}),
      evaluateName: s.name,
      children: () => [
        { name: 'slot', value: `0x${s.slot}` },
        { name: 'word', value: `0x${s.word}` },
      ],
    }));
  }

  private memoryVariables(entry: number): readonly VariableView[] {
    const rows = memoryAt(this.memory ?? this.program.trace, entry);
    if (!rows) return [{ name: 'not loaded', value: this.inputs.memoryHint }];
    if (rows.length === 0) return [{ name: '(empty)', value: 'no memory in use' }];
    return rows.map((row, i) => ({ name: `0x${(i * 32).toString(16).padStart(4, '0')}`, value: `0x${row}` }));
  }

  private instructionVariables(entry: number): readonly VariableView[] {
    const { trace } = this.program;
    if (trace.length === 0) return NO_VARIABLES;
    const reason = trace.reasons.get(entry);
    return [
      { name: 'op', value: trace.opNames[trace.op[entry]] ?? '?' },
      { name: 'pc', value: String(this.program.pc[entry]) },
      { name: 'gas left', value: String(trace.gas[entry]) },
      { name: 'gas cost', value: String(trace.gasCost[entry]) },
      { name: 'depth', value: String(trace.depth[entry]) },
      { name: 'entry', value: `${entry + 1} of ${trace.length}` },
      ...(reason ? [{ name: 'revert data', value: reason }] : []),
    ];
  }
}

function placeOf(location: Location): Place {
  const { doc } = location;
  return {
    source: {
      name: doc.name,
      ...(doc.path !== undefined ? { path: doc.path } : { reference: doc.id }),
      ...(doc.note !== undefined ? { note: doc.note } : {}),
    },
    line: location.line,
    column: location.column,
    endLine: location.endLine,
    endColumn: location.endColumn,
  };
}

/** The first of ascending `lines` that is `line` or after it. */
export function nextLineWithCode(lines: Int32Array, line: number): number | undefined {
  let low = 0;
  let high = lines.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (lines[middle] < line) low = middle + 1;
    else high = middle;
  }
  return low < lines.length ? lines[low] : undefined;
}
