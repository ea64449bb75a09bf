// The pieces of storage decoding (src/source/stateDecode.ts walks the layout with them): what a
// decoding is, its limits, the slots and layout members given checked, a value type's bytes in a
// slot read as its type, slot arithmetic modulo 2^256, and the candidate keys of a mapping encoded
// as solc hashes them. Pure; inputs untrusted.
export interface DecodedStateEntry {
  /** Variable name, member name, `[3]`, `[0x…03e9]` (an address key: 0x + 40 hex), `["text"]` for a mapping key recovered. */
  readonly label: string;
  /** solc's type label (`uint256`, `mapping(address => uint256)`, `struct Crowdfund.Pledge`). */
  readonly typeLabel: string;
  /** `0x` + 64 hex. */
  readonly slot: string;
  readonly offset: number;
  /** The exact value as text (value types, strings, bytes); absent for containers. */
  readonly value?: string;
  /** A dynamic array's length, a string's or bytes' length in bytes (decimal). */
  readonly length?: string;
  readonly children?: readonly DecodedStateEntry[];
  /** What could not be decoded or recovered, in words. */
  readonly note?: string;
}

export interface DecodedState {
  readonly variables: readonly DecodedStateEntry[];
  /** Slots the layout does not explain (mapping entries whose key was not recovered among them). */
  readonly unexplained: readonly { readonly slot: string; readonly value: string }[];
  readonly problems: readonly string[];
}

export interface DecodeStateOptions {
  /** Keys tried in mappings: addresses (`0x`+40 hex, `0.0.n`), numbers (bigint, decimal, `0x` hex), strings. */
  readonly mappingKeys?: readonly (string | bigint)[];
  /** The most entries made (variables, members, items, mapping entries together): DEFAULT_MAX_ENTRIES. */
  readonly maxEntries?: number;
}

export const DEFAULT_MAX_ENTRIES = 10_000;
/** Arrays up to this many items list them all; longer ones list the items in the slots given. */
export const LIST_ALL_ITEMS = 256;
/** Candidate keys read of those given. */
export const MAX_CANDIDATE_KEYS = 1_000;
/** Keys tried at each level of a mapping inside a mapping (the tries multiply). */
export const MAX_NESTED_KEYS = 32;
/** keccak256 computations, all mappings and arrays together. */
export const MAX_HASHES = 50_000;
/** Slots read as string or bytes data, all together (512 KiB). */
export const MAX_DATA_SLOTS = 16_384;
/** Slots read of the state given. */
export const MAX_SLOTS = 100_000;
export const MAX_DEPTH = 32;
/** A mask of all 32 bytes of a slot. */
export const FULL = 0xffffffff;
export const ENCODINGS: ReadonlySet<string> = new Set(['inplace', 'mapping', 'dynamic_array', 'bytes']);
export const DECIMAL = /^\d{1,78}$/;

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A variable or struct member as solc writes it, checked. */
export interface Member {
  readonly label: string;
  readonly slot: bigint;
  readonly offset: number;
  readonly type: string;
}

export function memberOf(raw: unknown): Member | undefined {
  if (!isObject(raw)) return undefined;
  const { label, slot, offset, type } = raw;
  if (typeof label !== 'string' || typeof type !== 'string' || typeof slot !== 'string' || !DECIMAL.test(slot))
    return undefined;
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0 || offset > 31) return undefined;
  return { label, slot: BigInt(slot), offset, type };
}

/** Bytes `offset .. offset + size` (from the right) as bits of a mask, bit i = byte i. */
export function maskOf(offset: number, size: number): number {
  return size >= 32 ? FULL : (((1 << size) - 1) << offset) >>> 0;
}

/** The slots given, normalised (slot: `0x` + 64 hex, value: 64 hex, lower case); malformed ones are a problem, not a throw. */
export function readSlots(slots: unknown, problems: string[]): Map<string, string> {
  const words = new Map<string, string>();
  if (!(slots instanceof Map)) {
    problems.push('no slots were given');
    return words;
  }
  let malformed = 0;
  for (const [slot, value] of slots as Map<unknown, unknown>) {
    if (words.size >= MAX_SLOTS) {
      problems.push(`more than ${MAX_SLOTS} slots: only the first ${MAX_SLOTS} are read`);
      break;
    }
    const key = normaliseSlot(slot);
    const word = normaliseWord(value);
    if (key === undefined || word === undefined) malformed++;
    else if (word !== ZERO_WORD) words.set(key, word);
  }
  if (malformed > 0) problems.push(`${malformed} slot(s) not given as 0x and up to 64 hex digits: left out`);
  return words;
}

export function candidatesOf(keys: unknown, problems: string[]): Candidate[] {
  if (!Array.isArray(keys)) return [];
  if (keys.length > MAX_CANDIDATE_KEYS)
    problems.push(`more than ${MAX_CANDIDATE_KEYS} candidate keys: only the first ${MAX_CANDIDATE_KEYS} are tried`);
  return (keys as unknown[])
    .slice(0, MAX_CANDIDATE_KEYS)
    .map(k => (typeof k === 'string' || typeof k === 'bigint' ? readCandidate(k) : undefined))
    .filter((c): c is Candidate => c !== undefined);
}

/** Slots holding bytes no entry explained (`coverage`: the bytes explained of each slot, by `0x` + 64 hex), as one problem. */
export function strayBytes(
  coverage: ReadonlyMap<string, number>,
  words: ReadonlyMap<string, string>,
): string | undefined {
  let count = 0;
  let first: string | undefined;
  for (const [slot, mask] of coverage) {
    if (mask === FULL) continue;
    const word = words.get(slot) ?? ZERO_WORD;
    for (let byte = 0; byte < 32; byte++) {
      // Byte `byte` from the right: hex digits 62 - 2 byte and 63 - 2 byte ('0' is 48).
      if ((mask >>> byte) & 1 || word.charCodeAt(62 - byte * 2) + word.charCodeAt(63 - byte * 2) === 96) continue;
      count++;
      first ??= slot;
      break;
    }
  }
  return first === undefined
    ? undefined
    : `${count} slot(s) hold bytes where the layout places nothing (first ${first}): is the layout of another compilation?`;
}

export const SLOT_MODULUS = 1n << 256n;
export const ZERO_WORD = '0'.repeat(64);

/** `bigint` → 64 hex (no `0x`), modulo 2^256. */
export function slotHex(slot: bigint): string {
  const inRange = slot >= 0n && slot < SLOT_MODULUS ? slot : ((slot % SLOT_MODULUS) + SLOT_MODULUS) % SLOT_MODULUS;
  return inRange.toString(16).padStart(64, '0');
}

const CANONICAL_WORD = /^0x[0-9a-f]{64}$/;

/** A slot as the state gives it (`0x` + up to 64 hex, any case) → `0x` + 64 lower-case hex; else undefined. */
export function normaliseSlot(text: unknown): string | undefined {
  if (typeof text === 'string' && text.length === 66 && CANONICAL_WORD.test(text)) return text;
  const word = normaliseWord(text);
  return word === undefined ? undefined : `0x${word}`;
}

/** A slot or value as the state gives it (`0x` + up to 64 hex, any case) → 64 lower-case hex; else undefined. */
export function normaliseWord(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  // The form the mirror node writes, checked without a match's allocation.
  if (text.length === 66 && CANONICAL_WORD.test(text)) return text.slice(2);
  const match = /^(?:0[xX])?([0-9a-fA-F]{1,64})$/.exec(text);
  return match === null ? undefined : match[1].toLowerCase().padStart(64, '0');
}

/** How a value type reads, by solc's type label. */
export type ValueKind = 'uint' | 'int' | 'bool' | 'address' | 'enum' | 'fixedBytes' | 'raw';

export function valueKind(label: string): ValueKind {
  if (/^uint\d{0,3}$/.test(label)) return 'uint';
  if (/^int\d{0,3}$/.test(label)) return 'int';
  if (label === 'bool') return 'bool';
  if (label === 'address' || label === 'address payable' || label.startsWith('contract ')) return 'address';
  if (label.startsWith('enum ')) return 'enum';
  if (/^bytes\d{1,2}$/.test(label)) return 'fixedBytes';
  // User-defined value types (their label is their name: the underlying type is not in the layout),
  // function types, anything else: the bytes as hex, exact.
  return 'raw';
}

/** The `size` bytes at byte `offset` from the right of `word` (64 hex), as hex. */
export function bytesAt(word: string, offset: number, size: number): string {
  const end = 64 - offset * 2;
  return word.slice(end - size * 2, end);
}

/** A value type's bytes read as its type: decimal numbers, `true`/`false`, `0x…` addresses and bytes. */
export function readValue(part: string, kind: ValueKind): { value: string; note?: string } {
  switch (kind) {
    case 'uint':
    case 'enum':
      // Up to 13 hex digits (52 bits) a double holds exactly.
      return { value: part.length <= 13 ? parseInt(part, 16).toString(10) : BigInt(`0x${part}`).toString(10) };
    case 'int':
      return { value: BigInt.asIntN(part.length * 4, BigInt(`0x${part}`)).toString(10) };
    case 'bool': {
      const n = BigInt(`0x${part}`);
      return n > 1n
        ? { value: 'true', note: `a bool holding ${n}: not 0 or 1 (is the layout of another compilation?)` }
        : { value: n === 1n ? 'true' : 'false' };
    }
    case 'address':
      return { value: `0x${part.padStart(40, '0').slice(-40)}` };
    case 'fixedBytes':
    case 'raw':
      return { value: `0x${part}` };
  }
}

function bytesOfHex(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** The bytes' UTF-8 text, or undefined when they are not UTF-8. */
export function utf8Text(hex: string): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytesOfHex(hex));
  } catch {
    return undefined;
  }
}

/** The UTF-8 bytes of `text`, as hex. */
export function utf8Hex(text: string): string {
  let hex = '';
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

// ---------------------------------------------------------------------------------------------
// Mapping keys

/** A key as solc hashes it: `encoded` hex then the slot; `label` names it in the entry (`[…]`). */
export interface EncodedKey {
  readonly encoded: string;
  readonly label: string;
}

/** A candidate key read every way it can be: as an address, a number, bytes, text. */
export interface Candidate {
  readonly address?: string;
  readonly number?: bigint;
  readonly bytes?: string;
  readonly text?: string;
}

const MAX_KEY_TEXT = 4_096;

/** What a candidate key can be: `0x`+40 hex or `shard.realm.num` an address, digits a number, `0x…` bytes, any text a string key. */
export function readCandidate(key: string | bigint): Candidate | undefined {
  if (typeof key === 'bigint') return { number: key };
  if (typeof key !== 'string' || key.length > MAX_KEY_TEXT) return undefined;
  const text = key;
  const id = /^(\d{1,10})\.(\d{1,20})\.(\d{1,20})$/.exec(key);
  if (id !== null) {
    const [shard, realm, num] = [BigInt(id[1]), BigInt(id[2]), BigInt(id[3])];
    if (shard < 1n << 32n && realm < 1n << 64n && num < 1n << 64n) {
      const address =
        shard.toString(16).padStart(8, '0') + realm.toString(16).padStart(16, '0') + num.toString(16).padStart(16, '0');
      return { address, text };
    }
    return { text };
  }
  if (/^-?\d{1,78}$/.test(key)) return { number: BigInt(key), text };
  const hex = /^0[xX]([0-9a-fA-F]*)$/.exec(key);
  if (hex !== null && hex[1].length % 2 === 0) {
    const bytes = hex[1].toLowerCase();
    return {
      bytes,
      text,
      ...(bytes.length === 40 ? { address: bytes } : {}),
      ...(bytes.length > 0 && bytes.length <= 64 ? { number: BigInt(`0x${bytes}`) } : {}),
    };
  }
  return { text };
}

/** Small numbers always tried as keys of a numeric mapping (indices, ids, enum members). */
export const SMALL_KEYS = 64;

function bitsOf(label: string, prefix: string): number {
  const bits = Number(label.slice(prefix.length) || '256');
  return Number.isInteger(bits) && bits >= 8 && bits <= 256 ? bits : 256;
}

/** The keys of a mapping with key type `label` (`address`, `uint256`, `string`…) among the candidates, each once. */
export function encodeKeys(
  label: string,
  encoding: string,
  candidates: readonly Candidate[],
  limit: number,
): EncodedKey[] {
  const keys = new Map<string, EncodedKey>();
  const add = (encoded: string, keyLabel: string) => {
    if (keys.size < limit && !keys.has(encoded)) keys.set(encoded, { encoded, label: keyLabel });
  };
  if (encoding === 'bytes') {
    for (const c of candidates) {
      if (label === 'string' && c.text !== undefined) add(utf8Hex(c.text), JSON.stringify(c.text));
      if (label !== 'string' && c.bytes !== undefined) add(c.bytes, `0x${c.bytes}`);
    }
    return [...keys.values()];
  }
  const kind = valueKind(label);
  if (kind === 'address') {
    for (const c of candidates) if (c.address !== undefined) add(c.address.padStart(64, '0'), `0x${c.address}`);
  } else if (kind === 'bool') {
    add(slotHex(0n), 'false');
    add(slotHex(1n), 'true');
  } else if (kind === 'fixedBytes') {
    const size = Number(label.slice(5));
    for (const c of candidates) if (c.bytes?.length === size * 2) add(c.bytes.padEnd(64, '0'), `0x${c.bytes}`);
  } else if (kind === 'int') {
    const bits = BigInt(bitsOf(label, 'int'));
    const fits = (n: bigint) => n >= -(1n << (bits - 1n)) && n < 1n << (bits - 1n);
    for (const c of candidates)
      if (c.number !== undefined && fits(c.number)) add(slotHex(c.number), c.number.toString(10));
    for (let n = 0n; n < BigInt(SMALL_KEYS); n++) add(slotHex(n), n.toString(10));
  } else {
    // uintN, enums, user-defined value types: a number, padded on the left.
    const bits = BigInt(kind === 'uint' ? bitsOf(label, 'uint') : 256);
    for (const c of candidates) {
      if (c.number !== undefined && c.number >= 0n && c.number < 1n << bits)
        add(slotHex(c.number), c.number.toString(10));
    }
    for (let n = 0n; n < BigInt(SMALL_KEYS); n++) add(slotHex(n), n.toString(10));
  }
  return [...keys.values()];
}
