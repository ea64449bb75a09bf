// Storage slots named with the compiler's storage layout: a state variable's own slot is exact; a
// mapping entry's slot is keccak256(key . slot), so its key must be guessed — from the words the
// frame wrote to memory before hashing (the trace has no memory) — and is exact once it matches.
// Slots nothing explains stay raw. Layouts come from workspace files: bounded and checked.
import { keccak256 } from '../../abi/viem';
import type { StorageLayout, StorageType, StorageVariable } from '../../source/debugTypes';
import { readWord } from './state';

export interface NamedSlot {
  /** `totalSupply`, `balanceOf[0x…03ea]`, `allowance[0x…][0x…]`, or `slot 0x…` when not named. */
  readonly name: string;
  /** 64 hex. */
  readonly slot: string;
  /** The value as its type reads (`1000`, `0x…`, `true`), else the word. */
  readonly value: string;
  /** `uint256`, or undefined for a raw slot. */
  readonly type?: string;
  /** The whole 32-byte word (64 hex). */
  readonly word: string;
}

/** Candidate keys tried per mapping level (nested mappings try fewer at the second level). */
const MAX_KEYS = 256;
const MAX_NESTED_KEYS = 32;
const MAX_VARIABLES = 2_000;

function slotHex(value: bigint): string {
  return value.toString(16).padStart(64, '0');
}

function hashOf(key: string, base: string): string {
  return keccak256(`0x${key}${base}`).slice(2);
}

function decimalSlot(text: string): bigint | undefined {
  return /^\d{1,78}$/.test(text) ? BigInt(text) : undefined;
}

/** The part of `word` a variable of `size` bytes at byte `offset` (from the right) holds, read as its type. */
export function readValue(word: string, type: StorageType | undefined, offset = 0): string {
  const size = Math.min(32, Math.max(1, Number(type?.numberOfBytes ?? '32') || 32));
  const end = 64 - offset * 2;
  const part = word.slice(Math.max(0, end - size * 2), end);
  const label = type?.label ?? '';
  if (/^u?int\d*$/.test(label)) {
    const unsigned = BigInt(`0x${part || '0'}`);
    if (label.startsWith('uint')) return unsigned.toString(10);
    const bits = BigInt(size * 8);
    return (unsigned >= 1n << (bits - 1n) ? unsigned - (1n << bits) : unsigned).toString(10);
  }
  if (label === 'bool') return part.endsWith('1') ? 'true' : 'false';
  if (label === 'address' || label.startsWith('contract ') || label === 'address payable')
    return `0x${part.padStart(40, '0')}`;
  return `0x${part}`;
}

/** How a key reads in a name: an address as `0x…`, a number in decimal, else the word. */
function keyText(key: string, type: StorageType | undefined): string {
  const label = type?.label ?? '';
  if (label === 'address' || label.startsWith('contract ')) return readWord(key).address ?? `0x${key}`;
  if (/^uint\d*$/.test(label)) return BigInt(`0x${key}`).toString(10);
  return `0x${key}`;
}

/** Names what it can of `slots` (slot → value, 64 hex) with `layout`; the rest is raw. */
export function nameStorage(
  slots: ReadonlyMap<string, string>,
  layout: StorageLayout | undefined,
  candidates: readonly string[],
): NamedSlot[] {
  const named = new Map<string, NamedSlot>();
  if (layout) {
    const keys = candidates.slice(0, MAX_KEYS);
    for (const variable of layout.storage.slice(0, MAX_VARIABLES)) {
      nameVariable(variable, layout, slots, keys, named);
    }
  }
  const out: NamedSlot[] = [...named.values()];
  for (const [slot, word] of slots) {
    if (!named.has(slot)) out.push({ name: `slot 0x${slot.replace(/^0{1,63}/, '')}`, slot, value: `0x${word}`, word });
  }
  return out;
}

function nameVariable(
  variable: StorageVariable,
  layout: StorageLayout,
  slots: ReadonlyMap<string, string>,
  keys: readonly string[],
  named: Map<string, NamedSlot>,
): void {
  const base = decimalSlot(variable.slot);
  const type = layout.types[variable.type];
  if (base === undefined || !type) return;
  const baseHex = slotHex(base);
  if (type.encoding === 'inplace' || type.encoding === 'bytes') {
    const word = slots.get(baseHex);
    if (word === undefined || named.has(baseHex)) return;
    const value = type.encoding === 'bytes' ? `0x${word}` : readValue(word, type, variable.offset);
    named.set(baseHex, { name: variable.label, slot: baseHex, value, type: type.label, word });
    return;
  }
  if (type.encoding === 'mapping') {
    nameMapping(variable.label, type, baseHex, layout, slots, keys, named, 0);
    return;
  }
  if (type.encoding === 'dynamic_array') {
    const word = slots.get(baseHex);
    if (word !== undefined && !named.has(baseHex))
      named.set(baseHex, {
        name: `${variable.label}.length`,
        slot: baseHex,
        value: BigInt(`0x${word}`).toString(10),
        type: 'uint256',
        word,
      });
  }
}

function nameMapping(
  label: string,
  type: StorageType,
  baseHex: string,
  layout: StorageLayout,
  slots: ReadonlyMap<string, string>,
  keys: readonly string[],
  named: Map<string, NamedSlot>,
  level: number,
): void {
  const keyType = type.key !== undefined ? layout.types[type.key] : undefined;
  const valueType = type.value !== undefined ? layout.types[type.value] : undefined;
  const tried = level === 0 && valueType?.encoding !== 'mapping' ? keys : keys.slice(0, MAX_NESTED_KEYS);
  for (const key of tried) {
    const slot = hashOf(key, baseHex);
    const name = `${label}[${keyText(key, keyType)}]`;
    if (valueType?.encoding === 'mapping' && level === 0) {
      nameMapping(name, valueType, slot, layout, slots, keys, named, level + 1);
      continue;
    }
    const word = slots.get(slot);
    if (word === undefined || named.has(slot)) continue;
    const value = valueType?.encoding === 'inplace' ? readValue(word, valueType) : `0x${word}`;
    named.set(slot, { name, slot, value, ...(valueType ? { type: valueType.label } : {}), word });
  }
}
