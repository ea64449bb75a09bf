// Figures for the call trace: building the tree of a 1,000-action trace with its parties named
// from workspace artifacts and every call and result decoded (goal ≤ 20 ms, median and p90 of this
// process's CPU time), in the worst case for the decoder's cache (every call's input distinct: a
// loop paying a thousand accounts) and in a common one (the same call repeated); and how the cost
// grows from 1,000 to 8,000 actions (linear is 8×).
import { buildCallTrace, type TraceContext } from '../../src/trace';
import type { ContractAction } from '../../src/mirror/schemas';
import { cpuPerRun } from '../support/growth';
import {
  ACCOUNT,
  TOKEN,
  VAULT,
  action,
  sampleCodes,
  sampleIndex,
  transferInput,
  transferOutput,
  withdrawInput,
} from '../unit/trace/fixtures';
import { cpuNow, fmt, stats, type BenchRow } from './harness';

const GOAL_MS = 20;

/**
 * A trace of `n` actions: Vault.withdraw at the root calling MyToken.transfer, every third call
 * one level deeper; `distinct` gives each transfer its own amount (nothing to reuse).
 */
function traceOf(n: number, distinct: boolean): ContractAction[] {
  const actions = [action({ index: 0, input: withdrawInput(1n), result_data: transferOutput(true) })];
  for (let i = 1; i < n; i++) {
    actions.push(
      action({
        index: i,
        call_depth: i % 3 === 0 ? 2 : 1,
        caller: VAULT.id,
        caller_type: 'CONTRACT',
        from: VAULT.address,
        recipient: TOKEN.id,
        to: TOKEN.address,
        gas: 50_000n,
        gas_used: 21_000n,
        input: transferInput(ACCOUNT.address, distinct ? BigInt(i) : 1n),
        result_data: transferOutput(true),
      }),
    );
  }
  return actions;
}

function timeBuild(actions: readonly ContractAction[], context: TraceContext, runs: number) {
  for (let i = 0; i < 5; i++) buildCallTrace(actions, context);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = cpuNow();
    buildCallTrace(actions, context);
    samples.push(cpuNow() - t0);
  }
  return stats(samples);
}

export function run(): Promise<BenchRow[]> {
  const context: TraceContext = { abi: sampleIndex(), codes: sampleCodes() };
  const check = buildCallTrace(traceOf(10, true), context);
  if (check.roots[0]?.recipient.label !== 'Vault' || check.roots[0].children[0]?.recipient.label !== 'MyToken')
    throw new Error('the bench trace is not named from the artifacts');
  const worst = timeBuild(traceOf(1000, true), context, 60);
  const common = timeBuild(traceOf(1000, false), context, 60);
  const small = traceOf(1000, true);
  const large = traceOf(8000, true);
  const smallMs = cpuPerRun(() => buildCallTrace(small, context), 5);
  const largeMs = cpuPerRun(() => buildCallTrace(large, context), 3, 0);
  const ratio = largeMs / smallMs;
  return Promise.resolve([
    {
      name: 'call trace of 1,000 actions, names + decoding, every input distinct, median (CPU)',
      value: worst.median,
      unit: 'ms',
      goal: `≤ ${GOAL_MS}`,
      pass: worst.median <= GOAL_MS,
      note: `${worst.samples} builds: median ${fmt(worst.median)}, p90 ${fmt(worst.p90)} ms; the same call repeated: median ${fmt(common.median)}, p90 ${fmt(common.p90)} ms`,
    },
    {
      name: 'call trace of 1,000 actions, names + decoding, every input distinct, p90 (CPU)',
      value: worst.p90,
      unit: 'ms',
      goal: `≤ ${GOAL_MS}`,
      pass: worst.p90 <= GOAL_MS,
    },
    {
      name: 'call trace of 1,000 actions, the same call repeated, median (CPU)',
      value: common.median,
      unit: 'ms',
      goal: `≤ ${GOAL_MS}`,
      pass: common.median <= GOAL_MS,
    },
    {
      name: 'call trace growth, 8,000 vs 1,000 actions (ratio; linear is 8)',
      value: ratio,
      unit: '×',
      goal: '≤ 24',
      pass: ratio <= 24,
      note: `fastest of several runs: ${fmt(smallMs)} ms at 1,000, ${fmt(largeMs)} ms at 8,000 (CPU)`,
    },
  ]);
}
