// The call trace's "Debug" button in a real browser (Debian's Chromium, headless, the page code
// bundled by esbuild as the panels bundle it): drawn beside "Copy as text" only where the panel
// offers it, named "Debug transaction", reached with Tab and pressed with a click, Enter or Space;
// and each panel's page wiring: the transaction panel's section posts `debug` naming nothing, the
// contract results row detail posts `debug` with the row's key.
import * as assert from 'assert';
import * as esbuild from 'esbuild';
import * as fs from 'fs';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import { presentTrace } from '../../../src/features/common/trace/present';
import { toRow } from '../../../src/features/contracts/rows';
import { parseLossless } from '../../../src/mirror';
import { ContractResultsResponseSchema } from '../../../src/mirror/schemas';
import { buildCallTrace } from '../../../src/trace';
import type { TraceView } from '../../../webview/protocol/trace';
import { closeBrowser, launchBrowser } from '../../harness/browser';
import { aContractResult, aContractResultsBody } from '../../support/builders';
import { projectRoot } from '../../support/paths';
import { failingWithdraw, sampleCodes, sampleIndex } from '../trace/fixtures';

const CHROMIUM = process.env['LEDGER_LENS_CHROMIUM'] || process.env['CHROMIUM'] || '/usr/bin/chromium';

/** The trace renderer, the transaction panel's section and the row detail as page functions. */
async function bundle(): Promise<{ js: string; css: string }> {
  const webview = path.join(projectRoot(), 'webview');
  const entry = `
    import { renderTrace } from './shared/trace';
    import { renderSection } from './detail/section';
    import { createDetail } from './contractResults/detail';
    const w = window;
    const app = () => document.getElementById('app');
    const copy = () => Promise.resolve(true);
    w.debugs = 0; w.acts = []; w.posts = [];
    w.showTrace = (view, offered) => {
      const debug = offered ? { debug: () => w.debugs++ } : {};
      app().replaceChildren(renderTrace(view, { openSite: () => undefined, copy, ...debug }));
    };
    w.showSection = section => {
      const context = { act: a => w.acts.push(a), copy, moreOpen: new Set(), traces: new Map() };
      app().replaceChildren(renderSection(section, [], context));
    };
    w.showRow = (row, trace) => {
      const detail = createDetail({ post: m => w.posts.push(m), copy, unit: () => 'hbar',
        filterFrom: () => undefined, hashscan: () => false, onClosed: () => undefined });
      app().replaceChildren(detail.element);
      detail.open(row, 0);
      detail.setDetail(row.key, { status: 'loaded', call: null, events: [], trace });
    };`;
  const js = await esbuild.build({
    stdin: { contents: entry, resolveDir: webview, loader: 'ts', sourcefile: 'debugEntry.ts' },
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
  });
  // The transaction panel's stylesheet: the shared base (the copy button) and the trace's.
  const css = await esbuild.build({
    entryPoints: [path.join(webview, 'detail', 'detail.css')],
    bundle: true,
    write: false,
  });
  return { js: js.outputFiles[0].text, css: css.outputFiles[0].text };
}

/** The failing withdraw as the host presents it. */
function withdrawView(): Promise<TraceView> {
  return presentTrace(buildCallTrace(failingWithdraw(), { abi: sampleIndex(), codes: sampleCodes() }), new Map());
}

/** A contract result row as the page receives it (bigints as text after the JSON round trip). */
function aRow(): unknown {
  const body = aContractResultsBody([aContractResult({ hash: '0x' + '5a'.repeat(32) })]);
  const row = ContractResultsResponseSchema.parse(parseLossless(body.text)).results.map(r => toRow(r, 'r7'))[0];
  return JSON.parse(JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
}

describe('webview/trace: the Debug button in Chromium', function () {
  this.timeout(60_000);
  let browser: Browser | undefined;
  let page: Page;
  let view: TraceView;

  before(async function () {
    if (!fs.existsSync(CHROMIUM)) {
      console.warn(`    (no Chromium at ${CHROMIUM}: set LEDGER_LENS_CHROMIUM)`);
      this.skip();
    }
    const { js, css } = await bundle();
    view = await withdrawView();
    browser = await launchBrowser(CHROMIUM);
    page = await browser.newPage({ viewport: { width: 900, height: 600 } });
    await page.setContent('<!DOCTYPE html><html><body><div id="app"></div></body></html>');
    await page.addStyleTag({ content: css });
    await page.addScriptTag({ content: js });
  });
  after(() => closeBrowser(browser));

  // Page-side code is written as strings: this suite compiles without the DOM's types.
  const pageValue = <T>(expression: string): Promise<T> => page.evaluate<T>(expression);
  const call = (fn: string, ...args: unknown[]) =>
    pageValue<void>(`window.${fn}(${args.map(a => JSON.stringify(a)).join(', ')})`);
  const debugButton = () => page.getByRole('button', { name: 'Debug transaction', exact: true });

  it('is drawn after "Copy as text" when offered: an icon and the word, named "Debug transaction"', async () => {
    await call('showTrace', view, true);
    assert.strictEqual(await debugButton().count(), 1);
    const head = await pageValue<string[]>(`[...document.querySelector('.trace-head').children].map(e => e.className)`);
    assert.deepStrictEqual(head, ['trace-summary', 'copy-control', 'trace-debug']);
    assert.strictEqual(await page.textContent('.trace-debug'), 'Debug');
    assert.strictEqual(await page.getAttribute('.trace-debug', 'type'), 'button');
    assert.strictEqual(await page.getAttribute('.trace-debug svg', 'aria-hidden'), 'true');
    assert.ok(await debugButton().isVisible());
  });

  it('looks like the copy button beside it (colour, background, border, pointer)', async () => {
    await call('showTrace', view, true);
    const style = (selector: string) =>
      pageValue<string[]>(`(() => {
        const s = getComputedStyle(document.querySelector(${JSON.stringify(selector)}));
        return [s.color, s.backgroundColor, s.borderTopStyle, s.borderTopColor, s.borderRadius, s.cursor];
      })()`);
    assert.deepStrictEqual(await style('.trace-debug'), await style('.trace-head .copy-button'));
  });

  it('a click calls `debug` once and opens or closes no row', async () => {
    await call('showTrace', view, true);
    await pageValue('window.debugs = 0');
    const expanded = () =>
      pageValue<string[]>(
        `[...document.querySelectorAll('[role="treeitem"]')].map(e => e.getAttribute('aria-expanded'))`,
      );
    const before = await expanded();
    await debugButton().click();
    assert.strictEqual(await pageValue<number>('window.debugs'), 1);
    assert.deepStrictEqual(await expanded(), before);
  });

  it('Tab reaches it from "Copy as text", and Enter and Space press it', async () => {
    await call('showTrace', view, true);
    await pageValue('window.debugs = 0');
    await page.focus('.trace-head .copy-button');
    await page.keyboard.press('Tab');
    assert.strictEqual(await pageValue<string>('document.activeElement.className'), 'trace-debug');
    await page.keyboard.press('Enter');
    assert.strictEqual(await pageValue<number>('window.debugs'), 1);
    await page.keyboard.press(' ');
    assert.strictEqual(await pageValue<number>('window.debugs'), 2);
  });

  it('is not drawn when the panel does not offer it', async () => {
    await call('showTrace', view, false);
    assert.strictEqual(await debugButton().count(), 0);
    assert.strictEqual(await page.locator('.trace-debug').count(), 0);
    assert.strictEqual(await page.locator('.trace-head .copy-button').count(), 1, 'Copy as text is still there');
  });

  it('the transaction panel: a section that offers Debug posts `debug` naming nothing; one that does not has none', async () => {
    const section = { id: 'tx-0-trace', title: 'Call trace', fields: [], tables: [], buttons: [], trace: view };
    await pageValue('window.acts = []');
    await call('showSection', { ...section, debug: true });
    await debugButton().click();
    assert.deepStrictEqual(await pageValue('window.acts'), [{ type: 'debug' }]);
    await call('showSection', section);
    assert.strictEqual(await debugButton().count(), 0);
  });

  it('the contract results row detail: Debug posts `debug` with the row’s key', async () => {
    await pageValue('window.posts = []');
    await call('showRow', aRow(), { status: 'loaded', view });
    await debugButton().click();
    const posts = await pageValue<{ type: string }[]>('window.posts');
    assert.deepStrictEqual(
      posts.filter(p => p.type === 'debug'),
      [{ type: 'debug', key: 'r7' }],
    );
    // While the trace loads there is nothing to debug from yet.
    await call('showRow', aRow(), { status: 'loading' });
    assert.strictEqual(await debugButton().count(), 0);
  });
});
