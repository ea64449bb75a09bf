// What both transports share about a response body: the size cap's error and words, the
// streaming sink of GetOptions.onBodyChunk, the bytes decoded as text, and how a failed
// decompression is recognised. Reading a body from Node's streams (undici, node:zlib) is in
// nodeBody.ts, loaded with undici; this module reaches no Node built-in, so a browser can load it.
import { NetError, errorCode } from './errors';

/** What the undici transport asks for; fetch asks for what it can decode itself. */
export const ACCEPT_ENCODING = 'gzip, br';

/**
 * The GetOptions.onBodyChunk of a response with `status`, if its body streams (a 2xx one), wrapped
 * so that the caller can tell what it threw (`threw`) from a failure of the socket.
 */
export function bodySink(
  onBodyChunk: ((chunk: Uint8Array) => void) | undefined,
  status: number,
): { readonly push?: (chunk: Uint8Array) => void; threw(error: unknown): boolean } {
  if (!onBodyChunk || status < 200 || status >= 300) return { threw: () => false };
  let thrown: { error: unknown } | undefined;
  return {
    push: chunk => {
      try {
        onBodyChunk(chunk);
      } catch (error) {
        thrown = { error };
        throw error;
      }
    },
    threw: error => thrown !== undefined && thrown.error === error,
  };
}

export function formatBytes(n: number): string {
  return n >= 1 << 20 && n % (1 << 20) === 0 ? `${n / (1 << 20)} MiB` : `${n} bytes`;
}

/** The `too-large` NetError of a body over `limit` bytes (declared or counted; both transports). */
export function tooLarge(url: string, status: number, limit: number): NetError {
  return new NetError('too-large', url, `the response is larger than ${formatBytes(limit)}`, { status, limit });
}

/** True for an error of node:zlib's decoders (gzip, deflate, brotli), however it was wrapped. */
export function isZlibError(e: unknown): boolean {
  const code = errorCode(e);
  return code !== undefined && (code.startsWith('Z_') || code.startsWith('ERR_BROTLI') || code === 'ERR__ERROR');
}

// A response's text is UTF-8; a malformed sequence becomes U+FFFD rather than failing. The
// decoder's default drops a leading byte order mark; it is put back, so that the text is what the
// bytes say (a JSON parser then refuses it, as it always did). `ignoreBOM` would keep it too, but
// takes Node's slower path (1.5× on a body of megabytes).
const utf8 = new TextDecoder('utf-8');

/** A body's bytes as text (UTF-8). */
export function bodyText(bytes: Uint8Array): string {
  const text = utf8.decode(bytes);
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return bom ? `\uFEFF${text}` : text;
}

/** The same bytes as a plain Uint8Array (no copy): what the layer hands out, whatever made them. */
export function plainBytes(bytes: Uint8Array): Uint8Array {
  return Object.getPrototypeOf(bytes) === Uint8Array.prototype
    ? bytes
    : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
