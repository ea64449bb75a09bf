// Footprint: what the extension costs before it does anything.
// - What the extension host loads at startup (dist/extension.js and the chunks it requires),
//   minified as `npm run package` builds it (a fresh in-memory esbuild run, build/extension-build.mjs),
//   split by the package each byte comes from (esbuild's metafile), goal ≤ 400 KB; then each part
//   loaded on first use (dist/lazy-*.js and the chunks only they need), and a check that no module
//   is in two files.
// - Activation in the real extension host (code-server with ledger-lens.vsix installed): the
//   extension host's own codeLoadingTime + activateCallTime, as "Developer: Show Running
//   Extensions" shows it, for Ledger Lens and for an empty extension (test/bench/baseline-extension)
//   activated in the same workbench. The host's figure for any extension includes its own work and
//   whatever else the host runs at startup; the empty one measures that floor, so Ledger Lens's own
//   share is the difference, workbench by workbench (goal ≤ 20 ms). A second goal row adds up the
//   extension's own performance marks (bundle evaluated + activate()), a third the same span in CPU
//   time. Judged with default settings (a fresh install); the same rows with endpoint settings set
//   are reported. Needs `npm run package` first; LEDGER_LENS_BENCH_ACTIVATION_SAMPLES sets the
//   count per profile (default 7: with 3 one busy workbench moved the median; 0 skips it).
// - The browser build (build/web-build.mjs, production, in memory): the startup file the web worker
//   extension host loads (dist/web/extension.js, goal ≤ 150 KB) and each part loaded on first use;
//   and activation in the web worker extension host (code-server with the web-only package,
//   test/e2e/web/activation.ts), the host's figure for Ledger Lens alone (the empty baseline
//   extension has only a Node entry, so it cannot run beside it there).
import * as fs from 'fs';
import * as path from 'path';
import { measureActivation, type ActivationSamples } from '../harness/activation';
import { measureWebActivation } from '../e2e/web/activation';
import { ACTIVATION_PARTS } from '../../src/web/parts';
import { projectRoot } from '../support/paths';
import { buildMetafiles, extensionBuild, noticesModule, type Metafile } from '../support/bundles';
import { stats, type BenchRow } from './harness';

const KB = 1024;
const BUNDLE_GOAL_KB = 400;
const WEB_STARTUP_GOAL_KB = 150;
const ACTIVATION_GOAL_MS = 20;
const WEB_ENTRY = 'dist/web/extension.js';

/** build/web-build.mjs: how esbuild.mjs builds dist/web/ (the browser entry, its parts and their chunks). */
interface WebBuild {
  buildWeb(o: { root: string; production: boolean }): Promise<{
    files: ReadonlyArray<{ path: string; contents: string }>;
    /** Part → every part its first use loads (itself included). */
    needs: Readonly<Record<string, readonly string[]>>;
    /** Part → the files (parts and chunks, without `.js`) it needs beyond the startup file. */
    partFiles: Readonly<Record<string, readonly string[]>>;
  }>;
}

/**
 * The browser build, minified as `npm run package` writes it: the startup file; what activate()
 * reads besides (ACTIVATION_PARTS, with their chunks); then what each feature's first use reads on
 * top of that.
 */
async function webRows(): Promise<BenchRow[]> {
  const root = projectRoot();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- an ES module of the build, required at run time
  const { buildWeb } = require(path.join(root, 'build', 'web-build.mjs')) as WebBuild;
  const { files, needs, partFiles } = await buildWeb({ root, production: true });
  const bytes = new Map(files.map(f => [path.basename(f.path, '.js'), Buffer.byteLength(f.contents)]));
  const entry = files.find(f => path.relative(root, f.path).split(path.sep).join('/') === WEB_ENTRY);
  if (!entry) throw new Error(`the web build wrote no ${WEB_ENTRY}`);
  /** The files the first use of `parts` reads, but for those in `read`. */
  const filesOf = (parts: readonly string[], read: ReadonlySet<string>): string[] => [
    ...new Set(parts.flatMap(p => (needs[p] ?? [p]).flatMap(n => partFiles[n] ?? [n])).filter(f => !read.has(f))),
  ];
  const kb = (names: readonly string[]) => names.reduce((n, f) => n + (bytes.get(f) ?? 0), 0) / KB;
  const startKb = Buffer.byteLength(entry.contents) / KB;
  const atActivation = filesOf(ACTIVATION_PARTS, new Set());
  const rows: BenchRow[] = [
    {
      name: `browser startup file (${WEB_ENTRY}, minified)`,
      value: startKb,
      unit: 'KB',
      goal: `≤ ${WEB_STARTUP_GOAL_KB}`,
      pass: startKb <= WEB_STARTUP_GOAL_KB,
      note: 'what the web worker extension host loads before activate() (the module registry and the startup code)',
    },
    {
      name: '  browser, read by activate() besides',
      value: kb(atActivation),
      unit: 'KB',
      note: `${ACTIVATION_PARTS.join(', ')} with their chunks (${atActivation.length} files, read with vscode.workspace.fs)`,
    },
  ];
  const features = Object.keys(needs)
    .filter(p => !ACTIVATION_PARTS.includes(p))
    .sort();
  for (const part of features) {
    const more = filesOf([part], new Set(atActivation));
    rows.push({
      name: `  browser, first use of ${part}`,
      value: kb(more),
      unit: 'KB',
      note: more.length > 1 ? `${more.length} files: ${more.join(', ')}` : undefined,
    });
  }
  return rows;
}

async function webActivationRows(): Promise<BenchRow[]> {
  const samples = Number(process.env['LEDGER_LENS_BENCH_ACTIVATION_SAMPLES'] ?? 7);
  const name = 'activation (web worker extension host)';
  if (samples <= 0) return [{ name, value: Number.NaN, unit: 'ms', note: 'skipped (samples = 0)' }];
  if (!fs.existsSync(path.join(projectRoot(), 'ledger-lens.vsix')))
    return [{ name, value: Number.NaN, unit: 'ms', note: 'not measured: run `npm run package` first' }];
  const { samples: ms, partsReadMs, partsLine } = await measureWebActivation(samples);
  const s = stats(ms);
  return [
    {
      name,
      value: s.median,
      unit: 'ms',
      note:
        `median of ${s.samples} fresh workbenches (code-server, the web-only package: ledger-lens.vsix without \`main\`), ` +
        `endpoints at a closed loopback port; samples ${ms.join(', ')} ms; the web worker host's codeLoadingTime + activateCallTime ` +
        '(no empty-extension baseline: the baseline extension has only a Node entry)',
    },
    {
      name: '  then activate() reads its parts (web worker, awaited)',
      value: partsReadMs.length ? stats(partsReadMs).median : Number.NaN,
      unit: 'ms',
      note:
        `not in the host's figure above (it stops when activate() returns its promise); from Ledger Lens's log: ` +
        `${partsLine ?? 'no line found'}; samples ${partsReadMs.join(', ')} ms`,
    },
  ];
}

/** The metafile restricted to some outputs, for the per-package split. */
function only(metafile: Metafile, files: ReadonlySet<string>): Metafile {
  return {
    inputs: metafile.inputs,
    outputs: Object.fromEntries(Object.entries(metafile.outputs).filter(([f]) => files.has(f))),
  };
}

function splitRows(metafile: Metafile, indent: string): BenchRow[] {
  const split = [...noticesModule().bytesByPackage(metafile)].sort((a, b) => b[1] - a[1]);
  return split.map(([pkg, bytes]) => ({
    name: `${indent}of which ${pkg}`,
    value: bytes / KB,
    unit: 'KB',
    note: pkg === '(own code)' && indent === '  ' ? 'src/** as bundled' : undefined,
  }));
}

/** Each lazy part (an entry other than extension.js) with the chunks only lazy parts load. */
function lazyRows(metafile: Metafile, startup: ReadonlySet<string>, sizes: ReadonlyMap<string, number>): BenchRow[] {
  const build = extensionBuild();
  const rows: BenchRow[] = [];
  const claimed = new Set<string>(startup);
  const names = Object.values({ ...build.lazyParts(projectRoot()), ...build.ISOLATED }).sort();
  for (const name of names) {
    const entry = `dist/${name}.js`;
    const closure = [...build.startupFiles(metafile, entry)].filter(f => !claimed.has(f));
    closure.forEach(f => claimed.add(f));
    const bytes = closure.reduce((n, f) => n + (sizes.get(f) ?? 0), 0);
    rows.push({
      name: `loaded on first use: ${name}.js`,
      value: bytes / KB,
      unit: 'KB',
      note: closure.length > 1 ? `with ${closure.filter(f => f !== entry).join(', ')}` : undefined,
    });
    rows.push(...splitRows(only(metafile, new Set(closure)), '    '));
  }
  const rest = Object.keys(metafile.outputs).filter(f => f.endsWith('.js') && !claimed.has(f));
  if (rest.length)
    rows.push({
      name: 'files nobody loads',
      value: rest.length,
      unit: '',
      goal: '0',
      pass: false,
      note: rest.join(', '),
    });
  return rows;
}

/** Inputs (modules) that are in more than one output file: each would be loaded and run twice. */
function twice(metafile: Metafile): string[] {
  const seen = new Map<string, number>();
  for (const [file, out] of Object.entries(metafile.outputs)) {
    if (!file.endsWith('.js')) continue;
    for (const [input, { bytesInOutput }] of Object.entries(out.inputs))
      if (bytesInOutput > 0) seen.set(input, (seen.get(input) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([i]) => i);
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const { extension, extensionFiles, webviews } = await buildMetafiles();
  const startup = extensionBuild().startupFiles(extension);
  if (!startup.has('dist/extension.js')) throw new Error('esbuild wrote no dist/extension.js');
  // Bytes of the files as written (CommonJS); the per-package split is esbuild's, before that step.
  const startKb = [...startup].reduce((n, f) => n + (extensionFiles.get(f) ?? 0), 0) / KB;
  rows.push({
    name: 'extension at startup (minified)',
    value: startKb,
    unit: 'KB',
    goal: `≤ ${BUNDLE_GOAL_KB}`,
    pass: startKb <= BUNDLE_GOAL_KB,
    note: `${[...startup].join(', ')}: what the extension host loads before activate()`,
  });
  rows.push(...splitRows(only(extension, startup), '  '));
  rows.push(...lazyRows(extension, startup, extensionFiles));
  const dup = twice(extension);
  rows.push({
    name: 'modules bundled twice',
    value: dup.length,
    unit: '',
    goal: '0',
    pass: dup.length === 0,
    note: dup.length ? dup.join(', ') : undefined,
  });
  for (const [file, out] of Object.entries(webviews.outputs).filter(([f]) => f.endsWith('.js'))) {
    rows.push({ name: `webview ${path.basename(file)}`, value: out.bytes / KB, unit: 'KB' });
  }
  rows.push(...(await webRows()));
  rows.push(...(await activationRows()));
  rows.push(...(await webActivationRows()));
  return rows;
}

async function activationRows(): Promise<BenchRow[]> {
  const samples = Number(process.env['LEDGER_LENS_BENCH_ACTIVATION_SAMPLES'] ?? 7);
  const vsix = path.join(projectRoot(), 'ledger-lens.vsix');
  const name = 'activation, own share (extension host, minus an empty extension)';
  if (samples <= 0) return [{ name, value: Number.NaN, unit: 'ms', note: 'skipped (samples = 0)' }];
  if (!fs.existsSync(vsix)) {
    return [
      {
        name,
        value: Number.NaN,
        unit: 'ms',
        goal: `≤ ${ACTIVATION_GOAL_MS}`,
        pass: false,
        note: 'not measured: run `npm run package` first (the figure is for the packaged extension)',
      },
    ];
  }
  const rows = profileRows(await measureActivation(samples, 'defaults'), name, true);
  // The same with endpoint settings: values to check, so zod and the URL schema load in activate().
  const endpoints = await measureActivation(samples, 'endpoints');
  rows.push(...profileRows(endpoints, `${name}, endpoint settings set`, false));
  return rows;
}

/** The rows of one profile; `goal`: the figures the ≤ 20 ms goal is judged on (a fresh install). */
function profileRows({ samples: ms, baseline, logLines }: ActivationSamples, name: string, goal: boolean): BenchRow[] {
  const own = ms.map((m, i) => m - (baseline[i] ?? 0));
  const s = stats(own);
  const marks = logLines.map(ownMarksMs).filter((m): m is number => m !== undefined);
  const cpu = logLines.map(ownCpuMs).filter((m): m is number => m !== undefined);
  const host = stats(ms);
  const floor = stats(baseline);
  // Judged on CPU time. Wall clock on this 2-core machine includes the time the extension host's
  // thread waits for a core while the fresh workbench (Chromium, code-server) loads on the same
  // two: the same build read 12.7–28.4 ms median across runs while its CPU time stayed at 10–11 ms.
  // The wall-clock rows are printed beside the goal, not judged by it.
  const judged = (pass: boolean) => (goal ? { goal: `≤ ${ACTIVATION_GOAL_MS}`, pass } : {});
  const reported = goal ? { goal: `≤ ${ACTIVATION_GOAL_MS} (see CPU)` } : {};
  const waited = logLines
    .map(l => (ownMarksMs(l) ?? Number.NaN) - (ownCpuMs(l) ?? Number.NaN))
    .filter(w => !Number.isNaN(w));
  const setting = goal
    ? 'default settings (a fresh install; http.proxy at a closed loopback port, so nothing leaves the machine)'
    : 'ledgerLens.mirrorNodeUrl and statusUrl set (at a closed loopback port): zod and the URL schema load in activate()';
  return [
    {
      name: goal ? 'activation (extension host: module load + activate)' : '  host figure, endpoint settings set',
      value: host.median,
      unit: 'ms',
      note:
        `median of ${host.samples} fresh workbenches (code-server, ledger-lens.vsix), ${setting}; samples ${ms.join(', ')} ms; ` +
        `the extension host's codeLoadingTime + activateCallTime`,
    },
    {
      name: goal ? '  an empty extension, same workbenches' : '  an empty extension, same workbenches (endpoints)',
      value: floor.median,
      unit: 'ms',
      note: `test/bench/baseline-extension (activate() does nothing), samples ${baseline.join(', ')} ms: the host's own cost`,
    },
    {
      name,
      value: s.median,
      unit: 'ms',
      ...reported,
      note: `Ledger Lens minus the empty extension, workbench by workbench: ${own.join(', ')} ms`,
    },
    {
      name: goal
        ? '  module load + activate() (own performance marks)'
        : '  own performance marks, endpoint settings set',
      value: marks.length ? stats(marks).median : Number.NaN,
      unit: 'ms',
      ...reported,
      note: `from the bundle's first statement to activate()'s return, wall clock; of which waiting for a core (wall − CPU): ${waited.map(w => w.toFixed(1)).join(', ')} ms. The extension's log: ${logLines.join(' | ') || 'none found'}`,
    },
    {
      // The same span in CPU time (the extension host process): what our code costs, without the
      // time the thread waits for a core while the fresh workbench loads on the same two cores.
      name: goal
        ? '  module load + activate(), CPU time (own marks)'
        : '  own marks in CPU time, endpoint settings set',
      value: cpu.length ? stats(cpu).median : Number.NaN,
      unit: 'ms',
      ...judged(cpu.length > 0 && stats(cpu).median <= ACTIVATION_GOAL_MS),
      note: `samples ${cpu.map(c => c.toFixed(1)).join(', ')} ms`,
    },
  ];
}

/** 'activated in … (…; CPU A ms); bundle evaluated in … (CPU L ms)' → L + A. */
function ownCpuMs(line: string): number | undefined {
  const a = /activated in [^;]*;[^)]*CPU ([\d.]+) ms\)/.exec(line);
  const l = /bundle evaluated in [\d.]+ ms \(CPU ([\d.]+) ms\)/.exec(line);
  return a && l ? Number(a[1]) + Number(l[1]) : undefined;
}

/** 'activated in A ms (…); bundle evaluated in L ms …' → L + A. */
function ownMarksMs(line: string): number | undefined {
  const a = /activated in ([\d.]+) ms/.exec(line);
  const l = /bundle evaluated in ([\d.]+) ms/.exec(line);
  return a && l ? Number(a[1]) + Number(l[1]) : undefined;
}
