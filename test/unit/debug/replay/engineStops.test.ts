// The replay engine where it cannot simply run: a step cap on an endless loop, cancellation, a
// host that cannot answer, and the calls it answers from the record (Hedera's system contracts and
// tokens): with a recorded output it goes on and marks the frame, without one it stops and says
// where. The contracts are a few instructions assembled here, served by an in-memory reader.
import * as assert from 'assert';
import { runReplay } from '../../../../src/debug/replay/engine/run';
import {
  DEFAULT_REPLAY_LIMITS,
  type CodeAnswer,
  type RecordedCall,
  type ReplayInput,
  type ReplayOptions,
  type StateReader,
} from '../../../../src/debug/replay/types';
import type { OpcodesResponseBody } from '../../../support/evmOpcodes';

const SENDER = `0x${'3e9'.padStart(40, '0')}`;
const CONTRACT = `0x${'400'.padStart(40, '0')}`;
const HTS = `0x${'167'.padStart(40, '0')}`;
const TOKEN = `0x${'409'.padStart(40, '0')}`;
const LISTED_TOKEN = `0x${'40a'.padStart(40, '0')}`;

/** Assembles `[mnemonic, immediate hex?]` pairs into code (only what these contracts use). */
function assemble(...ops: (string | [string, string])[]): string {
  const codes: Record<string, number> = {
    STOP: 0x00,
    JUMPDEST: 0x5b,
    JUMP: 0x56,
    PUSH1: 0x60,
    PUSH2: 0x61,
    GAS: 0x5a,
    CALL: 0xf1,
    RETURNDATASIZE: 0x3d,
    RETURNDATACOPY: 0x3e,
    RETURN: 0xf3,
    POP: 0x50,
    SLOAD: 0x54,
    ADD: 0x01,
    DUP1: 0x80,
    NUMBER: 0x43,
    TIMESTAMP: 0x42,
    COINBASE: 0x41,
    CHAINID: 0x46,
    BASEFEE: 0x48,
    PREVRANDAO: 0x44,
    GASLIMIT: 0x45,
    GASPRICE: 0x3a,
    CALLDATASIZE: 0x36,
    JUMPI: 0x57,
    ADDRESS: 0x30,
    SSTORE: 0x55,
    REVERT: 0xfd,
  };
  return `0x${ops
    .map(op => {
      const [name, immediate] = typeof op === 'string' ? [op, ''] : op;
      const code = codes[name];
      if (code === undefined) throw new Error(`no opcode ${name}`);
      return code.toString(16).padStart(2, '0') + immediate;
    })
    .join('')}`;
}

const LOOP = assemble('JUMPDEST', ['PUSH1', '00'], 'JUMP');
/** CALL(gas, target, 0, 0, 0, 0, 0), then return whatever the call returned. */
const callAndReturn = (target: string): string =>
  assemble(
    ['PUSH1', '00'],
    ['PUSH1', '00'],
    ['PUSH1', '00'],
    ['PUSH1', '00'],
    ['PUSH1', '00'],
    ['PUSH2', target.slice(-4)],
    'GAS',
    'CALL',
    'POP',
    'RETURNDATASIZE',
    ['PUSH1', '00'],
    ['PUSH1', '00'],
    'RETURNDATACOPY',
    'RETURNDATASIZE',
    ['PUSH1', '00'],
    'RETURN',
  );
const CALL_ENTRY = 7;

class CodeReader implements StateReader {
  asked: string[] = [];
  constructor(
    private readonly codes: Readonly<Record<string, CodeAnswer>>,
    private readonly slotFailure?: string,
  ) {}
  code(address: string): Promise<CodeAnswer> {
    this.asked.push(`code ${address}`);
    return Promise.resolve(this.codes[address] ?? { kind: 'none' });
  }
  slot(address: string, slot: string): Promise<string> {
    this.asked.push(`slot ${address} ${slot}`);
    return this.slotFailure === undefined
      ? Promise.resolve('0'.repeat(64))
      : Promise.reject(new Error(this.slotFailure));
  }
  balance(address: string): Promise<bigint> {
    this.asked.push(`balance ${address}`);
    return Promise.resolve(0n);
  }
}

function input(recordedCalls: RecordedCall[] = [], tokenAddresses: string[] = []): ReplayInput {
  return {
    network: 'testnet',
    chainId: 296n,
    from: SENDER,
    to: CONTRACT,
    contractId: '0.0.1024',
    data: '0x',
    valueTinybar: 0n,
    gasLimit: 300_000n,
    blockNumber: 7n,
    timestamp: '1700000000.000000001',
    knownSlots: [],
    recordedCalls,
    tokenAddresses,
  };
}

const recorded = (to: string, output: string | undefined, failed = false): RecordedCall => ({
  index: 1,
  to,
  kind: to === HTS ? 'system' : 'token',
  input: '0x',
  output,
  failed,
  gasUsed: 1234n,
});

const options = (maxSteps = DEFAULT_REPLAY_LIMITS.maxSteps): ReplayOptions => ({
  limits: { ...DEFAULT_REPLAY_LIMITS, maxSteps },
  memory: false,
});
const running = (): AbortSignal => new AbortController().signal;
const entriesOf = (body: string) => (JSON.parse(body) as OpcodesResponseBody).opcodes;

describe('replay engine: where it stops', function () {
  this.timeout(60_000);

  it('stops an endless loop at the step cap, says the cap, and keeps the body it wrote', async () => {
    const reader = new CodeReader({ [CONTRACT]: { kind: 'code', code: LOOP } });
    const outcome = await runReplay(input(), reader, options(1000), running());
    assert.match(outcome.stopped?.reason ?? '', /cap of 1000 steps/);
    assert.strictEqual(outcome.entries, 1000);
    const entries = entriesOf(outcome.body);
    assert.strictEqual(entries.length, 1000);
    assert.deepStrictEqual(
      entries.slice(0, 3).map(e => [e.op, e.pc]),
      [
        ['JUMPDEST', 1],
        ['PUSH1', 3],
        ['JUMP', 0],
      ],
    );
    assert.strictEqual(outcome.stopped?.atEntry, 999);
    assert.strictEqual(outcome.written.length, 0);
  });

  it('rejects when cancelled, before or while it runs', async () => {
    const reader = new CodeReader({ [CONTRACT]: { kind: 'code', code: LOOP } });
    const cancelled = new AbortController();
    cancelled.abort();
    await assert.rejects(runReplay(input(), reader, options(), cancelled.signal));
    const controller = new AbortController();
    let seen = 0;
    const run = runReplay(input(), reader, options(10_000_000), controller.signal, p => {
      seen = p.steps;
      if (p.steps >= 5000) controller.abort();
    });
    await assert.rejects(run, (e: Error) => e.name === 'AbortError');
    assert.ok(seen >= 5000 && seen < 10_000_000, `${seen} steps before the abort`);
  });

  it("stops with the host's words when a value cannot be read", async () => {
    const code = assemble(['PUSH1', '05'], 'SLOAD', 'STOP');
    const reader = new CodeReader(
      { [CONTRACT]: { kind: 'code', code } },
      'the mirror node has no state for 0.0.1024 before the transaction',
    );
    const outcome = await runReplay(input(), reader, options(), running());
    assert.strictEqual(outcome.stopped?.reason, 'the mirror node has no state for 0.0.1024 before the transaction');
    assert.deepStrictEqual(
      entriesOf(outcome.body).map(e => e.op),
      ['PUSH1', 'SLOAD'],
    );
    assert.strictEqual(outcome.stopped?.atEntry, 1);
  });

  it('says what is wrong with an input it cannot run, without throwing', async () => {
    const reader = new CodeReader({ [CONTRACT]: { kind: 'code', code: LOOP } });
    const cases: [Partial<ReplayInput>, RegExp][] = [
      [{ data: '0xzz' }, /call data/],
      [{ timestamp: 'yesterday' }, /consensus timestamp/],
      [{ gasLimit: 20_000n }, /below the intrinsic gas 21000/],
      [{ knownSlots: [{ address: CONTRACT, slot: 'zz', value: '00' }] }, /slot zz .* not a word/],
    ];
    for (const [change, reason] of cases) {
      const outcome = await runReplay({ ...input(), ...change }, reader, options(), running());
      assert.match(outcome.stopped?.reason ?? '', reason);
      assert.strictEqual(outcome.entries, 0);
    }
    assert.deepStrictEqual(reader.asked, []);
  });

  it("takes a failed frame's writes out of the storage members once it ends", async () => {
    // Called without data it calls itself with one byte; called so, it writes slot 1 and reverts.
    const code = assemble(
      'CALLDATASIZE',
      ['PUSH1', '12'],
      'JUMPI',
      ['PUSH1', '00'],
      ['PUSH1', '00'],
      ['PUSH1', '01'],
      ['PUSH1', '00'],
      ['PUSH1', '00'],
      'ADDRESS',
      'GAS',
      'CALL',
      'STOP',
      'JUMPDEST',
      ['PUSH1', '01'],
      ['PUSH1', '01'],
      'SSTORE',
      ['PUSH1', '00'],
      ['PUSH1', '00'],
      'REVERT',
    );
    const outcome = await runReplay(
      input(),
      new CodeReader({ [CONTRACT]: { kind: 'code', code } }),
      options(),
      running(),
    );
    const written = { [`0x${'1'.padStart(64, '0')}`]: `0x${'1'.padStart(64, '0')}` };
    assert.deepStrictEqual(
      entriesOf(outcome.body)
        .slice(-5)
        .map(e => [e.depth, e.op, e.storage]),
      [
        [1, 'SSTORE', written],
        [1, 'PUSH1', written],
        [1, 'PUSH1', written],
        [1, 'REVERT', written],
        [0, 'STOP', {}],
      ],
    );
    assert.deepStrictEqual(
      outcome.frames.map(f => f.outcome),
      ['success', 'revert'],
    );
    assert.deepStrictEqual(outcome.written, [
      { address: CONTRACT, slot: '1'.padStart(64, '0'), value: '0'.repeat(64) },
    ]);
  });

  it("answers the block's opcodes with Hedera's values", async () => {
    const code = assemble('NUMBER', 'TIMESTAMP', 'COINBASE', 'CHAINID', 'BASEFEE', 'PREVRANDAO', 'GASLIMIT', 'STOP');
    const outcome = await runReplay(
      input(),
      new CodeReader({ [CONTRACT]: { kind: 'code', code } }),
      options(),
      running(),
    );
    const word = (value: bigint) => `0x${value.toString(16).padStart(64, '0')}`;
    // The block number, the consensus second, 0.0.98, the chain id, no base fee, no randomness, the gas limit.
    assert.deepStrictEqual(
      entriesOf(outcome.body).at(-1)?.stack,
      [7n, 1700000000n, 98n, 296n, 0n, 0n, 300_000n].map(word),
    );
  });

  it('stops at GASPRICE, which the record does not give', async () => {
    const code = assemble(['PUSH1', '00'], 'GASPRICE', 'STOP');
    const outcome = await runReplay(
      input(),
      new CodeReader({ [CONTRACT]: { kind: 'code', code } }),
      options(),
      running(),
    );
    assert.match(outcome.stopped?.reason ?? '', /tx\.gasprice/);
    assert.strictEqual(entriesOf(outcome.body)[outcome.stopped?.atEntry ?? -1].op, 'GASPRICE');
  });

  it('stops at the fetch cap, having asked no more than it allows', async () => {
    // n = 0; forever: n += 1; SLOAD(n): a new slot each turn.
    const code = assemble(
      ['PUSH1', '00'],
      'JUMPDEST',
      ['PUSH1', '01'],
      'ADD',
      'DUP1',
      'SLOAD',
      'POP',
      ['PUSH1', '02'],
      'JUMP',
    );
    const reader = new CodeReader({ [CONTRACT]: { kind: 'code', code } });
    const capped: ReplayOptions = { limits: { maxSteps: 1_000_000, maxFetches: 10 }, memory: false };
    const outcome = await runReplay(input(), reader, capped, running());
    assert.match(outcome.stopped?.reason ?? '', /cap of 10 values asked/);
    const { code: codes, slots, balances } = outcome.fetched;
    assert.strictEqual(codes + slots + balances, 10);
    assert.strictEqual(reader.asked.length, 10);
    assert.strictEqual(reader.asked.filter(a => a.startsWith('slot')).length, slots);
    assert.strictEqual(entriesOf(outcome.body)[outcome.stopped?.atEntry ?? -1].op, 'SLOAD');
  });

  it('stops at a call to the token service that has no recorded output, naming it', async () => {
    const reader = new CodeReader({ [CONTRACT]: { kind: 'code', code: callAndReturn(HTS) } });
    for (const calls of [[], [recorded(HTS, undefined)]]) {
      const outcome = await runReplay(input(calls), reader, options(), running());
      assert.match(outcome.stopped?.reason ?? '', /call to the token service 0x0+167 at step 7 has no recorded output/);
      assert.strictEqual(outcome.stopped?.atEntry, CALL_ENTRY);
      assert.strictEqual(entriesOf(outcome.body)[CALL_ENTRY].op, 'CALL');
    }
    assert.ok(!reader.asked.some(a => a.includes(HTS)), 'the token service is never asked of the host');
  });

  it('answers a system contract from the record and marks its frame recorded', async () => {
    const reader = new CodeReader({ [CONTRACT]: { kind: 'code', code: callAndReturn(HTS) } });
    const outcome = await runReplay(input([recorded(HTS, '0x00000016')]), reader, options(), running());
    assert.strictEqual(outcome.stopped, undefined);
    assert.strictEqual(outcome.result.outcome, 'success');
    assert.strictEqual(outcome.result.output, '0x00000016');
    assert.deepStrictEqual(
      outcome.frames.map(f => [f.depth, f.operation, f.to, f.how, f.outcome, f.output, f.openedAt]),
      [
        [0, 'CALL', CONTRACT, 'replayed', 'success', '0x00000016', undefined],
        [1, 'CALL', HTS, 'recorded', 'success', '0x00000016', CALL_ENTRY],
      ],
    );
    assert.strictEqual(outcome.frames[1].gasUsed, 1234n);
    const entries = entriesOf(outcome.body);
    const call = entries[CALL_ENTRY];
    assert.strictEqual(call.depth, 1, 'the call entry reads one deeper, as for any frame it opened');
    assert.strictEqual(entries[CALL_ENTRY + 1].depth, 0);
    // The frame used the recorded gas: after the call the caller has its gas less the call's cost and
    // the 1,234 the record says the call used (and the POP's 2).
    assert.strictEqual(entries[CALL_ENTRY + 1].op, 'POP');
    assert.strictEqual(entries[CALL_ENTRY + 1].gas, entries[CALL_ENTRY - 1].gas - call.gas_cost - 1234 - 2);
  });

  it("reverts a system contract's frame when the record says it failed", async () => {
    const reader = new CodeReader({ [CONTRACT]: { kind: 'code', code: callAndReturn(HTS) } });
    const outcome = await runReplay(input([recorded(HTS, '0xdead', true)]), reader, options(), running());
    assert.deepStrictEqual(
      outcome.frames.map(f => [f.how, f.outcome, f.output]),
      [
        ['replayed', 'success', '0xdead'],
        ['recorded', 'revert', '0xdead'],
      ],
    );
    assert.strictEqual(outcome.result.output, '0xdead');
  });

  it('answers a token from the record, whether the host says it is one or the input lists it', async () => {
    const found = new CodeReader({
      [CONTRACT]: { kind: 'code', code: callAndReturn(TOKEN) },
      [TOKEN]: { kind: 'token' },
    });
    const byHost = await runReplay(input([recorded(TOKEN, '0x01')]), found, options(), running());
    assert.deepStrictEqual(
      byHost.frames.map(f => [f.to, f.how]),
      [
        [CONTRACT, 'replayed'],
        [TOKEN, 'recorded'],
      ],
    );
    assert.strictEqual(byHost.result.output, '0x01');

    const listed = new CodeReader({ [CONTRACT]: { kind: 'code', code: callAndReturn(LISTED_TOKEN) } });
    const byInput = await runReplay(
      input([recorded(LISTED_TOKEN, '0x02')], [LISTED_TOKEN]),
      listed,
      options(),
      running(),
    );
    assert.deepStrictEqual(
      byInput.frames.map(f => [f.to, f.how]),
      [
        [CONTRACT, 'replayed'],
        [LISTED_TOKEN, 'recorded'],
      ],
    );
    assert.strictEqual(byInput.result.output, '0x02');
    assert.ok(!listed.asked.some(a => a.includes(LISTED_TOKEN)), 'a listed token is not asked of the host');
  });
});
