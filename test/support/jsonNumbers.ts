// The number literals of a JSON text, each with its path and its exact characters. The conformance
// test compares every one of them with what the client parsed, so the reference must never go
// through a double: this reader looks at characters only.

export type JsonPath = readonly (string | number)[];

export interface NumberToken {
  readonly path: JsonPath;
  /** The literal exactly as written, e.g. `-9223372036854775808` or `1.5e3`. */
  readonly text: string;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WS = /[ \t\r\n]*/y;

/** Every number literal of `text` in document order. Throws on malformed JSON. */
export function numberTokens(text: string): NumberToken[] {
  const out: NumberToken[] = [];
  let i = 0;

  const skipWs = (): void => {
    WS.lastIndex = i;
    WS.exec(text);
    i = WS.lastIndex;
  };
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at offset ${i}`);
  };
  const readString = (): string => {
    if (text[i] !== '"') fail('expected a string');
    const start = i;
    i++;
    for (;;) {
      const c = text.charCodeAt(i);
      if (Number.isNaN(c)) fail('unterminated string');
      if (c === 0x5c) i += 2;
      else if (c === 0x22) {
        i++;
        break;
      } else i++;
    }
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (path: (string | number)[]): void => {
    skipWs();
    const c = text[i];
    if (c === '{') {
      i++;
      skipWs();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        skipWs();
        const key = readString();
        skipWs();
        if (text[i] !== ':') fail('expected ":"');
        i++;
        value([...path, key]);
        skipWs();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return;
        } else fail('expected "," or "}"');
      }
    } else if (c === '[') {
      i++;
      skipWs();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (let n = 0; ; n++) {
        value([...path, n]);
        skipWs();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return;
        } else fail('expected "," or "]"');
      }
    } else if (c === '"') {
      readString();
    } else if (text.startsWith('true', i)) i += 4;
    else if (text.startsWith('false', i)) i += 5;
    else if (text.startsWith('null', i)) i += 4;
    else {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (m === null) fail('unexpected character');
      out.push({ path, text: m![0] });
      i = NUMBER.lastIndex;
    }
  };

  value([]);
  skipWs();
  if (i !== text.length) fail('trailing characters');
  return out;
}

/** The value at `path` inside a parsed object, or `undefined` when some step is missing. */
export function valueAt(root: unknown, path: JsonPath): unknown {
  let cur: unknown = root;
  for (const step of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[step];
  }
  return cur;
}

export function formatPath(path: JsonPath): string {
  return path.map(p => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('') || '(root)';
}
