// Consensus timestamps `seconds.nanoseconds`, kept as integers: a float cannot hold 19 significant
// digits, so 1566199013.000111222 would silently become ...000111 after a round trip through Number.

export interface Timestamp {
  readonly seconds: bigint;
  /** 0 – 999,999,999 */
  readonly nanos: number;
}

const TIMESTAMP = /^(\d{1,10})(?:\.(\d{1,9}))?$/;
const NANOS_PER_SECOND = 1_000_000_000;

/**
 * Parses the mirror node's `sec.nanos` (`^\d{1,10}(\.\d{1,9})?$`). The fraction is a decimal
 * fraction: `1.5` is 1 s + 500,000,000 ns.
 */
export function parseTimestamp(text: string): Timestamp | undefined {
  const m = TIMESTAMP.exec(text);
  if (!m) return undefined;
  return { seconds: BigInt(m[1]), nanos: m[2] === undefined ? 0 : Number(m[2].padEnd(9, '0')) };
}

/** `sss.nnnnnnnnn`, always nine fraction digits, the form the mirror node sends. */
export function formatTimestamp(ts: Timestamp): string {
  return `${ts.seconds}.${padNanos(ts.nanos)}`;
}

/** 9999-12-31T23:59:59Z, the last second ISO-8601's four-digit year can write. */
const MAX_ISO_SECONDS = 253_402_300_799n;

/**
 * ISO-8601 UTC with nine fraction digits, e.g. `2019-08-19T07:16:53.000111222Z`; before 1970 or
 * after year 9999 (any int64 the schemas let through), `out of range (<seconds> s)` instead of
 * Date's RangeError.
 */
export function timestampToIso(ts: Timestamp): string {
  if (ts.seconds < 0n || ts.seconds > MAX_ISO_SECONDS) return `out of range (${ts.seconds} s)`;
  // Date carries the calendar part exactly (whole seconds); the nanoseconds are spliced in as text.
  const whole = new Date(Number(ts.seconds) * 1000).toISOString();
  return `${whole.slice(0, 19)}.${padNanos(ts.nanos)}Z`;
}

/**
 * A Date for local display; milliseconds only (the nanoseconds below are dropped). Out of the
 * range timestampToIso writes, an Invalid Date (NaN time), never a Date off by a rounded float.
 */
export function timestampToDate(ts: Timestamp): Date {
  if (ts.seconds < 0n || ts.seconds > MAX_ISO_SECONDS) return new Date(NaN);
  return new Date(Number(ts.seconds) * 1000 + Math.floor(ts.nanos / 1_000_000));
}

/** Negative, zero or positive as `a` is before, equal to or after `b`. */
export function compareTimestamps(a: Timestamp, b: Timestamp): number {
  if (a.seconds !== b.seconds) return a.seconds < b.seconds ? -1 : 1;
  return Math.sign(a.nanos - b.nanos);
}

/** The timestamp as one integer of nanoseconds since the epoch. */
export function timestampToNanos(ts: Timestamp): bigint {
  return ts.seconds * BigInt(NANOS_PER_SECOND) + BigInt(ts.nanos);
}

export function padNanos(nanos: number): string {
  return String(nanos).padStart(9, '0');
}
