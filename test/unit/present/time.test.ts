import * as assert from 'assert';
import { NONE, asOfText, consensusTime, nanosTime, relativeAge, shortTime } from '../../../src/present';

describe('present/time', () => {
  it('one consensus-time format, exact to the nanosecond', () => {
    assert.strictEqual(consensusTime('1700000000.000000009'), '2023-11-14 22:13:20.000000009 UTC');
    assert.strictEqual(consensusTime('1700000000'), '2023-11-14 22:13:20.000000000 UTC');
    assert.strictEqual(consensusTime({ seconds: 0n, nanos: 1 }), '1970-01-01 00:00:00.000000001 UTC');
    assert.strictEqual(shortTime('1700000000.999999999'), '2023-11-14 22:13:20 UTC');
  });
  it('missing → —, not a timestamp → the raw text made safe', () => {
    assert.strictEqual(consensusTime(undefined), NONE);
    assert.strictEqual(consensusTime(''), NONE);
    assert.strictEqual(shortTime(null), NONE);
    assert.strictEqual(consensusTime('soon\u202E'), 'soon⟨U+202E⟩');
  });
  it('the largest ten-digit timestamp the schema accepts', () =>
    assert.strictEqual(consensusTime('9999999999.999999999'), '2286-11-20 17:46:39.999999999 UTC'));
  it('a Timestamp beyond year 9999 says out of range, never "Invalid time value"', () => {
    const far = consensusTime({ seconds: 10n ** 20n, nanos: 0 });
    assert.match(far, /^out of range \(/);
    assert.doesNotMatch(far, /Invalid/);
    assert.strictEqual(shortTime({ seconds: 253_402_300_800n, nanos: 0 }).startsWith('out of range'), true);
    assert.strictEqual(shortTime({ seconds: 253_402_300_799n, nanos: 0 }), '9999-12-31 23:59:59 UTC');
  });
  describe('nanoseconds since the epoch (expiry_timestamp)', () => {
    it('an ordinary expiry', () =>
      assert.strictEqual(nanosTime(1_700_000_000_000_000_009n), '2023-11-14 22:13:20.000000009 UTC'));
    it('more than 24 digits: out of range with the value, no exception', () => {
      for (const ns of [10n ** 24n, 10n ** 25n + 7n, 2n ** 255n, 10n ** 100n]) {
        const text = nanosTime(ns);
        assert.match(text, /^out of range \([\d,]+ ns\)$/);
      }
    });
    it('negative: out of range', () => assert.match(nanosTime(-1n), /^out of range/));
    it('missing', () => assert.strictEqual(nanosTime(undefined), NONE));
  });
  describe('one relative age', () => {
    const now = 1_700_000_000_000;
    const cases: Array<[number, string]> = [
      [now, 'just now'],
      [now - 999, 'just now'],
      [now - 12_000, '12 s ago'],
      [now - 119_000, '119 s ago'],
      [now - 120_000, '2 min ago'],
      [now - 7_199_000, '119 min ago'],
      [now - 7_200_000, '2 h ago'],
      [now - 47 * 3_600_000, '47 h ago'],
      [now - 3 * 86_400_000, '3 days ago'],
      [now - 59 * 86_400_000, '59 days ago'],
      [now - 60 * 86_400_000, '2 months ago'],
      [now - 729 * 86_400_000, '24 months ago'],
      [now - 730 * 86_400_000, '2 years ago'],
      [now - 5_000 * 86_400_000, '14 years ago'],
      [now - 400_000 * 86_400_000, '1,095 years ago'],
      [now + 300_000, 'in 5 min'],
    ];
    for (const [then, expected] of cases) it(expected, () => assert.strictEqual(relativeAge(then, now), expected));
    it('not a finite number: undefined', () => {
      assert.strictEqual(relativeAge(Number.NaN, now), undefined);
      assert.strictEqual(relativeAge(Number.POSITIVE_INFINITY, now), undefined);
    });
    it('"as of" for fetched data (a clock that went back reads just now)', () => {
      assert.strictEqual(asOfText(now - 12_000, now), 'as of 12 s ago');
      assert.strictEqual(asOfText(now + 5_000, now), 'as of just now');
      assert.strictEqual(asOfText(undefined, now), undefined);
    });
  });
});
