// The call trace page (webview/shared/trace.ts) in a real browser: Debian's Chromium, headless,
// with the renderer and its stylesheet bundled by esbuild as the panels bundle them. A tree with
// its roles and states, failures as an icon and a word, the origin opened and scrolled to, site
// links posting their key, host text staying text, the keyboard's moves, rows made on opening,
// and 10,000 frames drawn a slice at a time.
import * as assert from 'assert';
import * as esbuild from 'esbuild';
import * as fs from 'fs';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import { presentTrace } from '../../../src/features/common/trace/present';
import { buildCallTrace, type CallTrace, type TraceFrame } from '../../../src/trace';
import type { TraceRowView, TraceView } from '../../../webview/protocol/trace';
import { closeBrowser, launchBrowser } from '../../harness/browser';
import { projectRoot } from '../../support/paths';
import { failingWithdraw, sampleCodes, sampleIndex } from '../trace/fixtures';

const CHROMIUM = process.env['LEDGER_LENS_CHROMIUM'] || process.env['CHROMIUM'] || '/usr/bin/chromium';
const SLICE = 400;

/** The renderer as a page script: `window.show(view, memoryName)` draws into #app. */
async function bundle(): Promise<{ js: string; css: string }> {
  const shared = path.join(projectRoot(), 'webview', 'shared');
  const entry = `
    import { renderTrace, TRACE_SLICE } from './trace';
    const w = window;
    w.posted = []; w.copies = []; w.memories = {}; w.slice = TRACE_SLICE;
    w.show = (view, name) => {
      const memory = (w.memories[name] ||= {});
      const element = renderTrace(view, {
        openSite: key => w.posted.push(key),
        copy: text => { w.copies.push(text); return Promise.resolve(true); },
        memory,
      });
      document.getElementById('app').replaceChildren(element);
      return document.querySelectorAll('[role="treeitem"]').length;
    };`;
  const js = await esbuild.build({
    stdin: { contents: entry, resolveDir: shared, loader: 'ts', sourcefile: 'traceEntry.ts' },
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
  });
  const css = await esbuild.build({
    entryPoints: [path.join(shared, 'trace.css')],
    bundle: true,
    write: false,
  });
  return { js: js.outputFiles[0].text, css: css.outputFiles[0].text };
}

function row(fields: Partial<TraceRowView>): TraceRowView {
  return {
    level: 0,
    operation: 'CALL',
    caller: '0.0.1001',
    recipient: 'Vault',
    result: '',
    failed: false,
    origin: false,
    open: false,
    fields: [{ label: 'Gas', value: '1,000' }],
    sites: [],
    ...fields,
  };
}

const viewOf = (rows: TraceRowView[], extra: Partial<TraceView> = {}): TraceView => ({
  summary: `${rows.length} calls`,
  rows,
  notes: [],
  text: rows.map(r => r.recipient).join('\n'),
  ...extra,
});

/** The failing withdraw as the host presents it, with a site link on its origin. */
function withdrawView(): Promise<TraceView> {
  const trace: CallTrace = buildCallTrace(failingWithdraw(), {
    abi: sampleIndex(),
    codes: sampleCodes(),
    incomplete: 'the server gave no next page before the last call returned',
  });
  const origin: TraceFrame = trace.roots[0].children[0];
  const link = {
    text: 'contracts/MyToken.sol:42',
    key: 's0',
    oneOf: false,
    statement: 'revert InsufficientBalance(…);',
  };
  return presentTrace(trace, new Map([[origin, { links: [link] }]]));
}

describe('webview/trace in Chromium', function () {
  this.timeout(60_000);
  let browser: Browser | undefined;
  let page: Page;

  before(async function () {
    if (!fs.existsSync(CHROMIUM)) {
      console.warn(`    (no Chromium at ${CHROMIUM}: set LEDGER_LENS_CHROMIUM)`);
      this.skip();
    }
    const { js, css } = await bundle();
    browser = await launchBrowser(CHROMIUM);
    page = await browser.newPage({ viewport: { width: 900, height: 600 } });
    await page.setContent('<!DOCTYPE html><html><body><div id="app"></div></body></html>');
    await page.addStyleTag({ content: css });
    await page.addScriptTag({ content: js });
  });
  after(() => closeBrowser(browser));

  // Page-side code is written as strings: this suite compiles without the DOM's types.
  const pageValue = <T>(expression: string): Promise<T> => page.evaluate<T>(expression);
  const show = (view: TraceView, memory = String(Math.random())) =>
    pageValue<number>(`window.show(${JSON.stringify(view)}, ${JSON.stringify(memory)})`);
  const all = (selector: string, map: string) =>
    pageValue<(string | null)[]>(`[...document.querySelectorAll(${JSON.stringify(selector)})].map(e => ${map})`);
  const attr = (selector: string, name: string) => all(selector, `e.getAttribute(${JSON.stringify(name)})`);
  const texts = (selector: string) => all(selector, 'e.textContent');
  const count = (selector: string) =>
    pageValue<number>(`document.querySelectorAll(${JSON.stringify(selector)}).length`);
  const focusedRow = () =>
    pageValue<string>(`document.activeElement?.getAttribute('data-row') ?? document.activeElement?.tagName`);
  const settle = () => pageValue<void>('new Promise(r => setTimeout(() => requestAnimationFrame(() => r()), 0))');

  it('draws a tree: roles, levels, the failure path open, failures as an icon and a word', async () => {
    const view = await withdrawView();
    assert.strictEqual(await show(view), 2);
    assert.strictEqual(await page.getAttribute('[role="tree"]', 'aria-label'), 'Call trace');
    assert.deepStrictEqual(await attr('[role="treeitem"]', 'aria-level'), ['1', '2']);
    assert.deepStrictEqual(await attr('[role="treeitem"]', 'aria-expanded'), ['true', 'true']);
    assert.deepStrictEqual(await attr('[role="treeitem"]', 'tabindex'), ['-1', '0'], 'the origin takes the tab stop');
    const lines = await texts('.trace-line');
    assert.match(lines[0] ?? '', /CALL.*0\.0\.1001 → Vault.*withdraw\(amount: 1500\).*✕ failed(?! here)/);
    assert.match(lines[1] ?? '', /Vault → MyToken.*✕ failed here.*reverted: InsufficientBalance/);
    assert.deepStrictEqual(await attr('[role="treeitem"]', 'class'), ['trace-row failed', 'trace-row failed origin']);
    assert.strictEqual(await page.getAttribute('.origin .trace-recipient', 'title'), view.rows[1].recipientDetail);
    assert.match((await page.getAttribute('.origin', 'aria-label')) ?? '', /failed here/);
    assert.strictEqual(
      await page.textContent('.trace-notes'),
      'Incomplete: the server gave no next page before the last call returned',
    );
    assert.strictEqual(await page.textContent('.trace-summary'), view.summary);
    const fields = await texts('.origin > .trace-more dt');
    assert.ok(fields.includes('Gas used') && fields.includes('Value'), fields.join());
  });

  it('a site link posts its key; the statement is shown as text; Copy copies the text form', async () => {
    const view = await withdrawView();
    await show(view);
    assert.strictEqual(await page.textContent('.trace-site-link'), 'contracts/MyToken.sol:42');
    assert.strictEqual(await page.textContent('.trace-statement'), 'revert InsufficientBalance(…);');
    await page.click('.trace-site-link');
    await page.click('.trace-head .copy-button');
    assert.deepStrictEqual(await pageValue('window.posted'), ['s0']);
    assert.deepStrictEqual(await pageValue('window.copies'), [view.text]);
    // Following the link did not close the row it is in.
    assert.strictEqual(await page.getAttribute('.origin', 'aria-expanded'), 'true');
  });

  it('"one of" is said beside each of several sites', async () => {
    const sites = [1, 2].map(n => ({ text: `a.sol:${n}`, key: `k${n}`, oneOf: true, statement: 'require(x)' }));
    await show(viewOf([row({ failed: true, origin: true, open: true, sites })]));
    const items = await texts('.trace-site');
    assert.deepStrictEqual(items, [
      'Reverted at one of 2: a.sol:1require(x)',
      'Reverted at one of 2: a.sol:2require(x)',
    ]);
  });

  it('text from the host stays text: no element, no script', async () => {
    const evil = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>';
    await show(
      viewOf(
        [
          row({
            recipient: evil,
            call: evil,
            result: evil,
            recipientDetail: evil,
            open: true,
            fields: [{ label: evil, value: evil }],
          }),
        ],
        {
          summary: evil,
          notes: [evil],
        },
      ),
    );
    await settle();
    assert.strictEqual(await count('#app img, #app script'), 0);
    assert.strictEqual(await pageValue('window.pwned'), undefined);
    assert.strictEqual(await page.textContent('.trace-recipient'), evil);
    assert.strictEqual(await page.textContent('.trace-summary'), evil);
  });

  it('rows are made when their parent is first opened', async () => {
    await show(viewOf([row({}), row({ level: 1 }), row({ level: 2 }), row({ level: 1 })]));
    assert.strictEqual(await count('[role="treeitem"]'), 1);
    assert.strictEqual(await count('[role="group"]'), 0);
    await page.click('.trace-line');
    assert.strictEqual(await count('[role="treeitem"]'), 3);
    assert.deepStrictEqual(await attr('[role="group"] > [role="treeitem"]', 'aria-posinset'), ['1', '2']);
    assert.deepStrictEqual(await attr('[role="group"] > [role="treeitem"]', 'aria-setsize'), ['2', '2']);
    await page.click('.trace-line');
    assert.strictEqual(await page.getAttribute('[data-row="0"]', 'aria-expanded'), 'false');
    assert.strictEqual(await page.isVisible('[data-row="1"]'), false, 'closing hides its calls');
  });

  it('the keyboard moves among the rows shown, opens and closes them', async () => {
    // 0 ─ 1 ─ 2, 0 ─ 3, and 4: all closed.
    await show(viewOf([row({}), row({ level: 1 }), row({ level: 2 }), row({ level: 1 }), row({})]));
    await page.focus('[data-row="0"]');
    const press = async (key: string) => {
      await page.keyboard.press(key);
      return focusedRow();
    };
    assert.strictEqual(await press('ArrowDown'), '4');
    assert.strictEqual(await press('ArrowUp'), '0');
    assert.strictEqual(await press('ArrowRight'), '0', 'opens it');
    assert.strictEqual(await page.getAttribute('[data-row="0"]', 'aria-expanded'), 'true');
    assert.strictEqual(await press('ArrowRight'), '1', 'then to its first call');
    assert.strictEqual(await press('ArrowDown'), '3', 'row 1 is closed: its call is not shown');
    assert.strictEqual(await press('ArrowLeft'), '0', 'a closed row goes to its caller');
    assert.strictEqual(await press('End'), '4');
    assert.strictEqual(await press('Home'), '0');
    assert.strictEqual(await press('ArrowLeft'), '0', 'closes it');
    assert.strictEqual(await page.getAttribute('[data-row="0"]', 'aria-expanded'), 'false');
    assert.strictEqual(await press('Enter'), '0');
    assert.strictEqual(await page.getAttribute('[data-row="0"]', 'aria-expanded'), 'true');
    assert.deepStrictEqual(await attr('[tabindex="0"]', 'data-row'), ['0'], 'one tab stop, on the row last moved to');
  });

  it('what the user opened and closed stays across a redraw of the same trace', async () => {
    const view = await withdrawView();
    await show(view, 'kept');
    await page.click('[data-row="0"] > .trace-line');
    await show(view, 'kept');
    assert.strictEqual(await page.getAttribute('[data-row="0"]', 'aria-expanded'), 'false');
    await show(view, 'fresh');
    assert.strictEqual(await page.getAttribute('[data-row="0"]', 'aria-expanded'), 'true');
  });

  it('10,000 frames: a slice drawn at once, the rest on the next turns, the origin scrolled into view', async () => {
    const n = 10_000;
    const rows = [row({ open: true, failed: true })];
    for (let i = 1; i < n; i++) rows.push(row({ level: 1, recipient: `C${i}` }));
    rows[n - 1] = row({ level: 1, recipient: 'Last', failed: true, origin: true, open: true });
    const atOnce = await show(viewOf(rows));
    assert.ok(atOnce <= SLICE + 1, `${atOnce} rows drawn at once`);
    await page.waitForSelector(`[data-row="${n - 1}"]`, { state: 'attached', timeout: 45_000 });
    assert.strictEqual(await count('[role="treeitem"]'), n);
    await settle();
    const seen = await pageValue<{ top: number; bottom: number; height: number; tab: string | null }>(`(() => {
      const box = document.querySelector('.origin').getBoundingClientRect();
      return { top: box.top, bottom: box.bottom, height: window.innerHeight,
        tab: document.querySelector('.origin').getAttribute('tabindex') };
    })()`);
    assert.ok(seen.top >= 0 && seen.bottom <= seen.height, JSON.stringify(seen));
    assert.strictEqual(seen.tab, '0');
    assert.deepStrictEqual(await attr('[data-row="9999"]', 'aria-posinset'), ['9999']);
  });
});
