// The age refreshers: the Accounts view redraws its rows' ages every minute while it is visible and
// not at all while hidden; the detail page says its ages again every 15 s while visible. Driven by a
// manual interval clock: each test fails if a timer does not run, or keeps running once hidden.
import * as assert from 'assert';
import { VisibleInterval, type IntervalHost } from '../../../src/util/visibleInterval';
import { AGE_REDRAW_MS, accountAges } from '../../../src/features/accounts/ages';
import {
  DETAIL_AGE_REFRESH_MS,
  refreshAges,
  startAgeRefresh,
  type AgeElement,
  type AgePage,
} from '../../../webview/detail/ages';

/** Intervals that fire only when the test moves the clock. */
class ManualIntervals implements IntervalHost {
  private t = 0;
  private seq = 0;
  readonly timers = new Map<number, { every: number; next: number; fn: () => void }>();

  now(): number {
    return this.t;
  }
  setInterval(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.timers.set(id, { every: ms, next: this.t + ms, fn });
    return id;
  }
  clearInterval(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  /** Moves time forward, firing every interval due, in order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const due = [...this.timers.values()].filter(t => t.next <= end).sort((a, b) => a.next - b.next)[0];
      if (!due) break;
      this.t = due.next;
      due.next += due.every;
      due.fn();
    }
    this.t = end;
  }
}

describe('VisibleInterval', () => {
  it('ticks every interval while visible, never while hidden, and at once when shown again if asked', () => {
    const clock = new ManualIntervals();
    let ticks = 0;
    const timer = new VisibleInterval(() => ticks++, 1000, clock);
    clock.advance(5000);
    assert.strictEqual(ticks, 0, 'not running before it is shown');
    timer.setVisible(true);
    timer.setVisible(true); // a second "visible" starts no second timer
    assert.strictEqual(clock.timers.size, 1);
    clock.advance(3500);
    assert.strictEqual(ticks, 3);
    timer.setVisible(false);
    assert.strictEqual(clock.timers.size, 0, 'hidden: the interval is cleared');
    clock.advance(10_000);
    assert.strictEqual(ticks, 3);
    timer.setVisible(true, true);
    assert.strictEqual(ticks, 4, 'shown again: ticks at once');
    clock.advance(1000);
    assert.strictEqual(ticks, 5);
    timer.dispose();
    timer.setVisible(true);
    clock.advance(10_000);
    assert.strictEqual(ticks, 5, 'disposed: never again');
    assert.strictEqual(timer.running, false);
  });
});

describe('the Accounts view age redraw', () => {
  it('redraws once a minute while the view is visible and stops when it is hidden', () => {
    assert.strictEqual(AGE_REDRAW_MS, 60_000);
    const clock = new ManualIntervals();
    let redraws = 0;
    const ages = accountAges(() => redraws++, clock);
    ages.setVisible(true);
    clock.advance(59_999);
    assert.strictEqual(redraws, 0);
    clock.advance(1);
    assert.strictEqual(redraws, 1);
    clock.advance(2 * 60_000);
    assert.strictEqual(redraws, 3);
    ages.setVisible(false);
    clock.advance(10 * 60_000);
    assert.strictEqual(redraws, 3, 'a hidden view is not redrawn');
    assert.strictEqual(clock.timers.size, 0);
    ages.setVisible(true, true);
    assert.strictEqual(redraws, 4, 'shown again: redrawn at once, not a minute late');
    ages.dispose();
    assert.strictEqual(clock.timers.size, 0);
  });
});

/** A page of fake age elements whose visibility the test sets. */
function fakePage(ats: readonly string[]): {
  page: AgePage;
  elements: AgeElement[];
  setVisible: (v: boolean) => void;
} {
  const elements: AgeElement[] = ats.map(at => ({ dataset: { at }, textContent: 'stale' }));
  let visible = true;
  const listeners: Array<() => void> = [];
  return {
    elements,
    page: {
      ages: () => elements,
      visible: () => visible,
      onVisibilityChange: l => listeners.push(l),
    },
    setVisible: v => {
      visible = v;
      for (const l of listeners) l();
    },
  };
}

describe('the detail page age refresh', () => {
  it('says every age again every 15 s while visible, not while hidden, and at once when shown', () => {
    assert.strictEqual(DETAIL_AGE_REFRESH_MS, 15_000);
    const clock = new ManualIntervals();
    const start = 1_700_000_000_000;
    const now = () => start + clock.now();
    const { page, elements, setVisible } = fakePage([String(start - 100_000), 'not a number']);
    startAgeRefresh(page, clock, now);
    assert.strictEqual(elements[0].textContent, 'stale', 'the first render wrote the ages; the timer waits');
    clock.advance(15_000);
    assert.strictEqual(elements[0].textContent, '115 s ago');
    assert.strictEqual(elements[1].textContent, 'stale', 'an element without a time keeps its text');
    clock.advance(15_000);
    assert.strictEqual(elements[0].textContent, '2 min ago');
    setVisible(false);
    assert.strictEqual(clock.timers.size, 0, 'hidden: the interval is cleared');
    elements[0].textContent = 'stale';
    clock.advance(10 * 60_000);
    assert.strictEqual(elements[0].textContent, 'stale', 'a hidden page is not touched');
    setVisible(true);
    assert.strictEqual(elements[0].textContent, '12 min ago', 'shown again: said at once');
    clock.advance(15_000);
    assert.strictEqual(elements[0].textContent, '12 min ago');
    assert.strictEqual(clock.timers.size, 1);
  });

  it('a page that starts hidden runs no timer until it is shown', () => {
    const clock = new ManualIntervals();
    const { page, elements, setVisible } = fakePage(['0']);
    setVisible(false);
    startAgeRefresh(page, clock, () => 60_000);
    clock.advance(60_000);
    assert.strictEqual(elements[0].textContent, 'stale');
    setVisible(true);
    assert.strictEqual(elements[0].textContent, '60 s ago');
    refreshAges(page, 3 * 3600_000);
    assert.strictEqual(elements[0].textContent, '3 h ago');
  });
});
