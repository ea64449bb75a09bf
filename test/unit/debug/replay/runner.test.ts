// The replay runner with its worker thread (the tsc output's src/debug/replay/worker.js) and in the
// host's thread: the worker's state questions answered by the host's reader, progress, bigints
// across the port, cancellation (at once, from either thread), and the fall back to the host's
// thread when the worker does not start, cannot load the engine or dies. The engine here is a
// stand-in module (written to a temporary directory) that asks for state and echoes it: the
// runner's job is the plumbing, not the EVM.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import fc from 'fast-check';
import { ReplayRunner } from '../../../../src/debug/replay/host/runner';
import { NODE_PLATFORM, WEB_PLATFORM, usePlatform } from '../../../../src/util/platform';
import type { ReplayEngine } from '../../../../src/debug/replay/host/engineLoader';
import { parseHostMessage, parseWorkerMessage } from '../../../../src/debug/replay/host/workerProtocol';
import type { ReplayInput, ReplayOptions, StateReader } from '../../../../src/debug/replay/types';

const WORKER_SCRIPT = path.join(__dirname, '..', '..', '..', '..', 'src', 'debug', 'replay', 'worker.js');
const TO = '0x00000000000000000000000000000000000003eb';
const SLOT = `${'0'.repeat(63)}1`;

// `data` picks the behaviour: 0x01 reads and returns, 0x02 runs until cancelled, 0x03 ends the
// thread, 0x04 returns something that is not an outcome.
const STAND_IN_ENGINE = `
exports.runReplay = async function (input, reader, options, signal, onProgress) {
  if (input.data === '0x03') process.exit(3);
  if (input.data === '0x04') return { body: 1 };
  if (input.data === '0x02') {
    for (let steps = 0; ; steps++) {
      if (signal.aborted) throw signal.reason;
      if (steps % 1000 === 0) onProgress && onProgress({ steps, fetched: 0 });
      await new Promise(resolve => setImmediate(resolve));
    }
  }
  const code = await reader.code(input.to);
  const slot = await reader.slot(input.to, '${SLOT}');
  const balance = await reader.balance(input.from);
  let stopped;
  try { await reader.slot(input.to, '${'0'.repeat(63)}2'); } catch (e) { stopped = { atEntry: 0, reason: e.message }; }
  onProgress && onProgress({ steps: 7, fetched: 4 });
  return {
    body: JSON.stringify({ code, slot, balance: balance.toString(), thread: require('worker_threads').isMainThread ? 'host' : 'worker' }),
    entries: 0,
    frames: [{ index: 0, depth: 0, operation: 'CALL', to: input.to, how: 'replayed', outcome: 'success', output: '0x', gasUsed: 2n ** 70n, openedAt: undefined }],
    result: { outcome: 'success', output: '0x', gasConsumed: input.gasLimit },
    written: [{ address: input.to, slot: '${SLOT}', value: slot }],
    fetched: { code: 1, slots: 2, balances: 1 },
    ...(stopped ? { stopped } : {}),
  };
};
`;

function inputWith(data: string): ReplayInput {
  return {
    network: 'testnet',
    chainId: 296n,
    from: '0x00000000000000000000000000000000000003e9',
    to: TO,
    contractId: '0.0.1003',
    data,
    valueTinybar: 0n,
    gasLimit: 2n ** 63n - 1n,
    blockNumber: 101n,
    timestamp: '1700000300.000000005',
    knownSlots: [],
    recordedCalls: [],
    tokenAddresses: [],
  };
}

const OPTIONS: ReplayOptions = { limits: { maxSteps: 1000, maxFetches: 10 }, memory: false };

/** A reader over fixed values that counts what it was asked. */
function countingReader(): StateReader & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    code: async address => (asked.push(`code ${address}`), { kind: 'code', code: '0x6000' }),
    slot: async (_address, s) => {
      asked.push(`slot ${s}`);
      if (s.endsWith('2')) throw new Error('the mirror node could not answer slot 0x…2');
      return `${'0'.repeat(62)}2a`;
    },
    balance: async address => (asked.push(`balance ${address}`), 2n ** 100n),
  };
}

describe('debug/replay/host/runner: the engine in a worker thread, or in the host thread', function () {
  this.timeout(60_000);
  let engineModule: string;
  let hostEngine: () => ReplayEngine;

  before(() => {
    assert.ok(fs.existsSync(WORKER_SCRIPT), WORKER_SCRIPT);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-replay-engine-'));
    engineModule = path.join(dir, 'engine.js');
    fs.writeFileSync(engineModule, STAND_IN_ENGINE);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the stand-in engine written above
    hostEngine = () => require(engineModule) as ReplayEngine;
  });

  async function check(runner: ReplayRunner, thread: 'worker' | 'host') {
    const reader = countingReader();
    const progress: number[] = [];
    const answer = await runner.run(inputWith('0x01'), reader, OPTIONS, new AbortController().signal, p =>
      progress.push(p.steps),
    );
    assert.strictEqual(answer.thread, thread);
    const body = JSON.parse(answer.outcome.body) as Record<string, unknown>;
    assert.deepStrictEqual(body, {
      code: { kind: 'code', code: '0x6000' },
      slot: `${'0'.repeat(62)}2a`,
      balance: (2n ** 100n).toString(),
      thread,
    });
    assert.deepStrictEqual(reader.asked, [
      `code ${TO}`,
      `slot ${SLOT}`,
      'balance 0x00000000000000000000000000000000000003e9',
      `slot ${'0'.repeat(63)}2`,
    ]);
    assert.deepStrictEqual(answer.outcome.stopped, {
      atEntry: 0,
      reason: 'the mirror node could not answer slot 0x…2',
    });
    assert.strictEqual(answer.outcome.frames[0].gasUsed, 2n ** 70n);
    assert.strictEqual(answer.outcome.result.gasConsumed, 2n ** 63n - 1n);
    assert.deepStrictEqual(progress, [7]);
    return answer;
  }

  it('in the worker: questions answered by the host reader, progress, bigints across the port', async () => {
    await check(new ReplayRunner({ workerScript: WORKER_SCRIPT, workerEngineModule: engineModule }), 'worker');
  });

  it('in the host thread when no worker is given', async () => {
    await check(new ReplayRunner({ engine: hostEngine }), 'host');
  });

  it('in a browser (no worker threads) the worker script is not tried: the host thread runs it, no problem said', async () => {
    usePlatform(WEB_PLATFORM);
    try {
      // The real script, which would start in Node: the answer's thread proves it was not used.
      const answer = await check(
        new ReplayRunner({ workerScript: WORKER_SCRIPT, workerEngineModule: engineModule, engine: hostEngine }),
        'host',
      );
      assert.strictEqual(answer.workerProblem, undefined);
    } finally {
      usePlatform(NODE_PLATFORM);
    }
  });

  it('falls back to the host thread when the worker does not start, cannot load the engine, or dies', async () => {
    const missing = await check(
      new ReplayRunner({ workerScript: path.join(os.tmpdir(), 'no-such-worker.js'), engine: hostEngine }),
      'host',
    );
    assert.match(missing.workerProblem ?? '', /the replay worker (did not start|failed|stopped)/);
    const noEngine = await check(
      new ReplayRunner({
        workerScript: WORKER_SCRIPT,
        workerEngineModule: path.join(os.tmpdir(), 'no-such-engine.js'),
        engine: hostEngine,
      }),
      'host',
    );
    assert.match(noEngine.workerProblem ?? '', /could not load the engine/);
    // The worker's engine ends its thread (0x03); the host's, given the same run, reads and returns.
    const runsNormally = (): ReplayEngine => ({
      runReplay: (input, ...rest) => hostEngine().runReplay({ ...input, data: '0x01' }, ...rest),
    });
    const runner = new ReplayRunner({
      workerScript: WORKER_SCRIPT,
      workerEngineModule: engineModule,
      engine: runsNormally,
    });
    const answer = await runner.run(inputWith('0x03'), countingReader(), OPTIONS, new AbortController().signal);
    assert.strictEqual(answer.thread, 'host');
    assert.match(answer.workerProblem ?? '', /stopped \(exit code 3\)/);
    assert.strictEqual((JSON.parse(answer.outcome.body) as { thread: string }).thread, 'host');
  }).timeout(60_000);

  for (const where of ['worker', 'host'] as const) {
    it(`cancelling stops a long run at once (${where})`, async () => {
      const runner =
        where === 'worker'
          ? new ReplayRunner({ workerScript: WORKER_SCRIPT, workerEngineModule: engineModule })
          : new ReplayRunner({ engine: hostEngine });
      const controller = new AbortController();
      const steps: number[] = [];
      const run = runner.run(inputWith('0x02'), countingReader(), OPTIONS, controller.signal, p => {
        steps.push(p.steps);
        if (p.steps >= 2000) controller.abort(new Error('the debug session was closed'));
      });
      const started = Date.now();
      await assert.rejects(run, /the debug session was closed/);
      assert.ok(steps.length >= 3, `progress seen: ${steps.length}`);
      assert.ok(Date.now() - started < 5_000);
    });
  }

  it('a run cancelled before it starts is refused without a worker', async () => {
    const controller = new AbortController();
    controller.abort(new Error('already closed'));
    const runner = new ReplayRunner({
      workerScript: WORKER_SCRIPT,
      workerEngineModule: engineModule,
      engine: hostEngine,
    });
    await assert.rejects(runner.run(inputWith('0x01'), countingReader(), OPTIONS, controller.signal), /already closed/);
  });

  it('a worker that answers with something that is not an outcome is said, not trusted', async () => {
    const runner = new ReplayRunner({
      workerScript: WORKER_SCRIPT,
      workerEngineModule: engineModule,
      engine: hostEngine,
    });
    await assert.rejects(
      runner.run(inputWith('0x04'), countingReader(), OPTIONS, new AbortController().signal),
      /the replay worker sent a "done" message that is not one the replay worker sends/,
    );
  });

  it('the messages are checked at the boundary: anything else is dropped or said, never thrown', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true }), message => {
        assert.strictEqual(parseHostMessage(message), undefined);
        assert.strictEqual(parseWorkerMessage(message).type, 'malformed');
      }),
    );
    assert.strictEqual(
      parseHostMessage({ type: 'run', input: { ...inputWith('0x'), gasLimit: 5 }, options: OPTIONS }),
      undefined,
    );
    assert.strictEqual(
      parseHostMessage({ type: 'run', input: { ...inputWith('0x'), to: TO.toUpperCase() }, options: OPTIONS }),
      undefined,
    );
    assert.deepStrictEqual(parseHostMessage({ type: 'run', input: inputWith('0x'), options: OPTIONS }), {
      type: 'run',
      input: inputWith('0x'),
      options: OPTIONS,
    });
    assert.deepStrictEqual(parseHostMessage({ type: 'state', ask: 1, ok: true, value: 5n }), {
      type: 'state',
      ask: 1,
      ok: true,
      value: 5n,
    });
    assert.strictEqual(parseHostMessage({ type: 'state', ask: 1, ok: true, value: 'zz' }), undefined);
    assert.strictEqual(
      parseWorkerMessage({ type: 'ask', ask: 2, kind: 'slot', address: TO, slot: '1' }).type,
      'malformed',
    );
    assert.deepStrictEqual(parseWorkerMessage({ type: 'ask', ask: 2, kind: 'slot', address: TO, slot: SLOT }), {
      type: 'ask',
      ask: 2,
      kind: 'slot',
      address: TO,
      slot: SLOT,
    });
  });
});
