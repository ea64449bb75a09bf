// The activation figures: CPU time where the host has a process clock (Node), none in a browser's
// web worker extension host, whose log line then leaves CPU out.
import * as assert from 'assert';
import { activationClock, bundleLoaded } from '../../src/activationTiming';
import type { FeatureLog } from '../../src/features/context';
import { NODE_PLATFORM, WEB_PLATFORM, usePlatform } from '../../src/util/platform';

function recordingLog(): FeatureLog & { lines: string[] } {
  const lines: string[] = [];
  const push = (line: string) => void lines.push(line);
  return { lines, info: push, warn: push, error: push, show: () => undefined };
}

describe('activationTiming: wall-clock always, CPU where the host has a process clock', () => {
  afterEach(() => usePlatform(NODE_PLATFORM));

  it('in Node: CPU of activate() measured and in the log line after the steps', () => {
    const clock = activationClock();
    clock.step('services');
    const log = recordingLog();
    const timing = clock.done(log, { loadMs: undefined, loadCpuMs: undefined });
    assert.strictEqual(typeof timing.activateCpuMs, 'number');
    assert.match(log.lines[0], /^activated in \d+\.\d ms \(services \d+\.\d; CPU \d+\.\d ms\)$/);
  });

  it('in a browser: no CPU figure, and the line leaves CPU out; the bundle figures still shown', () => {
    usePlatform(WEB_PLATFORM);
    assert.deepStrictEqual(bundleLoaded(), { loadMs: undefined, loadCpuMs: undefined }, 'outside the bundle');
    const clock = activationClock();
    clock.step('services');
    clock.step('features');
    const log = recordingLog();
    const timing = clock.done(log, { loadMs: 12.34, loadCpuMs: undefined });
    assert.strictEqual(timing.activateCpuMs, undefined);
    assert.ok(!('activateCpuMs' in timing));
    assert.deepStrictEqual(Object.keys(timing.steps), ['services', 'features']);
    assert.match(
      log.lines[0],
      /^activated in \d+\.\d ms \(services \d+\.\d, features \d+\.\d\); bundle evaluated in 12\.3 ms$/,
    );
  });
});
