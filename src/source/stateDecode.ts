// A contract's storage (`GET /contracts/{id}/state`: slot → value) read with solc's storage layout:
// each state variable by name with its exact value. Value types read from their bytes in the slot
// (packed ones at their offset); strings and bytes in the short form (in the slot) or the long form
// (the length in the slot, the data from keccak(slot)); structs and static arrays in place; dynamic
// arrays from keccak(slot); a mapping's entry at keccak(key . slot), so its entries are found only
// for keys tried — the candidates given, addresses the state itself holds, small numbers. Slots
// nothing explains are listed raw. The layout and the slots are untrusted: work is bounded (entries,
// hashes, bytes read), anything that does not fit is said in words, and nothing throws.
import type { StorageLayout, StorageType } from './debugTypes';
import { SlotReader } from './stateSlots';
import {
  bytesAt,
  candidatesOf,
  DECIMAL,
  DEFAULT_MAX_ENTRIES,
  encodeKeys,
  ENCODINGS,
  FULL,
  isObject,
  LIST_ALL_ITEMS,
  maskOf,
  MAX_DEPTH,
  MAX_HASHES,
  MAX_NESTED_KEYS,
  memberOf,
  readSlots,
  readValue,
  slotHex,
  strayBytes,
  valueKind,
  ZERO_WORD,
  type Candidate,
  type EncodedKey,
  type DecodedState,
  type DecodedStateEntry,
  type DecodeStateOptions,
  type Member,
  type ValueKind,
} from './stateDecodeParts';

export { compareStates } from './stateCompare';
export type { DecodedState, DecodedStateEntry, DecodeStateOptions } from './stateDecodeParts';
export { forgetHashes } from './stateSlots';
export {
  DEFAULT_MAX_ENTRIES,
  LIST_ALL_ITEMS,
  MAX_CANDIDATE_KEYS,
  MAX_DATA_SLOTS,
  MAX_HASHES,
  MAX_NESTED_KEYS,
  MAX_SLOTS,
} from './stateDecodeParts';

const ZERO_ADDRESS = `0x${'0'.repeat(40)}`;

class Decoder extends SlotReader {
  private entries = 0;
  private readonly found = new Map<string, Candidate>();
  private candidates: Candidate[] = [];
  private readonly keyCache = new Map<string, EncodedKey[]>();
  /** Each type id checked once (null: not described), with a struct's members read. */
  private readonly typeCache = new Map<string, StorageType | null>();
  private readonly memberCache = new Map<string, { members: Member[]; malformed: number } | null>();
  private readonly kindCache = new Map<string, ValueKind>();

  constructor(
    private readonly types: Record<string, unknown>,
    words: ReadonlyMap<string, string>,
    private readonly given: readonly Candidate[],
    private readonly maxEntries: number,
    problems: string[],
  ) {
    super(words, problems);
    this.candidates = [...given];
  }

  /** Mapping keys can now include the addresses the state holds elsewhere; false when none is new. */
  addFoundCandidates(): boolean {
    const before = this.candidates.length;
    this.candidates = [...this.given, ...this.found.values()];
    this.keyCache.clear();
    return this.candidates.length > before;
  }

  /** Entries made so far, to undo a round of mappings decoded again. */
  get made(): number {
    return this.entries;
  }

  /** A round of mappings decoded again. */
  again = false;

  undoTo(made: number): void {
    this.entries = made;
  }

  typeOf(id: string): StorageType | undefined {
    let type = this.typeCache.get(id);
    if (type === undefined) this.typeCache.set(id, (type = this.checkedType(id) ?? null));
    return type ?? undefined;
  }

  private checkedType(id: string): StorageType | undefined {
    if (!Object.prototype.hasOwnProperty.call(this.types, id)) return undefined;
    const t = this.types[id];
    if (!isObject(t) || typeof t.encoding !== 'string' || !ENCODINGS.has(t.encoding)) return undefined;
    if (typeof t.label !== 'string' || typeof t.numberOfBytes !== 'string' || !DECIMAL.test(t.numberOfBytes))
      return undefined;
    return t as unknown as StorageType;
  }

  /** One entry of type `id` at `slot` and byte `offset`; undefined once the entries run out. */
  decode(
    id: string,
    slot: bigint,
    offset: number,
    label: string,
    depth: number,
    nesting: number,
  ): DecodedStateEntry | undefined {
    if (this.entries >= this.maxEntries) {
      this.problem(`more than ${this.maxEntries} entries: the rest is not listed`);
      return undefined;
    }
    this.entries++;
    const at = `0x${slotHex(slot)}`;
    const type = this.typeOf(id);
    if (type === undefined) {
      const note = 'the layout does not describe this type (is it of another compilation?)';
      return { label, typeLabel: id.slice(0, 200), slot: at, offset, note };
    }
    const base = { label, typeLabel: type.label, slot: at, offset };
    if (depth > MAX_DEPTH) return { ...base, note: `nested more than ${MAX_DEPTH} levels deep: not decoded` };
    if (type.encoding !== 'inplace' && offset !== 0) {
      return {
        ...base,
        note: `a ${type.encoding} value at byte offset ${offset}: it takes whole slots (is the layout of another compilation?)`,
      };
    }
    switch (type.encoding) {
      case 'bytes':
        return this.bytes(base, type);
      case 'dynamic_array':
        return this.dynamicArray(base, type, depth, nesting);
      case 'mapping':
        return this.mapping(base, type, depth, nesting);
      default:
        if (type.members !== undefined || type.label.startsWith('struct '))
          return this.struct(id, base, type, slot, depth, nesting);
        if (type.base !== undefined) return this.staticArray(base, type, slot, depth, nesting);
        return this.value(base, type, offset);
    }
  }

  private value(base: DecodedStateEntry, type: StorageType, offset: number): DecodedStateEntry {
    const size = Number(type.numberOfBytes);
    if (size < 1 || size > 32 || offset + size > 32) {
      return {
        ...base,
        note: `${type.numberOfBytes} bytes at offset ${offset} do not fit a slot (is the layout of another compilation?)`,
      };
    }
    let kind = this.kindCache.get(type.label);
    if (kind === undefined) this.kindCache.set(type.label, (kind = valueKind(type.label)));
    const { value, note } = readValue(bytesAt(this.read(base.slot, maskOf(offset, size)), offset, size), kind);
    if (kind === 'address' && value !== ZERO_ADDRESS) this.found.set(value, { address: value.slice(2) });
    const { label, typeLabel, slot } = base;
    return note === undefined
      ? { label, typeLabel, slot, offset, value }
      : { label, typeLabel, slot, offset, value, note };
  }

  /** A struct type's members, checked once. */
  private membersOf(id: string, type: StorageType): { members: Member[]; malformed: number } | null {
    let known = this.memberCache.get(id);
    if (known === undefined) {
      const raw: unknown = type.members;
      const read = Array.isArray(raw) ? (raw as unknown[]).map(memberOf) : undefined;
      known =
        read === undefined
          ? null
          : {
              members: read.filter((m): m is Member => m !== undefined),
              malformed: read.filter(m => m === undefined).length,
            };
      this.memberCache.set(id, known);
    }
    return known;
  }

  private struct(
    id: string,
    base: DecodedStateEntry,
    type: StorageType,
    slot: bigint,
    depth: number,
    nesting: number,
  ): DecodedStateEntry {
    const known = this.membersOf(id, type);
    if (known === null) return { ...base, note: 'the layout lists no members of this struct' };
    const { members, malformed } = known;
    const children: DecodedStateEntry[] = [];
    for (const member of members) {
      const child = this.decode(member.type, slot + member.slot, member.offset, member.label, depth + 1, nesting);
      if (child === undefined) break;
      children.push(child);
    }
    const note = malformed > 0 ? `${malformed} member(s) not as solc writes them: left out` : undefined;
    return note === undefined ? { ...base, children } : { ...base, children, note };
  }

  private staticArray(
    base: DecodedStateEntry,
    type: StorageType,
    slot: bigint,
    depth: number,
    nesting: number,
  ): DecodedStateEntry {
    const counted = /\[(\d{1,78})\]$/.exec(type.label);
    const itemType = type.base === undefined ? undefined : this.typeOf(type.base);
    if (counted === null || itemType === undefined || type.base === undefined) {
      return { ...base, note: 'an array whose length or item type the layout does not give' };
    }
    const listed = this.items(type.base, itemType, slot, BigInt(counted[1]), depth, nesting);
    return listed.note === undefined
      ? { ...base, children: listed.children }
      : { ...base, children: listed.children, note: listed.note };
  }

  private dynamicArray(base: DecodedStateEntry, type: StorageType, depth: number, nesting: number): DecodedStateEntry {
    const length = BigInt(`0x${this.read(base.slot, FULL)}`);
    const itemType = type.base === undefined ? undefined : this.typeOf(type.base);
    if (itemType === undefined || type.base === undefined) {
      return { ...base, length: length.toString(10), note: 'the layout does not describe the item type' };
    }
    if (length === 0n) return { ...base, length: '0', children: [] };
    const data = this.hash(base.slot.slice(2));
    if (data === undefined) return { ...base, length: length.toString(10), note: 'not decoded: too much work' };
    const listed = this.items(type.base, itemType, data, length, depth, nesting);
    const notes = [
      ...(length >= 1n << 64n
        ? [`a length of ${length}: more than storage holds (is the layout of another compilation?)`]
        : []),
      ...(listed.note === undefined ? [] : [listed.note]),
    ];
    const entry = { ...base, length: length.toString(10), children: listed.children };
    return notes.length === 0 ? entry : { ...entry, note: notes.join('; ') };
  }

  /** The items of an array at `data`: all of them, or those in the slots given when there are many. */
  private items(
    itemId: string,
    itemType: StorageType,
    data: bigint,
    length: bigint,
    depth: number,
    nesting: number,
  ): { children: DecodedStateEntry[]; note?: string } {
    const size = BigInt(itemType.numberOfBytes);
    const packed =
      itemType.encoding === 'inplace' &&
      itemType.members === undefined &&
      itemType.base === undefined &&
      size >= 1n &&
      size <= 32n;
    const perSlot = packed ? 32n / size : 1n;
    const slotsPerItem = packed ? 1n : size <= 32n ? 1n : (size + 31n) / 32n;
    const place = (i: bigint): { slot: bigint; offset: number } =>
      packed
        ? { slot: data + i / perSlot, offset: Number((i % perSlot) * size) }
        : { slot: data + i * slotsPerItem, offset: 0 };
    const children: DecodedStateEntry[] = [];
    const room = BigInt(Math.max(0, this.maxEntries - this.entries));
    let indices: bigint[];
    let note: string | undefined;
    if (length <= BigInt(LIST_ALL_ITEMS) && length <= room) {
      indices = [];
      for (let i = 0n; i < length; i++) indices.push(i);
    } else {
      const totalSlots = packed ? (length + perSlot - 1n) / perSlot : length * slotsPerItem;
      const present = this.itemsIn(
        data,
        totalSlots,
        packed ? perSlot : 1n,
        packed ? 1n : slotsPerItem,
        length,
        this.maxEntries,
      );
      indices = present;
      note = `${length} items: only the ${present.length} in the slots given are listed`;
    }
    for (const i of indices) {
      const { slot, offset } = place(i);
      const child = this.decode(itemId, slot, offset, `[${i}]`, depth + 1, nesting);
      if (child === undefined) break;
      children.push(child);
    }
    return note === undefined ? { children } : { children, note };
  }

  private mapping(base: DecodedStateEntry, type: StorageType, depth: number, nesting: number): DecodedStateEntry {
    const keyType = type.key === undefined ? undefined : this.typeOf(type.key);
    if (keyType === undefined || type.value === undefined)
      return { ...base, note: 'the layout does not describe its key or value type' };
    // At the top every candidate (the hash budget bounds the work); inside a mapping the tries multiply.
    const limit = nesting > 0 ? MAX_NESTED_KEYS : MAX_HASHES;
    const cacheKey = `${type.key}|${limit}`;
    let keys = this.keyCache.get(cacheKey);
    if (keys === undefined) {
      keys = encodeKeys(keyType.label, keyType.encoding, this.candidates, limit);
      this.keyCache.set(cacheKey, keys);
    }
    const here = base.slot.slice(2);
    const children: DecodedStateEntry[] = [];
    for (const key of keys) {
      // Once every slot given is explained, no key can find another entry: stop hashing (not in a
      // round decoded again, where a mapping later in the layout must find its entries again).
      if (this.entries >= this.maxEntries || (this.allExplained && !this.again)) break;
      const entrySlot = this.hash(key.encoded + here);
      if (entrySlot === undefined) break;
      const [entriesBefore, touchedBefore] = [this.entries, this.touched];
      const child = this.decode(type.value, entrySlot, 0, `[${key.label}]`, depth + 1, nesting + 1);
      if (child !== undefined && this.touched > touchedBefore) children.push(child);
      else this.entries = entriesBefore;
    }
    return { ...base, children };
  }
}

/** slots: `0x`+64-hex slot → `0x`+64-hex value (as /contracts/{id}/state gives them, normalised). Candidate mapping keys (addresses, numbers, strings) recover entries. Never throws. */
export function decodeState(
  layout: StorageLayout,
  slots: ReadonlyMap<string, string>,
  options: DecodeStateOptions = {},
): DecodedState {
  const problems: string[] = [];
  const words = readSlots(slots, problems);
  try {
    const raw: unknown = layout;
    if (!isObject(raw) || !Array.isArray(raw.storage) || !isObject(raw.types)) {
      problems.push('the storage layout is not as solc writes it: nothing decoded');
      return {
        variables: [],
        unexplained: [...words].map(([s, v]) => ({ slot: s, value: `0x${v}` })),
        problems,
      };
    }
    const requested = options.maxEntries;
    const maxEntries =
      Number.isSafeInteger(requested) && (requested as number) > 0 ? (requested as number) : DEFAULT_MAX_ENTRIES;
    const decoder = new Decoder(raw.types, words, candidatesOf(options.mappingKeys, problems), maxEntries, problems);
    const variables = decodeVariables(decoder, raw.storage as unknown[]);
    const unexplained = [...words.keys()]
      .filter(s => !decoder.coverage.has(s))
      .sort()
      .map(s => ({ slot: s, value: `0x${words.get(s) ?? ZERO_WORD}` }));
    const stray = strayBytes(decoder.coverage, words);
    if (stray !== undefined) problems.push(stray);
    if (unexplained.length > 0) {
      problems.push(
        `${unexplained.length} slot(s) the layout does not explain: entries of mappings whose keys were not among those tried, or a layout of another compilation`,
      );
    }
    return { variables, unexplained, problems };
  } catch (e) {
    problems.push(`the state could not be decoded: ${e instanceof Error ? e.message : String(e)}`);
    return { variables: [], unexplained: [...words].map(([s, v]) => ({ slot: s, value: `0x${v}` })), problems };
  }
}

/** Rounds of mappings: again while they hold addresses not yet tried as keys and slots are left. */
const MAPPING_ROUNDS = 3;

/**
 * Everything but mappings first, so the addresses they hold are tried as mapping keys; then the
 * mappings, again while their entries hold addresses not yet tried and slots are left unexplained
 * (an allowance's spender found in another mapping's value).
 */
function decodeVariables(decoder: Decoder, storage: readonly unknown[]): DecodedStateEntry[] {
  const members = storage.map(memberOf);
  const malformed = members.filter(m => m === undefined).length;
  if (malformed > 0) decoder.problems.push(`${malformed} variable(s) of the layout not as solc writes them: left out`);
  const decoded = new Map<number, DecodedStateEntry>();
  const isMapping = (m: Member) => decoder.typeOf(m.type)?.encoding === 'mapping';
  for (const [i, m] of members.entries()) {
    if (m === undefined || isMapping(m)) continue;
    const entry = decoder.decode(m.type, m.slot, m.offset, m.label, 0, 0);
    if (entry !== undefined) decoded.set(i, entry);
  }
  const made = decoder.made;
  for (let round = 0; round < MAPPING_ROUNDS; round++) {
    if (!decoder.addFoundCandidates() && round > 0) break;
    decoder.undoTo(made);
    decoder.again = round > 0;
    for (const [i, m] of members.entries()) {
      if (m === undefined || !isMapping(m)) continue;
      const entry = decoder.decode(m.type, m.slot, m.offset, m.label, 0, 0);
      if (entry !== undefined) decoded.set(i, entry);
    }
    if (decoder.allExplained) break;
  }
  return [...decoded.entries()].sort(([a], [b]) => a - b).map(([, e]) => e);
}
