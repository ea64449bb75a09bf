// The ℏ ↔ US cent exchange rate in force at a consensus time, for showing a fee or a transfer in
// dollars at the rate of *its* time (not today's). The network changes the rate at most once per
// rate period (an hour; `expiration_time` falls on the hour), so one request answers every
// transaction of the same period: answers are kept for the session per period, and asks for the
// same period while one is in flight share it. A mirror node without the endpoint (a custom mirror
// or a local node answering 404/400/501) is remembered as `unavailable`: no dollar value is shown
// and no more requests are made. A 404 for one moment alone (before the network's first rate file,
// a testnet since reset) leaves that period without a rate, not the others: the current rate,
// asked once then, tells the two apart. Pure (no vscode).
import { PerNetwork } from './perNetwork';
import { parseTimestamp } from '../ledger/timestamp';
import { MirrorError } from './errors';
import type { RequestOptions } from './client';
import type { ExchangeRateParams } from './params';
import type { ExchangeRateResponse } from './schemas';

/** A rate as it applies to one moment: `cents` US cents buy `hbars` ℏ, until `expiresAt` (s). */
export interface RateInForce {
  readonly cent_equivalent: bigint;
  readonly hbar_equivalent: bigint;
  /** Unix seconds at which this rate stops applying. */
  readonly expiresAt: bigint;
  /** The consensus time (or `now`) the rate was asked for, `sss.nnnnnnnnn`, for the tooltip. */
  readonly at: string;
  /** True when the rate came from `next_rate` (the moment was past `current_rate`'s expiry). */
  readonly fromNext: boolean;
}

export type RateLookup =
  | { readonly status: 'found'; readonly rate: RateInForce }
  /** The mirror node has no such endpoint (or refuses `timestamp`): show no dollar value. */
  | { readonly status: 'unavailable'; readonly error: MirrorError }
  | { readonly status: 'failed'; readonly error: unknown };

export interface RateSource {
  getExchangeRate(params?: ExchangeRateParams, opts?: RequestOptions): Promise<ExchangeRateResponse>;
}

export interface ExchangeRatesOptions {
  /** Seconds per rate period. Default 3600 (the network's hourly rate). */
  readonly periodSeconds?: number;
  /** Unix milliseconds now (tests). Default Date.now. */
  readonly now?: () => number;
}

/** Statuses that mean "this mirror node does not offer the rate", not "try again later". */
const UNAVAILABLE_STATUSES = new Set([400, 404, 405, 501]);

export class ExchangeRates {
  private readonly period: bigint;
  private readonly now: () => number;
  private readonly byPeriod = new Map<bigint, RateInForce>();
  private readonly inFlight = new Map<string, Promise<RateLookup>>();
  private current: RateInForce | undefined;
  /** Set when the endpoint with `timestamp` answered as missing; the current rate is judged apart. */
  private unavailable: MirrorError | undefined;
  private unavailableNow: MirrorError | undefined;
  /** Periods the mirror node has no rate for (a 404 for that moment while the current rate exists). */
  private readonly missingPeriods = new Map<bigint, MirrorError>();
  /** Requests sent (tests, bench). */
  readonly stats = { requests: 0 };

  constructor(
    private readonly source: RateSource,
    options: ExchangeRatesOptions = {},
  ) {
    this.period = BigInt(Math.max(1, Math.floor(options.periodSeconds ?? 3600)));
    this.now = options.now ?? Date.now;
  }

  /** True once the mirror node was found to lack the endpoint. */
  get isUnavailable(): boolean {
    return this.unavailable !== undefined;
  }

  /** The rate at a consensus time if already known (no request). */
  peekAt(timestamp: string): RateInForce | undefined {
    const ts = parseTimestamp(timestamp);
    return ts === undefined ? undefined : this.byPeriod.get(ts.seconds / this.period);
  }

  /** The rate in force at `timestamp` (`sss.nnnnnnnnn`): one request per rate period for the session. */
  at(timestamp: string, opts: RequestOptions = {}): Promise<RateLookup> {
    const ts = parseTimestamp(timestamp);
    if (ts === undefined)
      return Promise.resolve({
        status: 'failed',
        error: new RangeError(`Not a consensus timestamp: ${timestamp.slice(0, 40)}`),
      });
    if (this.unavailable) return Promise.resolve({ status: 'unavailable', error: this.unavailable });
    const key = ts.seconds / this.period;
    const known = this.byPeriod.get(key);
    if (known) return Promise.resolve({ status: 'found', rate: known });
    const missing = this.missingPeriods.get(key);
    if (missing) return Promise.resolve({ status: 'unavailable', error: missing });
    return this.share(`p${key}`, key, async () => {
      const body = await this.source.getExchangeRate({ timestamp }, shared(opts));
      const rate = rateFor(body, ts.seconds, timestamp);
      // Kept under the period of the moment asked (what later asks look up) only when the answer
      // covers that moment: an answer whose rate expired before it says nothing about the period.
      if (rate.expiresAt > ts.seconds) this.byPeriod.set(key, rate);
      return rate;
    });
  }

  /** The current rate if known and not expired (no request). */
  peekLatest(): RateInForce | undefined {
    const nowSeconds = BigInt(Math.floor(this.now() / 1000));
    return this.current && this.current.expiresAt > nowSeconds ? this.current : undefined;
  }

  /** The rate in force now (balances): asked once, then kept until it expires. */
  latest(opts: RequestOptions = {}): Promise<RateLookup> {
    const missing = this.unavailableNow ?? this.unavailable;
    if (missing) return Promise.resolve({ status: 'unavailable', error: missing });
    const nowSeconds = BigInt(Math.floor(this.now() / 1000));
    if (this.current && this.current.expiresAt > nowSeconds)
      return Promise.resolve({ status: 'found', rate: this.current });
    return this.share('now', 'now', async () => {
      const body = await this.source.getExchangeRate(undefined, shared(opts));
      const at = body.timestamp ?? `${nowSeconds}.000000000`;
      const rate = rateFor(body, nowSeconds, at);
      this.current = rate;
      return rate;
    });
  }

  /** `period`: the rate period asked for, or `now` for the current rate. */
  private share(key: string, period: bigint | 'now', ask: () => Promise<RateInForce>): Promise<RateLookup> {
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    this.stats.requests++;
    const promise = ask().then(
      (rate): RateLookup => ({ status: 'found', rate }),
      async (error: unknown): Promise<RateLookup> => {
        if (!(error instanceof MirrorError && error.kind === 'http' && UNAVAILABLE_STATUSES.has(error.status))) {
          return { status: 'failed', error };
        }
        if (period === 'now') {
          this.unavailableNow = error;
        } else if (error.status === 404 && (await this.latest()).status !== 'unavailable') {
          // The endpoint is there (or its answer is not known): only this moment has no rate.
          this.missingPeriods.set(period, error);
        } else {
          this.unavailable = error;
        }
        return { status: 'unavailable', error };
      },
    );
    this.inFlight.set(key, promise);
    void promise.finally(() => {
      if (this.inFlight.get(key) === promise) this.inFlight.delete(key);
    });
    return promise;
  }
}

/**
 * A shared request is not any one caller's to cancel (others may wait on it): it goes without the
 * caller's signal, bounded by the client's timeout.
 */
function shared(opts: RequestOptions): RequestOptions {
  return opts.cache ? { cache: opts.cache } : {};
}

/**
 * The rate that applies at `seconds` from an answer: `current_rate` until its expiry, then
 * `next_rate` (the rate file published before a change carries both).
 */
export function rateFor(body: ExchangeRateResponse, seconds: bigint, at: string): RateInForce {
  const current = body.current_rate;
  const next = body.next_rate;
  const useNext = next !== undefined && current.expiration_time <= seconds && next.expiration_time > seconds;
  const r = useNext ? next : current;
  return {
    cent_equivalent: r.cent_equivalent,
    hbar_equivalent: r.hbar_equivalent,
    expiresAt: r.expiration_time,
    at,
    fromNext: useNext,
  };
}

/** One ExchangeRates per network for the session. */
export class ExchangeRatesByNetwork extends PerNetwork<RateSource, ExchangeRates> {
  constructor(options: ExchangeRatesOptions = {}) {
    super(source => new ExchangeRates(source, options));
  }
}
