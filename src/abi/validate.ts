// A bounds check of ABI-encoded data against its types, run before the data reaches the decoder.
// It follows every offset and length the data claims, so it can say *where* data is bad
// ("argument 2 (amount): offset beyond the data"), and it caps the work: how many values, how many
// bytes of `bytes`/`string`, how deep. Data that passes decodes in bounded time and memory; data
// whose offsets all point at one shared tail (a classic amplification) runs out of budget here.
import type { AbiParameter } from './types';

export const LIMITS = {
  /**
   * Values visited, counting each time a shared tail is visited again. Also never more than the
   * data has words (plus a few): an honest encoding spends at least one word on every value, so
   * only tails shared by several offsets (which the Solidity encoder never writes) exceed it.
   */
  maxValues: 10_000,
  /** Total bytes of `bytes` and `string` values. */
  maxBytes: 256 * 1024,
  maxDepth: 32,
} as const;

type Node =
  | { readonly kind: 'word' }
  | { readonly kind: 'bytes' }
  | {
      readonly kind: 'array';
      readonly element: Node;
      readonly length: number | null;
      readonly dynamic: boolean;
      readonly size: number;
    }
  | { readonly kind: 'tuple'; readonly components: readonly Node[]; readonly dynamic: boolean; readonly size: number };

const nodes = new WeakMap<object, Node>();

/** The type tree of a parameter; `size` is the static encoding's length, or 32 (an offset) if dynamic. */
export function typeNode(param: AbiParameter): Node {
  const cached = nodes.get(param);
  if (cached) return cached;
  const node = build(param.type, 'components' in param ? param.components : undefined);
  nodes.set(param, node);
  return node;
}

function build(type: string, components: readonly AbiParameter[] | undefined): Node {
  const array = /^(.*)\[(\d*)\]$/.exec(type);
  if (array) {
    const element = build(array[1], components);
    const length = array[2] === '' ? null : Number(array[2]);
    const dynamic = length === null || (isDynamic(element) && length > 0);
    return { kind: 'array', element, length, dynamic, size: dynamic ? 32 : (length ?? 0) * sizeOf(element) };
  }
  if (type === 'tuple') {
    const parts = (components ?? []).map(typeNode);
    const dynamic = parts.some(isDynamic);
    return { kind: 'tuple', components: parts, dynamic, size: dynamic ? 32 : parts.reduce((s, p) => s + sizeOf(p), 0) };
  }
  return type === 'bytes' || type === 'string' ? { kind: 'bytes' } : { kind: 'word' };
}

function isDynamic(node: Node): boolean {
  return node.kind === 'bytes' || ((node.kind === 'array' || node.kind === 'tuple') && node.dynamic);
}

function sizeOf(node: Node): number {
  return node.kind === 'word' || node.kind === 'bytes' ? 32 : node.size;
}

interface State {
  readonly data: Uint8Array;
  readonly maxValues: number;
  values: number;
  bytes: number;
}

class Bad extends Error {}

/**
 * Checks `data` (without a selector) as the encoding of `params`. Returns undefined when it can be
 * decoded within {@link LIMITS}, or the reason it cannot, naming the argument.
 * `label` names the items in the reason: "argument", "output", "field".
 */
export function checkEncoding(
  params: readonly AbiParameter[],
  data: Uint8Array,
  label = 'argument',
): string | undefined {
  const maxValues = Math.min(LIMITS.maxValues, Math.ceil(data.length / 32) + 8);
  const state: State = { data, maxValues, values: 0, bytes: 0 };
  let head = 0;
  for (let i = 0; i < params.length; i++) {
    const node = typeNode(params[i]);
    try {
      visit(node, 0, head, 0, state);
    } catch (error) {
      if (!(error instanceof Bad)) throw error;
      const name = params[i].name ? ` (${params[i].name})` : '';
      return `${label} ${i + 1}${name}: ${error.message}`;
    }
    head += sizeOf(node);
  }
  return undefined;
}

/** The 32-byte word at `at` as a number, or Infinity when it is 2^53 or more. */
function word(data: Uint8Array, at: number): number {
  for (let i = at; i < at + 24; i++) if (data[i] !== 0) return Infinity;
  let value = 0;
  for (let i = at + 24; i < at + 32; i++) value = value * 256 + data[i];
  return Number.isSafeInteger(value) ? value : Infinity;
}

function need(state: State, at: number, length: number, what: string): void {
  if (at + length > state.data.length) throw new Bad(what);
}

// `base` is where the enclosing block starts (offsets count from it), `head` where this value's
// head (the value itself if static, its offset if dynamic) is.
function visit(node: Node, base: number, head: number, depth: number, state: State): void {
  if (depth > LIMITS.maxDepth) throw new Bad(`nested deeper than ${LIMITS.maxDepth} levels`);
  if (!isDynamic(node)) {
    const size = sizeOf(node);
    need(state, head, size, state.data.length <= head ? 'the data ends before it' : 'the data ends inside it');
    state.values += Math.max(1, size / 32);
    if (state.values > state.maxValues) throw new Bad(tooMany(state));
    return;
  }
  need(state, head, 32, 'the data ends before its offset');
  const offset = word(state.data, head);
  const at = base + offset;
  if (at > state.data.length || !Number.isFinite(offset)) throw new Bad('offset beyond the data');
  state.values += 1;
  if (state.values > state.maxValues) throw new Bad(tooMany(state));
  if (node.kind === 'bytes') return visitBytes(at, state);
  if (node.kind === 'tuple') return visitHeads(node.components, at, depth, state);
  if (node.kind !== 'array') return;
  if (node.length !== null) return visitRepeated(node.element, node.length, at, depth, state);
  need(state, at, 32, 'the data ends before its length');
  const count = word(state.data, at);
  if (count > (state.data.length - at - 32) / sizeOf(node.element)) {
    throw new Bad(`claims ${describeCount(state.data, at)} elements, more than the data holds`);
  }
  visitRepeated(node.element, count, at + 32, depth, state);
}

function visitRepeated(element: Node, count: number, base: number, depth: number, state: State): void {
  const each = sizeOf(element);
  if (count * each > state.data.length - base) throw new Bad(`its ${count} elements run past the end of the data`);
  for (let i = 0; i < count; i++) visit(element, base, base + i * each, depth + 1, state);
}

function visitBytes(at: number, state: State): void {
  need(state, at, 32, 'the data ends before its length');
  const length = word(state.data, at);
  if (!Number.isFinite(length) || at + 32 + length > state.data.length) {
    throw new Bad(`length (${describeCount(state.data, at)} bytes) beyond the data`);
  }
  state.bytes += length;
  if (state.bytes > LIMITS.maxBytes) throw new Bad(`more than ${LIMITS.maxBytes} bytes of strings and bytes`);
}

function visitHeads(parts: readonly Node[], base: number, depth: number, state: State): void {
  let head = base;
  for (const part of parts) {
    visit(part, base, head, depth + 1, state);
    head += sizeOf(part);
  }
}

function describeCount(data: Uint8Array, at: number): string {
  let value = 0n;
  for (let i = at; i < at + 32; i++) value = (value << 8n) | BigInt(data[i]);
  if (value <= 10n ** 15n) return value.toString();
  const power = value.toString(2).length - 1;
  return value === 1n << BigInt(power) ? `2^${power}` : `more than 2^${power}`;
}

function tooMany(state: State): string {
  return state.maxValues < LIMITS.maxValues
    ? `more values than the data has words (${state.maxValues}): offsets share their data`
    : `more than ${LIMITS.maxValues} values to decode`;
}
