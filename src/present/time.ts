// One consensus-time format and one relative age, for every value the schemas accept. A time Date
// cannot hold (or beyond year 9999) says "out of range" with the raw value: never "Invalid time value".
import { padNanos, parseTimestamp, type Timestamp } from '../ledger/timestamp';
import { formatGrouped } from '../ledger/units';
import { NONE, plainText } from './text';

/** 9999-12-31T23:59:59Z, the last second ISO-8601's four-digit year can write. */
const MAX_SECONDS = 253_402_300_799n;
const NANOS = 1_000_000_000n;

export type TimeInput = string | Timestamp | null | undefined;

function toTimestamp(value: TimeInput): Timestamp | string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value !== 'string') return value;
  return parseTimestamp(value) ?? value;
}

function civil(ts: Timestamp): string | undefined {
  if (ts.seconds < 0n || ts.seconds > MAX_SECONDS) return undefined;
  const iso = new Date(Number(ts.seconds) * 1000).toISOString(); // exact: whole seconds, in range
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

function outOfRange(raw: string): string {
  return `out of range (${plainText(raw, 40)})`;
}

/**
 * A consensus timestamp as `2023-11-14 22:13:20.000000009 UTC`, exact to the nanosecond; the raw
 * text (made safe) when it is not a timestamp; {@link NONE} when missing.
 */
export function consensusTime(value: TimeInput): string {
  const ts = toTimestamp(value);
  if (ts === undefined) return NONE;
  if (typeof ts === 'string') return plainText(ts, 40);
  const day = civil(ts);
  return day ? `${day}.${padNanos(ts.nanos)} UTC` : outOfRange(`${ts.seconds}.${padNanos(ts.nanos)}`);
}

/** `2023-11-14 22:13:20 UTC`: the short form for labels (whole seconds, truncated). */
export function shortTime(value: TimeInput): string {
  const ts = toTimestamp(value);
  if (ts === undefined) return NONE;
  if (typeof ts === 'string') return plainText(ts, 40);
  const day = civil(ts);
  return day ? `${day} UTC` : outOfRange(`${ts.seconds}.${padNanos(ts.nanos)}`);
}

/**
 * Nanoseconds since the epoch (a token's `expiry_timestamp`, any size the schema lets through) as
 * a consensus time; out of range beyond year 9999 or before 1970.
 */
export function nanosTime(ns: bigint | null | undefined): string {
  if (ns === null || ns === undefined) return NONE;
  if (ns < 0n || ns / NANOS > MAX_SECONDS) return `out of range (${formatGrouped(ns)} ns)`;
  return consensusTime({ seconds: ns / NANOS, nanos: Number(ns % NANOS) });
}

/**
 * How long ago `then` was, both in ms since the epoch: `just now`, `12 s ago`, `5 min ago`,
 * `3 h ago`, `4 days ago`, `3 months ago`, `7 years ago`; a time ahead
 * of now reads `in 5 min`. Undefined for a value that is not a finite number.
 */
export function relativeAge(thenMs: number, nowMs: number): string | undefined {
  if (!Number.isFinite(thenMs) || !Number.isFinite(nowMs)) return undefined;
  const future = thenMs > nowMs;
  const s = Math.floor(Math.abs(nowMs - thenMs) / 1000);
  if (s < 1) return 'just now';
  let text: string;
  if (s < 120) text = `${s} s`;
  else if (s < 7200) text = `${Math.floor(s / 60)} min`;
  else if (s < 172_800) text = `${Math.floor(s / 3600)} h`;
  else if (s < 60 * 86_400) text = `${Math.floor(s / 86_400)} days`;
  // Rounded from here on: 60 days read 2 months, 730 days 2 years (never "1 months").
  else if (s < 730 * 86_400) text = `${Math.round(s / (30.4375 * 86_400))} months`;
  else text = `${formatGrouped(BigInt(Math.round(s / (365.25 * 86_400))))} years`;
  return future ? `in ${text}` : `${text} ago`;
}

/** "as of 12 s ago" for data fetched at `fetchedAt`, or undefined when the time is unknown. */
export function asOfText(fetchedAt: number | undefined, nowMs: number): string | undefined {
  if (fetchedAt === undefined) return undefined;
  const age = relativeAge(Math.min(fetchedAt, nowMs), nowMs);
  return age === undefined ? undefined : `as of ${age}`;
}

/**
 * What a time's tooltip says (and its copy gives, after the raw value): the exact consensus time to
 * the nanosecond and the raw `seconds.nanos` the mirror node wrote.
 */
export function exactTimeTitle(value: TimeInput): string {
  const ts = toTimestamp(value);
  if (ts === undefined) return NONE;
  if (typeof ts === 'string') return plainText(ts, 40);
  return `${consensusTime(ts)} · ${ts.seconds}.${padNanos(ts.nanos)}`;
}

/** Milliseconds since the epoch of a timestamp (for an age), or undefined when it is not one. */
export function epochMs(value: TimeInput): number | undefined {
  const ts = toTimestamp(value);
  if (ts === undefined || typeof ts === 'string' || ts.seconds > MAX_SECONDS) return undefined;
  return Number(ts.seconds) * 1000 + Math.floor(ts.nanos / 1_000_000);
}
