// One contract result (GET /api/v1/contracts/results/{id}) decoded as a whole: which contract it
// called (by runtime bytecode, else system-contract address), the call, its outputs or its revert,
// and its logs, each log decoded with what its own emitter was recognised as. What the panels'
// "Call" and "Events" sections and the hover's one-liner are made from.
import type { AbiIndex, ContractMatch } from './abiIndex';
import { formatCallAnswer, formatEvent, formatResult, formatRevert, type FormatOptions } from './format';
import { describeOrigin } from './report';
import type { CallAnswer, EventAnswer, LogInput, ResultAnswer, RevertAnswer } from './types';

/** The fields of a contract result this reads (as the mirror node names them). */
export interface ContractResultInput {
  /** The called contract's EVM address (`to`, or `address` for a creation). */
  readonly to?: string | null;
  readonly function_parameters?: string | null;
  readonly call_result?: string | null;
  /** Hex revert data, or the service's plain-text message. */
  readonly error_message?: string | null;
  /** `SUCCESS`, `CONTRACT_REVERT_EXECUTED`, … */
  readonly result?: string | null;
  readonly logs?: readonly LogInput[] | null;
}

export interface DecodedContractResult {
  readonly match?: ContractMatch;
  /** "MyToken, contracts/MyToken.sol (artifacts/…)" or the built-in interface; undefined if unknown. */
  readonly contract?: string;
  readonly call?: CallAnswer;
  readonly outputs?: ResultAnswer;
  readonly revert?: RevertAnswer;
  /** A plain-text message the service wrote instead of revert data. */
  readonly message?: string;
  readonly events: readonly EventAnswer[];
}

const HEX = /^0x[0-9a-fA-F]*$/;

/**
 * Decodes a contract result. `code` is the runtime bytecode of the called contract when known
 * (`GET /api/v1/contracts/{id}`); `codeOf` gives it for a log's emitter, if the caller has it.
 */
export function decodeContractResult(
  index: AbiIndex,
  input: ContractResultInput,
  code?: string | null,
  codeOf?: (address: string) => string | undefined,
): DecodedContractResult {
  const match = index.matchContract({ address: input.to ?? undefined, runtimeBytecode: code ?? undefined });
  const params = input.function_parameters;
  const call = params && params !== '0x' ? index.decodeCall(params, match) : undefined;
  const decoded = call?.kind === 'call' && call.candidates.length === 1 ? call.candidates[0] : undefined;
  const failed = input.result !== undefined && input.result !== null && input.result !== 'SUCCESS';
  const error = input.error_message ?? undefined;
  let revert: RevertAnswer | undefined;
  let message: string | undefined;
  if (error && HEX.test(error)) revert = index.decodeRevert(error, match);
  else if (error) message = error;
  const outputs = !failed && decoded && input.call_result ? index.decodeResult(decoded, input.call_result) : undefined;
  const events = (input.logs ?? []).map(log => {
    const emitter = log.address?.toLowerCase();
    const own =
      emitter && input.to && emitter === input.to.toLowerCase()
        ? match
        : emitter
          ? index.matchContract({ address: emitter, runtimeBytecode: codeOf?.(emitter) })
          : undefined;
    return index.decodeLog(log, own);
  });
  return {
    ...(match && { match, contract: describeOrigin(match.contract.origin) }),
    ...(call && { call }),
    ...(outputs && { outputs }),
    ...(revert && { revert }),
    ...(message && { message }),
    events,
  };
}

/**
 * The hover's one line: `MyToken.transfer(to: 0.0.1234, amount: 1,500.00 MTK) → true`, or
 * `… → reverted: InsufficientBalance(…)`. Undefined when there is no call to show.
 */
export function contractResultLine(decoded: DecodedContractResult, opts: FormatOptions = {}): string | undefined {
  const { call } = decoded;
  if (!call) return undefined;
  const single = call.kind === 'call' && call.candidates.length === 1 ? call.candidates[0] : undefined;
  const head = single ? `${single.contract}.${formatCallAnswer(call, opts)}` : formatCallAnswer(call, opts);
  if (decoded.revert && decoded.revert.kind !== 'empty')
    return `${head} → reverted: ${formatRevert(decoded.revert, opts)}`;
  if (decoded.message) return `${head} → failed: ${decoded.message}`;
  if (decoded.outputs && decoded.outputs.kind !== 'empty') return `${head} → ${formatResult(decoded.outputs, opts)}`;
  return head;
}

/** The event lines of a decoded result, one per log. */
export function eventSummaries(decoded: DecodedContractResult, opts: FormatOptions = {}): string[] {
  return decoded.events.map(e => formatEvent(e, opts));
}
