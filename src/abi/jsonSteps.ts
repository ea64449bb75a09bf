// JSON.parse in bounded steps, for workspace files of up to 5 MB read on the extension host's
// thread: one JSON.parse of such a file takes tens of milliseconds, and a deeply nested array
// seconds. Here a first pass (in steps of a fixed number of characters) finds every array or object
// longer than a few KB and the commas and colons of its own members, refusing nesting deeper than
// a bound; a second pass builds those containers member by member and hands every smaller value to
// JSON.parse whole. The caller runs the steps with yields between them (or all at once).
import { errorMessage } from '../util/errorMessage';

/** Spans up to this many characters are parsed by one JSON.parse call. */
const LEAF_CHARS = 16 * 1024;
/** Characters the first pass scans per step. */
const SCAN_CHARS = 64 * 1024;

export type JsonOutcome = { readonly value: unknown } | { readonly error: string };

interface Container {
  readonly end: number;
  readonly object: boolean;
  /** Positions of the commas and colons between this container's own members. */
  readonly commas: readonly number[];
  readonly colons: readonly number[];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** Parses `text` as JSON, one bounded piece of work per step; an error when it is not JSON. */
export function* parseJsonSteps(text: string, maxDepth: number): Generator<void, JsonOutcome> {
  const big = new Map<number, Container>();
  const open: { start: number; object: boolean; commas: number[]; colons: number[] }[] = [];
  let inString = false;
  let nextStep = SCAN_CHARS;
  for (let i = 0; i < text.length; i++) {
    if (i >= nextStep) {
      nextStep += SCAN_CHARS;
      yield;
    }
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (open.length >= maxDepth) return { error: `nested deeper than ${maxDepth} levels` };
      open.push({ start: i, object: c === OPEN_OBJECT, commas: [], colons: [] });
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      const top = open.pop();
      if (!top || top.object !== (c === CLOSE_OBJECT)) return { error: `unexpected '${text[i]}' at ${i}` };
      if (i - top.start >= LEAF_CHARS) big.set(top.start, { end: i, ...top });
    } else if (c === COMMA) open.at(-1)?.commas.push(i);
    else if (c === COLON) open.at(-1)?.colons.push(i);
  }
  if (inString || open.length > 0) return { error: 'unexpected end of the text' };
  const [start, end] = trim(text, 0, text.length - 1);
  if (start > end) return { error: 'no value' };
  try {
    return { value: yield* build(text, big, start, end) };
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
function* build(
  text: string,
  big: ReadonlyMap<number, Container>,
  start: number,
  end: number,
): Generator<void, unknown> {
  const node = big.get(start);
  if (!node) {
    yield;
    return JSON.parse(text.slice(start, end + 1)) as unknown;
  }
  if (node.end !== end) throw new SyntaxError(`unexpected text after the value at ${node.end + 1}`);
  const bounds = [start, ...node.commas, end];
  const members: [number, number][] = [];
  for (let k = 0; k + 1 < bounds.length; k++) members.push(trim(text, bounds[k] + 1, bounds[k + 1] - 1));
  if (members.length === 1 && members[0][0] > members[0][1]) return node.object ? {} : [];
  if (members.some(([s, e]) => s > e)) throw new SyntaxError(`an empty member in the value at ${start}`);
  if (!node.object) {
    const out: unknown[] = [];
    for (const [s, e] of members) out.push(yield* build(text, big, s, e));
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
    const value = yield* build(text, big, valueStart, valueEnd);
    // As JSON.parse does: `__proto__` is an own property, not the prototype.
    Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
  }
  return out;
}
