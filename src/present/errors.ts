// ONE describer of failures for every feature: what happened in a short text, the server's own
// words (message, detail, data) when its error body had them, and whether trying again may help.
import { MirrorError, MirrorInputError, isAbortError, type ServerMessage } from '../mirror/errors';
import { plainText } from './text';
import { errorMessage } from '../util/errorMessage';

export type ErrorKind =
  'not-found' | 'invalid-input' | 'rate-limited' | 'timeout' | 'network' | 'server' | 'cancelled' | 'other';

export interface DescribedError {
  readonly kind: ErrorKind;
  /** A short title: `Not found on testnet`, `Rate limited (429)`, `Timed out`... (plain text, safe). */
  readonly text: string;
  /**
   * One sentence for a notification or a panel: ours, then the server's messages
   * (`The mirror node of testnet answered 400: Invalid parameter: limit`). Plain text, made safe;
   * pass through `forNotification` before a notification.
   */
  readonly sentence: string;
  /** The server's own `_status.messages[]` (message, detail, data), exactly as sent; may be empty. */
  readonly server: readonly ServerMessage[];
  /**
   * The server's entries as panels list them: each `message`, its `detail`, and its `data` (revert
   * data decoded when a decoder was given, else the hex as sent). Exactly `message` when that is all.
   */
  readonly serverMessages: readonly string[];
  /** The detail line: the server's words joined, or our technical message when it sent none. */
  readonly detail: string;
  /** HTTP status, 0 when no answer arrived or the input was refused before sending. */
  readonly status: number;
  /** True when the same request may succeed later (timeouts, network, 429, 5xx). */
  readonly retryable: boolean;
}

/**
 * Revert data in words (`Error("insufficient balance")`, `InsufficientBalance(1, 2)`), or undefined
 * when it cannot say. The feature layer makes it from the ABI decoder (src/abi), which this module
 * does not import: the words stay pure and light.
 */
export type DataDecoder = (hex: string) => string | undefined;

export interface DescribeOptions {
  /** How the network is named to the user: `testnet`, or a custom mirror node's host. */
  readonly network: string;
  /** Decodes an error entry's `data` when it is revert data (a 4-byte selector and whole bytes). */
  readonly decodeData?: DataDecoder;
}

const REVERT_DATA = /^0x[0-9a-fA-F]{8}(?:[0-9a-fA-F]{2})*$/;

/** True for hex that can be revert data: `0x`, a 4-byte selector, then whole bytes. */
export function isRevertData(data: string): boolean {
  return REVERT_DATA.test(data);
}

/**
 * One server entry as text: `message — detail (data 0x08c3…)`; with a decoder and revert data,
 * `message — detail — reverted: Error("boom") (data 0x08c379a0…, 100 bytes)`.
 */
export function serverMessageText(m: ServerMessage, decodeData?: DataDecoder): string {
  const parts = [m.message];
  if (m.detail) parts.push(`— ${m.detail}`);
  if (m.data) {
    const decoded = decodeData && isRevertData(m.data) ? decodeSafely(decodeData, m.data) : undefined;
    parts.push(
      decoded
        ? `— reverted: ${plainText(decoded, 500)} (data ${m.data.slice(0, 10)}…, ${(m.data.length - 2) / 2} bytes)`
        : `(data ${m.data})`,
    );
  }
  return parts.join(' ');
}

/** A decoder is workspace-fed (ABIs): whatever it throws leaves the data as hex. */
function decodeSafely(decode: DataDecoder, hex: string): string | undefined {
  try {
    const text = decode(hex);
    return text === undefined || text === '' ? undefined : text;
  } catch {
    return undefined;
  }
}

export function describeMirrorError(error: unknown, opts: DescribeOptions): DescribedError {
  const network = plainText(opts.network, 80);
  if (error instanceof MirrorInputError) {
    const detail = plainText(error.message, 1000);
    return make('invalid-input', 'Refused before sending', detail, detail, [], 0, false);
  }
  if (error instanceof MirrorError) return describeMirror(error, network, opts.decodeData);
  if (isAbortError(error))
    return make('cancelled', 'Cancelled', 'The request was cancelled', 'The request was cancelled', [], 0, false);
  const message = plainText(errorMessage(error), 1000);
  return make('other', 'Failed', message, message, [], 0, false);
}

function describeMirror(e: MirrorError, network: string, decodeData: DataDecoder | undefined): DescribedError {
  const server = e.serverMessages;
  const texts = server.map(m => serverMessageText(m, decodeData));
  const words = plainText(texts.join('; '), 2000);
  const own = plainText(e.message, 1000);
  const detail = words || own;
  const withWords = (head: string): string => (words ? `${head}: ${words}` : head);
  const mk: typeof make = (kind, text, sentence, d, srv, status, retryable) =>
    make(kind, text, sentence, d, srv, status, retryable, texts);
  switch (e.kind) {
    case 'http': {
      const answered = `The mirror node of ${network} answered ${e.status}`;
      if (e.status === 404)
        return mk(
          'not-found',
          `Not found on ${network}`,
          withWords(`Not found on ${network}`),
          detail,
          server,
          404,
          false,
        );
      if (e.status === 429)
        return mk('rate-limited', 'Rate limited (429)', withWords(answered), detail, server, 429, true);
      if (e.status >= 500)
        return mk('server', `Mirror node error (${e.status})`, withWords(answered), detail, server, e.status, true);
      if (e.status === 400)
        return mk('invalid-input', 'Refused (400)', withWords(answered), detail, server, 400, false);
      return mk('other', `Refused (${e.status})`, withWords(answered), detail, server, e.status, false);
    }
    case 'timeout':
      return mk('timeout', 'Timed out', own, own, server, 0, true);
    case 'network':
      return mk('network', 'Cannot reach the mirror node', own, own, server, 0, true);
    case 'invalid-response':
      return mk('server', 'Unusable answer', own, own, server, e.status, false);
    case 'aborted':
      return mk('cancelled', 'Cancelled', own, own, server, 0, false);
  }
}

function make(
  kind: ErrorKind,
  text: string,
  sentence: string,
  detail: string,
  server: readonly ServerMessage[],
  status: number,
  retryable: boolean,
  texts: readonly string[] = server.map(m => serverMessageText(m)),
): DescribedError {
  return { kind, text, sentence, detail, server, serverMessages: texts, status, retryable };
}
