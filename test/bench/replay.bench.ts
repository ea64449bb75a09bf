// `npm run bench` section for the local replay (the debugger's third trace source):
// - A call of ~5,000 instructions reading 50 storage slots the record does not give (test/bench/
//   replayWorld.ts assembles it), replayed through replayTransaction from a loopback mirror node
//   (test/support/replayMirror.ts serving the bench's own world) that waits 20 ms before every
//   answer, over the real mirror client. The whole replay (contract result read, engine run, trace
//   read, verdict) against the same requests made alone, one after another, through a fresh client
//   of the same kind (the fetches without the EVM): goal ≤ 1.2×, pair by pair. Both ways the
//   replay runs: in the worker thread and in the host's thread (the engine yields every ~8 ms),
//   each with the longest turn of the host's event loop meanwhile (goal < 50 ms) from a probe on
//   every turn, as deployments.bench.ts does. The worker and the engine are the production files
//   (minified, built in memory as below and written to a temporary folder) when one replay shows
//   the production worker can load its engine; else the tsc output's, that trial a failed row.
//   The requests counted: 50 slots, each asked once.
// - The replay's bundles as `npm run package` builds them (build/extension-build.mjs, in memory):
//   dist/lazy-replay-engine.js and dist/replay-worker.js, and what of the replay is in the files
//   the extension host loads at startup (goal: no @ethereumjs byte there).
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { monitorEventLoopDelay } from 'perf_hooks';
import { createMirrorClient, type MirrorClient } from '../../src/mirror';
import { loadReplayEngine, type ReplayEngine } from '../../src/debug/replay/host/engineLoader';
import { replayTransaction, type ReplayMirror as ReplayMirrorClient } from '../../src/debug/replay/host/replaySource';
import type { ReplayOutcome } from '../../src/debug/replay/types';
import { extensionBuild, noticesModule, type Metafile } from '../support/bundles';
import { projectRoot } from '../support/paths';
import { startReplayMirror, type ReplayMirror, type ReplayMirrorCounts } from '../support/replayMirror';
import { fmt, idleLongestTurn, pause, startProbe, stats, type BenchRow } from './harness';
import {
  SLOTS,
  TRANSACTION_ID,
  actionsOf,
  assembleSlotLoop,
  benchFixtures,
  calibrationRun,
  expectedOutput,
} from './replayWorld';

const LATENCY_MS = 20;
const PAIRS = 6;
const PROBED_RUNS = 4;
const RATIO_GOAL = 1.2;
const TURN_GOAL_MS = 50;
const KB = 1024;
/** The client's own request cap would pace the runs (default 20 a second); the figure is about latency. */
const CLIENT_RATE = 10_000;

// ---------------------------------------------------------------------------------------------
// The replay's bundles

interface Bundled {
  readonly rows: BenchRow[];
  /** The production files written out: dist/replay-worker.js and dist/lazy-replay-engine.js (with what they require). */
  readonly distDir: string;
}

function only(metafile: Metafile, files: ReadonlySet<string>): Metafile {
  return {
    inputs: metafile.inputs,
    outputs: Object.fromEntries(Object.entries(metafile.outputs).filter(([f]) => files.has(f))),
  };
}

/** Bytes of the outputs `files` that come from inputs matching `from`. */
function bytesFrom(metafile: Metafile, files: ReadonlySet<string>, from: RegExp): number {
  let bytes = 0;
  for (const [file, out] of Object.entries(metafile.outputs))
    if (files.has(file))
      for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) if (from.test(input)) bytes += bytesInOutput;
  return bytes;
}

const ETHEREUMJS = /node_modules\/@ethereumjs\//;
const REPLAY_SOURCES = /^src\/debug\/replay\//;

/** build/extension-build.mjs's buildExtension, with the worker metafile bundles.ts's type leaves out. */
interface BuiltExtension {
  readonly metafile: Metafile;
  readonly workerMetafile: Metafile;
  readonly files: ReadonlyArray<{ readonly path: string; readonly contents: string }>;
}

const ENGINE_FILE = 'dist/lazy-replay-engine.js';
const WORKER_FILE = 'dist/replay-worker.js';

async function bundleRows(): Promise<Bundled> {
  const root = projectRoot();
  const build = extensionBuild();
  const built = (await build.buildExtension({ root, production: true })) as unknown as BuiltExtension;
  const { metafile, workerMetafile, files } = built;
  const sizes = new Map(
    files.map(f => [path.relative(root, f.path).replace(/\\/g, '/'), Buffer.byteLength(f.contents)]),
  );
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-replay-bench-'));
  for (const f of files) {
    const to = path.join(distDir, path.relative(root, f.path));
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.writeFileSync(to, f.contents);
  }
  for (const f of [ENGINE_FILE, WORKER_FILE]) if (!sizes.has(f)) throw new Error(`the build wrote no ${f}`);
  const startup = build.startupFiles(metafile);
  // What requiring the engine loads: its file and the chunks it imports (the engine as a lazy part
  // of the split build shares chunks; as an isolated one it has none).
  const closure = build.startupFiles(metafile, ENGINE_FILE);
  const fromStartup = [...closure].filter(f => startup.has(f));
  const own = new Set([...closure].filter(f => !startup.has(f)));
  const ownBytes = [...own].reduce((n, f) => n + (sizes.get(f) ?? 0), 0);
  const split = (m: Metafile, outputs: ReadonlySet<string>) =>
    [...noticesModule().bytesByPackage(only(m, outputs))]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([pkg, b]) => `${pkg} ${fmt(b / KB)} KB`)
      .join(', ');
  const startupEthereumjs = bytesFrom(metafile, startup, ETHEREUMJS);
  const startupReplay = bytesFrom(metafile, startup, REPLAY_SOURCES);
  const workerEthereumjs = bytesFrom(workerMetafile, new Set([WORKER_FILE]), ETHEREUMJS);
  const startupKb = [...startup].reduce((n, f) => n + (sizes.get(f) ?? 0), 0) / KB;
  const hostParts = Object.entries(metafile.outputs)
    .filter(([, out]) => Object.keys(out.inputs).some(i => /^src\/debug\/replay\/host\//.test(i)))
    .map(([file]) => file);
  const rows: BenchRow[] = [
    {
      name: `${ENGINE_FILE} (minified), with the chunks only lazy parts load`,
      value: ownBytes / KB,
      unit: 'KB',
      note: `${ENGINE_FILE} ${fmt(sizes.get(ENGINE_FILE)! / KB)} KB${own.size > 1 ? ` + ${[...own].filter(f => f !== ENGINE_FILE).join(', ')}` : ''}; of which ${split(metafile, own)}`,
    },
    {
      name: '  startup files the engine requires (a worker thread cannot load them: they require vscode)',
      value: fromStartup.length,
      unit: 'files',
      goal: '0',
      pass: fromStartup.length === 0,
      note: fromStartup.length
        ? `${fromStartup.join(', ')} (a chunk of the startup file forwards to dist/extension.js)`
        : undefined,
    },
    {
      name: `${WORKER_FILE} (minified)`,
      value: sizes.get(WORKER_FILE)! / KB,
      unit: 'KB',
      note: `the worker's entry; it requires lazy-replay-engine.js at run time; of which ${split(workerMetafile, new Set([WORKER_FILE]))}`,
    },
    {
      name: '  @ethereumjs code in replay-worker.js (not a second copy of the engine)',
      value: workerEthereumjs,
      unit: 'bytes',
      goal: '0',
      pass: workerEthereumjs === 0,
    },
    {
      name: '@ethereumjs code in the startup files',
      value: startupEthereumjs,
      unit: 'bytes',
      goal: '0',
      pass: startupEthereumjs === 0 && startup.has('dist/extension.js'),
      note: `startup files ${[...startup].join(', ')} (${fmt(startupKb)} KB in all)`,
    },
    {
      name: '  src/debug/replay/** in the startup files',
      value: startupReplay,
      unit: 'bytes',
      goal: '0',
      pass: startupReplay === 0,
      note: `the replay's host code is in ${hostParts.join(', ') || 'no output'}`,
    },
  ];
  return { rows, distDir };
}

// ---------------------------------------------------------------------------------------------
// The replay against the same requests alone

/** One lookup the replay made, to be made again alone, and when it was made (performance.now()). */
interface Lookup {
  readonly kind: 'result' | 'contract' | 'state' | 'account' | 'token';
  readonly at: number;
  readonly again: (client: MirrorClient) => Promise<unknown>;
}

/** The client, each lookup noted in the order it was made. */
function noting(client: MirrorClient, lookups: Lookup[]): ReplayMirrorClient {
  const note = (kind: Lookup['kind'], again: Lookup['again']) => lookups.push({ kind, at: performance.now(), again });
  return {
    getContractResult: (...a) => (note('result', c => c.getContractResult(...a)), client.getContractResult(...a)),
    getContract: (...a) => (note('contract', c => c.getContract(...a)), client.getContract(...a)),
    getContractState: (...a) => (note('state', c => c.getContractState(...a)), client.getContractState(...a)),
    getAccount: (...a) => (note('account', c => c.getAccount(...a)), client.getAccount(...a)),
    getToken: (...a) => (note('token', c => c.getToken(...a)), client.getToken(...a)),
  };
}

/**
 * Where a replay's time went: from its start to the first slot asked (contract result, worker
 * start, engine load, the accounts), the slots (first asked to last asked, per slot), and from the
 * last slot asked to the end (its answer, the rest of the run, the trace read, the verdict).
 */
interface Phases {
  readonly toFirstSlotMs: number;
  readonly perSlotMs: number;
  readonly afterLastSlotMs: number;
}

function phasesOf(t0: number, end: number, lookups: readonly Lookup[]): Phases {
  const slots = lookups.filter(l => l.kind === 'state').map(l => l.at);
  const first = slots[0] ?? end;
  const last = slots.at(-1) ?? end;
  return {
    toFirstSlotMs: first - t0,
    perSlotMs: slots.length > 1 ? (last - first) / (slots.length - 1) : 0,
    afterLastSlotMs: end - last,
  };
}

interface Setup {
  readonly mirror: ReplayMirror;
  readonly actions: ReturnType<typeof actionsOf>;
  readonly expectedOutput: string;
  /** The worker's script: the production one, or the tsc output's when that one cannot run the engine. */
  readonly workerScript: string;
  /** The host thread's engine: the production file, or none (the tsc output's, loaded by the runner). */
  readonly engine: (() => ReplayEngine) | undefined;
}

interface OneReplay {
  readonly ms: number;
  readonly lookups: Lookup[];
  readonly outcome: Omit<ReplayOutcome, 'body'>;
  readonly counts: ReplayMirrorCounts;
  readonly faithful: boolean;
  readonly phases: Phases;
  /** Where the engine ran, or why not in the worker it was given. */
  readonly thread: string;
}

const freshClient = (url: string) =>
  createMirrorClient({ baseUrl: url, retryBaseMs: 5, maxRequestsPerSecond: CLIENT_RATE });

const TSC_WORKER = path.join(__dirname, '..', '..', 'src', 'debug', 'replay', 'worker.js');

function productionEngine(distDir: string): () => ReplayEngine {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the production engine file, written by the bench
  return () => require(path.join(distDir, ENGINE_FILE)) as ReplayEngine;
}

async function replayOnce(
  setup: Pick<Setup, 'mirror' | 'actions' | 'expectedOutput' | 'engine'>,
  workerScript: string | undefined,
): Promise<OneReplay> {
  const lookups: Lookup[] = [];
  const client = noting(freshClient(setup.mirror.url), lookups);
  const threads: string[] = [];
  setup.mirror.answers.resetCounts();
  const t0 = performance.now();
  const answer = await replayTransaction(
    TRANSACTION_ID,
    {
      mirror: client,
      actions: setup.actions,
      network: 'testnet',
      onThread: (thread, problem) => threads.push(problem ?? thread),
      ...(setup.engine ? { engine: setup.engine } : {}),
      ...(workerScript !== undefined ? { workerScript } : {}),
    },
    { memory: false, signal: new AbortController().signal },
  );
  const end = performance.now();
  const ms = end - t0;
  if (answer.kind !== 'replayed') throw new Error(`the bench's transaction was not replayed: ${answer.why}`);
  const { outcome } = answer;
  if (outcome.stopped) throw new Error(`the replay stopped: ${outcome.stopped.reason}`);
  if (outcome.result.output !== setup.expectedOutput)
    throw new Error(`the replay returned ${outcome.result.output}, not the sum of the slots before the transaction`);
  return {
    ms,
    lookups,
    outcome,
    counts: setup.mirror.counts(),
    faithful: answer.verdict.faithful,
    phases: phasesOf(t0, end, lookups),
    thread: threads.join('; '),
  };
}

/** A replay that ran elsewhere than asked is no figure of that way. */
async function replayIn(setup: Setup, where: 'worker' | 'host'): Promise<OneReplay> {
  const once = await replayOnce(setup, where === 'worker' ? setup.workerScript : undefined);
  if (once.thread !== where) throw new Error(`the replay ran in ${once.thread || 'no thread'}, not the ${where}`);
  return once;
}

/** The lookups made again, alone, one after another, through a fresh client (a 404 is an answer too). */
async function lookupsAlone(setup: Setup, lookups: readonly Lookup[]): Promise<number> {
  const client = freshClient(setup.mirror.url);
  const t0 = performance.now();
  for (const lookup of lookups) await lookup.again(client).catch(() => undefined);
  return performance.now() - t0;
}

interface Measured {
  readonly replayMs: number[];
  readonly aloneMs: number[];
  readonly ratios: number[];
  readonly longestTurnMs: number[];
  readonly delayMaxMs: number;
  readonly phases: Phases[];
  readonly last: OneReplay;
}

/** Replay and lookups alone in pairs, alternating which goes first; then probed replays for the turns. */
async function measure(setup: Setup, where: 'worker' | 'host'): Promise<Measured> {
  let last = await replayIn(setup, where); // warm-up: loads the engine, the client's schemas
  await lookupsAlone(setup, last.lookups);
  const replayMs: number[] = [];
  const aloneMs: number[] = [];
  const ratios: number[] = [];
  const phases: Phases[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    let alone: number;
    if (pair % 2 === 0) {
      last = await replayIn(setup, where);
      alone = await lookupsAlone(setup, last.lookups);
    } else {
      alone = await lookupsAlone(setup, last.lookups);
      last = await replayIn(setup, where);
    }
    replayMs.push(last.ms);
    phases.push(last.phases);
    aloneMs.push(alone);
    ratios.push(last.ms / alone);
    await pause(20);
  }
  const longestTurnMs: number[] = [];
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  try {
    for (let run = 0; run < PROBED_RUNS; run++) {
      const stop = startProbe();
      await replayIn(setup, where);
      longestTurnMs.push(stop());
      await pause(20);
    }
  } finally {
    delay.disable();
  }
  return { replayMs, aloneMs, ratios, longestTurnMs, delayMaxMs: delay.max / 1e6, phases, last };
}

function kinds(counts: ReplayMirrorCounts): string {
  return Object.entries(counts.byKind)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
}

function replayRows(label: string, m: Measured, idleMs: number, expectedSteps: number): BenchRow[] {
  const ratio = stats(m.ratios);
  const replay = stats(m.replayMs);
  const alone = stats(m.aloneMs);
  const turn = stats(m.longestTurnMs);
  const median = (of: (p: Phases) => number) => stats(m.phases.map(of)).median;
  const { outcome, counts } = m.last;
  const askedTwice = [...counts.byTarget].filter(([, n]) => n > 1).length;
  const slotsOnce = counts.byKind.state === SLOTS && outcome.fetched.slots === SLOTS && askedTwice === 0;
  return [
    {
      name: `replay / the same requests alone, ${label}, median of pairs`,
      value: ratio.median,
      unit: '×',
      goal: `≤ ${RATIO_GOAL}`,
      pass: ratio.median <= RATIO_GOAL,
      note:
        `replay ${fmt(replay.median)} ms (p90 ${fmt(replay.p90)}), the ${m.last.lookups.length} requests alone one after another ${fmt(alone.median)} ms ` +
        `(p90 ${fmt(alone.p90)}), ${PAIRS} pairs, ratios ${m.ratios.map(r => r.toFixed(2)).join(', ')}; ` +
        `replayTransaction: contract result read, engine run, trace read, verdict ${m.last.faithful ? 'faithful' : 'NOT faithful'}; ` +
        `medians: start to first slot asked ${fmt(median(p => p.toFirstSlotMs))} ms, ${fmt(median(p => p.perSlotMs))} ms per slot ` +
        `(alone: ${fmt(alone.median / m.last.lookups.length)} ms per request), last slot asked to the end ${fmt(median(p => p.afterLastSlotMs))} ms`,
    },
    {
      name: `  instructions executed, ${label}`,
      value: outcome.entries,
      unit: '',
      goal: `${expectedSteps}`,
      pass: outcome.entries === expectedSteps,
    },
    {
      name: `  state values asked of the mirror node, ${label}`,
      value: counts.total,
      unit: 'requests',
      goal: `${SLOTS} slots, each once`,
      pass: slotsOnce,
      note: `by kind: ${kinds(counts)}; the engine's own count: code ${outcome.fetched.code}, slots ${outcome.fetched.slots}, balances ${outcome.fetched.balances}; targets asked twice: ${askedTwice}`,
    },
    {
      name: `  longest turn of the host's thread meanwhile, ${label}, median of runs`,
      value: Math.round(turn.median * 10) / 10,
      unit: 'ms',
      goal: `< ${TURN_GOAL_MS}`,
      pass: turn.p90 < TURN_GOAL_MS,
      note: `worst run ${fmt(Math.max(...m.longestTurnMs))} ms over ${PROBED_RUNS} probed runs; perf_hooks event loop delay max ${fmt(m.delayMaxMs)} ms; the same probe with nothing running: ${fmt(idleMs)} ms (this machine's noise)`,
    },
  ];
}

/** The mirror serving the bench's world, its record filled from a run with no network in between. */
async function benchMirror(engine: ReplayEngine): Promise<Pick<Setup, 'mirror' | 'actions' | 'expectedOutput'>> {
  const { code } = assembleSlotLoop();
  const calibrated = await calibrationRun(code, engine);
  if (calibrated.stopped) throw new Error(`the calibration run stopped: ${calibrated.stopped.reason}`);
  const fixtures = benchFixtures(code, calibrated);
  const mirror = await startReplayMirror(fixtures, { latencyMs: LATENCY_MS });
  return { mirror, actions: actionsOf(fixtures.scenarios[0].actions), expectedOutput: expectedOutput() };
}

/**
 * The production files when the production worker runs the engine (one replay tells); else the
 * tsc output's worker and engine, with the reason as a failed row.
 */
async function chooseFiles(
  served: Pick<Setup, 'mirror' | 'actions' | 'expectedOutput'>,
  distDir: string | undefined,
): Promise<{ setup: Setup; rows: BenchRow[]; files: string }> {
  const tsc: Setup = { ...served, workerScript: TSC_WORKER, engine: undefined };
  if (distDir === undefined) return { setup: tsc, rows: [], files: 'tsc output (no production build)' };
  const name = `one replay in the production worker (${WORKER_FILE})`;
  const trial = await replayOnce({ ...served, engine: undefined }, path.join(distDir, WORKER_FILE));
  if (trial.thread === 'worker')
    return {
      setup: { ...served, workerScript: path.join(distDir, WORKER_FILE), engine: productionEngine(distDir) },
      rows: [{ name, value: 1, unit: 'ran', goal: 'runs in the worker', pass: true }],
      files: `production files (${WORKER_FILE}, ${ENGINE_FILE}, built in memory)`,
    };
  return {
    setup: tsc,
    rows: [
      {
        name,
        value: 0,
        unit: 'ran',
        goal: 'runs in the worker',
        pass: false,
        note: `ran in the host's thread: ${trial.thread}`,
      },
    ],
    files: 'tsc output (the production worker could not run the engine, see its row)',
  };
}

export async function run(): Promise<BenchRow[]> {
  let bundled: Bundled | undefined;
  let bundleProblem: string | undefined;
  try {
    bundled = await bundleRows();
  } catch (error) {
    bundleProblem = error instanceof Error ? error.message : String(error);
  }
  const { instructions } = assembleSlotLoop();
  // The record is filled by the tsc output's engine: the production one may need the extension host.
  const served = await benchMirror(loadReplayEngine());
  try {
    const { setup, rows: trialRows, files } = await chooseFiles(served, bundled?.distDir);
    const inWorker = await measure(setup, 'worker');
    const inHost = await measure(setup, 'host');
    const idle = await idleLongestTurn(stats(inHost.replayMs).median, PROBED_RUNS);
    const rows = [
      ...replayRows('worker thread', inWorker, idle, instructions),
      ...replayRows("host's thread (turns of ~8 ms)", inHost, idle, instructions),
    ];
    rows[0] = {
      ...rows[0],
      note: `${rows[0].note}; ${LATENCY_MS} ms latency per request; the engine and worker: ${files}`,
    };
    const bundleFailed: BenchRow = {
      name: 'the replay bundles',
      value: Number.NaN,
      unit: '',
      goal: 'built',
      pass: false,
      note: bundleProblem,
    };
    return [...rows, ...trialRows, ...(bundled?.rows ?? [bundleFailed])];
  } finally {
    await served.mirror.close();
    if (bundled) fs.rmSync(bundled.distDir, { recursive: true, force: true });
  }
}
