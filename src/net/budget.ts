// The per-origin request budget shared by every feature: a token bucket per origin (a burst of
// `rate` requests, then `rate` per second), waiters served by priority and FIFO within one, a
// cancelled waiter leaving the queue, and a 429 holding the whole origin for its Retry-After (at
// least a back-off that grows while 429s come in a row). The
// state of each origin (queue lengths, how long it is held) is observable so the UI can say "rate
// limited, retrying in 4 s".
import { NetError } from './errors';

/** `interactive`: a hover or a user's command; `visible`: visible tree nodes; `background`: refresh. */
export type Priority = 'interactive' | 'visible' | 'background';
export const PRIORITIES: readonly Priority[] = ['interactive', 'visible', 'background'];
/** A priority, or a getter read each time the queue is served (a shared request may be raised). */
export type PriorityInput = Priority | (() => Priority);

export interface BudgetClock {
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export const realClock: BudgetClock = {
  now: () => performance.now(),
  setTimer: (fn, ms) => {
    const t: unknown = setTimeout(fn, ms);
    // Waiters are promises someone awaits; a timer alone must not keep a process alive (Node's
    // timers have unref; a browser's are numbers, and keep nothing alive).
    (t as { unref?: () => void }).unref?.();
    return t;
  },
  clearTimer: handle => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface BudgetState {
  readonly origin: string;
  /** Requests per second; Infinity when the origin is not limited. */
  readonly rate: number;
  readonly queued: Readonly<Record<Priority, number>>;
  /** Milliseconds until a 429's Retry-After ends; 0 when the origin is not held. */
  readonly heldForMs: number;
}

interface Waiter {
  readonly seq: number;
  readonly priority: () => Priority;
  readonly resolve: () => void;
  readonly reject: (e: Error) => void;
  cleanup(): void;
}

const DEFAULT_MAX_HOLD_MS = 60_000;
/**
 * The shortest hold a 429 imposes (Retry-After 0, absent or unreadable included), doubled for each
 * further 429 in a row and jittered up to twice that, so that a server that keeps refusing is asked
 * less and less often, and many clients held together do not all come back at the same instant.
 */
export const THROTTLE_BASE_MS = 1000;

/** One origin's bucket and queue. */
export class OriginBudget {
  private tokens: number;
  private last: number;
  private readonly waiters: Waiter[] = [];
  private seq = 0;
  private holdUntil = 0;
  private timer: unknown;
  private lastKey = '';
  /** 429s in a row (a hold that ended and was answered by another 429); 0 after any other answer. */
  private throttleStreak = 0;

  constructor(
    readonly origin: string,
    private rate: number,
    private readonly clock: BudgetClock,
    private readonly emit: (state: BudgetState) => void,
    private readonly maxHoldMs = DEFAULT_MAX_HOLD_MS,
    private readonly random: () => number = Math.random,
  ) {
    this.tokens = this.burst();
    this.last = clock.now();
  }

  get requestsPerSecond(): number {
    return this.rate;
  }

  setRate(rate: number): void {
    const r = sanitizeRate(rate);
    if (r === this.rate) return;
    this.refill(this.clock.now());
    this.rate = r;
    this.tokens = Math.min(this.tokens, this.burst());
    this.pump();
  }

  /** Resolves when this caller may send one request; rejects (aborted) when `signal` fires first. */
  acquire(priority: PriorityInput = 'interactive', signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(cancelled(this.origin));
    const now = this.clock.now();
    if (this.waiters.length === 0 && this.holdUntil <= now) {
      this.refill(now);
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return Promise.resolve();
      }
    }
    const get = typeof priority === 'function' ? priority : () => priority;
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(cancelled(this.origin));
        this.pump();
      };
      const waiter: Waiter = {
        seq: this.seq++,
        priority: get,
        resolve,
        reject,
        cleanup: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
      this.pump();
    });
  }

  /** A 429: nobody sends to this origin for `ms` (capped), then requests resume one at a time. */
  hold(ms: number): void {
    const now = this.clock.now();
    const until = now + Math.max(0, Math.min(ms, this.maxHoldMs));
    if (until <= this.holdUntil) return;
    this.holdUntil = until;
    // Resume gently: one request when the hold ends, then the sustained rate.
    this.tokens = Math.min(this.tokens, 1);
    this.last = until;
    this.pump();
  }

  /**
   * A 429 answered: holds the origin for the longer of what the server asked (`retryAfterMs`,
   * undefined when it did not say) and the back-off, which starts at THROTTLE_BASE_MS and doubles
   * with each 429 in a row, jittered up to twice that, capped at the longest hold. A 429 that
   * arrives while a hold is in force was sent before it and does not count as one more in a row.
   * Returns how long the origin is now held.
   */
  throttled(retryAfterMs: number | undefined): number {
    const now = this.clock.now();
    if (this.holdUntil <= now) {
      const step = THROTTLE_BASE_MS * 2 ** Math.min(this.throttleStreak, 30);
      const backoff = step * (1 + Math.min(1, Math.max(0, this.random())));
      this.throttleStreak++;
      this.hold(Math.max(retryAfterMs ?? 0, backoff));
    } else if (retryAfterMs !== undefined) {
      this.hold(retryAfterMs);
    }
    return Math.max(0, this.holdUntil - now);
  }

  /** An answer other than 429: the next 429 starts the back-off afresh. */
  answered(): void {
    this.throttleStreak = 0;
  }

  state(): BudgetState {
    const queued: Record<Priority, number> = { interactive: 0, visible: 0, background: 0 };
    for (const w of this.waiters) queued[rankOf(w)]++;
    return { origin: this.origin, rate: this.rate, queued, heldForMs: Math.max(0, this.holdUntil - this.clock.now()) };
  }

  /** Rejects every waiter (the layer is closing) and stops the timer. */
  dispose(): void {
    for (const w of this.waiters.splice(0)) {
      w.cleanup();
      w.reject(new NetError('aborted', this.origin, 'The request was cancelled', { closed: true }));
    }
    this.setTimer(undefined);
  }

  private burst(): number {
    return Number.isFinite(this.rate) ? Math.max(1, Math.floor(this.rate)) : Infinity;
  }

  private refill(now: number): void {
    if (!Number.isFinite(this.rate)) {
      this.tokens = Infinity;
      this.last = now;
      return;
    }
    if (now <= this.last) return;
    this.tokens = Math.min(this.burst(), this.tokens + ((now - this.last) * this.rate) / 1000);
    this.last = now;
  }

  private pump(): void {
    this.setTimer(undefined);
    for (;;) {
      const now = this.clock.now();
      if (this.holdUntil > now) {
        this.setTimer(this.holdUntil - now);
        break;
      }
      if (this.waiters.length === 0) break;
      this.refill(now);
      if (this.tokens < 1) {
        this.setTimer(Math.max(1, ((1 - this.tokens) * 1000) / this.rate));
        break;
      }
      this.tokens -= 1;
      const waiter = this.waiters.splice(this.best(), 1)[0];
      waiter.cleanup();
      waiter.resolve();
    }
    this.report();
  }

  /** The first waiter of the most urgent priority present (FIFO within a priority). */
  private best(): number {
    let best = 0;
    let bestRank = PRIORITIES.length;
    for (let i = 0; i < this.waiters.length; i++) {
      const rank = PRIORITIES.indexOf(rankOf(this.waiters[i]));
      if (rank < bestRank) {
        best = i;
        bestRank = rank;
        if (rank === 0) break;
      }
    }
    return best;
  }

  private setTimer(ms: number | undefined): void {
    if (this.timer !== undefined) this.clock.clearTimer(this.timer);
    this.timer = ms === undefined ? undefined : this.clock.setTimer(() => this.onTimer(), ms);
  }

  private onTimer(): void {
    this.timer = undefined;
    this.pump();
  }

  private report(): void {
    const s = this.state();
    const key = `${s.rate}|${s.queued.interactive}|${s.queued.visible}|${s.queued.background}|${s.heldForMs > 0}`;
    if (key === this.lastKey) return;
    this.lastKey = key;
    this.emit(s);
  }
}

function rankOf(w: Waiter): Priority {
  const p = w.priority();
  return PRIORITIES.includes(p) ? p : 'background';
}

function cancelled(origin: string): NetError {
  return new NetError('aborted', origin, 'The request was cancelled');
}

function sanitizeRate(rate: number): number {
  return rate > 0 && !Number.isNaN(rate) ? rate : Infinity;
}

/** Requests per second for an origin: Infinity means not limited. */
export type RatePolicy = (origin: string) => number;

export const DEFAULT_PUBLIC_RATE = 10;

/** True for localhost and the loopback addresses (a local node has no shared limit to respect). */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(h) || h === '::1';
}

/**
 * The default policy: loopback origins unlimited; every other origin (the public
 * `*.mirrornode.hedera.com` hosts first) `setting` requests per second, 10 when not set.
 */
export function defaultRatePolicy(setting?: number): RatePolicy {
  const rate = setting !== undefined && setting > 0 ? setting : DEFAULT_PUBLIC_RATE;
  return origin => {
    try {
      return isLoopbackHost(new URL(origin).hostname) ? Infinity : rate;
    } catch {
      return rate;
    }
  };
}

export interface Subscription {
  dispose(): void;
}

export interface RequestBudgetsOptions {
  readonly rateFor?: RatePolicy;
  readonly clock?: BudgetClock;
  /** Longest a 429 may hold an origin (a hostile Retry-After cannot freeze us). Default 60 s. */
  readonly maxHoldMs?: number;
  /** The jitter of the 429 back-off, in [0, 1); tests fix it. Default Math.random. */
  readonly random?: () => number;
}

/** Every origin's budget; one instance is shared by every client of the extension. */
export class RequestBudgets {
  private readonly budgets = new Map<string, OriginBudget>();
  private readonly listeners = new Set<(state: BudgetState) => void>();
  private rateFor: RatePolicy;
  private readonly clock: BudgetClock;

  constructor(private readonly options: RequestBudgetsOptions = {}) {
    this.rateFor = options.rateFor ?? defaultRatePolicy();
    this.clock = options.clock ?? realClock;
  }

  /** The budget of `url`'s origin (created on first use). */
  forOrigin(url: string): OriginBudget {
    const origin = originOf(url);
    let budget = this.budgets.get(origin);
    if (!budget) {
      budget = new OriginBudget(
        origin,
        sanitizeRate(this.rateFor(origin)),
        this.clock,
        s => this.fire(s),
        this.options.maxHoldMs,
        this.options.random,
      );
      this.budgets.set(origin, budget);
    }
    return budget;
  }

  /** Replaces the policy (the setting changed); queued waiters keep their place. */
  setPolicy(rateFor: RatePolicy): void {
    this.rateFor = rateFor;
    for (const [origin, budget] of this.budgets) budget.setRate(this.rateFor(origin));
  }

  state(url: string): BudgetState {
    return this.forOrigin(url).state();
  }

  /** Called with an origin's state whenever its queue lengths, rate or hold change. */
  onDidChange(listener: (state: BudgetState) => void): Subscription {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  dispose(): void {
    for (const b of this.budgets.values()) b.dispose();
    this.budgets.clear();
    this.listeners.clear();
  }

  private fire(state: BudgetState): void {
    for (const l of [...this.listeners]) {
      try {
        l(state);
      } catch {
        // A listener's failure must not stop the queue.
      }
    }
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** Words for the UI while an origin is held by a 429, e.g. "rate limited, retrying in 4 s". */
export function describeBudgetState(state: BudgetState): string | undefined {
  if (state.heldForMs <= 0) return undefined;
  return `rate limited, retrying in ${Math.max(1, Math.ceil(state.heldForMs / 1000))} s`;
}
