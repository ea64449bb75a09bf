// Figures for the debugger's moves on a 20,000-entry session (goal ≤ 5 ms each, median): step over,
// step into, step back, continue to a breakpoint, and the refresh the editor asks after each stop
// (the stack trace and the variables of the scopes it opens); and breakpoint resolution
// (TraceModel.setBreakpoints) over a 1,000-line source (goal ≤ 10 ms), the first request of a
// session (which finds the lines with code) and a later one.
//
// The session: the sample's contracts run no loop long enough for 20,000 instructions, so the
// EVM-made `depositViaProxy` (test/support/evmTraces.ts) has its call into Vault.deposit, and
// MyToken.transferFrom under it, repeated in place until the trace has 20,000 entries or more
// (test/unit/debug/derivedTraces.ts `repeatedCall`: every entry one the EVM made), served by the
// test mirror and loaded as the adapter loads it. The 1,000-line source: MyToken.sol as compiled,
// with comment lines after its end (solc's offsets all fall before them) up to line 1,000; one
// breakpoint asked on each of its lines.
import * as fs from 'fs';
import type { WorkspaceSourceFiles } from '../../src/trace/session';
import type { TraceModel } from '../../src/debug/model/traceModel';
import { diskSources, startDebugPipeline, type DebugPipeline } from '../support/debugPipeline';
import { PROXY_SOL, TOKEN_SOL, VAULT_SOL } from '../unit/debug/dapLaunch';
import { copiesFor } from '../unit/debug/derivedTraces';
import {
  PROXY_RETURN_LINE,
  refresh,
  repeatedDeposit,
  traceLength,
  TRANSFER_FROM_LINE,
} from '../unit/debug/stepWorkload';
import { fmt, now, stats, type BenchRow, type Stats } from './harness';

const STEP_GOAL_MS = 5;
const BREAKPOINT_GOAL_MS = 10;
const ENTRIES = 20_000;
const SOURCE_LINES = 1_000;
const SAMPLES = 200;
const COLD_SESSIONS = 3;

/** MyToken.sol as the workspace has it, padded with comment lines to SOURCE_LINES lines. */
function paddedFiles(pipeline: DebugPipeline): WorkspaceSourceFiles {
  const disk = diskSources(pipeline.sources);
  return {
    ready: () => disk.ready(),
    async file(ref, sourceName) {
      const answer = await disk.file(ref, sourceName);
      if (sourceName !== 'contracts/MyToken.sol' || answer?.path === undefined) return answer;
      const lines = answer.text.split('\n');
      const padding = Array.from({ length: SOURCE_LINES - lines.length }, (_, i) => `// line ${lines.length + i + 1}`);
      return { path: answer.path, text: [...lines, ...padding].join('\n') };
    },
  };
}

/** Wall milliseconds of `timed`, run SAMPLES times, each after `setUp` (not timed). */
function sample(setUp: () => void, timed: () => unknown): Stats {
  for (let i = 0; i < 20; i++) {
    setUp();
    timed();
  }
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    setUp();
    const t0 = now();
    timed();
    samples.push(now() - t0);
  }
  return stats(samples);
}

function row(name: string, s: Stats, goal: number, note: string): BenchRow {
  return {
    name,
    value: s.median,
    unit: 'ms',
    goal: `≤ ${goal}`,
    pass: s.median <= goal,
    note: `${note}; median ${fmt(s.median)}, p90 ${fmt(s.p90)} ms of ${s.samples} (wall)`,
  };
}

/** Positions the session at the last call's `token.transferFrom(…)` line. */
function atLastTransferFrom(model: TraceModel): number {
  for (const file of [PROXY_SOL, TOKEN_SOL]) model.setBreakpoints(file, []);
  model.setBreakpoints(VAULT_SOL, [TRANSFER_FROM_LINE]);
  model.entryStop();
  while (model.continue().reason === 'breakpoint');
  const stop = model.reverseContinue();
  if (stop.reason !== 'breakpoint') throw new Error('the bench session has no transferFrom to stop at');
  model.setBreakpoints(VAULT_SOL, []);
  return stop.entry;
}

function stepRows(model: TraceModel, entries: number): BenchRow[] {
  const at = atLastTransferFrom(model);
  // Back at transferFrom before each timed move (step back from where the move went returns there).
  const back = () => {
    if (model.position !== at && model.stepBack().entry !== at)
      throw new Error('step back did not return to transferFrom');
  };
  const where = `${entries.toLocaleString('en-US')}-entry session, at the last call's transferFrom`;
  const over = sample(back, () => model.stepOver());
  const into = sample(back, () => model.stepInto());
  const stepBack = sample(
    () => {
      back();
      model.stepOver();
    },
    () => model.stepBack(),
  );
  const shown = sample(
    () => undefined,
    () => refresh(model),
  );
  model.setBreakpoints(PROXY_SOL, [PROXY_RETURN_LINE]);
  const across = sample(
    () => model.entryStop(),
    () => model.continue(),
  );
  model.setBreakpoints(PROXY_SOL, []);
  return [
    row('step over (a statement making a call)', over, STEP_GOAL_MS, `${where}: passes MyToken.transferFrom`),
    row('step into', into, STEP_GOAL_MS, `${where}: to MyToken.transferFrom's first statement`),
    row('step back', stepBack, STEP_GOAL_MS, `${where}: from the next statement`),
    row(
      'continue to a breakpoint (first entry → last statement)',
      across,
      STEP_GOAL_MS,
      `${entries.toLocaleString('en-US')} entries scanned: the breakpoint is on VaultProxy.sol's return, run once at the end`,
    ),
    row(
      '  refresh after a stop (stack trace, Call/Stack/Storage/Instruction)',
      shown,
      STEP_GOAL_MS,
      'what the editor asks after each stop, at the same place',
    ),
  ];
}

function breakpointRows(cold: readonly number[], model: TraceModel): BenchRow[] {
  const every = Array.from({ length: SOURCE_LINES }, (_, i) => i + 1);
  const warm = sample(
    () => undefined,
    () => model.setBreakpoints(TOKEN_SOL, every),
  );
  const answers = model.setBreakpoints(TOKEN_SOL, every);
  const verified = answers.filter(a => a.verified).length;
  const few = sample(
    () => undefined,
    () => model.setBreakpoints(TOKEN_SOL, [38, 40, 84]),
  );
  const coldStats = stats(cold);
  return [
    row(
      `setBreakpoints: ${SOURCE_LINES.toLocaleString('en-US')} lines of a ${SOURCE_LINES.toLocaleString('en-US')}-line source, first request`,
      coldStats,
      BREAKPOINT_GOAL_MS,
      `fresh sessions (the lines with code found on this request); ${verified} of ${SOURCE_LINES} verified, the rest after the last line with code`,
    ),
    row(
      `setBreakpoints: ${SOURCE_LINES.toLocaleString('en-US')} lines, a later request`,
      warm,
      BREAKPOINT_GOAL_MS,
      'the same session again',
    ),
    row('setBreakpoints: 3 lines, a later request', few, BREAKPOINT_GOAL_MS, 'the common case'),
  ];
}

export async function run(): Promise<BenchRow[]> {
  const pipeline = await startDebugPipeline();
  try {
    const deposit = await pipeline.scenario('depositViaProxy');
    const copies = copiesFor(deposit, ENTRIES);
    const files = paddedFiles(pipeline);
    if (!fs.existsSync(TOKEN_SOL)) throw new Error(`${TOKEN_SOL} is missing`);
    const cold: number[] = [];
    let model: TraceModel | undefined;
    for (let i = 0; i < COLD_SESSIONS; i++) {
      model = await repeatedDeposit(pipeline, copies, { files });
      const lines = Array.from({ length: SOURCE_LINES }, (_, k) => k + 1);
      const t0 = now();
      model.setBreakpoints(TOKEN_SOL, lines);
      cold.push(now() - t0);
    }
    if (!model) throw new Error('no session loaded');
    const entries = traceLength(model);
    if (entries < ENTRIES) throw new Error(`the bench session has ${entries} entries, fewer than ${ENTRIES}`);
    return [...stepRows(model, entries), ...breakpointRows(cold, model)];
  } finally {
    await pipeline.close();
  }
}
