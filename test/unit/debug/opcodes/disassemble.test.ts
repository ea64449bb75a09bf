// The listing of contract code, checked against the real EVM: every instruction it ran is a line of
// its code's listing, at its pc, with its op's name; and what is not code is said, not thrown.
import * as assert from 'assert';
import { executedPcs } from '../../../support/evmOpcodes';
import { MAX_CODE_BYTES } from '../../../../src/source/sourceMap';
import { disassemble, lineOfPc } from '../../../../src/debug/opcodes/disassemble';
import { bodyOf, scenarios } from './support';

describe('debug/opcodes/disassemble: code as a listing', function () {
  this.timeout(60_000);

  it("lists every instruction the real EVM ran at its pc, under the trace's op name", async () => {
    let checked = 0;
    for (const scenario of await scenarios()) {
      const entries = bodyOf(scenario).value.opcodes;
      for (const frame of executedPcs(scenario)) {
        const listing = disassemble(frame.bytecode);
        const lines = listing.text.split('\n');
        assert.strictEqual(listing.problem, undefined);
        assert.strictEqual(lines.length, listing.pcs.length + 1, 'one line an instruction, then the final newline');
        frame.pcs.forEach((pc, k) => {
          const line = listing.lineOfPc(pc);
          assert.ok(line !== undefined, `pc ${pc} of ${scenario.name}`);
          assert.strictEqual(listing.pcs[line - 1], pc);
          const [at, op] = lines[line - 1].split(' ');
          assert.deepStrictEqual([at, op], [`${pc}:`, entries[frame.entries[k]].op]);
          checked++;
        });
      }
    }
    assert.ok(checked > 1000, `${checked} instructions checked`);
  });

  it('writes PUSH data as hex and says a PUSH cut off by the end of the code', async () => {
    const code = executedPcs((await scenarios())[0])[0].bytecode;
    const listing = disassemble(code);
    const push = listing.text.split('\n').find(l => / PUSH2 0x[0-9a-f]{4}$/.test(l));
    assert.ok(push, 'a PUSH2 with its two bytes');
    // Cut the code inside a PUSH2's data: the listing says how much of it there is.
    const pc = Number(push.split(':')[0]);
    const cut = disassemble(code.slice(0, 2 + (pc + 2) * 2));
    const last = cut.text.trimEnd().split('\n').at(-1);
    assert.strictEqual(last, `${pc}: PUSH2 0x${push.slice(-4, -2)} (cut off by the end of the code: 1 of its 2 bytes)`);
    assert.strictEqual(cut.lineOfPc(pc + 1), cut.pcs.length, 'a pc in the data is on its PUSH line');
    assert.strictEqual(cut.lineOfPc(pc + 2), undefined, 'past the code');
    const bare = disassemble('0x61');
    assert.strictEqual(bare.text, '0: PUSH2 (cut off by the end of the code: 0 of its 2 bytes)\n');
  });

  it('says what is not code instead of throwing, and lists nothing for it', () => {
    for (const [code, why] of [
      ['0x6', /odd number of hex digits/],
      ['0xzz', /not hex/],
      ['00'.repeat(MAX_CODE_BYTES + 1), /over the/],
    ] as const) {
      const listing = disassemble(code);
      assert.match(listing.problem ?? '', why);
      assert.strictEqual(listing.pcs.length, 0);
      assert.strictEqual(listing.lineOfPc(0), undefined);
    }
    assert.deepStrictEqual(disassemble('0x').text, '');
  });

  it('finds the line of a pc by binary search', () => {
    const pcs = Uint32Array.from([0, 2, 5, 6]);
    assert.deepStrictEqual(
      [0, 1, 2, 4, 5, 6, 7, 8].map(pc => lineOfPc(pcs, 8, pc)),
      [1, 1, 2, 2, 3, 4, 4, undefined],
    );
    assert.strictEqual(lineOfPc(pcs, 8, -1), undefined);
    assert.strictEqual(lineOfPc(pcs, 8, 1.5), undefined);
  });
});
