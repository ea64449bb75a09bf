// Reading a response body from Node's streams (the undici transport): decompressed while it
// streams (gzip, deflate, br through node:zlib), with the size cap counted on the decompressed
// bytes, so a small "zip bomb" stops at the cap. Loaded with undici (undiciParts.ts), never by the
// fetch transport: a browser has neither node:zlib nor Node's streams, and decodes for itself.
import type { Readable } from 'stream';
import type * as Zlib from 'zlib';
import { NetError } from './errors';
import { isZlibError, plainBytes, tooLarge } from './body';
import { once } from '../util/once';

// node:zlib is required with the first compressed body, not when the extension starts.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
const zlibLoaded = once(() => require('zlib') as typeof Zlib);

/** The decoder for a Content-Encoding, null for identity, undefined when we cannot decode it. */
function decoderFor(encoding: string): Zlib.Gunzip | Zlib.BrotliDecompress | Zlib.Inflate | null | undefined {
  switch (encoding) {
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      // Lenient about a missing trailer, as browsers are; the cap still bounds what is read.
      return zlibLoaded().createGunzip({ finishFlush: zlibLoaded().constants.Z_SYNC_FLUSH });
    case 'deflate':
      return zlibLoaded().createInflate({ finishFlush: zlibLoaded().constants.Z_SYNC_FLUSH });
    case 'br':
      return zlibLoaded().createBrotliDecompress();
    default:
      return undefined;
  }
}

/**
 * Reads `body` whole, decoding `contentEncoding`, and rejects with a `too-large` NetError as soon
 * as more than `maxBytes` (decoded) arrive. Destroys the streams on every early exit, which closes
 * the connection. Socket errors are rethrown as they come (the caller classifies them). With
 * `onChunk`, each decoded chunk goes to it instead of being kept (the cap still counts, the result
 * is empty), and what it throws ends the body and is rethrown as it is.
 */
export async function readBody(
  body: Readable,
  contentEncoding: string | string[] | undefined,
  maxBytes: number,
  url: string,
  status: number,
  onChunk?: (chunk: Uint8Array) => void,
): Promise<Uint8Array> {
  const encoding = (Array.isArray(contentEncoding) ? contentEncoding.join(',') : (contentEncoding ?? ''))
    .trim()
    .toLowerCase();
  if (encoding.includes(',')) {
    destroyQuietly(body);
    throw new NetError('decode', url, `unsupported stacked Content-Encoding "${encoding.slice(0, 60)}"`, { status });
  }
  const decoder = decoderFor(encoding);
  if (decoder === undefined) {
    destroyQuietly(body);
    throw new NetError('decode', url, `unsupported Content-Encoding "${encoding.slice(0, 60)}"`, { status });
  }
  const source: Readable = decoder ? body.pipe(decoder) : body;
  if (decoder) {
    // A socket error on the raw body ends the decoder with the same error.
    body.on('error', (e: Error) => decoder.destroy(e));
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source) {
      const buf = chunk as Buffer;
      size += buf.length;
      if (size > maxBytes) {
        throw tooLarge(url, status, maxBytes);
      }
      if (onChunk) onChunk(plainBytes(buf));
      else chunks.push(buf);
    }
  } catch (error) {
    destroyQuietly(body);
    if (decoder) destroyQuietly(decoder);
    if (error instanceof NetError) throw error;
    if (decoder && isZlibError(error)) {
      throw new NetError('decode', url, `the ${encoding} body could not be decompressed`, { status, cause: error });
    }
    throw error;
  }
  if (onChunk) return new Uint8Array(0);
  return plainBytes(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
}

function destroyQuietly(stream: Readable | Zlib.Gunzip | Zlib.BrotliDecompress | Zlib.Inflate): void {
  // Destroying may emit an error nobody else listens to.
  stream.on('error', () => undefined);
  stream.destroy();
}
