// The compiler-output scan's rules (src/features/sources/scanText.ts): what it logs about skipped
// files, which indexed files a deleted folder held, which files to read again, which folders to search.
import * as assert from 'assert';
import { NAMED_SKIPS, skippedLines } from '../../../src/features/sources/scanText';
import { diffStamps, filesUnder, needsReading, outermost } from '../../../src/util/folderFiles';

describe('sources: the scan log', () => {
  it('names each skipped file with its reason, on one line', () => {
    assert.deepStrictEqual(
      skippedLines([
        { file: 'out/A.sol/A.json', reason: 'no AST: compile with ast = true' },
        { file: 'out/x.json', reason: 'not compiler output:\n  no "output" or "abi"' },
      ]),
      [
        'Sources: skipped out/A.sol/A.json: no AST: compile with ast = true',
        'Sources: skipped out/x.json: not compiler output: no "output" or "abi"',
      ],
    );
    assert.deepStrictEqual(skippedLines([]), []);
  });

  it('names the first ones and counts the rest', () => {
    const many = Array.from({ length: 3 * NAMED_SKIPS }, (_, i) => ({ file: `out/${i}.json`, reason: 'r' }));
    const lines = skippedLines(many);
    assert.strictEqual(lines.length, NAMED_SKIPS + 1);
    assert.strictEqual(lines[lines.length - 1], `Sources: skipped ${2 * NAMED_SKIPS} more files`);
    assert.strictEqual(skippedLines(many.slice(0, NAMED_SKIPS + 1)).pop(), 'Sources: skipped 1 more file');
  });

  it('bounds a long reason', () => {
    const [line] = skippedLines([{ file: 'f.json', reason: 'x'.repeat(10_000) }]);
    assert.ok(line.length < 400, `${line.length}`);
  });

  it('finds the files a deleted folder held, not the folder itself nor its namesakes', () => {
    const files = ['a/artifacts/build-info/1.json', 'a/artifacts-old/build-info/2.json', 'a/artifacts'];
    assert.deepStrictEqual(filesUnder('a/artifacts', files), ['a/artifacts/build-info/1.json']);
    assert.deepStrictEqual(filesUnder('a/', files), files);
  });
});

describe('sources: which compiler output to read again', () => {
  it('reads a file never read, or one whose time or size changed', () => {
    const stamp = { mtime: 10, size: 100 };
    assert.strictEqual(needsReading(undefined, stamp), true);
    assert.strictEqual(needsReading(stamp, { ...stamp }), false);
    assert.strictEqual(needsReading(stamp, { mtime: 11, size: 100 }), true);
    assert.strictEqual(needsReading(stamp, { mtime: 10, size: 101 }), true);
  });

  it('tells the files new, changed and gone between two looks at a folder', () => {
    const before = new Map([
      ['a.json', { mtime: 1, size: 1 }],
      ['b.json', { mtime: 1, size: 1 }],
      ['c.json', { mtime: 1, size: 1 }],
    ]);
    const now = new Map([
      ['a.json', { mtime: 1, size: 1 }],
      ['b.json', { mtime: 2, size: 1 }],
      ['d.json', { mtime: 1, size: 1 }],
    ]);
    assert.deepStrictEqual(diffStamps(before, now), { changed: ['b.json', 'd.json'], gone: ['c.json'] });
  });

  it('searches only the outermost of the created folders', () => {
    assert.deepStrictEqual(outermost(['p/artifacts/build-info', 'p/artifacts', 'q', 'p/artifacts', 'pa/x', 'q/out']), [
      'p/artifacts',
      'pa/x',
      'q',
    ]);
  });
});
