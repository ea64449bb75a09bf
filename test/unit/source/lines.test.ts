// UTF-8 byte offsets (what solc counts) to the editor's lines and columns (UTF-16 code units), and
// the one-line text of a statement. Checked case by case (é, 😀, CRLF, a lone CR) and, for random
// Unicode texts, against a reference that counts the bytes of each prefix with Buffer.
import * as assert from 'assert';
import fc from 'fast-check';
import { MAX_SITE_TEXT_CHARS, SourceLines, oneLine } from '../../../src/source/lines';
import { assertGrowth } from '../../support/growth';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** The reference: the line and column after `prefix`, from splitting it on the editor's line breaks. */
function naive(prefix: string): { line: number; column: number } {
  const lines = prefix.split(/\r\n|\r|\n/);
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

describe('source lines', () => {
  it('counts é as two bytes and one column', () => {
    const lines = new SourceLines('aéb\né');
    assert.strictEqual(lines.byteLength, 7);
    assert.deepStrictEqual(lines.position(0), { line: 1, column: 1 });
    assert.deepStrictEqual(lines.position(1), { line: 1, column: 2 });
    assert.deepStrictEqual(lines.position(3), { line: 1, column: 3 });
    assert.deepStrictEqual(lines.position(5), { line: 2, column: 1 });
    assert.deepStrictEqual(lines.position(7), { line: 2, column: 2 });
  });

  it('counts 😀 as four bytes and two columns (UTF-16 units, as the editor)', () => {
    const lines = new SourceLines('😀x 😀');
    assert.deepStrictEqual(lines.position(4), { line: 1, column: 3 });
    assert.deepStrictEqual(lines.position(6), { line: 1, column: 5 });
    // A byte inside a character is that character's place.
    assert.deepStrictEqual(lines.position(2), { line: 1, column: 1 });
    assert.strictEqual(lines.unitAt(10), 6);
  });

  it('ends lines at \\n, \\r\\n and a lone \\r', () => {
    const lines = new SourceLines('a\r\nb\rc\nd');
    assert.deepStrictEqual(lines.position(1), { line: 1, column: 2 });
    assert.deepStrictEqual(lines.position(3), { line: 2, column: 1 });
    assert.deepStrictEqual(lines.position(5), { line: 3, column: 1 });
    assert.deepStrictEqual(lines.position(7), { line: 4, column: 1 });
  });

  it('answers nothing outside the text', () => {
    const lines = new SourceLines('abc');
    for (const offset of [-1, 4, 1.5, NaN, Infinity])
      assert.strictEqual(lines.position(offset), undefined, String(offset));
    assert.deepStrictEqual(lines.position(3), { line: 1, column: 4 });
    assert.strictEqual(lines.range(1, 3), undefined);
    assert.strictEqual(lines.range(1, -1), undefined);
    assert.deepStrictEqual(lines.range(1, 2), { line: 1, column: 2, endLine: 1, endColumn: 4, text: 'bc' });
    assert.strictEqual(new SourceLines('').byteLength, 0);
  });

  it('agrees with byte counting of every prefix, for random Unicode texts (fuzzed)', () => {
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom('\n', '\r', '\r\n', 'é', '😀', 'x', ' ', '\u2028'),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      ),
      maxLength: 300,
    });
    fc.assert(
      fc.property(text, source => {
        const lines = new SourceLines(source);
        assert.strictEqual(lines.byteLength, bytes(source));
        for (let i = 0; i <= source.length; i++) {
          const c = source.charCodeAt(i - 1);
          if (i > 0 && c >= 0xd800 && c <= 0xdbff) continue; // not a character boundary
          if (source[i - 1] === '\r' && source[i] === '\n') continue; // inside one line break
          assert.deepStrictEqual(lines.position(bytes(source.slice(0, i))), naive(source.slice(0, i)), `at unit ${i}`);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("folds a statement's text onto one line and cuts it to 200 characters", () => {
    assert.strictEqual(oneLine('require(\r\n    a > 0,\t"m"\n);'), 'require( a > 0, "m" );');
    const long = oneLine(`x${'😀'.repeat(300)}`);
    assert.strictEqual(Array.from(long).length, MAX_SITE_TEXT_CHARS);
    assert.ok(long.endsWith('…'));
    assert.ok(!/[\ud800-\udbff]…$/.test(long), 'no half of a surrogate pair before the ellipsis');
    // Direction overrides and control characters cannot reorder or hide the text shown.
    assert.strictEqual(oneLine('a\u202eb\u0000c\u2066d'), 'a b c d');
    assert.strictEqual(oneLine('short', true), 'short…');
    const exact = 'y'.repeat(MAX_SITE_TEXT_CHARS);
    assert.strictEqual(oneLine(exact), exact);
  });

  it('reads only the start of a very long statement', () => {
    const lines = new SourceLines(`f(${'a, '.repeat(200_000)}b);`);
    const range = lines.range(0, lines.byteLength);
    assert.ok(range && Array.from(range.text).length === MAX_SITE_TEXT_CHARS && range.text.endsWith('…'));
  });

  it('costs time in proportion to the text, and a lookup on one long line does not scan it', () => {
    const make = (n: number) => `// é😀\n${'x'.repeat(n)}`;
    assertGrowth('SourceLines', make, text => new SourceLines(text), 50_000);
    // Lookups near the end of one long line: constant work whatever the line's length.
    const lookups = (lines: SourceLines) => {
      for (let i = 0; i < 200; i++) lines.position(lines.byteLength - 1 - i);
    };
    assertGrowth('200 lookups on one long line', n => new SourceLines(make(n)), lookups, 100_000, { maxRatio: 4 });
  });
});
