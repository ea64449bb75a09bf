// A function call's arguments from what a person typed, checked against the ABI types before
// anything is sent: each text becomes exactly the value viem encodes (integers as bigint, addresses
// as lowercase `0x`), or a message naming the parameter and what was wrong with the text, shown
// cut short with its invisible characters visible. Never throws for bad input.
//
// Simple types are typed as text (the forms are in callArgsScalars.ts); arrays and tuples as JSON,
// read losslessly (callArgsJson.ts): numbers inside may be JSON numbers of any size or strings,
// addresses and bytes are strings, a tuple is an array in component order or an object by component
// name. Limits, each said in words when passed: the JSON text's length (checked before it is read,
// so an array of a million items is refused at once), items per array, values in all, nesting
// depth, and the encoded size against the mirror node's `data` limit.
import { readJson, describeJson, type JsonNode } from './callArgsJson';
import {
  MAX_CALL_DATA_BYTES,
  MAX_CALL_DATA_CHARS,
  parseAddress,
  parseBool,
  parseHexBytes,
  parseInteger,
  parseStringValue,
  quoted,
  type Parsed,
  type ScalarOptions,
} from './callArgsScalars';
import {
  argType,
  functionsAsBytes24,
  holdsFunction,
  shownName,
  type ArgComponent,
  type ArgType,
} from './callArgsTypes';
import { visibleText } from './text';
import type { AbiFunction, AbiParameter } from './types';
import { encodeAbiParameters, encodeFunctionData, toFunctionSelector } from './viem';

export { MAX_CALL_DATA_CHARS } from './callArgsScalars';
export { argumentHint } from './callArgsHint';

export type ArgumentAnswer =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

export type CallDataAnswer =
  | { readonly ok: true; readonly data: `0x${string}`; readonly values: readonly unknown[] }
  /** `index`: the argument at fault (0-based), -1 when it is the call as a whole. */
  | { readonly ok: false; readonly index: number; readonly message: string };

/** Options both entry points take. */
export type ArgumentOptions = ScalarOptions;

/** The limits on one argument typed as JSON (an array or a tuple). */
export const CALL_ARGUMENT_LIMITS = {
  /** Longest JSON text read: twice a full call's hex, room for spaces and escapes. */
  maxJsonChars: 2 * MAX_CALL_DATA_CHARS,
  /** Items in one array: each takes at least a 32-byte word, and a call carries at most 4,096 words. */
  maxItems: 4_096,
  /** Values in all (the same bound the decoder keeps). */
  maxValues: 10_000,
  /** Arrays and objects within each other. */
  maxDepth: 32,
} as const;

/** The user's text for one ABI parameter, as the value viem encodes; exact (bigint), checked before anything is sent. */
export function parseArgument(param: AbiParameter, text: string, options: ArgumentOptions = {}): ArgumentAnswer {
  const name = nameOf(param, 'argument');
  const read = safely(() => readArgument(param, name, text, options), name, param);
  return 'problem' in read ? { ok: false, message: read.problem } : { ok: true, value: read.value };
}

/** Calldata for `fn` from the texts, or the first problem with the parameter's index and name in the message. */
export function encodeCallFromText(
  fn: AbiFunction,
  texts: readonly string[],
  options: ArgumentOptions = {},
): CallDataAnswer {
  const answer = safely(() => encodeCall(fn, texts, options), 'the call', undefined);
  return 'problem' in answer ? { ok: false, index: -1, message: answer.problem } : answer;
}

function encodeCall(fn: AbiFunction, texts: readonly string[], options: ArgumentOptions): CallDataAnswer {
  if (!isObject(fn) || typeof fn.name !== 'string')
    return { ok: false, index: -1, message: 'the ABI gives no function here' };
  const inputs: readonly AbiParameter[] = Array.isArray(fn.inputs) ? fn.inputs : [];
  const given = Array.isArray(texts) ? texts.length : 0;
  if (given !== inputs.length) {
    const index = Math.min(given, inputs.length);
    return {
      ok: false,
      index,
      message: `${shownName(fn.name)} takes ${count(inputs.length, 'argument')}; ${given} given`,
    };
  }
  const values: unknown[] = [];
  const sizes: number[] = [];
  for (let i = 0; i < inputs.length; i++) {
    // Named: "argument 2, amount (uint256): …"; unnamed: "argument 2 (uint256): …".
    const named = nameOf(inputs[i], '');
    const name = named ? `argument ${i + 1}, ${named}` : `argument ${i + 1}`;
    const read = safely(() => readArgument(inputs[i], name, texts[i], options), name, inputs[i]);
    if ('problem' in read) return { ok: false, index: i, message: read.problem };
    values.push(read.value);
    sizes.push(read.bytes);
  }
  const total = 4 + sizes.reduce((a, b) => a + b, 0);
  if (total > MAX_CALL_DATA_BYTES) {
    const largest = sizes.indexOf(Math.max(...sizes));
    return {
      ok: false,
      index: largest,
      message: `the call's data would be ${hexChars(total)}, more than the mirror node takes (${MAX_CALL_DATA_CHARS.toLocaleString('en-US')}); argument ${largest + 1} is ${sizes[largest].toLocaleString('en-US')} bytes of it`,
    };
  }
  const data = encode(fn, inputs, values);
  if (data.length > MAX_CALL_DATA_CHARS) {
    return {
      ok: false,
      index: -1,
      message: `the call's data is ${data.length.toLocaleString('en-US')} characters, more than the mirror node takes (${MAX_CALL_DATA_CHARS.toLocaleString('en-US')})`,
    };
  }
  return { ok: true, data, values };
}

function encode(fn: AbiFunction, inputs: readonly AbiParameter[], values: readonly unknown[]): `0x${string}` {
  if (!inputs.some(p => holdsFunction(argType(p)))) {
    return encodeFunctionData({ abi: [fn], functionName: fn.name, args: values });
  }
  // viem encodes no `function` values: they go as the bytes24 they are, after the selector of
  // the signature that names them `function`.
  const args = encodeAbiParameters(functionsAsBytes24(inputs), values as never);
  return `${toFunctionSelector(fn)}${args.slice(2)}`;
}

function count(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

function hexChars(bytes: number): string {
  return `${(2 + bytes * 2).toLocaleString('en-US')} characters`;
}

/** `work`'s answer, or what is wrong: an ArgProblem's words, or any other exception in words too. */
function safely<T extends object>(
  work: () => T,
  name: string,
  param: AbiParameter | undefined,
): T | { readonly problem: string } {
  try {
    return work();
  } catch (error) {
    if (error instanceof ArgProblem) return { problem: error.message };
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    const label = isObject(param) ? `${name} (${argType(param).label})` : name;
    return { problem: `${label}: could not be encoded (${visibleText(why.slice(0, 200))})` };
  }
}

class ArgProblem extends Error {}

/** The parameter's name as messages show it, or `otherwise` when it has none. */
function nameOf(param: AbiParameter, otherwise: string): string {
  return isObject(param) && typeof param.name === 'string' && param.name !== '' ? shownName(param.name) : otherwise;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function readArgument(
  param: AbiParameter,
  name: string,
  text: string,
  options: ArgumentOptions,
): { value: unknown; bytes: number } {
  if (!isObject(param)) throw new ArgProblem(`${name}: the ABI gives no parameter here`);
  const type = argType(param);
  const unsupported = unsupportedWithin(type);
  if (unsupported) {
    const where = unsupported === type ? '' : `holds ${unsupported.label}: `;
    throw new ArgProblem(`${name} (${type.label}): ${where}${unsupported.reason}`);
  }
  if (typeof text !== 'string') throw new ArgProblem(`${name} (${type.label}): no text`);
  let value: unknown;
  if (type.kind === 'array' || type.kind === 'tuple') {
    const node = readJsonArgument(type, text);
    if (typeof node === 'string') throw new ArgProblem(`${name} (${type.label}): ${node}`);
    value = fromJson(type, node, name, options);
  } else {
    const scalar = fromText(type, text, options);
    if (!scalar.ok) throw new ArgProblem(`${name} (${type.label}): ${scalar.problem}`);
    value = scalar.value;
  }
  const params = holdsFunction(type) ? functionsAsBytes24([param]) : [param];
  const bytes = (encodeAbiParameters(params, [value] as never).length - 2) / 2;
  if (4 + bytes > MAX_CALL_DATA_BYTES) {
    throw new ArgProblem(
      `${name} (${type.label}): encoded, it takes ${bytes.toLocaleString('en-US')} bytes; with the 4-byte selector that is more than the ${MAX_CALL_DATA_BYTES.toLocaleString('en-US')} a call's data carries (${MAX_CALL_DATA_CHARS.toLocaleString('en-US')} hex characters with 0x)`,
    );
  }
  return { value, bytes };
}

function unsupportedWithin(type: ArgType): Extract<ArgType, { kind: 'unsupported' }> | undefined {
  if (type.kind === 'unsupported') return type;
  if (type.kind === 'array') return unsupportedWithin(type.element);
  if (type.kind === 'tuple') {
    for (const c of type.components) {
      const inner = unsupportedWithin(c.type);
      if (inner) return inner;
    }
  }
  return undefined;
}

function readJsonArgument(type: ArgType, text: string): JsonNode | string {
  const shape =
    type.kind === 'array'
      ? 'a JSON array, e.g. [1, 2]'
      : 'JSON: an array of its fields in order, or an object by their names';
  const { maxJsonChars } = CALL_ARGUMENT_LIMITS;
  if (text.length > maxJsonChars) {
    return `${text.length.toLocaleString('en-US')} characters of JSON: more than a call can carry (at most ${maxJsonChars.toLocaleString('en-US')} characters are read)`;
  }
  const read = readJson(text, CALL_ARGUMENT_LIMITS);
  if ('node' in read) return read.node;
  if (read.limit === 'items')
    return `${read.problem}: each takes at least 32 of the ${MAX_CALL_DATA_BYTES.toLocaleString('en-US')} bytes a call carries`;
  if (read.limit) return `${read.problem}: more than Ledger Lens reads in one argument`;
  return `not ${shape}: ${read.problem}`;
}

function fromText(type: ArgType, text: string, options: ArgumentOptions): Parsed<unknown> {
  switch (type.kind) {
    case 'int':
      return parseInteger(text, type.int);
    case 'address':
      return parseAddress(text, options);
    case 'bool':
      return parseBool(text);
    case 'fixedBytes':
      return parseHexBytes(text, type.size, type.label);
    case 'bytes':
      return parseHexBytes(text, null);
    case 'function':
      return parseHexBytes(text, 24, 'a function (an address and a selector)');
    case 'string':
      return parseStringValue(text);
    default:
      return { ok: false, problem: 'not a simple type' };
  }
}

// What a JSON value of each kind must be, for the "where … is …" part of a mismatch.
function expected(type: ArgType): string {
  switch (type.kind) {
    case 'int':
      return `${type.label} is a number or a string of digits`;
    case 'bool':
      return 'a bool is true or false';
    case 'address':
      return 'an address is a string such as "0.0.1001"';
    case 'string':
      return 'a string is in double quotes';
    case 'array':
      return `${type.label} is a JSON array`;
    case 'tuple':
      return `${type.label} is a JSON array of its fields in order, or an object by their names`;
    default:
      return `${type.label} is a string of 0x and hex digits`;
  }
}

function fromJson(type: ArgType, node: JsonNode, path: string, options: ArgumentOptions): unknown {
  const fail = (problem: string): never => {
    throw new ArgProblem(`${path} (${type.label}): ${problem}`);
  };
  const mismatch = (): never => fail(`${describeJson(node)}, where ${expected(type)}`);
  switch (type.kind) {
    case 'array': {
      if (node.kind !== 'array') return mismatch();
      if (type.length !== null && node.items.length !== type.length) {
        return fail(`${describeJson(node)}; it takes exactly ${count(type.length, 'item')}`);
      }
      return node.items.map((item, i) => fromJson(type.element, item, `${path}[${i}]`, options));
    }
    case 'tuple':
      return tupleFromJson(type, node, path, options, fail, mismatch);
    case 'int':
      if (node.kind === 'number') return answer(parseInteger(node.text, type.int), fail);
      return node.kind === 'string' ? answer(parseInteger(node.value, type.int), fail) : mismatch();
    case 'bool':
      if (node.kind === 'boolean') return node.value;
      return node.kind === 'string' ? answer(parseBool(node.value), fail) : mismatch();
    case 'unsupported':
      return fail(type.reason);
    default:
      return node.kind === 'string' ? answer(fromText(type, node.value, options), fail) : mismatch();
  }
}

function answer<T>(parsed: Parsed<T>, fail: (problem: string) => never): T {
  return parsed.ok ? parsed.value : fail(parsed.problem);
}

function tupleFromJson(
  type: Extract<ArgType, { kind: 'tuple' }>,
  node: JsonNode,
  path: string,
  options: ArgumentOptions,
  fail: (problem: string) => never,
  mismatch: () => never,
): unknown {
  const { components } = type;
  const fieldNames = components.map((c, i) => (c.name ? shownName(c.name) : `#${i + 1}`)).join(', ');
  let given: readonly JsonNode[];
  if (node.kind === 'array') {
    if (node.items.length !== components.length) {
      return fail(`${describeJson(node)}; it has ${count(components.length, 'field')} (${fieldNames})`);
    }
    given = node.items;
  } else if (node.kind === 'object') {
    if (!type.named)
      return fail(`an object, but its fields have no names: give them as a JSON array in order (${fieldNames})`);
    given = byName(components, node.members, fieldNames, fail);
  } else {
    return mismatch();
  }
  const values = components.map((c, i) =>
    fromJson(c.type, given[i], `${path}.${c.name ? shownName(c.name) : i}`, options),
  );
  if (!type.named) return values;
  // The object viem's decoder gives; defined member by member so a field named `__proto__` stays a field.
  const out: Record<string, unknown> = {};
  components.forEach((c, i) =>
    Object.defineProperty(out, c.name, { value: values[i], writable: true, enumerable: true, configurable: true }),
  );
  return out;
}

function byName(
  components: readonly ArgComponent[],
  members: readonly (readonly [string, JsonNode])[],
  fieldNames: string,
  fail: (problem: string) => never,
): JsonNode[] {
  const byKey = new Map<string, JsonNode>();
  for (const [key, value] of members) {
    if (byKey.has(key)) fail(`${quoted(key)} is given twice`);
    if (!components.some(c => c.name === key)) fail(`it has no field named ${quoted(key)} (its fields: ${fieldNames})`);
    byKey.set(key, value);
  }
  const missing = components.filter(c => !byKey.has(c.name)).map(c => shownName(c.name));
  if (missing.length > 0) fail(`${missing.join(', ')} missing (its fields: ${fieldNames})`);
  return components.map(c => byKey.get(c.name) as JsonNode);
}
