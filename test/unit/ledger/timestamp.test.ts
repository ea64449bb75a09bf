import * as assert from 'assert';
import {
  compareTimestamps,
  formatTimestamp,
  parseTimestamp,
  timestampToDate,
  timestampToIso,
  timestampToNanos,
  type Timestamp,
} from '../../../src/ledger';
import { recordedExchanges } from './paths';

describe('ledger/timestamps', () => {
  const cases: Array<[string, Timestamp, string, string]> = [
    [
      '1566199013.000111222',
      { seconds: 1_566_199_013n, nanos: 111_222 },
      '1566199013.000111222',
      '2019-08-19T07:16:53.000111222Z',
    ],
    ['1566199013', { seconds: 1_566_199_013n, nanos: 0 }, '1566199013.000000000', '2019-08-19T07:16:53.000000000Z'],
    // A decimal fraction: ".5" is half a second, ".000000001" one nanosecond.
    [
      '1566199013.5',
      { seconds: 1_566_199_013n, nanos: 500_000_000 },
      '1566199013.500000000',
      '2019-08-19T07:16:53.500000000Z',
    ],
    [
      '1566199013.000000001',
      { seconds: 1_566_199_013n, nanos: 1 },
      '1566199013.000000001',
      '2019-08-19T07:16:53.000000001Z',
    ],
    [
      '1566199013.999999999',
      { seconds: 1_566_199_013n, nanos: 999_999_999 },
      '1566199013.999999999',
      '2019-08-19T07:16:53.999999999Z',
    ],
    ['0', { seconds: 0n, nanos: 0 }, '0.000000000', '1970-01-01T00:00:00.000000000Z'],
    ['0.000000001', { seconds: 0n, nanos: 1 }, '0.000000001', '1970-01-01T00:00:00.000000001Z'],
    [
      '9999999999.999999999',
      { seconds: 9_999_999_999n, nanos: 999_999_999 },
      '9999999999.999999999',
      '2286-11-20T17:46:39.999999999Z',
    ],
    [
      '1234567890.000000006',
      { seconds: 1_234_567_890n, nanos: 6 },
      '1234567890.000000006',
      '2009-02-13T23:31:30.000000006Z',
    ],
  ];
  for (const [text, ts, formatted, iso] of cases) {
    it(`${text} → ${iso}`, () => {
      const parsed = parseTimestamp(text);
      assert.deepStrictEqual(parsed, ts);
      assert.strictEqual(formatTimestamp(parsed), formatted);
      assert.strictEqual(timestampToIso(parsed), iso);
      assert.deepStrictEqual(parseTimestamp(formatted), ts);
    });
  }

  it('keeps digits a float would lose', () => {
    const ts = parseTimestamp('1566199013.000111222')!;
    assert.notStrictEqual(String(Number('1566199013.000111222')), '1566199013.000111222');
    assert.strictEqual(formatTimestamp(ts), '1566199013.000111222');
    assert.strictEqual(timestampToNanos(ts), 1_566_199_013_000_111_222n);
  });

  const refused = [
    '',
    '.5',
    '1.',
    '1.1234567890',
    '12345678901',
    '-1',
    '1e9',
    '1,5',
    ' 1',
    '1 ',
    '0x10',
    'gt:1',
    '1.5.6',
    'NaN',
  ];
  for (const text of refused) {
    it(`refuses ${JSON.stringify(text)}`, () => assert.strictEqual(parseTimestamp(text), undefined));
  }

  it('gives a Date to the millisecond', () => {
    assert.strictEqual(
      timestampToDate(parseTimestamp('1566199013.000111222')!).toISOString(),
      '2019-08-19T07:16:53.000Z',
    );
    assert.strictEqual(
      timestampToDate(parseTimestamp('1566199013.999999999')!).toISOString(),
      '2019-08-19T07:16:53.999Z',
    );
    assert.strictEqual(timestampToDate(parseTimestamp('1566199013.123456789')!).getTime(), 1_566_199_013_123);
  });

  it('orders by seconds, then nanoseconds', () => {
    const sorted = ['2.000000001', '1.999999999', '2', '10.1', '1.5', '2.000000001']
      .map(t => parseTimestamp(t)!)
      .sort(compareTimestamps)
      .map(formatTimestamp);
    assert.deepStrictEqual(sorted, [
      '1.500000000',
      '1.999999999',
      '2.000000000',
      '2.000000001',
      '2.000000001',
      '10.100000000',
    ]);
    assert.strictEqual(compareTimestamps(parseTimestamp('5.1')!, parseTimestamp('5.100000000')!), 0);
    assert.ok(compareTimestamps(parseTimestamp('5.000000001')!, parseTimestamp('5')!) > 0);
    assert.ok(compareTimestamps(parseTimestamp('4.999999999')!, parseTimestamp('5')!) < 0);
  });

  it('round-trips every consensus timestamp in the recorded bodies', () => {
    const seen = new Set<string>();
    for (const r of recordedExchanges()) {
      for (const m of r.bodyText.matchAll(
        /"(?:consensus_timestamp|valid_start_timestamp|created_timestamp)":"([^"]+)"/g,
      ))
        seen.add(m[1]);
    }
    assert.ok(seen.size > 20, String(seen.size));
    for (const text of seen) {
      const ts = parseTimestamp(text);
      assert.ok(ts, text);
      assert.strictEqual(formatTimestamp(ts), text);
      assert.match(timestampToIso(ts), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$/);
    }
  });
});
