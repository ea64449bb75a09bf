// The pictures of the README and the walkthrough, taken from the real workbench in the three themes
// a newcomer is most likely to have (Dark Modern, Light Modern, High Contrast) and at two window
// widths (1080 and 800 px): the Accounts view at the default sidebar width, a hover with a decoded
// call, the transaction panel, and the contract results grid with a row's detail. Each picture is
// checked before it is taken (the content is there, nothing is left on Loading…), so a broken screen
// fails the step instead of landing in the README. `node test/tools/readme-pictures.mjs` copies the
// chosen ones from test-results/screenshots/gallery/ into media/.
import * as fs from 'fs';
import * as path from 'path';
import type { Locator } from 'playwright-core';
import { projectRoot } from '../../harness/proc';
import { patient } from '../../support/patience';
import { expectIncludes, type Driver, type Scenario } from '../driver';
import { DECODE_DEMO, decodeRecords, hoverDecodedDemo, openDemoResult, showDemoResult } from './decode';

export const GALLERY_THEMES = [
  { slug: 'dark', name: 'Dark Modern', kind: 'vs-dark' },
  { slug: 'light', name: 'Light Modern', kind: 'vs' },
  { slug: 'hc', name: 'Dark High Contrast', kind: 'hc-black' },
] as const;
export const GALLERY_WIDTHS = [1080, 800] as const;
const HEIGHT = 760;
const FILE = 'gallery-demo.ts';
/** The demo transaction's tab (its SDK form), not another scenario's restored transaction. */
const DEMO_TAB = /0\.0\.1001@1700000513\b/;

async function shoot(target: Locator, file: string): Promise<{ width: number; height: number }> {
  const box = await target.boundingBox();
  if (!box || box.width < 50 || box.height < 50) throw new Error(`nothing to picture for ${path.basename(file)}`);
  await target.screenshot({ path: file });
  return { width: Math.round(box.width), height: Math.round(box.height) };
}

/** Switches the color theme as a user does, with the picker, by the name it lists. */
async function pickTheme(d: Driver, name: string): Promise<void> {
  await d.runCommand('Preferences: Color Theme', { opensInput: true });
  const input = d.page.locator('.quick-input-widget .quick-input-box input');
  await input.fill(name);
  await d.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: name }).first().waitFor();
  await input.press('Enter');
}

/** Brings the editor tab whose label starts with `label` to the front. */
async function showTab(d: Driver, label: RegExp): Promise<void> {
  await d.page.locator('.tabs-container .tab', { hasText: label }).first().click();
  await d.page.waitForTimeout(400);
}

export const scenario: Scenario = {
  name: 'gallery',
  settings: { 'ledgerLens.network': 'testnet', 'ledgerLens.accounts': ['0.0.8'] },
  async run(d) {
    const { page, step, control } = d;
    await control.addRecords(decodeRecords(d.workspace));
    await control.preferSource('no-params');
    const shots = path.join(projectRoot(), 'test-results', 'screenshots', 'gallery');
    fs.mkdirSync(shots, { recursive: true });
    const file = path.join(d.workspace, FILE);
    fs.writeFileSync(file, `// A token transfer made by MyToken\nconst tx = '${DECODE_DEMO.tx}';\n`);
    const hoverOf = () => page.locator('.monaco-hover:visible', { hasText: 'Transaction' }).first();
    // The shown panel's page: with two panels open, the last webview in the DOM is not always the
    // one in front.
    const frame = page
      .locator('iframe.webview.ready:visible')
      .last()
      .contentFrame()
      .locator('iframe#active-frame')
      .contentFrame();
    const restore = page.viewportSize();
    // The theme this run started in, put back at the end: later scenarios read theme colours.
    const startedLight = (await page.locator('.monaco-workbench.vs').count()) > 0;
    try {
      const opened = await step(
        'the demo: a decoded call, its transaction panel and the contract results',
        async () => {
          const text = await hoverDecodedDemo(d, FILE);
          expectIncludes(text, 'MyToken.transfer', 'the decoded call in the hover');
          await hoverOf().getByText('Open transaction').first().click();
          await page.locator('.tabs-container .tab', { hasText: DEMO_TAB }).first().waitFor();
          await frame
            .getByText('MyToken')
            .first()
            .waitFor({ timeout: patient(30_000) });
          await openDemoResult(d, frame);
          return true;
        },
      );
      if (!opened) return;

      for (const theme of GALLERY_THEMES) {
        await step(`${theme.name}: the Accounts view, a hover, the panels at 1080 and 800 px`, async () => {
          await pickTheme(d, theme.name);
          // The workbench's root element carries the theme's kind once the theme is applied.
          await page
            .locator(`.monaco-workbench.${theme.kind}`)
            .first()
            .waitFor({ timeout: patient(20_000) });
          const sizes: Record<string, string> = {};
          for (const width of GALLERY_WIDTHS) {
            await page.setViewportSize({ width, height: HEIGHT });
            await page.waitForTimeout(500);
            const name = (what: string) => path.join(shots, `${theme.slug}-${width}-${what}.png`);
            await showTab(d, /Contract results/);
            // The row's detail, opened again if the new width re-laid the panel without it; the
            // grid scrolled into view (at 800 px the form above it fills the first screen).
            // The demo's row and detail, searched and opened again if the panel shows other rows
            // (a panel restored from an earlier scenario applies its own filters a moment later).
            const demoShown = await frame
              .locator(`#detail h2`, { hasText: DECODE_DEMO.timestamp })
              .isVisible()
              .catch(() => false);
            if (!demoShown || !(await frame.locator('#detail li.event').nth(1).isVisible()))
              await showDemoResult(frame);
            await frame.locator('table.grid').first().scrollIntoViewIfNeeded();
            const grid = await shoot(page.locator('.part.editor'), name('contract-results'));
            sizes[`contract-results@${width}`] = `${grid.width}×${grid.height}`;
            await showTab(d, DEMO_TAB);
            await frame
              .getByText('MyToken')
              .first()
              .waitFor({ timeout: patient(10_000) });
            if ((await frame.getByText('Loading…').count()) > 0)
              throw new Error('the transaction panel shows Loading…');
            await shoot(page.locator('.part.editor'), name('transaction'));
            if (width === GALLERY_WIDTHS[0]) {
              await showTab(d, new RegExp(FILE.replace('.', '\\.')));
              await d.hoverText(DECODE_DEMO.tx, { waitFor: 'MyToken.transfer' });
              await shoot(hoverOf(), name('hover'));
              await d.dismiss();
              await d.openLedgerLens();
              await d.expandView('Accounts');
              await d
                .treeItem(/0\.0\.8|0\.00000080/)
                .first()
                .waitFor({ timeout: patient(20_000) });
              // The account open on its details and recent transactions, as a user would look.
              for (const row of [/^0\.0\.8/, /^Recent transactions/]) {
                const item = d.treeItem(row).first();
                if ((await item.count()) && (await item.getAttribute('aria-expanded')) === 'false') {
                  await item.click();
                  await page.waitForTimeout(600);
                }
              }
              await shoot(page.locator('.part.sidebar'), name('accounts'));
            }
          }
          return sizes;
        });
      }
    } finally {
      if (restore) await page.setViewportSize(restore).catch(() => undefined);
      await pickTheme(d, startedLight ? 'Light 2026' : 'Dark 2026').catch(() => undefined);
      await d.dismiss().catch(() => undefined);
      fs.rmSync(file, { force: true });
    }
  },
};
