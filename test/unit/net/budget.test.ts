import * as assert from 'assert';
import {
  NetError,
  RequestBudgets,
  defaultRatePolicy,
  describeBudgetState,
  isLoopbackHost,
  type BudgetState,
  type Priority,
} from '../../../src/net';
import { ManualClock, flush, rejection } from './support';

const ORIGIN = 'https://testnet.mirrornode.hedera.com';

describe('net/budget: the per-origin request budget (manual clock)', () => {
  let clock: ManualClock;
  let budgets: RequestBudgets;
  const grants: { label: string; at: number }[] = [];
  // Every request a test made: those still waiting when it ends are rejected by dispose(), and that
  // rejection is awaited here (a test that left them waiting on purpose must not leave it unhandled).
  const taken: Promise<void>[] = [];

  function make(rate: number, maxHoldMs?: number): void {
    clock = new ManualClock();
    budgets = new RequestBudgets({ rateFor: () => rate, clock, ...(maxHoldMs ? { maxHoldMs } : {}) });
  }
  function take(label: string, priority: Priority = 'interactive', signal?: AbortSignal, url = ORIGIN): Promise<void> {
    const request = budgets
      .forOrigin(url)
      .acquire(priority, signal)
      .then(() => {
        grants.push({ label, at: clock.now() });
      });
    taken.push(request);
    return request;
  }

  beforeEach(() => {
    grants.length = 0;
    make(5);
  });
  afterEach(async () => {
    budgets.dispose();
    await Promise.allSettled(taken.splice(0));
  });

  it('lets a burst of `rate` through at once, then one every 1/rate s', async () => {
    for (let i = 0; i < 8; i++) void take(`r${i}`);
    await flush();
    assert.deepStrictEqual(
      grants.map(g => g.label),
      ['r0', 'r1', 'r2', 'r3', 'r4'],
    );
    await clock.advance(199);
    assert.strictEqual(grants.length, 5, 'the sixth waits for a whole token');
    await clock.advance(1);
    assert.strictEqual(grants.length, 6);
    await clock.advance(400);
    assert.deepStrictEqual(
      grants.map(g => g.at),
      [0, 0, 0, 0, 0, 200, 400, 600],
    );
  });

  it('never lets more than rate + burst through in any one-second window, over a long run', async () => {
    make(10);
    for (let i = 0; i < 200; i++)
      void take(`r${i}`, i % 3 === 0 ? 'background' : i % 3 === 1 ? 'visible' : 'interactive');
    await clock.advance(25_000);
    assert.strictEqual(grants.length, 200);
    const times = grants.map(g => g.at);
    for (let i = 0; i < times.length; i++) {
      const inWindow = times.filter(t => t >= times[i] && t < times[i] + 1000).length;
      assert.ok(inWindow <= 20, `window at ${times[i]} ms had ${inWindow}`);
    }
    // After the first burst the sustained rate holds: the 110th grant is not before 10 s.
    assert.ok(times[109] >= 10_000 - 1, `110th at ${times[109]}`);
  });

  it('serves interactive before visible before background, FIFO within each', async () => {
    make(1);
    await take('first'); // spends the only token
    void take('b1', 'background');
    void take('v1', 'visible');
    void take('b2', 'background');
    void take('i1', 'interactive');
    void take('v2', 'visible');
    void take('i2', 'interactive');
    await flush();
    assert.deepStrictEqual(budgets.state(ORIGIN).queued, { interactive: 2, visible: 2, background: 2 });
    await clock.advance(6000);
    assert.deepStrictEqual(
      grants.map(g => g.label),
      ['first', 'i1', 'i2', 'v1', 'v2', 'b1', 'b2'],
    );
  });

  it('a hover queued behind 100 background requests is served next', async () => {
    make(10);
    for (let i = 0; i < 110; i++) void take(`bg${i}`, 'background');
    await clock.advance(500);
    const before = grants.length;
    void take('hover', 'interactive');
    await clock.advance(100);
    assert.strictEqual(grants[before]?.label, 'hover', 'the hover took the very next token');
  });

  it('reads a priority getter each time it serves, so a shared request can be raised', async () => {
    make(1);
    await take('first');
    let p: Priority = 'background';
    void take('bg-a', 'background');
    void budgets
      .forOrigin(ORIGIN)
      .acquire(() => p)
      .then(() => grants.push({ label: 'raised', at: clock.now() }));
    void take('bg-b', 'background');
    p = 'interactive';
    await clock.advance(3000);
    assert.deepStrictEqual(
      grants.map(g => g.label),
      ['first', 'raised', 'bg-a', 'bg-b'],
    );
  });

  it('a cancelled waiter leaves the queue and costs no token', async () => {
    make(1);
    await take('first');
    const c = new AbortController();
    const cancelled = take('cancelled', 'interactive', c.signal);
    void take('next', 'background');
    await flush();
    assert.strictEqual(budgets.state(ORIGIN).queued.interactive, 1);
    c.abort();
    const e = await rejection(cancelled);
    assert.ok(e instanceof NetError && e.kind === 'aborted');
    assert.strictEqual(budgets.state(ORIGIN).queued.interactive, 0);
    await clock.advance(1000);
    assert.deepStrictEqual(
      grants.map(g => [g.label, g.at]),
      [
        ['first', 0],
        ['next', 1000],
      ],
    );
    // An already-aborted signal never queues.
    const e2 = await rejection(take('late', 'interactive', AbortSignal.abort()));
    assert.ok(e2 instanceof NetError && e2.kind === 'aborted');
  });

  it('a 429 holds the whole origin: every caller waits, whatever its priority, then interactive first', async () => {
    make(10);
    const states: BudgetState[] = [];
    budgets.onDidChange(s => states.push(s));
    await take('before');
    budgets.forOrigin(ORIGIN).hold(4000);
    const held = budgets.state(ORIGIN);
    assert.strictEqual(held.heldForMs, 4000);
    assert.strictEqual(describeBudgetState(held), 'rate limited, retrying in 4 s');
    assert.ok(
      states.some(s => s.heldForMs > 0),
      'listeners hear of the hold',
    );
    void take('bg', 'background');
    void take('vis', 'visible');
    void take('hover', 'interactive');
    await clock.advance(3999);
    assert.deepStrictEqual(
      grants.map(g => g.label),
      ['before'],
      'nobody is sent during the hold, though tokens were left',
    );
    assert.strictEqual(describeBudgetState(budgets.state(ORIGIN)), 'rate limited, retrying in 1 s');
    await clock.advance(1);
    assert.deepStrictEqual(
      grants.map(g => g.label),
      ['before', 'hover'],
      'one request when the hold ends',
    );
    await clock.advance(200);
    assert.deepStrictEqual(
      grants.map(g => g.label),
      ['before', 'hover', 'vis', 'bg'],
      'then the sustained rate',
    );
    assert.strictEqual(describeBudgetState(budgets.state(ORIGIN)), undefined);
    assert.ok(states.at(-1)?.heldForMs === 0, 'listeners hear the hold end');
  });

  it('a hold shorter than the current one does not shorten it; a hostile Retry-After is capped', async () => {
    make(10, 5000);
    const b = budgets.forOrigin(ORIGIN);
    b.hold(3000);
    b.hold(1000);
    assert.strictEqual(b.state().heldForMs, 3000);
    b.hold(3_600_000);
    assert.strictEqual(b.state().heldForMs, 5000);
  });

  it('origins are independent: a saturated or held origin does not delay another', async () => {
    make(2);
    const other = 'https://mainnet.mirrornode.hedera.com';
    for (let i = 0; i < 10; i++) void take(`a${i}`, 'interactive', undefined, ORIGIN);
    budgets.forOrigin(ORIGIN).hold(10_000);
    await flush();
    await take('b0', 'background', undefined, other);
    await take('b1', 'background', undefined, other);
    assert.ok(grants.some(g => g.label === 'b1' && g.at === 0));
  });

  it('an unlimited origin (loopback by default) still honours a hold', async () => {
    budgets = new RequestBudgets({ clock });
    const local = 'http://127.0.0.1:5551';
    for (let i = 0; i < 500; i++) void take(`l${i}`, 'background', undefined, local);
    await flush();
    assert.strictEqual(grants.length, 500);
    assert.strictEqual(budgets.state(local).rate, Infinity);
    budgets.forOrigin(local).hold(1000);
    void take('after', 'interactive', undefined, local);
    await clock.advance(999);
    assert.strictEqual(grants.length, 500);
    await clock.advance(1);
    assert.strictEqual(grants.length, 501);
  });

  it('a new rate applies to queued waiters', async () => {
    make(1);
    await take('first');
    for (let i = 0; i < 4; i++) void take(`w${i}`);
    budgets.setPolicy(() => 100);
    await clock.advance(50);
    assert.strictEqual(grants.length, 5);
  });

  it('dispose rejects the waiters and leaves no timer', async () => {
    make(1);
    await take('first');
    const w = take('w');
    budgets.dispose();
    const e = await rejection(w);
    assert.ok(e instanceof NetError && e.kind === 'aborted');
    assert.strictEqual(clock.pendingTimers, 0);
  });

  it('a throwing listener does not stop the queue', async () => {
    make(1);
    budgets.onDidChange(() => {
      throw new Error('boom');
    });
    await take('a');
    void take('b');
    await clock.advance(1000);
    assert.strictEqual(grants.length, 2);
  });
});

describe('net/budget: the default policy', () => {
  it('10/s for the public mirror nodes, none for loopback; the setting changes the former only', () => {
    const policy = defaultRatePolicy();
    assert.strictEqual(policy('https://mainnet-public.mirrornode.hedera.com'), 10);
    assert.strictEqual(policy('https://testnet.mirrornode.hedera.com'), 10);
    for (const o of ['http://localhost:5551', 'http://127.0.0.1:5551', 'http://[::1]:5551', 'http://a.localhost']) {
      assert.strictEqual(policy(o), Infinity, o);
    }
    const custom = defaultRatePolicy(25);
    assert.strictEqual(custom('https://testnet.mirrornode.hedera.com'), 25);
    assert.strictEqual(custom('http://localhost:5551'), Infinity);
  });

  it('recognises loopback host names and nothing else', () => {
    assert.ok(isLoopbackHost('LOCALHOST'));
    assert.ok(isLoopbackHost('127.1.2.3'));
    assert.ok(isLoopbackHost('[::1]'));
    assert.ok(!isLoopbackHost('localhost.example.com'));
    assert.ok(!isLoopbackHost('127.0.0.1.nip.io'));
    assert.ok(!isLoopbackHost('10.0.0.1'));
  });
});
