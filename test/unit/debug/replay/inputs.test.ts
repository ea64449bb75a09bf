// What a local replay starts from, read from real records (the sample contracts run on a real EVM,
// test/support/evmTraces.ts): every call scenario gives its input as the record says it, through
// the mirror client's own parsing too (int64 as bigint); a creation, a missing member, a member of
// the wrong kind and an unknown network are refused with the reason in words; the calls the node
// answered (system contracts, tokens) are taken from the actions; and no record, however wrong,
// makes it throw.
import * as assert from 'assert';
import fc from 'fast-check';
import { parseLossless } from '../../../../src/mirror/lossless';
import { ContractResultDetailSchema, type ContractAction } from '../../../../src/mirror/schemas';
import { chainIdOf, replayInputOf, tokenAddressesOf } from '../../../../src/debug/replay/host/inputs';
import { evmTraces, type ContractActionRecord, type EvmScenario } from '../../../support/evmTraces';
import { actionsOf } from '../../../support/replayReference';

const TOKEN_SERVICE = '0x0000000000000000000000000000000000000167';
const TOKEN_1007 = '0x00000000000000000000000000000000000003ef';

/** A record as the client hands it: parsed losslessly and checked by its schema (int64 as bigint). */
function throughClient(record: unknown): unknown {
  const parsed = ContractResultDetailSchema.safeParse(parseLossless(JSON.stringify(record)));
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data;
}

function why(answer: ReturnType<typeof replayInputOf>): string {
  assert.strictEqual(answer.kind, 'cannot', 'expected a refusal');
  return answer.kind === 'cannot' ? answer.why : '';
}

describe('debug/replay/host/inputs: the replay input from a record', function () {
  this.timeout(120_000);
  let calls: EvmScenario[];
  let creates: EvmScenario[];
  let deposit: EvmScenario;

  before(async () => {
    const traces = await evmTraces();
    calls = traces.scenarios.filter(s => s.actions[0].call_type !== 'CREATE');
    creates = traces.scenarios.filter(s => s.actions[0].call_type === 'CREATE');
    deposit = traces.byName.deposit;
    assert.ok(calls.length >= 8 && creates.length >= 3);
  });

  it('every call scenario gives its input as the record says, raw or through the client', () => {
    for (const scenario of calls) {
      const r = scenario.contractResult;
      for (const record of [r, throughClient(r)]) {
        const answer = replayInputOf('testnet', record, actionsOf(scenario));
        assert.strictEqual(answer.kind, 'input', `${scenario.name}: ${answer.kind === 'cannot' ? answer.why : ''}`);
        if (answer.kind !== 'input') continue;
        const input = answer.input;
        assert.strictEqual(input.chainId, 296n);
        assert.strictEqual(input.from, r.from);
        assert.strictEqual(input.to, r.to);
        assert.strictEqual(input.contractId, r.contract_id);
        assert.strictEqual(input.data, r.function_parameters.toLowerCase());
        assert.strictEqual(input.gasLimit, BigInt(r.gas_limit));
        assert.strictEqual(input.blockNumber, BigInt(r.block_number));
        assert.strictEqual(input.timestamp, r.timestamp);
        assert.strictEqual(input.valueTinybar, BigInt(r.amount));
        assert.deepStrictEqual(input.recordedCalls, []);
        assert.deepStrictEqual(input.tokenAddresses, []);
        const expected = r.state_changes.map(c => ({
          address: c.address,
          slot: c.slot.slice(2),
          value: c.value_read.slice(2),
        }));
        assert.deepStrictEqual(input.knownSlots, expected, scenario.name);
      }
    }
    assert.ok(deposit.contractResult.state_changes.length > 0, 'a scenario with slots read');
  });

  it('the chain id of each network; an unknown network is said', () => {
    assert.deepStrictEqual(['mainnet', 'mainnet-public', 'testnet', 'previewnet', 'local'].map(chainIdOf), [
      295n,
      295n,
      296n,
      297n,
      298n,
    ]);
    assert.match(
      why(replayInputOf('devnet-7', deposit.contractResult, actionsOf(deposit))),
      /chain id of the network "devnet-7"/,
    );
    assert.strictEqual(chainIdOf('toString'), undefined);
  });

  it('a contract creation is not replayed, and says so', () => {
    for (const scenario of creates) {
      const text = why(replayInputOf('testnet', scenario.contractResult, actionsOf(scenario)));
      assert.match(text, /contract creation is not replayed/, scenario.name);
    }
    // Without its actions, the record alone still shows it (the created contract is the one called).
    const create = creates[0];
    assert.match(why(replayInputOf('testnet', create.contractResult, [])), /created a contract \(0\.0\.\d+\)/);
  });

  it('each missing member is named', () => {
    const cases: [string, RegExp][] = [
      ['to', /names no contract called \(`to` is missing\)/],
      ['from', /no sender/],
      ['gas_limit', /no gas limit/],
      ['block_number', /no block number/],
      ['timestamp', /no consensus timestamp/],
      ['function_parameters', /no call data/],
    ];
    for (const [member, expected] of cases) {
      for (const absent of [undefined, null]) {
        const record: Record<string, unknown> = { ...deposit.contractResult, [member]: absent };
        if (absent === undefined) delete record[member];
        assert.match(why(replayInputOf('testnet', record, actionsOf(deposit))), expected, `${member} = ${absent}`);
      }
    }
  });

  it('a member of the wrong kind is named with what was expected', () => {
    const cases: [string, unknown, RegExp][] = [
      ['gas_limit', '1e5', /`gas_limit` is not usable \(expected an integer within int64\)/],
      ['gas_limit', '9223372036854775808', /`gas_limit` is not usable/],
      ['gas_limit', 0, /gas limit 0 is not above zero/],
      ['block_number', 1.5, /`block_number` is not usable/],
      ['amount', -1, /amount -1 is negative/],
      ['timestamp', '1700000100', /`timestamp` is not usable \(expected seconds\.nanoseconds\)/],
      ['to', '0x1234', /`to` is not usable \(expected an EVM address/],
      ['function_parameters', 'abcd', /`function_parameters` is not usable \(expected hex/],
      ['function_parameters', '0xabc', /odd number of hex digits/],
      ['state_changes', [{ address: deposit.contractResult.to, slot: 'zz' }], /`state_changes\.0\.slot` is not usable/],
      [
        'state_changes',
        [{ address: deposit.contractResult.to, slot: `0x${'1'.repeat(65)}` }],
        /state_changes\.0\.slot/,
      ],
      ['contract_id', 1003, /`contract_id` is not usable/],
    ];
    for (const [member, value, expected] of cases) {
      const record = { ...deposit.contractResult, [member]: value };
      assert.match(why(replayInputOf('testnet', record, actionsOf(deposit))), expected, `${member} = ${String(value)}`);
    }
    assert.match(why(replayInputOf('testnet', 'not an object', [])), /the body is not usable/);
  });

  it('int64 members stay exact: a gas limit beyond 2^53 as the client gives it', () => {
    const text = JSON.stringify(deposit.contractResult).replace(/"gas_limit":\d+/, '"gas_limit":9223372036854775807');
    const answer = replayInputOf('testnet', ContractResultDetailSchema.parse(parseLossless(text)), actionsOf(deposit));
    assert.strictEqual(answer.kind === 'input' ? answer.input.gasLimit : undefined, 2n ** 63n - 1n);
  });

  it('slots read are padded to 64 lowercase hex digits, addresses lowercased; the last record of a slot wins', () => {
    const to = deposit.contractResult.to;
    const record = {
      ...deposit.contractResult,
      state_changes: [
        { address: to.toUpperCase().replace('0X', '0x'), slot: '0x1', value_read: '0xAB', value_written: null },
        { address: to, slot: '0x01', value_read: '0xcd', value_written: '0x02' },
        { address: to, slot: '0x2', value_read: '0x', value_written: null },
      ],
    };
    const answer = replayInputOf('local', record, actionsOf(deposit));
    assert.ok(answer.kind === 'input');
    assert.deepStrictEqual(answer.input.knownSlots, [
      { address: to, slot: `${'0'.repeat(63)}1`, value: `${'0'.repeat(62)}cd` },
      { address: to, slot: `${'0'.repeat(63)}2`, value: '0'.repeat(64) },
    ]);
    assert.strictEqual(answer.input.chainId, 298n);
  });

  it('the calls the node answered are recorded calls; a token is a long-zero address above 0.0.1000 the node answered', () => {
    const top = deposit.actions[0];
    const child = (over: Partial<ContractActionRecord>): ContractAction =>
      ({
        ...top,
        call_depth: 1,
        caller: deposit.contractResult.contract_id,
        from: deposit.contractResult.to,
        gas: 30_000n,
        gas_used: 2_000n,
        value: 0n,
        ...over,
      }) as ContractAction;
    const actions: ContractAction[] = [
      ...actionsOf(deposit).slice(0, 1),
      child({
        index: 1,
        call_type: 'SYSTEM',
        to: TOKEN_SERVICE,
        recipient: '0.0.359',
        input: '0xABCD',
        result_data: '0x16',
        result_data_type: 'OUTPUT',
      }),
      child({
        index: 2,
        call_type: 'PRECOMPILE',
        to: TOKEN_1007,
        recipient: '0.0.1007',
        recipient_type: 'ACCOUNT',
        input: '0x70a08231',
        result_data: '0x08c379a0',
        result_data_type: 'REVERT_REASON',
      }),
      child({
        index: 3,
        call_type: 'CALL',
        to: TOKEN_1007,
        recipient: '0.0.1007',
        input: '0x01',
        result_data: null,
        result_data_type: 'OUTPUT',
      }),
      child({
        index: 4,
        call_type: 'PRECOMPILE',
        to: '0x0000000000000000000000000000000000000001',
        recipient: '0.0.1',
        input: '0x',
        result_data: '0x494e53554646494349454e545f474153',
        result_data_type: 'ERROR',
      }),
      child({
        index: 5,
        call_type: 'CALL',
        to: deposit.contractResult.to,
        recipient: deposit.contractResult.contract_id,
      }),
    ];
    assert.deepStrictEqual(tokenAddressesOf(actions), [TOKEN_1007]);
    const answer = replayInputOf('testnet', deposit.contractResult, actions);
    assert.ok(answer.kind === 'input', answer.kind === 'cannot' ? answer.why : '');
    assert.deepStrictEqual(answer.input.tokenAddresses, [TOKEN_1007]);
    assert.deepStrictEqual(answer.input.recordedCalls, [
      { index: 1, to: TOKEN_SERVICE, kind: 'system', input: '0xabcd', output: '0x16', failed: false, gasUsed: 2_000n },
      {
        index: 2,
        to: TOKEN_1007,
        kind: 'token',
        input: '0x70a08231',
        output: '0x08c379a0',
        failed: true,
        gasUsed: 2_000n,
      },
      // The same token, even where the record says CALL: the replay cannot run a token's code.
      { index: 3, to: TOKEN_1007, kind: 'token', input: '0x01', output: undefined, failed: false, gasUsed: 2_000n },
      // A halt's result data is its name, not an output.
      {
        index: 4,
        to: '0x0000000000000000000000000000000000000001',
        kind: 'system',
        input: '0x',
        output: '0x',
        failed: true,
        gasUsed: 2_000n,
      },
    ]);
  });

  it('an answered call without an address, or with input that is not hex, is refused in words', () => {
    const bad = (over: Partial<ContractAction>) =>
      why(
        replayInputOf('testnet', deposit.contractResult, [
          ...actionsOf(deposit),
          { ...actionsOf(deposit)[0], index: 7, call_type: 'SYSTEM', ...over },
        ]),
      );
    assert.match(bad({ to: null }), /action 7 answered by the node names no address/);
    assert.match(bad({ to: TOKEN_SERVICE, input: 'zz' }), /action 7's input is not hex/);
    assert.match(bad({ to: TOKEN_SERVICE, result_data: 'nope' }), /action 7's result data is not hex/);
  });

  it('never throws, whatever the members hold; an input has every member typed', () => {
    const members = [
      'to',
      'from',
      'gas_limit',
      'block_number',
      'timestamp',
      'function_parameters',
      'amount',
      'contract_id',
      'state_changes',
      'status',
      'result',
      'call_result',
      'error_message',
      'created_contract_ids',
      'failed_initcode',
    ];
    const value = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.integer(),
      fc.double(),
      fc.bigInt(),
      fc.string(),
      fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF') }).map(h => `0x${h}`),
      fc.array(fc.anything(), { maxLength: 3 }),
      fc.object(),
    );
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...members), value),
        fc.constantFrom('testnet', 'x'),
        (over, network) => {
          const answer = replayInputOf(network, { ...deposit.contractResult, ...over }, actionsOf(deposit));
          if (answer.kind === 'cannot') return typeof answer.why === 'string' && answer.why.length > 0;
          const i = answer.input;
          return (
            /^0x[0-9a-f]{40}$/.test(i.to) &&
            /^0x[0-9a-f]{40}$/.test(i.from) &&
            /^0x([0-9a-f]{2})*$/.test(i.data) &&
            i.gasLimit > 0n &&
            i.blockNumber >= 0n &&
            i.valueTinybar >= 0n &&
            i.knownSlots.every(k => /^[0-9a-f]{64}$/.test(k.slot) && /^[0-9a-f]{64}$/.test(k.value))
          );
        },
      ),
      { numRuns: 500 },
    );
    fc.assert(fc.property(fc.anything(), record => typeof replayInputOf('testnet', record, []).kind === 'string'));
  });
});
