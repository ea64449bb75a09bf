// Whether a local replay is the recorded execution: its result, output, gas consumed, storage
// writes and calls compared with the transaction's record (contract result and `/actions`). Every
// difference is said in words; one is enough for "diverged", and a replay that stopped is never
// faithful. The gas compared is `gas_consumed` (what the EVM used), not `gas_used`, which Hedera
// raises to at least 80% of the gas limit. For a revert, Hedera's `call_result` is empty and
// `error_message` holds the revert data (hex). Pure.
import type { ContractAction } from '../../../mirror/schemas';
import type { Divergence, ReplayFrame, ReplayOutcome, ReplayVerdict } from '../types';
import { idOrAddress, longZeroNum, systemName } from './addresses';
import { wordOf, type RecordedResult } from './inputs';

export interface RecordToCompare {
  readonly contractResult: RecordedResult;
  /** Empty when they could not be read: the calls are then not checked (said in `notReplayed`). */
  readonly actions: readonly ContractAction[];
}

type Outcome = 'success' | 'revert' | 'halt';

const HEX = /^0x[0-9a-fA-F]*$/;
const RESULT_TYPES: Readonly<Record<string, Outcome>> = { OUTPUT: 'success', REVERT_REASON: 'revert', ERROR: 'halt' };

/** The replay's worth, from the record. */
export function compareWithRecord(outcome: Omit<ReplayOutcome, 'body'>, record: RecordToCompare): ReplayVerdict {
  const notReplayed = outcome.frames.filter(f => f.how === 'recorded').map(describeRecorded);
  if (record.actions.length === 0)
    notReplayed.push("the calls were not checked: the transaction's call trace (/actions) could not be read");
  if (outcome.stopped) {
    const { atEntry, reason } = outcome.stopped;
    const text = `the replay stopped at step ${(atEntry + 1).toLocaleString('en-US')} before the transaction ended: ${reason}`;
    return { faithful: false, divergences: [{ atEntry, text }], notReplayed };
  }
  const divergences: Divergence[] = [
    ...resultDifferences(outcome, record.contractResult),
    ...writeDifferences(outcome, record.contractResult),
  ];
  if (record.actions.length > 0) {
    const first = firstCallDifference(outcome.frames, record.actions);
    if (first) divergences.push(first);
  }
  return { faithful: divergences.length === 0, divergences, notReplayed };
}

function recordedOutcome(r: RecordedResult): Outcome | undefined {
  if (r.status === '0x1' || (r.status == null && r.result === 'SUCCESS')) return 'success';
  if (r.status == null && r.result == null) return undefined;
  return r.result === 'CONTRACT_REVERT_EXECUTED' ? 'revert' : 'halt';
}

function resultDifferences(outcome: Omit<ReplayOutcome, 'body'>, r: RecordedResult): Divergence[] {
  const out: Divergence[] = [];
  const end = outcome.entries > 0 ? outcome.entries - 1 : undefined;
  const replayed = outcome.result;
  const recorded = recordedOutcome(r);
  if (recorded !== undefined && recorded !== replayed.outcome) {
    const words = r.result != null ? ` (${r.result})` : '';
    out.push({ atEntry: end, text: `recorded result ${recorded}${words}, replayed ${describeEnd(replayed)}` });
  } else if (recorded === 'halt' && replayed.error !== undefined && r.error_message != null) {
    if (!HEX.test(r.error_message) && r.error_message !== replayed.error)
      out.push({ atEntry: end, text: `recorded halt ${r.error_message}, replayed halt ${replayed.error}` });
  }
  const recordedOutput = recorded === 'revert' ? revertData(r) : recorded === 'success' ? r.call_result : undefined;
  if (recorded === replayed.outcome && recordedOutput != null && !sameHex(recordedOutput, replayed.output)) {
    const what = recorded === 'revert' ? 'revert data' : 'output';
    out.push({
      atEntry: end,
      text: `recorded ${what} ${shortHex(recordedOutput)}, replayed ${shortHex(replayed.output)}${firstDifference(recordedOutput, replayed.output)}`,
    });
  }
  if (r.gas_consumed != null && r.gas_consumed !== replayed.gasConsumed)
    out.push({
      atEntry: end,
      text: `recorded gas consumed ${grouped(r.gas_consumed)}, replayed ${grouped(replayed.gasConsumed)}`,
    });
  return out;
}

/** A revert's data: `error_message` when it is hex, else a non-empty `call_result`. */
function revertData(r: RecordedResult): string | undefined {
  if (r.error_message != null && HEX.test(r.error_message)) return r.error_message;
  return r.call_result != null && r.call_result !== '0x' ? r.call_result : undefined;
}

function describeEnd(result: ReplayOutcome['result']): string {
  return result.outcome === 'halt' && result.error !== undefined ? `halt (${result.error})` : result.outcome;
}

function writeDifferences(outcome: Omit<ReplayOutcome, 'body'>, r: RecordedResult): Divergence[] {
  const recorded = new Map<string, string>();
  for (const change of r.state_changes ?? [])
    if (change.value_written != null)
      recorded.set(slotKey(change.address, wordOf(change.slot)), wordOf(change.value_written));
  const replayed = new Map<string, string>();
  for (const w of outcome.written) replayed.set(slotKey(w.address, w.slot), w.value.toLowerCase().padStart(64, '0'));
  const out: Divergence[] = [];
  for (const [key, value] of recorded) {
    const mine = replayed.get(key);
    const where = slotWords(key);
    if (mine === undefined)
      out.push({
        atEntry: undefined,
        text: `recorded a write of ${short(value)} to ${where}, the replay wrote nothing there`,
      });
    else if (mine !== value)
      out.push({ atEntry: undefined, text: `recorded ${where} = ${short(value)}, replayed ${short(mine)}` });
  }
  for (const [key, value] of replayed)
    if (!recorded.has(key))
      out.push({
        atEntry: undefined,
        text: `the replay wrote ${short(value)} to ${slotWords(key)}, the record has no write there`,
      });
  return out;
}

interface CallShape {
  readonly depth: number;
  readonly operation: string;
  readonly to: string | undefined;
  readonly outcome: Outcome | undefined;
}

function shapeOfAction(a: ContractAction): CallShape {
  return {
    depth: a.call_depth ?? -1,
    operation: (a.call_operation_type ?? '?').toUpperCase(),
    to: a.to != null ? a.to.toLowerCase() : undefined,
    outcome: RESULT_TYPES[(a.result_data_type ?? '').toUpperCase()],
  };
}

/** The first place the replayed calls and the recorded ones part, in words. */
function firstCallDifference(
  frames: readonly ReplayFrame[],
  actions: readonly ContractAction[],
): Divergence | undefined {
  const recorded = withoutAnsweredSubtrees(
    [...actions].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)),
    frames,
  );
  const count = Math.max(recorded.length, frames.length);
  for (let i = 0; i < count; i++) {
    const frame = frames[i] as ReplayFrame | undefined;
    const action = recorded[i] as ContractAction | undefined;
    if (frame === undefined) {
      const parent = frames.length > 0 ? frames[frames.length - 1] : undefined;
      return {
        atEntry: parent?.openedAt,
        text: `replay diverged: recorded ${describe(shapeOfAction(action!))} (call ${action!.index ?? i}), the replay made no such call`,
      };
    }
    const mine: CallShape = { depth: frame.depth, operation: frame.operation, to: frame.to, outcome: frame.outcome };
    const at = frame.openedAt;
    const where =
      at === undefined
        ? 'replay diverged at the transaction’s own call'
        : `replay diverged at step ${(at + 1).toLocaleString('en-US')}`;
    if (action === undefined)
      return { atEntry: at, text: `${where}: replayed ${describe(mine)}, the record has no such call` };
    const theirs = shapeOfAction(action);
    if (!sameCall(theirs, mine))
      return { atEntry: at, text: `${where}: recorded ${describe(theirs)}, replayed ${describe(mine)}` };
  }
  return undefined;
}

/** The record's calls without those made inside a call the replay answered from the record (it opened none). */
function withoutAnsweredSubtrees(actions: readonly ContractAction[], frames: readonly ReplayFrame[]): ContractAction[] {
  const answered = new Set(frames.filter(f => f.how === 'recorded').map(f => f.index));
  const kept: ContractAction[] = [];
  let skipDeeperThan: number | undefined;
  for (const a of actions) {
    const depth = a.call_depth ?? 0;
    if (skipDeeperThan !== undefined && depth > skipDeeperThan) continue;
    skipDeeperThan = undefined;
    kept.push(a);
    if (a.index != null && answered.has(a.index)) skipDeeperThan = depth;
  }
  return kept;
}

function sameCall(a: CallShape, b: CallShape): boolean {
  return a.depth === b.depth && a.operation === b.operation && a.to === b.to && a.outcome === b.outcome;
}

function describe(c: CallShape): string {
  const to = c.to === undefined ? 'an unnamed address' : idOrAddress(c.to);
  const result = c.outcome === undefined ? '' : c.outcome === 'success' ? '' : ` (${c.outcome})`;
  const depth = c.depth >= 0 ? ` at depth ${c.depth}` : '';
  return `${c.operation} to ${to}${depth}${result}`;
}

function describeRecorded(frame: ReplayFrame): string {
  const system = systemName(frame.to);
  const target = system !== undefined ? `${system} ${abbreviated(frame.to)}` : `the token ${idOrAddress(frame.to)}`;
  return `call ${frame.index} to ${target}: not replayed, its recorded output was used`;
}

/** `0x…167` for a long-zero address with a small number, else the address. */
function abbreviated(address: string): string {
  const num = longZeroNum(address);
  return num !== undefined && num < 0x1000000n ? `0x…${num.toString(16)}` : address;
}

function slotKey(address: string, slot: string): string {
  return `${address.toLowerCase()}:${slot}`;
}

function slotWords(key: string): string {
  const [address, slot] = key.split(':');
  return `slot ${short(slot)} of ${idOrAddress(address)}`;
}

/** A word without its leading zeros (`0x2a`). */
function short(word: string): string {
  const digits = word.replace(/^0+/, '');
  return `0x${digits === '' ? '0' : digits}`;
}

function shortHex(hex: string): string {
  return hex.length > 74 ? `${hex.slice(0, 74)}… (${(hex.length - 2) / 2} bytes)` : hex;
}

/** Where two long hex strings first differ, when the shortened forms would not show it. */
function firstDifference(a: string, b: string): string {
  if (a.length <= 74 && b.length <= 74) return '';
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let i = 2;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return `, first different at byte ${Math.floor((i - 2) / 2)}`;
}

function sameHex(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function grouped(n: bigint): string {
  return n.toLocaleString('en-US');
}
