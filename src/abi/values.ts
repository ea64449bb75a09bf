// viem's decoded values turned into DecodedValue: every integer a bigint (viem gives a JS number
// up to 48 bits), addresses lowercase with their entity id when long-zero, bytes and strings as
// hex plus text when printable. Strings are decoded as `bytes` (the same encoding) so that invalid
// UTF-8 stays visible as hex instead of turning into replacement characters.
import { parseHex } from './hex';
import { formatEntityId, longZeroToEntityId } from '../ledger/index';
import { paddedText, printableText } from './text';
import type { AbiParameter, DecodedValue, NamedValue } from './types';

const swapped = new WeakMap<readonly AbiParameter[], AbiParameter[]>();

/** The parameters with every `string` read as `bytes` (nested too). Cached per parameter list. */
export function stringsAsBytes(params: readonly AbiParameter[]): AbiParameter[] {
  const cached = swapped.get(params);
  if (cached) return cached;
  const out = params.map(swapOne);
  swapped.set(params, out);
  return out;
}

function swapOne(param: AbiParameter): AbiParameter {
  const type = param.type.replace(/^string(?=\[|$)/, 'bytes');
  if ('components' in param && param.components) {
    return { ...param, type, components: stringsAsBytes(param.components) };
  }
  return { ...param, type };
}

export function namedValues(params: readonly AbiParameter[], values: readonly unknown[]): NamedValue[] {
  return params.map((param, i) => ({ name: param.name ?? '', type: param.type, value: toValue(param, values[i]) }));
}

/** One decoded value, typed by its (original, string-typed) parameter. */
export function toValue(param: AbiParameter, value: unknown): DecodedValue {
  const array = /^(.*)\[\d*\]$/.exec(param.type);
  if (array) {
    const element = { ...param, type: array[1] };
    const items = Array.isArray(value) ? value.map(v => toValue(element, v)) : [];
    return { kind: 'array', type: param.type, items };
  }
  if (param.type === 'tuple') {
    const components: readonly AbiParameter[] = 'components' in param ? param.components : [];
    const fields = components.map((c, i) => {
      const raw: unknown = Array.isArray(value) ? value[i] : (value as Record<string, unknown>)[c.name ?? ''];
      return { name: c.name ?? '', type: c.type, value: toValue(c, raw) };
    });
    return { kind: 'tuple', type: param.type, fields };
  }
  if (param.type === 'bool') return { kind: 'bool', type: 'bool', value: value === true };
  if (param.type === 'address') return address(String(value));
  if (/^u?int\d*$/.test(param.type)) return { kind: 'int', type: param.type, value: BigInt(value as number | bigint) };
  const hex = typeof value === 'string' ? value.toLowerCase() : '0x';
  const parsed = parseHex(hex);
  const bytes = typeof parsed === 'string' ? new Uint8Array(0) : parsed;
  const text = param.type === 'bytes' || param.type === 'string' ? printableText(bytes) : paddedText(bytes);
  return text === undefined ? { kind: 'bytes', type: param.type, hex } : { kind: 'bytes', type: param.type, hex, text };
}

// A trace or a page of results names the same few addresses thousands of times: each address's
// long-zero id is worked out once (bounded: the memo is emptied when it fills).
const ENTITY_IDS = new Map<string, string | null>();
const MAX_REMEMBERED_ADDRESSES = 4096;

function entityIdOf(lower: string): string | undefined {
  let known = ENTITY_IDS.get(lower);
  if (known === undefined) {
    const id = longZeroToEntityId(lower);
    known = id ? formatEntityId(id) : null;
    if (ENTITY_IDS.size >= MAX_REMEMBERED_ADDRESSES) ENTITY_IDS.clear();
    ENTITY_IDS.set(lower, known);
  }
  return known ?? undefined;
}

export function address(value: string): DecodedValue {
  const lower = value.toLowerCase();
  const entityId = entityIdOf(lower);
  return entityId
    ? { kind: 'address', type: 'address', value: lower, entityId }
    : { kind: 'address', type: 'address', value: lower };
}
