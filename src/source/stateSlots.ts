// Reading a contract's storage slots for the decoder (src/source/stateDecode.ts walks the layout
// on top of this): words by slot with the bytes each entry explains marked, keccak256 within a
// budget, the slots given in a range (the items of an array too long to list whole), and strings
// and bytes in their short and long forms. Pure; the slots are untrusted.
import type { StorageType } from './debugTypes';
import {
  FULL,
  keccakHex,
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
  /** Bytes of each present slot some entry explained. */
  readonly coverage = new Map<string, number>();
  /** The slots given as numbers, in order: made when an array lists its items by the slots given. */
  private sortedSlots: bigint[] | undefined;
  private readonly noted = new Set<string>();

  constructor(
    /** 64 hex → 64 hex, nonzero values only. */
    readonly words: ReadonlyMap<string, string>,
    readonly problems: string[],
  ) {}

  private get sorted(): bigint[] {
    this.sortedSlots ??= [...this.words.keys()].map(k => BigInt(`0x${k}`)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
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

  /** The word at `slot` (zero when not given), its bytes in `mask` explained. */
  protected read(slot: string, mask: number): string {
    const word = this.words.get(slot);
    if (word === undefined) return ZERO_WORD;
    this.coverage.set(slot, ((this.coverage.get(slot) ?? 0) | mask) >>> 0);
    this.touched++;
    return word;
  }

  /** keccak256 of `hex` as a slot, within the hash budget (undefined past it, said once). */
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
    const here = base.slot.slice(2);
    const word = this.read(here, FULL);
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
      const read = this.longData(here, length);
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
      parts.push(this.read(slotHex(start + BigInt(i)), maskOf(32 - tail, tail)));
    }
    const bytes = length < BigInt(shown * 32) ? Number(length) : shown * 32;
    return parts.join('').slice(0, bytes * 2);
  }
}
