// How a detail panel's sections format what they show: the same for every panel. Pure (no vscode).

/** How a section formats what it shows: the same for every detail panel. */
export interface FormatOptions {
  /** Local time for a date, e.g. "19/08/2019, 09:16:53 CEST". Injected so tests fix the zone. */
  readonly localTime: (date: Date) => string;
  /** Whether HashScan has pages for the current network (not for a custom mirror node). */
  readonly hashscan: boolean;
}

export const defaultLocalTime = (date: Date): string =>
  date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'long' });
