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

/** A glob (`**`, `*`, `?`, `{a,b}`) as a regular expression over a forward-slash relative path. */
export function globToRegExp(glob: string): RegExp {
  let out = '';
  let depth = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      out += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '{') {
      out += '(?:';
      depth++;
    } else if (c === '}' && depth > 0) {
      out += ')';
      depth--;
    } else if (c === ',' && depth > 0) out += '|';
    else out += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}${')'.repeat(depth)}$`);
}

/** True when the relative path matches one of the patterns. */
export function matchesAny(path: string, patterns: readonly RegExp[]): boolean {
  return patterns.some(p => p.test(path));
}
