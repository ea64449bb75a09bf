// The faithfulness check on outcome/record pairs made from real records (the sample contracts run
// on a real EVM, test/support/evmTraces.ts, with their opcode traces, evmOpcodes.ts): an outcome
// that says what the record says is faithful for every call scenario; each kind of difference
// (result, output, revert data, gas consumed, a storage write, the call tree) is said in words at
// the step where it shows; a stopped replay is never faithful; calls answered from the record are
// listed as not replayed and their recorded sub-calls are not asked of the replay.
import * as assert from 'assert';
import { compareWithRecord } from '../../../../src/debug/replay/host/faithfulness';
import { parseRecordedResult, type RecordedResult } from '../../../../src/debug/replay/host/inputs';
import { evmTraces, type EvmScenario } from '../../../support/evmTraces';
import { actionsOf, referenceOutcome } from '../../../support/replayReference';

function recordOf(scenario: EvmScenario): RecordedResult {
  const parsed = parseRecordedResult(scenario.contractResult);
  if (!parsed.ok) throw new Error(parsed.why);
  return parsed.record;
}

describe('debug/replay/host/faithfulness: the replay compared with the record', function () {
  this.timeout(120_000);
  let calls: EvmScenario[];
  let nested: EvmScenario;

  before(async () => {
    const traces = await evmTraces();
    calls = traces.scenarios.filter(s => s.actions[0].call_type !== 'CREATE');
    nested = calls.find(
      s =>
        s.actions.length >= 3 &&
        s.contractResult.status === '0x1' &&
        s.contractResult.state_changes.some(c => c.value_written),
    )!;
    assert.ok(nested, 'a successful call scenario with nested calls and writes');
    assert.ok(calls.some(s => s.contractResult.result === 'CONTRACT_REVERT_EXECUTED'));
  });

  const compare = (scenario: EvmScenario, outcome = referenceOutcome(scenario), actions = actionsOf(scenario)) =>
    compareWithRecord(outcome, { contractResult: recordOf(scenario), actions });
  const texts = (v: ReturnType<typeof compare>) => v.divergences.map(d => d.text);

  it('an outcome that says what the record says is faithful, for every call scenario (success, revert, halt)', () => {
    for (const scenario of calls) {
      const verdict = compare(scenario);
      assert.deepStrictEqual(verdict, { faithful: true, divergences: [], notReplayed: [] }, scenario.name);
    }
  });

  it('a different result, output or gas consumed is said, at the last step', () => {
    const o = referenceOutcome(nested);
    const last = o.entries - 1;
    const v1 = compare(nested, { ...o, result: { ...o.result, outcome: 'revert', output: '0x' } });
    assert.strictEqual(v1.faithful, false);
    assert.deepStrictEqual(v1.divergences[0], {
      atEntry: last,
      text: 'recorded result success (SUCCESS), replayed revert',
    });
    const v2 = compare(nested, { ...o, result: { ...o.result, output: '0x01' } });
    assert.deepStrictEqual(texts(v2), [`recorded output ${nested.contractResult.call_result}, replayed 0x01`]);
    const v3 = compare(nested, { ...o, result: { ...o.result, gasConsumed: o.result.gasConsumed + 1n } });
    const g = BigInt(nested.contractResult.gas_consumed);
    assert.deepStrictEqual(texts(v3), [
      `recorded gas consumed ${g.toLocaleString('en-US')}, replayed ${(g + 1n).toLocaleString('en-US')}`,
    ]);
  });

  it('gas consumed is compared, not gas used (Hedera charges at least 80% of the limit)', () => {
    const scenario = calls.find(s => s.contractResult.gas_used !== s.contractResult.gas_consumed)!;
    assert.ok(scenario);
    assert.strictEqual(compare(scenario).faithful, true);
  });

  it('a revert: its data is error_message (call_result is empty); other revert data is said', () => {
    const scenario = calls.find(s => s.contractResult.result === 'CONTRACT_REVERT_EXECUTED')!;
    assert.strictEqual(scenario.contractResult.call_result, '0x');
    // An Error(string) revert: the replayed data below is its first 4 bytes only.
    assert.ok(scenario.contractResult.error_message!.startsWith('0x08c379a0'));
    const o = referenceOutcome(scenario);
    const v = compare(scenario, { ...o, result: { ...o.result, output: '0x08c379a0' } });
    assert.deepStrictEqual(texts(v), [
      `recorded revert data ${scenario.contractResult.error_message!.slice(0, 74)}… (${(scenario.contractResult.error_message!.length - 2) / 2} bytes), replayed 0x08c379a0, first different at byte 4`,
    ]);
  });

  it('a halt: the same halt is faithful, a halt for another reason is said', () => {
    // The samples' halts are in inner frames; the top frame's record is made to halt as Hedera records it.
    const base = calls.find(s => s.name === 'withdrawOutOfGas')!;
    const halted: EvmScenario = {
      ...base,
      contractResult: { ...base.contractResult, result: 'INSUFFICIENT_GAS', error_message: 'INSUFFICIENT_GAS' },
    };
    const reverted0 = referenceOutcome(base);
    const o = {
      ...reverted0,
      result: { ...reverted0.result, outcome: 'halt' as const, error: 'INSUFFICIENT_GAS', output: '0x' },
    };
    assert.strictEqual(compare(halted, o).faithful, true);
    const v = compare(halted, { ...o, result: { ...o.result, error: 'INVALID_OPERATION' } });
    assert.deepStrictEqual(texts(v), ['recorded halt INSUFFICIENT_GAS, replayed halt INVALID_OPERATION']);
    const reverted = compare(halted, {
      ...o,
      result: { outcome: 'revert', output: '0x', gasConsumed: o.result.gasConsumed },
    });
    assert.deepStrictEqual(texts(reverted), ['recorded result halt (INSUFFICIENT_GAS), replayed revert']);
  });

  it('each storage write that differs, is missing or is extra is said', () => {
    const o = referenceOutcome(nested);
    const [first, ...rest] = o.written;
    const changed = { ...first, value: 'f'.repeat(64) };
    const extra = { address: first.address, slot: 'e'.repeat(64), value: `${'0'.repeat(63)}1` };
    const v = compare(nested, { ...o, written: [changed, ...rest.slice(1), extra] });
    const id = `0.0.${BigInt(first.address)}`;
    const short = (w: string) => `0x${w.replace(/^0+/, '') || '0'}`;
    const expected = [
      `recorded slot ${short(first.slot)} of ${id} = ${short(first.value)}, replayed 0x${'f'.repeat(64)}`,
    ];
    if (rest.length > 0) {
      const gone = rest[0];
      expected.push(
        `recorded a write of ${short(gone.value)} to slot ${short(gone.slot)} of 0.0.${BigInt(gone.address)}, the replay wrote nothing there`,
      );
    }
    expected.push(`the replay wrote 0x1 to slot 0x${'e'.repeat(64)} of ${id}, the record has no write there`);
    assert.deepStrictEqual(texts(v), expected);
  });

  it('the first difference in the call tree, at the step that opened the call (step = entry + 1)', () => {
    const o = referenceOutcome(nested);
    const frame = o.frames[1];
    const to = `0.0.${BigInt(frame.to)}`;
    const frames = o.frames.map((f, i) => (i === 1 ? { ...f, outcome: 'revert' as const } : f));
    const v = compare(nested, { ...o, frames });
    assert.deepStrictEqual(v.divergences, [
      {
        atEntry: frame.openedAt,
        text: `replay diverged at step ${(frame.openedAt! + 1).toLocaleString('en-US')}: recorded ${frame.operation} to ${to} at depth 1, replayed ${frame.operation} to ${to} at depth 1 (revert)`,
      },
    ]);
    const fewer = compare(nested, { ...o, frames: o.frames.slice(0, -1) });
    const missing = nested.actions.at(-1)!;
    assert.match(
      texts(fewer)[0],
      new RegExp(
        `^replay diverged: recorded ${missing.call_operation_type} to 0\\.0\\.${BigInt(missing.to!)} at depth ${missing.call_depth}.* \\(call ${missing.index}\\), the replay made no such call$`,
      ),
    );
    const more = compare(nested, o, actionsOf(nested).slice(0, -1));
    assert.match(
      texts(more)[0],
      /^replay diverged at step [\d,]+: replayed \w+ to 0\.0\.\d+ at depth \d, the record has no such call$/,
    );
    const elsewhere = compare(nested, {
      ...o,
      frames: o.frames.map((f, i) => (i === 1 ? { ...f, to: '0x00000000000000000000000000000000000007d0' } : f)),
    });
    assert.match(texts(elsewhere)[0], /replayed \w+ to 0\.0\.2000 at depth 1$/);
  });

  it('a stopped replay is never faithful, whatever else matches', () => {
    const o = referenceOutcome(nested);
    const v = compare(nested, { ...o, stopped: { atEntry: 41, reason: 'the replay ran 1,000 steps, its cap' } });
    assert.deepStrictEqual(v, {
      faithful: false,
      divergences: [
        {
          atEntry: 41,
          text: 'the replay stopped at step 42 before the transaction ended: the replay ran 1,000 steps, its cap',
        },
      ],
      notReplayed: [],
    });
  });

  it('calls answered from the record are listed; their recorded sub-calls are not asked of the replay', () => {
    const deep = calls.find(s => s.actions.length >= 3 && s.actions[2].call_depth > s.actions[1].call_depth)!;
    assert.ok(deep, 'a scenario whose second call makes calls of its own');
    const o = referenceOutcome(deep);
    // The second frame answered from the record: the replay opened nothing under it.
    const answered = o.frames[1];
    const after = deep.actions.findIndex((a, i) => i > 1 && a.call_depth <= answered.depth);
    const end = after === -1 ? deep.actions.length : after;
    assert.ok(end > 2, 'the record has calls under it');
    const hts = '0x0000000000000000000000000000000000000167';
    const frames = [o.frames[0], { ...answered, how: 'recorded' as const, to: hts }, ...o.frames.slice(end)];
    const actions = actionsOf(deep).map((a, i) => (i === 1 ? { ...a, to: hts } : a));
    const v = compare(deep, { ...o, frames }, actions);
    assert.deepStrictEqual(v.divergences, []);
    assert.deepStrictEqual(v.notReplayed, [
      `call ${answered.index} to the token service 0x…167: not replayed, its recorded output was used`,
    ]);
    // Had the replay run them after all, they would not match the record it skipped.
    const ran = compare(
      deep,
      { ...o, frames: [o.frames[0], { ...answered, how: 'recorded' as const, to: hts }, ...o.frames.slice(2)] },
      actions,
    );
    assert.strictEqual(ran.faithful, false);
    assert.match(texts(ran)[0], /^replay diverged at step [\d,]+: /);
    const token = compare(deep, {
      ...o,
      frames: [o.frames[0], { ...answered, how: 'recorded' as const }, ...o.frames.slice(end)],
    });
    assert.deepStrictEqual(token.notReplayed, [
      `call ${answered.index} to the token 0.0.${BigInt(answered.to)}: not replayed, its recorded output was used`,
    ]);
    assert.deepStrictEqual(token.divergences, []);
  });

  it('without the record of the calls, the calls are not checked, and that is said', () => {
    const v = compare(nested, referenceOutcome(nested), []);
    assert.strictEqual(v.faithful, true);
    assert.deepStrictEqual(v.notReplayed, [
      "the calls were not checked: the transaction's call trace (/actions) could not be read",
    ]);
  });
});
