// Browser bench of the contract results panel, reported and never asserted (goals:
// toggling units on 100 loaded rows ≤ 16 ms, rendering 100 rows ≤ 50 ms, bundle ≤ 300 KB;
// Load more to 10,000 rows, scrolling them ≤ 16 ms a frame, the unit toggle on 10,000 rows
// ≤ 16 ms for the visible part). The grid renders only the rows in view, so each figure also says
// how many rows were in the DOM.
//
// The panel's production bundle runs in the harness's Chromium, served over loopback under the
// same CSP as in VS Code (default-src 'none', scripts by nonce, styles from the asset origin and
// by nonce), with acquireVsCodeApi stubbed. Rows are real: the recorded contract results through
// the client's schema and the host's toRow, repeated to 100. CSP violations are counted too: the
// toolkit must render without relaxing the policy.
//
//   node out/test/bench/contracts.js [--screenshot file.png] [--fit-shots folder]
import { randomBytes } from 'crypto';
import * as esbuild from 'esbuild';
import * as fs from 'fs';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as os from 'os';
import * as path from 'path';
import * as zlib from 'zlib';
import { closeBrowser, launchBrowser } from '../harness/browser';
import { projectRoot } from '../support/paths';
import { toRow } from '../../src/features/contracts/rows';
import { parseLossless } from '../../src/mirror';
import { ContractResultsResponseSchema } from '../../src/mirror/schemas';
import {
  EMPTY_CONTRACT_RESULTS_FILTERS,
  type ContractResultRow,
  type ContractResultsToWebview,
} from '../../webview/protocol';
import { loadRecords } from '../support/mirrorReplay';
import { fitAtWidths, type FitResult } from './contractsFit';

export interface ContractsBenchResult {
  readonly bundleBytes: number;
  readonly bundleGzipBytes: number;
  readonly cssBytes: number;
  readonly renderMs: { readonly median: number; readonly max: number };
  readonly renderFrameMs: { readonly median: number; readonly max: number };
  readonly toggleMs: { readonly median: number; readonly max: number };
  readonly toggleExact: boolean;
  readonly cspViolations: readonly string[];
  readonly toolkitStyled: boolean;
  /** Rows in the DOM after rendering 100. */
  readonly renderedRows: number;
  readonly large: LargeGridResult;
  /**
   * The grid at 430 (the grid an 800 px VS Code window with the sidebar leaves), 800 and 1080 px
   * wide windows: the essential columns whole and in view, in the default unit (tinybar); then in
   * weibars (the longest amounts), reported only.
   */
  readonly fit: readonly FitResult[];
}

export interface LargeGridResult {
  readonly rows: number;
  /** Each Load more page of 100 appended, up to `rows`. */
  readonly appendMs: { readonly median: number; readonly max: number };
  /** A scroll step: the grid's scroll handler and the layout it causes. */
  readonly scrollMs: { readonly median: number; readonly max: number };
  /** A scroll step to the next frame painted. */
  readonly scrollFrameMs: { readonly median: number; readonly max: number };
  readonly toggleMs: { readonly median: number; readonly max: number };
  /** Rows in the DOM at the most while scrolling. */
  readonly renderedMax: number;
  /** The last row, scrolled to after toggling, shows weibars = tinybars × 10^10. */
  readonly lastRowExact: boolean;
  /** Ctrl+End from the first cell focuses a cell of the last row; Ctrl+Home comes back. */
  readonly keyboard: boolean;
}

const ROWS = 100;
const RUNS = 15;
const LARGE = 10_000;
const FIT_WIDTHS = [430, 800, 1080];

function hundredRows(prefix = 'b'): ContractResultRow[] {
  const results = loadRecords()
    .filter(r => r.url.startsWith('/api/v1/contracts/results') && r.status === 200)
    .flatMap(r => ContractResultsResponseSchema.parse(parseLossless(r.bodyText)).results);
  if (results.length === 0) throw new Error('no recorded contract results');
  return Array.from({ length: ROWS }, (_, i) => toRow(results[i % results.length], `${prefix}${i}`));
}

async function buildBundle(outdir: string): Promise<void> {
  const root = projectRoot();
  // The production options of esbuild.mjs for the webviews.
  await esbuild.build({
    entryPoints: { contractResults: path.join(root, 'webview', 'contractResults', 'main.ts') },
    outdir,
    bundle: true,
    minify: !process.env['LL_BENCH_DEBUG'],
    legalComments: 'none',
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    logLevel: 'error',
  });
}

function stats(values: readonly number[]): { median: number; max: number } {
  const s = [...values].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return { median: round(s[Math.floor(s.length / 2)]), max: round(s[s.length - 1]) };
}

export async function runContractsBench(
  options: { screenshot?: string; fitShots?: string } = {},
): Promise<ContractsBenchResult> {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-bench-'));
  const server = http.createServer();
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  try {
    await buildBundle(outdir);
    const js = fs.readFileSync(path.join(outdir, 'contractResults.js'));
    const css = fs.readFileSync(path.join(outdir, 'contractResults.css'));

    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const nonce = randomBytes(18).toString('base64url');
    const csp = [
      "default-src 'none'",
      `img-src ${origin} data:`,
      `font-src ${origin}`,
      `style-src ${origin} 'nonce-${nonce}'`,
      `script-src 'nonce-${nonce}'`,
    ].join('; ');
    const state = JSON.stringify({
      filters: EMPTY_CONTRACT_RESULTS_FILTERS,
      unit: 'tinybar',
      network: 'bench',
    });
    const html = `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta property="csp-nonce" content="${nonce}">
<link rel="stylesheet" nonce="${nonce}" href="${origin}/contractResults.css"></head>
<body><div id="app" role="main" aria-busy="true"></div>
<script type="application/json" id="initial-state" nonce="${nonce}">${state}</script>
<script type="module" nonce="${nonce}" src="${origin}/contractResults.js"></script></body></html>`;
    server.on('request', (req, res) => {
      const files: Record<string, [Buffer | string, string]> = {
        '/': [html, 'text/html'],
        '/contractResults.js': [js, 'text/javascript'],
        '/contractResults.css': [css, 'text/css'],
      };
      const f = files[req.url ?? ''];
      if (!f) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': f[1] }).end(f[0]);
    });

    const chromium = process.env['LEDGER_LENS_CHROMIUM'] || process.env['CHROMIUM'] || '/usr/bin/chromium';
    browser = await launchBrowser(chromium);
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // The same hooks VS Code gives a webview, and a record of CSP violations.
    await page.addInitScript(`
      window.__posted = [];
      window.__csp = [];
      document.addEventListener('securitypolicyviolation', e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' at ' + e.sourceFile + ':' + e.lineNumber + ':' + e.columnNumber + ' ' + e.sample));
      let saved;
      window.acquireVsCodeApi = () => ({ postMessage: m => window.__posted.push(m), getState: () => saved, setState: s => { saved = s; } });
    `);
    await page.goto(`${origin}/`);
    await page.waitForFunction('window.__posted.some(m => m.type === "ready")');

    const rows: ContractResultsToWebview = {
      type: 'rows',
      rows: hundredRows(),
      append: false,
      hasMore: true,
      network: 'bench',
      hashscan: false,
    };
    const message = JSON.parse(JSON.stringify(rows)) as unknown;

    // Render: the message handler and the layout it causes, then the same to the next frame.
    const render = (await page.evaluate(
      `(async (message, runs) => {
        const sync = [], frame = [];
        for (let i = 0; i < runs; i++) {
          const t0 = performance.now();
          window.dispatchEvent(new MessageEvent('message', { data: message }));
          const tj = performance.now();
          document.body.getBoundingClientRect();
          sync.push(performance.now() - t0);
          (window.__js ||= []).push(tj - t0);
          await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
          frame.push(performance.now() - t0);
        }
        return { sync, frame, rows: document.querySelectorAll('table.grid tbody tr[aria-rowindex]').length, count: document.querySelector('table.grid').getAttribute('aria-rowcount') };
      })(${JSON.stringify(message)}, ${RUNS})`,
    )) as { sync: number[]; frame: number[]; rows: number; count: string };
    if (render.count !== String(ROWS + 1)) throw new Error(`the grid holds ${render.count} rows, expected ${ROWS + 1}`);
    if (render.rows === 0 || render.rows > ROWS) throw new Error(`rendered ${render.rows} rows`);

    // Toggle: a click on the unit buttons until the grid has laid out again.
    const toggle = (await page.evaluate(
      `(async (runs) => {
        const times = [];
        const first = () => document.querySelector('table.grid tbody tr[aria-rowindex] td:nth-child(6) .value').dataset.exact;
        const tiny = first();
        let exact = true;
        for (let i = 0; i < runs; i++) {
          for (const unit of ['weibar', 'tinybar']) {
            const t0 = performance.now();
            document.getElementById('unit-' + unit).click();
            document.body.getBoundingClientRect();
            times.push(performance.now() - t0);
            if (unit === 'weibar') exact = exact && BigInt(first()) === BigInt(tiny) * 10000000000n;
            await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
          }
        }
        return { times, exact };
      })(${RUNS})`,
    )) as { times: number[]; exact: boolean };

    const toolkitStyled = (await page.evaluate(
      `(() => { const b = document.querySelector('vscode-button'); return !!b && !!b.shadowRoot && b.shadowRoot.adoptedStyleSheets.length > 0 && getComputedStyle(b).display !== 'inline'; })()`,
    )) as boolean;
    const cspViolations = (await page.evaluate('window.__csp')) as string[];
    if (process.env['LL_BENCH_DEBUG'])
      console.log('script part of render:', stats((await page.evaluate('window.__js')) as number[]));
    if (options.screenshot) await page.screenshot({ path: options.screenshot, fullPage: false });
    const large = await largeGrid(page);
    const fit = [
      ...(await fitAtWidths(page, FIT_WIDTHS, options.fitShots)),
      ...(await fitAtWidths(page, FIT_WIDTHS, options.fitShots, 'weibar')),
    ];

    return {
      bundleBytes: js.length,
      bundleGzipBytes: zlib.gzipSync(js).length,
      cssBytes: css.length,
      renderMs: stats(render.sync),
      renderFrameMs: stats(render.frame),
      toggleMs: stats(toggle.times),
      toggleExact: toggle.exact,
      cspViolations,
      toolkitStyled,
      renderedRows: render.rows,
      large,
      fit,
    };
  } finally {
    await closeBrowser(browser);
    await new Promise(r => server.close(r));
    fs.rmSync(outdir, { recursive: true, force: true });
  }
}

type BenchPage = Awaited<ReturnType<Awaited<ReturnType<typeof launchBrowser>>['newPage']>>;

/**
 * Load more to 10,000 rows (pages of 100, as the host sends them), then scroll the grid's box in
 * steps across the whole range, toggle the unit, check the last row and the keyboard.
 */
async function largeGrid(page: BenchPage): Promise<LargeGridResult> {
  const pages = Array.from({ length: LARGE / ROWS }, (_, p) => {
    const m: ContractResultsToWebview = {
      type: 'rows',
      rows: hundredRows(`p${p}-`),
      append: p > 0,
      hasMore: p < LARGE / ROWS - 1,
      network: 'bench',
      hashscan: false,
    };
    return JSON.parse(JSON.stringify(m)) as unknown;
  });
  const loaded = (await page.evaluate(
    `(async (pages) => {
      const times = [];
      for (const data of pages) {
        const t0 = performance.now();
        window.dispatchEvent(new MessageEvent('message', { data }));
        document.body.getBoundingClientRect();
        times.push(performance.now() - t0);
        await new Promise(r => setTimeout(r, 0));
      }
      return { times, count: document.querySelector('table.grid').getAttribute('aria-rowcount') };
    })(${JSON.stringify(pages)})`,
  )) as { times: number[]; count: string };
  if (loaded.count !== String(LARGE + 1)) throw new Error(`the grid holds ${loaded.count} rows, expected ${LARGE + 1}`);

  const scrolled = (await page.evaluate(
    `(async (steps) => {
      const box = document.querySelector('.grid-wrap');
      const sync = [], frame = [];
      let renderedMax = 0;
      for (let i = 0; i < steps; i++) {
        // Across the whole range, with small steps (a wheel) and long jumps (the scroll bar).
        const y = i % 4 === 3 ? Math.floor(Math.random() * box.scrollHeight) : box.scrollTop + 120;
        const t0 = performance.now();
        box.scrollTop = y;
        box.dispatchEvent(new Event('scroll'));
        document.body.getBoundingClientRect();
        sync.push(performance.now() - t0);
        await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
        frame.push(performance.now() - t0);
        renderedMax = Math.max(renderedMax, document.querySelectorAll('table.grid tbody tr[aria-rowindex]').length);
      }
      return { sync, frame, renderedMax };
    })(${RUNS * 8})`,
  )) as { sync: number[]; frame: number[]; renderedMax: number };

  const toggled = (await page.evaluate(
    `(async (runs) => {
      const box = document.querySelector('.grid-wrap');
      box.scrollTop = box.scrollHeight / 2;
      box.dispatchEvent(new Event('scroll'));
      const times = [];
      for (let i = 0; i < runs; i++) {
        for (const unit of ['weibar', 'tinybar']) {
          const t0 = performance.now();
          document.getElementById('unit-' + unit).click();
          document.body.getBoundingClientRect();
          times.push(performance.now() - t0);
          await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
        }
      }
      // The last row was never rendered in weibars: scrolled to, it must show them exactly.
      const lastExact = () => document.querySelector('table.grid tbody tr[aria-rowindex="${LARGE + 1}"] td:nth-child(6) .value')?.dataset.exact;
      box.scrollTop = box.scrollHeight;
      box.dispatchEvent(new Event('scroll'));
      const tiny = lastExact();
      document.getElementById('unit-weibar').click();
      box.scrollTop = 0;
      box.dispatchEvent(new Event('scroll'));
      box.scrollTop = box.scrollHeight;
      box.dispatchEvent(new Event('scroll'));
      const wei = lastExact();
      document.getElementById('unit-tinybar').click();
      const exact = tiny !== undefined && wei !== undefined && BigInt(wei) === BigInt(tiny) * 10000000000n;
      // Keyboard: from the first cell, Ctrl+End reaches the last row, Ctrl+Home the first.
      box.scrollTop = 0;
      box.dispatchEvent(new Event('scroll'));
      document.querySelector('table.grid tbody tr[aria-rowindex="2"] td').click();
      document.querySelector('#detail #close-detail')?.click();
      const key = (k) => document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: k, ctrlKey: true, bubbles: true }));
      key('End');
      const atEnd = document.activeElement.closest('tr')?.getAttribute('aria-rowindex') === '${LARGE + 1}';
      key('Home');
      const atStart = document.activeElement.closest('tr')?.getAttribute('aria-rowindex') === '2';
      return { times, exact, keyboard: atEnd && atStart };
    })(${RUNS})`,
  )) as { times: number[]; exact: boolean; keyboard: boolean };

  return {
    rows: LARGE,
    appendMs: stats(loaded.times),
    scrollMs: stats(scrolled.sync),
    scrollFrameMs: stats(scrolled.frame),
    toggleMs: stats(toggled.times),
    renderedMax: scrolled.renderedMax,
    lastRowExact: toggled.exact,
    keyboard: toggled.keyboard,
  };
}

export function formatContractsBench(r: ContractsBenchResult): string {
  const goal = (value: number, limit: number) => (value <= limit ? 'within goal' : 'OVER goal');
  return [
    `contract results bundle: ${(r.bundleBytes / 1024).toFixed(1)} KB minified (${(r.bundleGzipBytes / 1024).toFixed(1)} KB gzip) + ${(r.cssBytes / 1024).toFixed(1)} KB css — goal ≤ 300 KB: ${goal(r.bundleBytes, 300 * 1024)}`,
    `render ${ROWS} rows (${r.renderedRows} in view rendered): median ${r.renderMs.median} ms, max ${r.renderMs.max} ms (to next frame: median ${r.renderFrameMs.median} ms) — goal ≤ 50 ms: ${goal(r.renderMs.median, 50)}`,
    `toggle units on ${ROWS} rows: median ${r.toggleMs.median} ms, max ${r.toggleMs.max} ms — goal ≤ 16 ms: ${goal(r.toggleMs.median, 16)}; weibars = tinybars × 10^10 exactly: ${r.toggleExact}`,
    `Load more to ${r.large.rows} rows: each page of ${ROWS} median ${r.large.appendMs.median} ms, max ${r.large.appendMs.max} ms`,
    `scroll ${r.large.rows} rows (at most ${r.large.renderedMax} in the DOM): median ${r.large.scrollMs.median} ms, max ${r.large.scrollMs.max} ms a step (to next frame: median ${r.large.scrollFrameMs.median} ms) — goal ≤ 16 ms: ${goal(r.large.scrollMs.median, 16)}`,
    `toggle units on ${r.large.rows} rows: median ${r.large.toggleMs.median} ms, max ${r.large.toggleMs.max} ms — goal ≤ 16 ms: ${goal(r.large.toggleMs.median, 16)}; last row exact after scrolling to it: ${r.large.lastRowExact}; Ctrl+End/Ctrl+Home reach the last and first rows: ${r.large.keyboard}`,
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map(l => l.toFixed(1))
      .join(' ')} (timings scale with load)`,
    ...r.fit.map(
      f =>
        `grid in ${f.unit} at a ${f.width} px window${f.detailOpen ? ', detail open' : ''} (${f.gridWidth} px grid, columns ${f.shownColumns.join(', ')}): ${f.checked} essential cells checked, ${f.cut} cut — ${f.unit === 'tinybar' ? 'goal: none cut or off-screen: ' : 'reported: '}${f.problems.length === 0 ? (f.unit === 'tinybar' ? 'within goal' : 'none') : `${f.unit === 'tinybar' ? 'OVER goal ' : ''}(${f.problems.slice(0, 5).join('; ')})`}`,
    ),
    `CSP violations: ${r.cspViolations.length}${r.cspViolations.length ? ` (${r.cspViolations.join('; ')})` : ''}; toolkit styled through adoptedStyleSheets: ${r.toolkitStyled}`,
  ].join('\n');
}

if (require.main === module) {
  const arg = (name: string) => {
    const at = process.argv.indexOf(name);
    return at >= 0 ? process.argv[at + 1] : undefined;
  };
  const screenshot = arg('--screenshot');
  const fitShots = arg('--fit-shots');
  runContractsBench({ ...(screenshot ? { screenshot } : {}), ...(fitShots ? { fitShots } : {}) })
    .then(r => console.log(formatContractsBench(r)))
    .catch((e: unknown) => {
      console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
      process.exit(1);
    });
}
