// One attempt through the host's `fetch`. Inside VS Code that is VS Code's own network stack: it
// asks the operating system which proxy a URL takes (system settings, a PAC script) and adds the
// OS's certificates, which the undici we bundle cannot do. The HTTP layer uses it only for a
// public host that a direct connection could not reach while no proxy is configured (http.ts).
//
// The same contract as the direct attempt: the response whatever its status, a redirect returned
// (not followed), the size cap counted on the decoded body while it streams; failures are thrown
// as they come, for the caller to classify (a `too-large` or `decode` NetError is already one).
import { NetError } from './errors';
import { isZlibError, tooLarge } from './body';
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
  readonly onBodyChunk?: (chunk: Buffer) => void;
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
  const headers: Record<string, string> = {};
  for (const [name, value] of res.headers) headers[name.toLowerCase()] = value;
  if (status >= 300 && status < 400) {
    await res.body?.cancel().catch(() => undefined);
    return { url, status, headers, body: Buffer.alloc(0), fetchedAt };
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
  onChunk: ((chunk: Buffer) => void) | undefined,
): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Buffer[] = [];
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
      const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
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
  return onChunk ? Buffer.alloc(0) : Buffer.concat(chunks, size);
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
