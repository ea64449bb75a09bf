// The ABI watcher's folder rules (src/features/abi/folders.ts): which created paths are looked into
// as possible new artifact folders, which indexed files a deleted folder takes along, which files
// found under a new folder are artifacts (default include / exclude globs), and what a polled folder
// reports between two looks.
import * as assert from 'assert';
import fc from 'fast-check';
import { DEFAULT_EXCLUDE, DEFAULT_INCLUDE, globMatcher } from '../../../src/abi/globs';
import { artifactsAmong, mayBeArtifactFolder } from '../../../src/features/abi/folders';
import { diffStamps, filesUnder, outermost } from '../../../src/util/folderFiles';

const include = DEFAULT_INCLUDE.map(globMatcher);
const exclude = DEFAULT_EXCLUDE.map(globMatcher);

describe('ABI watcher: folders', () => {
  it('looks into a new contract folder, a new artifacts or out folder, and plain new folders', () => {
    for (const path of [
      'artifacts/contracts/Foo.sol',
      'hardhat-sample/artifacts/contracts/sub',
      'artifacts',
      'out/Foo.sol',
      'build/contracts',
      'src/abis',
    ])
      assert.ok(mayBeArtifactFolder(path, include, exclude), path);
  });

  it('leaves artifact files to their own watchers, and excluded folders alone', () => {
    for (const path of [
      'artifacts/contracts/Foo.sol/Foo.json',
      'out/Foo.sol/Foo.json',
      'build/contracts/Foo.json',
      'abis/erc20.abi.json',
      'node_modules',
      'node_modules/@openzeppelin/contracts',
      'app/node_modules',
      'artifacts/build-info',
      '',
    ])
      assert.ok(!mayBeArtifactFolder(path, include, exclude), path);
  });

  it('a deleted folder takes the files under it, not its namesakes beside it', () => {
    const files = [
      'artifacts/contracts/Foo.sol/Foo.json',
      'artifacts/contracts/Foo.sol/IFoo.json',
      'artifacts/contracts/Foo.sol.bak/Foo.json',
      'artifacts/contracts/Foobar.sol/Foobar.json',
      'out/Foo.sol/Foo.json',
    ];
    assert.deepStrictEqual(filesUnder('artifacts/contracts/Foo.sol', files), files.slice(0, 2));
    assert.deepStrictEqual(filesUnder('artifacts/contracts/Foo.sol/', files), files.slice(0, 2));
    assert.deepStrictEqual(filesUnder('artifacts', files), files.slice(0, 4));
    assert.deepStrictEqual(filesUnder('artifacts/contracts/Foo.sol/Foo.json', files), []);
  });

  it('scans only the outermost of folders made together', () => {
    assert.deepStrictEqual(outermost(['a/b/c', 'a/b', 'a/b-x', 'a/b-x/y', 'd', 'a/b']), ['a/b', 'a/b-x', 'd']);
    assert.deepStrictEqual(outermost([]), []);
  });

  it('outermost: every folder given is covered by exactly one kept folder, and none kept is inside another', () => {
    const segment = fc.constantFrom('a', 'b', 'a-b', 'a.sol', 'ab');
    const folder = fc.array(segment, { minLength: 1, maxLength: 4 }).map(s => s.join('/'));
    fc.assert(
      fc.property(fc.array(folder, { maxLength: 12 }), folders => {
        const kept = outermost(folders);
        const covers = (k: string, f: string) => f === k || f.startsWith(`${k}/`);
        for (const f of folders)
          assert.ok(
            kept.some(k => covers(k, f)),
            f,
          );
        for (const k of kept) assert.ok(!kept.some(o => o !== k && covers(o, k)), k);
      }),
    );
  });

  it('of the files found under a new folder, keeps the artifacts and drops debug and build-info files', () => {
    const found = [
      'artifacts/contracts/Foo.sol/Foo.json',
      'artifacts/contracts/Foo.sol/Foo.dbg.json',
      'artifacts/build-info/abc.json',
      'artifacts/contracts/Foo.sol/notes.txt',
      'out/Bar.sol/Bar.json',
      'out/Bar.sol/Bar.metadata',
    ];
    assert.deepStrictEqual(artifactsAmong(found, include, exclude), [
      'artifacts/contracts/Foo.sol/Foo.json',
      'out/Bar.sol/Bar.json',
    ]);
  });

  it('a polled folder: new and rewritten artifacts are changed, missing ones gone, untouched ones quiet', () => {
    const before = new Map([
      ['A.json', { mtime: 1, size: 10 }],
      ['B.json', { mtime: 1, size: 10 }],
      ['C.json', { mtime: 1, size: 10 }],
      ['D.json', { mtime: 1, size: 10 }],
    ]);
    const now = new Map([
      ['A.json', { mtime: 1, size: 10 }],
      ['B.json', { mtime: 2, size: 10 }],
      ['C.json', { mtime: 1, size: 11 }],
      ['E.json', { mtime: 3, size: 5 }],
    ]);
    assert.deepStrictEqual(diffStamps(before, now), { changed: ['B.json', 'C.json', 'E.json'], gone: ['D.json'] });
    assert.deepStrictEqual(diffStamps(now, now), { changed: [], gone: [] });
    assert.deepStrictEqual(diffStamps(new Map(), now).changed.length, 4);
  });
});
