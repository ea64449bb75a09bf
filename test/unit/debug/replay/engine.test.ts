// The replay engine against the reference EVM: every call of the sample scenarios
// (test/support/evmTraces.ts), replayed from the state the records give (each contract's code,
// each slot's value before the transaction: the value the scenarios before it left), must write
// the very `/opcodes` body the reference writes (test/support/evmOpcodes.ts), open the frames the
// actions record, end as the result says, write the slots the state changes record and consume the
// gas the result records, asking for each slot once.
import * as assert from 'assert';
import { runReplay } from '../../../../src/debug/replay/engine/run';
import {
  DEFAULT_REPLAY_LIMITS,
  type CodeAnswer,
  type KnownSlot,
  type ReplayInput,
  type ReplayOptions,
  type StateReader,
} from '../../../../src/debug/replay/types';
import { opcodesBodyText, type OpcodesResponseBody } from '../../../support/evmOpcodes';
import { evmTraces, type EvmScenario } from '../../../support/evmTraces';

/** A reader serving the scenario's contracts and the slots' values before it, counting what it is asked. */
class ScenarioReader implements StateReader {
  readonly slotAsks = new Map<string, number>();
  codeAsks = 0;
  balanceAsks = 0;

  constructor(
    private readonly scenario: EvmScenario,
    private readonly slotsBefore: ReadonlyMap<string, string>,
  ) {}

  code(address: string): Promise<CodeAnswer> {
    this.codeAsks++;
    const contract = this.scenario.contracts.find(c => c.evm_address === address);
    return Promise.resolve(
      contract === undefined ? { kind: 'none' } : { kind: 'code', code: contract.runtime_bytecode },
    );
  }

  slot(address: string, slot: string): Promise<string> {
    const key = `${address}:${slot}`;
    this.slotAsks.set(key, (this.slotAsks.get(key) ?? 0) + 1);
    return Promise.resolve(this.slotsBefore.get(key) ?? '0'.repeat(64));
  }

  balance(): Promise<bigint> {
    this.balanceAsks++;
    return Promise.resolve(0n);
  }
}

function inputOf(scenario: EvmScenario, withKnownSlots: boolean): ReplayInput {
  const result = scenario.contractResult;
  const knownSlots: KnownSlot[] = withKnownSlots
    ? result.state_changes.map(c => ({ address: c.address, slot: c.slot.slice(2), value: c.value_read.slice(2) }))
    : [];
  return {
    network: 'testnet',
    chainId: 296n,
    from: result.from,
    to: result.to,
    contractId: result.contract_id,
    data: result.function_parameters,
    valueTinybar: BigInt(result.amount),
    gasLimit: BigInt(result.gas_limit),
    blockNumber: BigInt(result.block_number),
    timestamp: result.timestamp,
    knownSlots,
    recordedCalls: [],
    tokenAddresses: [],
  };
}

const OPTIONS: ReplayOptions = { limits: DEFAULT_REPLAY_LIMITS, memory: false };

/** Entry by entry first, so a difference names the first entry that differs; then the text. */
function assertSameBody(actual: string, expected: string, name: string): void {
  const got = JSON.parse(actual) as OpcodesResponseBody;
  const want = JSON.parse(expected) as OpcodesResponseBody;
  const count = Math.min(got.opcodes.length, want.opcodes.length);
  for (let i = 0; i < count; i++) {
    assert.deepStrictEqual(got.opcodes[i], want.opcodes[i], `${name}: entry ${i} (${want.opcodes[i].op})`);
  }
  assert.strictEqual(got.opcodes.length, want.opcodes.length, `${name}: entries`);
  assert.deepStrictEqual({ ...got, opcodes: [] }, { ...want, opcodes: [] }, `${name}: top-level members`);
  assert.strictEqual(actual, expected, `${name}: body text`);
}

/**
 * Each slot's value before each scenario (`address:slot` → 64 hex): storage starts empty and each
 * successful scenario leaves what its state changes say. Checked against each one's `value_read`.
 */
function slotsBeforeEach(scenarios: readonly EvmScenario[]): Map<EvmScenario, Map<string, string>> {
  const state = new Map<string, string>();
  const before = new Map<EvmScenario, Map<string, string>>();
  for (const scenario of scenarios) {
    before.set(scenario, new Map(state));
    for (const change of scenario.contractResult.state_changes) {
      const key = `${change.address}:${change.slot.slice(2)}`;
      assert.strictEqual(
        change.value_read.slice(2),
        state.get(key) ?? '0'.repeat(64),
        `${scenario.name}: ${key} before`,
      );
      state.set(key, (change.value_written ?? change.value_read).slice(2));
    }
  }
  return before;
}

const outcomeOf = (type: string) => (type === 'OUTPUT' ? 'success' : type === 'REVERT_REASON' ? 'revert' : 'halt');

describe('replay engine: the sample scenarios replayed', function () {
  this.timeout(120_000);
  let calls: EvmScenario[] = [];
  let successfulCalls: EvmScenario[] = [];
  let slotsBefore = new Map<EvmScenario, Map<string, string>>();
  const readerFor = (scenario: EvmScenario) => new ScenarioReader(scenario, slotsBefore.get(scenario) ?? new Map());

  before(async () => {
    const scenarios = (await evmTraces()).scenarios;
    slotsBefore = slotsBeforeEach(scenarios);
    calls = scenarios.filter(s => s.actions[0]?.call_type !== 'CREATE');
    successfulCalls = calls.filter(s => s.contractResult.status === '0x1');
  });

  it('has calls to replay, successful and failed, with inner frames among them', () => {
    assert.ok(successfulCalls.length >= 5, `${successfulCalls.length} successful calls`);
    assert.ok(calls.some(s => s.contractResult.result === 'CONTRACT_REVERT_EXECUTED'));
    assert.ok(
      calls.some(s => s.actions.some(a => a.result_data_type === 'ERROR')),
      'a frame that halts',
    );
    assert.ok(successfulCalls.some(s => s.actions.some(a => a.call_operation_type === 'DELEGATECALL')));
    assert.ok(successfulCalls.some(s => s.actions.some(a => a.call_operation_type === 'STATICCALL')));
  });

  it('writes the reference body, frames, outcome, writes and gas for each, asking each slot at most once', async () => {
    const timings: string[] = [];
    for (const scenario of calls) {
      const reader = readerFor(scenario);
      const started = performance.now();
      const outcome = await runReplay(inputOf(scenario, false), reader, OPTIONS, new AbortController().signal);
      timings.push(`${scenario.name} ${(performance.now() - started).toFixed(0)} ms`);
      assert.strictEqual(outcome.stopped, undefined, `${scenario.name}: ${outcome.stopped?.reason}`);
      const expected = opcodesBodyText(scenario, { stack: true, memory: false, storage: true });
      assertSameBody(outcome.body, expected, scenario.name);
      assert.strictEqual(outcome.entries, (JSON.parse(expected) as OpcodesResponseBody).opcodes.length);

      assert.deepStrictEqual(
        outcome.frames.map(f => [f.depth, f.operation, f.to, f.how, f.outcome]),
        scenario.actions.map(a => [
          a.call_depth,
          a.call_operation_type,
          a.to,
          'replayed',
          outcomeOf(a.result_data_type),
        ]),
        `${scenario.name}: frames`,
      );
      assert.deepStrictEqual(
        outcome.frames.map(f => f.gasUsed),
        scenario.actions.map(a => BigInt(a.gas_used)),
        `${scenario.name}: frames' gas`,
      );
      assert.deepStrictEqual(
        outcome.frames.map(f => (f.outcome === 'halt' ? `0x${Buffer.from(f.error ?? '').toString('hex')}` : f.output)),
        scenario.actions.map(a => a.result_data),
        `${scenario.name}: frames' output, or a halt's reason as Hedera names it`,
      );
      assert.strictEqual(outcome.frames[0].openedAt, undefined);
      for (const frame of outcome.frames.slice(1)) {
        const opener = (JSON.parse(outcome.body) as OpcodesResponseBody).opcodes[frame.openedAt ?? -1];
        assert.strictEqual(opener?.op, frame.operation, `${scenario.name}: frame ${frame.index} opened by its call`);
      }

      const written = scenario.contractResult.state_changes
        .filter(c => c.value_written !== null)
        .map(c => `${c.address} ${c.slot.slice(2)} ${c.value_written?.slice(2)}`)
        .sort();
      assert.deepStrictEqual(
        outcome.written.map(w => `${w.address} ${w.slot} ${w.value}`).sort(),
        written,
        `${scenario.name}: written`,
      );
      const result = scenario.contractResult;
      assert.strictEqual(outcome.result.outcome, outcomeOf(scenario.actions[0].result_data_type), scenario.name);
      if (result.status === '0x1') assert.strictEqual(outcome.result.output, result.call_result);
      else if (outcome.result.outcome === 'revert') assert.strictEqual(outcome.result.output, result.error_message);
      else assert.strictEqual(outcome.result.error, result.error_message);
      assert.strictEqual(outcome.result.gasConsumed, BigInt(result.gas_consumed), `${scenario.name}: gas`);

      assert.ok(
        [...reader.slotAsks.values()].every(n => n === 1),
        `${scenario.name}: a slot asked twice`,
      );
      if (result.status === '0x1') {
        assert.strictEqual(reader.slotAsks.size, result.state_changes.length, `${scenario.name}: slots asked`);
      }
      assert.deepStrictEqual(outcome.fetched, {
        code: reader.codeAsks,
        slots: reader.slotAsks.size,
        balances: reader.balanceAsks,
      });
    }
    console.log(`      replay times: ${timings.join(', ')}`);
  });

  it('asks for no slot the record already gives', async () => {
    for (const scenario of successfulCalls) {
      const reader = readerFor(scenario);
      const outcome = await runReplay(inputOf(scenario, true), reader, OPTIONS, new AbortController().signal);
      assert.strictEqual(reader.slotAsks.size, 0, scenario.name);
      assert.strictEqual(outcome.fetched.slots, 0);
      assert.strictEqual(
        outcome.body,
        opcodesBodyText(scenario, { stack: true, memory: false, storage: true }),
        scenario.name,
      );
    }
  });

  it('writes the memory rows when asked, as the reference does', async () => {
    for (const scenario of calls) {
      const outcome = await runReplay(
        inputOf(scenario, false),
        readerFor(scenario),
        { ...OPTIONS, memory: true },
        new AbortController().signal,
      );
      assertSameBody(
        outcome.body,
        opcodesBodyText(scenario, { stack: true, memory: true, storage: true }),
        scenario.name,
      );
    }
  });
});
