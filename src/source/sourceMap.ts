// solc's source maps: which source range each instruction of the compiled code came from.
// The map is compressed (`s:l:f:j:m` per instruction, `;` between instructions; an empty field, or
// one left off the end, repeats the previous instruction's value), and it counts instructions, not
// bytes: an instruction's index is found by walking the code's PUSH widths. The map and the code
// come from workspace files: both are checked and bounded, and what is not a map is refused with a
// SourceMapError (never another exception).
import type { SourceMapEntry } from './types';

/** The most entries a map may decode to (far beyond any contract: an EVM instruction per entry). */
export const MAX_SOURCE_MAP_ENTRIES = 1_000_000;
/** The longest code `instructionStarts` walks, in bytes (the EVM's limit is 24 KB of runtime code). */
export const MAX_CODE_BYTES = 4 * 1024 * 1024;

/** What decodeSourceMap and instructionStarts throw for input that is not a source map or code. */
export class SourceMapError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceMapError';
  }
}

const COLON = 0x3a;
const SEMICOLON = 0x3b;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
/** Offsets, lengths and ids above this are not solc's (it counts in 32-bit integers). */
const MAX_FIELD_VALUE = 0xffff_ffff;
const FIELD_NAMES = ['start', 'length', 'source id', 'jump', 'modifier depth'];

/** The field's text, for a message: short, so a hostile map cannot make the message large. */
function shown(text: string, from: number, to: number): string {
  const field = text.slice(from, Math.min(to, from + 24));
  return JSON.stringify(to - from > 24 ? `${field}…` : field);
}

/** A decimal field from `from` to `to` (non-empty): a number, or -1 where `allowMinusOne`. */
function parseNumber(text: string, from: number, to: number, allowMinusOne: boolean, where: () => string): number {
  if (allowMinusOne && to - from === 2 && text.charCodeAt(from) === MINUS && text.charCodeAt(from + 1) === ZERO + 1)
    return -1;
  let value = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < ZERO || c > NINE)
      throw new SourceMapError(`${where()} is ${shown(text, from, to)}: not ${allowMinusOne ? '-1 or ' : ''}a number`);
    value = value * 10 + (c - ZERO);
  }
  if (to - from > 10 || value > MAX_FIELD_VALUE)
    throw new SourceMapError(`${where()} is ${shown(text, from, to)}: too large`);
  return value;
}

/**
 * Decompresses a solc source map into one entry per instruction. The empty string is the map of
 * empty code (no entries). Before the first entry every field is "unknown" (-1 for start, length
 * and source id, `-` for the jump, 0 for the modifier depth), as solc's encoder starts.
 * @throws SourceMapError when a field is not what solc writes, an entry has more than five
 *   fields, or the map has more than `maxEntries` entries.
 */
export function decodeSourceMap(compressed: string, maxEntries: number = MAX_SOURCE_MAP_ENTRIES): SourceMapEntry[] {
  if (typeof compressed !== 'string') throw new SourceMapError('a source map is a string');
  const entries: SourceMapEntry[] = [];
  if (compressed.length === 0) return entries;
  let start = -1;
  let length = -1;
  let fileIndex = -1;
  let jump: SourceMapEntry['jump'] = '-';
  let modifierDepth = 0;
  let field = 0;
  let fieldStart = 0;
  const where = () => `source map entry ${entries.length}: the ${FIELD_NAMES[field]}`;
  for (let i = 0; i <= compressed.length; i++) {
    const c = i < compressed.length ? compressed.charCodeAt(i) : SEMICOLON;
    if (c !== COLON && c !== SEMICOLON) continue;
    if (field > 4) throw new SourceMapError(`source map entry ${entries.length} has more than 5 fields`);
    if (i > fieldStart) {
      if (field === 0) start = parseNumber(compressed, fieldStart, i, true, where);
      else if (field === 1) length = parseNumber(compressed, fieldStart, i, true, where);
      else if (field === 2) fileIndex = parseNumber(compressed, fieldStart, i, true, where);
      else if (field === 3) jump = parseJump(compressed, fieldStart, i, where);
      else modifierDepth = parseNumber(compressed, fieldStart, i, false, where);
    }
    fieldStart = i + 1;
    if (c === COLON) {
      field++;
      continue;
    }
    if (entries.length >= maxEntries) throw new SourceMapError(`the source map has more than ${maxEntries} entries`);
    entries.push({ start, length, fileIndex, jump, modifierDepth });
    field = 0;
  }
  return entries;
}

function parseJump(text: string, from: number, to: number, where: () => string): SourceMapEntry['jump'] {
  const c = to - from === 1 ? text[from] : '';
  if (c === 'i' || c === 'o' || c === '-') return c;
  throw new SourceMapError(`${where()} is ${shown(text, from, to)}: not i, o or -`);
}

/** The value of one hex digit's character code, or -1. */
function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

const PUSH1 = 0x60;
const PUSH32 = 0x7f;

/**
 * The byte offset of each instruction of `codeHex` (with or without `0x`), in order: PUSH1..PUSH32
 * (0x60..0x7f) carry 1..32 bytes of data, every other opcode (PUSH0 too) none; a PUSH cut off by
 * the end of the code is still one instruction. Only opcode bytes are read, so unlinked library
 * placeholders (`__$…$__`, always inside a PUSH20's data) are walked over. The source map covers the
 * code solc assembled, not what it writes after it (an INVALID byte and the CBOR metadata, the
 * code of contracts created with `new`): instructions past the map's last entry are those.
 * @throws SourceMapError for an odd number of hex digits, an opcode that is not hex, or code over
 *   MAX_CODE_BYTES.
 */
export function instructionStarts(codeHex: string): Uint32Array {
  if (typeof codeHex !== 'string') throw new SourceMapError('code is a hex string');
  const offset = codeHex.startsWith('0x') || codeHex.startsWith('0X') ? 2 : 0;
  const digits = codeHex.length - offset;
  if (digits % 2 !== 0) throw new SourceMapError(`code has an odd number of hex digits (${digits})`);
  const bytes = digits / 2;
  if (bytes > MAX_CODE_BYTES) throw new SourceMapError(`code of ${bytes} bytes is over the ${MAX_CODE_BYTES} read`);
  const starts = new Uint32Array(bytes);
  let count = 0;
  for (let pc = 0; pc < bytes;) {
    const high = hexDigit(codeHex.charCodeAt(offset + pc * 2));
    const low = hexDigit(codeHex.charCodeAt(offset + pc * 2 + 1));
    if (high < 0 || low < 0) throw new SourceMapError(`the opcode at byte ${pc} is not hex`);
    const opcode = (high << 4) | low;
    starts[count++] = pc;
    pc += opcode >= PUSH1 && opcode <= PUSH32 ? opcode - PUSH1 + 2 : 1;
  }
  return starts.slice(0, count);
}

/**
 * The index of the instruction that starts at byte `pc`, or -1 when none does (a PUSH's data, past
 * the end, not an integer).
 */
export function instructionIndexAt(starts: ArrayLike<number>, pc: number): number {
  if (!Number.isInteger(pc) || pc < 0) return -1;
  let low = 0;
  let high = starts.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = starts[middle];
    if (at === pc) return middle;
    if (at < pc) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * Where one instruction came from: a user source (a file the compiler was given), a source the
 * compiler generated (its Yul helpers, `#utility.yul`: ids from the number of user sources up,
 * listed in `generatedSources`), no source (`f = -1`: code the compiler inserted without a place),
 * or outside the map (an index the map has no entry for: data after the code, or a map that does
 * not belong to this code).
 */
export type InstructionSource =
  | { readonly kind: 'user'; readonly entry: SourceMapEntry }
  | { readonly kind: 'generated'; readonly entry: SourceMapEntry }
  | { readonly kind: 'no-source'; readonly entry: SourceMapEntry }
  | { readonly kind: 'outside'; readonly reason: string };

/**
 * The source of the instruction at `instructionIndex`, classified by its source id: below
 * `userSources` (the number of sources the compiler was given) a user source, from it up a
 * generated one, -1 none.
 */
export function sourceAt(
  entries: readonly SourceMapEntry[],
  instructionIndex: number,
  userSources: number,
): InstructionSource {
  if (!Number.isInteger(instructionIndex) || instructionIndex < 0 || instructionIndex >= entries.length)
    return {
      kind: 'outside',
      reason: `instruction ${instructionIndex} is outside the source map's ${entries.length} entries`,
    };
  const entry = entries[instructionIndex];
  if (entry.fileIndex < 0) return { kind: 'no-source', entry };
  return { kind: entry.fileIndex < userSources ? 'user' : 'generated', entry };
}
