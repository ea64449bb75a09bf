// The reference EVM's run of a scenario (test/support/evmTraces.ts, evmOpcodes.ts) in the local
// replay's own terms, for the replay host's tests: the actions as the mirror client hands them,
// and the outcome a replay that reproduced the record exactly would hand back (body left out).
import type { ContractAction } from '../../src/mirror/schemas';
import type { ReplayFrame, ReplayOutcome } from '../../src/debug/replay/types';
import { opcodesOf } from './evmOpcodes';
import type { EvmScenario } from './evmTraces';

const OPENING = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2']);
const RESULT: Record<string, ReplayFrame['outcome']> = { OUTPUT: 'success', REVERT_REASON: 'revert', ERROR: 'halt' };

/** The scenario's actions as the mirror client hands them (int64 members as bigint). */
export function actionsOf(scenario: EvmScenario): ContractAction[] {
  return scenario.actions.map(a => ({
    ...a,
    gas: BigInt(a.gas),
    gas_used: BigInt(a.gas_used),
    value: BigInt(a.value),
  }));
}

/** What a replay that reproduced the record exactly would hand back (the body left out). */
export function referenceOutcome(scenario: EvmScenario): Omit<ReplayOutcome, 'body'> {
  const entries = opcodesOf(scenario, { stack: false }).opcodes;
  // The server writes a call's entry at the depth it opens (Besu's tracer reads the frame after it).
  const openings = entries.flatMap((e, i) => (OPENING.has(e.op) && i > 0 && e.depth > entries[i - 1].depth ? [i] : []));
  const r = scenario.contractResult;
  const outcome = r.status === '0x1' ? 'success' : r.result === 'CONTRACT_REVERT_EXECUTED' ? 'revert' : 'halt';
  return {
    entries: entries.length,
    frames: scenario.actions.map((a, i): ReplayFrame => ({
      index: a.index,
      depth: a.call_depth,
      operation: a.call_operation_type,
      to: a.to!,
      how: 'replayed',
      outcome: RESULT[a.result_data_type],
      output: a.result_data ?? '0x',
      gasUsed: BigInt(a.gas_used),
      openedAt: i === 0 ? undefined : openings[i - 1],
    })),
    result: {
      outcome,
      ...(outcome === 'halt' ? { error: r.error_message! } : {}),
      output: outcome === 'revert' ? r.error_message! : r.call_result,
      gasConsumed: BigInt(r.gas_consumed),
    },
    written: r.state_changes
      .filter(c => c.value_written !== null)
      .map(c => ({ address: c.address, slot: c.slot.slice(2), value: c.value_written!.slice(2) })),
    // A replay asks at least the called contract's code.
    fetched: { code: 1, slots: 0, balances: 0 },
  };
}
