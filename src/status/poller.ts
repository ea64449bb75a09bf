// When to ask the status page, kept apart from VS Code and from the clock so the rules (pause while
// the window is not focused, back off on failures, never two timers, nothing left after dispose)
// are tested with a fake clock.

export interface TimerHandle {
  readonly __timer?: never;
}

/** The parts of the clock the poller uses; tests hand in a manual one. */
export interface PollerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const systemClock: PollerClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms) as unknown as TimerHandle,
  clearTimeout: h => clearTimeout(h as unknown as ReturnType<typeof setTimeout>),
};

export type PollOutcome<T> =
  | { readonly ok: true; readonly value: T; readonly at: number }
  | {
      readonly ok: false;
      readonly error: unknown;
      readonly at: number;
      /** Consecutive failures so far, this one included. */
      readonly failures: number;
      /** When the poller will try again (if still active), ms from `at`. */
      readonly retryInMs: number;
    };

export interface PollerOptions<T> {
  /** Does one check; must honour the signal (it is aborted by `restart` and `dispose`). */
  readonly fetch: (signal: AbortSignal) => Promise<T>;
  readonly onOutcome: (outcome: PollOutcome<T>) => void;
  readonly intervalMs: number;
  /** Longest wait after repeated failures. Default 10 min (or the interval, if longer). */
  readonly maxBackoffMs?: number;
  readonly clock?: PollerClock;
  /** Source of jitter in [0, 1); delays are spread ±10% so many windows do not poll in step. */
  readonly random?: () => number;
  /** Whether to poll from the start (the window is focused). Default true. */
  readonly active?: boolean;
}

export const DEFAULT_MAX_BACKOFF_MS = 10 * 60_000;

export class StatusPoller<T> {
  private readonly fetchFn: (signal: AbortSignal) => Promise<T>;
  private readonly onOutcome: (outcome: PollOutcome<T>) => void;
  private readonly clock: PollerClock;
  private readonly random: () => number;
  private readonly maxBackoffMs: number;
  private interval: number;
  private active: boolean;
  private disposed = false;
  private timer: TimerHandle | undefined;
  private dueAt: number | undefined;
  private inFlight: { controller: AbortController; promise: Promise<void> } | undefined;
  private consecutiveFailures = 0;
  private lastAttemptAt: number | undefined;
  private started = false;

  constructor(options: PollerOptions<T>) {
    this.fetchFn = options.fetch;
    this.onOutcome = options.onOutcome;
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.interval = options.intervalMs;
    this.maxBackoffMs = options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS;
    this.active = options.active ?? true;
  }

  /** Consecutive failed checks (0 after a success). */
  get failures(): number {
    return this.consecutiveFailures;
  }
  get hasTimer(): boolean {
    return this.timer !== undefined;
  }
  get isActive(): boolean {
    return this.active;
  }
  get isChecking(): boolean {
    return this.inFlight !== undefined;
  }
  get isDisposed(): boolean {
    return this.disposed;
  }
  /** When the next check is due (clock time), if one is scheduled. */
  get nextCheckAt(): number | undefined {
    return this.dueAt;
  }
  get intervalMs(): number {
    return this.interval;
  }

  /** The wait before the next check after `failures` consecutive failures, without jitter. */
  delayFor(failures: number): number {
    if (failures <= 0) return this.interval;
    const cap = Math.max(this.maxBackoffMs, this.interval);
    // 2^(n-1) × interval, computed without overflow for a long outage.
    return Math.min(cap, this.interval * 2 ** Math.min(failures - 1, 30));
  }

  /**
   * Starts polling: checks once at once, even while inactive (so there is always a first answer),
   * then on schedule while active.
   */
  start(): void {
    if (this.disposed || this.started) return;
    this.started = true;
    void this.check();
  }

  /**
   * Pauses (no timer, an in-flight check is left to finish) or resumes. On resume a check that
   * came due while paused runs at once; otherwise the remaining wait is kept.
   */
  setActive(active: boolean): void {
    if (this.disposed || active === this.active) return;
    this.active = active;
    if (!this.started) return;
    if (!active) {
      this.clearTimer();
      return;
    }
    if (this.inFlight) return; // its completion schedules the next one
    const due = this.lastAttemptAt === undefined ? 0 : this.lastAttemptAt + this.delayFor(this.consecutiveFailures);
    const wait = due - this.clock.now();
    if (wait <= 0) void this.check();
    else this.schedule(wait);
  }

  /** A new interval applies from now: the pending wait is recomputed. */
  setIntervalMs(ms: number): void {
    if (this.disposed || ms === this.interval) return;
    this.interval = ms;
    if (!this.started || !this.active || this.inFlight || this.lastAttemptAt === undefined) return;
    const due = this.lastAttemptAt + this.delayFor(this.consecutiveFailures);
    this.schedule(Math.max(0, due - this.clock.now()));
  }

  /** Checks now, joining a check already under way. Resolves when it has reported. */
  refresh(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    this.started = true;
    return this.inFlight?.promise ?? this.check();
  }

  /**
   * Forgets the past (the network or the page changed): cancels a check under way, resets the
   * backoff and checks now (also while inactive: the user just asked for something else).
   */
  restart(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    this.started = true;
    this.inFlight?.controller.abort();
    this.inFlight = undefined;
    this.clearTimer();
    this.consecutiveFailures = 0;
    this.lastAttemptAt = undefined;
    return this.check();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.clearTimer();
    this.inFlight?.controller.abort();
    this.inFlight = undefined;
  }

  private check(): Promise<void> {
    this.clearTimer();
    const controller = new AbortController();
    const run = async (): Promise<void> => {
      this.lastAttemptAt = this.clock.now();
      let outcome: PollOutcome<T>;
      try {
        const value = await this.fetchFn(controller.signal);
        if (this.inFlight?.controller !== controller) return; // superseded or disposed
        this.consecutiveFailures = 0;
        outcome = { ok: true, value, at: this.clock.now() };
      } catch (error) {
        if (this.inFlight?.controller !== controller) return;
        this.consecutiveFailures++;
        outcome = {
          ok: false,
          error,
          at: this.clock.now(),
          failures: this.consecutiveFailures,
          retryInMs: this.delayFor(this.consecutiveFailures),
        };
      }
      this.inFlight = undefined;
      this.lastAttemptAt = outcome.at;
      if (this.active) this.schedule(this.jittered(this.delayFor(this.consecutiveFailures)));
      try {
        this.onOutcome(outcome);
      } catch {
        // A listener's failure must not stop the polling.
      }
    };
    // Started on the next microtask so `inFlight` is set before the fetch can settle.
    const promise = Promise.resolve().then(run);
    this.inFlight = { controller, promise };
    return promise;
  }

  private jittered(ms: number): number {
    return Math.round(ms * (0.9 + 0.2 * this.random()));
  }

  private schedule(ms: number): void {
    this.clearTimer();
    if (this.disposed) return;
    this.dueAt = this.clock.now() + ms;
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.dueAt = undefined;
      if (!this.disposed && this.active) void this.check();
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.dueAt = undefined;
  }
}
