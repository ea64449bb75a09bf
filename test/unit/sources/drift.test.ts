// Whether a workspace file is still what the compiler compiled (src/features/sources/drift.ts): the
// compiled text when the output carries it (Hardhat build-info, solc standard JSON), else the
// metadata's keccak-256 (Foundry), else "not known" with the reason.
import * as assert from 'assert';
import { compareWithCompiled } from '../../../src/features/sources/drift';
import { keccak256, stringToBytes } from '../../../src/abi/viem';

const keccak = (text: string) => keccak256(stringToBytes(text));
const SOURCE = '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\ncontract Vault {}\n';

describe('sources: drift since the compile', () => {
  it('compares the text itself when the output carries it', () => {
    const never = () => assert.fail('no hash needed when the text is there');
    assert.deepStrictEqual(compareWithCompiled(SOURCE, { text: SOURCE }, never), { kind: 'same' });
    assert.deepStrictEqual(compareWithCompiled(`${SOURCE}// edited\n`, { text: SOURCE }, never), { kind: 'changed' });
    // Line endings are part of the text the compiler hashed and mapped: CRLF is a change.
    assert.deepStrictEqual(compareWithCompiled(SOURCE.replace(/\n/g, '\r\n'), { text: SOURCE }, never), {
      kind: 'changed',
    });
    // The text wins over a hash that disagrees.
    assert.deepStrictEqual(compareWithCompiled(SOURCE, { text: SOURCE, keccak256: keccak('other') }, never), {
      kind: 'same',
    });
  });

  it("compares the file's keccak-256 with the metadata's when there is no text (Foundry)", () => {
    const hash = keccak(SOURCE);
    assert.match(hash, /^0x[0-9a-f]{64}$/);
    assert.deepStrictEqual(compareWithCompiled(SOURCE, { keccak256: hash }, keccak), { kind: 'same' });
    assert.deepStrictEqual(compareWithCompiled(SOURCE, { keccak256: hash.toUpperCase().replace('0X', '0x') }, keccak), {
      kind: 'same',
    });
    assert.deepStrictEqual(compareWithCompiled(`${SOURCE} `, { keccak256: hash }, keccak), { kind: 'changed' });
    // UTF-8 bytes are hashed, as solc does: a non-ASCII comment changes the hash.
    assert.notStrictEqual(keccak('// é'), keccak('// e'));
  });

  it('says when neither is possible, and why', () => {
    const none = compareWithCompiled(SOURCE, {}, keccak);
    assert.strictEqual(none.kind, 'unknown');
    assert.match(none.kind === 'unknown' ? none.reason : '', /neither the compiled text nor its hash/);
    const bad = compareWithCompiled(SOURCE, { keccak256: 'not-a-hash' }, keccak);
    assert.strictEqual(bad.kind, 'unknown');
    assert.match(bad.kind === 'unknown' ? bad.reason : '', /not a keccak-256 hash/);
  });
});
