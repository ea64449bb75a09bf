// The mirror client's public shape: its options, per-request options, outcomes and methods.
import type { HttpClient, Priority } from '../net';
import type {
  AccountParams,
  BlocksParams,
  ContractResultsParams,
  ExchangeRateParams,
  NftsParams,
  TransactionParams,
} from './params';
import type {
  AccountResponse,
  Block,
  BlocksResponse,
  ContractInfo,
  ContractResultsResponse,
  ExchangeRateResponse,
  NftsResponse,
  ScheduleInfo,
  TokenInfo,
  TopicInfo,
  TransactionsResponse,
} from './schemas';

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

export interface MirrorClient {
  readonly baseUrl: string;
  getAccount(idOrAliasOrEvmAddress: string, params?: AccountParams, opts?: RequestOptions): Promise<AccountResponse>;
  getTransaction(
    transactionIdOrHash: string,
    params?: TransactionParams,
    opts?: RequestOptions,
  ): Promise<TransactionsResponse>;
  listBlocks(params?: BlocksParams, opts?: RequestOptions): Promise<BlocksResponse>;
  getBlock(hashOrNumber: string | bigint, opts?: RequestOptions): Promise<Block>;
  listContractResults(params?: ContractResultsParams, opts?: RequestOptions): Promise<ContractResultsResponse>;
  getContract(idOrEvmAddress: string, opts?: RequestOptions): Promise<ContractInfo>;
  getToken(id: string, opts?: RequestOptions): Promise<TokenInfo>;
  getTopic(id: string, opts?: RequestOptions): Promise<TopicInfo>;
  getSchedule(id: string, opts?: RequestOptions): Promise<ScheduleInfo>;
  /** `GET /accounts/{id}/nfts`: the account's NFTs, a page at a time (next() follows links.next). */
  listAccountNfts(idOrAliasOrEvmAddress: string, params?: NftsParams, opts?: RequestOptions): Promise<NftsResponse>;
  /** `GET /network/exchangerate`: the ℏ↔US cent rate now, or in force at `timestamp`. */
  getExchangeRate(params?: ExchangeRateParams, opts?: RequestOptions): Promise<ExchangeRateResponse>;
  /**
   * The page after `page` (a page this client returned), or null when there is none or its link
   * repeats one already visited on the way to `page`. Empty pages that still link further are
   * followed (up to 10 in one call). Links to another origin are refused (MirrorError).
   */
  next<T extends Paged>(page: T, opts?: RequestOptions): Promise<T | null>;
  /** The exact body text a result was parsed from (for "Open as JSON"). */
  rawJson(result: object): string | undefined;
  /** Epoch ms when the body of a result was received. */
  fetchedAt(result: object): number | undefined;
  /** Aborts every request in flight and closes the connections. */
  dispose(): void;
}
