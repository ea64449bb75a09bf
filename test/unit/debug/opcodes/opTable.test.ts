// The opcode table against a real EVM's (ethereumjs at Cancun) and against the stacks of the real
// EVM's traces: every byte's name, and each op's stack words in and out as the traces show them.
import * as assert from 'assert';
import type * as EvmLib from '@ethereumjs/evm';
import type * as CommonLib from '@ethereumjs/common';
import {
  MAX_EXTRA_OP_NAMES,
  MORE_OPS_NAME,
  OPCODE_NAMES,
  OpNameTable,
  immediateSize,
  opInfo,
  opcodeByName,
} from '../../../../src/debug/opcodes/opTable';
import { bodyOf, scenarios } from './support';

// The ES module build of ethereumjs, loaded as test/support/evmTraces.ts loads it.
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const importModule = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

/** Ops whose trace entry does not show the stack right after them (calls, frame ends). */
const NOT_PLAIN = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2']);
const ENDS = new Set(['STOP', 'RETURN', 'REVERT', 'SELFDESTRUCT', 'INVALID']);

describe('debug/opcodes/opTable: the EVM opcodes through Cancun', function () {
  this.timeout(60_000);

  it("names every byte as ethereumjs's Cancun EVM does, and no byte it leaves unassigned", async () => {
    const evmLib = (await importModule('@ethereumjs/evm')) as typeof EvmLib;
    const common = (await importModule('@ethereumjs/common')) as typeof CommonLib;
    const evm = await evmLib.createEVM({
      common: new common.Common({ chain: common.Mainnet, hardfork: common.Hardfork.Cancun }),
    });
    const active = evm.getActiveOpcodes();
    for (let byte = 0; byte < 256; byte++) {
      const theirs = active.get(byte)?.fullName;
      assert.strictEqual(opInfo(byte)?.name, theirs, `byte 0x${byte.toString(16)}`);
      assert.strictEqual(OPCODE_NAMES[byte], theirs ?? `UNKNOWN_0x${byte.toString(16).padStart(2, '0')}`);
    }
    for (const name of ['PUSH0', 'TLOAD', 'TSTORE', 'MCOPY', 'BLOBHASH', 'BLOBBASEFEE']) assert.ok(opcodeByName(name));
  });

  it('reads older names and any letter case as the same op', () => {
    assert.strictEqual(opcodeByName('SHA3'), 0x20);
    assert.strictEqual(opcodeByName('KECCAK256'), 0x20);
    assert.strictEqual(opcodeByName('DIFFICULTY'), 0x44);
    assert.strictEqual(opcodeByName('SUICIDE'), 0xff);
    assert.strictEqual(opcodeByName('push1'), 0x60);
    assert.strictEqual(opcodeByName('NOSUCHOP'), undefined);
  });

  it('gives PUSH1..PUSH32 their data sizes and every other op none', () => {
    for (let byte = 0; byte < 256; byte++) {
      const expected = byte >= 0x60 && byte <= 0x7f ? byte - 0x5f : 0;
      assert.strictEqual(immediateSize(byte), expected);
      if (opInfo(byte)) assert.strictEqual(opInfo(byte)!.immediate, expected);
    }
  });

  it("has each op take and leave as many stack words as the real EVM's traces show", async () => {
    const seen = new Set<string>();
    for (const scenario of await scenarios()) {
      const entries = bodyOf(scenario).value.opcodes;
      for (let i = 1; i < entries.length; i++) {
        const [before, after] = [entries[i - 1], entries[i]];
        if (before.depth !== after.depth || NOT_PLAIN.has(before.op) || NOT_PLAIN.has(after.op)) continue;
        // A frame's last entry may be a halt (out of gas) that shows the stack before it.
        const next = entries[i + 1];
        if (ENDS.has(after.op) || next === undefined || next.depth < after.depth) continue;
        const info = opInfo(opcodeByName(after.op)!)!;
        assert.ok(before.stack.length >= info.inputs, `${after.op} at entry ${i} of ${scenario.name}`);
        assert.strictEqual(after.stack.length - before.stack.length, info.outputs - info.inputs, after.op);
        seen.add(after.op);
      }
    }
    assert.ok(seen.size >= 40, `only ${seen.size} ops checked: ${[...seen].join(' ')}`);
  });

  it('keeps unknown names under indices from 256, bounded', () => {
    const table = new OpNameTable();
    assert.strictEqual(table.indexOf('ADD'), 0x01);
    const first = table.indexOf('EOFCREATE');
    assert.strictEqual(first, 256);
    assert.strictEqual(table.indexOf('EOFCREATE'), 256);
    for (let k = 1; k < MAX_EXTRA_OP_NAMES; k++) table.indexOf(`OP${k}`);
    assert.strictEqual(table.overflowed, false);
    const shared = table.indexOf('ONE_TOO_MANY');
    assert.strictEqual(table.names[shared], MORE_OPS_NAME);
    assert.strictEqual(table.indexOf('AND_ANOTHER'), shared);
    assert.strictEqual(table.overflowed, true);
    assert.strictEqual(table.names.length, 256 + MAX_EXTRA_OP_NAMES + 1);
  });
});
