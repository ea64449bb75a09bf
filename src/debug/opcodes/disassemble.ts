// Contract code as a listing, one instruction a line (`12: PUSH2 0x01f4`), with the pc of each line,
// for stepping through code no source map covers. The code comes from the network: what is not
// hex is said in `problem` (never thrown), and the listing is bounded.
import { instructionStarts, SourceMapError } from '../../source/sourceMap';
import { immediateSize, OPCODE_NAMES } from './opTable';

/** The most instructions listed (runtime code is at most 24 KB, initcode 48 KB). */
export const MAX_LISTED_INSTRUCTIONS = 200_000;

export interface Disassembly {
  /** The pc of each line: line k + 1 (1-based) is the instruction at `pcs[k]`. */
  readonly pcs: Uint32Array;
  /** `pc: OP args` lines, each ended by a newline; a note line may follow the instructions. */
  readonly text: string;
  /** Why the code could not be listed whole (not hex, over the bound); undefined when it was. */
  readonly problem?: string;
  /** The 1-based line of the instruction at or holding `pc` (a PUSH's data), or undefined. */
  lineOfPc(pc: number): number | undefined;
}

/** The 1-based line in `pcs` of the instruction at `pc` or whose data holds it; undefined past the code. */
export function lineOfPc(pcs: ArrayLike<number>, codeBytes: number, pc: number): number | undefined {
  if (!Number.isInteger(pc) || pc < 0 || pc >= codeBytes || pcs.length === 0) return undefined;
  let low = 0;
  let high = pcs.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (pcs[middle] <= pc) low = middle;
    else high = middle - 1;
  }
  return pcs[low] <= pc ? low + 1 : undefined;
}

/** Lists `codeHex` (with or without `0x`); see Disassembly. */
export function disassemble(codeHex: string): Disassembly {
  let starts: Uint32Array;
  try {
    starts = instructionStarts(codeHex);
  } catch (error) {
    const why = error instanceof SourceMapError ? error.message : 'it is not a hex string';
    return listing(new Uint32Array(0), `the code cannot be listed: ${why}\n`, 0, `the code cannot be listed: ${why}`);
  }
  const offset = codeHex.startsWith('0x') || codeHex.startsWith('0X') ? 2 : 0;
  const bytes = (codeHex.length - offset) / 2;
  const count = Math.min(starts.length, MAX_LISTED_INSTRUCTIONS);
  const lines: string[] = new Array<string>(count);
  for (let k = 0; k < count; k++) {
    const pc = starts[k];
    const op = parseInt(codeHex.slice(offset + pc * 2, offset + pc * 2 + 2), 16);
    const size = immediateSize(op);
    let line = `${pc}: ${OPCODE_NAMES[op]}`;
    if (size > 0) {
      const have = Math.min(size, bytes - pc - 1);
      const data = codeHex.slice(offset + (pc + 1) * 2, offset + (pc + 1 + have) * 2).toLowerCase();
      line += have > 0 ? ` 0x${data}` : '';
      if (have < size) line += ` (cut off by the end of the code: ${have} of its ${size} bytes)`;
    }
    lines[k] = line;
  }
  let text = lines.join('\n') + (count > 0 ? '\n' : '');
  let problem: string | undefined;
  if (count < starts.length) {
    problem = `${starts.length - count} more instructions are not listed (the listing stops at ${MAX_LISTED_INSTRUCTIONS})`;
    text += `… ${problem}\n`;
  }
  const cut = count < starts.length;
  return listing(cut ? starts.slice(0, count) : starts, text, cut ? starts[count] : bytes, problem);
}

function listing(pcs: Uint32Array, text: string, bytes: number, problem: string | undefined): Disassembly {
  return {
    pcs,
    text,
    ...(problem !== undefined ? { problem } : {}),
    lineOfPc: (pc: number) => lineOfPc(pcs, bytes, pc),
  };
}
