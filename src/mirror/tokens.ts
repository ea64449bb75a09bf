// Token metadata (name, symbol, decimals...) for showing amounts in units: fetched lazily, one
// request per token however many ask (coalesced), kept for the session per network (decimals and
// symbol do not change), never more than `maxInFlight` requests at once, visible rows first (the
// caller's priority). A 404 is remembered as such; other failures are not, so a later ask retries.
// What the network sends is made safe here: decimals checked (0..255 integers), symbol and name
// made inert and cut. Pure (no vscode).
import { PerNetwork } from './perNetwork';
import { checkDecimals, tokenSymbol } from '../ledger/tokens';
import { plainText } from '../ledger/text';
import { MirrorError } from './errors';
import type { RequestOptions } from './client';
import type { TokenInfo } from './schemas';

export interface TokenMeta {
  readonly tokenId: string;
  /** Made safe for plain text and cut to 100 characters. */
  readonly name: string;
  /** Made safe for plain text and cut (see tokenSymbol). */
  readonly symbol: string;
  /** 0..255, or undefined when the server's value is unusable (show the raw amount). */
  readonly decimals: number | undefined;
  /** The server's decimals as sent, when they were refused. */
  readonly rawDecimals?: string;
  /** `FUNGIBLE_COMMON`, `NON_FUNGIBLE_UNIQUE` (made safe), when given. */
  readonly type?: string;
  readonly treasury?: string;
  /** Total supply in the smallest units, when a usable integer. */
  readonly totalSupply?: bigint;
  readonly info: TokenInfo;
}

export type TokenLookup =
  | { readonly status: 'found'; readonly meta: TokenMeta }
  | { readonly status: 'not-found'; readonly tokenId: string; readonly error: MirrorError }
  | { readonly status: 'failed'; readonly tokenId: string; readonly error: unknown };

export interface TokenSource {
  getToken(id: string, opts?: RequestOptions): Promise<TokenInfo>;
}

export interface TokenMetadataOptions {
  /** Requests in flight at most. Default 4. */
  readonly maxInFlight?: number;
}

export interface AskOptions {
  /** Higher goes first (e.g. visible rows 1, the rest 0). Default 0. */
  readonly priority?: number;
  /** Stops this caller's wait; the request is dropped if nobody else waits for it yet. */
  readonly signal?: AbortSignal;
}

interface Job {
  readonly tokenId: string;
  priority: number;
  readonly seq: number;
  waiters: number;
  started: boolean;
  readonly promise: Promise<TokenLookup>;
  resolve(v: TokenLookup): void;
}

export class TokenMetadata {
  private readonly maxInFlight: number;
  private readonly known = new Map<string, TokenLookup>();
  private readonly jobs = new Map<string, Job>();
  private readonly queue: Job[] = [];
  private inFlight = 0;
  private seq = 0;
  private disposed = false;
  /** Requests sent, and the most ever in flight at once (for tests and the bench). */
  readonly stats = { requests: 0, peakInFlight: 0 };

  constructor(
    private readonly source: TokenSource,
    options: TokenMetadataOptions = {},
  ) {
    this.maxInFlight = Math.max(1, Math.floor(options.maxInFlight ?? 4));
  }

  /** What is already known (found or not found), without asking. */
  peek(tokenId: string): TokenLookup | undefined {
    return this.known.get(tokenId);
  }

  /** The token's metadata: from the session's memory, or queued (by priority) and fetched once. */
  get(tokenId: string, opts: AskOptions = {}): Promise<TokenLookup> {
    const known = this.known.get(tokenId);
    if (known) return Promise.resolve(known);
    if (this.disposed) return Promise.resolve({ status: 'failed', tokenId, error: new Error('disposed') });
    let job = this.jobs.get(tokenId);
    if (!job) {
      let resolve!: (v: TokenLookup) => void;
      const promise = new Promise<TokenLookup>(r => (resolve = r));
      job = { tokenId, priority: opts.priority ?? 0, seq: this.seq++, waiters: 0, started: false, promise, resolve };
      this.jobs.set(tokenId, job);
      this.queue.push(job);
    } else if ((opts.priority ?? 0) > job.priority) job.priority = opts.priority ?? 0;
    job.waiters++;
    const wait = this.wait(job, opts.signal);
    this.pump();
    return wait;
  }

  /** Drops everything queued (their waiters get `failed`); requests in flight finish unseen. */
  dispose(): void {
    this.disposed = true;
    for (const job of this.queue.splice(0))
      this.finish(job, { status: 'failed', tokenId: job.tokenId, error: new Error('disposed') }, false);
  }

  private wait(job: Job, signal: AbortSignal | undefined): Promise<TokenLookup> {
    if (!signal) return job.promise;
    const aborted = (): TokenLookup => ({
      status: 'failed',
      tokenId: job.tokenId,
      error: new MirrorError('aborted', 0, [], '', 'The request was cancelled'),
    });
    if (signal.aborted) {
      this.leave(job);
      return Promise.resolve(aborted());
    }
    return new Promise(resolve => {
      const onAbort = () => {
        this.leave(job);
        resolve(aborted());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      void job.promise.then(v => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      });
    });
  }

  private leave(job: Job): void {
    job.waiters--;
    if (job.waiters > 0 || job.started) return;
    const i = this.queue.indexOf(job);
    if (i >= 0) this.queue.splice(i, 1);
    this.jobs.delete(job.tokenId);
  }

  private next(): Job | undefined {
    let best = -1;
    for (let i = 0; i < this.queue.length; i++) {
      const j = this.queue[i];
      const b = this.queue[best];
      if (best < 0 || j.priority > b.priority || (j.priority === b.priority && j.seq < b.seq)) best = i;
    }
    return best < 0 ? undefined : this.queue.splice(best, 1)[0];
  }

  private pump(): void {
    while (!this.disposed && this.inFlight < this.maxInFlight) {
      const job = this.next();
      if (!job) return;
      job.started = true;
      this.inFlight++;
      this.stats.requests++;
      this.stats.peakInFlight = Math.max(this.stats.peakInFlight, this.inFlight);
      void this.run(job);
    }
  }

  private async run(job: Job): Promise<void> {
    let result: TokenLookup;
    let remember = false;
    try {
      const info = await this.source.getToken(job.tokenId);
      result = { status: 'found', meta: toMeta(job.tokenId, info) };
      remember = true;
    } catch (error) {
      if (error instanceof MirrorError && error.kind === 'http' && error.status === 404) {
        result = { status: 'not-found', tokenId: job.tokenId, error };
        remember = true;
      } else result = { status: 'failed', tokenId: job.tokenId, error };
    }
    this.inFlight--;
    this.finish(job, result, remember);
    this.pump();
  }

  private finish(job: Job, result: TokenLookup, remember: boolean): void {
    if (remember && !this.disposed) this.known.set(job.tokenId, result);
    if (this.jobs.get(job.tokenId) === job) this.jobs.delete(job.tokenId);
    job.resolve(result);
  }
}

const INTEGER = /^-?\d{1,78}$/;

/** The server's token answer made safe to show. */
export function toMeta(tokenId: string, info: TokenInfo): TokenMeta {
  const decimals = checkDecimals(info.decimals);
  const supply = info.total_supply;
  return {
    tokenId,
    name: plainText(info.name, 100),
    symbol: tokenSymbol(info.symbol),
    decimals,
    ...(decimals === undefined && info.decimals !== undefined ? { rawDecimals: plainText(info.decimals, 40) } : {}),
    ...(info.type ? { type: plainText(info.type, 40) } : {}),
    ...(info.treasury_account_id ? { treasury: plainText(info.treasury_account_id, 40) } : {}),
    ...(supply !== undefined && INTEGER.test(supply) ? { totalSupply: BigInt(supply) } : {}),
    info,
  };
}

/** One TokenMetadata per network for the session (a network's tokens are not another's). */
export class TokenMetadataByNetwork extends PerNetwork<TokenSource, TokenMetadata> {
  constructor(options: TokenMetadataOptions = {}) {
    super(
      source => new TokenMetadata(source, options),
      service => service.dispose(),
    );
  }

  dispose(): void {
    this.clear();
  }
}
