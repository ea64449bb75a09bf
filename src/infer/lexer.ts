// Where the code is in a source file: the comments and string literals, found by a small lexer that
// never parses anything. A `Client.forTestnet()` inside a comment or a string is a mention, not a
// call. The lexer is one regular expression whose matches are whole comments and strings; a
// scanner appends its own alternatives to it and so sees them only in code, in one pass.

/** The comment and string rules of a family of languages. */
export type Flavor = 'c' | 'python';

const C_LANGUAGES = new Set([
  'javascript',
  'javascriptreact',
  'typescript',
  'typescriptreact',
  'java',
  'go',
  'kotlin',
  'swift',
  'rust',
  'csharp',
  'cpp',
  'c',
  'dart',
  'scala',
  'groovy',
]);

const C_EXTENSIONS = /\.(?:[cm]?[jt]sx?|java|go|kts?|swift|rs|cs|cpp|cc|cxx|hpp|h|c|dart|scala|groovy)$/i;

/**
 * The flavor of a document from its VS Code language id (or, without one, its file name), or
 * undefined for a language inference does not read (Markdown, plain text, JSON, ...): a README that
 * shows `Client.forMainnet()` is documentation, not the code's network.
 */
export function flavorOf(languageId: string | undefined, fileName?: string): Flavor | undefined {
  if (languageId === 'python') return 'python';
  if (languageId !== undefined && C_LANGUAGES.has(languageId)) return 'c';
  if (languageId === undefined && fileName !== undefined) {
    if (/\.pyw?$/i.test(fileName)) return 'python';
    if (C_EXTENSIONS.test(fileName)) return 'c';
  }
  return undefined;
}

// One token per match: a whole comment or string literal. One-line strings end at their closing
// quote or at the end of the line (an unterminated string cannot run on, so a lexer confused by a
// regex literal or a Rust lifetime recovers at the newline). A template literal (JavaScript) or raw
// string (Go) may span lines; its `${...}` parts count as string. One exec per token keeps the
// lexer near the speed of a bare loop over the characters (the patterns are unrolled: a run of
// ordinary characters is one step).
const C_TOKEN =
  /\/\/[^\n]*|\/\*[^*]*(?:\*+[^*/][^*]*)*(?:\*+\/)?|"[^"\\\n]*(?:\\[\s\S][^"\\\n]*)*"?|'[^'\\\n]*(?:\\[\s\S][^'\\\n]*)*'?|`[^`\\]*(?:\\[\s\S][^`\\]*)*`?/g;
const PY_TOKEN =
  /#[^\n]*|"""[\s\S]*?(?:"""|$)|'''[\s\S]*?(?:'''|$)|"(?:[^"\\\n]|\\[\s\S])*"?|'(?:[^'\\\n]|\\[\s\S])*'?/g;

function tokenPattern(flavor: Flavor): RegExp {
  return flavor === 'python' ? PY_TOKEN : C_TOKEN;
}

/**
 * The source of the pattern matching one whole comment or string of `flavor`, with no capture
 * groups, for a scanner that puts its own alternatives after it: the regex engine tries the
 * earliest position first, so whatever follows is only ever matched in code.
 */
export function commentOrStringSource(flavor: Flavor): string {
  return tokenPattern(flavor).source;
}

/**
 * The 1-based line of `offset`, for offsets asked in increasing order: a cursor that only moves
 * forward, so asking about every call in a file costs one pass over it however the lines fall.
 */
export class LineCounter {
  private line = 1;
  /** The first newline not yet counted; -1 once there is none. */
  private nextNewline: number;

  constructor(private readonly text: string) {
    this.nextNewline = text.indexOf('\n');
  }

  /** Offsets must be asked in increasing order. */
  lineAt(offset: number): number {
    // Only a newline before `offset` is searched past: on a long line (a minified bundle) the
    // next one is found once, not again for every offset asked on that line.
    while (this.nextNewline >= 0 && this.nextNewline < offset) {
      this.line++;
      this.nextNewline = this.text.indexOf('\n', this.nextNewline + 1);
    }
    return this.line;
  }
}

/**
 * `text` with every comment blanked (each character but a newline becomes a space), and with the
 * contents of strings blanked too when `blankStrings` is set (the quotes stay). Offsets and lines
 * are unchanged, so a match in the result is a match at the same place in the original.
 */
export function blankNonCode(text: string, flavor: Flavor, blankStrings: boolean): string {
  const token = tokenPattern(flavor);
  const parts: string[] = [];
  let copied = 0;
  token.lastIndex = 0;
  for (let m = token.exec(text); m !== null; m = token.exec(text)) {
    const t = m[0];
    const comment = t[0] === '#' || (t[0] === '/' && (t[1] === '/' || t[1] === '*'));
    if (!comment && !blankStrings) continue;
    // Keep a string's quotes: its opening one and, when it was closed, its closing one.
    const q = comment ? 0 : t.startsWith('"""') || t.startsWith("'''") ? 3 : 1;
    const closed = !comment && t.length >= 2 * q && t.endsWith(t.slice(0, q));
    const from = m.index + q;
    const to = closed ? m.index + t.length - q : m.index + t.length;
    parts.push(text.slice(copied, from), text.slice(from, to).replace(/[^\n]/g, ' '));
    copied = to;
  }
  parts.push(text.slice(copied));
  return parts.join('');
}
