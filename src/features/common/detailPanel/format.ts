// How a detail panel's sections format what they show: the same for every panel. Pure (no vscode).
import { parseTimestamp, timestampToDate } from '../../../ledger';
import { epochMs, exactTimeTitle, NONE, shortTime } from '../../../present';
import type { DetailField } from '../../../../webview/protocol';

/** How a section formats what it shows: the same for every detail panel. */
export interface FormatOptions {
  /** Local time for a date, e.g. "19/08/2019, 09:16:53 CEST". Injected so tests fix the zone. */
  readonly localTime: (date: Date) => string;
  /** Whether HashScan has pages for the current network (not for a custom mirror node). */
  readonly hashscan: boolean;
}

export const defaultLocalTime = (date: Date): string =>
  date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'long' });

/**
 * A time as every panel shows it: `2019-08-14 10:45:55 UTC` with its age beside it (the page keeps
 * it current), the exact time to the nanosecond, the raw `seconds.nanos` and the local time in the
 * tooltip, and the raw value on copy.
 */
export function timeField(
  label: string,
  raw: string | null | undefined,
  options: Pick<FormatOptions, 'localTime'>,
  missing = NONE,
): DetailField {
  if (!raw) return { label, value: missing };
  const ts = parseTimestamp(raw);
  if (!ts) return { label, value: raw, note: 'not a timestamp' };
  const at = epochMs(ts);
  const local = at === undefined ? '' : ` · ${options.localTime(timestampToDate(ts))}`;
  return {
    label,
    value: shortTime(ts),
    title: `${exactTimeTitle(ts)}${local}`,
    copy: raw,
    mono: true,
    ...(at === undefined ? {} : { at }),
  };
}
