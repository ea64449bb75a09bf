// The contract results panel in a real workbench: open it from the palette, read the first row's
// amount in tinybars, switch to weibars and read the same amount ×10^10 to the digit, see an
// invalid combination refused before any request, filter by `from`, Load more, and open a row's
// detail (selector split out, Panic decoded, the raw EVM fields collapsed under Raw); read that the
// essential columns are whole (none cut, ellipsis or not) and in view in an 800 px window (and
// 1080 px) in tinybars, with pictures; then
// Load more to 10,000 rows, scroll them, and reach the last one from the keyboard. The page-side
// timings are printed, not asserted.
import * as fs from 'fs';
import * as path from 'path';
import { ABOVE_2_53, aContractResult, aContractResultsBody, recordFor } from '../../support/builders';
import { expectIncludes, type Scenario } from '../driver';
import { patient } from '../../support/patience';
import { projectRoot } from '../../support/paths';
import { ESSENTIAL_COLUMNS, readGridFit, type GridFit } from '../../bench/contractsFit';

const FROM = '0.0.1001';
const PAGE_2 = `/api/v1/contracts/results?from=${FROM}&timestamp=lt:1700000000.000000008`;
const SELECTOR = '0xa9059cbb';
const MANY_FROM = '0.0.1003';
const PAGES = 100;
const PER_PAGE = 100;

/** Load more's pages for MANY_FROM: 100 × 100 results, row n's amount is n + 1 tinybars. */
function manyPages(): ReturnType<typeof recordFor>[] {
  const base = `/api/v1/contracts/results?from=${MANY_FROM}`;
  const ts = (n: number) => `1700100000.${String(999_999_999 - n).padStart(9, '0')}`;
  return Array.from({ length: PAGES }, (_, p) => {
    const results = Array.from({ length: PER_PAGE }, (_, i) =>
      aContractResult({ timestamp: ts(p * PER_PAGE + i), amount: p * PER_PAGE + i + 1 }),
    );
    const url = p === 0 ? base : `${base}&timestamp=lt:${ts(p * PER_PAGE - 1)}`;
    const next = p < PAGES - 1 ? `${base}&timestamp=lt:${ts((p + 1) * PER_PAGE - 1)}` : null;
    return recordFor(url, aContractResultsBody(results, next));
  });
}

// The webview's DOM as the in-page functions see it (the test tsconfig has no DOM library).
interface PageEl {
  querySelector(s: string): PageEl | null;
  querySelectorAll(s: string): ArrayLike<PageEl>;
  click(): void;
  getBoundingClientRect(): unknown;
  readonly dataset: Record<string, string | undefined>;
  readonly textContent: string | null;
  readonly ownerDocument: { readonly activeElement: PageEl };
  getAttribute(name: string): string | null;
  closest(selector: string): PageEl | null;
}

export const scenario: Scenario = {
  name: 'contracts',
  async run({ page, step, runCommand, webviewFrame, control }) {
    await control.addRecords([
      recordFor(
        `/api/v1/contracts/results?from=${FROM}`,
        aContractResultsBody(
          [
            aContractResult({
              timestamp: '1700000000.000000009',
              amount: ABOVE_2_53,
              gas_price: '0x4a817c80',
              from: '0x00000000000000000000000000000000000003e9',
              function_parameters: SELECTOR + '00'.repeat(12) + '11'.repeat(20) + (1000).toString(16).padStart(64, '0'),
              error_message: '0x4e487b71' + '00'.repeat(31) + '11',
              result: 'CONTRACT_REVERT_EXECUTED',
              status: '0x0',
              created_contract_ids: ['0.0.7001'],
            }),
            aContractResult({ timestamp: '1700000000.000000008', amount: 7 }),
          ],
          PAGE_2,
        ),
      ),
      recordFor(PAGE_2, aContractResultsBody([aContractResult({ timestamp: '1700000000.000000007', amount: 1 })])),
    ]);

    const frame = webviewFrame();
    const rows = frame.locator('table.grid tbody tr');
    const amountOfRow = (n: number) => rows.nth(n).locator('td').nth(5);
    const readAmount = async (n: number) => ({
      exact: (await amountOfRow(n).locator('.value').getAttribute('data-exact')) ?? '',
      shown: (await amountOfRow(n).locator('.value').innerText()).trim(),
      unit: (await amountOfRow(n).locator('.unit').innerText()).trim(),
    });
    let tinybars = '';

    await step('Show contract results opens the panel with the replayed results', async () => {
      // The extension's contributions arrive a while after the workbench (slow on a busy machine).
      await page
        .locator(
          '.part.activitybar .action-item a[aria-label^="Ledger Lens"], .part.activitybar .action-item[aria-label^="Ledger Lens"]',
        )
        .first()
        .waitFor({ timeout: patient(90_000) });
      await runCommand('Ledger Lens: Show contract results');
      await rows.first().waitFor({ timeout: patient(30_000) });
      return { rows: await rows.count(), summary: await frame.locator('#summary').innerText() };
    });

    await step("the first row's amount reads in tinybars", async () => {
      const a = await readAmount(0);
      if (a.unit !== 'tinybar') throw new Error(`unit ${a.unit}`);
      if (a.shown.replace(/,/g, '') !== a.exact || !/^\d+$/.test(a.exact))
        throw new Error(`shown ${a.shown} vs exact ${a.exact}`);
      tinybars = a.exact;
      return a;
    });

    await step(
      'every cell of a row has an accessible name; the result is an icon and words, not colour alone',
      async () => {
        const cells = rows.first().locator('td');
        const names: string[] = [];
        for (let i = 0; i < (await cells.count()); i++) {
          const cell = cells.nth(i);
          const name = ((await cell.getAttribute('aria-label')) ?? (await cell.innerText()))
            .replace(/\s+/g, ' ')
            .trim();
          if (!name) throw new Error(`cell ${i} has no accessible name`);
          names.push(name);
        }
        const result = rows.first().locator('td[aria-label^="Result: "]').first();
        const label = (await result.getAttribute('aria-label')) ?? '';
        const icon = (await result.locator('.result-icon').innerText()).trim();
        if (!/^Result: [A-Z_]+ \((success|failed)\)$/.test(label)) throw new Error(`result cell named ${label}`);
        if (icon !== (label.includes('(success)') ? '✓' : '✕')) throw new Error(`icon ${icon} for ${label}`);
        return { names: names.slice(0, 6), result: label, icon };
      },
    );

    await step('weibars show the same amount ×10^10 to the digit', async () => {
      await frame.locator('#unit-weibar').click();
      await amountOfRow(0).locator('.unit', { hasText: 'weibar' }).waitFor();
      const a = await readAmount(0);
      const expected = (BigInt(tinybars) * 10_000_000_000n).toString();
      if (a.exact !== expected || a.shown.replace(/,/g, '') !== expected)
        throw new Error(`expected ${expected}, read ${a.shown} (${a.exact})`);
      const pressed = await frame.locator('#unit-weibar').getAttribute('aria-pressed');
      if (pressed !== 'true') throw new Error(`aria-pressed=${pressed}`);
      return { tinybars, weibars: a.shown };
    });

    await step('transaction.index without a block is refused beside the field, with no request', async () => {
      await control.resetRequests();
      const searchBox = async () => JSON.stringify(await frame.locator('#search').boundingBox());
      const before = await searchBox();
      // Every invalid field is marked at once as it is typed, the form does not move, and the rows
      // from before the change are dimmed (and said to be).
      await frame.locator('#f-transaction-index input').fill('2');
      await frame.locator('#f-limit input').fill('500');
      await frame.locator('#err-transaction-index').filter({ hasText: 'requires' }).waitFor();
      await frame.locator('#err-limit').filter({ hasText: '1 to 100' }).waitFor();
      await frame.locator('.results.stale').waitFor();
      await frame.locator('#stale-note').waitFor({ state: 'visible' });
      const marked = await frame.locator('[aria-invalid="true"]').count();
      if (marked < 2) throw new Error(`${marked} fields marked invalid`);
      const after = await searchBox();
      if (after !== before) throw new Error(`the form moved: Search at ${before}, then ${after}`);
      await frame.locator('#f-limit input').fill('');
      await frame.locator('#search').click();
      const error = frame.locator('#err-transaction-index');
      await error.filter({ hasText: 'requires' }).waitFor();
      const requests = await control.requests('mirror');
      if (requests.some(r => r.url.includes('transaction.index'))) throw new Error('a request was sent');
      const message = await error.innerText();
      await frame.locator('#f-transaction-index input').fill('');
      await frame.locator('.results:not(.stale)').waitFor();
      return { message, marked, searchAt: after };
    });

    await step('filter by from: the rows of that account, still in weibars', async () => {
      await frame.locator('#f-from input').fill(FROM);
      await frame.locator('#f-from input').press('Enter');
      await frame.locator('#summary', { hasText: 'more available' }).waitFor();
      const count = await rows.count();
      if (count !== 2) throw new Error(`${count} rows`);
      const a = await readAmount(0);
      const expected = (ABOVE_2_53 * 10_000_000_000n).toString();
      if (a.exact !== expected || a.unit !== 'weibar')
        throw new Error(`expected ${expected} weibar, read ${a.exact} ${a.unit}`);
      const requests = await control.requests('mirror');
      expectIncludes(requests.map(r => r.url).join(' '), `/api/v1/contracts/results?from=${FROM}`, 'the request');
      return { rows: count, amount: a.shown, from: await rows.first().locator('td').nth(1).innerText() };
    });

    await step('Load more adds the next page and keeps the loaded rows', async () => {
      await frame.locator('#load-more').click();
      await rows.nth(2).waitFor();
      const count = await rows.count();
      if (count !== 3) throw new Error(`${count} rows`);
      await frame.locator('#load-more').waitFor({ state: 'hidden' });
      return { rows: count, last: await rows.nth(2).locator('td').first().innerText() };
    });

    await step('an 800 px window: time, from, to, result and amount whole and in view (and at 1080 px)', async () => {
      const shots = path.join(projectRoot(), 'test-results', 'screenshots', 'contracts');
      fs.mkdirSync(shots, { recursive: true });
      const before = page.viewportSize() ?? { width: 1400, height: 900 };
      const fits: Record<number, GridFit> = {};
      // Weibars (the longest amounts, e.g. the 26 digits of the first row): read, not asserted.
      const weibarFits: Record<number, GridFit> = {};
      const readFit = async () => (await frame.locator('body').evaluate(readGridFit, ESSENTIAL_COLUMNS)) as GridFit;
      const unit = async (name: 'tinybar' | 'weibar') => {
        await frame.locator(`#unit-${name}`).click();
        await amountOfRow(0).locator('.unit', { hasText: name }).waitFor();
      };
      let lastWidth = (await frame
        .locator('body')
        .evaluate(() => (globalThis as unknown as { innerWidth: number }).innerWidth)) as number;
      try {
        for (const width of [800, 1080]) {
          await page.setViewportSize({ width, height: before.height });
          // The workbench lays the editor out again and the webview follows: wait for its new width.
          const innerWidth = async () =>
            (await frame
              .locator('body')
              .evaluate(() => (globalThis as unknown as { innerWidth: number }).innerWidth)) as number;
          for (let t0 = Date.now(); (await innerWidth()) === lastWidth && Date.now() - t0 < patient(5_000);)
            await page.waitForTimeout(100);
          await page.waitForTimeout(300);
          lastWidth = await innerWidth();
          // Strict in the panel's default unit: a cell cut with an ellipsis is clipped, tooltip or not.
          await unit('tinybar');
          const fit = await readFit();
          fits[width] = fit;
          await frame
            .locator('.results-host')
            .screenshot({ path: path.join(shots, `grid-${width}.png`) })
            .catch(() => undefined);
          await unit('weibar');
          weibarFits[width] = await readFit();
          if (fit.problems.length > 0)
            throw new Error(`at ${width} px (grid ${fit.gridWidth} px): ${fit.problems.slice(0, 4).join('; ')}`);
          if (fit.checked < ESSENTIAL_COLUMNS.length * 2) throw new Error(`only ${fit.checked} cells checked`);
        }
      } finally {
        await page.setViewportSize(before);
      }
      return Object.fromEntries(
        Object.entries(fits).map(([w, f]) => [
          w,
          {
            grid: f.gridWidth,
            shown: f.shownColumns.join(', '),
            checked: f.checked,
            cut: f.cut,
            weibarCut: weibarFits[Number(w)]?.problems ?? [],
          },
        ]),
      );
    });

    await step('a row opens its detail: selector split out, Panic decoded, 0.0.x beside from', async () => {
      await rows.first().locator('td').first().click();
      const detail = frame.locator('#detail');
      await detail.waitFor({ state: 'visible' });
      const params = await detail.locator('dd[data-field="function_parameters"]').innerText();
      expectIncludes(params, `selector ${SELECTOR}`, 'function_parameters');
      const error = await detail.locator('dd[data-field="error_message"]').innerText();
      expectIncludes(error, 'Panic(uint256): code 0x11', 'error_message');
      expectIncludes(error, 'arithmetic overflow', 'error_message');
      const from = await detail.locator('dd[data-field="from"]').innerText();
      expectIncludes(from, FROM, 'from');
      const amount = await detail.locator('dd[data-field="amount"]').innerText();
      expectIncludes(amount.replace(/,/g, ''), `${ABOVE_2_53}0000000000`, 'amount in weibars');
      expectIncludes(
        await detail.locator('dd[data-field="created_contract_ids"]').innerText(),
        '0.0.7001',
        'created_contract_ids',
      );
      // It leads with the call; the raw EVM fields wait, collapsed, under Raw (opened from the keyboard).
      const groups = await detail
        .locator('[data-group]')
        .evaluateAll(els => els.map(e => (e as unknown as { dataset: Record<string, string> }).dataset['group']));
      if (groups[0] !== 'Call' || groups[groups.length - 1] !== 'Raw') throw new Error(`groups ${groups.join(', ')}`);
      const raw = detail.locator('details[data-group="Raw"]');
      if ((await raw.getAttribute('open')) !== null) throw new Error('Raw is open from the start');
      if (await raw.locator('dd[data-field="max_fee_per_gas"]').isVisible())
        throw new Error('a fee cap shows under a closed Raw');
      await raw.locator('summary').focus();
      await page.keyboard.press('Enter');
      await raw.locator('dd[data-field="v"]').waitFor({ state: 'visible' });
      await raw.locator('summary').click();
      return { error: error.split('\n').pop(), amount, groups };
    });

    await step('the copy control of every panel: "Copied" once the host copied function_parameters', async () => {
      const field = frame.locator('#detail dd[data-field="function_parameters"]');
      await field.getByRole('button', { name: 'Copy function_parameters', exact: true }).click();
      const status = field.locator('.copy-status[role="status"]');
      await status.filter({ hasText: /\S/ }).waitFor({ timeout: patient(10_000) });
      const said = (await status.innerText()).trim();
      if (said !== 'Copied') throw new Error(`the copy control said ${JSON.stringify(said)}`);
      return { said };
    });

    await step('keyboard: Escape closes the detail and the focus returns to the grid', async () => {
      await page.keyboard.press('Escape');
      await frame.locator('#detail').waitFor({ state: 'hidden' });
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await frame.locator('#detail').waitFor({ state: 'visible' });
      const heading = await frame.locator('#detail h2').innerText();
      expectIncludes(heading, '1700000000.000000008', 'the second row opened from the keyboard');
      await page.keyboard.press('Escape');
      return { heading };
    });

    await step('Load more to 10,000 rows: the grid keeps only the rows in view in the page', async () => {
      const pages = manyPages();
      for (let i = 0; i < pages.length; i += 10) await control.addRecords(pages.slice(i, i + 10));
      await frame.locator('#unit-tinybar').click();
      await frame.locator('#f-from input').fill(MANY_FROM);
      await frame.locator('#search').click();
      await frame
        .locator('#summary', { hasText: `${PER_PAGE} contract results loaded` })
        .waitFor({ timeout: patient(30_000) });
      const t0 = Date.now();
      const loaded = (await frame.locator('body').evaluate(async (body: unknown, total: number) => {
        const doc = body as PageEl;
        const count = () => Number(/^(\d+)/.exec(doc.querySelector('#summary')!.textContent ?? '')?.[1] ?? 0);
        for (let guard = 0; count() < total && guard < 2000; guard++) {
          const before = count();
          doc.querySelector('#load-more')!.click();
          for (let wait = 0; count() === before && wait < 600; wait++) await new Promise(r => setTimeout(r, 50));
        }
        return { count: count(), inDom: doc.querySelectorAll('table.grid tbody tr[aria-rowindex]').length };
      }, PAGES * PER_PAGE)) as { count: number; inDom: number };
      if (loaded.count !== PAGES * PER_PAGE) throw new Error(`${loaded.count} rows loaded`);
      if (loaded.inDom > 200) throw new Error(`${loaded.inDom} rows in the page`);
      return { ...loaded, loadMoreSeconds: Math.round((Date.now() - t0) / 100) / 10 };
    });

    await step('scroll the 10,000 rows with the wheel, then reach the last row with Ctrl+End', async () => {
      const grid = frame.locator('.grid-wrap');
      await grid.hover();
      for (let i = 0; i < 10; i++) await page.mouse.wheel(0, 2000);
      const middle = (await frame.locator('body').evaluate((body: unknown) => {
        const doc = body as PageEl;
        const first = doc.querySelector('table.grid tbody tr[aria-rowindex]');
        return { firstShown: Number(first?.getAttribute('aria-rowindex')) };
      })) as { firstShown: number };
      if (middle.firstShown < 100) throw new Error(`the wheel left the grid at row ${middle.firstShown}`);
      await frame.locator('table.grid tbody tr[aria-rowindex]').first().locator('td').first().click();
      await frame.locator('#detail').waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await frame.locator('#detail').waitFor({ state: 'hidden' });
      await page.keyboard.press('Control+End');
      const last = frame.locator(`table.grid tbody tr[aria-rowindex="${PAGES * PER_PAGE + 1}"]`);
      await last.waitFor();
      const focusedRow = (await frame
        .locator('body')
        .evaluate((body: unknown) =>
          (body as PageEl).ownerDocument.activeElement.closest('tr')?.getAttribute('aria-rowindex'),
        )) as string | null | undefined;
      if (focusedRow !== String(PAGES * PER_PAGE + 1)) throw new Error(`Ctrl+End focused row ${focusedRow}`);
      // Back to the first row and down again from the keyboard, then the unit on the last row
      // (a row never rendered in weibars before).
      await page.keyboard.press('Control+Home');
      await frame.locator('table.grid tbody tr[aria-rowindex="2"] td:focus').waitFor();
      await page.keyboard.press('Control+End');
      await frame.locator(`table.grid tbody tr[aria-rowindex="${PAGES * PER_PAGE + 1}"] td:focus`).waitFor();
      await frame.locator('#unit-weibar').click();
      const exact = await last.locator('td').nth(5).locator('.value').getAttribute('data-exact');
      const expected = (BigInt(PAGES * PER_PAGE) * 10_000_000_000n).toString();
      if (exact !== expected) throw new Error(`last row reads ${exact}, expected ${expected}`);
      return { middleFirstRow: middle.firstShown, lastRowWeibars: exact };
    });

    await step('page-side timing of the unit toggle (reported, not asserted)', async () => {
      const times = (await frame.locator('body').evaluate((body: unknown) => {
        const doc = body as PageEl;
        const out: number[] = [];
        for (let i = 0; i < 10; i++) {
          for (const unit of ['tinybar', 'weibar']) {
            const t0 = performance.now();
            doc.querySelector(`#unit-${unit}`)!.click();
            doc.getBoundingClientRect();
            out.push(performance.now() - t0);
          }
        }
        return out;
      })) as number[];
      const sorted = [...times].sort((a, b) => a - b);
      return {
        rows: await rows.count(),
        toggleMedianMs: Math.round(sorted[sorted.length >> 1] * 100) / 100,
        toggleMaxMs: Math.round(sorted[sorted.length - 1] * 100) / 100,
      };
    });
  },
};
