// `npm run bench` section for finding deployments: a workspace of 100 deployment records made from
// the sample workspaces' own (40 hardhat-deploy files, 10 of them about a megabyte with a proxy's
// `history`; 30 Ignition folders of 5 futures, each future's artifact read for its names; 30
// Foundry broadcasts of 5 creations), written to os.tmpdir() and read from disk, then paired with
// the 1,000 artifacts of the workspace's ABI index. Both ways the finder reads: in the extension
// host's thread in turns that yield (what runs when no worker is given), and in the worker thread.
// Each reports the whole time (goal ≤ 500 ms, timed without the probe) and how long the host's
// thread was held: the longest gap between two turns of a probe that runs on every turn of the
// event loop (goal < 50 ms), perf_hooks' event loop delay, and the probe's longest gap with nothing
// running (what a loaded machine adds to every figure).
import { monitorEventLoopDelay } from 'perf_hooks';
import { cpuNow, fmt, idleLongestTurn, pause, startProbe, stats, type BenchRow } from './harness';
import { DeploymentFinder, joinArtifacts } from '../../src/deploy';
import {
  BENCH_SIZES,
  TempWorkspace,
  WORKER_SCRIPT,
  diskAccess,
  writeSyntheticWorkspace,
  type SyntheticWorkspace,
} from '../unit/deploy/fixtures';

const RUNS = 12;
const WARMUP = 2;

interface Measured {
  readonly totalMs: number[];
  /** CPU time of the process (every thread) per timed run. */
  readonly cpuMs: number[];
  readonly longestTurnMs: number[];
  readonly delayMaxMs: number;
  readonly found: number;
  readonly joined: number;
}

/**
 * Timed runs first, with nothing else on the thread (the probe spins a core, which would slow a
 * worker on a loaded machine); then probed runs for the turns.
 */
async function measure(ws: SyntheticWorkspace, root: string, workerScript?: string): Promise<Measured> {
  const finder = new DeploymentFinder({ ...diskAccess(root), ...(workerScript ? { workerScript } : {}) });
  const totalMs: number[] = [];
  const cpuMs: number[] = [];
  const longestTurnMs: number[] = [];
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let found = 0;
  let joined = 0;
  const once = async () => {
    const result = await finder.discover(ws.files);
    const pairs = joinArtifacts(result.deployments, ws.artifacts);
    if (result.problems.length > 0) throw new Error(`problems: ${JSON.stringify(result.problems.slice(0, 3))}`);
    found = result.deployments.length;
    joined = pairs.filter(p => p.artifact !== undefined).length;
  };
  try {
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const t0 = performance.now();
      const c0 = cpuNow();
      await once();
      if (run >= WARMUP) {
        totalMs.push(performance.now() - t0);
        cpuMs.push(cpuNow() - c0);
      }
      await pause(20);
    }
    delay.enable();
    for (let run = 0; run < RUNS; run++) {
      const stop = startProbe();
      await once();
      longestTurnMs.push(stop());
      await pause(20);
    }
  } finally {
    delay.disable();
    finder.dispose();
  }
  return { totalMs, cpuMs, longestTurnMs, delayMaxMs: delay.max / 1e6, found, joined };
}

function rows(label: string, m: Measured, ws: SyntheticWorkspace, idleMs: number): BenchRow[] {
  const total = stats(m.totalMs);
  const turn = stats(m.longestTurnMs);
  return [
    {
      name: `discover ${ws.records} records + join ${ws.artifacts.length} artifacts, ${label}, median`,
      value: Math.round(total.median),
      unit: 'ms',
      goal: '≤ 500',
      pass: total.median <= 500 && m.found === ws.deployments,
      note: `p90 ${fmt(total.p90)} ms over ${RUNS} runs; CPU ${fmt(stats(m.cpuMs).median)} ms a run (all threads); ${m.found} deployments found, ${m.joined} paired with an artifact`,
    },
    {
      name: `  longest turn of the host's thread meanwhile, ${label}, median of runs`,
      value: Math.round(turn.median * 10) / 10,
      unit: 'ms',
      goal: '< 50',
      pass: turn.p90 < 50,
      note: `worst run ${fmt(Math.max(...m.longestTurnMs))} ms; perf_hooks event loop delay max ${fmt(m.delayMaxMs)} ms; the same probe with nothing running: ${fmt(idleMs)} ms (this machine's noise)`,
    },
  ];
}

export async function run(): Promise<BenchRow[]> {
  const ws = new TempWorkspace();
  try {
    const workspace = writeSyntheticWorkspace(ws, BENCH_SIZES);
    const inThread = await measure(workspace, ws.root);
    const inWorker = await measure(workspace, ws.root, WORKER_SCRIPT);
    const idle = await idleLongestTurn(stats(inThread.totalMs).median, RUNS);
    return [
      ...rows('in the host thread (turns of ~8 ms)', inThread, workspace, idle),
      ...rows('worker thread', inWorker, workspace, idle),
    ];
  } finally {
    ws.remove();
  }
}
