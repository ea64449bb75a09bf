// A clock for tests of waits and retries (src/mirror/fresh.ts's Clock): time moves only when the
// test says so, and each sleep resolves when the clock passes its end.
import type { Clock } from '../../../src/mirror/fresh';

/** A clock that moves only when the test says so; sleeps resolve when it passes their end. */
export class ManualClock implements Clock {
  private t: number;
  private readonly sleepers: Array<{ until: number; resolve: () => void }> = [];
  readonly slept: number[] = [];

  constructor(start: number) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.slept.push(ms);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const e = new Error('aborted');
        e.name = 'AbortError';
        reject(e);
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.sleepers.push({
        until: this.t + ms,
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      });
    });
  }

  /** Moves time forward by `ms`, waking every sleeper due, and lets their continuations run. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      await flush();
      this.sleepers.sort((a, b) => a.until - b.until);
      const next = this.sleepers[0];
      if (next === undefined || next.until > end) break;
      this.sleepers.shift();
      this.t = next.until;
      next.resolve();
    }
    this.t = end;
    await flush();
  }

  get pending(): number {
    return this.sleepers.length;
  }
}

export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}
