// The live poll's schedule: the interval while messages arrive, longer while nothing does, at
// least what a 429 asked and twice the last wait after a failure, and nothing at all while hidden.
import * as assert from 'assert';
import {
  IDLE_DOUBLINGS,
  LivePoll,
  MAX_BACKOFF_MS,
  PollSchedule,
  type PollOutcome,
  type TimerHost,
} from '../../../src/features/topics/pollSchedule';

/** A manual clock: timers run only when the test advances it. */
class ManualTimers implements TimerHost {
  now = 0;
  private next = 1;
  readonly pending = new Map<number, { at: number; fn: () => void }>();
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.pending.set(id, { at: this.now + ms, fn });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  /** Runs every timer due by `now + ms`, in order, letting promises settle between them. */
  async advance(ms: number): Promise<void> {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.pending].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.now = due[1].at;
      due[1].fn();
      for (let i = 0; i < 5; i++) await Promise.resolve();
    }
    this.now = end;
  }
}

describe('topic poll schedule', () => {
  it('waits the interval while messages arrive, doubling while nothing does, up to a cap', () => {
    const s = new PollSchedule(5000);
    assert.strictEqual(s.next({ kind: 'messages', count: 3 }), 5000);
    const idle = Array.from({ length: IDLE_DOUBLINGS + 2 }, () => s.next({ kind: 'empty' }));
    assert.deepStrictEqual(idle, [10_000, 20_000, 40_000, 40_000, 40_000]);
    assert.strictEqual(s.next({ kind: 'messages', count: 1 }), 5000, 'a message brings the interval back');
  });

  it('backs off after a 429: at least Retry-After, at least twice the last wait, capped', () => {
    const s = new PollSchedule(5000);
    assert.strictEqual(s.next({ kind: 'throttled' }), 10_000);
    assert.strictEqual(s.next({ kind: 'throttled' }), 20_000);
    assert.strictEqual(s.next({ kind: 'throttled', retryAfterMs: 90_000 }), 90_000);
    const waits = Array.from({ length: 6 }, () => s.next({ kind: 'failed' }));
    assert.strictEqual(Math.max(...waits), MAX_BACKOFF_MS);
    assert.ok(
      waits.every((w, i) => i === 0 || w >= waits[i - 1]),
      waits.join(', '),
    );
    assert.strictEqual(s.next({ kind: 'empty' }), 10_000, 'an answer ends the back-off');
  });

  it('polls while active, one at a time, and stops when hidden: no timer, the poll in flight aborted', async () => {
    const timers = new ManualTimers();
    const outcomes: PollOutcome[] = [{ kind: 'messages', count: 1 }, { kind: 'empty' }, { kind: 'empty' }];
    let calls = 0;
    let lastSignal: AbortSignal | undefined;
    const poll = new LivePoll(
      signal => {
        calls++;
        lastSignal = signal;
        return Promise.resolve(outcomes[Math.min(calls - 1, outcomes.length - 1)]);
      },
      5000,
      timers,
    );
    poll.setActive(true);
    assert.strictEqual(calls, 0, 'the first poll waits one interval');
    await timers.advance(5000);
    assert.strictEqual(calls, 1);
    await timers.advance(5000);
    assert.strictEqual(calls, 2);
    await timers.advance(10_000);
    assert.strictEqual(calls, 3);
    assert.deepStrictEqual(poll.waits, [5000, 5000, 10_000, 20_000]);
    poll.setActive(false);
    assert.strictEqual(timers.pending.size, 0, 'hidden: nothing scheduled');
    await timers.advance(600_000);
    assert.strictEqual(calls, 3, 'hidden: no request for ten minutes');
    poll.setActive(true, true);
    assert.strictEqual(calls, 4, 'shown again with `now`: at once');
    assert.ok(lastSignal && !lastSignal.aborted);
  });

  it('a poll answered after the view hid schedules nothing', async () => {
    const timers = new ManualTimers();
    let release: (o: PollOutcome) => void = () => undefined;
    let signal: AbortSignal | undefined;
    const poll = new LivePoll(
      s => {
        signal = s;
        return new Promise<PollOutcome>(r => (release = r));
      },
      1000,
      timers,
    );
    poll.setActive(true, true);
    poll.setActive(false);
    assert.strictEqual(signal?.aborted, true, 'the request in flight is aborted');
    release({ kind: 'messages', count: 2 });
    await timers.advance(0);
    assert.strictEqual(timers.pending.size, 0);
    poll.dispose();
    poll.setActive(true);
    assert.strictEqual(timers.pending.size, 0, 'disposed: never again');
  });

  it('a poll that throws counts as a failure and backs off', async () => {
    const timers = new ManualTimers();
    const poll = new LivePoll(() => Promise.reject(new Error('offline')), 2000, timers);
    poll.setActive(true, true);
    await timers.advance(0);
    await timers.advance(4000);
    assert.deepStrictEqual(poll.waits, [4000, 8000]);
    poll.dispose();
  });
});
