// When to ask a topic for its new messages again: the live Topics view and the tail panel poll with
// `sequencenumber=gt:<last>` while someone can see them. The schedule is the setting's interval
// while messages arrive, twice as long after each empty answer up to IDLE_CAP times the interval,
// and after a 429 (or another failure) at least what the server asked for (Retry-After) and at
// least twice the last wait, up to MAX_BACKOFF_MS. Hidden, nothing is scheduled at all. Pure: the
// timer functions are injected, so tests drive it with a manual clock.

/** What one poll found. */
export type PollOutcome =
  | { readonly kind: 'messages'; readonly count: number }
  | { readonly kind: 'empty' }
  /** HTTP 429: the origin's budget is spent; `retryAfterMs` when the server said. */
  | { readonly kind: 'throttled'; readonly retryAfterMs?: number }
  | { readonly kind: 'failed' };

/** An empty answer at most doubles the wait this many times: 5 s becomes at most 40 s. */
export const IDLE_DOUBLINGS = 3;
/** The longest wait after a 429 or a failure. */
export const MAX_BACKOFF_MS = 5 * 60_000;

export class PollSchedule {
  private idle = 0;
  private backoff = 0;

  constructor(readonly intervalMs: number) {}

  /** The wait before the next poll, after `outcome`. */
  next(outcome: PollOutcome): number {
    switch (outcome.kind) {
      case 'messages':
        this.idle = 0;
        this.backoff = 0;
        return this.intervalMs;
      case 'empty':
        this.backoff = 0;
        this.idle = Math.min(this.idle + 1, IDLE_DOUBLINGS);
        return this.intervalMs * 2 ** this.idle;
      case 'throttled':
      case 'failed': {
        const doubled = Math.max(this.backoff, this.intervalMs) * 2;
        const asked = outcome.kind === 'throttled' ? (outcome.retryAfterMs ?? 0) : 0;
        this.backoff = Math.min(Math.max(doubled, asked), Math.max(MAX_BACKOFF_MS, this.intervalMs));
        return this.backoff;
      }
    }
  }

  /** Back to the plain interval (shown again, or the interval setting changed). */
  reset(): void {
    this.idle = 0;
    this.backoff = 0;
  }
}

/** The timer functions a {@link LivePoll} uses (the global ones unless given). */
export interface TimerHost {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const globalTimers: TimerHost = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: handle => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Runs `poll` on the schedule while it is wanted (`setActive(true)`: the topic is expanded and its
 * view visible, or the tail panel is visible and not paused). One poll at a time: the next is
 * scheduled when the last settles. Made inactive, the timer is cleared and a poll in flight is
 * aborted; its answer schedules nothing.
 */
export class LivePoll {
  private readonly schedule: PollSchedule;
  private timer: unknown;
  private active = false;
  private inFlight: AbortController | undefined;
  private disposed = false;
  /** The waits scheduled, newest last (tests and the log read it). */
  readonly waits: number[] = [];

  constructor(
    private readonly poll: (signal: AbortSignal) => Promise<PollOutcome>,
    intervalMs: number,
    private readonly timers: TimerHost = globalTimers,
  ) {
    this.schedule = new PollSchedule(intervalMs);
  }

  get running(): boolean {
    return this.active;
  }

  /** Starts polling (the first poll after one interval, or at once with `now`), or stops it. */
  setActive(active: boolean, now = false): void {
    if (this.disposed || active === this.active) return;
    this.active = active;
    if (active) {
      this.schedule.reset();
      if (now) void this.run();
      else this.wait(this.schedule.intervalMs);
    } else this.stop();
  }

  dispose(): void {
    this.stop();
    this.active = false;
    this.disposed = true;
  }

  private wait(ms: number): void {
    this.waits.push(ms);
    if (this.waits.length > 100) this.waits.shift();
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, ms);
  }

  private async run(): Promise<void> {
    if (!this.active || this.inFlight) return;
    const controller = new AbortController();
    this.inFlight = controller;
    let outcome: PollOutcome;
    try {
      outcome = await this.poll(controller.signal);
    } catch {
      outcome = { kind: 'failed' };
    } finally {
      if (this.inFlight === controller) this.inFlight = undefined;
    }
    if (!this.active || controller.signal.aborted) return;
    this.wait(this.schedule.next(outcome));
  }

  private stop(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.inFlight?.abort();
    this.inFlight = undefined;
  }
}
