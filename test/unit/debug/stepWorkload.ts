// The stepping workload the growth test (stepGrowth.test.ts) and the bench (test/bench/
// debugStep.bench.ts) time: the EVM-made `depositViaProxy` with its call into Vault.deposit (and
// MyToken.transferFrom under it) repeated in place (derivedTraces.repeatedCall), loaded as a
// step-level session through the test mirror; and what the editor asks after each stop.
import * as assert from 'assert';
import type { DebugLoadDeps } from '../../../src/debug/load/loadSession';
import { TraceModel } from '../../../src/debug/model/traceModel';
import type { DebugPipeline } from '../../support/debugPipeline';
import { loadModel } from './debugModels';
import { derive, repeatedCall } from './derivedTraces';

/** Vault.sol: `token.transferFrom(msg.sender, address(this), amount);` (a call, then its statement resumes). */
export const TRANSFER_FROM_LINE = 23;
/** VaultProxy.sol: `return(0, returndatasize())`, run once, at the transaction's end. */
export const PROXY_RETURN_LINE = 35;

/** The step-level session of depositViaProxy with its call made `copies` times. */
export async function repeatedDeposit(
  pipeline: DebugPipeline,
  copies: number,
  overrides: Partial<DebugLoadDeps> = {},
): Promise<TraceModel> {
  const deposit = await pipeline.scenario('depositViaProxy');
  const derived = derive(deposit, repeatedCall(deposit, copies));
  pipeline.add(derived.records);
  const { model, console: lines } = await loadModel(pipeline, derived.scenario, overrides);
  assert.ok(model instanceof TraceModel, `a step-level session: ${lines.join('\n')}`);
  return model;
}

/** What the editor asks after a stop: the stack trace, and the variables of the scopes it opens. */
export function refresh(model: TraceModel): number {
  let count = model.frames().length;
  for (const scope of model.scopes(0)) if (!scope.expensive) count += scope.variables().length;
  return count;
}

/** Length of the session's trace (the Instruction scope's "k of n"). */
export function traceLength(model: TraceModel): number {
  const entry = model
    .scopes(0)
    .find(s => s.name === 'Instruction')
    ?.variables()
    .find(v => v.name === 'entry')?.value;
  return Number(/ of (\d+)$/.exec(entry ?? '')?.[1]);
}
