// Where each instruction of a recorded trace is in the developer's terms: the frame's code matched
// to a compiled contract, its pc mapped through that code's source map to a file, line and column.
// What has no user source (no matching artifact, a compiler-generated helper, data past the code)
// is placed in a disassembly of the code, so every entry has somewhere to show. Computed once per
// trace into typed arrays the stepper walks. Pure: no vscode; texts are untrusted, shown as text.
import { instructionIndexAt } from '../../source/sourceMap';
import { SourceLines } from '../../source/lines';
import { JUMP_IN, JUMP_OUT, type CodeDebugInfo } from '../../source/debugTypes';
import { disassemble } from '../opcodes/disassemble';
import type { OpcodeTrace } from '../opcodes/types';
import type { FrameTable } from './frames';
import { ownPcs, type PcReading } from './ownPc';

/** A user source as the host found it for the debugger. */
export interface SourceFile {
  /** The compiler's source unit name (`contracts/Vault.sol`). */
  readonly name: string;
  /** The file on this machine, when the workspace has it unchanged since the compile. */
  readonly path?: string;
  /** The text the offsets count in: the file's, or the compiled text when the file changed. */
  readonly text: string;
  /** Why the compiled text is shown instead of the file (it changed since), in words. */
  readonly drift?: string;
}

/** What the host knows of the code each frame ran. */
export interface FrameCodeInput {
  /** The code that ran (runtime code, or the initcode of a create), hex; absent when unknown. */
  readonly code?: string;
  /** `Vault`, else how the party reads (`0.0.1003`). */
  readonly contractName: string;
  /** `withdraw`, `fallback`, `constructor`; absent when the call was not decoded. */
  readonly functionName?: string;
  readonly info?: CodeDebugInfo;
}

export interface ProgramInputs {
  readonly trace: OpcodeTrace;
  readonly frames: FrameTable;
  /** By frame id. */
  readonly codes: readonly (FrameCodeInput | undefined)[];
  /** The host's reading of source `fileIndex` of `info` (read beforehand); undefined: not found. */
  readonly source: (info: CodeDebugInfo, fileIndex: number) => SourceFile | undefined;
}

export type DocKind = 'source' | 'compiled' | 'generated' | 'disassembly';

export interface SourceDoc {
  /** 1-based, unique within the program (a DAP sourceReference for docs with no path). */
  readonly id: number;
  readonly name: string;
  readonly kind: DocKind;
  /** Workspace file (kind `source`). */
  readonly path?: string;
  readonly text: string;
  readonly lines: SourceLines;
  /** For a disassembly: the pc of each line (line k + 1 is the instruction at pcs[k]). */
  readonly pcs?: Uint32Array;
  readonly note?: string;
}

export interface Location {
  readonly doc: SourceDoc;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** The most entries with a pc outside their code said one by one in the notes. */
const MAX_OUTSIDE_NOTES = 5;

/** What begins a function's range: its name when it is a named function. */
const DECLARED = /^(?:function\s+([A-Za-z_$][\w$]*)|fallback\b|receive\b|constructor\b|modifier\b)/;

/** Statement keys pack a doc id and a line: doc * LINE_SPAN + line. */
export const LINE_SPAN = 1 << 21;
/** Depth keys pack a frame level and an internal-call depth: level * DEPTH_SPAN + internal. */
export const DEPTH_SPAN = 1 << 16;

/** By instruction index of one compiled code: the user-source doc id (0 where none), line, column, end. */
interface LocationTable {
  readonly doc: Int32Array;
  readonly line: Int32Array;
  readonly column: Int32Array;
  readonly endLine: Int32Array;
  readonly endColumn: Int32Array;
}

interface CodeView extends LocationTable {
  readonly input: FrameCodeInput;
  disassembly?: SourceDoc;
}

export class DebugProgram {
  readonly trace: OpcodeTrace;
  readonly frames: FrameTable;
  /** Entry → instruction index in its frame's code (-1: not found there). */
  readonly instruction: Int32Array;
  /** Entry → statement key (a user source line), -1 where the entry has no user source. */
  readonly statement: Int32Array;
  /** Entry → frame level and internal function depth (DEPTH_SPAN packing). */
  readonly depthKey: Int32Array;
  /** 1 where an entry starts a run of its statement (a breakpoint there is hit). */
  readonly runStart: Uint8Array;
  /** Entry → the pc of the instruction it is (see ownPc.ts: servers write the pc after it). */
  readonly pc: Uint32Array;
  /** How the server wrote its pcs. */
  readonly pcReading: PcReading;
  readonly docs: SourceDoc[] = [];
  readonly notes: string[] = [];
  private readonly views: (CodeView | undefined)[];
  private readonly docByKey = new Map<string, SourceDoc>();
  /** One table per compiled code, shared by every frame that ran it. */
  private readonly tables = new Map<string, LocationTable>();
  private readonly linesByDoc = new Map<number, Int32Array>();
  private readonly enteredFunctions = new Map<number, string | undefined>();
  /** Entries so far whose pc is no instruction of their frame's code. */
  private outside = 0;

  constructor(private readonly inputs: ProgramInputs) {
    const { trace, frames } = inputs;
    this.trace = trace;
    this.frames = frames;
    const n = trace.length;
    this.instruction = new Int32Array(n).fill(-1);
    this.statement = new Int32Array(n).fill(-1);
    this.depthKey = new Int32Array(n);
    this.runStart = new Uint8Array(n);
    this.views = frames.frames.map(f => this.view(f.id));
    const own = ownPcs(trace, frames, id => inputs.codes[id]?.code);
    this.pc = own.pcs;
    this.pcReading = own.reading;
    this.place();
  }

  /** The code of frame `id` as the host gave it. */
  codeOf(frameId: number): FrameCodeInput | undefined {
    return this.inputs.codes[frameId];
  }

  doc(id: number): SourceDoc | undefined {
    return this.docs[id - 1];
  }

  /** Where entry `entry` is: its user source line, else the disassembly of its code. */
  location(entry: number): Location | undefined {
    if (entry < 0 || entry >= this.trace.length) return undefined;
    const view = this.views[this.frames.frameOf[entry]];
    const k = this.instruction[entry];
    if (view && k >= 0 && view.doc[k] > 0) {
      const doc = this.docs[view.doc[k] - 1];
      return {
        doc,
        line: view.line[k],
        column: view.column[k],
        endLine: view.endLine[k],
        endColumn: view.endColumn[k],
      };
    }
    return this.disassemblyLocation(entry);
  }

  /**
   * The entry's place in its code's disassembly; in a listing of what the frame ran for unknown
   * code, or for a pc that is no instruction of the code (the trace and the code disagree).
   */
  disassemblyLocation(entry: number): Location | undefined {
    const frameId = this.frames.frameOf[entry];
    const view = this.views[frameId];
    const known = view ? this.disassemblyOf(view, frameId) : undefined;
    const inCode = known?.pcs ? instructionIndexAt(known.pcs, this.pc[entry]) : -1;
    const doc = known && inCode >= 0 ? known : this.listingOf(frameId);
    const k = doc === known ? inCode : instructionIndexAt(doc.pcs ?? [], this.pc[entry]);
    const line = k >= 0 ? k + 1 : 1;
    return { doc, line, column: 1, endLine: line, endColumn: 1 };
  }

  /**
   * The function frame `frameId`'s code was entered at, read from the source: the name of the
   * first range it ran that begins a declaration, when that is `function name(`. For a call the
   * ABIs did not decode: solc leaves a library's state-changing functions out of its ABI (only the
   * method identifiers name them). Undefined for a fallback, a receive, or code never past its
   * dispatcher.
   */
  enteredFunction(frameId: number): string | undefined {
    if (this.enteredFunctions.has(frameId)) return this.enteredFunctions.get(frameId);
    const frame = this.frames.frames[frameId];
    const view = this.views[frameId];
    const info = view?.input.info;
    let name: string | undefined;
    for (let e = frame?.firstEntry ?? 0; view && info && frame && e <= frame.lastEntry; e++) {
      const k = this.instruction[e];
      if (this.frames.frameOf[e] !== frameId || k < 0 || view.doc[k] <= 0) continue;
      const text = this.docs[view.doc[k] - 1].lines.excerpt(info.start[k], Math.max(0, info.length[k])) ?? '';
      const declared = DECLARED.exec(text);
      if (!declared) continue;
      name = declared[1];
      break;
    }
    this.enteredFunctions.set(frameId, name);
    return name;
  }

  /** Every line of `doc` that some instruction of the traced codes maps to, ascending. */
  mappedLines(doc: SourceDoc): Int32Array {
    const known = this.linesByDoc.get(doc.id);
    if (known) return known;
    const lines = new Set<number>();
    for (const table of this.tables.values()) {
      for (let k = 0; k < table.doc.length; k++) if (table.doc[k] === doc.id) lines.add(table.line[k]);
    }
    const sorted = Int32Array.from([...lines].sort((a, b) => a - b));
    this.linesByDoc.set(doc.id, sorted);
    return sorted;
  }

  private view(frameId: number): CodeView | undefined {
    const input = this.inputs.codes[frameId];
    if (!input) return undefined;
    return { input, ...(input.info ? this.tableFor(input.info) : emptyTable()) };
  }

  private tableFor(info: CodeDebugInfo): LocationTable {
    const key = `${info.ref.key}|${info.kind}`;
    const known = this.tables.get(key);
    if (known) return known;
    const count = info.pcs.length;
    const table: LocationTable = {
      doc: new Int32Array(count),
      line: new Int32Array(count),
      column: new Int32Array(count),
      endLine: new Int32Array(count),
      endColumn: new Int32Array(count),
    };
    for (let k = 0; k < count; k++) {
      const file = info.fileIndex[k];
      if (file < 0 || file >= info.userSources) continue;
      const doc = this.sourceDoc(info, file);
      const from = doc?.lines.position(info.start[k]);
      const to = doc?.lines.position(info.start[k] + Math.max(0, info.length[k]));
      if (!doc || !from || !to) continue;
      table.doc[k] = doc.id;
      table.line[k] = from.line;
      table.column[k] = from.column;
      table.endLine[k] = to.line;
      table.endColumn[k] = to.column;
    }
    this.tables.set(key, table);
    return table;
  }

  private sourceDoc(info: CodeDebugInfo, fileIndex: number): SourceDoc | undefined {
    const key = `${info.ref.origin.file}#${fileIndex}`;
    const known = this.docByKey.get(key);
    if (known || this.docByKey.has(key)) return known;
    const file = this.inputs.source(info, fileIndex);
    const doc = file
      ? this.add({
          name: file.name,
          kind: file.path !== undefined && file.drift === undefined ? 'source' : 'compiled',
          ...(file.path !== undefined && file.drift === undefined ? { path: file.path } : {}),
          text: file.text,
          ...(file.drift !== undefined ? { note: file.drift } : {}),
        })
      : undefined;
    if (!file) this.notes.push(`${info.ref.contractName}: source ${fileIndex} of its compiler output was not found`);
    if (doc) this.docByKey.set(key, doc);
    return doc;
  }

  private add(fields: Omit<SourceDoc, 'id' | 'lines'>): SourceDoc {
    const doc: SourceDoc = { ...fields, id: this.docs.length + 1, lines: new SourceLines(fields.text) };
    this.docs.push(doc);
    return doc;
  }

  private disassemblyOf(view: CodeView, frameId: number): SourceDoc | undefined {
    if (view.disassembly) return view.disassembly;
    if (view.input.code === undefined) return this.listingOf(frameId);
    const key = `disassembly:${view.input.code.length}:${view.input.code.slice(0, 64)}:${view.input.code.slice(-64)}`;
    let doc = this.docByKey.get(key);
    if (!doc) {
      const listing = disassemble(view.input.code);
      doc = this.add({
        name: `${view.input.contractName} (disassembly)`,
        kind: 'disassembly',
        text: listing.text,
        pcs: listing.pcs,
      });
      this.docByKey.set(key, doc);
    }
    view.disassembly = doc;
    return doc;
  }

  /** For code not known: the instructions the frame ran, in pc order, as a listing. */
  private listingOf(frameId: number): SourceDoc {
    const key = `listing:${frameId}`;
    const known = this.docByKey.get(key);
    if (known) return known;
    const byPc = new Map<number, string>();
    const { trace } = this;
    for (let e = 0; e < trace.length; e++) {
      if (this.frames.frameOf[e] !== frameId || byPc.has(this.pc[e])) continue;
      byPc.set(this.pc[e], trace.opNames[trace.op[e]] ?? '?');
    }
    const pcs = Uint32Array.from([...byPc.keys()].sort((a, b) => a - b));
    const text = [...pcs].map(pc => `${pc}: ${byPc.get(pc) ?? '?'}`).join('\n');
    const doc = this.add({
      name: `frame ${frameId} (instructions run)`,
      kind: 'disassembly',
      text: `${text}\n`,
      pcs,
      note:
        this.inputs.codes[frameId]?.code === undefined
          ? 'the code of this frame is not known: only the instructions it ran are listed'
          : "the trace names pcs that are no instructions of this frame's code: the instructions it ran are listed as the trace names them",
    });
    this.docByKey.set(key, doc);
    return doc;
  }

  /** Says (a few times, then how often) that entry `e`'s pc is no instruction of its frame's code. */
  private noteOutside(e: number, input: FrameCodeInput | undefined): void {
    const op = this.trace.opNames[this.trace.op[e]] ?? '?';
    // Besu's STOP past the end of the code: the pc is the code's length, and it is no disagreement.
    const code = input?.code;
    if (op === 'STOP' && code !== undefined && this.pc[e] >= code.replace(/^0x/i, '').length / 2) return;
    this.outside++;
    if (this.outside <= MAX_OUTSIDE_NOTES)
      this.notes.push(
        `entry ${e}: pc ${this.pc[e]} is not an instruction of ${input?.contractName ?? 'its frame'}'s code (the trace and the code disagree): it is shown in the frame's listing of the instructions it ran, as ${op}`,
      );
    else if (this.outside === MAX_OUTSIDE_NOTES + 1)
      this.notes.push('(more entries whose pc is not an instruction of their code: not shown)');
  }

  /** Fills instruction, statement, depthKey and runStart for every entry. */
  private place(): void {
    const { trace, frames } = this;
    const internal = new Int32Array(frames.frames.length);
    const starts = frames.frames.map((_, id) => this.views[id]?.input.info?.pcs);
    for (let e = 0; e < trace.length; e++) {
      const frameId = frames.frameOf[e];
      const frame = frames.frames[frameId];
      const pcs = starts[frameId];
      const view = this.views[frameId];
      const k = pcs ? instructionIndexAt(pcs, this.pc[e]) : -1;
      this.instruction[e] = k;
      if (pcs && k < 0 && frames.markers[e] === 0) this.noteOutside(e, view?.input);
      this.depthKey[e] = frame.level * DEPTH_SPAN + Math.min(internal[frameId], DEPTH_SPAN - 1);
      if (view && k >= 0 && view.doc[k] > 0 && frames.markers[e] === 0) {
        this.statement[e] = view.doc[k] * LINE_SPAN + view.line[k];
      }
      const info = view?.input.info;
      if (info && k >= 0 && trace.opNames[trace.op[e]] === 'JUMP') {
        if (info.jump[k] === JUMP_IN) internal[frameId]++;
        else if (info.jump[k] === JUMP_OUT && internal[frameId] > 0) internal[frameId]--;
      }
      const s = this.statement[e];
      this.runStart[e] =
        s >= 0 && (e === 0 || this.statement[e - 1] !== s || frames.frameOf[e - 1] !== frameId) ? 1 : 0;
    }
  }
}

function emptyTable(): LocationTable {
  const none = new Int32Array(0);
  return { doc: none, line: none, column: none, endLine: none, endColumn: none };
}
