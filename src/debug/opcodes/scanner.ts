// A JSON tokenizer for one large answer that arrives in chunks: it walks each chunk's bytes once
// and hands its handler every token as a range of the chunk (no string is made unless the handler
// asks for one), so the work of a `write` is bounded by the chunk. A string's end is found with
// indexOf; its content is checked by the handler when it reads it (a word of hex digits proves
// itself) or else here, so every string is checked once. A token cut by a chunk's end is carried
// over: a string's bytes (bounded), a number's state. Strict JSON: what JSON.parse refuses is an
// OpcodeTraceError naming the byte. Pure: no Node APIs.
import {
  N_DOT,
  N_EXP,
  N_EXP_DIGITS,
  N_EXP_SIGN,
  N_FRAC,
  N_INT,
  N_MINUS,
  N_ZERO,
  TERMINAL_NUMBER,
} from '../../util/jsonNumber';

/** What the opcode trace reader throws: not JSON, not an opcode trace, or over a limit; in words. */
export class OpcodeTraceError extends Error {
  override readonly name = 'OpcodeTraceError';
}

export interface JsonHandler {
  /** While true, a string cut by a chunk's end is checked but not kept (the handler skips it). */
  readonly ignoring: boolean;
  open(array: boolean): void;
  close(): void;
  /** A key: its bytes between the quotes, as written. True when the handler proved them valid. */
  key(buf: Uint8Array, start: number, end: number): boolean;
  /** A string value, likewise. The handler may read it with `JsonScanner.text`. */
  string(buf: Uint8Array, start: number, end: number): boolean;
  /** A number; `exactInteger` when it has no fraction or exponent and is within ±2^53. */
  number(value: number, exactInteger: boolean): void;
  literal(value: boolean | null): void;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
// What the next non-blank byte may be.
const VALUE = 0;
const VALUE_OR_CLOSE = 1;
const KEY_OR_CLOSE = 2;
const KEY = 3;
const COLON = 4;
const AFTER = 5;
const STRING = 6;
const NUMBER = 7;
const LITERAL = 8;
const DONE = 9;
const OBJECT = 1;
const ARRAY = 2;
/** Digits of a number kept for its text; longer numbers are out of every range this reader takes. */
const MAX_NUMBER_TEXT = 64;
const LITERALS = [
  new TextEncoder().encode('true'),
  new TextEncoder().encode('false'),
  new TextEncoder().encode('null'),
];
const LITERAL_VALUES = [true, false, null] as const;

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
}

const ESCAPABLE = new Set([...'"\\/bfnrt'].map(c => c.charCodeAt(0)));

/**
 * Checks string content as written between the quotes, from escape state `escape` (0 plain, 1 after
 * a backslash, 2..5 hex digits of a \u to come, as 5 - count read). Returns the state after the last
 * byte, or -1 - i for the bad byte at i.
 */
function checkContent(buf: Uint8Array, start: number, end: number, escape: number): number {
  let state = escape;
  for (let i = start; i < end; i++) {
    const c = buf[i];
    if (state === 0) {
      if (c === BACKSLASH) state = 1;
      else if (c < 0x20) return -1 - i;
    } else if (state === 1) {
      if (c === 0x75) state = 5;
      else if (ESCAPABLE.has(c)) state = 0;
      else return -1 - i;
    } else {
      if (!isHex(c)) return -1 - i;
      state = state === 2 ? 0 : state - 1;
    }
  }
  return state;
}

function describe(c: number): string {
  return c >= 0x21 && c <= 0x7e ? `'${String.fromCharCode(c)}'` : `byte 0x${c.toString(16).padStart(2, '0')}`;
}

export class JsonScanner {
  private state = VALUE;
  private depth = 0;
  private readonly kinds: Uint8Array;
  /** Bytes of the chunks before the current one. */
  private offset = 0;
  private readonly decoder = new TextDecoder();
  // A string cut by a chunk's end: its bytes so far (unless ignored) and its escape state.
  private part = new Uint8Array(256);
  private partLength = 0;
  private partStart = 0;
  private partIsKey = false;
  private partKept = false;
  private escape = 0;
  // A number being read.
  private numberState = 0;
  private numberValue = 0;
  private numberDigits = 0;
  private numberNegative = false;
  private numberInteger = true;
  private readonly numberText = new Uint8Array(MAX_NUMBER_TEXT);
  private numberLength = 0;
  // A literal being read.
  private literal = 0;
  private literalAt = 0;

  constructor(
    private readonly handler: JsonHandler,
    private readonly maxDepth = 512,
    private readonly maxStringBytes = 16 * 1024 * 1024,
  ) {
    this.kinds = new Uint8Array(maxDepth + 1);
  }

  /** Bytes read so far. */
  get position(): number {
    return this.offset;
  }

  /** Whether the last number had no fraction and no exponent. */
  get lastNumberIsInteger(): boolean {
    return this.numberInteger;
  }

  /** The last number's text (for a value beyond 2^53), or undefined when it was over 64 characters. */
  numberString(): string | undefined {
    if (this.numberLength > MAX_NUMBER_TEXT) return undefined;
    return String.fromCharCode(...this.numberText.subarray(0, this.numberLength));
  }

  /** A string's content as text, escapes decoded; throws an OpcodeTraceError when it is not valid. */
  text(buf: Uint8Array, start: number, end: number): string {
    const escaped = this.check(buf, start, end);
    const raw = this.decoder.decode(buf.subarray(start, end));
    return escaped ? (JSON.parse(`"${raw}"`) as string) : raw;
  }

  /** Checks a string's content; true when it has escapes. */
  check(buf: Uint8Array, start: number, end: number): boolean {
    const state = checkContent(buf, start, end, 0);
    if (state < 0) {
      const at = -1 - state;
      throw this.error(buf === this.part ? this.partStart : this.offset + at, 'a bad character or escape in a string');
    }
    if (state !== 0) throw this.error(this.offset + end, 'an escape cut short at the end of a string');
    for (let i = start; i < end; i++) if (buf[i] === BACKSLASH) return true;
    return false;
  }

  write(buf: Uint8Array): void {
    const n = buf.length;
    let i = 0;
    if (this.state === STRING) i = this.continueString(buf);
    else if (this.state === NUMBER) i = this.readNumber(buf, 0);
    else if (this.state === LITERAL) i = this.readLiteral(buf, 0);
    while (i < n) {
      const c = buf[i];
      if (isBlank(c)) {
        i++;
        continue;
      }
      const state = this.state;
      if (state === VALUE || state === VALUE_OR_CLOSE) {
        if (c === 0x5d && state === VALUE_OR_CLOSE) this.close(ARRAY, c, i++);
        else i = this.value(buf, i, c);
      } else if (state === AFTER) {
        if (c === 0x2c) this.state = this.kinds[this.depth - 1] === ARRAY ? VALUE : KEY;
        else if (c === 0x5d || c === 0x7d) this.close(c === 0x5d ? ARRAY : OBJECT, c, i);
        else throw this.unexpected(c, i);
        i++;
      } else if (state === KEY || state === KEY_OR_CLOSE) {
        if (c === 0x7d && state === KEY_OR_CLOSE) this.close(OBJECT, c, i++);
        else if (c === QUOTE) i = this.string(buf, i + 1, true);
        else throw this.unexpected(c, i);
      } else if (state === COLON && c === 0x3a) {
        this.state = VALUE;
        i++;
      } else throw this.unexpected(c, i);
    }
    this.offset += n;
  }

  /** The text is complete: a value that has not ended is an error. */
  end(): void {
    if (this.state === NUMBER && this.depth === 0 && TERMINAL_NUMBER[this.numberState]) this.numberEnd();
    if (this.state !== DONE) throw this.error(this.offset, 'the JSON text ends before its value is complete');
  }

  private error(position: number, what: string): OpcodeTraceError {
    return new OpcodeTraceError(`not JSON: ${what} at byte ${position}`);
  }

  private unexpected(c: number, i: number): OpcodeTraceError {
    return this.error(this.offset + i, `unexpected ${describe(c)}`);
  }

  /** A value starting with byte `c` at `i`; returns the index after what was read. */
  private value(buf: Uint8Array, i: number, c: number): number {
    if (c === QUOTE) return this.string(buf, i + 1, false);
    if (c === 0x7b || c === 0x5b) {
      if (this.depth >= this.maxDepth) throw this.error(this.offset + i, `nesting deeper than ${this.maxDepth}`);
      const array = c === 0x5b;
      this.kinds[this.depth++] = array ? ARRAY : OBJECT;
      this.state = array ? VALUE_OR_CLOSE : KEY_OR_CLOSE;
      this.handler.open(array);
      return i + 1;
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      this.numberState = 0;
      this.numberValue = 0;
      this.numberDigits = 0;
      this.numberLength = 0;
      this.numberNegative = c === 0x2d;
      this.numberInteger = true;
      return this.readNumber(buf, i);
    }
    const literal = c === 0x74 ? 0 : c === 0x66 ? 1 : c === 0x6e ? 2 : -1;
    if (literal < 0) throw this.unexpected(c, i);
    this.literal = literal;
    this.literalAt = 0;
    return this.readLiteral(buf, i);
  }

  private afterValue(): void {
    this.state = this.depth === 0 ? DONE : AFTER;
  }

  private close(kind: number, c: number, i: number): void {
    if (this.kinds[this.depth - 1] !== kind) throw this.unexpected(c, i);
    this.depth--;
    this.handler.close();
    this.afterValue();
  }

  /** A string whose content starts at `from`; returns the index after its closing quote (or n). */
  private string(buf: Uint8Array, from: number, isKey: boolean): number {
    let quote = buf.indexOf(QUOTE, from);
    while (quote >= 0) {
      let run = 0;
      while (quote - run - 1 >= from && buf[quote - run - 1] === BACKSLASH) run++;
      if ((run & 1) === 0) break;
      quote = buf.indexOf(QUOTE, quote + 1);
    }
    if (quote < 0) {
      this.partStart = this.offset + from;
      this.partLength = 0;
      this.partIsKey = isKey;
      this.partKept = !this.handler.ignoring;
      const state = checkContent(buf, from, buf.length, 0);
      if (state < 0) throw this.error(this.offset + -1 - state, 'a bad character or escape in a string');
      this.escape = state;
      this.state = STRING;
      this.keepPart(buf, from, buf.length);
      return buf.length;
    }
    this.stringEnd(buf, from, quote, isKey);
    return quote + 1;
  }

  private stringEnd(buf: Uint8Array, start: number, end: number, isKey: boolean): void {
    const checked = isKey ? this.handler.key(buf, start, end) : this.handler.string(buf, start, end);
    if (!checked) this.check(buf, start, end);
    if (isKey) this.state = COLON;
    else this.afterValue();
  }

  /** The rest of a string cut by the last chunk's end, byte by byte (escapes may straddle chunks). */
  private continueString(buf: Uint8Array): number {
    const n = buf.length;
    let i = 0;
    for (; i < n; i++) {
      if (this.escape === 0 && buf[i] === QUOTE) break;
      const state = checkContent(buf, i, i + 1, this.escape);
      if (state < 0) throw this.error(this.offset + i, 'a bad character or escape in a string');
      this.escape = state;
    }
    this.keepPart(buf, 0, i);
    if (i === n) return n;
    this.stringEnd(this.part, 0, this.partLength, this.partIsKey);
    return i + 1;
  }

  /** Keeps (unless ignored) the checked bytes of a string cut by a chunk's end. */
  private keepPart(buf: Uint8Array, from: number, to: number): void {
    if (!this.partKept || to === from) return;
    const needed = this.partLength + to - from;
    if (needed > this.maxStringBytes)
      throw new OpcodeTraceError(
        `a string of more than ${this.maxStringBytes} bytes at byte ${this.partStart}: more than this reader keeps`,
      );
    if (needed > this.part.length) {
      const grown = new Uint8Array(Math.max(needed, this.part.length * 2));
      grown.set(this.part.subarray(0, this.partLength));
      this.part = grown;
    }
    this.part.set(buf.subarray(from, to), this.partLength);
    this.partLength = needed;
  }

  /** Number bytes from `i`; returns the index of the first byte after it (n when it may go on). */
  private readNumber(buf: Uint8Array, from: number): number {
    const n = buf.length;
    let state = this.numberState;
    let i = from;
    for (; i < n; i++) {
      const c = buf[i];
      const digit = c >= 0x30 && c <= 0x39;
      // jsonNumber.ts's grammar, written out inline: this loop reads every digit of the trace, and
      // a call per byte cost 70% more time here.
      let next: number;
      if (state === 0) next = c === 0x2d ? N_MINUS : c === 0x30 ? N_ZERO : N_INT;
      else if (state === N_MINUS) next = c === 0x30 ? N_ZERO : digit ? N_INT : 0;
      else if (state === N_INT) next = digit ? N_INT : c === 0x2e ? N_DOT : c === 0x65 || c === 0x45 ? N_EXP : 0;
      else if (state === N_ZERO) next = c === 0x2e ? N_DOT : c === 0x65 || c === 0x45 ? N_EXP : 0;
      else if (state === N_DOT || state === N_FRAC)
        next = digit ? N_FRAC : state === N_FRAC && (c | 0x20) === 0x65 ? N_EXP : 0;
      else if (state === N_EXP) next = digit ? N_EXP_DIGITS : c === 0x2b || c === 0x2d ? N_EXP_SIGN : 0;
      else next = digit ? N_EXP_DIGITS : 0;
      if (next === 0) break;
      if (next === N_INT || next === N_ZERO) {
        this.numberValue = this.numberValue * 10 + (c - 0x30);
        this.numberDigits++;
      } else if (next !== N_MINUS) this.numberInteger = false;
      if (this.numberLength < MAX_NUMBER_TEXT) this.numberText[this.numberLength] = c;
      this.numberLength++;
      state = next;
    }
    this.numberState = state;
    if (i === n) {
      this.state = NUMBER;
      return n;
    }
    if (!TERMINAL_NUMBER[state]) throw this.unexpected(buf[i], i);
    this.numberEnd();
    return i;
  }

  private numberEnd(): void {
    const exact = this.numberInteger && this.numberDigits <= 15;
    let value: number;
    if (exact) value = this.numberNegative ? -this.numberValue : this.numberValue;
    else {
      const text = this.numberString();
      value = text === undefined ? (this.numberNegative ? -Infinity : Infinity) : Number(text);
    }
    this.handler.number(value, exact || (this.numberInteger && Number.isSafeInteger(value)));
    this.afterValue();
  }

  private readLiteral(buf: Uint8Array, from: number): number {
    const expected = LITERALS[this.literal];
    const n = buf.length;
    let i = from;
    for (; i < n && this.literalAt < expected.length; i++, this.literalAt++) {
      if (buf[i] !== expected[this.literalAt]) throw this.unexpected(buf[i], i);
    }
    if (this.literalAt < expected.length) {
      this.state = LITERAL;
      return n;
    }
    this.handler.literal(LITERAL_VALUES[this.literal]);
    this.afterValue();
    return i;
  }
}
