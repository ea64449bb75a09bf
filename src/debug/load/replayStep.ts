// The third source of a step-level trace, between the mirror node's `/opcodes` and the call-level
// session: the transaction replayed on a local EVM (src/debug/replay/), its trace read like the
// server's, and what the replay is worth said before anything else: faithful (its result, gas,
// state changes and calls are the record's), diverged (each difference, at the top of the Debug
// Console and in the session's name), or stopped (where, and why). A replay that is not faithful
// is never presented as the recorded execution. Pure: no vscode.
import type { ContractAction } from '../../mirror/schemas';
import type { OpcodeTraceResult } from '../opcodes/types';
import type { ReplayOutcome, ReplayVerdict } from '../replay/types';
import type { DebugReport } from '../adapter/session';
import type { OpcodesAnswer } from '../opcodes/fetch';

/** What a replay gave: the trace with its outcome and verdict, or why there is none. */
export type ReplayAnswer =
  | {
      readonly kind: 'replayed';
      readonly result: OpcodeTraceResult;
      readonly outcome: Omit<ReplayOutcome, 'body'>;
      readonly verdict: ReplayVerdict;
    }
  | { readonly kind: 'unavailable'; readonly why: string };

export interface ReplayRequest {
  /** `0.0.x-sss-nnn` or a hash. */
  readonly idOrHash: string;
  readonly network: string;
  /** The call trace's actions (empty when it could not be read: the calls are then not checked). */
  readonly actions: readonly ContractAction[];
  readonly memory: boolean;
  readonly signal: AbortSignal;
  readonly onProgress: (text: string) => void;
}

/** Replays a transaction (the feature gives it when `ledgerLens.debug.localReplay` is on). */
export type ReplaySource = (request: ReplayRequest) => Promise<ReplayAnswer>;

/** Which answers of `/opcodes` a replay stands in for: not served, or not now. */
export function replayStandsInFor(answer: OpcodesAnswer | undefined): boolean {
  if (!answer) return false;
  switch (answer.kind) {
    case 'not-served':
    case 'not-found-or-not-served':
    case 'rate-limited':
    case 'refused':
      return true;
    default:
      return false;
  }
}

/** The words that name a replay's worth: in the session's name and the Debug Console's first lines. */
export function replayLabel(answer: Extract<ReplayAnswer, { kind: 'replayed' }>): string {
  if (answer.outcome.stopped) return 'local replay, stopped';
  return answer.verdict.faithful ? 'local replay, faithful' : 'local replay, diverged';
}

const SHOWN_DIVERGENCES = 20;

/** Says the replay's worth first: the source, each difference, what was taken from the record. */
export function reportReplay(
  answer: Extract<ReplayAnswer, { kind: 'replayed' }>,
  why: string,
  report: DebugReport,
): void {
  const { outcome, verdict } = answer;
  const fetched = outcome.fetched.code + outcome.fetched.slots + outcome.fetched.balances;
  const counts = `${outcome.fetched.code} code, ${outcome.fetched.slots} storage slot(s), ${outcome.fetched.balances} balance(s) fetched from the mirror node`;
  report.output(
    `Step-level trace: ${why}; replayed locally on an EVM (${fetched === 0 ? 'no state fetched' : counts}).`,
  );
  if (outcome.stopped) {
    report.output(
      `Source: local replay, stopped at step ${(outcome.stopped.atEntry + 1).toLocaleString('en-US')}: ${outcome.stopped.reason}. The steps before it are shown; they are not the whole transaction.`,
      'important',
    );
  } else if (verdict.faithful) {
    report.output(
      'Source: local replay, faithful: its result, gas consumed, state changes and calls are those the mirror node recorded.',
      'important',
    );
  } else {
    report.output(
      `Source: local replay, diverged: this is NOT the recorded execution. ${verdict.divergences.length} difference(s) from the record:`,
      'important',
    );
  }
  // A stopped replay's one divergence is its stop, said above.
  const differences = outcome.stopped ? [] : verdict.divergences;
  for (const d of differences.slice(0, SHOWN_DIVERGENCES)) report.output(`  ${d.text}`, 'important');
  if (differences.length > SHOWN_DIVERGENCES)
    report.output(`  … and ${differences.length - SHOWN_DIVERGENCES} more`, 'important');
  for (const line of verdict.notReplayed) report.output(`  ${line}`);
}
