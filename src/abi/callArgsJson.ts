// JSON for call arguments typed by a person (arrays and tuples), read without losing anything:
// numbers stay the text they were typed as (JSON.parse would turn 2^64 + 1 into a float), object
// members stay in order with their duplicates (so "given twice" can be said), and the reader stops
// at the first limit it passes (items, values, depth) instead of building the whole value first.
// Linear in the text; recursion is bounded by the depth limit.
import { TERMINAL_NUMBER, firstNumberState, nextNumberState } from '../util/jsonNumber';
import { visibleText } from './text';

export type JsonNode =
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'boolean'; readonly value: boolean }
  | { readonly kind: 'null' }
  | { readonly kind: 'array'; readonly items: readonly JsonNode[] }
  | { readonly kind: 'object'; readonly members: readonly (readonly [string, JsonNode])[] };

export interface JsonLimits {
  /** Most items in one array (or members in one object). */
  readonly maxItems: number;
  /** Most values in the whole text, containers included. */
  readonly maxValues: number;
  /** Deepest nesting of arrays and objects (the outermost is depth 1). */
  readonly maxDepth: number;
}

class JsonProblem extends Error {
  constructor(
    message: string,
    readonly limit: JsonRefusal['limit'],
  ) {
    super(message);
  }
}

/** Why a text was not read: malformed JSON, or the limit it passed. */
export interface JsonRefusal {
  readonly problem: string;
  readonly limit?: 'items' | 'values' | 'depth';
}

/** The text as one JSON value, or what is wrong with it in words (with the character's position). */
export function readJson(text: string, limits: JsonLimits): { readonly node: JsonNode } | JsonRefusal {
  const reader = new Reader(text, limits);
  try {
    reader.skipSpace();
    if (reader.at >= text.length) return { problem: 'empty' };
    const node = reader.value(0);
    reader.skipSpace();
    if (reader.at < text.length) reader.fail('text after the value');
    return { node };
  } catch (error) {
    if (error instanceof JsonProblem)
      return error.limit ? { problem: error.message, limit: error.limit } : { problem: error.message };
    throw error;
  }
}

/** How a JSON value is named in a message: "a number (12)", "an array", "null". */
export function describeJson(node: JsonNode): string {
  switch (node.kind) {
    case 'number':
      return `a number (${node.text.length > 24 ? `${node.text.slice(0, 24)}…` : node.text})`;
    case 'string':
      return 'a string';
    case 'boolean':
      return String(node.value);
    case 'null':
      return 'null';
    case 'array':
      return `an array of ${node.items.length} item${node.items.length === 1 ? '' : 's'}`;
    case 'object':
      return 'an object';
  }
}

const LITERALS: readonly (readonly [string, JsonNode])[] = [
  ['true', { kind: 'boolean', value: true }],
  ['false', { kind: 'boolean', value: false }],
  ['null', { kind: 'null' }],
];

class Reader {
  at = 0;
  private values = 0;

  constructor(
    private readonly text: string,
    private readonly limits: JsonLimits,
  ) {}

  fail(what: string, at = this.at): never {
    throw new JsonProblem(`${what} at character ${at + 1}`, undefined);
  }

  private overLimit(what: string, limit: NonNullable<JsonRefusal['limit']>): never {
    throw new JsonProblem(`${what} (from character ${this.at + 1})`, limit);
  }

  skipSpace(): void {
    const text = this.text;
    let at = this.at;
    for (;;) {
      const c = text.charCodeAt(at);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
      at++;
    }
    this.at = at;
  }

  value(depth: number): JsonNode {
    if (++this.values > this.limits.maxValues)
      this.overLimit(`more than ${this.limits.maxValues.toLocaleString('en-US')} values`, 'values');
    const c = this.text.charCodeAt(this.at);
    if (c === 0x5b || c === 0x7b) {
      if (depth + 1 > this.limits.maxDepth)
        this.overLimit(`nested deeper than ${this.limits.maxDepth} levels`, 'depth');
      return c === 0x5b ? this.array(depth + 1) : this.object(depth + 1);
    }
    if (c === 0x22) return { kind: 'string', value: this.string() };
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.number();
    for (const [word, node] of LITERALS) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length;
        return node;
      }
    }
    return this.fail(`unexpected ${this.shown()}`);
  }

  /** The character at the reading position, shown safely. */
  private shown(): string {
    if (this.at >= this.text.length) return 'end of the text';
    const ch = String.fromCodePoint(this.text.codePointAt(this.at) ?? 0);
    return `"${visibleText(ch)}"`;
  }

  private array(depth: number): JsonNode {
    const items: JsonNode[] = [];
    this.at++; // [
    this.skipSpace();
    if (this.text.charCodeAt(this.at) === 0x5d) {
      this.at++;
      return { kind: 'array', items };
    }
    for (;;) {
      if (items.length >= this.limits.maxItems)
        this.overLimit(`more than ${this.limits.maxItems.toLocaleString('en-US')} items in one array`, 'items');
      this.skipSpace();
      items.push(this.value(depth));
      this.skipSpace();
      const c = this.text.charCodeAt(this.at);
      this.at++;
      if (c === 0x5d) return { kind: 'array', items };
      if (c !== 0x2c) this.fail(`expected "," or "]" but found ${this.back()}`, this.at - 1);
    }
  }

  private object(depth: number): JsonNode {
    const members: (readonly [string, JsonNode])[] = [];
    this.at++; // {
    this.skipSpace();
    if (this.text.charCodeAt(this.at) === 0x7d) {
      this.at++;
      return { kind: 'object', members };
    }
    for (;;) {
      if (members.length >= this.limits.maxItems)
        this.overLimit(`more than ${this.limits.maxItems.toLocaleString('en-US')} members in one object`, 'items');
      this.skipSpace();
      if (this.text.charCodeAt(this.at) !== 0x22) this.fail(`expected a quoted name but found ${this.shown()}`);
      const key = this.string();
      this.skipSpace();
      if (this.text.charCodeAt(this.at) !== 0x3a) this.fail(`expected ":" after a name but found ${this.shown()}`);
      this.at++;
      this.skipSpace();
      members.push([key, this.value(depth)]);
      this.skipSpace();
      const c = this.text.charCodeAt(this.at);
      this.at++;
      if (c === 0x7d) return { kind: 'object', members };
      if (c !== 0x2c) this.fail(`expected "," or "}" but found ${this.back()}`, this.at - 1);
    }
  }

  /** The character just read, shown safely (for a message about it). */
  private back(): string {
    this.at--;
    const shown = this.shown();
    this.at++;
    return shown;
  }

  // A string ends at the first quote preceded by an even number of backslashes; JSON.parse then
  // reads its escapes (and refuses raw control characters, as JSON does).
  private string(): string {
    const start = this.at;
    let from = start + 1;
    for (;;) {
      const quote = this.text.indexOf('"', from);
      if (quote < 0) this.fail('a string without its closing quote', start);
      let slashes = 0;
      while (this.text.charCodeAt(quote - 1 - slashes) === 0x5c) slashes++;
      if (slashes % 2 === 0) {
        this.at = quote + 1;
        try {
          return JSON.parse(this.text.slice(start, quote + 1)) as string;
        } catch {
          return this.fail('a malformed string (a bad escape, or a control character not written as \\u…)', start);
        }
      }
      from = quote + 1;
    }
  }

  private number(): JsonNode {
    const start = this.at;
    let state = firstNumberState(this.text.charCodeAt(this.at));
    this.at++;
    for (;;) {
      const next = nextNumberState(state, this.text.charCodeAt(this.at));
      if (next === 0) break;
      state = next;
      this.at++;
    }
    if (!TERMINAL_NUMBER[state]) this.fail('a malformed number', start);
    return { kind: 'number', text: this.text.slice(start, this.at) };
  }
}
