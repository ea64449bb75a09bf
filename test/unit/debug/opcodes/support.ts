// Shared by the opcode trace tests: the real EVM's traces as the mirror node sends them, and the
// store read back into plain values to compare with what was sent.
import * as assert from 'assert';
import { evmTraces, type EvmScenario } from '../../../support/evmTraces';
import { opcodesOf, type OpcodesResponseBody } from '../../../support/evmOpcodes';
import { OpcodeTraceParser, storageAt, type OpcodeTraceParserOptions } from '../../../../src/debug/opcodes/parse';
import type { OpcodeTraceResult } from '../../../../src/debug/opcodes/types';

export const ALL = { stack: true, memory: true, storage: true } as const;

export async function scenarios(): Promise<readonly EvmScenario[]> {
  return (await evmTraces()).scenarios;
}

/** The body of a scenario with every part asked for, as the server's JSON text and its value. */
export function bodyOf(
  scenario: EvmScenario,
  flags: { stack: boolean; memory: boolean; storage: boolean } = ALL,
): { text: string; value: OpcodesResponseBody } {
  const value = opcodesOf(scenario, flags);
  return { text: JSON.stringify(value), value };
}

/** 64 lowercase hex digits without `0x`, as the pool gives words back. */
export function word64(hex: string): string {
  return hex.replace(/^0x/i, '').padStart(64, '0').toLowerCase();
}

/** Reads `text` in chunks cut at `cuts` (byte offsets, any order). */
export function parseChunks(
  text: string | Uint8Array,
  cuts: readonly number[] = [],
  options: OpcodeTraceParserOptions = {},
): OpcodeTraceResult {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const points = [...new Set([0, ...cuts.map(c => Math.min(Math.max(c, 0), bytes.length)), bytes.length])].sort(
    (a, b) => a - b,
  );
  const parser = new OpcodeTraceParser(options);
  for (let k = 1; k < points.length; k++) parser.write(bytes.subarray(points[k - 1], points[k]));
  return parser.end();
}

/** The trace as plain values, entry by entry (stack, memory, storage as hex strings). */
export function plain(result: OpcodeTraceResult): object {
  const { trace } = result;
  const entries = [];
  for (let i = 0; i < trace.length; i++) {
    const words = (from: number, to: number, list: Uint32Array) =>
      Array.from(list.subarray(from, to), w => trace.words.word(w) ?? null);
    entries.push({
      pc: trace.pc[i],
      op: trace.opNames[trace.op[i]],
      gas: trace.gas[i],
      gasCost: trace.gasCost[i],
      depth: trace.depth[i],
      stack: words(trace.stackStart[i], trace.stackStart[i + 1], trace.stackWords),
      memory:
        trace.memoryStart && trace.memoryWords
          ? words(trace.memoryStart[i], trace.memoryStart[i + 1], trace.memoryWords)
          : null,
      storage: Object.fromEntries(storageAt(trace, i)),
      reason: trace.reasons.get(i) ?? null,
    });
  }
  return { header: result.header, problems: result.problems, bytes: result.bytes, entries };
}

/** Asserts that the store holds exactly what the server sent. */
export function assertSameAsSent(result: OpcodeTraceResult, sent: OpcodesResponseBody, memory: boolean): void {
  const { trace } = result;
  assert.strictEqual(trace.length, sent.opcodes.length);
  assert.deepStrictEqual(result.header, {
    address: sent.address,
    ...(sent.contract_id !== null ? { contractId: sent.contract_id } : {}),
    failed: sent.failed,
    gas: BigInt(sent.gas),
    returnValue: sent.return_value,
  });
  const entries = (plain(result) as { entries: Record<string, unknown>[] }).entries;
  sent.opcodes.forEach((entry, i) => {
    const storage = Object.fromEntries(Object.entries(entry.storage).map(([k, v]) => [word64(k), word64(v)]));
    assert.deepStrictEqual(
      entries[i],
      {
        pc: entry.pc,
        op: entry.op,
        gas: entry.gas,
        gasCost: entry.gas_cost,
        depth: entry.depth,
        stack: entry.stack.map(word64),
        memory: memory ? entry.memory.map(word64) : null,
        storage,
        reason: entry.reason,
      },
      `entry ${i}`,
    );
  });
}
