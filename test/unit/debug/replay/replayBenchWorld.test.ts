// The replay bench's transaction (test/bench/replayWorld.ts) does what the bench's figures say it
// does: the assembled call runs the instruction count the bench reports and reads its 50 slots,
// and replayed from the loopback mirror (test/support/replayMirror.ts, no latency) every slot is
// asked once, as of just before the transaction (the world rewrites them to zero after it, so a
// read as of a later moment changes the output), and the verdict is faithful.
import * as assert from 'assert';
import { runReplay } from '../../../../src/debug/replay/engine/run';
import { replayTransaction } from '../../../../src/debug/replay/host/replaySource';
import { createMirrorClient } from '../../../../src/mirror';
import {
  SLOTS,
  TRANSACTION_ID,
  actionsOf,
  assembleSlotLoop,
  benchFixtures,
  calibrationRun,
  expectedOutput,
} from '../../../bench/replayWorld';
import { startReplayMirror } from '../../../support/replayMirror';

describe('bench/replayWorld: the replay bench’s transaction', function () {
  this.timeout(60_000);
  const { code, instructions } = assembleSlotLoop();

  const calibrated = () => calibrationRun(code, { runReplay });

  it('runs the counted instructions, reads each slot once and returns their sum before the transaction', async () => {
    const outcome = await calibrated();
    assert.strictEqual(outcome.stopped, undefined);
    assert.ok(instructions >= 4_900 && instructions <= 5_100, `${instructions} instructions`);
    assert.strictEqual(outcome.entries, instructions);
    assert.strictEqual(outcome.result.output, expectedOutput());
    assert.deepStrictEqual(outcome.fetched, { code: 2, slots: SLOTS, balances: 2 });
    assert.deepStrictEqual(outcome.written, []);
  });

  it('replayed from the loopback mirror: every slot asked once, lt: the transaction, faithful', async () => {
    const fixtures = benchFixtures(code, await calibrated());
    const mirror = await startReplayMirror(fixtures);
    try {
      const answer = await replayTransaction(
        TRANSACTION_ID,
        {
          mirror: createMirrorClient({ baseUrl: mirror.url, retryBaseMs: 5, maxRequestsPerSecond: 10_000 }),
          actions: actionsOf(fixtures.scenarios[0].actions),
          network: 'testnet',
        },
        { memory: false, signal: new AbortController().signal },
      );
      assert.ok(answer.kind === 'replayed', answer.kind === 'unavailable' ? answer.why : '');
      assert.strictEqual(answer.outcome.result.output, expectedOutput());
      assert.deepStrictEqual(answer.verdict.divergences, []);
      assert.strictEqual(answer.verdict.faithful, true);
      const counts = mirror.counts();
      assert.strictEqual(counts.byKind.state, SLOTS);
      assert.deepStrictEqual(
        [...counts.byTarget].filter(([, n]) => n > 1),
        [],
      );
      const slots = new Set(counts.stateAsks.map(a => a.slots.join()));
      assert.strictEqual(slots.size, SLOTS);
      assert.ok(
        counts.stateAsks.every(a => a.timestamps.join() === `lt:${fixtures.scenarios[0].contractResult.timestamp}`),
      );
    } finally {
      await mirror.close();
    }
  });
});
