// The transaction panel's wait for a fresh transaction (src/features/transactions/fresh.ts), on a
// manual clock: after the lookup's 404, "retrying in N s" counts down each second where the data
// will be, the retries follow 1, 2, 4… s, the first success is the answer, and closing the panel
// (its abort signal) stops them.
import * as assert from 'assert';
import type { TransactionId } from '../../../src/ledger';
import { MirrorError } from '../../../src/mirror/errors';
import {
  countdownClock,
  firstWaitMessage,
  loadWhenIndexed,
  notIndexedYet,
} from '../../../src/features/transactions/fresh';
import { ManualClock, flush } from '../support/manualClock';

const NOW = 1_700_000_100_000;
const id = (msAgo: number): TransactionId => {
  const start = NOW - msAgo;
  return { payer: { shard: 0n, realm: 0n, num: 1234n }, seconds: BigInt(Math.floor(start / 1000)), nanos: 0 };
};
const notFound = () =>
  new MirrorError('http', 404, ['Not found'], 'http://127.0.0.1/api/v1/transactions/x', 'Not found');
const retryingIn = (s: number) =>
  `Not indexed yet (the mirror node lags a few seconds behind consensus); retrying in ${s} s.`;

describe('transactions/fresh: the panel waits for a transaction not indexed yet', () => {
  it('only a 404 for a valid start under two minutes old means "not indexed yet"', () => {
    assert.ok(notIndexedYet(id(2_000), notFound(), NOW));
    assert.ok(!notIndexedYet(id(5 * 60_000), notFound(), NOW), 'an old id: a plain miss');
    assert.ok(!notIndexedYet(undefined, notFound(), NOW), 'a hash: no valid start to judge');
    const fiveHundred = new MirrorError('http', 500, [], 'http://127.0.0.1/x', 'boom');
    assert.ok(!notIndexedYet(id(2_000), fiveHundred, NOW), 'a 500 is a failure, not a wait');
  });

  it('counts down each second where the data will be, retries on 1, 2, 4 s, and shows the first answer', async () => {
    const clock = new ManualClock(NOW);
    const said: string[] = [];
    const asked: number[] = [];
    const done = loadWhenIndexed({
      transactionId: id(1_000),
      firstError: notFound(),
      attempt: () => {
        asked.push(clock.now() - NOW);
        return asked.length < 3 ? Promise.reject(notFound()) : Promise.resolve('the transaction');
      },
      waiting: m => said.push(m),
      signal: new AbortController().signal,
      clock,
    });
    await flush();
    assert.deepStrictEqual(asked, [], 'the lookup already asked once: the first retry waits 1 s');
    assert.deepStrictEqual(said, [retryingIn(1)]);
    await clock.advance(1_000);
    assert.deepStrictEqual(asked, [1_000]);
    assert.deepStrictEqual(said.slice(1), [retryingIn(2)]);
    await clock.advance(1_000);
    assert.deepStrictEqual(said.slice(2), [retryingIn(1)], 'the countdown ticks each second');
    await clock.advance(1_000);
    assert.deepStrictEqual(asked, [1_000, 3_000]);
    assert.deepStrictEqual(said.slice(3), [retryingIn(4)]);
    await clock.advance(4_000);
    assert.deepStrictEqual(asked, [1_000, 3_000, 7_000]);
    assert.strictEqual(await done, 'the transaction');
    assert.deepStrictEqual(said.slice(3), [retryingIn(4), retryingIn(3), retryingIn(2), retryingIn(1)]);
    assert.strictEqual(clock.pending, 0, 'no wait left behind');
  });

  it('gives up after about 30 s with the 404 (the panel then says not found)', async () => {
    const clock = new ManualClock(NOW);
    let attempts = 0;
    const done = loadWhenIndexed({
      transactionId: id(1_000),
      firstError: notFound(),
      attempt: () => {
        attempts++;
        return Promise.reject(notFound());
      },
      waiting: () => undefined,
      signal: new AbortController().signal,
      clock,
    });
    const outcome = done.then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await clock.advance(31_000);
    const error = await outcome;
    assert.ok(error instanceof MirrorError && error.status === 404, String(error));
    assert.strictEqual(attempts, 5, 'retries at 1, 3, 7, 15 and 30 s');
  });

  it('closing the panel stops the retries: no request after, and the wait ends as aborted', async () => {
    const clock = new ManualClock(NOW);
    const controller = new AbortController();
    let attempts = 0;
    const done = loadWhenIndexed({
      transactionId: id(1_000),
      firstError: notFound(),
      attempt: () => {
        attempts++;
        return Promise.reject(notFound());
      },
      waiting: () => undefined,
      signal: controller.signal,
      clock,
    }).then(
      () => 'resolved',
      (e: unknown) => (e instanceof Error ? e.name : 'other'),
    );
    await clock.advance(1_500);
    assert.strictEqual(attempts, 1);
    controller.abort();
    assert.strictEqual(await done, 'AbortError');
    await clock.advance(30_000);
    assert.strictEqual(attempts, 1, 'nothing asked after the panel closed');
  });

  it('a countdown clock cuts a wait into seconds and says what is left before each', async () => {
    const clock = new ManualClock(NOW);
    const left: number[] = [];
    const sleep = countdownClock(clock, ms => left.push(ms)).sleep(2_500);
    await clock.advance(2_500);
    await sleep;
    assert.deepStrictEqual(left, [2_500, 1_500, 500]);
    assert.deepStrictEqual(clock.slept, [1_000, 1_000, 500]);
    assert.strictEqual(firstWaitMessage(), retryingIn(1));
  });
});
