// The contracts and functions of a Solidity source, found by one pass over its text: where each
// `contract X` (and `abstract contract`, `interface`, `library`) starts, and each `function f(...)`
// of its body with its parameter types and whether it is `view`/`pure`. Comments and string
// literals are skipped; everything else is a token. Linear in the text and bounded (characters
// read, items kept), so a 5 MB file costs one quick pass and a hostile one no more. Not a parser:
// what it cannot read (a broken header) it passes over. Pure: no vscode.
import type { AbiFunction } from '../../abi';

export type ContractKind = 'contract' | 'abstract contract' | 'interface' | 'library';
export type Mutability = 'pure' | 'view' | 'payable' | 'nonpayable';

export interface OutlineFunction {
  readonly name: string;
  /** Where the `function` keyword is: 0-based line and character (UTF-16 units, as editors count). */
  readonly line: number;
  readonly character: number;
  /**
   * Each parameter's type as written, made canonical where the ABI's is known from it (`uint` →
   * `uint256`, `address payable` → `address`); a user-defined type keeps its name (`Stage`,
   * `Crowdfund.Pledge[]`), which the ABI writes otherwise (`uint8`, `tuple[]`).
   */
  readonly params: readonly string[];
  readonly mutability: Mutability;
}

export interface OutlineContract {
  readonly kind: ContractKind;
  readonly name: string;
  /** Where the declaration starts (`abstract` or `contract`). */
  readonly line: number;
  readonly character: number;
  readonly functions: readonly OutlineFunction[];
}

export interface SolidityOutline {
  readonly contracts: readonly OutlineContract[];
  /** True when a limit stopped the reading before the end of the text. */
  readonly truncated: boolean;
}

export interface OutlineLimits {
  /** Characters read from the start (2,000,000 unless said). */
  readonly maxChars?: number;
  /** Contracts and functions kept, together (2,000 unless said). */
  readonly maxItems?: number;
}

export const DEFAULT_OUTLINE_LIMITS: Required<OutlineLimits> = { maxChars: 2_000_000, maxItems: 2_000 };

const enum Kind {
  Ident,
  Punct,
  Other,
  End,
}

/** The text as tokens, one at a time (no array of them: the fields of the current one). */
class Lexer {
  // Read through methods, not fields: TypeScript would keep a field's narrowing across next().
  private current = Kind.End;
  start = 0;
  end = 0;
  line = 0;
  character = 0;
  private pos = 0;
  private lineNo = 0;
  private lineStart = 0;

  constructor(
    private readonly text: string,
    private readonly limit: number,
  ) {}

  /** Whether the reading stopped at the limit rather than the text's end. */
  get cut(): boolean {
    return this.limit < this.text.length && this.pos >= this.limit;
  }

  kind(): Kind {
    return this.current;
  }

  get word(): string {
    return this.text.slice(this.start, this.end);
  }

  /** The punctuation character of the current token (0 when it is not one). */
  punct(): number {
    return this.current === Kind.Punct ? this.text.charCodeAt(this.start) : 0;
  }

  is(word: string): boolean {
    return (
      this.current === Kind.Ident && this.end - this.start === word.length && this.text.startsWith(word, this.start)
    );
  }

  next(): Kind {
    const t = this.text;
    const n = this.limit;
    while (this.pos < n) {
      const c = t.charCodeAt(this.pos);
      if (c === 10 || c === 13) {
        this.newline(c);
        continue;
      }
      if (c === 32 || c === 9 || c === 12 || c === 11) {
        this.pos++;
        continue;
      }
      if (c === 47 /* / */ && this.pos + 1 < n) {
        const d = t.charCodeAt(this.pos + 1);
        if (d === 47) {
          this.skipLineComment();
          continue;
        }
        if (d === 42) {
          this.skipBlockComment();
          continue;
        }
      }
      this.mark();
      if (c === 34 || c === 39) {
        this.skipString(c);
        return (this.current = Kind.Other);
      }
      if (isWordChar(c)) {
        let p = this.pos + 1;
        while (p < n && isWordChar(t.charCodeAt(p))) p++;
        this.pos = this.end = p;
        return (this.current = Kind.Ident);
      }
      this.pos = this.end = this.pos + 1;
      return (this.current = Kind.Punct);
    }
    this.start = this.end = this.pos;
    return (this.current = Kind.End);
  }

  private mark(): void {
    this.start = this.pos;
    this.line = this.lineNo;
    this.character = this.pos - this.lineStart;
  }

  // \r\n is one line break, a lone \r or \n one each (as editors count lines).
  private newline(c: number): void {
    this.pos += c === 13 && this.text.charCodeAt(this.pos + 1) === 10 ? 2 : 1;
    this.lineNo++;
    this.lineStart = this.pos;
  }

  private skipLineComment(): void {
    const t = this.text;
    while (this.pos < this.limit) {
      const c = t.charCodeAt(this.pos);
      if (c === 10 || c === 13) return;
      this.pos++;
    }
  }

  private skipBlockComment(): void {
    const t = this.text;
    this.pos += 2;
    while (this.pos < this.limit) {
      const c = t.charCodeAt(this.pos);
      if (c === 42 && t.charCodeAt(this.pos + 1) === 47) {
        this.pos += 2;
        return;
      }
      if (c === 10 || c === 13) this.newline(c);
      else this.pos++;
    }
  }

  // A string ends at its closing quote, or at a line break (Solidity allows none unescaped), so a
  // stray quote does not hide the rest of the file.
  private skipString(quote: number): void {
    const t = this.text;
    this.pos++;
    while (this.pos < this.limit) {
      const c = t.charCodeAt(this.pos);
      if (c === quote) {
        this.pos++;
        break;
      }
      if (c === 10 || c === 13) break;
      this.pos += c === 92 /* \ */ && this.pos + 1 < this.limit ? 2 : 1;
    }
    this.end = this.pos;
  }
}

function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
}

const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_PAREN = 40;
const CLOSE_PAREN = 41;
const SEMICOLON = 59;

/** The contracts and functions of a Solidity text (see the file's comment). Never throws. */
export function outlineSolidity(text: string, limits: OutlineLimits = {}): SolidityOutline {
  const maxChars = Math.max(0, Math.min(text.length, limits.maxChars ?? DEFAULT_OUTLINE_LIMITS.maxChars));
  const maxItems = Math.max(0, limits.maxItems ?? DEFAULT_OUTLINE_LIMITS.maxItems);
  const lx = new Lexer(text, maxChars);
  const contracts: OutlineContract[] = [];
  let items = 0;
  let depth = 0;
  let full = false;
  lx.next();
  while (lx.kind() !== Kind.End && !full) {
    if (depth === 0 && lx.kind() === Kind.Ident) {
      const header = contractHeader(lx);
      // Not a declaration after all, the lexer moved on: the token it stopped at is read as any other.
      if (header === 'moved') continue;
      if (header !== undefined) {
        if (items >= maxItems) {
          full = true;
          break;
        }
        items++;
        const functions: OutlineFunction[] = [];
        full = !contractBody(lx, functions, maxItems - items);
        items += functions.length;
        contracts.push({ ...header, functions });
        continue;
      }
    }
    const p = lx.punct();
    if (p === OPEN_BRACE) depth++;
    else if (p === CLOSE_BRACE && depth > 0) depth--;
    lx.next();
  }
  return { contracts, truncated: full || lx.cut };
}

/**
 * At `abstract`/`contract`/`interface`/`library` followed by a name: reads up to and past the body's
 * `{` and gives the header. Undefined when the token is none of those words (the lexer has not
 * moved); `moved` when it was one but no declaration followed (the lexer is at the token after).
 */
function contractHeader(lx: Lexer): Omit<OutlineContract, 'functions'> | 'moved' | undefined {
  const line = lx.line;
  const character = lx.character;
  let kind: ContractKind | undefined;
  if (lx.is('abstract')) {
    lx.next();
    if (!lx.is('contract')) return 'moved';
    kind = 'abstract contract';
  } else if (lx.is('contract')) kind = 'contract';
  else if (lx.is('interface')) kind = 'interface';
  else if (lx.is('library')) kind = 'library';
  if (kind === undefined) return undefined;
  lx.next();
  if (lx.kind() !== Kind.Ident) return 'moved';
  const name = lx.word;
  // The inheritance list (`is A, B(1)`) up to the body's brace; a `;` or `}` first: not a contract.
  for (lx.next(); lx.kind() !== Kind.End; lx.next()) {
    const p = lx.punct();
    if (p === OPEN_BRACE) {
      lx.next();
      return { kind, name, line, character };
    }
    if (p === SEMICOLON || p === CLOSE_BRACE) return 'moved';
  }
  return 'moved';
}

/**
 * Reads a contract's body (the lexer just past its `{`) to the matching `}`, collecting its
 * functions; false when `room` ran out first (the rest of the text is not read).
 */
function contractBody(lx: Lexer, functions: OutlineFunction[], room: number): boolean {
  let depth = 1;
  while (lx.kind() !== Kind.End) {
    if (depth === 1 && lx.is('function')) {
      const fn = functionHeader(lx);
      if (fn) {
        if (functions.length >= room) return false;
        functions.push(fn);
      }
      continue;
    }
    const p = lx.punct();
    if (p === OPEN_BRACE) depth++;
    else if (p === CLOSE_BRACE && --depth === 0) {
      lx.next();
      return true;
    }
    lx.next();
  }
  return true;
}

/** At `function`: reads the header up to (not past) its body's `{` or its `;`. */
function functionHeader(lx: Lexer): OutlineFunction | undefined {
  const line = lx.line;
  const character = lx.character;
  lx.next();
  if (lx.kind() !== Kind.Ident) return undefined;
  const name = lx.word;
  lx.next();
  if (lx.punct() !== OPEN_PAREN) return undefined;
  const params = parameterList(lx);
  if (params === undefined) return undefined;
  let mutability: Mutability = 'nonpayable';
  let parens = 0;
  for (; lx.kind() !== Kind.End; lx.next()) {
    const p = lx.punct();
    if (parens === 0 && (p === OPEN_BRACE || p === SEMICOLON || p === CLOSE_BRACE)) break;
    if (p === OPEN_PAREN) parens++;
    else if (p === CLOSE_PAREN && parens > 0) parens--;
    else if (parens === 0 && lx.kind() === Kind.Ident) {
      if (lx.is('view') || lx.is('constant')) mutability = 'view';
      else if (lx.is('pure')) mutability = 'pure';
      else if (lx.is('payable')) mutability = 'payable';
    }
  }
  return { name, line, character, params, mutability };
}

/** At a parameter list's `(`: each parameter's type; the lexer ends just past the `)`. */
function parameterList(lx: Lexer): string[] | undefined {
  const params: string[] = [];
  let current: string[] = [];
  let depth = 0;
  for (lx.next(); lx.kind() !== Kind.End; lx.next()) {
    const p = lx.punct();
    if (p === OPEN_BRACE || p === CLOSE_BRACE || p === SEMICOLON) return undefined;
    if (depth === 0 && (p === CLOSE_PAREN || p === 44) /* , */) {
      if (current.length > 0) params.push(typeOf(current));
      current = [];
      if (p === CLOSE_PAREN) {
        lx.next();
        return params;
      }
      continue;
    }
    if (p === OPEN_PAREN || p === 91 /* [ */) depth++;
    else if ((p === CLOSE_PAREN || p === 93) /* ] */ && depth > 0) depth--;
    // Bounded: a parameter's type is a few tokens; a runaway list keeps only its start.
    if (current.length < 64) current.push(lx.kind() === Kind.Other ? '""' : lx.word);
  }
  return undefined;
}

/** One parameter's tokens → its type (see OutlineFunction.params); the location and name after it are left. */
function typeOf(tokens: readonly string[]): string {
  const first = tokens[0] ?? '';
  if (first === 'function') return 'function';
  if (first === 'mapping') {
    let depth = 0;
    let end = 1;
    for (; end < tokens.length; end++) {
      if (tokens[end] === '(') depth++;
      else if (tokens[end] === ')' && --depth === 0) break;
    }
    return tokens.slice(0, end + 1).join('');
  }
  let type = canonicalElementary(first);
  let i = 1;
  // A qualified name (`Crowdfund.Pledge`), then array suffixes (`[]`, `[3]`).
  while (i + 1 < tokens.length && tokens[i] === '.') {
    type += `.${tokens[i + 1]}`;
    i += 2;
  }
  if (type === 'address' && tokens[i] === 'payable') i++;
  while (i < tokens.length && tokens[i] === '[') {
    let suffix = '[';
    for (i++; i < tokens.length && tokens[i] !== ']'; i++) suffix += tokens[i];
    type += `${suffix}]`;
    i++;
  }
  return type;
}

function canonicalElementary(word: string): string {
  switch (word) {
    case 'uint':
      return 'uint256';
    case 'int':
      return 'int256';
    case 'byte':
      return 'bytes1';
    case 'fixed':
      return 'fixed128x18';
    case 'ufixed':
      return 'ufixed128x18';
    default:
      return word;
  }
}

/** A type's base and its array suffix: `uint256[][3]` → `uint256`, `[][3]`. */
function splitArray(type: string): { base: string; suffix: string } {
  const at = type.indexOf('[');
  return at < 0 ? { base: type, suffix: '' } : { base: type.slice(0, at), suffix: type.slice(at) };
}

const ELEMENTARY_WORDS = new Set(['address', 'bool', 'string', 'bytes', 'function']);

/** Whether a type's base is one the ABI writes the same way (not a struct, enum, contract or alias). */
export function isElementary(type: string): boolean {
  const { base } = splitArray(type);
  if (ELEMENTARY_WORDS.has(base)) return true;
  const sized = (prefix: string) => base.startsWith(prefix) && isDigits(base.slice(prefix.length));
  return sized('uint') || sized('int') || sized('bytes') || base.startsWith('fixed') || base.startsWith('ufixed');
}

function isDigits(text: string): boolean {
  if (text.length === 0 || text.length > 3) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Whether a source parameter's type can be the ABI's (a user-defined type: any base, the same arrays). */
function fits(source: string, abiType: string): boolean {
  if (isElementary(source)) return source === abiType;
  return splitArray(source).suffix === splitArray(abiType).suffix;
}

/**
 * The ABI function a source function is, among a contract's: by name and parameter count, then by
 * the parameter types the source writes as the ABI does. Undefined when none or several fit.
 */
export function matchAbiFunction<F extends { readonly item: AbiFunction }>(
  fn: OutlineFunction,
  candidates: readonly F[],
): F | undefined {
  const named = candidates.filter(c => c.item.name === fn.name && c.item.inputs.length === fn.params.length);
  if (named.length <= 1) return named[0];
  const fitting = named.filter(c => c.item.inputs.every((input, i) => fits(fn.params[i] ?? '', input.type)));
  return fitting.length === 1 ? fitting[0] : undefined;
}
