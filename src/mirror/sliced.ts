// Parsing and checking a large mirror node body without holding the extension host's thread.
//
// A body at the size cap (16 MiB) took about a second in one task: one JSON.parse, then one zod
// parse of everything. Here a large body is handled in pieces with a macrotask between them, so
// the longest uninterrupted slice stays near SLICE_MS whatever the body's size:
//
// 1. A scan walks the text once, a bounded stretch at a time, and records the containers (objects
//    and arrays) that span LARGE_CHARS or more, with the comma positions of their direct members
//    (util/jsonScan, which the artifact reader shares).
// 2. Each large container is rebuilt from runs of its small members, every run parsed by
//    parseLossless (the same lossless rule, the same native parser) as a short `[…]` or `{…}`;
//    a large member is rebuilt the same way, recursively. A small body (below LARGE_CHARS) is one
//    parseLossless, as before.
// 3. The schema check follows the same split: a large array's elements are checked one by one, a
//    large object is checked with its large members set aside (they are checked on their own),
//    and an issue's path is the whole path from the body's root, as one zod parse would name it.
//    Anything not large is one zod parse.
//
// What stays one slice: one member that is not a container, such as a hex string of megabytes (a
// 16 MiB `bytecode` is one lossless parse, ~40-70 ms here, mostly the native regex and JSON.parse
// over it), and a large value whose schema is neither an object nor an array without checks (a
// union, a pipe, `balance.tokens` with its maximum of 1000): zod reads only the fields it knows
// there, and a field it does not know passes without being walked.
import * as z from '../zod';
import { parseLossless } from './lossless';
import { errorMessage } from '../util/errorMessage';
import { isJsonWhitespace, JsonStructureScan, malformedJson as malformed, type JsonContainer } from '../util/jsonScan';
import { nextTurn } from '../util/nextTurn';

/** A container at least this many characters long is split; a smaller one is parsed whole. */
export const LARGE_CHARS = 64 * 1024;
/** Work between two yields, in milliseconds (plus at most one small piece). */
export const SLICE_MS = 8;
/** Characters scanned between two looks at the clock. */
const SCAN_STEP = 64 * 1024;

/**
 * Where a slice ends: `due()` says the current slice has run SLICE_MS (cheap: a clock read, so a
 * loop asks it per element), `yield()` gives the event loop a macrotask turn and starts the next
 * slice, and throws when the request was cancelled meanwhile.
 */
export interface Pacer {
  due(): boolean;
  yield(): Promise<void>;
}

export function pacer(signal?: AbortSignal, onAbort?: () => Error): Pacer {
  let sliceStart = performance.now();
  return {
    due: () => performance.now() - sliceStart >= SLICE_MS,
    yield: async () => {
      await nextTurn();
      if (signal?.aborted) throw onAbort ? onAbort() : new Error('aborted');
      sliceStart = performance.now();
    },
  };
}

export interface Parsed {
  readonly value: unknown;
  /** The objects and arrays built from large containers: the ones worth checking piece by piece. */
  readonly large: WeakSet<object>;
}

/**
 * parseLossless, a slice at a time: the same value (integers of 16 digits or more as strings of
 * their digits), the same SyntaxError on malformed JSON (its message may name another position).
 */
export async function parseLosslessSliced(text: string, pace: Pacer): Promise<Parsed> {
  const large = new WeakSet<object>();
  if (text.length < LARGE_CHARS) return { value: parseLossless(text), large };
  const root = await scan(text, pace);
  if (!root) return { value: parseLossless(text), large };
  return { value: await build(text, root, large, pace), large };
}

/** The root container when it is large (undefined otherwise); throws SyntaxError on bad structure. */
async function scan(text: string, pace: Pacer): Promise<JsonContainer | undefined> {
  const walk = new JsonStructureScan(text, LARGE_CHARS);
  while (!walk.advance(SCAN_STEP)) if (pace.due()) await pace.yield();
  // No container: a scalar, which one plain parse reads (or refuses).
  const root = walk.root;
  return root && root.close - root.open + 1 >= LARGE_CHARS ? root : undefined;
}

/** Rebuilds a large container from parsed runs of its small members and its large members. */
async function build(text: string, node: JsonContainer, large: WeakSet<object>, pace: Pacer): Promise<unknown> {
  const out: unknown[] | Record<string, unknown> = node.array ? [] : {};
  large.add(out);
  const bounds = [node.open, ...node.commas, node.close];
  if (node.commas.length === 0 && isJsonWhitespace(text.slice(node.open + 1, node.close))) return out;
  let nextLarge = 0;
  let runStart = -1; // the separator before the first member of the current run
  const flush = async (runEnd: number): Promise<void> => {
    if (runStart < 0) return;
    const from = runStart;
    runStart = -1;
    if (pace.due()) await pace.yield();
    const body = text.slice(from + 1, runEnd);
    // An empty member (`[1,,2]`, a trailing comma) alone in its run would parse as `[]`.
    if (isJsonWhitespace(body)) throw malformed('expected a value', from + 1);
    const part = parsePart(node.array ? `[${body}]` : `{${body}}`, from + 1);
    if (Array.isArray(out)) for (const v of part as unknown[]) out.push(v);
    else for (const key of Object.keys(part as object)) define(out, key, (part as Record<string, unknown>)[key]);
  };
  for (let m = 0; m + 1 < bounds.length; m++) {
    const start = bounds[m];
    const end = bounds[m + 1];
    const child = node.large[nextLarge];
    if (child !== undefined && child.open > start && child.close < end) {
      nextLarge++;
      await flush(start);
      const prefix = text.slice(start + 1, child.open);
      const suffix = text.slice(child.close + 1, end);
      if (!isJsonWhitespace(suffix)) throw malformed('unexpected text after a value', child.close + 1);
      const value = await build(text, child, large, pace);
      if (Array.isArray(out)) {
        if (!isJsonWhitespace(prefix)) throw malformed('unexpected text before a value', start + 1);
        out.push(value);
      } else {
        define(out, memberKey(prefix, start + 1), value);
      }
      continue;
    }
    if (runStart < 0) runStart = start;
    // A run ends when it is long enough to be a slice's worth of parsing.
    if (end - runStart >= LARGE_CHARS) await flush(end);
  }
  await flush(node.close);
  return out;
}

/** `"key" :` before a large member's value: the key, or SyntaxError. */
function memberKey(prefix: string, at: number): string {
  const colon = prefix.lastIndexOf(':');
  let key: unknown;
  try {
    key = colon < 0 ? undefined : JSON.parse(prefix.slice(0, colon));
  } catch {
    key = undefined;
  }
  if (typeof key !== 'string' || !isJsonWhitespace(prefix.slice(colon + 1))) {
    throw malformed('expected a member name and a colon', at);
  }
  return key;
}

function parsePart(part: string, at: number): unknown {
  try {
    return parseLossless(part);
  } catch (error) {
    const why = errorMessage(error);
    throw new SyntaxError(`${why} (in the part of the body from position ${at})`, { cause: error });
  }
}

/** An own data property, as JSON.parse makes it (`__proto__` included: no prototype is set). */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

// ---- the schema check ----

export interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export type Checked = { readonly ok: true; readonly data: unknown } | { readonly ok: false; readonly issue: Issue };

type AnySchema = z.core.$ZodType;

/**
 * z.safeParse(schema, value), a piece at a time for the values in `large`: the same output, and
 * the issue one zod parse would report first (its path from the root, its message).
 */
export async function checkSliced(
  schema: AnySchema,
  value: unknown,
  large: WeakSet<object>,
  pace: Pacer,
): Promise<Checked> {
  return check(schema, value, [], large, pace);
}

async function check(
  schema: AnySchema,
  value: unknown,
  path: readonly PropertyKey[],
  large: WeakSet<object>,
  pace: Pacer,
): Promise<Checked> {
  if (typeof value === 'object' && value !== null && large.has(value)) {
    const inner = unwrap(schema);
    const def = inner._zod.def;
    if (def.type === 'array' && Array.isArray(value) && !(def.checks && def.checks.length > 0)) {
      return checkArray((def as z.core.$ZodArrayDef).element, value, path, large, pace);
    }
    if (inner instanceof z.ZodMiniObject && !Array.isArray(value) && !(def.checks && def.checks.length > 0)) {
      return checkObject(inner, value as Record<string, unknown>, path, large, pace);
    }
  }
  return checkWhole(schema, value, path, pace);
}

/** One zod parse of `value`, its first issue named from the root. */
async function checkWhole(
  schema: AnySchema,
  value: unknown,
  path: readonly PropertyKey[],
  pace: Pacer,
): Promise<Checked> {
  if (pace.due()) await pace.yield();
  return parseOne(schema, value, () => path);
}

/** z.safeParse; the path to `value` is only built for an issue. */
function parseOne(schema: AnySchema, value: unknown, pathTo: () => readonly PropertyKey[]): Checked {
  const r = z.safeParse(schema, value);
  if (r.success) return { ok: true, data: r.data };
  const issue = r.error.issues[0];
  return { ok: false, issue: { path: [...pathTo(), ...(issue?.path ?? [])], message: issue?.message ?? 'invalid' } };
}

/** optional and nullable wrappers around a value that is neither undefined nor null. */
function unwrap(schema: AnySchema): AnySchema {
  let s = schema;
  for (;;) {
    const def = s._zod.def;
    if (def.type === 'optional' || def.type === 'nullable') s = (def as z.core.$ZodOptionalDef).innerType;
    else return s;
  }
}

async function checkArray(
  element: AnySchema,
  value: readonly unknown[],
  path: readonly PropertyKey[],
  large: WeakSet<object>,
  pace: Pacer,
): Promise<Checked> {
  const out: unknown[] = [];
  for (let i = 0; i < value.length; i++) {
    const item = value[i];
    let r: Checked;
    if (typeof item === 'object' && item !== null && large.has(item)) {
      r = await check(element, item, [...path, i], large, pace);
    } else {
      // The common case, many small items: no promise and no path per item.
      if (pace.due()) await pace.yield();
      r = parseOne(element, item, () => [...path, i]);
    }
    if (!r.ok) return r;
    out.push(r.data);
  }
  return { ok: true, data: out };
}

async function checkObject(
  schema: z.ZodMiniObject,
  value: Record<string, unknown>,
  path: readonly PropertyKey[],
  large: WeakSet<object>,
  pace: Pacer,
): Promise<Checked> {
  const shape = schema._zod.def.shape;
  const keys = Object.keys(shape);
  const apart = keys.filter(k => {
    const v = Object.prototype.hasOwnProperty.call(value, k) ? value[k] : undefined;
    return typeof v === 'object' && v !== null && large.has(v);
  });
  // The object with its large members left to their own check: z.unknown() takes them as they are.
  const rest = z.extend(schema, Object.fromEntries(apart.map(k => [k, z.unknown()])));
  const first = await checkWhole(rest, value, path, pace);
  // zod names the first failing member in the shape's order: a large member before the one the
  // rest failed on wins.
  const restAt = first.ok ? Infinity : keyIndex(keys, first.issue.path[path.length]);
  const data = first.ok ? (first.data as Record<string, unknown>) : undefined;
  for (const k of apart) {
    if (keys.indexOf(k) > restAt) break;
    const r = await check(shape[k], value[k], [...path, k], large, pace);
    if (!r.ok) return r;
    if (data) define(data, k, r.data);
  }
  return first;
}

function keyIndex(keys: readonly string[], key: PropertyKey | undefined): number {
  const i = typeof key === 'string' ? keys.indexOf(key) : -1;
  return i < 0 ? Infinity : i;
}
