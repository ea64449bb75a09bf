// Decoding in a workspace without compiler output (a repository opened on github.dev seldom commits
// its artifacts/ or out/): the report says so and names the built-in ABIs it still decodes with.
import * as assert from 'assert';
import { AbiIndex, decodeReport } from '../../../src/abi';
import { builtinContracts } from '../../../src/abi/builtin';
import { BUILTIN_ABI_NAMES, noCompilerOutputNote } from '../../../src/abi/report';
import { MY_TOKEN, call, indexOf, longZero } from './helpers';

describe('decode report without compiler output', () => {
  it('names every built-in ABI, as builtin.ts lists them', () => {
    const names = [...new Set(builtinContracts().map(c => (c.origin.kind === 'builtin' ? c.origin.name : '')))];
    assert.deepStrictEqual([...BUILTIN_ABI_NAMES], names);
  });

  it('says there is no compiler output, names the built-ins, and still decodes with them', () => {
    const index = new AbiIndex();
    const note = noCompilerOutputNote(index);
    assert.ok(note !== undefined && note.startsWith('no compiler output was found in this workspace'), note);
    assert.ok(note.includes('ERC-20, ERC-721, ERC-1155'), note);
    assert.ok(note.includes('Hedera token service'), note);
    const report = decodeReport(index, call(MY_TOKEN, 'transfer', [longZero(1234), 1500n]));
    assert.strictEqual(report.split('\n')[0], `Ledger Lens: ${note}`);
    assert.match(report, /transfer\(address,uint256\) {2}0xa9059cbb\n {4}from ERC-20 \(built in/);
  });

  it('says it beside an undecoded selector too', () => {
    const report = decodeReport(new AbiIndex(), '0xdeadbeef00');
    assert.match(report, /^Ledger Lens: no compiler output was found/);
    assert.match(report, /Not decoded: no known function has the selector 0xdeadbeef/);
  });

  it('says nothing of the kind once a workspace ABI is indexed', () => {
    const index = indexOf(MY_TOKEN);
    assert.strictEqual(noCompilerOutputNote(index), undefined);
    const report = decodeReport(index, call(MY_TOKEN, 'transfer', [longZero(1234), 1500n]));
    assert.match(report, /^Ledger Lens: decoded with the known ABIs \(workspace artifacts and built-in interfaces\)\./);
    // The same index, emptied (the artifacts deleted): said again.
    index.removeFile(MY_TOKEN);
    assert.match(decodeReport(index, '0xdeadbeef00'), /^Ledger Lens: no compiler output was found/);
  });
});
