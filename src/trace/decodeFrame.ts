// The call and the result of one action, decoded with the ABIs the workspace and Ledger Lens know:
// the function (`withdraw(amount: 1500)`), its output against the function's outputs, its revert
// (custom error, Error(string), Panic), or the server's ERROR data as text when it is printable.
// Each distinct (contract, input) and (contract, function, result) is decoded once per trace: a
// loop that makes the same call a thousand times costs one decoding. Pure: no vscode.
import type { ContractMatch } from '../abi/abiIndex';
import { parseHex } from '../abi/decode';
import { formatCall, formatCallAnswer, formatResult, formatRevert, type FormatOptions } from '../abi/format';
import { printableText, visibleText } from '../abi/text';
import type { DecodedCall, RevertAnswer } from '../abi/types';
import { peekUnits } from '../abi/units';
import type { NamingContext } from './names';
import type { FrameResult } from './types';

/** The longest decoded text kept for a call or a result (the rest is cut with `…`). */
export const MAX_FRAME_TEXT = 600;
/** Hex shown undecoded is cut to this many characters. */
const HEX_SHOWN = 66;

export interface DecodedInput {
  /** `withdraw(amount: 1500)`, the selector, or a short description of input that has none. */
  readonly call?: string;
  readonly selector?: string;
  /** The one function that fits, when exactly one does (its outputs decode the result). */
  readonly fn?: DecodedCall;
  readonly note?: string;
}

export interface DecodedOutcome {
  readonly result: FrameResult;
  readonly note?: string;
}

/** What a result says: the server's `result_data_type` read. */
export type ResultKind = 'output' | 'revert' | 'error' | 'unknown';

/** Text cut to `max` characters, with `…` when cut. */
export function cutText(text: string, max = MAX_FRAME_TEXT): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Hex cut for display: its start, its end and its size in bytes. */
export function cutHex(hex: string): string {
  if (hex.length <= HEX_SHOWN) return hex;
  const bytes = Math.floor((hex.length - 2) / 2);
  return `${hex.slice(0, HEX_SHOWN - 10)}…${hex.slice(-8)} (${bytes} bytes)`;
}

/** The server's own text (not hex), made visible and cut. */
function serverText(text: string): string {
  return cutText(visibleText(text), 200);
}

function inner<T>(outer: Map<string, Map<string, T>>, key: string): Map<string, T> {
  let map = outer.get(key);
  if (!map) {
    map = new Map();
    outer.set(key, map);
  }
  return map;
}

/** Decodes and caches the calls and results of one trace. */
export class FrameDecoder {
  // Two levels (contract, then the data itself): the data string is hashed once and its hash kept
  // by the engine, where a joined key would be a new string to hash at every action.
  private readonly calls = new Map<string, Map<string, DecodedInput>>();
  private readonly outcomes = new Map<string, Map<string, DecodedOutcome>>();
  private readonly unitsOf;

  constructor(private readonly ctx: NamingContext) {
    this.unitsOf = ctx.tokens ? peekUnits(ctx.tokens) : undefined;
  }

  /** The format options for a call to `address`: an HTS token's amounts in its units. */
  options(address: string | undefined, token: boolean): FormatOptions {
    const units = token && this.unitsOf ? { units: this.unitsOf(address) } : {};
    return this.unitsOf ? { ...units, unitsOf: this.unitsOf } : units;
  }

  /** The function called, decoded with the recipient's ABI first (`contract` keys the cache). */
  input(
    contract: string,
    input: string | null | undefined,
    match: ContractMatch | undefined,
    opts: FormatOptions,
  ): DecodedInput {
    if (!input || input === '0x') return {};
    const known = inner(this.calls, contract);
    let answer = known.get(input);
    if (!answer) {
      answer = this.decodeInput(input, match, opts);
      known.set(input, answer);
    }
    return answer;
  }

  private decodeInput(input: string, match: ContractMatch | undefined, opts: FormatOptions): DecodedInput {
    const bytes = parseHex(input);
    if (typeof bytes === 'string') return { call: serverText(input), note: `input is ${bytes}` };
    if (bytes.length < 4) return { call: `${cutHex(input)} (${bytes.length} bytes, no selector)` };
    const answer = this.ctx.abi.decodeCall(input, match);
    const selector = input.slice(0, 10).toLowerCase();
    if (answer.kind === 'raw') {
      const unknown = answer.reason.startsWith('no known function');
      return { call: selector, selector, ...(unknown ? {} : { note: `call not decoded: ${answer.reason}` }) };
    }
    const fn = answer.candidates.length === 1 ? answer.candidates[0] : undefined;
    const call = cutText(fn ? formatCall(fn, opts) : formatCallAnswer(answer, opts));
    return { call, selector, ...(fn ? { fn } : {}) };
  }

  /** The result: output decoded against `fn`'s outputs, a revert decoded, or the server's error. */
  outcome(
    contract: string,
    kind: ResultKind,
    data: string | null | undefined,
    fn: DecodedCall | undefined,
    match: ContractMatch | undefined,
    opts: FormatOptions,
  ): DecodedOutcome {
    const known = inner(this.outcomes, `${contract}\u0000${kind}\u0000${fn?.signature ?? ''}`);
    let answer = known.get(data ?? '');
    if (!answer) {
      answer = this.decodeOutcome(kind, data ?? '', fn, match, opts);
      known.set(data ?? '', answer);
    }
    return answer;
  }

  private decodeOutcome(
    kind: ResultKind,
    data: string,
    fn: DecodedCall | undefined,
    match: ContractMatch | undefined,
    opts: FormatOptions,
  ): DecodedOutcome {
    if (kind === 'revert') return { result: this.revert(data, match, opts) };
    if (kind === 'error') return { result: { kind: 'error', text: this.errorText(data, match, opts) } };
    const bytes = parseHex(data);
    if (typeof bytes === 'string')
      return { result: { kind: 'output', text: serverText(data) }, note: `result data is ${bytes}` };
    if (bytes.length === 0) return { result: { kind: 'none' } };
    if (kind === 'unknown' || !fn) return { result: { kind: 'output', text: cutHex(data) } };
    const answer = this.ctx.abi.decodeResult(fn, data);
    if (answer.kind === 'raw')
      return { result: { kind: 'output', text: cutHex(data) }, note: `result not decoded: ${answer.reason}` };
    return { result: { kind: 'output', text: cutText(formatResult(answer, opts)) } };
  }

  private revert(data: string, match: ContractMatch | undefined, opts: FormatOptions): FrameResult {
    const bytes = parseHex(data);
    if (typeof bytes === 'string') {
      const revert: RevertAnswer = { kind: 'raw', hex: '0x', reason: `the revert data is ${bytes}` };
      return { kind: 'revert', text: serverText(data), revert };
    }
    const revert = this.ctx.abi.decodeRevert(data, match);
    if (revert.kind === 'raw') {
      // A system contract's reason may be plain text in hex (`INSUFFICIENT_TOKEN_BALANCE`).
      const text = printableText(bytes);
      return { kind: 'revert', text: text ? serverText(text) : `${cutHex(data)} (${revert.reason})`, revert };
    }
    return { kind: 'revert', text: cutText(formatRevert(revert, opts)), revert };
  }

  /** The server's ERROR data: printable text as text, revert-encoded data decoded, else hex. */
  private errorText(data: string, match: ContractMatch | undefined, opts: FormatOptions): string {
    const bytes = parseHex(data);
    if (typeof bytes === 'string') return serverText(data);
    if (bytes.length === 0) return 'no error data';
    const text = printableText(bytes);
    if (text) return serverText(text);
    const revert = this.ctx.abi.decodeRevert(data, match);
    return revert.kind === 'raw' || revert.kind === 'empty' ? cutHex(data) : cutText(formatRevert(revert, opts));
  }
}
