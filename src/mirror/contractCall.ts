// `POST /api/v1/contracts/call`, the web3 module's read-only call, simulation and gas estimate:
// the request checked against the public limits before anything is sent (a refusal names the field
// as the server names it, and nothing goes out), the JSON body written with exact integers, and the
// answer read: a result, a revert (400 with CONTRACT_REVERT_EXECUTED, its data and the decoded
// reason the node gives), or a MirrorError in the server's own words.
//
// The web3 module's error body (hiero-mirror-node, GenericControllerAdvice and GenericErrorResponse):
// `{"_status":{"messages":[{"message":…,"detail":…,"data":…}]}}`. A revert sends
// `message: "CONTRACT_REVERT_EXECUTED"`, `detail`: the Error(string) reason decoded (else ""), and
// `data`: the revert bytes as hex ("0x" when empty). Other refusals send the HTTP reason phrase as
// `message` ("Bad Request", "Unsupported Media Type", "Too Many Requests", "Not Implemented") and
// the cause as `detail` ("gas field must be less than or equal to 15000000"), with `data` "".
import { statusPhrase } from '../net/statusPhrases';
import { INT64_MAX } from '../ledger/units';
import { MirrorError, MirrorInputError, type InputIssue, type ServerMessage } from './errors';
import { httpError, validate } from './responses';
import { schemas } from './lazySchemas';
import type { RawResponse } from './transport';

/** The most gas a call may ask for on the public mirror nodes. */
export const MAX_CALL_GAS = 15_000_000;
/** The longest `data`: 131,072 bytes as hex, `0x` included. */
export const MAX_CALL_DATA_CHARS = 262_146;

export interface ContractCallRequest {
  /** The contract: `0x` + 40 hex digits (a long-zero address for a `0.0.n` id). */
  readonly to: string;
  /** Calldata: `0x` + an even number of hex digits, at most MAX_CALL_DATA_CHARS characters. */
  readonly data?: string;
  /** The caller: `0x` + 40 hex digits. */
  readonly from?: string;
  /** At most MAX_CALL_GAS (the node's default when absent: 15,000,000). */
  readonly gas?: number;
  /** Tinybars per gas. */
  readonly gasPrice?: number;
  /** Tinybars sent with the call (an int64 on the node), never negative. */
  readonly value?: bigint;
  /** `true`: the gas the call needs (the answer's `result` is that number in hex). */
  readonly estimate?: boolean;
  /** `latest` (the default), or a block number, sent as hex. */
  readonly block?: 'latest' | bigint;
}

export type ContractCallAnswer =
  /** The call's return data; for an estimate, the gas as hex. */
  | { readonly kind: 'result'; readonly result: `0x${string}` }
  /** 400 CONTRACT_REVERT_EXECUTED: the revert data (`0x` when none), the node's message and its decoded reason. */
  | { readonly kind: 'revert'; readonly data: `0x${string}`; readonly message: string; readonly detail?: string };

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HEX_DATA = /^0x[0-9a-fA-F]*$/;
const HEX_RESULT = /^0x[0-9a-fA-F]*$/;
export const REVERT_MESSAGE = 'CONTRACT_REVERT_EXECUTED';

/**
 * The JSON body of `request` and whether its answer may be kept (a call at a fixed block number
 * answers the same for ever), or a MirrorInputError naming every field the node would refuse.
 */
export function contractCallBody(request: ContractCallRequest): {
  readonly body: string;
  readonly fixedBlock: boolean;
} {
  if (typeof request !== 'object' || request === null) {
    throw new MirrorInputError([{ parameter: 'request', message: 'The contract call request must be an object' }]);
  }
  const issues: InputIssue[] = [];
  const fail = (parameter: string, expected: string) =>
    issues.push({ parameter, message: `Invalid parameter ${parameter}: expected ${expected}` });
  // Written by hand, in this order, so that `value` keeps every digit (JSON.stringify has no bigint).
  const parts: string[] = [];
  const { to, data, from, gas, gasPrice, value, estimate, block } = request;
  if (block !== undefined) {
    if (block === 'latest') parts.push('"block":"latest"');
    else if (typeof block === 'bigint' && block >= 0n && block <= INT64_MAX)
      parts.push(`"block":"0x${block.toString(16)}"`);
    else fail('block', '"latest" or a block number from 0 to 9223372036854775807');
  }
  if (data !== undefined) {
    if (typeof data !== 'string' || !HEX_DATA.test(data) || data.length % 2 !== 0)
      fail('data', '0x followed by an even number of hex digits');
    else if (data.length > MAX_CALL_DATA_CHARS)
      issues.push({
        parameter: 'data',
        message: `The call data is ${data.length.toLocaleString('en-US')} characters; the mirror node takes at most ${MAX_CALL_DATA_CHARS.toLocaleString('en-US')} (131,072 bytes as hex, 0x included)`,
      });
    else parts.push(`"data":"${data}"`);
  }
  if (estimate !== undefined) {
    if (typeof estimate !== 'boolean') fail('estimate', 'true or false');
    else parts.push(`"estimate":${estimate}`);
  }
  if (from !== undefined) {
    if (typeof from !== 'string' || !EVM_ADDRESS.test(from))
      fail('from', 'an EVM address, 0x followed by 40 hex digits');
    else parts.push(`"from":"${from}"`);
  }
  if (gas !== undefined) {
    if (typeof gas !== 'number' || !Number.isInteger(gas) || gas < 0) fail('gas', 'a whole number of gas, 0 or more');
    else if (gas > MAX_CALL_GAS)
      issues.push({
        parameter: 'gas',
        message: `The gas asked (${gas.toLocaleString('en-US')}) is above the mirror node's limit of ${MAX_CALL_GAS.toLocaleString('en-US')}`,
      });
    else parts.push(`"gas":${gas}`);
  }
  if (gasPrice !== undefined) {
    if (typeof gasPrice !== 'number' || !Number.isSafeInteger(gasPrice) || gasPrice < 0)
      fail('gasPrice', 'a whole number of tinybars per gas, 0 or more');
    else parts.push(`"gasPrice":${gasPrice}`);
  }
  if (typeof to !== 'string' || !EVM_ADDRESS.test(to)) fail('to', 'an EVM address, 0x followed by 40 hex digits');
  else parts.push(`"to":"${to}"`);
  if (value !== undefined) {
    if (typeof value !== 'bigint' || value < 0n || value > INT64_MAX)
      fail('value', 'tinybars from 0 to 9223372036854775807 (never negative)');
    else parts.push(`"value":${value.toString()}`);
  }
  if (issues.length > 0) throw new MirrorInputError(issues);
  return { body: `{${parts.join(',')}}`, fixedBlock: typeof block === 'bigint' };
}

/**
 * The answer of the node's response: a result (200), a revert (400 CONTRACT_REVERT_EXECUTED), or a
 * MirrorError for anything else (see callError).
 */
export async function contractCallAnswer(response: RawResponse, signal?: AbortSignal): Promise<ContractCallAnswer> {
  const { status } = response;
  if (status >= 200 && status < 300) {
    const body = (await validate(response, schemas().ContractCallResponseSchema, signal)) as { result: string };
    if (!HEX_RESULT.test(body.result)) {
      throw new MirrorError(
        'invalid-response',
        status,
        [],
        response.url,
        `The mirror node's call result is not hex: ${body.result.slice(0, 80)}`,
      );
    }
    return { kind: 'result', result: body.result as `0x${string}` };
  }
  const error = callError(response);
  const first = error.serverMessages[0];
  if (status === 400 && first?.message === REVERT_MESSAGE) {
    const data = first.data !== undefined && HEX_RESULT.test(first.data) ? first.data : '0x';
    return {
      kind: 'revert',
      data: data as `0x${string}`,
      message: first.message,
      ...(first.detail ? { detail: first.detail } : {}),
    };
  }
  throw error;
}

/**
 * A non-2xx answer of the web3 module as a MirrorError: its messages joined with their details (the
 * module puts the cause there), and, for a 501, words saying the node does not run contract calls.
 */
export function callError(response: RawResponse): MirrorError {
  const base = httpError(response);
  const entries = base.serverMessages;
  const words = entries.map(describeEntry).join('; ');
  const status = response.status;
  const phrase = statusPhrase(status) ? ` ${statusPhrase(status)}` : '';
  let message = words || `The mirror node answered HTTP ${status}${phrase}`;
  if (status === 501) {
    message = `This mirror node does not run contract calls (HTTP 501${phrase}): the web3 module is not enabled on this network${words ? ` (${words})` : ''}`;
  } else if (status === 415) {
    message = `The mirror node refused the call's content type (HTTP 415)${words ? `: ${words}` : ''}`;
  } else if (status === 429) {
    message = `The mirror node is rate limiting contract calls (HTTP 429)${words ? `: ${words}` : ''}`;
  }
  return new MirrorError('http', status, base.messages, response.url, message, entries);
}

function describeEntry(m: ServerMessage): string {
  return m.detail ? `${m.message}: ${m.detail}` : m.message;
}
