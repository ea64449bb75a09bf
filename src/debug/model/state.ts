// What the machine held at one entry of a recorded trace: the stack (words, top first, with their
// number and address readings), memory (when it was asked for), and the storage written so far,
// named with the compiler's storage layout when the output has one. Values came from the network:
// shown as text, never trusted as anything else.
import type { OpcodeTrace } from '../opcodes/types';
import type { FrameTable } from './frames';

export interface WordReading {
  /** `0x` + 64 hex. */
  readonly hex: string;
  readonly decimal: string;
  /** `0x` + 40 hex when the word's top 12 bytes are zero (it can be an address). */
  readonly address?: string;
  /** `0.0.n` when that address is a long-zero (entity number) address. */
  readonly entityId?: string;
}

const ZERO_24 = '000000000000000000000000';

/** The readings of a 64-hex word (no `0x`). */
export function readWord(word: string): WordReading {
  const hex = `0x${word}`;
  const decimal = /^[0-9a-f]{64}$/.test(word) ? BigInt(hex).toString(10) : '?';
  if (!word.startsWith(ZERO_24) || word.length !== 64) return { hex, decimal };
  const address = `0x${word.slice(24)}`;
  const entity = word.startsWith('0'.repeat(48)) && word !== '0'.repeat(64) ? BigInt(`0x${word.slice(48)}`) : undefined;
  return { hex, decimal, address, ...(entity !== undefined ? { entityId: `0.0.${entity}` } : {}) };
}

/** The stack after entry `e`, top first (64-hex words, `?` for a word the pool lacks). */
export function stackAt(trace: OpcodeTrace, e: number): string[] {
  const from = trace.stackStart[e];
  const to = trace.stackStart[e + 1];
  const words: string[] = [];
  for (let i = to - 1; i >= from; i--) words.push(trace.words.word(trace.stackWords[i]) ?? '?');
  return words;
}

/** The memory after entry `e` as 32-byte rows, or undefined when the trace has none. */
export function memoryAt(trace: OpcodeTrace, e: number): string[] | undefined {
  if (!trace.memoryStart || !trace.memoryWords) return undefined;
  const rows: string[] = [];
  for (let i = trace.memoryStart[e]; i < trace.memoryStart[e + 1]; i++)
    rows.push(trace.words.word(trace.memoryWords[i]) ?? '?');
  return rows;
}

/**
 * The storage written so far by the code of entry `e`'s frame (the server's view: the contract's
 * written slots), slot → value, both 64 hex. Rebuilt from the frame's own entries' changes.
 */
export function storageAt(trace: OpcodeTrace, frames: FrameTable, e: number): Map<string, string> {
  const frameId = frames.frameOf[e];
  const frame = frames.frames[frameId];
  const slots = new Map<string, string>();
  for (let i = frame.firstEntry; i <= e; i++) {
    if (frames.frameOf[i] !== frameId) continue;
    for (let k = trace.storageStart[i]; k < trace.storageStart[i + 1]; k++) {
      const key = trace.words.word(trace.storageKeys[k]);
      const value = trace.words.word(trace.storageValues[k]);
      // A slot no longer listed comes with no value (NO_WORD): it was dropped from the server's map.
      if (key === undefined) continue;
      if (value === undefined) slots.delete(key);
      else slots.set(key, value);
    }
  }
  return slots;
}

/** Word `fromTop` (0: the top) of the stack after entry `e`, or undefined. */
export function stackWord(trace: OpcodeTrace, e: number, fromTop: number): string | undefined {
  const at = trace.stackStart[e + 1] - 1 - fromTop;
  if (at < trace.stackStart[e]) return undefined;
  return trace.words.word(trace.stackWords[at]);
}

/**
 * The storage of `e`'s frame's account touched so far in the transaction, slot → value (64 hex):
 * what every frame working on that storage (a DELEGATECALL's too) read or wrote up to `e`, from the
 * stacks around each SLOAD (slot before, value after) and SSTORE (slot and value before), over the
 * server's map of written slots. The server lists written slots only; reads are as telling.
 */
export function touchedStorage(trace: OpcodeTrace, frames: FrameTable, e: number): Map<string, string> {
  const own = frames.frames[frames.frameOf[e]];
  const slots = storageAt(trace, frames, e);
  const party = own.storageParty;
  for (let i = 1; i <= e; i++) {
    const frameId = frames.frameOf[i];
    if (frameId !== own.id && (party === undefined || frames.frames[frameId].storageParty !== party)) continue;
    if (frames.frameOf[i - 1] !== frameId) continue;
    const op = trace.opNames[trace.op[i]];
    if (op === 'SLOAD') {
      const slot = stackWord(trace, i - 1, 0);
      const value = stackWord(trace, i, 0);
      if (slot !== undefined && value !== undefined) slots.set(slot, value);
    } else if (op === 'SSTORE') {
      const slot = stackWord(trace, i - 1, 0);
      const value = stackWord(trace, i - 1, 1);
      if (slot !== undefined && value !== undefined) slots.set(slot, value);
    }
  }
  return slots;
}

/**
 * Words the frame wrote to memory before entry `e` (MSTORE's value: the word under the top of the
 * stack before it ran, which is the stack after the entry before). Mapping keys are hashed from
 * memory, and memory is not in the trace: these are the candidates for the keys.
 */
export function storedWords(trace: OpcodeTrace, frames: FrameTable, e: number, limit = 256): string[] {
  const frameId = frames.frameOf[e];
  const frame = frames.frames[frameId];
  const seen = new Set<string>();
  for (let i = frame.firstEntry + 1; i <= e && seen.size < limit; i++) {
    if (frames.frameOf[i] !== frameId || frames.frameOf[i - 1] !== frameId) continue;
    if (trace.opNames[trace.op[i]] !== 'MSTORE') continue;
    const value = stackWord(trace, i - 1, 1);
    if (value !== undefined) seen.add(value);
  }
  return [...seen];
}
