// One contract result (GET /api/v1/contracts/results/{id}) decoded as a whole: which contract it
// called (by runtime bytecode, else system-contract address), the call, its outputs or its revert,
// and its logs, each log decoded with what its own emitter was recognised as. What the panels'
// "Call" and "Events" sections and the hover's one-liner are made from.
import type { AbiIndex, ContractMatch } from './abiIndex';
import { formatCallAnswer, formatEvent, formatResult, formatRevert, type FormatOptions } from './format';
import { describeOrigin } from './report';
import { visibleText } from './text';
import type { CallAnswer, EventAnswer, LogInput, ResultAnswer, RevertAnswer } from './types';
import { unitAddresses, type UnitsOf } from './units';

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

/** A contract result as the mirror node sends it (GET /contracts/results/{id}): the fields read here. */
export interface MirrorContractResult {
  readonly to?: string | null;
  readonly address?: string | null;
  readonly function_parameters?: string | null;
  readonly call_result?: string | null;
  readonly error_message?: string | null;
  readonly result?: string | null;
  readonly logs?: readonly {
    readonly address: string;
    readonly topics: readonly string[];
    readonly data?: string | null;
  }[];
}

/** The input of decodeContractResult from a mirror node result (the logs left out if `logs` is false). */
export function resultInput(r: MirrorContractResult, logs = true): ContractResultInput {
  return {
    to: r.to ?? r.address ?? null,
    function_parameters: r.function_parameters ?? null,
    call_result: r.call_result ?? null,
    error_message: r.error_message ?? null,
    result: r.result ?? null,
    logs: logs ? (r.logs ?? []).map(l => ({ address: l.address, topics: l.topics, data: l.data ?? '0x' })) : [],
  };
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
  /** The called address (lowercase), when given: whose token units the call's amount is in. */
  readonly target?: string;
  /** Each log's emitter (lowercase), beside `events`: whose token units its amount is in. */
  readonly emitters: readonly (string | undefined)[];
  /**
   * The units of the tokens this result's amounts are in (see units.ts), once resolved; without
   * them amounts are shown as plain integers.
   */
  readonly units?: UnitsOf;
}

/** The result with its token units resolved: amounts shown in them, or labelled raw units. */
export function withUnits(decoded: DecodedContractResult, units: UnitsOf): DecodedContractResult {
  return { ...decoded, units };
}

/** The long-zero addresses whose token metadata would put this result's amounts in units. */
export function tokenAddresses(decoded: DecodedContractResult): string[] {
  return unitAddresses(decoded);
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
  fungibleToken?: (address: string) => boolean,
): DecodedContractResult {
  const isToken = (address: string | undefined) => (address && fungibleToken ? fungibleToken(address) : false);
  const match = index.matchContract({
    address: input.to ?? undefined,
    runtimeBytecode: code ?? undefined,
    fungibleToken: isToken(input.to?.toLowerCase()),
  });
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
          ? index.matchContract({
              address: emitter,
              runtimeBytecode: codeOf?.(emitter),
              fungibleToken: isToken(emitter),
            })
          : undefined;
    return index.decodeLog(log, own);
  });
  const target = input.to ? input.to.toLowerCase() : undefined;
  return {
    ...(match && { match, contract: describeOrigin(match.contract.origin) }),
    ...(target && { target }),
    emitters: (input.logs ?? []).map(log => log.address?.toLowerCase()),
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
export function contractResultLine(decoded: DecodedContractResult, options: FormatOptions = {}): string | undefined {
  const { call } = decoded;
  if (!call) return undefined;
  const opts = callOptions(decoded, options);
  const single = call.kind === 'call' && call.candidates.length === 1 ? call.candidates[0] : undefined;
  const head = single
    ? `${visibleText(single.contract)}.${formatCallAnswer(call, opts)}`
    : formatCallAnswer(call, opts);
  if (decoded.revert && decoded.revert.kind !== 'empty')
    return `${head} → reverted: ${formatRevert(decoded.revert, opts)}`;
  if (decoded.message) return `${head} → failed: ${decoded.message}`;
  if (decoded.outputs && decoded.outputs.kind !== 'empty') return `${head} → ${formatResult(decoded.outputs, opts)}`;
  return head;
}

/** The event lines of a decoded result, one per log. */
export function eventSummaries(decoded: DecodedContractResult, opts: FormatOptions = {}): string[] {
  return decoded.events.map((e, i) => formatEvent(e, eventOptions(decoded, i, opts)));
}

/** The format options of event `i`: its amount in the units of the token that emitted it. */
export function eventOptions(decoded: DecodedContractResult, i: number, opts: FormatOptions = {}): FormatOptions {
  return decoded.units ? { ...opts, units: decoded.units(decoded.emitters[i]) } : opts;
}

/** The format options of the call: its amount in the units of the token it was addressed to. */
export function callOptions(decoded: DecodedContractResult, opts: FormatOptions = {}): FormatOptions {
  return decoded.units ? { ...opts, units: decoded.units(decoded.target), unitsOf: decoded.units } : opts;
}
