// Where a compiled source is in the workspace (src/features/sources/paths.ts): the project root of
// each kind of compiler output, the candidates for a source name (the project's own files, packages
// under node_modules/ or Foundry's lib/, Hardhat 3's `project/` and `npm/` names), and names from a
// hostile output that must give no path outside the workspace at all.
import * as assert from 'assert';
import fc from 'fast-check';
import { joinPath, projectRootOf, sourceCandidates, sourcePathSegments } from '../../../src/features/sources/paths';

describe('sources: where a compiled source is', () => {
  it('takes the folder holding artifacts/ (Hardhat) or out/ (Foundry) as the project root', () => {
    assert.strictEqual(projectRootOf('artifacts/build-info/1a2b.json'), '');
    assert.strictEqual(projectRootOf('hardhat-sample/artifacts/build-info/1a2b.json'), 'hardhat-sample');
    assert.strictEqual(projectRootOf('packages/contracts/artifacts/build-info/x.json'), 'packages/contracts');
    assert.strictEqual(projectRootOf('out/Vault.sol/Vault.json'), '');
    assert.strictEqual(projectRootOf('foundry-sample/out/build-info/abc.json'), 'foundry-sample');
    // The innermost marker wins: a project inside a folder named `out`.
    assert.strictEqual(projectRootOf('out/app/out/Vault.sol/Vault.json'), 'out/app');
  });

  it('takes the folder of a solc standard-JSON file elsewhere as its project root', () => {
    assert.strictEqual(projectRootOf('solc/output.json'), 'solc');
    assert.strictEqual(projectRootOf('output.json'), '');
    // A file named like a marker is not a marker folder.
    assert.strictEqual(projectRootOf('build/out.json'), 'build');
  });

  it("looks for the project's own sources under the project root", () => {
    assert.deepStrictEqual(sourceCandidates('hardhat-sample', 'contracts/MyToken.sol'), [
      'hardhat-sample/contracts/MyToken.sol',
    ]);
    assert.deepStrictEqual(sourceCandidates('', './contracts/Vault.sol'), ['contracts/Vault.sol']);
    assert.deepStrictEqual(sourceCandidates('', 'lib/forge-std/src/Test.sol'), ['lib/forge-std/src/Test.sol']);
  });

  it("looks for a package's sources in node_modules up to the workspace root, then in lib/", () => {
    assert.deepStrictEqual(sourceCandidates('packages/app', '@openzeppelin/contracts/token/ERC20/ERC20.sol'), [
      'packages/app/@openzeppelin/contracts/token/ERC20/ERC20.sol',
      'packages/app/node_modules/@openzeppelin/contracts/token/ERC20/ERC20.sol',
      'packages/node_modules/@openzeppelin/contracts/token/ERC20/ERC20.sol',
      'node_modules/@openzeppelin/contracts/token/ERC20/ERC20.sol',
      'packages/app/lib/@openzeppelin/contracts/token/ERC20/ERC20.sol',
    ]);
    assert.deepStrictEqual(sourceCandidates('', 'node_modules/solmate/src/tokens/ERC20.sol'), [
      'node_modules/solmate/src/tokens/ERC20.sol',
      'lib/solmate/src/tokens/ERC20.sol',
    ]);
  });

  it("reads Hardhat 3's project/ and npm/<package>@<version>/ names", () => {
    assert.deepStrictEqual(sourceCandidates('app', 'project/contracts/Vault.sol'), [
      'app/contracts/Vault.sol',
      'app/project/contracts/Vault.sol',
    ]);
    const npm = sourceCandidates('', 'npm/@openzeppelin/contracts@5.0.2/token/ERC20/ERC20.sol');
    assert.strictEqual(npm[0], 'npm/@openzeppelin/contracts@5.0.2/token/ERC20/ERC20.sol');
    assert.ok(npm.includes('node_modules/@openzeppelin/contracts/token/ERC20/ERC20.sol'), npm.join(', '));
    const plain = sourceCandidates('', 'npm/solady@0.1.0/src/Milady.sol');
    assert.ok(plain.includes('node_modules/solady/src/Milady.sol'), plain.join(', '));
  });

  it('gives no candidate for a name that is not a plain relative path', () => {
    for (const name of [
      '',
      '/etc/passwd',
      '../secrets.sol',
      'contracts/../../outside.sol',
      'C:/Windows/win.ini',
      './C:/Windows/win.ini',
      'c:\\evil.sol',
      'file:///etc/passwd',
      'https://example.com/x.sol',
      'contracts\\Vault.sol',
      'contracts/Va\u0000ult.sol',
      'contracts/Vault.sol\n',
      'a'.repeat(501),
      './',
    ])
      assert.deepStrictEqual(sourceCandidates('root', name), [], JSON.stringify(name.slice(0, 40)));
  });

  it('never gives a path that climbs out, is absolute, or leaves the project and its packages (fuzzed)', () => {
    const segment = fc.oneof(
      fc.constantFrom('..', '.', '', '@scope', 'npm', 'project', 'node_modules', 'lib', 'C:', 'x@1.0.0'),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), fc.constantFrom('', 'a', 'a/b'), (segments, root) => {
        const name = segments.join('/');
        for (const path of sourceCandidates(root, name)) {
          const parts = path.split('/');
          assert.ok(!parts.includes('..') && !path.startsWith('/'), path);
          assert.ok(!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(path), path);
          // Under the project root, or under a node_modules/ of a folder above it.
          assert.ok(root === '' || path.startsWith(`${root}/`) || /(^|\/)node_modules\//.test(path), path);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('splits a name into its segments, dropping ./ and empty ones', () => {
    assert.deepStrictEqual(sourcePathSegments('./a//b/./c.sol'), ['a', 'b', 'c.sol']);
    assert.strictEqual(sourcePathSegments('a/../b'), undefined);
    assert.strictEqual(joinPath('', 'x'), 'x');
    assert.strictEqual(joinPath('a/', '/x'), 'a/x');
    assert.strictEqual(joinPath('a', ''), 'a');
  });
});
