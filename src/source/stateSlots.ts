// Reading a contract's storage slots for the decoder (src/source/stateDecode.ts walks the layout
// on top of this): words by slot with the bytes each entry explains marked, keccak256 within a
// budget, the slots given in a range (the items of an array too long to list whole), and strings
// and bytes in their short and long forms. Pure; the slots are untrusted.
import type { StorageType } from './debugTypes';
import {
  FULL,
  maskOf,
  MAX_DATA_SLOTS,
  MAX_HASHES,
  slotHex,
  SLOT_MODULUS,
  utf8Text,
  ZERO_WORD,
  type DecodedStateEntry,
} from './stateDecodeParts';

export class SlotReader {
  protected hashes = 0;
  private dataSlots = 0;
  /** Present slots read so far: a mapping entry is kept only when reading it read one. */
  protected touched = 0;
  /** Bytes of each present slot some entry explained, by slot (`0x` + 64 hex). */
  readonly coverage = new Map<string, number>();
  /** The slots given as numbers, in order: made when an array lists its items by the slots given. */
  private sortedSlots: bigint[] | undefined;
  private readonly noted = new Set<string>();

  constructor(
    /** `0x` + 64 hex → 64 hex, nonzero values only. */
    readonly words: ReadonlyMap<string, string>,
    readonly problems: string[],
  ) {}

  private get sorted(): bigint[] {
    this.sortedSlots ??= [...this.words.keys()].map(k => BigInt(k)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return this.sortedSlots;
  }

  /** A problem said once. */
  problem(text: string): void {
    if (!this.noted.has(text)) {
      this.noted.add(text);
      this.problems.push(text);
    }
  }

  get allExplained(): boolean {
    return this.coverage.size >= this.words.size;
  }

  /** The word at `slot` (`0x` + 64 hex; zero when not given), its bytes in `mask` explained. */
  protected read(slot: string, mask: number): string {
    const word = this.words.get(slot);
    if (word === undefined) return ZERO_WORD;
    this.coverage.set(slot, ((this.coverage.get(slot) ?? 0) | mask) >>> 0);
    this.touched++;
    return word;
  }

  /** keccak256 of `hex` (no `0x`) as a slot, within the hash budget (undefined past it, said once). */
  protected hash(hex: string): bigint | undefined {
    if (this.hashes >= MAX_HASHES) {
      this.problem(
        `more than ${MAX_HASHES} keccak256 hashes needed: the rest of the mappings and arrays is not decoded`,
      );
      return undefined;
    }
    this.hashes++;
    return BigInt(`0x${keccakHex(hex)}`);
  }

  /** Indices of the items with a slot among those given in `data .. data + count` (modulo 2^256). */
  protected itemsIn(
    data: bigint,
    count: bigint,
    perSlot: bigint,
    slotsPerItem: bigint,
    length: bigint,
    limit: number,
  ): bigint[] {
    const indices = new Set<bigint>();
    const start = data % SLOT_MODULUS;
    const end = start + (count < SLOT_MODULUS ? count : SLOT_MODULUS);
    const ranges: [bigint, bigint][] =
      end > SLOT_MODULUS
        ? [
            [start, SLOT_MODULUS],
            [0n, end - SLOT_MODULUS],
          ]
        : [[start, end]];
    for (const [lo, hi] of ranges) {
      for (let k = this.lowerBound(lo); k < this.sorted.length && this.sorted[k] < hi; k++) {
        const distance = (this.sorted[k] - start + SLOT_MODULUS) % SLOT_MODULUS;
        if (perSlot > 1n) {
          for (let j = 0n; j < perSlot && distance * perSlot + j < length; j++) indices.add(distance * perSlot + j);
        } else {
          indices.add(distance / slotsPerItem);
        }
        if (indices.size > limit) break;
      }
    }
    return [...indices].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  private lowerBound(value: bigint): number {
    let [lo, hi] = [0, this.sorted.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid] < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** A string or bytes: the short form in the slot, or the long form's data from keccak(slot). */
  protected bytes(base: DecodedStateEntry, type: StorageType): DecodedStateEntry {
    const word = this.read(base.slot, FULL);
    const last = parseInt(word.slice(62), 16);
    const notes: string[] = [];
    let data: string;
    let length: bigint;
    if ((last & 1) === 0) {
      // Short form: the data in the slot's high-order bytes, the length times two in the lowest.
      length = BigInt(last >> 1);
      if (length > 31n) {
        notes.push(
          `a short ${type.label} claiming ${length} bytes: at most 31 fit (is the layout of another compilation?)`,
        );
        length = 31n;
      }
      data = word.slice(0, Number(length) * 2);
      if (!/^0*$/.test(word.slice(Number(length) * 2, 62)))
        notes.push('bytes after its end are not zero (is the layout of another compilation?)');
    } else {
      length = (BigInt(`0x${word}`) - 1n) / 2n;
      if (length < 32n)
        notes.push(
          `the long form holding ${length} bytes: solc keeps fewer than 32 in the slot (is the layout of another compilation?)`,
        );
      const touched = this.touched;
      const read = this.longData(base.slot.slice(2), length);
      if (read === undefined) return { ...base, length: length.toString(10), note: 'not decoded: too much work' };
      data = read;
      // The state lists only nonzero slots: data entirely absent is zero bytes, which solc could
      // store but a slot read with the wrong layout makes far more often.
      if (this.touched === touched && length > 0n) {
        notes.push('none of its data is in the state given: all zero bytes (is the layout of another compilation?)');
      }
      if (BigInt(data.length / 2) < length) notes.push(`${length} bytes: only the first ${data.length / 2} are shown`);
    }
    let value = `0x${data}`;
    if (type.label === 'string') {
      const text = utf8Text(data);
      if (text === undefined) notes.push('not UTF-8 text: shown as hex');
      else value = text;
    }
    const entry = { ...base, value, length: length.toString(10) };
    return notes.length === 0 ? entry : { ...entry, note: notes.join('; ') };
  }

  /** A long string's or bytes' data from keccak(slot), as far as the data budget goes. */
  private longData(here: string, length: bigint): string | undefined {
    const start = this.hash(here);
    if (start === undefined) return undefined;
    const slots = (length + 31n) / 32n;
    const room = BigInt(Math.max(0, MAX_DATA_SLOTS - this.dataSlots));
    if (slots > room) this.problem(`more than ${MAX_DATA_SLOTS} slots of string and bytes data: the rest is not read`);
    const shown = Number(slots < room ? slots : room);
    this.dataSlots += shown;
    const parts: string[] = [];
    for (let i = 0; i < shown; i++) {
      const tail = i === shown - 1 && BigInt(shown) === slots ? Number(length - 32n * BigInt(i)) : 32;
      parts.push(this.read(`0x${slotHex(start + BigInt(i))}`, maskOf(32 - tail, tail)));
    }
    const bytes = length < BigInt(shown * 32) ? Number(length) : shown * 32;
    return parts.join('').slice(0, bytes * 2);
  }
}

// ---------------------------------------------------------------------------------------------
// keccak256
//
// Keccak-f[1600] on 32-bit halves of its lanes with the steps written out: a decoding's dearest
// step is one hash per mapping entry, and a general-purpose hash object (viem's, noble's) costs
// several times as much per short input. The decoding tests place mapping entries and array data
// with viem's keccak256, so a wrong hash here fails them.

const ROUND_LOW = new Int32Array(24);
const ROUND_HIGH = new Int32Array(24);
for (let round = 0, r = 1; round < 24; round++) {
  for (let j = 0; j < 7; j++) {
    r = ((r << 1) ^ ((r >> 7) * 0x71)) % 256;
    const bit = (1 << j) - 1;
    if (r & 2 && bit < 32) ROUND_LOW[round] |= 1 << bit;
    else if (r & 2) ROUND_HIGH[round] |= 1 << (bit - 32);
  }
}

/** Rho and pi: each lane rotated (none by 0 or 32 but the first, which stays) and moved, written out. */
function rhoPi(s: Int32Array, b: Int32Array): void {
  b[0] = s[0];
  b[1] = s[1];
  b[20] = (s[2] << 1) | (s[3] >>> 31);
  b[21] = (s[3] << 1) | (s[2] >>> 31);
  b[40] = (s[5] << 30) | (s[4] >>> 2);
  b[41] = (s[4] << 30) | (s[5] >>> 2);
  b[10] = (s[6] << 28) | (s[7] >>> 4);
  b[11] = (s[7] << 28) | (s[6] >>> 4);
  b[30] = (s[8] << 27) | (s[9] >>> 5);
  b[31] = (s[9] << 27) | (s[8] >>> 5);
  b[32] = (s[11] << 4) | (s[10] >>> 28);
  b[33] = (s[10] << 4) | (s[11] >>> 28);
  b[2] = (s[13] << 12) | (s[12] >>> 20);
  b[3] = (s[12] << 12) | (s[13] >>> 20);
  b[22] = (s[14] << 6) | (s[15] >>> 26);
  b[23] = (s[15] << 6) | (s[14] >>> 26);
  b[42] = (s[17] << 23) | (s[16] >>> 9);
  b[43] = (s[16] << 23) | (s[17] >>> 9);
  b[12] = (s[18] << 20) | (s[19] >>> 12);
  b[13] = (s[19] << 20) | (s[18] >>> 12);
  b[14] = (s[20] << 3) | (s[21] >>> 29);
  b[15] = (s[21] << 3) | (s[20] >>> 29);
  b[34] = (s[22] << 10) | (s[23] >>> 22);
  b[35] = (s[23] << 10) | (s[22] >>> 22);
  b[4] = (s[25] << 11) | (s[24] >>> 21);
  b[5] = (s[24] << 11) | (s[25] >>> 21);
  b[24] = (s[26] << 25) | (s[27] >>> 7);
  b[25] = (s[27] << 25) | (s[26] >>> 7);
  b[44] = (s[29] << 7) | (s[28] >>> 25);
  b[45] = (s[28] << 7) | (s[29] >>> 25);
  b[46] = (s[31] << 9) | (s[30] >>> 23);
  b[47] = (s[30] << 9) | (s[31] >>> 23);
  b[16] = (s[33] << 13) | (s[32] >>> 19);
  b[17] = (s[32] << 13) | (s[33] >>> 19);
  b[36] = (s[34] << 15) | (s[35] >>> 17);
  b[37] = (s[35] << 15) | (s[34] >>> 17);
  b[6] = (s[36] << 21) | (s[37] >>> 11);
  b[7] = (s[37] << 21) | (s[36] >>> 11);
  b[26] = (s[38] << 8) | (s[39] >>> 24);
  b[27] = (s[39] << 8) | (s[38] >>> 24);
  b[28] = (s[40] << 18) | (s[41] >>> 14);
  b[29] = (s[41] << 18) | (s[40] >>> 14);
  b[48] = (s[42] << 2) | (s[43] >>> 30);
  b[49] = (s[43] << 2) | (s[42] >>> 30);
  b[18] = (s[45] << 29) | (s[44] >>> 3);
  b[19] = (s[44] << 29) | (s[45] >>> 3);
  b[38] = (s[47] << 24) | (s[46] >>> 8);
  b[39] = (s[46] << 24) | (s[47] >>> 8);
  b[8] = (s[48] << 14) | (s[49] >>> 18);
  b[9] = (s[49] << 14) | (s[48] >>> 18);
}

const STATE = new Int32Array(50);
const MOVED = new Int32Array(50);

function keccakF(s: Int32Array): void {
  const b = MOVED;
  for (let round = 0; round < 24; round++) {
    // Theta: each column's parity into its neighbours.
    const c0 = s[0] ^ s[10] ^ s[20] ^ s[30] ^ s[40],
      c1 = s[1] ^ s[11] ^ s[21] ^ s[31] ^ s[41];
    const c2 = s[2] ^ s[12] ^ s[22] ^ s[32] ^ s[42],
      c3 = s[3] ^ s[13] ^ s[23] ^ s[33] ^ s[43];
    const c4 = s[4] ^ s[14] ^ s[24] ^ s[34] ^ s[44],
      c5 = s[5] ^ s[15] ^ s[25] ^ s[35] ^ s[45];
    const c6 = s[6] ^ s[16] ^ s[26] ^ s[36] ^ s[46],
      c7 = s[7] ^ s[17] ^ s[27] ^ s[37] ^ s[47];
    const c8 = s[8] ^ s[18] ^ s[28] ^ s[38] ^ s[48],
      c9 = s[9] ^ s[19] ^ s[29] ^ s[39] ^ s[49];
    const d0 = c8 ^ ((c2 << 1) | (c3 >>> 31)),
      d1 = c9 ^ ((c3 << 1) | (c2 >>> 31));
    const d2 = c0 ^ ((c4 << 1) | (c5 >>> 31)),
      d3 = c1 ^ ((c5 << 1) | (c4 >>> 31));
    const d4 = c2 ^ ((c6 << 1) | (c7 >>> 31)),
      d5 = c3 ^ ((c7 << 1) | (c6 >>> 31));
    const d6 = c4 ^ ((c8 << 1) | (c9 >>> 31)),
      d7 = c5 ^ ((c9 << 1) | (c8 >>> 31));
    const d8 = c6 ^ ((c0 << 1) | (c1 >>> 31)),
      d9 = c7 ^ ((c1 << 1) | (c0 >>> 31));
    for (let y = 0; y < 50; y += 10) {
      s[y] ^= d0;
      s[y + 1] ^= d1;
      s[y + 2] ^= d2;
      s[y + 3] ^= d3;
      s[y + 4] ^= d4;
      s[y + 5] ^= d5;
      s[y + 6] ^= d6;
      s[y + 7] ^= d7;
      s[y + 8] ^= d8;
      s[y + 9] ^= d9;
    }
    rhoPi(s, b);
    // Chi, row by row; then iota.
    for (let y = 0; y < 50; y += 10) {
      const b0 = b[y],
        b1 = b[y + 1],
        b2 = b[y + 2],
        b3 = b[y + 3],
        b4 = b[y + 4];
      const b5 = b[y + 5],
        b6 = b[y + 6],
        b7 = b[y + 7],
        b8 = b[y + 8],
        b9 = b[y + 9];
      s[y] = b0 ^ (~b2 & b4);
      s[y + 1] = b1 ^ (~b3 & b5);
      s[y + 2] = b2 ^ (~b4 & b6);
      s[y + 3] = b3 ^ (~b5 & b7);
      s[y + 4] = b4 ^ (~b6 & b8);
      s[y + 5] = b5 ^ (~b7 & b9);
      s[y + 6] = b6 ^ (~b8 & b0);
      s[y + 7] = b7 ^ (~b9 & b1);
      s[y + 8] = b8 ^ (~b0 & b2);
      s[y + 9] = b9 ^ (~b1 & b3);
    }
    s[0] ^= ROUND_LOW[round];
    s[1] ^= ROUND_HIGH[round];
  }
}

const NIBBLE = new Int32Array(128);
for (let i = 0; i < 16; i++) {
  NIBBLE['0123456789abcdef'.charCodeAt(i)] = i;
  NIBBLE['0123456789ABCDEF'.charCodeAt(i)] = i;
}
const BYTE_HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
/** Bytes absorbed per permutation. */
const RATE = 136;

/** keccak256 of the bytes `hex` spells (even length, hex digits, no `0x`), as 64 hex. */
export function keccak256Hex(hex: string): string {
  const length = hex.length >> 1;
  const s = STATE;
  s.fill(0);
  const blocks = Math.floor(length / RATE) + 1;
  for (let block = 0, at = 0; block < blocks; block++) {
    for (let word = 0; word < RATE / 4; word++) {
      let value = 0;
      for (let k = 0; k < 32; k += 8, at++) {
        // The message's bytes, then the padding: 0x01 after them, 0x80 in the last byte of the last block.
        if (at < length) value |= ((NIBBLE[hex.charCodeAt(2 * at)] << 4) | NIBBLE[hex.charCodeAt(2 * at + 1)]) << k;
        else if (at === length) value |= 1 << k;
      }
      if (block === blocks - 1 && word === RATE / 4 - 1) value |= 0x80 << 24;
      s[word] ^= value;
    }
    keccakF(s);
  }
  let out = '';
  for (let word = 0; word < 8; word++) {
    const w = s[word];
    out += BYTE_HEX[w & 255] + BYTE_HEX[(w >>> 8) & 255] + BYTE_HEX[(w >>> 16) & 255] + BYTE_HEX[w >>> 24];
  }
  return out;
}

/**
 * The hashes computed lately, by input: a state read page by page is decoded again after each page,
 * and two moments compared share their keys, so most hashes recur. Bounded: forgotten whole when
 * full (about 2 MB).
 */
const hashMemo = new Map<string, string>();
const MAX_REMEMBERED_HASHES = 8_192;

/** keccak256 of the bytes `hex` spells (no `0x`), as 64 hex, remembered. */
export function keccakHex(hex: string): string {
  let hash = hashMemo.get(hex);
  if (hash === undefined) {
    hash = keccak256Hex(hex);
    if (hashMemo.size >= MAX_REMEMBERED_HASHES) hashMemo.clear();
    hashMemo.set(hex, hash);
  }
  return hash;
}

/** Forgets the hashes remembered (for a measurement of a first decoding). */
export function forgetHashes(): void {
  hashMemo.clear();
}
