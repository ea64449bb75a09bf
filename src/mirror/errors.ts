// The two failures a caller of the mirror client meets.

/**
 * Why a request failed:
 * - `http`: the server answered with a non-2xx status (`status`, and `messages` when it sent its error body);
 * - `network`: no usable answer (connection refused or reset, DNS, body cut off; `status` 0);
 * - `timeout`: no complete answer within the client's timeout (`status` 0);
 * - `aborted`: the caller's AbortSignal fired (`status` 0);
 * - `invalid-response`: a 2xx answer we cannot use (malformed JSON, unexpected shape, too large, a
 *   redirect to another origin); `status` is the HTTP status received.
 */
export type MirrorErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'invalid-response';

/** One entry of the server's error body `_status.messages[]`, as sent (`detail`, `data` when present). */
export interface ServerMessage {
  readonly message: string;
  readonly detail?: string;
  /** Often hex (revert data of a failed contract call). */
  readonly data?: string;
}

export class MirrorError extends Error {
  override readonly name = 'MirrorError';
  constructor(
    readonly kind: MirrorErrorKind,
    /** HTTP status, or 0 when no response arrived. */
    readonly status: number,
    /** The server's own `_status.messages[].message`, exactly; empty when it sent none. */
    readonly messages: readonly string[],
    readonly url: string,
    message: string,
    /** The server's whole error entries, `detail` and `data` included; parallel to `messages`. */
    readonly serverMessages: readonly ServerMessage[] = messages.map(m => ({ message: m })),
  ) {
    super(message);
  }
}

export interface InputIssue {
  /** The parameter named as the mirror node names it (`transactiontype`, `block.hash`, `hashOrNumber`...). */
  readonly parameter: string;
  readonly message: string;
}

/** Input refused locally: no request was sent. */
export class MirrorInputError extends Error {
  override readonly name = 'MirrorInputError';
  /** The first refused parameter. */
  readonly parameter: string;
  /** Every refused parameter, in the order the server would list them. */
  readonly issues: readonly InputIssue[];
  constructor(issues: readonly InputIssue[]) {
    if (issues.length === 0) throw new RangeError('MirrorInputError needs at least one issue');
    super(issues.map(i => i.message).join('; '));
    this.issues = issues;
    this.parameter = issues[0].parameter;
  }
}

/** True for the rejection of a request the caller aborted. */
export function isAbortError(error: unknown): boolean {
  return (
    (error instanceof MirrorError && error.kind === 'aborted') ||
    (error instanceof Error && error.name === 'AbortError')
  );
}
