// A contract's storage layout (solc's `storageLayout` output: `storage`, the state variables with
// their slots, and `types`, what each type id means) read from an untrusted compiler-output file.
// The streaming reader takes it field by field, never a whole entry, so one entry cannot be a huge
// value; entries past MAX_LAYOUT_ENTRIES (variables, types and struct members together) are
// skipped unread, and what was cut or malformed is said in a problem. Pure: no Node APIs.
import type { StorageLayout, StorageType, StorageVariable } from './debugTypes';
import type { JsonKey, JsonSelection } from './jsonStream';
import type { JsonPattern } from './jsonPaths';
import { MAX_NAME_CHARS, isRecord } from './outputParts';

/** The most variables, types and struct members read of one layout. */
export const MAX_LAYOUT_ENTRIES = 10_000;
const VARIABLE_FIELDS = ['label', 'slot', 'offset', 'type', 'contract'];
const TYPE_FIELDS = ['encoding', 'label', 'numberOfBytes', 'key', 'value', 'base'];
const ENCODINGS: ReadonlySet<string> = new Set(['inplace', 'mapping', 'dynamic_array', 'bytes']);
/** A decimal number as solc writes slots and sizes: up to 78 digits (2^256). */
const DECIMAL = /^(0|[1-9][0-9]{0,77})$/;
/** solc's type ids all start `t_`: no id can be `__proto__` or another Object member. */
const TYPE_ID = /^t_/;

/** The layout's paths under `at` (the contract's output, or a Foundry artifact's top). */
export function layoutPatterns(at: readonly string[]): JsonPattern[] {
  const base = [...at, 'storageLayout'];
  return [
    ...VARIABLE_FIELDS.map(f => [...base, 'storage', '*', f]),
    ...TYPE_FIELDS.map(f => [...base, 'types', '*', f]),
    ...VARIABLE_FIELDS.map(f => [...base, 'types', '*', 'members', '*', f]),
  ];
}

type Fields = Record<string, unknown>;

function variableOf(raw: Fields | undefined): StorageVariable | undefined {
  if (raw === undefined) return undefined;
  const { label, slot, offset, type, contract } = raw;
  if (typeof label !== 'string' || label.length > MAX_NAME_CHARS) return undefined;
  if (typeof slot !== 'string' || !DECIMAL.test(slot)) return undefined;
  if (!Number.isSafeInteger(offset) || (offset as number) < 0 || (offset as number) > 31) return undefined;
  if (typeof type !== 'string' || type.length > MAX_NAME_CHARS || !TYPE_ID.test(type)) return undefined;
  if (typeof contract !== 'string' || contract.length > MAX_NAME_CHARS) return undefined;
  return { label, slot, offset: offset as number, type, contract };
}

function typeRef(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= MAX_NAME_CHARS && TYPE_ID.test(value) ? value : undefined;
}

/** The layout's reading: wrap the select with `select`, hand the values to `onValue` (relative paths). */
export class StorageLayoutCollector {
  /** Whether the output had a `storageLayout` for the contract (an empty one too). */
  seen = false;
  private entries = 0;
  private cut = false;
  private readonly variables = new Map<number, Fields>();
  private readonly types = new Map<string, { fields: Fields; members: Map<number, Fields> }>();

  /**
   * Asked for each path under the contract (`storageLayout`, …): counts the entries as their
   * values start and says `skip` past MAX_LAYOUT_ENTRIES (and for type ids solc does not write).
   */
  admit(rel: readonly JsonKey[]): JsonSelection | undefined {
    if (rel[0] !== 'storageLayout') return undefined;
    if (rel.length === 1) this.seen = true;
    const entry =
      (rel.length === 3 && (rel[1] === 'storage' || rel[1] === 'types')) ||
      (rel.length === 5 && rel[1] === 'types' && rel[3] === 'members');
    if (!entry) return undefined;
    if (rel[1] === 'types' && (typeof rel[2] !== 'string' || typeRef(rel[2]) === undefined)) return 'skip';
    if (this.entries >= MAX_LAYOUT_ENTRIES) {
      this.cut = true;
      return 'skip';
    }
    this.entries++;
    return undefined;
  }

  /** A field of the layout, at its path relative to the contract (`storageLayout`, `storage`, 3, `slot`). */
  onValue(rel: readonly JsonKey[], value: unknown): void {
    if (rel[1] === 'storage' && rel.length === 4 && typeof rel[2] === 'number') {
      const fields = this.variables.get(rel[2]) ?? {};
      fields[String(rel[3])] = value;
      this.variables.set(rel[2], fields);
      return;
    }
    if (rel[1] !== 'types' || typeof rel[2] !== 'string') return;
    let type = this.types.get(rel[2]);
    if (type === undefined) this.types.set(rel[2], (type = { fields: {}, members: new Map() }));
    if (rel.length === 4) type.fields[String(rel[3])] = value;
    else if (rel.length === 6 && rel[3] === 'members' && typeof rel[4] === 'number') {
      const member = type.members.get(rel[4]) ?? {};
      member[String(rel[5])] = value;
      type.members.set(rel[4], member);
    }
  }

  /** The layout read (undefined when the output had none), and what was wrong with it, in words. */
  finish(): { layout?: StorageLayout; problems: string[] } {
    const problems: string[] = [];
    if (!this.seen) return { problems };
    let malformed = 0;
    const storage: StorageVariable[] = [];
    for (const index of [...this.variables.keys()].sort((a, b) => a - b)) {
      const variable = variableOf(this.variables.get(index));
      if (variable === undefined) malformed++;
      else storage.push(variable);
    }
    const types: Record<string, StorageType> = {};
    for (const [id, raw] of this.types) {
      const type = this.typeOf(raw.fields, raw.members);
      if (type === undefined) malformed++;
      else types[id] = type;
    }
    if (this.cut)
      problems.push(
        `the storage layout has more than ${MAX_LAYOUT_ENTRIES} entries (variables, types and members): only the first ${MAX_LAYOUT_ENTRIES} were read`,
      );
    if (malformed > 0)
      problems.push(
        `${malformed} storage layout entr${malformed === 1 ? 'y is' : 'ies are'} not as solc writes them: left out`,
      );
    const missing = new Set<string>();
    const need = (id: string | undefined) => id !== undefined && !(id in types) && missing.add(id);
    for (const v of storage) need(v.type);
    for (const t of Object.values(types)) {
      [t.key, t.value, t.base].forEach(need);
      for (const m of t.members ?? []) need(m.type);
    }
    if (missing.size > 0 && !this.cut)
      problems.push(`the storage layout names ${missing.size} type(s) it does not describe (${[...missing][0]})`);
    return { layout: { storage, types }, problems };
  }

  private typeOf(fields: Fields, rawMembers: ReadonlyMap<number, Fields>): StorageType | undefined {
    const { encoding, label, numberOfBytes } = fields;
    if (typeof encoding !== 'string' || !ENCODINGS.has(encoding)) return undefined;
    if (typeof label !== 'string' || label.length > MAX_NAME_CHARS) return undefined;
    if (typeof numberOfBytes !== 'string' || !DECIMAL.test(numberOfBytes)) return undefined;
    const refs: Partial<Record<'key' | 'value' | 'base', string>> = {};
    for (const k of ['key', 'value', 'base'] as const) {
      if (fields[k] === undefined) continue;
      const ref = typeRef(fields[k]);
      if (ref === undefined) return undefined;
      refs[k] = ref;
    }
    if (encoding === 'mapping' && (refs.key === undefined || refs.value === undefined)) return undefined;
    if (encoding === 'dynamic_array' && refs.base === undefined) return undefined;
    const members: StorageVariable[] = [];
    for (const index of [...rawMembers.keys()].sort((a, b) => a - b)) {
      const member = variableOf(rawMembers.get(index));
      if (member === undefined) return undefined;
      members.push(member);
    }
    return {
      encoding: encoding as StorageType['encoding'],
      label,
      numberOfBytes,
      ...refs,
      ...(rawMembers.size > 0 ? { members } : {}),
    };
  }
}

/** Whether `value` is a StorageLayout as the collector makes it (what crosses from the worker). */
export function isStorageLayout(value: unknown): value is StorageLayout {
  if (!isRecord(value) || !Array.isArray(value.storage) || !isRecord(value.types)) return false;
  const isVariable = (v: unknown) => isRecord(v) && variableOf(v) !== undefined;
  if (!value.storage.every(isVariable)) return false;
  return Object.values(value.types).every(
    t =>
      isRecord(t) &&
      typeof t.encoding === 'string' &&
      ENCODINGS.has(t.encoding) &&
      typeof t.label === 'string' &&
      typeof t.numberOfBytes === 'string' &&
      (t.members === undefined || (Array.isArray(t.members) && t.members.every(isVariable))),
  );
}
