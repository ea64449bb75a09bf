// A JSON text read chunk by chunk, keeping only the values its caller selects. Compiler output is
// hundreds of megabytes of which an index needs a few kilobytes per contract, so the reader walks
// the bytes once: at each value inside a container the caller walks into, the caller says whether
// to take it (parsed, bounded in size), note it (its kind and size only), walk into it, or skip it.
// Skipped strings are jumped over with indexOf, never decoded; skipped containers are checked for
// their structure but build nothing. Bad structure is a JsonStreamError (a SyntaxError) naming its
// byte position; a limit passed is a JsonLimitError. Pure: no Node APIs, usable in a worker or not.
import { TERMINAL_NUMBER, firstNumberState, nextNumberState } from '../util/jsonNumber';

export type JsonKey = string | number;
/** `take`: parse and hand over; `note`: its kind and size only; `enter`: walk into it; `skip`: nothing. */
export type JsonSelection = 'take' | 'note' | 'enter' | 'skip';
export type JsonValueKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

export interface JsonNote {
  readonly kind: JsonValueKind;
  /** Its length in the text, in bytes. */
  readonly bytes: number;
}

export interface JsonStreamOptions {
  /**
   * Asked at the start of the root and of each member of a container walked into. The path (keys,
   * array indices) is only valid during the call. `enter` on a scalar is a skip.
   */
  select(path: readonly JsonKey[]): JsonSelection;
  /** A taken value, parsed, and its length in the text in bytes. */
  onValue?(path: readonly JsonKey[], value: unknown, bytes: number): void;
  onNote?(path: readonly JsonKey[], note: JsonNote): void;
  /** Deeper nesting is refused (1000 unless said). */
  readonly maxDepth?: number;
  /** The most bytes one taken value (or a key walked past) may have (16 MB unless said). */
  readonly maxValueBytes?: number;
}

export class JsonStreamError extends SyntaxError {
  constructor(
    what: string,
    readonly position: number,
  ) {
    super(`${what} in JSON at byte ${position}`);
    this.name = 'JsonStreamError';
  }
}

export class JsonLimitError extends RangeError {
  constructor(
    what: string,
    readonly position: number,
  ) {
    super(`${what} (JSON at byte ${position})`);
    this.name = 'JsonLimitError';
  }
}

const MB = 1024 * 1024;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
// Where the reader is: what the next non-blank byte may be.
const VALUE = 0; // a value
const VALUE_OR_CLOSE = 1; // after `[`
const KEY_OR_CLOSE = 2; // after `{`
const KEY = 3; // after a `,` in an object
const COLON = 4;
const AFTER = 5; // after a member: `,` or the close
const STRING = 6;
const NUMBER = 7;
const LITERAL = 8;
const DONE = 9;
// Container kinds on the stack.
const OBJECT = 1;
const ARRAY = 2;
// What happens to the value being read (a region: from its first byte to its last).
const NONE = 0;
const TAKE = 1;
const NOTE = 2;
const SKIP = 3;
const LITERALS: Record<number, Uint8Array> = {
  0x74: new TextEncoder().encode('true'),
  0x66: new TextEncoder().encode('false'),
  0x6e: new TextEncoder().encode('null'),
};
const ESCAPABLE = new Set([...'"\\/bfnrt'].map(c => c.charCodeAt(0)));
const EMPTY = new Uint8Array(0);

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isHex(c: number): boolean {
  return isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

function describe(c: number): string {
  return c >= 0x21 && c <= 0x7e ? `character '${String.fromCharCode(c)}'` : `byte 0x${c.toString(16).padStart(2, '0')}`;
}

function concat(parts: readonly Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export class JsonStreamReader {
  private readonly maxDepth: number;
  private readonly maxValueBytes: number;
  private readonly kinds: Uint8Array;
  private readonly path: JsonKey[] = [];
  private readonly decoder = new TextDecoder();
  private depth = 0;
  private state = VALUE;
  /** Bytes of the chunks before the current one. */
  private offset = 0;
  private region = NONE;
  private regionDepth = 0;
  private regionStart = 0;
  private regionKind: JsonValueKind = 'null';
  /** Bytes kept for a taken value or a key walked past: earlier chunks' parts, then from `captureFrom`. */
  private captureFrom = -1;
  private captured: Uint8Array[] = [];
  private capturedBytes = 0;
  private captureStart = 0;
  private stringIsKey = false;
  private stringChecked = false;
  /** 0: plain; 1: after a backslash; 2–5: that many hex digits of a \u escape to come (2: one). */
  private escape = 0;
  private numberState = 0;
  private literal: Uint8Array = EMPTY;
  private literalAt = 0;
  private ended = false;

  constructor(private readonly options: JsonStreamOptions) {
    this.maxDepth = options.maxDepth ?? 1000;
    this.maxValueBytes = options.maxValueBytes ?? 16 * MB;
    this.kinds = new Uint8Array(this.maxDepth + 1);
  }

  /** Bytes read so far. */
  get position(): number {
    return this.offset;
  }

  write(chunk: Uint8Array | string): void {
    if (this.ended) throw new Error('JsonStreamReader: write after end');
    const buf = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    this.scan(buf);
    if (this.captureFrom >= 0) {
      this.keep(buf.subarray(this.captureFrom).slice());
      this.captureFrom = 0;
    }
    this.offset += buf.length;
  }

  /** The text is complete: a value that has not ended is an error. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.state === NUMBER && this.depth === 0 && TERMINAL_NUMBER[this.numberState]) this.valueEnd(EMPTY, -1);
    if (this.state !== DONE) throw new JsonStreamError('Unexpected end', this.offset);
  }

  private scan(buf: Uint8Array): void {
    const n = buf.length;
    for (let i = 0; i < n; i++) {
      const c = buf[i];
      switch (this.state) {
        case STRING:
          i = this.scanString(buf, i);
          break;
        case NUMBER: {
          const next = nextNumberState(this.numberState, c);
          if (next !== 0) this.numberState = next;
          else if (TERMINAL_NUMBER[this.numberState]) {
            this.valueEnd(buf, i - 1);
            i--; // the byte after the number is read in the state after it
          } else throw this.unexpected(c, i);
          break;
        }
        case LITERAL:
          if (c !== this.literal[this.literalAt]) throw this.unexpected(c, i);
          if (++this.literalAt === this.literal.length) this.valueEnd(buf, i);
          break;
        case VALUE:
        case VALUE_OR_CLOSE:
          if (isBlank(c)) break;
          if (c === 0x5d && this.state === VALUE_OR_CLOSE) this.close(buf, i, ARRAY);
          else this.beginValue(i, c);
          break;
        case AFTER:
          if (!isBlank(c)) this.afterMember(buf, i, c);
          break;
        case KEY_OR_CLOSE:
        case KEY:
          if (isBlank(c)) break;
          if (c === 0x7d && this.state === KEY_OR_CLOSE) this.close(buf, i, OBJECT);
          else if (c === QUOTE) this.beginString(i, true);
          else throw this.unexpected(c, i);
          break;
        case COLON:
          if (isBlank(c)) break;
          if (c !== 0x3a) throw this.unexpected(c, i);
          this.state = VALUE;
          break;
        default:
          if (!isBlank(c)) throw this.unexpected(c, i);
      }
    }
  }

  private unexpected(c: number, i: number): JsonStreamError {
    return new JsonStreamError(`Unexpected ${describe(c)}`, this.offset + i);
  }

  private afterMember(buf: Uint8Array, i: number, c: number): void {
    const kind = this.kinds[this.depth - 1];
    if (c === 0x2c) {
      if (kind === ARRAY) {
        if (this.region === NONE) this.path[this.depth - 1] = (this.path[this.depth - 1] as number) + 1;
        this.state = VALUE;
      } else this.state = KEY;
    } else if (c === 0x5d || c === 0x7d) this.close(buf, i, c === 0x5d ? ARRAY : OBJECT);
    else throw this.unexpected(c, i);
  }

  private beginValue(i: number, c: number): void {
    const container = c === 0x7b || c === 0x5b;
    if (this.region === NONE) {
      const selection = this.options.select(this.path);
      if (selection !== 'enter' || !container) this.beginRegion(selection, i, c);
    }
    if (container) {
      if (this.depth >= this.maxDepth) throw new JsonLimitError(`nested deeper than ${this.maxDepth}`, this.offset + i);
      const kind = c === 0x7b ? OBJECT : ARRAY;
      this.kinds[this.depth++] = kind;
      if (this.region === NONE) this.path.push(kind === ARRAY ? 0 : '');
      this.state = kind === ARRAY ? VALUE_OR_CLOSE : KEY_OR_CLOSE;
    } else if (c === QUOTE) this.beginString(i, false);
    else if (c === 0x2d || isDigit(c)) {
      this.state = NUMBER;
      this.numberState = firstNumberState(c);
    } else if (LITERALS[c] !== undefined) {
      this.state = LITERAL;
      this.literal = LITERALS[c];
      this.literalAt = 1;
    } else throw this.unexpected(c, i);
  }

  private beginRegion(selection: JsonSelection, i: number, c: number): void {
    this.region = selection === 'take' ? TAKE : selection === 'note' ? NOTE : SKIP;
    this.regionDepth = this.depth;
    this.regionStart = this.offset + i;
    this.regionKind =
      c === 0x7b
        ? 'object'
        : c === 0x5b
          ? 'array'
          : c === QUOTE
            ? 'string'
            : c === 0x74 || c === 0x66
              ? 'boolean'
              : c === 0x6e
                ? 'null'
                : 'number';
    if (this.region === TAKE) this.beginCapture(i);
  }

  private beginCapture(i: number): void {
    this.captureFrom = i;
    this.captured = [];
    this.capturedBytes = 0;
    this.captureStart = this.offset + i;
  }

  private keep(part: Uint8Array): void {
    this.captured.push(part);
    this.capturedBytes += part.length;
    if (this.capturedBytes > this.maxValueBytes) this.tooLarge();
  }

  private tooLarge(): never {
    throw new JsonLimitError(
      `a selected JSON value is larger than ${Math.round(this.maxValueBytes / 1024)} KB`,
      this.captureStart,
    );
  }

  /** The bytes captured, through `last` of this chunk. */
  private takeCapture(buf: Uint8Array, last: number): Uint8Array {
    const tail = buf.subarray(this.captureFrom, last + 1);
    if (this.capturedBytes + tail.length > this.maxValueBytes) this.tooLarge();
    const bytes = concat([...this.captured, tail], this.capturedBytes + tail.length);
    this.captureFrom = -1;
    this.captured = [];
    this.capturedBytes = 0;
    return bytes;
  }

  private beginString(i: number, key: boolean): void {
    this.state = STRING;
    this.stringIsKey = key;
    this.escape = 0;
    // A key of an object walked into is read (it becomes part of the path), and a taken string is
    // checked here, so parsing what was captured cannot fail; anything else is only jumped over.
    this.stringChecked = this.region === TAKE || (key && this.region === NONE);
    if (key && this.region === NONE) this.beginCapture(i);
  }

  /** Reads string bytes from `i`; returns the index of the last byte it consumed. */
  private scanString(buf: Uint8Array, i: number): number {
    return this.stringChecked ? this.scanCheckedString(buf, i) : this.skipString(buf, i);
  }

  private skipString(buf: Uint8Array, from: number): number {
    const n = buf.length;
    let i = from;
    if (this.escape !== 0) {
      this.escape = 0; // the byte after a backslash that ended the last chunk
      i++;
    }
    for (;;) {
      const quote = i < n ? buf.indexOf(QUOTE, i) : -1;
      const stop = quote < 0 ? n : quote;
      let run = 0;
      while (stop - run - 1 >= i && buf[stop - run - 1] === BACKSLASH) run++;
      if (quote < 0) {
        this.escape = run & 1;
        return n - 1;
      }
      if ((run & 1) === 0) {
        this.stringEnd(buf, quote);
        return quote;
      }
      i = quote + 1;
    }
  }

  private scanCheckedString(buf: Uint8Array, from: number): number {
    const n = buf.length;
    for (let i = from; i < n; i++) {
      const c = buf[i];
      if (this.escape === 0) {
        if (c === QUOTE) {
          this.stringEnd(buf, i);
          return i;
        }
        if (c === BACKSLASH) this.escape = 1;
        else if (c < 0x20) throw new JsonStreamError('Bad control character in string', this.offset + i);
      } else if (this.escape === 1) {
        if (c === 0x75) this.escape = 5;
        else if (ESCAPABLE.has(c)) this.escape = 0;
        else throw new JsonStreamError('Bad escaped character', this.offset + i);
      } else {
        if (!isHex(c)) throw new JsonStreamError('Bad Unicode escape', this.offset + i);
        this.escape = this.escape === 2 ? 0 : this.escape - 1;
      }
    }
    return n - 1;
  }

  private stringEnd(buf: Uint8Array, quote: number): void {
    if (!this.stringIsKey) return this.valueEnd(buf, quote);
    if (this.region === NONE) {
      const key = JSON.parse(this.decoder.decode(this.takeCapture(buf, quote))) as string;
      this.path[this.depth - 1] = key;
    }
    this.state = COLON;
  }

  private close(buf: Uint8Array, i: number, kind: number): void {
    if (this.kinds[this.depth - 1] !== kind) throw this.unexpected(buf[i], i);
    this.depth--;
    if (this.region === NONE) this.path.pop();
    this.valueEnd(buf, i);
  }

  /** A value ended at byte `last` of `buf` (-1: at the end of the previous chunk). */
  private valueEnd(buf: Uint8Array, last: number): void {
    if (this.region !== NONE && this.depth === this.regionDepth) this.regionEnd(buf, last);
    this.state = this.depth === 0 ? DONE : AFTER;
  }

  private regionEnd(buf: Uint8Array, last: number): void {
    const region = this.region;
    this.region = NONE;
    const path = this.path.slice(0, this.regionDepth);
    if (region === TAKE) {
      const bytes = this.takeCapture(buf, last);
      this.options.onValue?.(path, JSON.parse(this.decoder.decode(bytes)), bytes.length);
    } else if (region === NOTE) {
      this.options.onNote?.(path, { kind: this.regionKind, bytes: this.offset + last + 1 - this.regionStart });
    }
  }
}
