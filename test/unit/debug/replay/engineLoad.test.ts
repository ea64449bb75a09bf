// The replay engine at its step cap: 200,000 instructions of an endless loop cost about 8× what
// 25,000 cost (nothing grows with the steps but the body), and a replay in this thread lets the
// event loop run while it works (it yields every few milliseconds), so the extension host is not
// held for the length of a replay.
import * as assert from 'assert';
import { runReplay } from '../../../../src/debug/replay/engine/run';
import { DEFAULT_REPLAY_LIMITS, type ReplayInput, type StateReader } from '../../../../src/debug/replay/types';
import { cpuNow } from '../../../support/cpuTime';
import { MAX_GROWTH_8X } from '../../../support/growth';

const CONTRACT = `0x${'400'.padStart(40, '0')}`;
/** JUMPDEST; PUSH1 0; JUMP: forever. */
const LOOP = '0x5b600056';

const reader: StateReader = {
  code: () => Promise.resolve({ kind: 'code', code: LOOP }),
  slot: () => Promise.resolve('0'.repeat(64)),
  balance: () => Promise.resolve(0n),
};

const input: ReplayInput = {
  network: 'testnet',
  chainId: 296n,
  from: `0x${'3e9'.padStart(40, '0')}`,
  to: CONTRACT,
  contractId: '0.0.1024',
  data: '0x',
  valueTinybar: 0n,
  gasLimit: 15_000_000n,
  blockNumber: 7n,
  timestamp: '1700000000.000000001',
  knownSlots: [],
  recordedCalls: [],
  tokenAddresses: [],
};

const replayFor = (maxSteps: number) =>
  runReplay(
    input,
    reader,
    { limits: { ...DEFAULT_REPLAY_LIMITS, maxSteps }, memory: false },
    new AbortController().signal,
  );

/** CPU milliseconds of the fastest of two replays capped at `maxSteps`. */
async function cpuOf(maxSteps: number): Promise<number> {
  let best = Infinity;
  for (let attempt = 0; attempt < 2; attempt++) {
    const t0 = cpuNow();
    const outcome = await replayFor(maxSteps);
    best = Math.min(best, cpuNow() - t0);
    assert.strictEqual(outcome.entries, maxSteps);
  }
  return best;
}

describe('replay engine: at the step cap', function () {
  this.timeout(120_000);

  it('replays 200,000 steps at a cost linear in the steps, and writes them all', async () => {
    const outcome = await replayFor(DEFAULT_REPLAY_LIMITS.maxSteps);
    assert.match(outcome.stopped?.reason ?? '', /cap of 200000 steps/);
    const body = JSON.parse(outcome.body) as { opcodes: unknown[] };
    assert.strictEqual(body.opcodes.length, DEFAULT_REPLAY_LIMITS.maxSteps);
    const small = await cpuOf(25_000);
    const large = await cpuOf(200_000);
    assert.ok(
      large / small <= MAX_GROWTH_8X,
      `25,000 steps ${small.toFixed(0)} ms, 200,000 steps ${large.toFixed(0)} ms`,
    );
  });

  it('lets the event loop run while it replays in this thread', async () => {
    let turns = 0;
    let running = true;
    const turn = () => {
      turns++;
      if (running) setImmediate(turn);
    };
    setImmediate(turn);
    const t0 = performance.now();
    await replayFor(200_000);
    running = false;
    const took = performance.now() - t0;
    // It yields after each ~8 ms of work: a replay of some hundreds of milliseconds gives the loop
    // dozens of turns. One that held the thread would give it none (the reader answers at once).
    assert.ok(turns >= Math.min(10, took / 40), `${turns} turns of the event loop in ${took.toFixed(0)} ms`);
    assert.ok(turns >= 5, `${turns} turns in ${took.toFixed(0)} ms`);
  });
});
