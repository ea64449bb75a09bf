// `npm run bench` section for the contract results panel in Chromium: the figures of contracts.ts
// (bundle, render 100 rows, unit toggle, and Load more / scroll / toggle at 10,000 rows) as rows.
import type { BenchRow } from './harness';
import { runContractsBench } from './contracts';

export async function run(): Promise<BenchRow[]> {
  const r = await runContractsBench();
  const within = (value: number, limit: number) => value <= limit;
  return [
    {
      name: 'contract results bundle (minified)',
      value: Math.round(r.bundleBytes / 102.4) / 10,
      unit: 'KB',
      goal: '≤ 300',
      pass: within(r.bundleBytes, 300 * 1024),
    },
    {
      name: `render 100 rows (${r.renderedRows} in view rendered), median`,
      value: r.renderMs.median,
      unit: 'ms',
      goal: '≤ 50',
      pass: within(r.renderMs.median, 50),
      note: `max ${r.renderMs.max} ms; to the next frame median ${r.renderFrameMs.median} ms`,
    },
    {
      name: 'unit toggle on 100 rows, median',
      value: r.toggleMs.median,
      unit: 'ms',
      goal: '≤ 16',
      pass: within(r.toggleMs.median, 16) && r.toggleExact,
    },
    {
      name: `scroll ${r.large.rows} rows (≤ ${r.large.renderedMax} in the DOM), median step`,
      value: r.large.scrollMs.median,
      unit: 'ms',
      goal: '≤ 16',
      pass: within(r.large.scrollMs.median, 16),
      note: `max ${r.large.scrollMs.max} ms; to the next frame median ${r.large.scrollFrameMs.median} ms; Load more pages of 100 median ${r.large.appendMs.median} ms`,
    },
    {
      name: `unit toggle on ${r.large.rows} rows (visible part), median`,
      value: r.large.toggleMs.median,
      unit: 'ms',
      goal: '≤ 16',
      pass: within(r.large.toggleMs.median, 16) && r.large.lastRowExact,
      note: `max ${r.large.toggleMs.max} ms; last row exact after scrolling to it: ${r.large.lastRowExact}; Ctrl+End/Ctrl+Home: ${r.large.keyboard}`,
    },
    // Strict in the default unit (tinybar); weibars, the longest amounts, are reported only.
    ...r.fit.map(f => ({
      name: `essential columns whole and in view in ${f.unit} at ${f.width} px${f.detailOpen ? ', detail open' : ''} (${f.gridWidth} px grid)`,
      value: f.problems.length,
      unit: 'cut',
      goal: f.unit === 'tinybar' ? '= 0' : 'reported',
      ...(f.unit === 'tinybar' ? { pass: f.problems.length === 0 && f.checked > 0 } : {}),
      note: `shown: ${f.shownColumns.join(', ')}; ${f.cut} of ${f.checked} cut${f.problems.length ? `; ${f.problems.slice(0, 3).join('; ')}` : ''}`,
    })),
    {
      name: 'CSP violations',
      value: r.cspViolations.length,
      unit: '',
      goal: '= 0',
      pass: r.cspViolations.length === 0,
    },
  ];
}
