// The health of a local node's or Solo's mirror node, which no status page covers: does it answer,
// and how far its newest block lags behind the clock. Pure: the caller asks the mirror node for its
// newest block (`/api/v1/blocks?limit=1&order=desc`) and hands in the outcome.

export type LocalLevel = 'ok' | 'lagging' | 'down';

/** A local mirror node whose newest block is older than this is lagging (it may have stopped). */
export const LOCAL_LAG_WARN_SECONDS = 60;

export interface LocalHealth {
  readonly level: LocalLevel;
  /** Seconds between the newest block's end and the clock; undefined when it did not answer. */
  readonly lagSeconds?: number;
  /** The status bar's text: `local · 3 s behind`, `local · down`. */
  readonly text: string;
  /** The tooltip: what was asked, and what came back, in the server's own words. */
  readonly detail: string;
}

export type LocalProbe =
  | {
      readonly ok: true;
      /** The newest block's `timestamp.to` (`sss.nnnnnnnnn`), if any block. */ readonly newestBlockEnd?: string;
    }
  | { readonly ok: false; /** Why it did not answer: the error's own message. */ readonly error: string };

function secondsOf(timestamp: string): number | undefined {
  const m = /^(\d{1,19})(?:\.(\d{1,9}))?$/.exec(timestamp);
  if (!m) return undefined;
  return Number(m[1]) + Number((m[2] ?? '0').padEnd(9, '0')) / 1e9;
}

export function localHealth(probe: LocalProbe, nowMs: number, host: string): LocalHealth {
  if (!probe.ok) {
    return { level: 'down', text: 'local · down', detail: `Cannot reach ${host}: ${probe.error}` };
  }
  const end = probe.newestBlockEnd === undefined ? undefined : secondsOf(probe.newestBlockEnd);
  if (end === undefined) {
    return { level: 'lagging', text: 'local · no blocks', detail: `${host} answers, but has no block yet.` };
  }
  const lag = Math.max(0, Math.round(nowMs / 1000 - end));
  const level: LocalLevel = lag > LOCAL_LAG_WARN_SECONDS ? 'lagging' : 'ok';
  const ago = lag < 120 ? `${lag} s` : lag < 7200 ? `${Math.round(lag / 60)} min` : `${Math.round(lag / 3600)} h`;
  return {
    level,
    lagSeconds: lag,
    text: `local · ${ago} behind`,
    detail:
      level === 'ok'
        ? `${host} answers; its newest block ended ${ago} ago.`
        : `${host} answers, but its newest block ended ${ago} ago: the node may have stopped producing blocks.`,
  };
}
