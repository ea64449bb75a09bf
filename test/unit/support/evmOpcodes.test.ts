// The opcode traces made from the EVM's steps (test/support/evmOpcodes.ts): every body is what
// openapi.yml documents for `/opcodes`, and each holds together with the same run's `/actions`
// records and with the code that ran, checked against an opcode table written here: the frames
// open where the actions say and end as they say, gas passes from entry to entry and from frame to
// frame as the records' gas says, each entry's instruction is the code's byte at its own pc, and the
// proxy's withdrawal reverts three frames deep with MyToken's InsufficientBalance.
import * as assert from 'assert';
import { encodeAbiParameters, encodeErrorResult, keccak256, type Abi } from 'viem';
import {
  executedPcs,
  opcodesBodyText,
  opcodesOf,
  type ExecutedFrame,
  type OpcodeEntry,
  type OpcodesResponseBody,
} from '../../support/evmOpcodes';
import {
  evmTraces,
  longZeroAddress,
  PAYER_ID,
  PROXY_ID,
  readSampleBuild,
  runEvmTraces,
  TOKEN_ID,
  type ContractActionRecord,
  type EvmScenario,
  type EvmTraces,
} from '../../support/evmTraces';
import { OpenApiSchemas } from '../../support/openapiSchema';

/** The instruction set's names (Cancun), written out here rather than taken from the EVM that ran. */
const OPCODE_NAMES: ReadonlyMap<number, string> = new Map<number, string>([
  ...Object.entries({
    0x00: 'STOP',
    0x01: 'ADD',
    0x02: 'MUL',
    0x03: 'SUB',
    0x04: 'DIV',
    0x05: 'SDIV',
    0x06: 'MOD',
    0x07: 'SMOD',
    0x08: 'ADDMOD',
    0x09: 'MULMOD',
    0x0a: 'EXP',
    0x0b: 'SIGNEXTEND',
    0x10: 'LT',
    0x11: 'GT',
    0x12: 'SLT',
    0x13: 'SGT',
    0x14: 'EQ',
    0x15: 'ISZERO',
    0x16: 'AND',
    0x17: 'OR',
    0x18: 'XOR',
    0x19: 'NOT',
    0x1a: 'BYTE',
    0x1b: 'SHL',
    0x1c: 'SHR',
    0x1d: 'SAR',
    0x20: 'KECCAK256',
    0x30: 'ADDRESS',
    0x31: 'BALANCE',
    0x32: 'ORIGIN',
    0x33: 'CALLER',
    0x34: 'CALLVALUE',
    0x35: 'CALLDATALOAD',
    0x36: 'CALLDATASIZE',
    0x37: 'CALLDATACOPY',
    0x38: 'CODESIZE',
    0x39: 'CODECOPY',
    0x3a: 'GASPRICE',
    0x3b: 'EXTCODESIZE',
    0x3c: 'EXTCODECOPY',
    0x3d: 'RETURNDATASIZE',
    0x3e: 'RETURNDATACOPY',
    0x3f: 'EXTCODEHASH',
    0x40: 'BLOCKHASH',
    0x41: 'COINBASE',
    0x42: 'TIMESTAMP',
    0x43: 'NUMBER',
    0x44: 'PREVRANDAO',
    0x45: 'GASLIMIT',
    0x46: 'CHAINID',
    0x47: 'SELFBALANCE',
    0x48: 'BASEFEE',
    0x49: 'BLOBHASH',
    0x4a: 'BLOBBASEFEE',
    0x50: 'POP',
    0x51: 'MLOAD',
    0x52: 'MSTORE',
    0x53: 'MSTORE8',
    0x54: 'SLOAD',
    0x55: 'SSTORE',
    0x56: 'JUMP',
    0x57: 'JUMPI',
    0x58: 'PC',
    0x59: 'MSIZE',
    0x5a: 'GAS',
    0x5b: 'JUMPDEST',
    0x5c: 'TLOAD',
    0x5d: 'TSTORE',
    0x5e: 'MCOPY',
    0x5f: 'PUSH0',
    0xf0: 'CREATE',
    0xf1: 'CALL',
    0xf2: 'CALLCODE',
    0xf3: 'RETURN',
    0xf4: 'DELEGATECALL',
    0xf5: 'CREATE2',
    0xfa: 'STATICCALL',
    0xfd: 'REVERT',
    0xfe: 'INVALID',
    0xff: 'SELFDESTRUCT',
  }).map(([code, name]): [number, string] => [Number(code), name]),
  ...Array.from({ length: 32 }, (_, i): [number, string] => [0x60 + i, `PUSH${i + 1}`]),
  ...Array.from({ length: 16 }, (_, i): [number, string] => [0x80 + i, `DUP${i + 1}`]),
  ...Array.from({ length: 16 }, (_, i): [number, string] => [0x90 + i, `SWAP${i + 1}`]),
  ...Array.from({ length: 5 }, (_, i): [number, string] => [0xa0 + i, `LOG${i}`]),
]);
const OPENS_FRAME = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2']);
const ENDS_FRAME = new Set(['STOP', 'RETURN', 'REVERT', 'SELFDESTRUCT']);
const WORD = /^0x[0-9a-f]{64}$/;
const ALL = { stack: true, memory: true, storage: true } as const;
/** What Hedera's re-run charges for each byte of code a create leaves (EIP-170's 200 gas). */
const CODE_DEPOSIT_GAS = 200;

/** The actions whose frames run code: calls into contracts and creates (not precompiles, system contracts, accounts). */
function codeActions(s: EvmScenario): ContractActionRecord[] {
  return s.actions.filter(a => a.call_type === 'CREATE' || (a.call_type === 'CALL' && a.recipient_type === 'CONTRACT'));
}

function bytesOf(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex.replace(/^0x/, ''), 'hex'));
}

/** Whether the entry at `k` of a frame opened a frame: Besu's entry then reads one deeper. */
function opened(body: OpcodesResponseBody, frame: ExecutedFrame, k: number): boolean {
  return body.opcodes[frame.entries[k]].depth === frame.depth + 1;
}

/** The frames `frame` opened, in order (the frames are in pre-order). */
function childrenOf(frames: readonly ExecutedFrame[], frame: ExecutedFrame): ExecutedFrame[] {
  const children: ExecutedFrame[] = [];
  for (const f of frames.slice(frame.index + 1)) {
    if (f.depth <= frame.depth) break;
    if (f.depth === frame.depth + 1) children.push(f);
  }
  return children;
}

describe('EVM-made opcode traces of the sample contracts (/opcodes)', function () {
  this.timeout(120_000);
  let traces: EvmTraces;
  let schemas: OpenApiSchemas;
  let tokenAbi: Abi;
  const bodies = new Map<string, OpcodesResponseBody>();

  before(async () => {
    traces = await evmTraces();
    schemas = OpenApiSchemas.load();
    tokenAbi = readSampleBuild().token.abi;
    for (const s of traces.scenarios) bodies.set(s.name, opcodesOf(s, ALL));
  });
  const body = (s: EvmScenario): OpcodesResponseBody => bodies.get(s.name) as OpcodesResponseBody;

  it('every body, for any choice of stack, memory and storage, is an OpcodesResponse, strictly', () => {
    for (const s of traces.scenarios) {
      for (const stack of [false, true]) {
        for (const memory of [false, true]) {
          for (const storage of [false, true]) {
            const parsed = JSON.parse(opcodesBodyText(s, { stack, memory, storage })) as OpcodesResponseBody;
            const where = `${s.name} stack=${stack} memory=${memory} storage=${storage}`;
            assert.deepStrictEqual(schemas.validate('OpcodesResponse', parsed, { strict: true }), [], where);
            assert.ok(parsed.opcodes.length > 0, where);
            for (const e of parsed.opcodes) {
              if (!stack) assert.deepStrictEqual(e.stack, [], where);
              if (!memory) assert.deepStrictEqual(e.memory, [], where);
              if (!storage) assert.deepStrictEqual(e.storage, {}, where);
            }
          }
        }
      }
    }
    const good = body(traces.byName.withdraw);
    const broken = { ...good, opcodes: [{ ...good.opcodes[0], pc: '2' }] };
    assert.match(schemas.validate('OpcodesResponse', broken).join(), /opcodes\[0\]\.pc: string, not a number/);
    assert.match(schemas.validate('OpcodesResponse', { ...good, failed: 'no' }).join(), /failed/);
  });

  it('the top level names the called contract (zero address for a create), the gas charged, the output', () => {
    for (const s of traces.scenarios) {
      const b = body(s);
      const result = s.contractResult;
      const creates = s.actions[0].call_type === 'CREATE';
      assert.strictEqual(b.address, creates ? `0x${'0'.repeat(40)}` : longZeroAddress(result.contract_id), s.name);
      assert.strictEqual(b.contract_id, creates ? null : result.contract_id, s.name);
      assert.strictEqual(b.failed, result.status === '0x0', s.name);
      assert.strictEqual(b.gas, result.gas_used, s.name);
      const root = s.actions[0];
      assert.strictEqual(b.return_value, root.result_data_type === 'ERROR' ? '0x' : root.result_data, s.name);
    }
  });

  it('one entry per instruction run: the frames, in the actions’ order, hold every entry once, in order', () => {
    for (const s of traces.scenarios) {
      const frames = executedPcs(s);
      const actions = codeActions(s);
      assert.strictEqual(actions.length, s.actions.length, `${s.name}: every frame runs code`);
      assert.strictEqual(frames.length, actions.length, s.name);
      const all = frames.flatMap(f => f.entries).sort((a, b) => a - b);
      assert.deepStrictEqual(
        all,
        body(s).opcodes.map((_, i) => i),
        s.name,
      );
      frames.forEach((f, i) => {
        const a = actions[i];
        assert.strictEqual(f.depth, a.call_depth, `${s.name} #${i}`);
        assert.strictEqual(f.contractId, a.recipient, `${s.name} #${i}: the code's contract is the recipient`);
        assert.strictEqual(f.code, a.call_type === 'CREATE' ? 'creation' : 'deployed', `${s.name} #${i}`);
        assert.ok(
          f.entries.every((e, k) => k === 0 || e > f.entries[k - 1]),
          `${s.name} #${i}: in order`,
        );
        // A DELEGATECALL runs the callee's code in its caller's storage; anything else in its own.
        const parent = frames
          .slice(0, i)
          .reverse()
          .find(p => p.depth === f.depth - 1);
        const expected = a.call_operation_type === 'DELEGATECALL' ? parent?.storageContractId : f.contractId;
        assert.strictEqual(f.storageContractId, expected, `${s.name} #${i}: whose storage`);
        const code =
          f.code === 'creation' ? a.input : s.contracts.find(c => c.contract_id === f.contractId)?.runtime_bytecode;
        assert.strictEqual(f.bytecode, code, `${s.name} #${i}: the code that ran`);
      });
    }
  });

  it('depth steps up only at a call or create, into the frame its action records, and down only when a frame ends', () => {
    for (const s of traces.scenarios) {
      const ops = body(s).opcodes;
      const actions = codeActions(s);
      assert.strictEqual(ops[0].depth, 0, s.name);
      const open = [0];
      let nextAction = 1;
      const ended: number[] = [];
      const endOf = (entry: OpcodeEntry, index: number) => {
        const a = actions[index];
        const where = `${s.name}: frame #${index} ends with ${entry.op}`;
        if (a.result_data_type === 'REVERT_REASON')
          assert.deepStrictEqual([entry.op, entry.reason], ['REVERT', a.result_data], where);
        else if (a.result_data_type === 'OUTPUT') assert.ok(['RETURN', 'STOP'].includes(entry.op), where);
        else assert.strictEqual(a.gas_used, a.gas, `${where}: a halt uses all its gas`);
        ended.push(index);
      };
      for (let k = 1; k < ops.length; k++) {
        const [before, e] = [ops[k - 1], ops[k]];
        if (e.depth > before.depth) {
          const a = actions[nextAction];
          assert.ok(a !== undefined, `${s.name} #${k}: a frame no action records`);
          assert.deepStrictEqual([e.op, e.depth], [a.call_operation_type, a.call_depth], `${s.name} #${k}`);
          assert.strictEqual(e.depth, before.depth + 1, `${s.name} #${k}: one deeper`);
          open.push(nextAction++);
        } else if (e.depth < before.depth) {
          assert.strictEqual(e.depth, before.depth - 1, `${s.name} #${k}: one shallower`);
          endOf(before, open.pop() as number);
        }
      }
      endOf(ops[ops.length - 1], open.pop() as number);
      assert.deepStrictEqual(open, [], s.name);
      assert.strictEqual(nextAction, actions.length, `${s.name}: every action's frame is in the trace`);
      assert.strictEqual(ended.length, actions.length, s.name);
      const reasons = ops.filter(e => e.reason !== null);
      assert.ok(
        reasons.every(e => e.op === 'REVERT'),
        `${s.name}: only a REVERT carries a reason`,
      );
    }
  });

  it("each entry's instruction is the code's byte at its own pc; the pc it reports is Besu's, after it ran", () => {
    for (const s of traces.scenarios) {
      const b = body(s);
      for (const f of executedPcs(s)) {
        const code = bytesOf(f.bytecode);
        f.pcs.forEach((pc, k) => {
          const e = b.opcodes[f.entries[k]];
          const where = `${s.name} frame ${f.index} (${f.contractName} ${f.code}) pc ${pc}`;
          assert.strictEqual(e.op, OPCODE_NAMES.get(code[pc]) ?? `unknown 0x${code[pc].toString(16)}`, where);
          const next = f.pcs[k + 1];
          if (next === undefined || ENDS_FRAME.has(e.op)) {
            assert.strictEqual(next, undefined, `${where}: nothing runs after a frame ends`);
            assert.strictEqual(e.pc, pc, `${where}: a frame's last instruction keeps its pc`);
          } else if (opened(b, f, k)) {
            assert.strictEqual(e.pc, pc, `${where}: a call keeps its pc while its frame runs`);
            assert.strictEqual(next, pc + 1, `${where}: the caller goes on after the call`);
          } else {
            assert.strictEqual(e.pc, next, `${where}: the pc has moved on to the next instruction`);
            const push = /^PUSH(\d+)$/.exec(e.op);
            if (push !== null) assert.strictEqual(next, pc + 1 + Number(push[1]), where);
            if (e.op === 'JUMP') assert.strictEqual(code[next], 0x5b, `${where}: a jump lands on a JUMPDEST`);
          }
        });
      }
    }
  });

  it('gas: each entry leaves what the one before left less its cost; a call gets back what its frame left', () => {
    for (const s of traces.scenarios) {
      const b = body(s);
      const frames = executedPcs(s);
      const actions = codeActions(s);
      for (const f of frames) {
        const a = actions[f.index];
        const entries = f.entries.map(i => b.opcodes[i]);
        const where = `${s.name} frame ${f.index}`;
        assert.strictEqual(
          entries[0].gas,
          a.gas - entries[0].gas_cost,
          `${where}: the first starts from the frame's gas`,
        );
        const children = childrenOf(frames, f);
        for (let k = 1; k < entries.length; k++) {
          const [e, g] = [entries[k - 1], entries[k]];
          let left = e.gas - g.gas_cost;
          // Back from a frame: what it did not use comes back.
          if (opened(b, f, k - 1)) {
            const called = actions[(children.shift() as ExecutedFrame).index];
            assert.strictEqual(called.value, 0, 'no value moves, so no stipend');
            left += called.gas - called.gas_used;
          }
          // Opening one: it hands the frame its gas.
          if (opened(b, f, k)) left -= actions[children[0].index].gas;
          if (k === entries.length - 1 && a.result_data_type === 'ERROR') {
            // The instruction that halted did not run: the gas before it, and a cost it could not pay.
            assert.ok(g.gas_cost > g.gas, `${where}: ${g.op} halts for want of gas`);
            left = e.gas;
          }
          assert.strictEqual(g.gas, left, `${where} entry ${f.entries[k]} (${g.op})`);
          assert.ok(g.gas >= 0 && g.gas_cost >= 0, where);
        }
        assert.deepStrictEqual(children, [], `${where}: every frame it opened came back to it`);
        const last = entries[entries.length - 1];
        if (a.result_data_type === 'ERROR') continue;
        const deposit = a.call_type === 'CREATE' ? CODE_DEPOSIT_GAS * bytesOf(a.result_data ?? '0x').length : 0;
        assert.strictEqual(a.gas_used, a.gas - last.gas + deposit, `${where}: the action's gas used`);
      }
    }
  });

  it('stack words, memory rows and storage slots are 32 bytes; a call shows its arguments before they go', () => {
    for (const s of traces.scenarios) {
      const b = body(s);
      const frames = executedPcs(s);
      for (const e of b.opcodes) {
        assert.ok(
          e.stack.every(w => WORD.test(w)),
          `${s.name} ${e.op} at ${e.pc}: stack`,
        );
        assert.ok(
          e.memory.every(w => WORD.test(w)),
          `${s.name} ${e.op} at ${e.pc}: memory`,
        );
        for (const [slot, value] of Object.entries(e.storage)) assert.ok(WORD.test(slot) && WORD.test(value), s.name);
        const slots = Object.keys(e.storage);
        assert.deepStrictEqual(
          slots,
          [...slots].sort((x, y) => (BigInt(x) < BigInt(y) ? -1 : 1)),
          'sorted by slot',
        );
      }
      for (const parent of frames) {
        const calls = parent.entries.map(i => b.opcodes[i]).filter(e => e.depth === parent.depth + 1);
        const children = childrenOf(frames, parent);
        assert.strictEqual(
          calls.length,
          children.length,
          `${s.name} frame ${parent.index}: one entry per frame opened`,
        );
        children.forEach((f, k) => {
          const call = calls[k];
          const where = `${s.name}: the ${call.op} into frame ${f.index}`;
          assert.ok(OPENS_FRAME.has(call.op), where);
          // A call's callee is the word under the gas at the top of the stack.
          if (f.code === 'deployed') {
            assert.strictEqual(BigInt(call.stack[call.stack.length - 2]), BigInt(longZeroAddress(f.contractId)), where);
          }
        });
      }
    }
  });

  it("the proxy's withdrawal: MyToken reverts three frames deep with InsufficientBalance, and so does all", () => {
    const s = traces.byName.withdrawViaProxyAboveBalance;
    const b = body(s);
    const insufficient = encodeErrorResult({
      abi: tokenAbi,
      errorName: 'InsufficientBalance',
      args: [longZeroAddress(PROXY_ID), 300n, 1000n],
    });
    assert.deepStrictEqual([b.failed, b.return_value, b.contract_id], [true, insufficient, PROXY_ID]);
    const deepest = Math.max(...b.opcodes.map(e => e.depth));
    assert.strictEqual(deepest, 2);
    const lastDeepest = b.opcodes.filter(e => e.depth === deepest).at(-1) as OpcodeEntry;
    assert.deepStrictEqual([lastDeepest.op, lastDeepest.reason], ['REVERT', insufficient]);
    assert.deepStrictEqual(
      b.opcodes.filter(e => e.reason !== null).map(e => [e.op, e.depth, e.reason]),
      [
        ['REVERT', 2, insufficient],
        ['REVERT', 1, insufficient],
        ['REVERT', 0, insufficient],
      ],
    );
    assert.strictEqual(b.opcodes.at(-1), b.opcodes.filter(e => e.reason !== null)[2], 'the last entry reverts it all');
    const frames = executedPcs(s);
    assert.deepStrictEqual(
      frames.map(f => [f.depth, f.contractName, f.storageContractId]),
      [
        [0, 'VaultProxy', PROXY_ID],
        [1, 'Vault', PROXY_ID],
        [2, 'MyToken', TOKEN_ID],
      ],
    );
    // Nothing was written before MyToken refused: no storage anywhere.
    assert.ok(b.opcodes.every(e => Object.keys(e.storage).length === 0));
  });

  it("storage: Vault's code through the proxy writes the proxy's slots; MyToken's frame shows MyToken's", () => {
    const s = traces.byName.depositViaProxy;
    const b = body(s);
    const frames = executedPcs(s);
    // Vault's `deposits` is at slot 0 (its storage layout, checked in evmSample's test): the payer's entry.
    const slot = keccak256(
      encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [longZeroAddress(PAYER_ID) as `0x${string}`, 0n]),
    );
    const credited = `0x${300n.toString(16).padStart(64, '0')}`;
    const vaultFrame = frames.find(f => f.contractName === 'Vault') as ExecutedFrame;
    const tokenFrame = frames.find(f => f.contractName === 'MyToken') as ExecutedFrame;
    const store = vaultFrame.entries.map(i => b.opcodes[i]).find(e => e.op === 'SSTORE') as OpcodeEntry;
    assert.strictEqual(store.storage[slot], credited);
    assert.strictEqual(b.opcodes.at(-1)?.storage[slot], credited, "the proxy's own frame sees it after");
    for (const i of tokenFrame.entries) assert.strictEqual(b.opcodes[i].storage[slot], undefined, "MyToken's storage");
    const tokenWrites = tokenFrame.entries.map(i => b.opcodes[i]).filter(e => e.op === 'SSTORE');
    assert.strictEqual(tokenWrites.length, 3, 'allowance, the payer’s balance, the proxy’s balance');
    assert.strictEqual(Object.keys(tokenWrites[2].storage).length, 3);
    // A slot appears from the SSTORE that writes it on, not before.
    const first = b.opcodes.findIndex(e => e.storage[slot] !== undefined);
    assert.strictEqual(b.opcodes[first], store);
  });

  it('memory grows and never shrinks within a frame', () => {
    for (const s of traces.scenarios) {
      const b = body(s);
      for (const f of executedPcs(s)) {
        const sizes = f.entries.map(i => b.opcodes[i].memory.length);
        assert.ok(
          sizes.every((n, k) => k === 0 || n >= sizes[k - 1]),
          `${s.name} frame ${f.index}`,
        );
      }
    }
  });

  it('two runs give the same bodies', async () => {
    const again = await runEvmTraces();
    for (const s of again.scenarios) {
      assert.strictEqual(opcodesBodyText(s, ALL), JSON.stringify(body(traces.byName[s.name])), s.name);
    }
    assert.throws(
      () => opcodesOf({ ...traces.byName.withdraw }),
      /not a scenario evmTraces\(\) or runEvmTraces\(\) made/,
    );
  });
});
