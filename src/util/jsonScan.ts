// The structure of a JSON text, found in bounded steps: the readers that build a large document
// piece by piece without holding the extension host's thread (the ABI artifacts' and the mirror
// node bodies') share this first pass and differ only in how they build the pieces.
//
// One walk over the text records each object or array (its brackets, and the commas and colons
// between its direct members) and which containers are large, so the caller can parse every small
// member whole and rebuild only the large ones. Strings are skipped with indexOf: the walk reads
// structure, not string contents. Bad structure is a SyntaxError naming its position.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;
const COLON = 0x3a;
const WHITESPACE_ONLY = /^[ \t\n\r]*$/;

/** An object or array of the text. */
export interface JsonContainer {
  readonly array: boolean;
  /** Where its `[` or `{` is. */
  readonly open: number;
  /** Where its `]` or `}` is (-1 until the walk has passed it). */
  close: number;
  /** Positions of the commas between its direct members. */
  readonly commas: number[];
  /** Positions of the colons of its direct members (objects). */
  readonly colons: number[];
  /** Direct members that are large containers themselves, in text order. */
  readonly large: JsonContainer[];
}

export function malformedJson(what: string, at: number): SyntaxError {
  return new SyntaxError(`${what} in JSON at position ${at}`);
}

/** Whether `text` is JSON whitespace only (or empty). */
export function isJsonWhitespace(text: string): boolean {
  return WHITESPACE_ONLY.test(text);
}

/**
 * The walk, driven by its caller: `advance(n)` reads at least the next `n` characters (a string is
 * always skipped whole) and says whether the text is done; then `root` is the one top-level
 * container (undefined for a scalar) and `largeAt(open)` finds a large container by its bracket.
 */
export class JsonStructureScan {
  private readonly stack: JsonContainer[] = [];
  private readonly largeByOpen = new Map<number, JsonContainer>();
  private at = 0;
  private top: JsonContainer | undefined;

  /**
   * @param largeChars a container of at least this many characters is large
   * @param maxDepth deeper nesting is refused (a SyntaxError saying so) before it costs anything
   */
  constructor(
    private readonly text: string,
    private readonly largeChars: number,
    private readonly maxDepth = Infinity,
  ) {}

  /** The top-level container, once `advance` has said the text is done. */
  get root(): JsonContainer | undefined {
    return this.top;
  }

  /** The large container whose bracket opens at `open`, if there is one. */
  largeAt(open: number): JsonContainer | undefined {
    return this.largeByOpen.get(open);
  }

  advance(chars: number): boolean {
    const { text, stack } = this;
    const n = text.length;
    const stop = Math.min(n, this.at + chars);
    let i = this.at;
    for (; i < stop; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        i = stringEnd(text, i);
      } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
        // One container at the top, with nothing but whitespace before it (a scalar is parsed
        // whole by the caller, and cannot be followed by a container).
        if (stack.length === 0 && (this.top !== undefined || !isJsonWhitespace(text.slice(0, i))))
          throw malformedJson(`unexpected '${text[i]}'`, i);
        if (stack.length >= this.maxDepth) throw new SyntaxError(`nested deeper than ${this.maxDepth} levels`);
        stack.push({ array: c === OPEN_ARRAY, open: i, close: -1, commas: [], colons: [], large: [] });
      } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
        const node = stack.pop();
        if (!node || node.array !== (c === CLOSE_ARRAY)) throw malformedJson(`unexpected '${text[i]}'`, i);
        node.close = i;
        const parent = stack[stack.length - 1];
        const large = i - node.open + 1 >= this.largeChars;
        if (large) this.largeByOpen.set(node.open, node);
        if (parent === undefined) this.top = node;
        else if (large) parent.large.push(node);
      } else if (c === COMMA || c === COLON) {
        const top = stack[stack.length - 1];
        if (top === undefined) throw malformedJson(`unexpected '${text[i]}'`, i);
        (c === COMMA ? top.commas : top.colons).push(i);
      }
    }
    this.at = i;
    if (i < n) return false;
    if (stack.length > 0) throw malformedJson('unterminated container', n);
    if (this.top && !isJsonWhitespace(text.slice(this.top.close + 1)))
      throw malformedJson('unexpected text after the value', this.top.close + 1);
    return true;
  }
}

/** The index of the quote that ends the string opened at `open`. */
function stringEnd(text: string, open: number): number {
  let q = text.indexOf('"', open + 1);
  while (q !== -1) {
    let backslashes = 0;
    for (let j = q - 1; text.charCodeAt(j) === BACKSLASH; j--) backslashes++;
    if ((backslashes & 1) === 0) return q;
    q = text.indexOf('"', q + 1);
  }
  throw malformedJson('unterminated string', open);
}
