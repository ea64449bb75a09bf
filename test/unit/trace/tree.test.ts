import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { encodeErrorResult, encodeFunctionData, stringToHex } from 'viem';
import { AbiIndex, parseArtifact } from '../../../src/abi';
import { MirrorError } from '../../../src/mirror';
import type { ContractAction } from '../../../src/mirror/schemas';
import { assertGrowth } from '../../support/growth';
import {
  buildCallTrace,
  buildCallTraceSliced,
  endsEarly,
  framesInOrder,
  type TraceContext,
  type TraceFrame,
} from '../../../src/trace';
import { evmTraces, type EvmTraces, type ScenarioName } from '../../support/evmTraces';
import { projectRoot } from '../../support/paths';
import {
  ACCOUNT,
  TOKEN,
  VAULT,
  action,
  actionSpecs,
  failingWithdraw,
  parseActionsBody,
  sampleCodes,
  sampleIndex,
  transferInput,
  transferOutput,
  withdrawInput,
} from './fixtures';

function context(extra: Partial<TraceContext> = {}): TraceContext {
  return { abi: sampleIndex(), codes: sampleCodes(), ...extra };
}

const text = (frame: TraceFrame): string | undefined => ('text' in frame.result ? frame.result.text : undefined);

const only = (frames: readonly TraceFrame[]): TraceFrame => {
  assert.strictEqual(frames.length, 1, 'one frame');
  return frames[0];
};

describe('trace/tree: the call trace from /actions records', () => {
  describe('the failing withdraw (Vault → MyToken)', () => {
    const trace = buildCallTrace(failingWithdraw(), context());
    const root = only(trace.roots);
    const child = only(root.children);

    it('names the parties from the workspace artifacts their bytecode matches', () => {
      assert.deepStrictEqual(root.caller, {
        id: ACCOUNT.id,
        address: ACCOUNT.address,
        label: ACCOUNT.id,
        kind: 'account',
      });
      assert.deepStrictEqual(root.recipient, {
        id: VAULT.id,
        address: VAULT.address,
        label: 'Vault',
        detail: 'contracts/Vault.sol',
        kind: 'artifact',
      });
      assert.strictEqual(child.caller.label, 'Vault');
      assert.strictEqual(child.recipient.label, 'MyToken');
      assert.strictEqual(child.recipient.detail, 'contracts/MyToken.sol');
    });

    it('decodes each call with its recipient ABI, and the revert with the error it names', () => {
      assert.strictEqual(root.call, 'withdraw(amount: 1500)');
      assert.strictEqual(root.selector, withdrawInput(1500n).slice(0, 10));
      assert.strictEqual(child.call, 'transfer(to: 0.0.1001, amount: 1500)');
      assert.strictEqual(child.result.kind, 'revert');
      assert.strictEqual(text(child), 'InsufficientBalance(account: 0.0.5001, balance: 1000, needed: 1500)');
      assert.ok(child.result.kind === 'revert' && child.result.revert.kind === 'custom');
    });

    it('marks both as failed and the innermost as where it started (and the first failure)', () => {
      assert.deepStrictEqual([root.failed, root.origin, child.failed, child.origin], [true, false, true, true]);
      assert.strictEqual(trace.firstFailure, child);
      assert.deepStrictEqual([root.level, child.level, root.depth, child.depth], [0, 1, 0, 1]);
      assert.deepStrictEqual([child.gas, child.gasUsed, child.valueTinybar], [20_000n, 15_000n, 0n]);
      assert.strictEqual(trace.count, 2);
      assert.deepStrictEqual(trace.notes, []);
      assert.deepStrictEqual([...root.notes, ...child.notes], []);
      assert.strictEqual(trace.incomplete, undefined);
    });
  });

  it('a parent that reverted after all its children succeeded is the origin', () => {
    const actions = [
      action({ index: 0, input: withdrawInput(5n), result_data_type: 'REVERT_REASON', result_data: vaultLocked(9n) }),
      action({
        index: 1,
        call_depth: 1,
        recipient: TOKEN.id,
        to: TOKEN.address,
        input: transferInput(ACCOUNT.address, 5n),
        result_data: transferOutput(true),
      }),
    ];
    const trace = buildCallTrace(actions, context());
    const root = only(trace.roots);
    assert.strictEqual(root.origin, true);
    assert.strictEqual(text(root), 'VaultLocked(until: 9)');
    assert.strictEqual(root.children[0].failed, false);
    assert.strictEqual(text(root.children[0]), 'true');
    assert.strictEqual(trace.firstFailure, root);
  });

  it('a child that failed under a call that succeeded (caught) is still failed, and the first failure', () => {
    const actions = [
      action({ index: 0, input: withdrawInput(5n), result_data: transferOutput(true) }),
      action({
        index: 1,
        call_depth: 1,
        recipient: TOKEN.id,
        to: TOKEN.address,
        result_data_type: 'ERROR',
        result_data: stringToHex('INSUFFICIENT_GAS'),
      }),
      action({
        index: 2,
        call_depth: 1,
        recipient: TOKEN.id,
        to: TOKEN.address,
        result_data_type: 'REVERT_REASON',
        result_data: '0x',
      }),
    ];
    const trace = buildCallTrace(actions, context());
    const [first, second] = trace.roots[0].children;
    assert.strictEqual(trace.roots[0].failed, false);
    assert.deepStrictEqual(first.result, { kind: 'error', text: 'INSUFFICIENT_GAS' });
    assert.strictEqual(first.origin, true);
    assert.strictEqual(second.origin, true);
    assert.strictEqual(text(second), 'no revert data');
    assert.strictEqual(trace.firstFailure, first);
  });

  it('decodes Error(string) and Panic, and shows a system contract reason that is plain text', () => {
    const errorString = encodeErrorResult({
      abi: [{ type: 'error', name: 'Error', inputs: [{ name: 'reason', type: 'string' }] }],
      errorName: 'Error',
      args: ['not enough'],
    });
    const panic = encodeErrorResult({
      abi: [{ type: 'error', name: 'Panic', inputs: [{ name: 'code', type: 'uint256' }] }],
      errorName: 'Panic',
      args: [0x11n],
    });
    const trace = buildCallTrace(
      [
        action({ index: 0, result_data_type: 'REVERT_REASON', result_data: errorString }),
        action({ index: 1, call_depth: 1, result_data_type: 'REVERT_REASON', result_data: panic }),
        action({
          index: 2,
          call_depth: 1,
          result_data_type: 'REVERT_REASON',
          result_data: stringToHex('TOKEN_NOT_ASSOCIATED'),
        }),
      ],
      context(),
    );
    const [root] = trace.roots;
    assert.strictEqual(text(root), 'Error("not enough")');
    assert.strictEqual(
      text(root.children[0]),
      'Panic(0x11): arithmetic overflow or underflow outside an unchecked block',
    );
    assert.strictEqual(text(root.children[1]), 'TOKEN_NOT_ASSOCIATED');
  });

  it('names a system contract by address and decodes its call with the built-in ABI, asking for no code', () => {
    const hts = '0x0000000000000000000000000000000000000167';
    const input = encodeFunctionData({
      abi: [
        {
          type: 'function',
          name: 'transferToken',
          stateMutability: 'nonpayable',
          inputs: [
            { name: 'token', type: 'address' },
            { name: 'sender', type: 'address' },
            { name: 'recipient', type: 'address' },
            { name: 'amount', type: 'int64' },
          ],
          outputs: [{ name: 'responseCode', type: 'int64' }],
        },
      ],
      functionName: 'transferToken',
      args: [TOKEN.address as `0x${string}`, VAULT.address as `0x${string}`, ACCOUNT.address as `0x${string}`, 7n],
    });
    const trace = buildCallTrace(
      [action({ call_type: 'PRECOMPILE', recipient: '0.0.359', to: hts, recipient_type: 'CONTRACT', input })],
      context(),
    );
    const frame = trace.roots[0];
    assert.deepStrictEqual(
      { label: frame.recipient.label, detail: frame.recipient.detail, kind: frame.recipient.kind },
      { label: 'Hedera token service', detail: 'system contract 0x167', kind: 'system' },
    );
    assert.match(
      frame.call ?? '',
      /^transferToken\(token: 0\.0\.5002, sender: 0\.0\.5001, recipient: 0\.0\.1001, amount: 7/,
    );
    assert.strictEqual(frame.callType, 'PRECOMPILE');
  });

  it('names an HTS token by its symbol and shows its ERC-20 amounts in its units', () => {
    const token = { id: '0.0.6006', address: '0x0000000000000000000000000000000000001776' };
    const tokens = (id: string) =>
      id === token.id
        ? ({
            status: 'found',
            meta: { tokenId: id, name: 'USD Coin', symbol: 'USDC', decimals: 2, type: 'FUNGIBLE_COMMON', info: {} },
          } as never)
        : undefined;
    const trace = buildCallTrace(
      [action({ recipient: token.id, to: token.address, input: transferInput(ACCOUNT.address, 150n) })],
      context({ codes: sampleCodes({ [token.id]: null }), tokens }),
    );
    const frame = trace.roots[0];
    assert.deepStrictEqual(
      { label: frame.recipient.label, detail: frame.recipient.detail, kind: frame.recipient.kind },
      { label: 'USDC', detail: 'token 0.0.6006', kind: 'token' },
    );
    assert.strictEqual(frame.call, 'transfer(to: 0.0.1001, amount: 1.50 USDC)');
  });

  it('a recipient that is an account: a plain value transfer, named by its id', () => {
    const trace = buildCallTrace(
      [action({ recipient: ACCOUNT.id, to: ACCOUNT.address, recipient_type: 'ACCOUNT', value: 250_000_000n })],
      context(),
    );
    const frame = trace.roots[0];
    assert.deepStrictEqual(
      { label: frame.recipient.label, kind: frame.recipient.kind, call: frame.call, value: frame.valueTinybar },
      { label: ACCOUNT.id, kind: 'account', call: undefined, value: 250_000_000n },
    );
    assert.deepStrictEqual(frame.result, { kind: 'none' });
  });

  it('a contract whose code matches no artifact, or is not known, is named by id and says why', () => {
    const trace = buildCallTrace(
      [
        action({ recipient: '0.0.7001', to: null, input: '0xdeadbeef' }),
        action({ index: 1, call_depth: 1, recipient: '0.0.7002', to: null, input: '0xdeadbeef00' }),
      ],
      context({ codes: sampleCodes({ '0.0.7001': '0x6001600101' }) }),
    );
    const [a] = trace.roots;
    const b = a.children[0];
    assert.deepStrictEqual(
      [a.recipient.label, a.recipient.kind, a.recipient.detail],
      ['0.0.7001', 'contract', 'no workspace artifact matches its bytecode'],
    );
    assert.deepStrictEqual([b.recipient.kind, b.recipient.detail], ['contract', 'its bytecode is not known']);
    assert.strictEqual(a.call, '0xdeadbeef', 'an unknown selector is shown as it is');
    assert.strictEqual(a.selector, '0xdeadbeef');
    assert.strictEqual(b.call, '0xdeadbeef', 'an unknown selector whatever follows it');
  });

  describe('records that need repair: each placed, each repair said', () => {
    it('actions out of index order are sorted', () => {
      const [root, child] = failingWithdraw();
      const trace = buildCallTrace([child, root], context());
      assert.strictEqual(trace.roots.length, 1);
      assert.strictEqual(trace.roots[0].index, 0);
      assert.strictEqual(trace.roots[0].children[0].index, 1);
      assert.deepStrictEqual(trace.notes, ['the actions came out of index order: shown sorted by index']);
    });

    it('a depth that skips levels (5 after 2) is placed one level below', () => {
      const trace = buildCallTrace(
        [action({ index: 0, call_depth: 2 }), action({ index: 1, call_depth: 5 }), action({ index: 2, call_depth: 3 })],
        context(),
      );
      const [root] = trace.roots;
      assert.deepStrictEqual(
        root.children.map(c => [c.index, c.depth, c.level]),
        [
          [1, 5, 1],
          [2, 3, 1],
        ],
        'depth 3 after 5 is not a child of 5: it is its sibling',
      );
      assert.deepStrictEqual(root.children[0].notes, ['call_depth 5 right after depth 2: shown one level below it']);
      assert.deepStrictEqual(root.children[1].notes, [], 'depth 3 right under depth 2 needs no repair');
      assert.deepStrictEqual(
        framesInOrder(trace).map(f => [f.index, f.level]),
        [
          [0, 0],
          [1, 1],
          [2, 1],
        ],
      );
    });

    it('a depth below the first action’s is shown as a top-level call, and nesting goes on from it', () => {
      const trace = buildCallTrace(
        [action({ index: 0, call_depth: 3 }), action({ index: 1, call_depth: 1 }), action({ index: 2, call_depth: 2 })],
        context(),
      );
      assert.deepStrictEqual(
        trace.roots.map(r => r.index),
        [0, 1],
      );
      assert.deepStrictEqual(trace.roots[1].notes, [
        "call_depth 1 is below the first action's (3): shown as a top-level call",
      ]);
      assert.deepStrictEqual(
        trace.roots[1].children.map(c => [c.index, c.level]),
        [[2, 1]],
      );
    });

    it('a second top-level call at the first depth is kept, and the trace says there are two', () => {
      const trace = buildCallTrace([action({ index: 0 }), action({ index: 1 })], context());
      assert.strictEqual(trace.roots.length, 2);
      assert.deepStrictEqual(trace.notes, ['2 top-level calls (a transaction makes one)']);
    });

    it('duplicate indices are each shown, the repeat noted', () => {
      const trace = buildCallTrace(
        [action({ index: 0 }), action({ index: 1, call_depth: 1 }), action({ index: 1, call_depth: 1 })],
        context(),
      );
      const kids = trace.roots[0].children;
      assert.strictEqual(kids.length, 2);
      assert.deepStrictEqual(kids[1].notes, ['index 1 appears more than once (each is shown)']);
    });

    it('gaps in the indices are said once per gap', () => {
      const trace = buildCallTrace(
        [action({ index: 2 }), action({ index: 3, call_depth: 1 }), action({ index: 7, call_depth: 1 })],
        context(),
      );
      assert.deepStrictEqual(trace.notes, ['no actions with index 0 to 1', 'no actions with index 4 to 6']);
    });

    it('unknown words are kept as the server wrote them, and noted', () => {
      const trace = buildCallTrace(
        [
          action({
            call_operation_type: 'TELEPORT',
            call_type: 'HOOK',
            result_data_type: 'MAYBE',
            result_data: '0x01',
          }),
        ],
        context(),
      );
      const frame = trace.roots[0];
      assert.deepStrictEqual([frame.operation, frame.callType, frame.failed], ['TELEPORT', 'HOOK', false]);
      assert.deepStrictEqual(frame.result, { kind: 'output', text: '0x01' });
      assert.deepStrictEqual(frame.notes, [
        'unknown operation "TELEPORT"',
        'unknown call type "HOOK"',
        'unknown result type "MAYBE"',
      ]);
    });

    it('missing fields: no index, no depth, no gas, no type', () => {
      const bare = { index: null, call_depth: null, gas: null, gas_used: undefined, result_data_type: null } as const;
      const trace = buildCallTrace([action({ index: 0 }), action(bare)], context());
      const frames = framesInOrder(trace);
      assert.strictEqual(frames.length, 2);
      const second = frames[1];
      assert.deepStrictEqual([second.index, second.depth, second.gas, second.gasUsed], [-1, -1, 0n, 0n]);
      assert.deepStrictEqual(second.notes, [
        'no usable index: kept after the action the server sent before it',
        'no result type',
        'no usable call_depth: shown beside the action before it',
      ]);
    });

    it('input and result data that are not hex are shown as text, made visible, and noted', () => {
      const trace = buildCallTrace(
        [action({ input: 'hello\u202eworld', result_data_type: 'ERROR', result_data: 'BAD\u0007' })],
        context(),
      );
      const frame = trace.roots[0];
      assert.strictEqual(frame.call, 'hello⟨U+202E⟩world');
      assert.deepStrictEqual(frame.result, { kind: 'error', text: 'BAD⟨U+0007⟩' });
      assert.deepStrictEqual(frame.notes, ['input is not hex']);
    });

    it('10,000 actions nested one inside the next: no recursion, every level right', () => {
      const actions = Array.from({ length: 10_000 }, (_, i) => action({ index: i, call_depth: i }));
      const trace = buildCallTrace(actions, context());
      const frames = framesInOrder(trace);
      assert.strictEqual(frames.length, 10_000);
      assert.ok(frames.every((f, i) => f.level === i && f.index === i));
    });

    it('10,000 actions side by side, with notes kept bounded', () => {
      const actions = Array.from({ length: 10_000 }, (_, i) => action({ index: i * 2, call_depth: i === 0 ? 0 : 1 }));
      const trace = buildCallTrace(actions, context());
      assert.strictEqual(trace.roots[0].children.length, 9_999);
      assert.strictEqual(trace.notes.length, 21, 'twenty notes and a count of the rest');
      assert.match(trace.notes[20], /^… and 9979 more note\(s\)$/);
    });
  });

  it('decodes each distinct (contract, input) once: a loop of the same call costs one decoding', () => {
    const index = sampleIndex();
    let decodes = 0;
    const original = index.decodeCall.bind(index);
    index.decodeCall = (data, match) => {
      decodes++;
      return original(data, match);
    };
    const input = transferInput(ACCOUNT.address, 1n);
    const actions = [action({ index: 0, input: withdrawInput(1n) })];
    for (let i = 1; i <= 500; i++)
      actions.push(action({ index: i, call_depth: 1, recipient: TOKEN.id, to: TOKEN.address, input }));
    const trace = buildCallTrace(actions, { abi: index, codes: sampleCodes() });
    assert.strictEqual(decodes, 2);
    assert.ok(trace.roots[0].children.every(c => c.call === 'transfer(to: 0.0.1001, amount: 1)'));
  });

  describe("the mirror node's own spec data (rest/__tests__/specs/contracts/results/{id}/actions)", () => {
    const specs = actionSpecs().filter(s => s.status === 200);

    it('has the specs', () => {
      assert.ok(specs.length >= 8, `${specs.length} spec answers`);
    });

    it('every answer parses through the schema and builds a tree holding each action once', () => {
      for (const spec of specs) {
        const body = parseActionsBody(spec.body);
        const trace = buildCallTrace(body.actions, context({ codes: { peek: () => undefined } }));
        const frames = framesInOrder(trace);
        assert.strictEqual(frames.length, body.actions.length, spec.file);
        assert.deepStrictEqual(
          frames.map(f => f.index).sort((a, b) => a - b),
          body.actions.map(a => a.index).sort((a, b) => (a ?? 0) - (b ?? 0)),
          spec.file,
        );
      }
    });

    it('no-params.json: a CALL at depth 1 with a CREATE at depth 2 under it, parties by id', () => {
      const spec = specs.find(s => s.file === 'no-params.json')!;
      const trace = buildCallTrace(parseActionsBody(spec.body).actions, context({ codes: { peek: () => undefined } }));
      const root = only(trace.roots);
      const child = only(root.children);
      assert.deepStrictEqual(
        [root.index, root.depth, root.level, root.operation, root.callType, root.valueTinybar],
        [1, 1, 0, 'CALL', 'CALL', 100n],
      );
      assert.deepStrictEqual(
        [root.caller.label, root.recipient.label, root.recipient.kind],
        ['0.0.5001', '0.0.8001', 'contract'],
      );
      assert.deepStrictEqual(
        [child.index, child.depth, child.level, child.operation, child.callType],
        [2, 2, 1, 'CALLCODE', 'CREATE'],
      );
      assert.deepStrictEqual([child.recipient.label, child.recipient.kind], ['unknown', 'unknown']);
      assert.strictEqual(root.call, '0xabcd (2 bytes, no selector)');
      assert.deepStrictEqual(root.result, { kind: 'output', text: '0x1234' });
      assert.deepStrictEqual([root.gas, root.gasUsed], [1000n, 900n]);
      assert.deepStrictEqual(trace.notes, ['no action with index 0']);
      assert.strictEqual(trace.firstFailure, undefined);
    });
  });

  it('property: any list of actions builds without throwing, each action once, levels consistent', () => {
    const word = fc.option(fc.constantFrom('CALL', 'CREATE', 'STATICCALL', 'PRECOMPILE', 'ODD', ''), { nil: null });
    const anAction = fc.record(
      {
        index: fc.option(fc.integer({ min: -3, max: 40 }), { nil: null }),
        call_depth: fc.option(fc.integer({ min: -2, max: 12 }), { nil: null }),
        call_operation_type: word,
        call_type: word,
        result_data_type: fc.option(fc.constantFrom('OUTPUT', 'REVERT_REASON', 'ERROR', 'WHAT'), { nil: null }),
        result_data: fc.option(fc.constantFrom('0x', '0x00', '0x08c379a0', 'zz', '0x4e487b71'), { nil: null }),
        input: fc.option(fc.constantFrom('0x', '0xabcd', withdrawInput(3n), 'not hex'), { nil: null }),
        recipient: fc.option(fc.constantFrom(VAULT.id, TOKEN.id, '0.0.359', '0.0.2', 'junk'), { nil: null }),
        gas: fc.option(fc.bigInt({ min: -5n, max: 2n ** 63n - 1n }), { nil: null }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(anAction, { maxLength: 60 }), raw => {
        const actions = raw as unknown as ContractAction[];
        const trace = buildCallTrace(actions, context());
        const frames = framesInOrder(trace);
        assert.strictEqual(frames.length, actions.length);
        assert.strictEqual(new Set(frames).size, frames.length, 'each frame once');
        const stack: TraceFrame[] = [...trace.roots];
        for (const r of trace.roots) assert.strictEqual(r.level, 0);
        while (stack.length > 0) {
          const f = stack.pop()!;
          for (const c of f.children) {
            assert.strictEqual(c.level, f.level + 1);
            stack.push(c);
          }
          assert.strictEqual(f.origin, f.failed && !f.children.some(c => c.failed));
        }
        if (trace.firstFailure) assert.ok(trace.firstFailure.origin);
        else assert.ok(frames.every(f => !f.origin));
      }),
      { numRuns: 300 },
    );
  });

  describe('traces made by a real EVM from the sample contracts (test/support/evmTraces.ts)', function () {
    this.timeout(60_000);
    /** The sample's contracts the scenarios create: every party of every trace is one of them. */
    const SAMPLE_NAMES = ['MyToken', 'Vault', 'ProxySetup', 'VaultProxy'];
    let traces: EvmTraces;
    const index = new AbiIndex();
    before(async () => {
      traces = await evmTraces();
      for (const name of SAMPLE_NAMES) {
        const file = `artifacts/contracts/${name}.sol/${name}.json`;
        const text = fs.readFileSync(path.join(projectRoot(), 'test/workspace/hardhat-sample', file), 'utf8');
        const outcome = parseArtifact(file, text);
        if (outcome.kind !== 'indexed') throw new Error(outcome.reason);
        index.setFile(file, outcome.contracts);
      }
    });
    const traceOf = (name: ScenarioName) => {
      const scenario = traces.byName[name];
      const codes = new Map(scenario.contracts.map(c => [c.contract_id, c.runtime_bytecode]));
      const { actions } = parseActionsBody({ actions: scenario.actions, links: { next: null } });
      return { actions, trace: buildCallTrace(actions, { abi: index, codes: { peek: key => codes.get(key) } }) };
    };

    it('the withdraw above what the vault holds: Vault → MyToken, failing in MyToken.transfer', () => {
      const { actions, trace } = traceOf('withdrawAboveVaultBalance');
      const root = only(trace.roots);
      const transfer = only(root.children);
      assert.deepStrictEqual(
        [
          root.recipient.label,
          root.recipient.detail,
          transfer.caller.label,
          transfer.recipient.label,
          transfer.recipient.detail,
        ],
        ['Vault', 'contracts/Vault.sol', 'Vault', 'MyToken', 'contracts/MyToken.sol'],
      );
      assert.deepStrictEqual(
        [root.call, transfer.call],
        ['withdraw(amount: 1000)', 'transfer(to: 0.0.1001, amount: 1000)'],
      );
      assert.deepStrictEqual([root.failed, root.origin, transfer.failed, transfer.origin], [true, false, true, true]);
      assert.strictEqual(trace.firstFailure, transfer);
      assert.strictEqual(text(transfer), 'InsufficientBalance(account: 0.0.1003, balance: 400, needed: 1000)');
      assert.ok(transfer.result.kind === 'revert' && transfer.result.revert.kind === 'custom');
      assert.strictEqual(endsEarly(actions), undefined, 'a whole trace is not said to end early');
      assert.deepStrictEqual(trace.notes, []);
    });

    it('a parent that fails after its call succeeded, an out-of-gas frame, a STATICCALL', () => {
      const underflow = traceOf('withdrawAboveDeposit').trace;
      assert.strictEqual(underflow.firstFailure, underflow.roots[0]);
      assert.match(text(underflow.roots[0]) ?? '', /^Panic\(0x11\)/);
      const outOfGas = traceOf('withdrawOutOfGas').trace;
      assert.deepStrictEqual(outOfGas.firstFailure?.result, { kind: 'error', text: 'INSUFFICIENT_GAS' });
      const ok = traceOf('withdraw').trace;
      assert.deepStrictEqual(
        ok.roots[0].children.map(c => [c.operation, c.call, text(c)]),
        [
          ['CALL', 'transfer(to: 0.0.1001, amount: 200)', 'true'],
          ['STATICCALL', 'balanceOf(0.0.1003)', '400'],
        ],
      );
      assert.strictEqual(ok.firstFailure, undefined);
    });

    it('every scenario builds with every party named from the artifacts', () => {
      for (const scenario of traces.scenarios) {
        const { trace } = traceOf(scenario.name);
        const frames = framesInOrder(trace);
        assert.strictEqual(frames.length, scenario.actions.length, scenario.name);
        for (const f of frames)
          assert.ok(SAMPLE_NAMES.includes(f.recipient.label), `${scenario.name}: ${f.recipient.label}`);
      }
    });
  });

  it('grows linearly: 8,000 actions cost about 8× 1,000', function () {
    this.timeout(60_000);
    const ctx = context();
    const make = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        action({ index: i, call_depth: i === 0 ? 0 : 1 + (i % 4), input: transferInput(ACCOUNT.address, BigInt(i)) }),
      );
    assertGrowth('buildCallTrace', make, actions => buildCallTrace(actions, ctx), 1000);
  });

  describe('buildCallTraceSliced: the same tree, a slice at a time', () => {
    const actions = Array.from({ length: 3000 }, (_, i) =>
      action({
        index: i,
        call_depth: i === 0 ? 0 : 1,
        recipient: TOKEN.id,
        to: TOKEN.address,
        input: transferInput(ACCOUNT.address, BigInt(i)),
      }),
    );

    it('gives the event loop turns while it builds, and the same frames as in one go', async () => {
      let turns = 0;
      const ticker = setInterval(() => turns++, 0);
      const sliced = await buildCallTraceSliced(actions, context());
      clearInterval(ticker);
      const whole = buildCallTrace(actions, context());
      assert.deepStrictEqual(
        framesInOrder(sliced).map(f => [f.index, f.level, f.call, f.recipient.label]),
        framesInOrder(whole).map(f => [f.index, f.level, f.call, f.recipient.label]),
      );
      assert.ok(turns > 0, 'timers ran while it built');
    });

    it('stops when its signal aborts', async () => {
      const controller = new AbortController();
      setImmediate(() => controller.abort());
      await assert.rejects(
        buildCallTraceSliced([...actions, ...actions, ...actions], context(), controller.signal),
        (e: unknown) => e instanceof MirrorError && e.kind === 'aborted',
      );
    });
  });

  it('an empty list is an empty trace', () => {
    const trace = buildCallTrace([], { abi: new AbiIndex([]), codes: { peek: () => undefined } });
    assert.deepStrictEqual(trace, { roots: [], count: 0, notes: [] });
  });
});

function vaultLocked(until: bigint): string {
  return encodeErrorResult({
    abi: [{ type: 'error', name: 'VaultLocked', inputs: [{ name: 'until', type: 'uint64' }] }],
    errorName: 'VaultLocked',
    args: [until],
  });
}
