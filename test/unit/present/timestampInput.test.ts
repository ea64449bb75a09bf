// The timestamp grammar users type in: seconds.nanoseconds as the mirror node writes it, or a
// date (UTC unless a zone says otherwise) converted exactly to seconds.nanoseconds; a wrong input
// is refused with a message naming the part that is wrong.
import * as assert from 'assert';
import fc from 'fast-check';
import { daysFromEpoch, parseTimestampInput } from '../../../src/present/timestampInput';

function ok(text: string): string {
  const r = parseTimestampInput(text);
  assert.ok(r.ok, `expected ${JSON.stringify(text)} to parse: ${!r.ok ? r.message : ''}`);
  return r.timestamp;
}

function refused(text: string): string {
  const r = parseTimestampInput(text);
  assert.ok(!r.ok, `expected ${JSON.stringify(text)} to be refused, got ${r.ok ? r.timestamp : ''}`);
  return r.message;
}

describe('timestamp input', () => {
  it('keeps seconds[.nanos] as typed (trimmed)', () => {
    assert.strictEqual(ok('1700000000'), '1700000000');
    assert.strictEqual(ok(' 1700000000.123456789 '), '1700000000.123456789');
    assert.strictEqual(ok('0.5'), '0.5');
    const r = parseTimestampInput('1700000000');
    assert.ok(r.ok && !r.fromDate);
    const d = parseTimestampInput('2023-11-14');
    assert.ok(d.ok && d.fromDate);
  });

  it('converts a date without zone as UTC, to nine digits of nanos', () => {
    assert.strictEqual(ok('2023-11-14'), '1699920000.000000000');
    assert.strictEqual(ok('2023-11-14 22:13:20'), '1700000000.000000000');
    assert.strictEqual(ok('2023-11-14T22:13:20'), '1700000000.000000000');
    assert.strictEqual(ok('2023-11-14T22:13'), '1699999980.000000000');
    assert.strictEqual(ok('1970-01-01'), '0.000000000');
  });

  it('reads Z, UTC and offsets', () => {
    assert.strictEqual(ok('2023-11-14T22:13:20Z'), '1700000000.000000000');
    assert.strictEqual(ok('2023-11-14 22:13:20 UTC'), '1700000000.000000000');
    assert.strictEqual(ok('2023-11-14 22:13:20utc'), '1700000000.000000000');
    assert.strictEqual(ok('2023-11-15T00:13:20+02:00'), '1700000000.000000000');
    assert.strictEqual(ok('2023-11-14T14:13:20-0800'), '1700000000.000000000');
    assert.match(refused('2023-11-14T22:13:20+24:00'), /zone \+24:00/);
  });

  it('keeps the nanoseconds exactly, beyond what a float holds', () => {
    assert.strictEqual(ok('2023-11-14T22:13:20.123456789Z'), '1700000000.123456789');
    assert.strictEqual(ok('2023-11-14 22:13:20.5'), '1700000000.500000000');
    assert.strictEqual(ok('2023-11-14 22:13:20.000000001'), '1700000000.000000001');
    assert.match(refused('2023-11-14 22:13:20.1234567891'), /more than nine digits/);
    assert.match(refused('1700000000.1234567891'), /nanoseconds .* more than nine digits/);
  });

  it('knows leap years: the 29th of February only in them', () => {
    assert.strictEqual(ok('2024-02-29'), '1709164800.000000000');
    assert.strictEqual(ok('2000-02-29'), '951782400.000000000');
    assert.match(refused('2023-02-29'), /Day 29 is not in February 2023, which has 28 days/);
    assert.match(refused('2100-02-29'), /February 2100, which has 28 days/);
    assert.match(refused('2023-04-31'), /Day 31 is not in April 2023, which has 30 days/);
  });

  it('names the part that is wrong', () => {
    assert.match(refused('2023-13-01'), /^Month 13 is not a month/);
    assert.match(refused('2023-00-01'), /^Month 00 is not a month/);
    assert.match(refused('2023-11-00'), /^Day 00 is not in November 2023/);
    assert.match(refused('2023-11-14 24:00'), /^Hour 24 is not an hour/);
    assert.match(refused('2023-11-14 22:60'), /^Minute 60 is not a minute/);
    assert.match(refused('2023-11-14 22:13:61'), /^Second 61 is not a second/);
    assert.match(refused('17000000001'), /seconds 17000000001 have more than ten digits/);
    assert.match(refused('1700000000.'), /Nanoseconds are needed after the point/);
  });

  it('refuses what is neither, and times the mirror node cannot take', () => {
    for (const bad of ['', '   ', 'yesterday', 'gt:1700000000', '-1', '1e9', '2023/11/14', '14-11-2023', '0x10']) {
      assert.match(refused(bad), /seconds\.nanoseconds|timestamp is needed/, bad);
    }
    assert.match(refused('1969-12-31 23:59:59'), /no history before 1970/);
    assert.match(refused('1970-01-01T00:30:00+01:00'), /no history before 1970/);
    assert.match(refused('2286-11-20 17:46:40'), /up to 2286-11-20 17:46:39 UTC/);
    assert.strictEqual(ok('2286-11-20 17:46:39'), '9999999999.000000000');
    assert.match(refused('x'.repeat(100)), /Too long/);
  });

  it('escapes what it quotes back', () => {
    const message = refused('<b>\u202e</b>');
    assert.ok(!message.includes('\u202e'), message);
  });

  it('counts days as the calendar does', () => {
    for (const [y, m, d] of [
      [1970, 1, 1],
      [1972, 2, 29],
      [2000, 3, 1],
      [2038, 1, 19],
      [2286, 11, 20],
    ]) {
      assert.strictEqual(daysFromEpoch(y, m, d) * 86_400_000, Date.UTC(y, m - 1, d), `${y}-${m}-${d}`);
    }
  });

  it('property: any instant written as a date, in any zone, comes back exactly', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 9_999_999_999n }),
        fc.integer({ min: 0, max: 999_999_999 }),
        fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }),
        fc.constantFrom('T', ' '),
        (seconds, nanos, offsetMinutes, sep) => {
          const local = new Date(Number(seconds + BigInt(offsetMinutes * 60)) * 1000);
          fc.pre(local.getUTCFullYear() >= 1000 && local.getUTCFullYear() <= 9999);
          const sign = offsetMinutes < 0 ? '-' : '+';
          const abs = Math.abs(offsetMinutes);
          const zone = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
          const iso = local.toISOString();
          const text = `${iso.slice(0, 10)}${sep}${iso.slice(11, 19)}.${String(nanos).padStart(9, '0')}${zone}`;
          assert.strictEqual(ok(text), `${seconds}.${String(nanos).padStart(9, '0')}`);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('property: any text is decided, and what is accepted is what the mirror node takes', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[0-9T:. Z+-]{0,30}$/)), text => {
        const r = parseTimestampInput(text);
        if (r.ok) assert.match(r.timestamp, /^\d{1,10}(\.\d{1,9})?$/);
        else assert.ok(r.message.length > 0);
      }),
      { numRuns: 1000 },
    );
  });
});
