// The messages between the replay runner (extension host) and its worker thread, checked on
// arrival on both sides: anything that is not one of these is dropped. The worker runs the engine
// and asks the host for each piece of state (the host's MirrorStateReader answers); bigint values
// cross the port as they are (structured clone). Pure.
import type {
  CodeAnswer,
  KnownSlot,
  RecordedCall,
  ReplayFrame,
  ReplayInput,
  ReplayOptions,
  ReplayOutcome,
  Word,
} from '../types';

/** What the worker asks: the code, one slot, or the balance at an address. */
export type StateAsk =
  | { readonly kind: 'code'; readonly address: string }
  | { readonly kind: 'slot'; readonly address: string; readonly slot: Word }
  | { readonly kind: 'balance'; readonly address: string };

export type StateValue = CodeAnswer | Word | bigint;

export type HostToWorker =
  | { readonly type: 'run'; readonly input: ReplayInput; readonly options: ReplayOptions }
  | { readonly type: 'state'; readonly ask: number; readonly ok: true; readonly value: StateValue }
  | { readonly type: 'state'; readonly ask: number; readonly ok: false; readonly error: string }
  | { readonly type: 'cancel' };

export type WorkerToHost =
  | ({ readonly type: 'ask'; readonly ask: number } & StateAsk)
  | { readonly type: 'progress'; readonly steps: number; readonly fetched: number }
  | { readonly type: 'done'; readonly outcome: ReplayOutcome }
  /** `load`: the engine could not be loaded here (the host may run it itself); `run`: it failed running. */
  | { readonly type: 'failed'; readonly stage: 'load' | 'run'; readonly cancelled: boolean; readonly error: string };

/** What the host makes of a message from the worker: one of the above, or one that is none of them. */
export type WorkerMessage = WorkerToHost | { readonly type: 'malformed'; readonly what: string };

type Rec = Record<string, unknown>;

function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null;
}
const isString = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isBigint = (v: unknown): v is bigint => typeof v === 'bigint';
const ADDRESS = /^0x[0-9a-f]{40}$/;
const WORD = /^[0-9a-f]{64}$/;
const isAddress = (v: unknown): v is string => isString(v) && ADDRESS.test(v);
const isWord = (v: unknown): v is string => isString(v) && WORD.test(v);
const isOutcomeWord = (v: unknown): v is 'success' | 'revert' | 'halt' =>
  v === 'success' || v === 'revert' || v === 'halt';
const isOptional = <T>(v: unknown, is: (x: unknown) => x is T): boolean => v === undefined || is(v);

function isKnownSlot(v: unknown): v is KnownSlot {
  return isRecord(v) && isAddress(v.address) && isWord(v.slot) && isWord(v.value);
}

function isRecordedCall(v: unknown): v is RecordedCall {
  return (
    isRecord(v) &&
    isCount(v.index) &&
    isAddress(v.to) &&
    (v.kind === 'system' || v.kind === 'token') &&
    isString(v.input) &&
    isOptional(v.output, isString) &&
    typeof v.failed === 'boolean' &&
    isBigint(v.gasUsed)
  );
}

function isReplayInput(v: unknown): v is ReplayInput {
  return (
    isRecord(v) &&
    isString(v.network) &&
    isBigint(v.chainId) &&
    isAddress(v.from) &&
    isAddress(v.to) &&
    isString(v.contractId) &&
    isString(v.data) &&
    isBigint(v.valueTinybar) &&
    isBigint(v.gasLimit) &&
    isBigint(v.blockNumber) &&
    isString(v.timestamp) &&
    Array.isArray(v.knownSlots) &&
    v.knownSlots.every(isKnownSlot) &&
    Array.isArray(v.recordedCalls) &&
    v.recordedCalls.every(isRecordedCall) &&
    Array.isArray(v.tokenAddresses) &&
    v.tokenAddresses.every(isAddress)
  );
}

function isReplayOptions(v: unknown): v is ReplayOptions {
  return (
    isRecord(v) &&
    typeof v.memory === 'boolean' &&
    isRecord(v.limits) &&
    isCount(v.limits.maxSteps) &&
    isCount(v.limits.maxFetches)
  );
}

function isCodeAnswer(v: unknown): v is CodeAnswer {
  if (!isRecord(v)) return false;
  if (v.kind === 'code') return isString(v.code);
  return v.kind === 'none' || v.kind === 'token';
}

function isStateValue(v: unknown): v is StateValue {
  return isBigint(v) || isWord(v) || isCodeAnswer(v);
}

export function parseHostMessage(message: unknown): HostToWorker | undefined {
  if (!isRecord(message)) return undefined;
  switch (message.type) {
    case 'run':
      return isReplayInput(message.input) && isReplayOptions(message.options)
        ? { type: 'run', input: message.input, options: message.options }
        : undefined;
    case 'state':
      if (!isCount(message.ask)) return undefined;
      if (message.ok === true && isStateValue(message.value))
        return { type: 'state', ask: message.ask, ok: true, value: message.value };
      return message.ok === false && isString(message.error)
        ? { type: 'state', ask: message.ask, ok: false, error: message.error }
        : undefined;
    case 'cancel':
      return { type: 'cancel' };
    default:
      return undefined;
  }
}

function isFrame(v: unknown): v is ReplayFrame {
  return (
    isRecord(v) &&
    isCount(v.index) &&
    isCount(v.depth) &&
    isString(v.operation) &&
    isAddress(v.to) &&
    (v.how === 'replayed' || v.how === 'recorded') &&
    isOutcomeWord(v.outcome) &&
    isOptional(v.error, isString) &&
    isString(v.output) &&
    isBigint(v.gasUsed) &&
    isOptional(v.openedAt, isCount)
  );
}

function isOutcome(v: unknown): v is ReplayOutcome {
  if (!isRecord(v) || !isString(v.body) || !isCount(v.entries)) return false;
  if (!Array.isArray(v.frames) || !v.frames.every(isFrame)) return false;
  if (!Array.isArray(v.written) || !v.written.every(isKnownSlot)) return false;
  const r = v.result;
  if (!isRecord(r) || !isOutcomeWord(r.outcome) || !isOptional(r.error, isString)) return false;
  if (!isString(r.output) || !isBigint(r.gasConsumed)) return false;
  const s = v.stopped;
  if (s !== undefined && !(isRecord(s) && isCount(s.atEntry) && isString(s.reason))) return false;
  const f = v.fetched;
  return isRecord(f) && isCount(f.code) && isCount(f.slots) && isCount(f.balances);
}

function parseAsk(message: Rec): WorkerToHost | undefined {
  if (!isCount(message.ask) || !isAddress(message.address)) return undefined;
  const { ask, address } = message;
  if (message.kind === 'code' || message.kind === 'balance') return { type: 'ask', ask, kind: message.kind, address };
  return message.kind === 'slot' && isWord(message.slot)
    ? { type: 'ask', ask, kind: 'slot', address, slot: message.slot }
    : undefined;
}

/** A message from the worker, checked; a worker that sends anything else is not to be trusted. */
export function parseWorkerMessage(message: unknown): WorkerMessage {
  const parsed = isRecord(message) ? parseKnown(message) : undefined;
  if (parsed !== undefined) return parsed;
  const type = isRecord(message) && isString(message.type) ? message.type.slice(0, 40) : typeof message;
  return { type: 'malformed', what: `a "${type}" message that is not one the replay worker sends` };
}

function parseKnown(message: Rec): WorkerToHost | undefined {
  switch (message.type) {
    case 'ask':
      return parseAsk(message);
    case 'progress':
      return isCount(message.steps) && isCount(message.fetched)
        ? { type: 'progress', steps: message.steps, fetched: message.fetched }
        : undefined;
    case 'done':
      return isOutcome(message.outcome) ? { type: 'done', outcome: message.outcome } : undefined;
    case 'failed':
      return (message.stage === 'load' || message.stage === 'run') &&
        typeof message.cancelled === 'boolean' &&
        isString(message.error)
        ? { type: 'failed', stage: message.stage, cancelled: message.cancelled, error: message.error }
        : undefined;
    default:
      return undefined;
  }
}
