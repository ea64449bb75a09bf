// 429 back-off: Retry-After 0 (or none) still holds the origin for a floor, consecutive 429s hold it
// longer each time (jittered, capped), any other answer starts afresh. On the manual clock, so the
// times are exact however slow the machine; the jitter is fixed by the test.
import * as assert from 'assert';
import { HttpClient, RequestBudgets, THROTTLE_BASE_MS, type GetOptions } from '../../../src/net';
import { until } from '../../support/wait';
import { ManualClock, delay, flush, startServer, type Server } from './support';

const BASE: GetOptions = { timeoutMs: 5000, maxBodyBytes: 1 << 20 };
const ORIGIN = 'https://mirror.example';

describe('net: 429 back-off', function () {
  this.timeout(20000);

  describe('the budget (manual clock)', () => {
    function budget(random: number, maxHoldMs?: number) {
      const clock = new ManualClock();
      const budgets = new RequestBudgets({
        rateFor: () => Infinity,
        clock,
        random: () => random,
        ...(maxHoldMs !== undefined ? { maxHoldMs } : {}),
      });
      return { clock, b: budgets.forOrigin(ORIGIN) };
    }

    it('Retry-After: 0 holds the origin for the floor, not 0 ms', () => {
      const { b } = budget(0);
      assert.strictEqual(b.throttled(0), THROTTLE_BASE_MS);
      assert.strictEqual(b.state().heldForMs, THROTTLE_BASE_MS);
    });

    it('consecutive 429s double the hold, jittered up to twice the step, and cap it', async () => {
      for (const [random, factor] of [
        [0, 1],
        [0.5, 1.5],
        [0.999, 1.999],
      ] as const) {
        const { clock, b } = budget(random, 20_000);
        const holds: number[] = [];
        for (let i = 0; i < 6; i++) {
          const held = b.throttled(undefined);
          holds.push(held);
          await clock.advance(held);
        }
        const expected = [1, 2, 4, 8, 16, 32].map(k => Math.min(20_000, k * THROTTLE_BASE_MS * factor));
        assert.deepStrictEqual(holds, expected, `random ${random}`);
      }
    });

    it('a longer Retry-After wins over the back-off; a 429 within a hold does not grow it', async () => {
      const { clock, b } = budget(0);
      assert.strictEqual(b.throttled(5000), 5000);
      await clock.advance(100);
      // Sent before the hold (in flight together): the same hold, not the next step.
      assert.strictEqual(b.throttled(0), 4900);
      assert.strictEqual(b.throttled(undefined), 4900);
      await clock.advance(4900);
      assert.strictEqual(b.throttled(0), 2 * THROTTLE_BASE_MS, 'the second 429 in a row');
    });

    it('any other answer starts the back-off afresh', async () => {
      const { clock, b } = budget(0);
      await clock.advance(b.throttled(0));
      await clock.advance(b.throttled(0));
      assert.strictEqual(b.throttled(0), 4 * THROTTLE_BASE_MS);
      await clock.advance(4 * THROTTLE_BASE_MS);
      b.answered();
      assert.strictEqual(b.throttled(0), THROTTLE_BASE_MS);
    });
  });

  describe('through the HTTP layer (loopback server, manual clock)', () => {
    let server: Server;
    let clock: ManualClock;
    /** The manual clock's time of each request the server received. */
    let sentAt: number[];
    const clients: HttpClient[] = [];
    let budgets: RequestBudgets;
    function client(random = 0): HttpClient {
      budgets = new RequestBudgets({ rateFor: () => Infinity, clock, random: () => random });
      const c = new HttpClient({ budgets, env: {} });
      clients.push(c);
      return c;
    }
    beforeEach(async () => {
      clock = new ManualClock();
      sentAt = [];
      server = await startServer((_req, res) => {
        sentAt.push(clock.t);
        res.writeHead(429, { 'retry-after': '0' });
        res.end('{}');
      });
    });
    afterEach(async () => {
      for (const c of clients.splice(0)) c.close();
      await server.close();
    });

    /**
     * Advances the clock in 100 ms steps until `n` requests arrived (or `limitMs` passed). The clock
     * moves only while a 429's hold is in force: a 429 still crossing the socket is not overtaken.
     */
    async function runUntil(n: number, limitMs: number): Promise<void> {
      for (let t = 0, idle = 0; t < limitMs && sentAt.length < n && idle < 2000;) {
        if (budgets.state(server.origin).heldForMs === 0) {
          idle++;
          await delay(1); // the request or its answer crosses the loopback socket
          continue;
        }
        await clock.advance(100);
        t += 100;
      }
    }

    it('Retry-After: 0 is retried after 1, 2, 4, 8 s, not 5 times at once; then the 429 is the answer', async () => {
      const c = client(0);
      const done = c.get(`${server.origin}/busy`, BASE);
      await until(() => sentAt.length === 1, 'the first request');
      await delay(20);
      await flush();
      assert.strictEqual(sentAt.length, 1, 'no retry before the clock moves');
      await runUntil(5, 40_000);
      const r = await done;
      assert.strictEqual(r.status, 429);
      // Waits of 1, 2, 4 and 8 s (15 s); the next (16 s) would pass the 30 s a request may wait.
      assert.deepStrictEqual(sentAt, [0, 1000, 3000, 7000, 15000]);
    });

    it('a 429 without Retry-After holds a jittered, growing time', async () => {
      server.handler = (_req, res) => {
        sentAt.push(clock.t);
        res.writeHead(429);
        res.end('{}');
      };
      const c = client(0.5);
      const done = c.get(`${server.origin}/busy`, { ...BASE, maxRetryAfterMs: 12_000 });
      await until(() => sentAt.length === 1, 'the first request');
      await runUntil(4, 20_000);
      assert.strictEqual((await done).status, 429);
      // 1.5 s, 3 s, 6 s (10.5 s in all); the next (12 s) is beyond maxRetryAfterMs.
      assert.deepStrictEqual(sentAt, [0, 1500, 4500, 10500]);
    });

    it('a success in between starts the back-off afresh', async () => {
      server.handler = (_req, res, n) => {
        sentAt.push(clock.t);
        if (n === 3 || n === 5) {
          res.writeHead(200);
          res.end('{}');
          return;
        }
        res.writeHead(429, { 'retry-after': '0' });
        res.end('{}');
      };
      const c = client(0);
      const first = c.get(`${server.origin}/a`, BASE);
      await until(() => sentAt.length === 1, 'the first request');
      await runUntil(3, 10_000);
      assert.strictEqual((await first).status, 200);
      assert.deepStrictEqual(sentAt, [0, 1000, 3000]);
      const second = c.get(`${server.origin}/b`, { ...BASE, maxRetryAfterMs: 1000 });
      await until(() => sentAt.length === 4, 'the next request');
      await runUntil(5, 5_000);
      assert.strictEqual((await second).status, 200, 'held 1 s again (not 4 s), then answered');
      assert.deepStrictEqual(sentAt.slice(3), [3000, 4000]);
    });
  });
});
