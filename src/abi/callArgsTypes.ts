// An ABI parameter's type as a tree the argument reader walks: worked out once per parameter
// object, with the label messages use (`uint96`, `struct Crowdfund.Pledge[]`). Types Ledger Lens
// cannot encode (fixed-point, malformed type text from a hostile artifact, nesting beyond a bound)
// become an `unsupported` node carrying the reason, so nothing downstream throws on them.
import { cut } from '../ledger/text';
import type { IntegerType } from './callArgsScalars';
import { visibleText } from './text';
import type { AbiParameter } from './types';

export interface ArgComponent {
  /** The component's name in the ABI ('' when it has none). */
  readonly name: string;
  readonly type: ArgType;
}

export type ArgType =
  | { readonly kind: 'int'; readonly label: string; readonly int: IntegerType }
  | { readonly kind: 'address' | 'bool' | 'bytes' | 'string' | 'function'; readonly label: string }
  | { readonly kind: 'fixedBytes'; readonly label: string; readonly size: number }
  | { readonly kind: 'array'; readonly label: string; readonly element: ArgType; readonly length: number | null }
  | {
      readonly kind: 'tuple';
      readonly label: string;
      readonly components: readonly ArgComponent[];
      /** Every component has a name, and no two the same: viem then encodes (and decodes) an object. */
      readonly named: boolean;
    }
  | { readonly kind: 'unsupported'; readonly label: string; readonly reason: string };

/** Deepest nesting of arrays and tuples in one parameter's type. */
export const MAX_TYPE_DEPTH = 32;

const INTEGER = /^(u?)int(\d*)$/;
const FIXED_BYTES = /^bytes(\d+)$/;
const FIXED_POINT = /^u?fixed(\d+x\d+)?$/;
const DIGITS = /^\d+$/;

const types = new WeakMap<AbiParameter, ArgType>();

/** The parameter's type tree (cached per parameter object). */
export function argType(param: AbiParameter): ArgType {
  if (typeof param !== 'object' || param === null) return unknownType(String(param));
  let type = types.get(param);
  if (!type) {
    type = build(String(param.type), componentsOf(param), param.internalType, 0);
    types.set(param, type);
  }
  return type;
}

function componentsOf(param: AbiParameter): readonly AbiParameter[] | undefined {
  return 'components' in param && Array.isArray(param.components) ? param.components : undefined;
}

function build(
  type: string,
  components: readonly AbiParameter[] | undefined,
  internal: string | undefined,
  depth: number,
): ArgType {
  if (depth > MAX_TYPE_DEPTH)
    return { kind: 'unsupported', label: shortLabel(type), reason: `nested deeper than ${MAX_TYPE_DEPTH} levels` };
  if (type.endsWith(']')) {
    const open = type.lastIndexOf('[');
    const lengthText = type.slice(open + 1, -1);
    if (open <= 0 || (lengthText !== '' && !DIGITS.test(lengthText))) return unknownType(type);
    const element = build(type.slice(0, open), components, withoutLastSuffix(internal), depth + 1);
    const length = lengthText === '' ? null : Number(lengthText);
    return { kind: 'array', label: `${element.label}${type.slice(open)}`, element, length };
  }
  if (type === 'tuple') return tuple(components, internal, depth);
  const int = INTEGER.exec(type);
  if (int) {
    const bits = int[2] === '' ? 256 : Number(int[2]);
    if (bits < 8 || bits > 256 || bits % 8 !== 0) return unknownType(type);
    return { kind: 'int', label: type, int: { signed: int[1] === '', bits, label: type } };
  }
  const fixed = FIXED_BYTES.exec(type);
  if (fixed) {
    const size = Number(fixed[1]);
    return size >= 1 && size <= 32 ? { kind: 'fixedBytes', label: type, size } : unknownType(type);
  }
  if (type === 'address' || type === 'bool' || type === 'bytes' || type === 'string' || type === 'function') {
    return { kind: type, label: type };
  }
  if (FIXED_POINT.test(type)) {
    return {
      kind: 'unsupported',
      label: type,
      reason: 'fixed-point numbers cannot be encoded (Solidity does not support them either)',
    };
  }
  return unknownType(type);
}

function unknownType(type: string): ArgType {
  return { kind: 'unsupported', label: shortLabel(type), reason: 'not an ABI type Ledger Lens can encode' };
}

/** A name from the ABI as messages show it: cut to 80 characters, its invisible characters visible. */
export function shownName(name: string): string {
  return visibleText(cut(name, 80));
}

/** A type text from the ABI as messages show it: cut, its invisible characters visible. */
function shortLabel(type: string, max = 40): string {
  return visibleText(cut(type, max));
}

function tuple(components: readonly AbiParameter[] | undefined, internal: string | undefined, depth: number): ArgType {
  const label = internal?.startsWith('struct ') ? shortLabel(internal, 80) : 'tuple';
  if (!components) return { kind: 'unsupported', label, reason: 'the ABI gives no components for this tuple' };
  const parts = components.map(c => ({
    name: typeof c.name === 'string' ? c.name : '',
    type: build(String(c.type), componentsOf(c), c.internalType, depth + 1),
  }));
  const names = new Set(parts.map(p => p.name));
  const named = parts.every(p => p.name !== '') && names.size === parts.length;
  return { kind: 'tuple', label, components: parts, named };
}

/** `struct S[2][]` → `struct S[2]` (the element's internal type). */
function withoutLastSuffix(internal: string | undefined): string | undefined {
  if (!internal?.endsWith(']')) return internal;
  return internal.slice(0, internal.lastIndexOf('['));
}

/** Whether the type holds a `function` anywhere (viem has no encoder for it: it travels as bytes24). */
export function holdsFunction(type: ArgType): boolean {
  if (type.kind === 'function') return true;
  if (type.kind === 'array') return holdsFunction(type.element);
  return type.kind === 'tuple' && type.components.some(c => holdsFunction(c.type));
}

const forViemCache = new WeakMap<readonly AbiParameter[], AbiParameter[]>();

/** The parameters as viem encodes them: `function` (an address and a selector) as `bytes24`. */
export function functionsAsBytes24(params: readonly AbiParameter[]): AbiParameter[] {
  const cached = forViemCache.get(params);
  if (cached) return cached;
  const out = params.map((param): AbiParameter => {
    const type = /^function(?=\[|$)/.test(param.type) ? `bytes24${param.type.slice('function'.length)}` : param.type;
    const components = componentsOf(param);
    return components ? { ...param, type, components: functionsAsBytes24(components) } : { ...param, type };
  });
  forViemCache.set(params, out);
  return out;
}
