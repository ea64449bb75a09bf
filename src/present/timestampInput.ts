// The one grammar for a timestamp a user types: the mirror node's `seconds[.nanos]`, or a date
// (`2023-11-14`, `2023-11-14 22:13:20`, ISO with `T`, a fraction of up to nine digits and a zone
// of `Z`, `UTC` or `±hh:mm`; no zone means UTC). A date is converted exactly, with integers only,
// to the `seconds.nanos` the mirror node takes: a float would round the nanoseconds away. A wrong
// input is refused with a message naming the part that is wrong. Pure (no vscode, no DOM).
import { parseTimestamp } from '../ledger/timestamp';
import { plainText } from '../ledger/text';

export type TimestampInput =
  | {
      readonly ok: true;
      /** What to send: the seconds form as typed, or a date as `sss.nnnnnnnnn`. */
      readonly timestamp: string;
      /** Whether the text was a date (and so was converted). */
      readonly fromDate: boolean;
    }
  | { readonly ok: false; readonly message: string };

export const TIMESTAMP_INPUT_HELP =
  'seconds.nanoseconds (1700000000 or 1700000000.123456789) or a date, UTC unless a zone is given (2023-11-14, 2023-11-14 22:13:20, 2023-11-14T22:13:20.5Z)';

/** The mirror node's timestamps have at most ten digits of seconds: up to 2286-11-20 17:46:39 UTC. */
const MAX_SECONDS = 9_999_999_999n;

const DATE =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d+))?)?)?\s*(Z|UTC|[+-]\d\d:?\d\d)?$/i;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Parses what a user typed as a timestamp; empty text is refused (the caller decides what empty means). */
export function parseTimestampInput(text: string): TimestampInput {
  const t = text.trim();
  if (t === '') return fail(`A timestamp is needed: ${TIMESTAMP_INPUT_HELP}.`);
  if (t.length > 64) return fail(`Too long for a timestamp: ${TIMESTAMP_INPUT_HELP}.`);
  if (/^\d+(\.\d*)?$/.test(t)) return parseSeconds(t);
  const m = DATE.exec(t);
  if (!m) return fail(`${plainText(t, 40)} is neither seconds.nanoseconds nor a date: ${TIMESTAMP_INPUT_HELP}.`);
  const [, y, mo, d, hh = '0', mi = '0', ss = '0', frac = '', zone = ''] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12) return fail(`Month ${mo} is not a month (01–12) in ${plainText(t, 40)}.`);
  const days = daysInMonth(year, month);
  if (day < 1 || day > days)
    return fail(`Day ${d} is not in ${MONTHS[month - 1]} ${year}, which has ${days} days (in ${plainText(t, 40)}).`);
  if (Number(hh) > 23) return fail(`Hour ${hh} is not an hour (00–23) in ${plainText(t, 40)}.`);
  if (Number(mi) > 59) return fail(`Minute ${mi} is not a minute (00–59) in ${plainText(t, 40)}.`);
  if (Number(ss) > 59) return fail(`Second ${ss} is not a second (00–59) in ${plainText(t, 40)}.`);
  if (frac.length > 9)
    return fail(`The fraction .${plainText(frac, 20)} has more than nine digits (nanoseconds are the finest).`);
  const offset = zoneOffsetSeconds(zone);
  if (offset === undefined) return fail(`The zone ${plainText(zone, 10)} is not an offset (−23:59 to +23:59).`);
  const seconds =
    BigInt(daysFromEpoch(year, month, day)) * 86_400n +
    BigInt(Number(hh) * 3600 + Number(mi) * 60 + Number(ss)) -
    BigInt(offset);
  if (seconds < 0n) return fail('The ledger has no history before 1970-01-01 00:00:00 UTC.');
  if (seconds > MAX_SECONDS) return fail('The mirror node takes times up to 2286-11-20 17:46:39 UTC only.');
  return { ok: true, timestamp: `${seconds}.${frac.padEnd(9, '0')}`, fromDate: true };
}

function parseSeconds(t: string): TimestampInput {
  const [whole, fraction = ''] = t.split('.');
  if (whole.length > 10) return fail(`The seconds ${plainText(whole, 20)} have more than ten digits (up to 2286).`);
  if (t.endsWith('.')) return fail(`Nanoseconds are needed after the point in ${plainText(t, 40)}.`);
  if (fraction.length > 9)
    return fail(`The nanoseconds .${plainText(fraction, 20)} have more than nine digits in ${plainText(t, 40)}.`);
  // The mirror node's own grammar decides the rest, so what passes here passes there.
  return parseTimestamp(t) ? { ok: true, timestamp: t, fromDate: false } : fail(TIMESTAMP_INPUT_HELP);
}

function fail(message: string): TimestampInput {
  return { ok: false, message };
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Days from 1970-01-01 to the date in the proleptic Gregorian calendar (Howard Hinnant's days_from_civil). */
export function daysFromEpoch(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** `Z`, `UTC` or empty: 0; `+05:30` / `-0800`: its seconds east of UTC; undefined when out of range. */
function zoneOffsetSeconds(zone: string): number | undefined {
  if (zone === '' || /^(z|utc)$/i.test(zone)) return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours > 23 || minutes > 59) return undefined;
  return sign * (hours * 3600 + minutes * 60);
}
