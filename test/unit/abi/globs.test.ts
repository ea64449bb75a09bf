// The globs of `ledgerLens.abi.include` and `exclude` come from workspace settings, so they are
// untrusted: a glob of many stars must cost time linear in the path, and every glob must still
// accept and refuse the paths the regular expression it used to be translated to did.
import * as assert from 'assert';
import fc from 'fast-check';
import { globMatcher, type GlobMatcher } from '../../../src/abi/globs';
import { assertGrowth } from '../../support/growth';

/** The translation as it was: a RegExp run by the backtracking engine (the reference for behaviour). */
function oldGlobToRegExp(glob: string): RegExp {
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

const MANY_GLOBSTARS = '**/a/**/a/**/a/**/a/**/x.json';
const MANY_STARS = '*a*a*a*a*b';

describe('ABI globs', () => {
  it('accepts and refuses what the old translation did, on short globs and paths', () => {
    const globPart = fc.constantFrom(
      'a',
      'b',
      '.',
      '/',
      '*',
      '**',
      '**/',
      '?',
      '{',
      ',',
      '}',
      'x.json',
      '\\',
      '[',
      '+',
    );
    const pathPart = fc.constantFrom('a', 'b', '.', '/', 'x.json', 'ab', '\n', '\\', '[', '+', '', ',', '{', '}', '?');
    fc.assert(
      fc.property(
        fc.array(globPart, { maxLength: 8 }).map(parts => parts.join('')),
        fc.array(
          fc.array(pathPart, { maxLength: 8 }).map(parts => parts.join('')),
          { minLength: 1, maxLength: 8 },
        ),
        (glob, paths) => {
          const matcher = globMatcher(glob);
          const old = oldGlobToRegExp(glob);
          for (const path of paths)
            assert.strictEqual(matcher.test(path), old.test(path), `${glob} on ${JSON.stringify(path)}`);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('the settings’ usual globs', () => {
    const cases: [string, string, boolean][] = [
      ['**/artifacts/**/*.sol/*.json', 'artifacts/contracts/A.sol/A.json', true],
      ['**/artifacts/**/*.sol/*.json', 'pkg/artifacts/A.sol/A.json', true],
      ['**/artifacts/**/*.sol/*.json', 'artifacts/A.json', false],
      ['**/node_modules/**', 'node_modules/x/y.json', true],
      ['**/node_modules/**', 'a/node_modules/', true],
      ['**/node_modules/**', 'node_modulesx/y', false],
      ['{out,artifacts}/**/*.json', 'out/a/b.json', true],
      ['{out,artifacts}/**/*.json', 'build/a.json', false],
      ['{a,{b,c}d}/x', 'cd/x', true],
      ['{a,b', 'b', true],
      ['**', 'line\nbreak', false],
      ['*', 'line\nbreak', true],
    ];
    for (const [glob, path, expected] of cases)
      assert.strictEqual(globMatcher(glob).test(path), expected, `${glob} ${path}`);
  });

  // Each sample tests a few copies of the path, so even the small side is long enough to time.
  const testAll = (matcher: GlobMatcher) => (paths: readonly string[]) => paths.map(path => matcher.test(path));

  it('a glob of many `**` matches in time linear in the depth of the path', () => {
    const globstars = globMatcher(MANY_GLOBSTARS);
    const deep = (n: number) => `${'a/'.repeat(n)}y.json`;
    assert.strictEqual(globstars.test(deep(64)), false);
    assert.strictEqual(globstars.test(`${'a/'.repeat(64)}x.json`), true);
    assert.strictEqual(globstars.test('a/a/a/a/x.json'), true);
    assert.strictEqual(globstars.test('a/a/a/x.json'), false);
    assertGrowth(
      `${MANY_GLOBSTARS} on a/ × n + y.json`,
      n => Array.from({ length: 8 }, () => deep(n)),
      testAll(globstars),
      10,
    );
  });

  it('a glob of many `*` matches in time linear in the length of the name', () => {
    const stars = globMatcher(MANY_STARS);
    const name = (n: number) => 'a'.repeat(n);
    assert.strictEqual(stars.test(name(100)), false);
    assert.strictEqual(stars.test(`${name(100)}b`), true);
    assert.strictEqual(stars.test(`${name(100)}/b`), false);
    assertGrowth(`${MANY_STARS} on a × n`, n => Array.from({ length: 24 }, () => name(n)), testAll(stars), 12);
  });

  it('other globs of many stars, braces and `?` match in time linear in the path', () => {
    // Each was polynomial (or worse) as a backtracking translation, on the path that almost matches.
    const hostile: readonly [string, (n: number) => string][] = [
      ['**/*.json', n => `${'a/'.repeat(n)}x.jso`],
      ['{out,artifacts}/**/*.json', n => `out/${'a/'.repeat(n)}x.jso`],
      ['**/node_modules/**', n => `${'node_modules/'.repeat(n)}\n`],
      ['**/**/**/**/**/**/x', n => `${'a/'.repeat(n)}y`],
      ['?*?*?*?*?*.json', n => `${'a'.repeat(n)}.jso`],
      ['{*a,a*}{*a,a*}{*a,a*}{*a,a*}b', n => 'a'.repeat(n)],
      ['**a**a**a**a**b', n => 'a'.repeat(n)],
    ];
    for (const [glob, path] of hostile) {
      const matcher = globMatcher(glob);
      assertGrowth(
        `${glob} on ${JSON.stringify(path(3))}…`,
        n => Array.from({ length: 8 }, () => path(n)),
        testAll(matcher),
        40,
      );
    }
  });
});
