// The artifact folders and globs (pure): the defaults of `ledgerLens.abi.include` and
// `ledgerLens.abi.exclude` (their values are checked with the other settings, in settings.ts) and the
// glob matching the indexer and the watcher share.

export const DEFAULT_INCLUDE: readonly string[] = [
  '**/artifacts/**/*.sol/*.json',
  '**/out/*.sol/*.json',
  '**/build/contracts/*.json',
  '**/*.abi.json',
  '**/abi/**/*.json',
  '**/abis/**/*.json',
];
export const DEFAULT_EXCLUDE: readonly string[] = ['**/node_modules/**', '**/build-info/**', '**/*.dbg.json'];

/** The ABI folders' settings as the ABI feature is handed them (checked by settings.ts, which logs a bad value). */
export interface AbiGlobs {
  readonly include: readonly string[];
  readonly exclude: readonly string[];
}

/** One glob pattern for `findFiles`: `{a,b}` for several. */
export function joinGlobs(patterns: readonly string[]): string {
  return patterns.length === 1 ? patterns[0] : `{${patterns.join(',')}}`;
}

/** A glob compiled once, matched against forward-slash relative paths. */
export interface GlobMatcher {
  /** The glob as the user wrote it. */
  readonly glob: string;
  /** Whether the whole of `path` matches. */
  test(path: string): boolean;
}

/**
 * A glob (`**`, `*`, `?`, `{a,b}`) as a matcher over a forward-slash relative path: `**` any text,
 * `**` then `/` any folders, `*` and `?` any text or character but `/`, `{a,b}` either (nested
 * allowed, an unclosed one closed at the end), and no match across a line break for `**`.
 *
 * The globs come from settings a workspace can set, so they are untrusted. A backtracking regular
 * expression is polynomial in the path with the number of stars as the power (`*a*a*a*a*b` against
 * a long name of `a`s: seconds for a few hundred characters), so the glob runs as a state machine
 * instead: every state at once, one step per character, O(path × glob) always.
 */
export function globMatcher(glob: string): GlobMatcher {
  const start = compileGlob(glob);
  return { glob, test: path => run(start, path) };
}

// ---- the glob as a state machine -------------------------------------------------------------

/** What a state reads: one given character, any but `/` (`*`, `?`), any but a line break (`.`). */
const enum Reads {
  Char,
  NotSlash,
  Dot,
  /** Reads nothing: its `next` are taken at once. */
  Split,
  Match,
}

interface State {
  readonly reads: Reads;
  readonly code: number;
  next: State[];
  /** The step in which the state was last added to a set (no state twice in one step). */
  seen: number;
}

type Token =
  | { readonly kind: 'char'; readonly code: number }
  | { readonly kind: 'one' | 'star' | 'globstar' | 'globstarSlash' }
  | { readonly kind: 'alt'; readonly branches: Token[][] };

/** The glob's tokens, built into the machine's states. */
function compileGlob(glob: string): State {
  const root: Token[] = [];
  // The open braces: each alternation and the branch being read.
  const open: { alt: Token & { kind: 'alt' }; branch: Token[] }[] = [];
  const current = (): Token[] => (open.length > 0 ? open[open.length - 1].branch : root);
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      current().push({ kind: slash ? 'globstarSlash' : 'globstar' });
      i += slash ? 2 : 1;
    } else if (c === '*') {
      current().push({ kind: 'star' });
    } else if (c === '?') {
      current().push({ kind: 'one' });
    } else if (c === '{') {
      const alt: Token & { kind: 'alt' } = { kind: 'alt', branches: [[]] };
      current().push(alt);
      open.push({ alt, branch: alt.branches[0] });
    } else if (c === '}' && open.length > 0) {
      open.pop();
    } else if (c === ',' && open.length > 0) {
      const top = open[open.length - 1];
      top.branch = [];
      top.alt.branches.push(top.branch);
    } else {
      current().push({ kind: 'char', code: c.charCodeAt(0) });
    }
  }
  const match: State = { reads: Reads.Match, code: 0, next: [], seen: -1 };
  return sequence(root, match);
}

const state = (reads: Reads, code: number, next: State[]): State => ({ reads, code, next, seen: -1 });

/** The states of `tokens` followed by `then`, built from the end (each token once, alternatives share `then`). */
function sequence(tokens: readonly Token[], then: State): State {
  let next = then;
  for (let i = tokens.length - 1; i >= 0; i--) next = single(tokens[i], next);
  return next;
}

function single(token: Token, then: State): State {
  switch (token.kind) {
    case 'char':
      return state(Reads.Char, token.code, [then]);
    case 'one':
      return state(Reads.NotSlash, 0, [then]);
    case 'star':
    case 'globstar': {
      // A loop: read one more (and come back), or go on.
      const loop = state(Reads.Split, 0, []);
      loop.next = [state(token.kind === 'star' ? Reads.NotSlash : Reads.Dot, 0, [loop]), then];
      return loop;
    }
    case 'globstarSlash': {
      // (?:.*/)? — go on at once, or read anything up to a `/` first.
      const loop = state(Reads.Split, 0, []);
      loop.next = [state(Reads.Dot, 0, [loop]), state(Reads.Char, 0x2f, [then])];
      return state(Reads.Split, 0, [loop, then]);
    }
    case 'alt':
      return state(
        Reads.Split,
        0,
        token.branches.map(branch => sequence(branch, then)),
      );
  }
}

/** What `**` reads: any UTF-16 unit but a line terminator. */
const isLineBreak = (code: number): boolean => code === 10 || code === 13 || code === 0x2028 || code === 0x2029;

function reads(s: State, code: number): boolean {
  switch (s.reads) {
    case Reads.Char:
      return s.code === code;
    case Reads.NotSlash:
      return code !== 0x2f;
    case Reads.Dot:
      return !isLineBreak(code);
    default:
      return false;
  }
}

let steps = 0;

/** Adds `s` and the states it leads to without reading to `into`, once per step. */
function add(into: State[], s: State, step: number): void {
  const stack = [s];
  while (stack.length > 0) {
    const t = stack.pop() as State;
    if (t.seen === step) continue;
    t.seen = step;
    if (t.reads === Reads.Split) for (let i = t.next.length - 1; i >= 0; i--) stack.push(t.next[i]);
    else into.push(t);
  }
}

/** Whether the whole of `path` takes the machine from `start` to the match. */
function run(start: State, path: string): boolean {
  let current: State[] = [];
  add(current, start, ++steps);
  for (let i = 0; i < path.length && current.length > 0; i++) {
    const code = path.charCodeAt(i);
    const step = ++steps;
    const next: State[] = [];
    for (const s of current) if (reads(s, code)) add(next, s.next[0], step);
    current = next;
  }
  return current.some(s => s.reads === Reads.Match);
}

/** True when the relative path matches one of the patterns. */
export function matchesAny(path: string, patterns: readonly GlobMatcher[]): boolean {
  return patterns.some(p => p.test(path));
}
