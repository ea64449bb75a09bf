// The words of a trace, each kept once: a 20,000-entry trace lists some 300,000 stack words and
// repeats its storage on every entry, but has only a few thousand distinct words. A word is held as
// eight 32-bit limbs in one Uint32Array and found again through an open-addressing hash table over
// the same limbs, so interning a word read from the network's bytes makes no string and no object.
import type { WordPool } from './types';

/** The index of no word: a placeholder where the trace had something that was not a word. */
export const NO_WORD = 0xffffffff;

/** What `internHex` answers for text that is not a word. */
export const NOT_HEX = -1;
export const LONGER_THAN_32_BYTES = -2;

const LIMBS = 8;
const EMPTY = 0;

let pairTable: Int16Array | undefined;

/** The byte of two hex digits by `(first << 8) | second`, or -1: one lookup per byte of a word. */
function hexPairs(): Int16Array {
  if (pairTable) return pairTable;
  const digit = new Int8Array(256).fill(-1);
  for (let c = 0; c < 10; c++) digit[0x30 + c] = c;
  for (let c = 0; c < 6; c++) digit[0x41 + c] = digit[0x61 + c] = 10 + c;
  const table = new Int16Array(65536).fill(-1);
  for (let a = 0; a < 256; a++) {
    if (digit[a] < 0) continue;
    for (let b = 0; b < 256; b++) if (digit[b] >= 0) table[(a << 8) | b] = (digit[a] << 4) | digit[b];
  }
  pairTable = table;
  return table;
}

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

export class WordStore implements WordPool {
  private limbs = new Uint32Array(LIMBS * 256);
  /** Slot → word index + 1 (0: empty); its length a power of two, at most half full. */
  private table = new Uint32Array(512);
  private count = 0;
  private readonly scratch = new Uint32Array(LIMBS);
  private readonly pairs = hexPairs();
  /** Whether the last `internHex` padded a word shorter than 32 bytes. */
  lastPadded = false;

  get size(): number {
    return this.count;
  }

  /** Bytes held (limbs and table), for the caller's accounting. */
  get byteLength(): number {
    return this.limbs.byteLength + this.table.byteLength;
  }

  word(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return undefined;
    let hex = '';
    for (let k = 0; k < LIMBS; k++) hex += this.limbs[index * LIMBS + k].toString(16).padStart(8, '0');
    return hex;
  }

  /** The index of a word given as hex (`0x` optional, any case, up to 64 digits); undefined when not held. */
  indexOf(hex: string): number | undefined {
    const bytes = new TextEncoder().encode(hex);
    if (this.readHex(bytes, 0, bytes.length) !== 0) return undefined;
    const found = this.find(this.hash());
    return found >= 0 ? found : undefined;
  }

  /** Interns a word given as hex text; the index, or NOT_HEX / LONGER_THAN_32_BYTES. */
  intern(hex: string): number {
    const bytes = new TextEncoder().encode(hex);
    return this.internHex(bytes, 0, bytes.length);
  }

  /**
   * Interns the word written as hex in `buf[start, end)` (`0x` optional, any case; fewer than 64
   * digits are padded on the left, and `lastPadded` says so). Returns its index, NOT_HEX, or
   * LONGER_THAN_32_BYTES.
   */
  internHex(buf: Uint8Array, start: number, end: number): number {
    const read = this.readHex(buf, start, end);
    if (read !== 0) return read;
    const hash = this.hash();
    const found = this.find(hash);
    return found >= 0 ? found : this.add(hash);
  }

  /** Shrinks the limbs to the words held (after the last word is added; interning still works). */
  trim(): void {
    if (this.limbs.length > this.count * LIMBS) this.limbs = this.limbs.slice(0, Math.max(LIMBS, this.count * LIMBS));
  }

  /** Reads hex into `scratch`; 0, NOT_HEX or LONGER_THAN_32_BYTES. */
  private readHex(buf: Uint8Array, start: number, end: number): number {
    let from = start;
    if (end - from >= 2 && buf[from] === 0x30 && (buf[from + 1] | 0x20) === 0x78) from += 2;
    const digits = end - from;
    const s = this.scratch;
    if (digits === 64) {
      const pairs = this.pairs;
      for (let k = 0, p = from; k < LIMBS; k++, p += 8) {
        const b0 = pairs[(buf[p] << 8) | buf[p + 1]];
        const b1 = pairs[(buf[p + 2] << 8) | buf[p + 3]];
        const b2 = pairs[(buf[p + 4] << 8) | buf[p + 5]];
        const b3 = pairs[(buf[p + 6] << 8) | buf[p + 7]];
        if ((b0 | b1 | b2 | b3) < 0) return NOT_HEX;
        s[k] = ((b0 << 24) | (b1 << 16) | (b2 << 8) | b3) >>> 0;
      }
      this.lastPadded = false;
      return 0;
    }
    if (digits > 64) return LONGER_THAN_32_BYTES;
    s.fill(0);
    for (let j = end - 1, nibble = 0; j >= from; j--, nibble++) {
      const d = hexDigit(buf[j]);
      if (d < 0) return NOT_HEX;
      s[LIMBS - 1 - (nibble >> 3)] |= d << ((nibble & 7) * 4);
    }
    this.lastPadded = true;
    return 0;
  }

  private hash(): number {
    const s = this.scratch;
    let h = 0x811c9dc5;
    for (let k = 0; k < LIMBS; k++) h = Math.imul(h ^ s[k], 0x01000193) ^ (h >>> 13);
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    return (h ^ (h >>> 13)) >>> 0;
  }

  /** The index of the word in `scratch`, or -1. */
  private find(hash: number): number {
    const mask = this.table.length - 1;
    const s = this.scratch;
    const limbs = this.limbs;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.table[slot];
      if (entry === EMPTY) return -1;
      const at = (entry - 1) * LIMBS;
      if (
        limbs[at + 7] === s[7] &&
        limbs[at] === s[0] &&
        limbs[at + 1] === s[1] &&
        limbs[at + 2] === s[2] &&
        limbs[at + 3] === s[3] &&
        limbs[at + 4] === s[4] &&
        limbs[at + 5] === s[5] &&
        limbs[at + 6] === s[6]
      )
        return entry - 1;
    }
  }

  private add(hash: number): number {
    const index = this.count++;
    if ((index + 1) * LIMBS > this.limbs.length) {
      const grown = new Uint32Array(this.limbs.length * 2);
      grown.set(this.limbs);
      this.limbs = grown;
    }
    this.limbs.set(this.scratch, index * LIMBS);
    if (this.count * 2 > this.table.length) this.rehash(this.table.length * 2);
    else this.place(hash, index);
    return index;
  }

  private place(hash: number, index: number): void {
    const mask = this.table.length - 1;
    let slot = hash & mask;
    while (this.table[slot] !== EMPTY) slot = (slot + 1) & mask;
    this.table[slot] = index + 1;
  }

  private rehash(size: number): void {
    this.table = new Uint32Array(size);
    const saved = this.scratch.slice();
    for (let index = 0; index < this.count; index++) {
      this.scratch.set(this.limbs.subarray(index * LIMBS, index * LIMBS + LIMBS));
      this.place(this.hash(), index);
    }
    this.scratch.set(saved);
  }
}
