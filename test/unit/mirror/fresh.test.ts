import * as assert from 'assert';
import type { TransactionId } from '../../../src/ledger';
import { MirrorError } from '../../../src/mirror/errors';
import {
  type Clock,
  type FreshWait,
  FRESH_MAX_WAIT_MS,
  freshRetryDelays,
  isFresh,
  retryWhileFresh,
  systemClock,
} from '../../../src/mirror/fresh';
import { ManualClock } from '../support/manualClock';

const NOW = 1_700_000_100_000;
function txAgo(ms: number): TransactionId {
  const start = NOW - ms;
  return {
    payer: { shard: 0n, realm: 0n, num: 1234n },
    seconds: BigInt(Math.floor(start / 1000)),
    nanos: (start % 1000) * 1e6,
  };
}

function notFound(): MirrorError {
  return new MirrorError('http', 404, ['Not found'], 'http://127.0.0.1/api/v1/transactions/x', 'Not found');
}

/** An attempt that fails with 404 `misses` times, then answers; records the clock at each call. */
function appearsAfter(misses: number, clock: Clock) {
  const calls: number[] = [];
  const attempt = async () => {
    calls.push(clock.now());
    if (calls.length <= misses) throw notFound();
    return 'found';
  };
  return { calls, attempt };
}

describe('fresh transactions: retry while the mirror node catches up', () => {
  it('waits 1, 2, 4, 8 s and then what is left of 30 s', () => {
    assert.deepStrictEqual(freshRetryDelays(), [1000, 2000, 4000, 8000, 15000]);
    assert.strictEqual(
      freshRetryDelays().reduce((a, b) => a + b, 0),
      FRESH_MAX_WAIT_MS,
    );
    assert.deepStrictEqual(freshRetryDelays(5000, 1000), [1000, 2000, 2000]);
  });

  it('fresh means a valid start within two minutes of the clock, either way', () => {
    assert.ok(isFresh(txAgo(1_000), NOW));
    assert.ok(isFresh(txAgo(119_999), NOW));
    assert.ok(!isFresh(txAgo(120_000), NOW));
    assert.ok(isFresh(txAgo(-30_000), NOW), 'a valid start a little ahead of a slow clock');
    assert.ok(!isFresh(txAgo(3_600_000), NOW));
    assert.ok(!isFresh({ payer: { shard: 0n, realm: 0n, num: 2n }, seconds: 99_999_999_999n, nanos: 0 }, NOW));
  });

  it('a transaction 2 s old that appears on the third try: two waits, said in place, then the answer', async () => {
    const clock = new ManualClock(NOW);
    const { calls, attempt } = appearsAfter(2, clock);
    const waits: FreshWait[] = [];
    const result = retryWhileFresh(attempt, { transactionId: txAgo(2_000), clock, onWait: w => waits.push(w) });
    await clock.advance(1_000);
    await clock.advance(2_000);
    assert.strictEqual(await result, 'found');
    assert.deepStrictEqual(
      calls.map(t => t - NOW),
      [0, 1_000, 3_000],
    );
    assert.deepStrictEqual(
      waits.map(w => [w.retry, w.retryInMs, w.waitedMs]),
      [
        [1, 1000, 0],
        [2, 2000, 1000],
      ],
    );
    assert.strictEqual(
      waits[1].message,
      'Not indexed yet (the mirror node lags a few seconds behind consensus); retrying in 2 s.',
    );
  });

  it('gives up after about 30 s with the 404 itself, so "not found" stands', async () => {
    const clock = new ManualClock(NOW);
    const { calls, attempt } = appearsAfter(Number.POSITIVE_INFINITY, clock);
    const result = retryWhileFresh(attempt, { transactionId: txAgo(1_000), clock });
    const outcome = result.then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await clock.advance(40_000);
    const error = await outcome;
    assert.ok(error instanceof MirrorError && error.status === 404);
    assert.strictEqual(calls.length, 6);
    assert.strictEqual(calls[calls.length - 1] - NOW, 30_000);
    assert.strictEqual(clock.pending, 0);
  });

  it('an old transaction that 404s is not found at once: no wait', async () => {
    const clock = new ManualClock(NOW);
    const { calls, attempt } = appearsAfter(1, clock);
    await assert.rejects(
      retryWhileFresh(attempt, { transactionId: txAgo(600_000), clock }),
      (e: unknown) => e instanceof MirrorError,
    );
    assert.strictEqual(calls.length, 1);
    assert.deepStrictEqual(clock.slept, []);
  });

  it('stops retrying when the transaction stops being fresh during the waits', async () => {
    const clock = new ManualClock(NOW);
    const { calls, attempt } = appearsAfter(Number.POSITIVE_INFINITY, clock);
    const outcome = retryWhileFresh(attempt, { transactionId: txAgo(115_000), clock }).catch((e: unknown) => e);
    await clock.advance(30_000);
    assert.ok((await outcome) instanceof MirrorError);
    // Tries at 115 s, 116 s, 118 s and 122 s of age; the last is past two minutes.
    assert.deepStrictEqual(
      calls.map(t => t - NOW),
      [0, 1_000, 3_000, 7_000],
    );
  });

  it('any other failure is not retried', async () => {
    const clock = new ManualClock(NOW);
    let calls = 0;
    const boom = new MirrorError('http', 503, ['Service Unavailable'], 'u', 'Service Unavailable');
    await assert.rejects(
      retryWhileFresh(
        async () => {
          calls++;
          throw boom;
        },
        { transactionId: txAgo(1_000), clock },
      ),
      (e: unknown) => e === boom,
    );
    assert.strictEqual(calls, 1);
  });

  it('cancelling during a wait rejects with an AbortError and asks no more', async () => {
    const clock = new ManualClock(NOW);
    const { calls, attempt } = appearsAfter(Number.POSITIVE_INFINITY, clock);
    const controller = new AbortController();
    const outcome = retryWhileFresh(attempt, { transactionId: txAgo(1_000), clock, signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    await clock.advance(1_500);
    controller.abort();
    const error = await outcome;
    assert.ok(error instanceof Error && error.name === 'AbortError');
    await clock.advance(60_000);
    assert.strictEqual(calls.length, 2);
  });

  it('the real clock sleeps, and an abort ends the sleep early', async () => {
    const t0 = Date.now();
    await systemClock.sleep(20);
    assert.ok(Date.now() - t0 >= 15);
    const c = new AbortController();
    const s = systemClock.sleep(10_000, c.signal);
    c.abort();
    await assert.rejects(s, (e: unknown) => e instanceof Error && e.name === 'AbortError');
  });
});
