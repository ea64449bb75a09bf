// The mirror client's machinery, under every endpoint of client.ts: the transport, the max-age
// cache (stale-while-revalidate on request), in-flight coalescing, lossless parsing and schema
// checks, pagination through links.next, outcomes reported, and the one POST (a contract call,
// cached only at a fixed block).
import type * as z from '../zod';
import { DEFAULT_CACHE_BYTES, freshnessSeconds, type CacheEntry } from './cache';
import { Lru } from '../util/lru';
import { MirrorError } from './errors';
import { httpError, validate, type Schema } from './responses';
import { encodeQuery, type Query } from './params';
import { PRIORITIES, type Priority } from '../net';
import { Transport, type RawResponse } from './transport';
import type { MirrorClientOptions, Paged, RequestOptions, RequestOutcome } from './api';
import { join, type Shared } from './inflight';
import { trimTrailing } from '../util/trim';
import { repeats, type Trail } from './trail';
import { resolveNextLink } from './nextLink';
import { contractCallAnswer, type ContractCallAnswer } from './contractCall';
import { schemas } from './lazySchemas';

/** What a result remembers about where it came from. Results are shared: treat them as read-only. */
interface Meta {
  readonly raw: string;
  readonly fetchedAt: number;
  readonly url: string;
  readonly schema: Schema;
  readonly itemsKey: string | undefined;
  /** The URLs that led to this page through next(), newest first, to detect a link that repeats. */
  readonly trail: Trail;
}

const EMPTY_PAGE_HOPS = 10;

/** The machinery of a mirror client; its endpoints are the subclass's (client.ts). */
export class ClientCore {
  readonly baseUrl: string;
  private readonly apiRoot: string;
  private readonly origin: string;
  private readonly prefix: string;
  private readonly transport: Transport;
  private readonly cache: Lru<string, CacheEntry<object>>;
  private readonly inflight = new Map<string, Shared>();
  private readonly meta = new WeakMap<object, Meta>();
  private readonly onOutcome: ((o: RequestOutcome) => void) | undefined;
  private disposed = false;

  constructor(options: MirrorClientOptions) {
    const base = new URL(options.baseUrl);
    if (base.protocol !== 'http:' && base.protocol !== 'https:') {
      throw new TypeError(`mirror node URL must be http or https: ${options.baseUrl}`);
    }
    // Tolerate a base that already ends in /api/v1.
    const path = trimTrailing(base.pathname, '/').replace(/\/api\/v1$/, '');
    this.origin = base.origin;
    this.prefix = path;
    this.baseUrl = base.origin + path;
    this.apiRoot = this.baseUrl + '/api/v1';
    this.onOutcome = options.onOutcome;
    this.cache = new Lru(options.cacheEntries ?? 500, options.cacheBytes ?? DEFAULT_CACHE_BYTES);
    this.transport = new Transport({
      timeoutMs: options.timeoutMs ?? 10_000,
      maxRequestsPerSecond: options.maxRequestsPerSecond ?? 20,
      maxBodyBytes: options.maxBodyBytes ?? 16 * 1024 * 1024,
      retries: options.retries ?? 2,
      ...(options.retryBaseMs !== undefined ? { retryBaseMs: options.retryBaseMs } : {}),
      ...(options.maxRetryAfterMs !== undefined ? { maxRetryAfterMs: options.maxRetryAfterMs } : {}),
      ...(options.http ? { http: options.http } : {}),
    });
  }

  /**
   * The page after `page` (a page this client returned), or null when there is none or its link
   * repeats one already visited on the way to `page`. Empty pages that still link further are
   * followed (up to 10 in one call). Links to another origin are refused (MirrorError).
   */
  async next<T extends Paged>(page: T, opts?: RequestOptions): Promise<T | null> {
    let meta = this.meta.get(page);
    if (!meta) throw new TypeError('next() takes a page returned by this mirror client');
    let current: object = page;
    for (let hop = 0; ; hop++) {
      const link = (current as Paged).links?.next;
      if (!link) return hop === 0 ? null : (current as T);
      const url = resolveNextLink(link, this.origin, this.prefix);
      if (repeats(meta.trail, url)) return hop === 0 ? null : (current as T);
      const result = await this.fetch(url, meta.schema, meta.itemsKey, opts, meta.trail);
      current = result;
      meta = this.meta.get(result)!;
      const items = meta.itemsKey ? (result as Record<string, unknown>)[meta.itemsKey] : undefined;
      const empty = Array.isArray(items) && items.length === 0;
      if (!empty || hop + 1 >= EMPTY_PAGE_HOPS) return result as T;
    }
  }

  /** The exact body text a result was parsed from (for "Open as JSON"). */
  rawJson(result: object): string | undefined {
    return this.meta.get(result)?.raw;
  }

  /** Epoch ms when the body of a result was received. */
  fetchedAt(result: object): number | undefined {
    return this.meta.get(result)?.fetchedAt;
  }

  /** Aborts every request in flight and closes the connections. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const shared of this.inflight.values()) shared.controller.abort();
    this.inflight.clear();
    this.cache.clear();
    this.transport.close();
  }

  // ---- internals ----

  protected url(path: string, query: Query): string {
    return this.apiRoot + path + encodeQuery(query);
  }

  /** Builds the URL (local checks may throw) and fetches; every failure becomes a rejection. */
  protected async call<T extends object>(
    build: () => string,
    schema: z.core.$ZodType<T>,
    itemsKey: string | undefined,
    opts: RequestOptions | undefined,
  ): Promise<T> {
    const url = build();
    return (await this.fetch(url, schema, itemsKey, opts, undefined)) as T;
  }

  /**
   * POSTs a contract call's JSON `body` to `url` and reads the answer (contractCall.ts). Never
   * coalesced or cached, except when `fixedBlock`: a call at a fixed block number answers the same
   * for ever, so its answer is kept under the URL and the body (a revert too; a failure never).
   */
  protected async postCall(
    url: string,
    body: string,
    fixedBlock: boolean,
    opts: RequestOptions | undefined,
  ): Promise<ContractCallAnswer> {
    if (this.disposed) throw new MirrorError('aborted', 0, [], url, 'The mirror client was closed');
    const signal = opts?.signal;
    if (signal?.aborted) throw new MirrorError('aborted', 0, [], url, 'The request was cancelled');
    const key = `POST ${url}\n${body}`;
    if (fixedBlock && opts?.cache !== 'reload') {
      const kept = this.cache.get(key);
      if (kept) return kept.value as ContractCallAnswer;
    }
    let response: RawResponse;
    try {
      response = await this.transport.post(url, body, { signal, priority: opts?.priority ?? 'interactive' });
    } catch (error) {
      throw this.failed(error, url);
    }
    let answer: ContractCallAnswer;
    try {
      answer = await contractCallAnswer(response, signal);
    } catch (error) {
      const e = error as MirrorError;
      // A 501 says the node does not offer contract calls, not that it is unwell.
      const kind =
        e.kind === 'aborted' ? 'aborted' : e.status >= 500 && e.status !== 501 ? 'server-error' : 'client-error';
      this.report(kind, url, response.status, e.message);
      throw e;
    }
    this.meta.set(answer, {
      raw: response.text,
      fetchedAt: response.fetchedAt,
      url,
      schema: schemas().ContractCallResponseSchema,
      itemsKey: undefined,
      trail: { url, previous: undefined },
    });
    if (fixedBlock && !this.disposed) {
      const entry = { value: answer, fetchedAt: response.fetchedAt, expiresAt: Number.POSITIVE_INFINITY };
      this.cache.set(key, entry, (response.text.length + key.length) * 2);
    }
    // A revert is an answer (the call would revert), not a failure of the node.
    this.report('ok', url, response.status, `HTTP ${response.status}`);
    return answer;
  }

  private fetch(
    url: string,
    schema: Schema,
    itemsKey: string | undefined,
    opts: RequestOptions | undefined,
    previous: Trail | undefined,
  ): Promise<object> {
    if (this.disposed) return Promise.reject(new MirrorError('aborted', 0, [], url, 'The mirror client was closed'));
    const signal = opts?.signal;
    if (signal?.aborted) return Promise.reject(new MirrorError('aborted', 0, [], url, 'The request was cancelled'));
    const reload = opts?.cache === 'reload';
    if (!reload) {
      const entry = this.cache.get(url);
      if (entry) {
        if (Date.now() < entry.expiresAt) return Promise.resolve(entry.value);
        if (opts?.allowStale) {
          if (!this.inflight.has(url)) {
            const shared = this.start(url, schema, itemsKey, previous, 'background');
            shared.pinned = true;
          }
          return Promise.resolve(entry.value);
        }
      }
    }
    let shared = reload ? undefined : this.inflight.get(url);
    if (!shared) shared = this.start(url, schema, itemsKey, previous, opts?.priority ?? 'interactive');
    else if (PRIORITIES.indexOf(opts?.priority ?? 'interactive') < PRIORITIES.indexOf(shared.priority))
      shared.priority = opts?.priority ?? 'interactive';
    return join(shared, signal, url);
  }

  private start(
    url: string,
    schema: Schema,
    itemsKey: string | undefined,
    previous: Trail | undefined,
    priority: Priority,
  ): Shared {
    const controller = new AbortController();
    // Read through a holder: the budget may ask before `shared` exists.
    const holder = { priority };
    const shared: Shared = {
      get priority() {
        return holder.priority;
      },
      set priority(p: Priority) {
        holder.priority = p;
      },
      promise: this.request(url, schema, itemsKey, previous, controller.signal, () => holder.priority),
      controller,
      waiters: 0,
      pinned: false,
      forget: () => {
        if (this.inflight.get(url) === shared) this.inflight.delete(url);
      },
    };
    // Settles even when every caller left; the rejection is theirs to see, not a stray one.
    shared.promise.then(
      () => shared.forget(),
      () => shared.forget(),
    );
    this.inflight.set(url, shared);
    return shared;
  }

  private async request(
    url: string,
    schema: Schema,
    itemsKey: string | undefined,
    previous: Trail | undefined,
    signal: AbortSignal,
    priority: () => Priority,
  ): Promise<object> {
    let response: RawResponse;
    try {
      response = await this.transport.get(url, { signal, priority });
    } catch (error) {
      throw this.failed(error, url);
    }
    const { status } = response;
    if (status < 200 || status >= 300) {
      const e = httpError(response);
      this.report(status >= 500 ? 'server-error' : 'client-error', url, status, e.message);
      throw e;
    }
    let value: object;
    try {
      value = await validate(response, schema, signal);
    } catch (error) {
      const e = error as MirrorError;
      this.report(e.kind === 'aborted' ? 'aborted' : 'server-error', url, status, e.message);
      throw e;
    }
    const meta: Meta = {
      raw: response.text,
      fetchedAt: response.fetchedAt,
      url,
      schema,
      itemsKey,
      trail: { url, previous },
    };
    this.meta.set(value, meta);
    const fresh = freshnessSeconds(response.headers);
    if (fresh > 0 && !this.disposed) {
      // The body's UTF-16 size stands for the entry's (the parsed value is of the same order).
      const entry = { value, fetchedAt: response.fetchedAt, expiresAt: response.fetchedAt + fresh * 1000 };
      this.cache.set(url, entry, response.text.length * 2);
    } else {
      this.cache.delete(url);
    }
    this.report('ok', url, status, `HTTP ${status}`);
    return value;
  }

  /** A transport failure as a MirrorError, reported. */
  private failed(error: unknown, url: string): MirrorError {
    const e =
      error instanceof MirrorError
        ? error
        : new MirrorError('network', 0, [], url, `Mirror node request failed: ${String(error)}`);
    this.report(
      e.kind === 'aborted' ? 'aborted' : e.kind === 'invalid-response' ? 'server-error' : 'network-error',
      url,
      e.status || undefined,
      e.message,
    );
    return e;
  }

  private report(kind: RequestOutcome['kind'], url: string, status: number | undefined, message: string): void {
    if (!this.onOutcome) return;
    try {
      this.onOutcome(status === undefined ? { kind, url, message } : { kind, url, status, message });
    } catch {
      // An observer's failure must not turn a good answer into an error.
    }
  }
}
