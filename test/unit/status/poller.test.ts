import * as assert from 'assert';
import { StatusPoller, type PollerClock, type PollOutcome, type TimerHandle } from '../../../src/status';

/** A clock that moves only when told, running due timers in order. */
class ManualClock implements PollerClock {
  private t = 0;
  private seq = 0;
  readonly timers = new Map<number, { at: number; fn: () => void }>();
  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + ms, fn });
    return id as unknown as TimerHandle;
  }
  clearTimeout(h: TimerHandle): void {
    this.timers.delete(h as unknown as number);
  }
  /** Delays of the pending timers from now. */
  pending(): number[] {
    return [...this.timers.values()].map(t => t.at - this.t);
  }
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.t = due[1].at;
      due[1].fn();
      await settle();
    }
    this.t = end;
    await settle();
  }
}

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

interface Harness {
  clock: ManualClock;
  poller: StatusPoller<number>;
  outcomes: PollOutcome<number>[];
  calls: AbortSignal[];
  /** What the next fetches do; a function for control per call. */
  behave: (n: number, signal: AbortSignal) => Promise<number>;
}

function harness(opts: { intervalMs?: number; maxBackoffMs?: number; active?: boolean } = {}): Harness {
  const clock = new ManualClock();
  const h: Harness = {
    clock,
    outcomes: [],
    calls: [],
    behave: async n => n,
    poller: undefined as unknown as StatusPoller<number>,
  };
  h.poller = new StatusPoller<number>({
    fetch: signal => {
      h.calls.push(signal);
      return h.behave(h.calls.length, signal);
    },
    onOutcome: o => h.outcomes.push(o),
    intervalMs: opts.intervalMs ?? 60_000,
    maxBackoffMs: opts.maxBackoffMs ?? 600_000,
    clock,
    random: () => 0.5, // no jitter
    active: opts.active,
  });
  return h;
}

describe('status: poller', () => {
  it('checks at start, then every interval', async () => {
    const h = harness();
    h.poller.start();
    await settle();
    assert.strictEqual(h.calls.length, 1);
    assert.deepStrictEqual(h.clock.pending(), [60_000]);
    await h.clock.advance(59_999);
    assert.strictEqual(h.calls.length, 1);
    await h.clock.advance(1);
    assert.strictEqual(h.calls.length, 2);
    await h.clock.advance(120_000);
    assert.strictEqual(h.calls.length, 4);
    assert.ok(h.outcomes.every(o => o.ok));
    assert.strictEqual(h.clock.timers.size, 1, 'never more than one timer');
  });

  it('backs off exponentially on failures up to the cap, and recovers on success', async () => {
    const h = harness();
    let failing = true;
    h.behave = async n => {
      if (failing) throw new Error('down');
      return n;
    };
    h.poller.start();
    await settle();
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      waits.push(h.clock.pending()[0]);
      await h.clock.advance(waits[waits.length - 1]);
    }
    assert.deepStrictEqual(waits, [60_000, 120_000, 240_000, 480_000, 600_000, 600_000]);
    const failures = h.outcomes.filter((o): o is Extract<PollOutcome<number>, { ok: false }> => !o.ok);
    assert.deepStrictEqual(
      failures.map(f => f.failures),
      [1, 2, 3, 4, 5, 6, 7],
    );
    assert.deepStrictEqual(failures.map(f => f.retryInMs).slice(0, 5), [60_000, 120_000, 240_000, 480_000, 600_000]);
    failing = false;
    await h.clock.advance(600_000);
    assert.strictEqual(h.outcomes.at(-1)!.ok, true);
    assert.strictEqual(h.poller.failures, 0);
    assert.deepStrictEqual(h.clock.pending(), [60_000], 'back to the normal interval');
  });

  it('pauses while inactive: no timer, and resumes with a due check at once', async () => {
    const h = harness();
    h.poller.start();
    await settle();
    h.poller.setActive(false);
    assert.strictEqual(h.clock.timers.size, 0);
    await h.clock.advance(10 * 60_000);
    assert.strictEqual(h.calls.length, 1, 'nothing while paused');
    h.poller.setActive(true);
    await settle();
    assert.strictEqual(h.calls.length, 2, 'overdue: checked on resume');
  });

  it('a resume before the check is due keeps the remaining wait', async () => {
    const h = harness();
    h.poller.start();
    await settle();
    await h.clock.advance(20_000);
    h.poller.setActive(false);
    await h.clock.advance(10_000);
    h.poller.setActive(true);
    assert.strictEqual(h.calls.length, 1);
    assert.deepStrictEqual(h.clock.pending(), [30_000]);
  });

  it('starting inactive checks once, then waits for activation', async () => {
    const h = harness({ active: false });
    h.poller.start();
    await settle();
    assert.strictEqual(h.calls.length, 1, 'a first answer even in a window without focus');
    assert.strictEqual(h.clock.timers.size, 0);
    await h.clock.advance(3_600_000);
    assert.strictEqual(h.calls.length, 1);
    h.poller.setActive(true);
    await settle();
    assert.strictEqual(h.calls.length, 2, 'overdue by then: checked on activation');
    await h.poller.restart();
    h.poller.setActive(false);
    await h.poller.restart();
    assert.strictEqual(h.calls.length, 4, 'restart checks while inactive too');
    assert.strictEqual(h.clock.timers.size, 0, 'but schedules nothing');
  });

  it('restart aborts the check under way, forgets the backoff and ignores the stale answer', async () => {
    const h = harness();
    const resolvers: ((v: number) => void)[] = [];
    h.behave = (_n, signal) =>
      new Promise<number>((resolve, reject) => {
        resolvers.push(resolve);
        signal.addEventListener('abort', () => reject(new Error('aborted')));
      });
    h.poller.start();
    await settle();
    const first = h.calls[0];
    const restarted = h.poller.restart();
    await settle();
    assert.strictEqual(first.aborted, true);
    assert.strictEqual(h.calls.length, 2);
    resolvers[1](42);
    await restarted;
    assert.deepStrictEqual(
      h.outcomes.map(o => (o.ok ? o.value : 'err')),
      [42],
      'the aborted check reports nothing',
    );
    assert.strictEqual(h.clock.timers.size, 1);
  });

  it('refresh joins a check under way instead of starting a second one', async () => {
    const h = harness();
    let release!: (v: number) => void;
    h.behave = () => new Promise<number>(r => (release = r));
    h.poller.start();
    await settle();
    const p = h.poller.refresh();
    await settle();
    assert.strictEqual(h.calls.length, 1);
    release(7);
    await p;
    assert.strictEqual(h.outcomes.length, 1);
  });

  it('dispose leaves no timer, aborts the check and reports nothing more', async () => {
    const h = harness();
    h.behave = (_n, signal) =>
      new Promise<number>((_r, reject) => signal.addEventListener('abort', () => reject(new Error('x'))));
    h.poller.start();
    await settle();
    h.poller.dispose();
    await settle();
    assert.strictEqual(h.calls[0].aborted, true);
    assert.strictEqual(h.clock.timers.size, 0);
    assert.strictEqual(h.outcomes.length, 0);
    h.poller.setActive(false);
    h.poller.setActive(true);
    await h.poller.refresh();
    await h.clock.advance(3_600_000);
    assert.strictEqual(h.calls.length, 1);
    assert.strictEqual(h.clock.timers.size, 0);
  });

  it('a new interval reschedules the pending wait', async () => {
    const h = harness();
    h.poller.start();
    await settle();
    await h.clock.advance(10_000);
    h.poller.setIntervalMs(30_000);
    assert.deepStrictEqual(h.clock.pending(), [20_000]);
    h.poller.setIntervalMs(5_000);
    assert.deepStrictEqual(h.clock.pending(), [0]);
  });

  it('jitter spreads the wait by at most ±10%', async () => {
    for (const r of [0, 0.999]) {
      const clock = new ManualClock();
      const p = new StatusPoller<number>({
        fetch: async () => 1,
        onOutcome: () => undefined,
        intervalMs: 60_000,
        clock,
        random: () => r,
      });
      p.start();
      await settle();
      const wait = clock.pending()[0];
      assert.ok(wait >= 54_000 && wait <= 66_000, String(wait));
      p.dispose();
    }
  });

  it('a throwing listener does not stop the polling', async () => {
    const clock = new ManualClock();
    let calls = 0;
    const p = new StatusPoller<number>({
      fetch: async () => ++calls,
      onOutcome: () => {
        throw new Error('listener bug');
      },
      intervalMs: 1000,
      clock,
      random: () => 0.5,
    });
    p.start();
    await settle();
    await clock.advance(3000);
    assert.strictEqual(calls, 4);
    p.dispose();
  });
});
