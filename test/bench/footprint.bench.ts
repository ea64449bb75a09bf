// Footprint: what the extension costs before it does anything.
// - Bundle sizes, minified as `npm run package` builds them (a fresh in-memory esbuild run over the
//   same entry points), with the extension bundle split by the package each byte comes from
//   (esbuild's metafile), goal ≤ 400 KB.
// - Activation in the real extension host (code-server with ledger-lens.vsix installed): the
//   extension host's own codeLoadingTime + activateCallTime for Ledger Lens, as "Developer: Show
//   Running Extensions" shows it, median of fresh workbenches, goal ≤ 20 ms. Needs
//   `npm run package` first; LEDGER_LENS_BENCH_ACTIVATION_SAMPLES sets the count (0 skips it).
import * as fs from 'fs';
import * as path from 'path';
import { measureActivation } from '../harness/activation';
import { projectRoot } from '../harness/proc';
import { buildMetafiles, noticesModule } from '../support/bundles';
import { stats, type BenchRow } from './harness';

const KB = 1024;
const BUNDLE_GOAL_KB = 400;
const ACTIVATION_GOAL_MS = 20;

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const { extension, webviews } = await buildMetafiles();
  const notices = noticesModule();

  const extOut = Object.entries(extension.outputs).find(([file]) => file.endsWith('extension.js'));
  if (!extOut) throw new Error('esbuild wrote no extension.js');
  const extKb = extOut[1].bytes / KB;
  rows.push({
    name: 'extension bundle (minified)',
    value: extKb,
    unit: 'KB',
    goal: `≤ ${BUNDLE_GOAL_KB}`,
    pass: extKb <= BUNDLE_GOAL_KB,
  });
  const split = [...notices.bytesByPackage(extension)].sort((a, b) => b[1] - a[1]);
  for (const [pkg, bytes] of split) {
    rows.push({
      name: `  of which ${pkg}`,
      value: bytes / KB,
      unit: 'KB',
      note: pkg === '(own code)' ? 'src/** as bundled' : undefined,
    });
  }
  for (const [file, out] of Object.entries(webviews.outputs).filter(([f]) => f.endsWith('.js'))) {
    rows.push({ name: `webview ${path.basename(file)}`, value: out.bytes / KB, unit: 'KB' });
  }

  const samples = Number(process.env['LEDGER_LENS_BENCH_ACTIVATION_SAMPLES'] ?? 3);
  const vsix = path.join(projectRoot(), 'ledger-lens.vsix');
  if (samples <= 0) {
    rows.push({ name: 'activation (extension host)', value: Number.NaN, unit: 'ms', note: 'skipped (samples = 0)' });
  } else if (!fs.existsSync(vsix)) {
    rows.push({
      name: 'activation (extension host)',
      value: Number.NaN,
      unit: 'ms',
      goal: `≤ ${ACTIVATION_GOAL_MS}`,
      pass: false,
      note: 'not measured: run `npm run package` first (the figure is for the packaged extension)',
    });
  } else {
    const { samples: ms } = await measureActivation(samples);
    const s = stats(ms);
    rows.push({
      name: 'activation (extension host: module load + activate)',
      value: s.median,
      unit: 'ms',
      goal: `≤ ${ACTIVATION_GOAL_MS}`,
      pass: s.median <= ACTIVATION_GOAL_MS,
      note: `median of ${s.samples} fresh workbenches (code-server, ledger-lens.vsix), samples ${ms.join(', ')} ms; the extension host's codeLoadingTime + activateCallTime`,
    });
  }
  return rows;
}
