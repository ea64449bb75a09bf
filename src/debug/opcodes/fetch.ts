// Loading a transaction's opcode trace from the mirror node: `GET /api/v1/contracts/results/{id}/
// opcodes`, served by its Java web3 module, which replays the transaction. The body (up to some
// 20,000 entries, each with its whole stack and storage: hundreds of megabytes) streams through the
// parser as it arrives, under a cap on its decompressed size, and can be cancelled. The server's
// other answers each mean something to the caller, so each is its own kind, in the server's words:
// 501 the node does not serve traces, 404 the transaction is unknown or not served, 429 later, 406
// our request lacked gzip (the module insists on it).
import { NetError, bodyText, parseRetryAfter, type HttpClient, type HttpResponse } from '../../net';
import { contractResultPath } from '../../mirror/paths';
import { httpError } from '../../mirror/responses';
import { trimTrailing } from '../../util/trim';
import { OpcodeTraceParser } from './parse';
import type { OpcodeTraceResult } from './types';

export type OpcodesAnswer =
  | { kind: 'trace'; result: OpcodeTraceResult }
  /** Not enabled on this mirror node. */
  | { kind: 'not-served'; status: 501; message: string }
  /** No such transaction, or the node does not serve it: the caller checks the contract result. */
  | { kind: 'not-found-or-not-served'; status: 404; message: string }
  /** 429: ask again later (never "unavailable"). */
  | { kind: 'rate-limited'; retryAfterMs?: number; message: string }
  /** 406: the request lacked gzip, a bug of ours. */
  | { kind: 'our-fault'; status: 406; message: string }
  /** 400 and any other status that is not an answer: the server's words. */
  | { kind: 'refused'; status: number; message: string }
  /** The decompressed body passed `maxBytes`: reading stopped there. */
  | { kind: 'too-large'; limitBytes: number; message: string };

export interface FetchOpcodesOptions {
  stack: boolean;
  memory: boolean;
  storage: boolean;
  signal?: AbortSignal;
  /** The most decompressed bytes read. */
  maxBytes: number;
  /** After each chunk read: decompressed bytes and entries so far. What it throws ends the load. */
  onProgress?(bytesRead: number, entries: number): void;
  /** Per attempt, for the replay and the whole body. Default 180 s. */
  timeoutMs?: number;
  /** Entries past this end the load (OpcodeTraceParser's cap). Default 1,000,000. */
  maxEntries?: number;
}

export const DEFAULT_OPCODES_TIMEOUT_MS = 180_000;
/**
 * The longest 429 wait the HTTP layer may spend before answering `rate-limited`: one polite retry
 * at the web3 module's rate (about one request a second), not a long sleep the user cannot see.
 */
export const OPCODES_MAX_RETRY_AFTER_MS = 2_000;

/** The opcodes URL of a transaction (id `0.0.x-sss-nnn` or `0.0.x@sss.nnn`, or a hash) on the node at `baseUrl`. */
export function opcodesUrl(
  baseUrl: string,
  transactionIdOrHash: string,
  parts: Pick<FetchOpcodesOptions, 'stack' | 'memory' | 'storage'>,
): string {
  const base = new URL(baseUrl);
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new TypeError(`mirror node URL must be http or https: ${baseUrl}`);
  const prefix = trimTrailing(base.pathname, '/').replace(/\/api\/v1$/, '');
  const query = `stack=${parts.stack === true}&memory=${parts.memory === true}&storage=${parts.storage === true}`;
  return `${base.origin}${prefix}/api/v1${contractResultPath(transactionIdOrHash)}/opcodes?${query}`;
}

/**
 * Loads the opcode trace of a transaction, parsing it as it streams. Resolves with the trace or
 * with what the server answered instead (see OpcodesAnswer). Rejects with a NetError when no answer
 * came (network, timeout, `signal` aborted: the connection is closed), with an OpcodeTraceError
 * when a 2xx body is not an opcode trace (not JSON, cut short, over `maxEntries`), with a
 * MirrorInputError for a transaction id that is neither an id nor a hash (nothing is sent), and
 * with a TypeError for a base URL that is not http(s).
 */
export async function fetchOpcodeTrace(
  http: HttpClient,
  baseUrl: string,
  transactionIdOrHash: string,
  options: FetchOpcodesOptions,
): Promise<OpcodesAnswer> {
  const url = opcodesUrl(baseUrl, transactionIdOrHash, options);
  const parser = new OpcodeTraceParser({
    memory: options.memory,
    ...(options.maxEntries !== undefined ? { maxEntries: options.maxEntries } : {}),
  });
  let response: HttpResponse;
  try {
    response = await http.get(url, {
      ...(options.signal ? { signal: options.signal } : {}),
      priority: 'interactive',
      timeoutMs: options.timeoutMs ?? DEFAULT_OPCODES_TIMEOUT_MS,
      maxBodyBytes: options.maxBytes,
      retries: 0,
      maxRetryAfterMs: OPCODES_MAX_RETRY_AFTER_MS,
      accept: 'application/json',
      onBodyChunk: chunk => {
        parser.write(chunk);
        options.onProgress?.(parser.bytesRead, parser.entries);
      },
    });
  } catch (error) {
    if (error instanceof NetError && error.kind === 'too-large') {
      return { kind: 'too-large', limitBytes: error.details.limit ?? options.maxBytes, message: error.message };
    }
    throw error;
  }
  const { status } = response;
  if (status >= 200 && status < 300) return { kind: 'trace', result: parser.end() };
  return refusal(response);
}

/** A status that is not a trace, with the server's words (`_status.messages`) or its status line. */
function refusal(response: HttpResponse): OpcodesAnswer {
  const { status } = response;
  const message = httpError({
    url: response.url,
    status,
    headers: response.headers,
    text: bodyText(response.body),
    fetchedAt: response.fetchedAt,
  }).message;
  switch (status) {
    case 501:
      return { kind: 'not-served', status, message };
    case 404:
      return { kind: 'not-found-or-not-served', status, message };
    case 406:
      return { kind: 'our-fault', status, message };
    case 429: {
      const retryAfterMs = parseRetryAfter(response.headers['retry-after']);
      return { kind: 'rate-limited', ...(retryAfterMs !== undefined ? { retryAfterMs } : {}), message };
    }
    default:
      return { kind: 'refused', status, message };
  }
}
