// JSON.parse in bounded steps, for workspace files of up to 5 MB read on the extension host's
// thread: one JSON.parse of such a file takes tens of milliseconds, and a deeply nested array
// seconds. Here a first pass (in steps of a fixed number of characters) finds every array or object
// longer than a few KB and the commas and colons of its own members, refusing nesting deeper than
// a bound; a second pass builds those containers member by member and hands every smaller value to
// JSON.parse whole. The first pass is util/jsonScan's, which the mirror node's body reader shares.
// The caller runs the steps with yields between them (or all at once).
import { errorMessage } from '../util/errorMessage';
import { JsonStructureScan } from '../util/jsonScan';

/** Spans up to this many characters are parsed by one JSON.parse call. */
const LEAF_CHARS = 16 * 1024;
/** Characters the first pass scans per step. */
const SCAN_CHARS = 64 * 1024;

export type JsonOutcome = { readonly value: unknown } | { readonly error: string };

/** Parses `text` as JSON, one bounded piece of work per step; an error when it is not JSON. */
export function* parseJsonSteps(text: string, maxDepth: number): Generator<void, JsonOutcome> {
  const walk = new JsonStructureScan(text, LEAF_CHARS, maxDepth);
  try {
    while (!walk.advance(SCAN_CHARS)) yield;
  } catch (error) {
    return { error: errorMessage(error) };
  }
  const [start, end] = trim(text, 0, text.length - 1);
  if (start > end) return { error: 'no value' };
  try {
    return { value: yield* build(text, walk, start, end) };
  } catch (error) {
    return { error: errorMessage(error) };
  }
}

/** The first and last non-whitespace positions within [start, end] (start > end when there are none). */
function trim(text: string, start: number, end: number): [number, number] {
  while (start <= end && isSpace(text.charCodeAt(start))) start++;
  while (end >= start && isSpace(text.charCodeAt(end))) end--;
  return [start, end];
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** The value spanning exactly [start, end]. Throws SyntaxError (from JSON.parse or here) when it is not one. */
function* build(text: string, walk: JsonStructureScan, start: number, end: number): Generator<void, unknown> {
  const node = walk.largeAt(start);
  if (!node) {
    yield;
    return JSON.parse(text.slice(start, end + 1)) as unknown;
  }
  if (node.close !== end) throw new SyntaxError(`unexpected text after the value at ${node.close + 1}`);
  const bounds = [start, ...node.commas, end];
  const members: [number, number][] = [];
  for (let k = 0; k + 1 < bounds.length; k++) members.push(trim(text, bounds[k] + 1, bounds[k + 1] - 1));
  if (members.length === 1 && members[0][0] > members[0][1]) return node.array ? [] : {};
  if (members.some(([s, e]) => s > e)) throw new SyntaxError(`an empty member in the value at ${start}`);
  if (node.array) {
    const out: unknown[] = [];
    for (const [s, e] of members) out.push(yield* build(text, walk, s, e));
    return out;
  }
  if (node.colons.length !== members.length)
    throw new SyntaxError(`a member without its key in the object at ${start}`);
  const out: Record<string, unknown> = {};
  for (let k = 0; k < members.length; k++) {
    const [s, e] = members[k];
    const colon = node.colons[k];
    if (colon < s || colon > e) throw new SyntaxError(`a member without its key in the object at ${start}`);
    const [keyStart, keyEnd] = trim(text, s, colon - 1);
    const key: unknown = JSON.parse(text.slice(keyStart, keyEnd + 1));
    if (typeof key !== 'string') throw new SyntaxError(`a key that is not a string at ${keyStart}`);
    const [valueStart, valueEnd] = trim(text, colon + 1, e);
    const value = yield* build(text, walk, valueStart, valueEnd);
    // As JSON.parse does: `__proto__` is an own property, not the prototype.
    Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
  }
  return out;
}
