// Decoding calldata, call results, revert data and event logs against candidate ABI items. viem does
// the decoding; validate.ts checks the bounds first, so a bad input is a raw answer with its reason,
// decided in bounded time and memory, and nothing here throws.
//
// When several signatures share a selector (or topic0), only those whose arguments decode *and*
// re-encode to exactly the input bytes are kept; if more than one is left, all are returned and
// the caller says plainly that the answer is ambiguous.
import { decodeAbiParameters, encodeAbiParameters } from './viem';
import { checkEncoding } from './validate';
import { parseHex, toHex } from './hex';
import { namedValues, stringsAsBytes } from './values';
import type {
  AbiError,
  AbiEvent,
  AbiFunction,
  AbiParameter,
  CallAnswer,
  DecodedCall,
  EventAnswer,
  IndexedItem,
  LogInput,
  NamedValue,
  ResultAnswer,
  RevertAnswer,
} from './types';

export { MAX_INPUT_BYTES, parseHex } from './hex';

export const ERROR_SELECTOR = '0x08c379a0';
export const PANIC_SELECTOR = '0x4e487b71';

/** The meaning of each Panic(uint256) code the Solidity compiler emits (0.8 and later). */
const PANIC_MEANINGS: Readonly<Record<string, string>> = {
  '0': 'generic compiler-inserted panic',
  '1': 'assert() failed',
  '17': 'arithmetic overflow or underflow outside an unchecked block',
  '18': 'division or modulo by zero',
  '33': 'conversion of a value out of range into an enum',
  '34': 'access to a storage byte array that is incorrectly encoded',
  '49': 'pop() on an empty array',
  '50': 'array index out of bounds (or a negative index)',
  '65': 'too much memory allocated, or an array too large',
  '81': 'call to a zero-initialized variable of internal function type',
};

export function panicMeaning(code: bigint): string {
  return PANIC_MEANINGS[code.toString()] ?? `unknown panic code 0x${code.toString(16)}`;
}

interface Decoded {
  readonly values: readonly unknown[];
  readonly exact: boolean;
}

/**
 * Decodes `data` as `params` after the bounds check; the reason when it cannot. `exact` says
 * whether re-encoding gives back exactly `data` (computed only when `roundTrip` is asked for).
 */
export function decodeParams(
  params: readonly AbiParameter[],
  data: Uint8Array,
  label: string,
  roundTrip: boolean,
): Decoded | string {
  const reason = checkEncoding(params, data, label);
  if (reason) return reason;
  if (params.length === 0) return { values: [], exact: data.length === 0 };
  const wire = stringsAsBytes(params);
  try {
    const values: readonly unknown[] = decodeAbiParameters(wire, data);
    if (!roundTrip) return { values, exact: true };
    const again = encodeAbiParameters(wire, values as never);
    return { values, exact: again === toHex(data) };
  } catch (error) {
    return `${label}s: ${shortMessage(error)}`;
  }
}

function shortMessage(error: unknown): string {
  if (
    error !== null &&
    typeof error === 'object' &&
    'shortMessage' in error &&
    typeof error.shortMessage === 'string'
  ) {
    return error.shortMessage.split('\n')[0];
  }
  return error instanceof Error ? error.message.split('\n')[0] : String(error);
}

function rawOf(bytes: Uint8Array | string, reason: string, selector?: string) {
  const hex = typeof bytes === 'string' ? bytes : toHex(bytes);
  return selector ? { kind: 'raw' as const, hex, reason, selector } : { kind: 'raw' as const, hex, reason };
}

/**
 * Keeps the candidates that decode; when more than one does, those that also re-encode exactly
 * (if none do, all that decode). Returns the reason of the first failure when none decode.
 */
function choose<T extends { exact: boolean }>(attempts: readonly (T | string)[]): T[] | string {
  const decoded = attempts.filter((a): a is T => typeof a !== 'string');
  if (decoded.length === 0) return attempts.find((a): a is string => typeof a === 'string') ?? 'no ABI to decode it';
  if (decoded.length === 1) return decoded;
  const exact = decoded.filter(d => d.exact);
  return exact.length > 0 ? exact : decoded;
}

/** Decodes `function_parameters` (selector + arguments) with the functions that have its selector. */
export function decodeCall(input: string, candidates: readonly IndexedItem<AbiFunction>[]): CallAnswer {
  const bytes = parseHex(input);
  if (typeof bytes === 'string') return rawOf(input.trim(), `the calldata is ${bytes}`);
  if (bytes.length < 4) return rawOf(bytes, `${bytes.length} bytes: shorter than a 4-byte function selector`);
  const selector = toHex(bytes.subarray(0, 4));
  const matching = candidates.filter(c => c.selector === selector);
  if (matching.length === 0) return rawOf(bytes, `no known function has the selector ${selector}`, selector);
  const args = bytes.subarray(4);
  const attempts = matching.map(c => {
    const d = decodeParams(c.item.inputs, args, 'argument', matching.length > 1);
    return typeof d === 'string'
      ? d
      : { exact: d.exact, call: toCall(c, selector, namedValues(c.item.inputs, d.values)) };
  });
  const chosen = choose(attempts);
  if (typeof chosen === 'string') return rawOf(bytes, chosen, selector);
  return { kind: 'call', candidates: chosen.map(c => c.call) };
}

function toCall(c: IndexedItem<AbiFunction>, selector: string, args: NamedValue[]): DecodedCall {
  return {
    name: c.item.name,
    signature: c.signature,
    selector,
    args,
    contract: c.contract.name,
    origin: c.contract.origin,
    item: c.item,
  };
}

/** Decodes a call's `call_result` with the outputs of the function that was called. */
export function decodeResult(fn: AbiFunction, result: string): ResultAnswer {
  const bytes = parseHex(result);
  if (typeof bytes === 'string') return rawOf(result.trim(), `the result is ${bytes}`);
  if (bytes.length === 0)
    return fn.outputs.length === 0 ? { kind: 'empty' } : rawOf(bytes, 'the call returned no data');
  const d = decodeParams(fn.outputs, bytes, 'output', false);
  if (typeof d === 'string') return rawOf(bytes, d);
  return { kind: 'result', outputs: namedValues(fn.outputs, d.values) };
}

const ERROR_STRING: readonly AbiParameter[] = [{ name: 'reason', type: 'string' }];
const PANIC_CODE: readonly AbiParameter[] = [{ name: 'code', type: 'uint256' }];

/**
 * Decodes revert data: Error(string), Panic(uint256) with its meaning, or a custom error from the
 * candidates (errors of known ABIs with that selector).
 */
export function decodeRevert(input: string, candidates: readonly IndexedItem<AbiError>[]): RevertAnswer {
  const bytes = parseHex(input);
  if (typeof bytes === 'string') return rawOf(input.trim(), `the revert data is ${bytes}`);
  if (bytes.length === 0) return { kind: 'empty' };
  if (bytes.length < 4) return rawOf(bytes, `${bytes.length} bytes: shorter than a 4-byte error selector`);
  const selector = toHex(bytes.subarray(0, 4));
  const args = bytes.subarray(4);
  if (selector === ERROR_SELECTOR || selector === PANIC_SELECTOR) {
    const params = selector === ERROR_SELECTOR ? ERROR_STRING : PANIC_CODE;
    const d = decodeParams(params, args, 'argument', false);
    if (typeof d === 'string') return rawOf(bytes, d, selector);
    const value = namedValues(params, d.values)[0].value;
    if (value.kind === 'int') return { kind: 'panic', code: value.value, meaning: panicMeaning(value.value) };
    if (value.kind === 'bytes' && value.hex === '0x') return { kind: 'error-string', reason: '' };
    if (value.kind === 'bytes' && value.text !== undefined) return { kind: 'error-string', reason: value.text };
    return rawOf(bytes, 'Error(string) whose reason is not printable text', selector);
  }
  const matching = candidates.filter(c => c.selector === selector);
  if (matching.length === 0) return rawOf(bytes, `no known error has the selector ${selector}`, selector);
  const attempts = matching.map(c => {
    const d = decodeParams(c.item.inputs, args, 'argument', matching.length > 1);
    if (typeof d === 'string') return d;
    const args2 = namedValues(c.item.inputs, d.values);
    return {
      exact: d.exact,
      error: {
        name: c.item.name,
        signature: c.signature,
        selector,
        args: args2,
        contract: c.contract.name,
        origin: c.contract.origin,
      },
    };
  });
  const chosen = choose(attempts);
  if (typeof chosen === 'string') return rawOf(bytes, chosen, selector);
  return { kind: 'custom', candidates: chosen.map(c => c.error) };
}

/** Decodes one log (topics + data) with the events whose topic0 it carries. */
export function decodeLog(log: LogInput, candidates: readonly IndexedItem<AbiEvent>[]): EventAnswer {
  const raw = (reason: string): EventAnswer => ({ kind: 'raw-log', topics: log.topics, data: log.data, reason });
  const topics = log.topics.map(t => parseHex(t));
  const bad = topics.findIndex(t => typeof t === 'string' || t.length !== 32);
  if (bad >= 0) return raw(`topic ${bad} is not 32 bytes of hex`);
  if (topics.length === 0) return raw('no topics (an anonymous event)');
  const data = parseHex(log.data);
  if (typeof data === 'string') return raw(`the data is ${data}`);
  const topic0 = toHex(topics[0] as Uint8Array);
  const matching = candidates.filter(c => c.selector === topic0);
  if (matching.length === 0) return raw(`no known event has the topic ${topic0}`);
  const attempts = matching.map(c => decodeOneEvent(c, topics.slice(1) as Uint8Array[], data, matching.length > 1));
  const chosen = choose(attempts);
  if (typeof chosen === 'string') return raw(chosen);
  return { kind: 'event', candidates: chosen.map(c => ({ ...c.event, topic0 })) };
}

function decodeOneEvent(c: IndexedItem<AbiEvent>, topics: Uint8Array[], data: Uint8Array, roundTrip: boolean) {
  const indexed = c.item.inputs.filter(p => p.indexed);
  if (indexed.length !== topics.length) {
    return `${c.signature} has ${indexed.length} indexed arguments, the log ${topics.length} topics after the first`;
  }
  const plain = c.item.inputs.filter(p => !p.indexed);
  const d = decodeParams(plain, data, 'data argument', roundTrip);
  if (typeof d === 'string') return d;
  let exact = d.exact;
  const fromTopics = new Map<AbiParameter, NamedValue>();
  for (let i = 0; i < indexed.length; i++) {
    const param = indexed[i];
    const value = topicValue(param, topics[i]);
    if (typeof value === 'string') return `indexed argument ${i + 1}: ${value}`;
    exact &&= value.exact;
    fromTopics.set(param, value.named);
  }
  const plainValues = namedValues(plain, d.values);
  let next = 0;
  const args = c.item.inputs.map(p => fromTopics.get(p) ?? { ...plainValues[next++], indexed: false });
  return {
    exact,
    event: { name: c.item.name, signature: c.signature, args, contract: c.contract.name, origin: c.contract.origin },
  };
}

// An indexed value: a static type is its own encoding in the topic; a dynamic one (string, bytes,
// arrays, tuples) is only the keccak-256 hash of its encoding, shown as that hash.
function topicValue(param: AbiParameter, topic: Uint8Array): { named: NamedValue; exact: boolean } | string {
  const isStatic = !/^(string|bytes|tuple)$/.test(param.type) && !param.type.includes('[');
  const name = param.name ?? '';
  if (!isStatic) {
    const hex = toHex(topic);
    return {
      named: { name, type: param.type, value: { kind: 'bytes', type: 'bytes32', hex }, indexed: true, hashed: true },
      exact: true,
    };
  }
  const d = decodeParams([param], topic, 'topic', true);
  if (typeof d === 'string') return d;
  return { named: { ...namedValues([param], d.values)[0], indexed: true }, exact: d.exact };
}
