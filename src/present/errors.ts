// ONE describer of failures for every feature: what happened in a short text, the server's own
// words (message, detail, data) when its error body had them, and whether trying again may help.
import { MirrorError, MirrorInputError, isAbortError, type ServerMessage } from '../mirror/errors';
import { plainText } from './text';

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
  /** The server's `message`s only (what panels list). */
  readonly serverMessages: readonly string[];
  /** The detail line: the server's words joined, or our technical message when it sent none. */
  readonly detail: string;
  /** HTTP status, 0 when no answer arrived or the input was refused before sending. */
  readonly status: number;
  /** True when the same request may succeed later (timeouts, network, 429, 5xx). */
  readonly retryable: boolean;
}

export interface DescribeOptions {
  /** How the network is named to the user: `testnet`, or a custom mirror node's host. */
  readonly network: string;
}

/** One server entry as text: `message — detail (data 0x08c3…)`. */
export function serverMessageText(m: ServerMessage): string {
  const parts = [m.message];
  if (m.detail) parts.push(`— ${m.detail}`);
  if (m.data) parts.push(`(data ${m.data})`);
  return parts.join(' ');
}

export function describeMirrorError(error: unknown, opts: DescribeOptions): DescribedError {
  const network = plainText(opts.network, 80);
  if (error instanceof MirrorInputError) {
    const detail = plainText(error.message, 1000);
    return make('invalid-input', 'Refused before sending', detail, detail, [], 0, false);
  }
  if (error instanceof MirrorError) return describeMirror(error, network);
  if (isAbortError(error))
    return make('cancelled', 'Cancelled', 'The request was cancelled', 'The request was cancelled', [], 0, false);
  const message = plainText(error instanceof Error ? error.message : String(error), 1000);
  return make('other', 'Failed', message, message, [], 0, false);
}

function describeMirror(e: MirrorError, network: string): DescribedError {
  const server = e.serverMessages;
  const words = plainText(server.map(serverMessageText).join('; '), 2000);
  const own = plainText(e.message, 1000);
  const detail = words || own;
  const withWords = (head: string): string => (words ? `${head}: ${words}` : head);
  switch (e.kind) {
    case 'http': {
      const answered = `The mirror node of ${network} answered ${e.status}`;
      if (e.status === 404)
        return make(
          'not-found',
          `Not found on ${network}`,
          withWords(`Not found on ${network}`),
          detail,
          server,
          404,
          false,
        );
      if (e.status === 429)
        return make('rate-limited', 'Rate limited (429)', withWords(answered), detail, server, 429, true);
      if (e.status >= 500)
        return make('server', `Mirror node error (${e.status})`, withWords(answered), detail, server, e.status, true);
      if (e.status === 400)
        return make('invalid-input', 'Refused (400)', withWords(answered), detail, server, 400, false);
      return make('other', `Refused (${e.status})`, withWords(answered), detail, server, e.status, false);
    }
    case 'timeout':
      return make('timeout', 'Timed out', own, own, server, 0, true);
    case 'network':
      return make('network', 'Cannot reach the mirror node', own, own, server, 0, true);
    case 'invalid-response':
      return make('server', 'Unusable answer', own, own, server, e.status, false);
    case 'aborted':
      return make('cancelled', 'Cancelled', own, own, server, 0, false);
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
): DescribedError {
  return { kind, text, sentence, detail, server, serverMessages: server.map(m => m.message), status, retryable };
}
