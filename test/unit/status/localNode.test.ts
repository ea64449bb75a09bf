// The local node's status item: what it says (answers, lagging, down), escaped; and the poller
// that asks it, which never retries a node that is down in a tight loop.
import * as assert from 'assert';
import {
  createLocalPoller,
  localHealth,
  type LocalHealth,
  type PollerClock,
  type TimerHandle,
} from '../../../src/status';
import {
  localLook,
  localMenuEntries,
  localTooltip,
  type LocalSnapshot,
} from '../../../src/features/status/localPresent';
import { TimeFormat } from '../../../src/features/status/present';

const NOW = 1_700_000_100_000;
const time = new TimeFormat('UTC', 'en-GB');
const WHY = 'local · from Client.forLocalNode() at line 3, asked at localhost:5551';

function snap(health: LocalHealth | undefined, extra: Partial<LocalSnapshot> = {}): LocalSnapshot {
  return { host: 'localhost:5551', why: WHY, ...(health ? { health, checkedAt: NOW } : {}), ...extra };
}

describe('status: the local node item', () => {
  it('checking, answering, lagging, down: text, icon, colour', () => {
    const ok = localHealth({ ok: true, newestBlockEnd: '1700000098.0' }, NOW, 'localhost:5551');
    const late = localHealth({ ok: true, newestBlockEnd: '1699999500.0' }, NOW, 'localhost:5551');
    const down = localHealth({ ok: false, error: 'connect ECONNREFUSED 127.0.0.1:5551' }, NOW, 'localhost:5551');
    assert.deepStrictEqual(localLook(snap(undefined)), {
      text: '$(sync~spin) local',
      accessibilityLabel: 'Ledger Lens: checking the local node at localhost:5551',
    });
    assert.deepStrictEqual(localLook(snap(ok)), {
      text: '$(check) local · 2 s behind',
      accessibilityLabel: 'Ledger Lens: local node, 2 s behind',
    });
    assert.strictEqual(localLook(snap(late)).text, '$(warning) local · 10 min behind');
    assert.strictEqual(localLook(snap(late)).background, undefined);
    assert.deepStrictEqual(localLook(snap(down)), {
      text: '$(error) local · down',
      background: 'warning',
      accessibilityLabel: 'Ledger Lens: local node, down',
    });
  });

  it('the tooltip says why this network, what the node answered, and when it is asked next', () => {
    const down = localHealth(
      { ok: false, error: 'Cannot reach localhost:5551: connection refused (is the mirror node running?)' },
      NOW,
      'localhost:5551',
    );
    assert.strictEqual(down.detail, 'Cannot reach localhost:5551: connection refused (is the mirror node running?)');
    const md = localTooltip(snap(down, { retryAt: NOW + 40_000 }), {
      now: NOW,
      time,
      selectNetworkCommand: 'ledgerLens.selectNetwork',
    });
    const lines = md.split('\n');
    const plain = md.replace(/\\(.)/g, '$1');
    assert.strictEqual(lines[0], '**Ledger Lens · local**: down');
    assert.strictEqual(lines[2]?.replace(/\\(.)/g, '$1'), WHY, 'the why line, escaped');
    assert.match(plain, /\$\(warning\) Cannot reach localhost:5551: connection refused/);
    assert.match(md, /Next try in 40 s\./);
    assert.match(md, /Last checked .+ UTC/);
    assert.match(md, /has no status page: its own mirror node is asked for its newest block/);
    assert.match(md, /\[Select network\]\(command:ledgerLens\.selectNetwork\)$/);
  });

  it('escapes what came from the node and the workspace', () => {
    const hostile = localHealth({ ok: false, error: '[click](command:evil) <img src=x>' }, NOW, 'localhost:5551');
    const md = localTooltip(snap(hostile, { why: 'local · from [x](command:evil)' }), { now: NOW, time });
    assert.ok(!md.includes('[click](command:evil)'), md);
    assert.ok(!md.includes('[x](command:evil)'), md);
    assert.ok(!md.includes('<img'), md);
    const menu = localMenuEntries(snap(localHealth({ ok: false, error: '$(zap) boom' }, NOW, 'h')), time);
    assert.ok(
      menu.every(e => !/(^|[^\\])\$\(zap\)/.test(`${e.label} ${e.detail ?? ''}`)),
      'no codicon from the error',
    );
    assert.deepStrictEqual(
      menu.map(e => e.action?.kind),
      [undefined, 'selectNetwork', 'refresh'],
    );
  });
});

/** A clock that moves only when told. */
class ManualClock implements PollerClock {
  t = NOW;
  private seq = 0;
  readonly timers = new Map<number, { at: number; fn: () => void }>();
  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): TimerHandle {
    this.timers.set(++this.seq, { at: this.t + ms, fn });
    return this.seq as unknown as TimerHandle;
  }
  clearTimeout(h: TimerHandle): void {
    this.timers.delete(h as unknown as number);
  }
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, x]) => x.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.t = due[1].at;
      due[1].fn();
      for (let i = 0; i < 10; i++) await Promise.resolve();
    }
    this.t = end;
    for (let i = 0; i < 10; i++) await Promise.resolve();
  }
}

describe('status: asking the local node', () => {
  it('a node that is down is asked after 10, 20, 40 s… up to 10 min: 11 times in an hour, not a tight loop', async () => {
    const clock = new ManualClock();
    const asked: number[] = [];
    const seen: Array<{ level: string; retryInMs?: number }> = [];
    const poller = createLocalPoller({
      newestBlockEnd: () => {
        asked.push(clock.now());
        return Promise.reject(
          new Error('Cannot reach localhost:5551: connection refused (is the mirror node running?)'),
        );
      },
      host: () => 'localhost:5551',
      onHealth: (h, _at, retryInMs) => seen.push({ level: h.level, ...(retryInMs === undefined ? {} : { retryInMs }) }),
      intervalMs: 10_000,
      clock,
      random: () => 0.5, // no jitter
    });
    poller.start();
    await clock.advance(0); // the first answer schedules the next try
    await clock.advance(3_600_000);
    poller.dispose();
    const gaps = asked.slice(1).map((t, i) => t - asked[i]);
    assert.deepStrictEqual(gaps.slice(0, 6), [10_000, 20_000, 40_000, 80_000, 160_000, 320_000]);
    assert.ok(
      gaps.every(g => g <= 600_000),
      'capped at 10 min',
    );
    assert.strictEqual(asked.length, 11, `asked ${asked.length} times in an hour`);
    assert.ok(seen.every(s => s.level === 'down'));
    assert.deepStrictEqual(
      seen.slice(0, 3).map(s => s.retryInMs),
      [10_000, 20_000, 40_000],
    );
  });

  it('a node that comes back is asked on the interval again, and reports its lag', async () => {
    const clock = new ManualClock();
    let up = false;
    const seen: LocalHealth[] = [];
    const poller = createLocalPoller({
      newestBlockEnd: () =>
        up ? Promise.resolve(`${Math.floor(clock.now() / 1000) - 2}.000000000`) : Promise.reject(new Error('refused')),
      host: () => 'localhost:5551',
      onHealth: h => seen.push(h),
      intervalMs: 10_000,
      clock,
      random: () => 0.5,
    });
    poller.start();
    await clock.advance(0);
    await clock.advance(35_000); // fails at 0, 10, 30 s
    assert.strictEqual(poller.failures, 3);
    up = true;
    await clock.advance(40_000); // the 4th try (70 s) answers
    assert.strictEqual(poller.failures, 0);
    assert.strictEqual(seen[seen.length - 1]?.text, 'local · 2 s behind');
    assert.strictEqual(poller.nextCheckAt! - clock.now(), 5_000, 'back on the 10 s interval');
    poller.dispose();
    assert.strictEqual(poller.hasTimer, false);
  });
});
