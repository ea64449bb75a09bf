// Which instruction each entry of an opcode trace is. The documented `pc` is "the program
// counter", but a tracer hooked after the instruction (Besu's, which the mirror node runs) reads it
// once the frame has moved on: the next instruction's pc, a taken jump's target, and the
// instruction's own pc only where it stopped or suspended its frame. Both readings are met, so the
// trace itself decides: the reading under which the op names agree with the code's bytes (where
// the code is known), else the one under which the transaction starts at pc 0.
import { OPCODE_NAMES, immediateSize, opcodeByName } from '../opcodes/opTable';
import type { OpcodeTrace } from '../opcodes/types';
import type { FrameTable } from './frames';

/** Instructions after which the frame does not go on at once: their entry keeps its own pc. */
const KEEPS_OWN_PC = new Set([
  'STOP',
  'RETURN',
  'REVERT',
  'SELFDESTRUCT',
  'INVALID',
  'CALL',
  'CALLCODE',
  'DELEGATECALL',
  'STATICCALL',
  'CREATE',
  'CREATE2',
]);

/** Entries checked against the code to choose a reading. */
const CHECKED = 4_000;

export type PcReading = 'own' | 'next';

export interface OwnPcs {
  readonly pcs: Uint32Array;
  readonly reading: PcReading;
}

/** The pcs as the entries' own instructions, whichever way the server wrote them. */
export function ownPcs(
  trace: OpcodeTrace,
  frames: FrameTable,
  codeOf: (frameId: number) => string | undefined,
): OwnPcs {
  const next = fromNextPcs(trace, frames);
  const own = trace.pc;
  const ownScore = agreement(trace, frames, own, codeOf);
  const nextScore = agreement(trace, frames, next, codeOf);
  let reading: PcReading;
  if (ownScore !== nextScore) reading = ownScore > nextScore ? 'own' : 'next';
  else reading = trace.length === 0 || trace.pc[0] === 0 ? 'own' : 'next';
  return { pcs: reading === 'own' ? Uint32Array.from(own) : next, reading };
}

/** Each entry's own pc when the server wrote the pc after the instruction. */
function fromNextPcs(trace: OpcodeTrace, frames: FrameTable): Uint32Array {
  const pcs = new Uint32Array(trace.length);
  const previous = new Int32Array(frames.frames.length).fill(-1);
  for (let e = 0; e < trace.length; e++) {
    const frameId = frames.frameOf[e];
    if (frames.markers[e] === 1) {
      pcs[e] = trace.pc[e];
      continue;
    }
    const p = previous[frameId];
    if (p < 0) pcs[e] = 0;
    else {
      const name = trace.opNames[trace.op[p]] ?? '';
      if (KEEPS_OWN_PC.has(name)) {
        const byte = opcodeByName(name);
        pcs[e] = trace.pc[p] + 1 + (byte === undefined ? 0 : immediateSize(byte));
      } else pcs[e] = trace.pc[p];
    }
    // An instruction that stops or suspends its frame was written with its own pc.
    const name = trace.opNames[trace.op[e]] ?? '';
    if (KEEPS_OWN_PC.has(name)) pcs[e] = trace.pc[e];
    previous[frameId] = e;
  }
  return pcs;
}

/** How many of the first entries with known code name the op the code has at their pc. */
function agreement(
  trace: OpcodeTrace,
  frames: FrameTable,
  pcs: ArrayLike<number>,
  codeOf: (frameId: number) => string | undefined,
): number {
  let agree = 0;
  let checked = 0;
  const codes = new Map<number, string | undefined>();
  for (let e = 0; e < trace.length && checked < CHECKED; e++) {
    const frameId = frames.frameOf[e];
    let code = codes.get(frameId);
    if (!codes.has(frameId)) codes.set(frameId, (code = codeOf(frameId)));
    if (code === undefined) continue;
    checked++;
    const offset = code.startsWith('0x') ? 2 : 0;
    const at = offset + pcs[e] * 2;
    if (at + 2 > code.length) continue;
    const byte = parseInt(code.slice(at, at + 2), 16);
    const name = trace.opNames[trace.op[e]];
    if (OPCODE_NAMES[byte] === name || (name === 'SHA3' && OPCODE_NAMES[byte] === 'KECCAK256')) agree++;
  }
  return agree;
}
