// The health of a local node's or Solo's mirror node, or of a mirror node the user set whose network
// nothing says, which no status page covers: does it answer, and how far its newest block lags
// behind the clock. Pure: the caller asks the mirror node for its
// newest block (`/api/v1/blocks?limit=1&order=desc`) and hands in the outcome.
import { StatusPoller, systemClock, type PollerClock } from './poller';
import { errorMessage } from '../util/errorMessage';
import { loopbackAdvice } from './browserLimits';

export type LocalLevel = 'ok' | 'lagging' | 'down';

/** A local mirror node whose newest block is older than this is lagging (it may have stopped). */
export const LOCAL_LAG_WARN_SECONDS = 60;

export interface LocalHealth {
  readonly level: LocalLevel;
  /** Seconds between the newest block's end and the clock; undefined when it did not answer. */
  readonly lagSeconds?: number;
  /** The status bar's text: `local · 3 s behind`, `mirror.example.com · down`. */
  readonly text: string;
  /** The tooltip: what was asked, and what came back, in the server's own words. */
  readonly detail: string;
  /** What the user can do, when the failure has a known cause (a browser blocking localhost). */
  readonly advice?: string;
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

/**
 * What the mirror node at `host` answered, said under `name`: `local` for a local node, else the
 * host the user set (the network the code means is not what this node serves).
 */
export function localHealth(probe: LocalProbe, nowMs: number, host: string, name = 'local'): LocalHealth {
  if (!probe.ok) {
    // The mirror client's own words name the node already: keep only why (`connection refused`).
    const why = probe.error
      .replace(/^Cannot (?:reach|connect to)(?: the mirror node at)? \S+?(?::\s+|\s+|$)/i, '')
      .replace(/^\((.*)\)$/, '$1');
    return { level: 'down', text: `${name} · down`, detail: `Cannot reach ${host}${why ? `: ${why}` : ''}` };
  }
  const end = probe.newestBlockEnd === undefined ? undefined : secondsOf(probe.newestBlockEnd);
  if (end === undefined) {
    return { level: 'lagging', text: `${name} · no blocks`, detail: `${host} answers, but has no block yet.` };
  }
  const lag = Math.max(0, Math.round(nowMs / 1000 - end));
  const level: LocalLevel = lag > LOCAL_LAG_WARN_SECONDS ? 'lagging' : 'ok';
  const ago = lag < 120 ? `${lag} s` : lag < 7200 ? `${Math.round(lag / 60)} min` : `${Math.round(lag / 3600)} h`;
  return {
    level,
    lagSeconds: lag,
    text: `${name} · ${ago} behind`,
    detail:
      level === 'ok'
        ? `${host} answers; its newest block ended ${ago} ago.`
        : `${host} answers, but its newest block ended ${ago} ago: the node may have stopped producing blocks.`,
  };
}

export interface LocalPollerOptions {
  /** The newest block's end (`sss.nnnnnnnnn`), undefined with no block; throws when the node does not answer. */
  readonly newestBlockEnd: (signal: AbortSignal) => Promise<string | undefined>;
  /** `localhost:5551`, read at call time (the URL may change). */
  readonly host: () => string;
  /** What the item calls the node (`local`, or its host), read at call time; `local` when absent. */
  readonly name?: () => string;
  /** The health after each check, with when the next try is due after a failure. */
  readonly onHealth: (health: LocalHealth, at: number, retryInMs?: number, failures?: number) => void;
  readonly intervalMs: number;
  readonly active?: boolean;
  readonly clock?: PollerClock;
  readonly random?: () => number;
}

/**
 * Asks a local mirror node for its newest block on the poller's schedule. A node that does not
 * answer is retried after 2×, 4×, 8×… the interval (up to 10 min): never in a tight loop.
 */
export function createLocalPoller(o: LocalPollerOptions): StatusPoller<LocalHealth> {
  const clock = o.clock ?? systemClock;
  return new StatusPoller<LocalHealth>({
    fetch: async signal =>
      localHealth({ ok: true, newestBlockEnd: await o.newestBlockEnd(signal) }, clock.now(), o.host(), o.name?.()),
    onOutcome: outcome => {
      if (outcome.ok) o.onHealth(outcome.value, outcome.at);
      else {
        const error = errorMessage(outcome.error);
        const health = localHealth({ ok: false, error }, outcome.at, o.host(), o.name?.());
        const advice = loopbackAdvice(outcome.error);
        o.onHealth(
          advice === undefined ? health : { ...health, advice },
          outcome.at,
          outcome.retryInMs,
          outcome.failures,
        );
      }
    },
    intervalMs: o.intervalMs,
    clock,
    ...(o.random ? { random: o.random } : {}),
    ...(o.active === undefined ? {} : { active: o.active }),
  });
}
