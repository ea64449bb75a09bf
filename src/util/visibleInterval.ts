// A repeating timer that runs only while what it updates can be seen: the Accounts view's age
// redraw and the detail page's age refresh. A hidden view or page costs nothing, and shown again it
// says the ages at once rather than after a whole interval. Pure (no vscode, no DOM): the timer
// functions are injected so tests drive them with a manual clock.

/** The timer functions a {@link VisibleInterval} uses (the global ones unless given). */
export interface IntervalHost {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export const globalIntervals: IntervalHost = {
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: handle => clearInterval(handle as ReturnType<typeof setInterval>),
};

export class VisibleInterval {
  private handle: unknown;
  private active = false;
  private disposed = false;

  constructor(
    private readonly tick: () => void,
    readonly ms: number,
    private readonly host: IntervalHost = globalIntervals,
  ) {}

  /** Whether the timer is running. */
  get running(): boolean {
    return this.active;
  }

  /**
   * Runs the timer while `visible`, stops it otherwise. Shown again after being hidden, it ticks at
   * once (`tickOnShow`): what it shows went stale while nobody could see it.
   */
  setVisible(visible: boolean, tickOnShow = false): void {
    if (this.disposed || visible === this.active) return;
    if (visible) {
      this.active = true;
      this.handle = this.host.setInterval(() => this.tick(), this.ms);
      if (tickOnShow) this.tick();
    } else {
      this.stop();
    }
  }

  dispose(): void {
    this.stop();
    this.disposed = true;
  }

  private stop(): void {
    if (!this.active) return;
    this.host.clearInterval(this.handle);
    this.handle = undefined;
    this.active = false;
  }
}
