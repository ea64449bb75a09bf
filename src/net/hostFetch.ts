// One attempt through a `fetch`: the host's (inside VS Code, VS Code's own network stack, which
// asks the operating system which proxy a URL takes and adds the OS's certificates, which the
// undici we bundle cannot do; the HTTP layer uses it only for a public host that a direct
// connection could not reach while no proxy is configured), or the platform's, when the client's
// transport is 'fetch' (a browser; every attempt goes through it then: http.ts).
//
// The same contract as the direct attempt: the response whatever its status, a redirect returned
// (not followed), the size cap counted on the decoded body while it streams; failures are thrown
// as they come, for the caller to classify (fetchFailure; a `too-large`, `decode` or `redirect`
// NetError is already one). What a browser's fetch hides is said, not guessed: a redirect arrives
// opaque (no status, no Location), and every failure to connect is one TypeError.
// No Node built-in is reached here: a browser loads this module.
import {
  NetError,
  currentPage,
  fromSocketError,
  hostOf,
  undisclosedHint,
  undisclosedWhy,
  type PageState,
} from './errors';
import { isZlibError, plainBytes, tooLarge } from './body';
import type { HttpResponse } from './http';

/** The part of the WHATWG `fetch` the layer uses. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponse>;

export interface FetchInit {
  readonly method: 'GET' | 'POST';
  /** A POST's body (JSON text); none for GET. */
  readonly body?: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly redirect: 'manual';
  readonly signal: AbortSignal;
}

export interface FetchResponse {
  /** `opaqueredirect` for a redirect under `redirect: 'manual'` in a browser (status 0, no headers). */
  readonly type?: string;
  readonly status: number;
  readonly headers: Iterable<[string, string]>;
  readonly body: ReadableStream<Uint8Array> | null;
}

export interface HostFetchOptions {
  /** Default GET. */
  readonly method?: 'GET' | 'POST';
  readonly body?: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly signal: AbortSignal;
  readonly maxBodyBytes: number;
  /** A 2xx body's decoded chunks go here instead of being kept (see GetOptions.onBodyChunk). */
  readonly onBodyChunk?: (chunk: Uint8Array) => void;
}

/** GETs (or POSTs) `url` through `fetchImpl`; see the file comment. */
export async function fetchOnce(fetchImpl: FetchLike, url: string, options: HostFetchOptions): Promise<HttpResponse> {
  const res = await fetchImpl(url, {
    method: options.method ?? 'GET',
    ...(options.body !== undefined ? { body: options.body } : {}),
    // fetch asks for compressed bodies and decodes them itself.
    headers: options.headers,
    redirect: 'manual',
    signal: options.signal,
  });
  const fetchedAt = Date.now();
  const status = res.status;
  if (res.type === 'opaqueredirect' || status === 0) {
    await res.body?.cancel().catch(() => undefined);
    throw opaqueRedirect(url);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of res.headers) headers[name.toLowerCase()] = value;
  if (status >= 300 && status < 400) {
    await res.body?.cancel().catch(() => undefined);
    return { url, status, headers, body: new Uint8Array(0), fetchedAt };
  }
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBodyBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge(url, status, options.maxBodyBytes);
  }
  const sink = status >= 200 && status < 300 ? options.onBodyChunk : undefined;
  return { url, status, headers, body: await readCapped(res.body, options.maxBodyBytes, url, status, sink), fetchedAt };
}

async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  url: string,
  status: number,
  onChunk: ((chunk: Uint8Array) => void) | undefined,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(url, status, maxBytes);
      }
      const chunk = plainBytes(value);
      if (onChunk) onChunk(chunk);
      else chunks.push(chunk);
    }
  } catch (error) {
    if (onChunk) await reader.cancel().catch(() => undefined);
    if (error instanceof NetError) throw error;
    if (isZlibError(error)) {
      throw new NetError('decode', url, 'the compressed body could not be decompressed', { status, cause: error });
    }
    throw error;
  } finally {
    reader.releaseLock();
  }
  return onChunk ? new Uint8Array(0) : concatBytes(chunks, size);
}

function concatBytes(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** A browser's answer to a redirect under `redirect: 'manual'`: it happened, and nothing more. */
function opaqueRedirect(url: string): NetError {
  return new NetError(
    'redirect',
    url,
    `${hostOf(url)} answered with a redirect, and the browser does not say where it leads; not followed`,
    { reason: 'opaque' },
  );
}

/**
 * A fetch's failure (not a timeout or a cancellation, which the caller tells by its signals) as a
 * `network` NetError. Node's fetch wraps the socket's error (`fetch failed`, with the error as its
 * cause): classified as undici's are. A browser's is one TypeError with nothing more (whether the
 * connection was refused, the host unknown, TLS failed or CORS refused the page): said so.
 */
export function fetchFailure(
  error: unknown,
  url: string,
  timeoutMs: number,
  page: PageState = currentPage(),
): NetError {
  if (error instanceof TypeError && error.cause === undefined) {
    // Read now, as the request failed: the page may be back online by the time the words are shown.
    const hint = undisclosedHint(url, page);
    return new NetError('network', url, `cannot reach ${hostOf(url)}: ${undisclosedWhy(url, hint)}`, {
      reason: 'undisclosed',
      ...(hint ? { hint } : {}),
      cause: error,
    });
  }
  return fromSocketError(unwrapFetchError(error), url, timeoutMs);
}

/** fetch wraps the socket's error as `TypeError: fetch failed` with it as the cause: that cause. */
export function unwrapFetchError(error: unknown): unknown {
  if (error instanceof TypeError && error.message === 'fetch failed' && error.cause !== undefined) return error.cause;
  return error;
}

/** The global `fetch` (VS Code's, once it has patched it in the extension host), when there is one. */
export function globalFetch(): FetchLike | undefined {
  const f: unknown = globalThis.fetch;
  return typeof f === 'function' ? (url, init) => globalThis.fetch(url, init) : undefined;
}
