// The mirror client's options, per-request options and outcomes; its methods are the client class's own (client.ts).
import type { HttpClient, Priority } from '../net';

export interface RequestOutcome {
  readonly kind: 'ok' | 'client-error' | 'server-error' | 'network-error' | 'aborted';
  readonly url: string;
  readonly status?: number;
  readonly message: string;
}

export interface MirrorClientOptions {
  /** Origin of the mirror node without `/api/v1` (a path prefix is allowed). */
  readonly baseUrl: string;
  /** Per attempt: connect + headers + body. Default 10 000. */
  readonly timeoutMs?: number;
  /** Client-side cap (burst of the same size). Default 20. */
  readonly maxRequestsPerSecond?: number;
  /** Called once per finished network request (after its retries); not for cache hits or local refusals. */
  readonly onOutcome?: (outcome: RequestOutcome) => void;
  /** Largest body read; a larger one fails the request. Default 16 MiB. */
  readonly maxBodyBytes?: number;
  /** Extra attempts after a 5xx or a connection failure. Default 2. */
  readonly retries?: number;
  /** Base delay of the jittered exponential backoff between retries. Default 200 ms. */
  readonly retryBaseMs?: number;
  /** Longest total wait a 429's Retry-After may impose before the 429 is the answer. Default 30 000. */
  readonly maxRetryAfterMs?: number;
  /** Entries kept in the response cache. Default 500. */
  readonly cacheEntries?: number;
  /** Bytes of bodies kept in the response cache (least recently used go first). Default 32 MiB. */
  readonly cacheBytes?: number;
  /** The extension's shared HTTP layer (budget per origin, proxy, User-Agent); default a private one. */
  readonly http?: HttpClient;
}

export interface RequestOptions {
  /** Aborts this caller's wait; the shared request stops when every caller waiting on it aborted. */
  readonly signal?: AbortSignal;
  /** `reload` skips the cache (the fresh answer still refreshes it). */
  readonly cache?: 'default' | 'reload';
  /** Answer at once with an expired cache entry, refreshing it in the background. */
  readonly allowStale?: boolean;
  /** Queue place in the origin's budget: `interactive` (default), `visible`, `background`. */
  readonly priority?: Priority;
}

export interface Paged {
  links?: { next?: string | null | undefined } | undefined;
}

/** What a mirror client offers: the public shape of the one implementation (client.ts), documented there. */
export type { MirrorClient } from './client';
