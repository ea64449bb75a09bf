import * as assert from 'assert';
import fc from 'fast-check';
import { duration, parseStartTimingLine, startTimingLine } from '../../harness/startTiming';

describe('npm start: the start time it prints', () => {
  it('a warm start: the total and each phase, the real mirror node with its parts', () => {
    const line = startTimingLine({
      totalMs: 72_400,
      firstUse: [],
      phases: [
        { name: 'build and package', ms: 21_040 },
        { name: 'VS Code tools', ms: 10 },
        {
          name: 'real mirror node',
          ms: 38_500,
          parts: [
            { name: 'install', ms: 3 },
            { name: 'database', ms: 9_100 },
            { name: 'data', ms: 22_300 },
          ],
        },
        { name: 'workbench', ms: 11_900 },
      ],
    });
    assert.strictEqual(
      line,
      'Ready in 1 min 12 s, warm: build and package 21.0 s · real mirror node 38.5 s (database 9.1 s, data 22.3 s) · workbench 11.9 s',
    );
  });

  it('a cold start names what it installed or built once', () => {
    const line = startTimingLine({
      totalMs: 151_000,
      firstUse: ['Node 22', 'the database template'],
      phases: [{ name: 'workbench', ms: 9_000 }],
    });
    assert.strictEqual(line, 'Ready in 2 min 31 s, cold (first use: Node 22, the database template): workbench 9.0 s');
    assert.deepStrictEqual(parseStartTimingLine(line), { totalMs: 151_000, cold: true });
  });

  it('durations: tenths below a minute, whole seconds above; nonsense reads as zero', () => {
    assert.strictEqual(duration(4_249), '4.2 s');
    assert.strictEqual(duration(59_949), '59.9 s');
    assert.strictEqual(duration(60_000), '1 min 0 s');
    assert.strictEqual(duration(3_599_600), '60 min 0 s');
    assert.strictEqual(duration(-5), '0.0 s');
    assert.strictEqual(duration(Number.NaN), '0.0 s');
  });

  it('other lines are not read as a start time', () => {
    for (const line of [
      '',
      'Ready',
      'Ready in soon, warm',
      'Ready in 3 s',
      'ready in 3.0 s, warm',
      'Ready in 1 min s, cold',
    ])
      assert.strictEqual(parseStartTimingLine(line), undefined, line);
  });

  it('property: the line read back gives the total (to its printed precision) and cold or warm', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * 3_600_000 }), fc.boolean(), (totalMs, cold) => {
        const read = parseStartTimingLine(startTimingLine({ totalMs, phases: [], firstUse: cold ? ['x'] : [] }));
        assert.ok(read);
        assert.strictEqual(read.cold, cold);
        assert.ok(Math.abs(read.totalMs - totalMs) <= (totalMs < 60_000 ? 50 : 500), `${totalMs} -> ${read.totalMs}`);
      }),
    );
  });
});
