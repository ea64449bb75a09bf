// Terminal links in a real workbench: `echo` a replayed transaction id in the integrated terminal,
// in the SDK form and in the mirror node form, Ctrl+click each, and read the transaction panel that
// opens (its type, and which network it asked and why). Each step leaves a screenshot.
import type { Locator, Page } from 'playwright-core';
import { expectIncludes, type PageDocument, type PageNode, type Scenario } from '../driver';
import { patient } from '../../support/patience';

const TX_AT = '0.0.300@1565779555.711927000'; // CRYPTOTRANSFER in the recordings
const TX_DASH = '0.0.10-1234567890-999999998'; // CRYPTOUPDATEACCOUNT in the recordings

/** Where `text` is drawn in the terminal (DOM renderer): the middle of its last occurrence, the output line. */
export async function terminalTextAt(page: Page, text: string): Promise<{ x: number; y: number } | null> {
  return page.evaluate((wanted: string) => {
    const doc = (globalThis as unknown as { document: PageDocument }).document;
    const SHOW_TEXT = 4; // NodeFilter.SHOW_TEXT
    const rows = Array.from(doc.querySelectorAll('.terminal-wrapper.active .xterm-rows > div'));
    for (const row of rows.reverse()) {
      const nodes: PageNode[] = [];
      const walker = doc.createTreeWalker(row, SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n);
      const full = nodes.map(n => (n.textContent ?? '').replace(/\u00a0/g, ' ')).join('');
      const at = full.lastIndexOf(wanted);
      // Only the line the command printed: the prompt's line holds `echo` before it.
      if (at < 0 || full.includes('echo')) continue;
      let pos = 0;
      const middle = at + (wanted.length >> 1);
      for (const n of nodes) {
        const len = (n.textContent ?? '').length;
        if (middle < pos + len) {
          const range = doc.createRange();
          range.setStart(n, middle - pos);
          range.setEnd(n, middle - pos + 1);
          const r = range.getBoundingClientRect();
          return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
        }
        pos += len;
      }
    }
    return null;
  }, text);
}

export const scenario: Scenario = {
  name: 'terminal',
  // The DOM renderer draws the terminal's text as text (the GPU one draws it into a canvas).
  settings: { 'terminal.integrated.gpuAcceleration': 'off' },
  async run(d) {
    const { page, step } = d;
    // Scenarios share the workbench: a file another one left open would choose the network (and
    // its why) for the panels a terminal link opens. This one starts with no editor.
    await d.runCommand('View: Close All Editors');
    const terminal = page.locator('.terminal-wrapper.active .xterm');

    /** Echoes `id`, waits for the output line, Ctrl+clicks it, and reads the panel that opens. */
    const echoAndClick = async (id: string, type: string) => {
      const at = await echoAndCtrlClick(page, terminal, id);
      const frame = d.webviewFrame();
      const typeField = frame.locator('dd[data-field="Type"]', { hasText: type });
      try {
        await typeField.waitFor({ timeout: patient(20_000) });
      } catch {
        // The link's own hover offers "Follow link" too.
        await page.mouse.move(at.x, at.y, { steps: 2 });
        await page
          .locator('.monaco-hover:visible a', { hasText: /Follow link/i })
          .first()
          .click({ timeout: patient(10_000) });
        await typeField.waitFor({ timeout: patient(20_000) });
      }
      const title = (await frame.locator('h1').innerText()).trim();
      const why = (await frame.locator('p.why').innerText()).trim();
      return { title, why };
    };

    await step('open the integrated terminal', async () => {
      await page
        .locator(
          '.part.activitybar .action-item a[aria-label^="Ledger Lens"], .part.activitybar .action-item[aria-label^="Ledger Lens"]',
        )
        .first()
        .waitFor({ timeout: patient(30_000) });
      await d.runCommand('Terminal: Create New Terminal');
      await terminal.waitFor({ timeout: patient(20_000) });
      await page.locator('.terminal-wrapper.active .xterm-rows').waitFor({ timeout: patient(20_000) });
      return {};
    });

    await step(`echo ${TX_AT} and Ctrl+click it: the transaction panel opens`, async () => {
      const shown = await echoAndClick(TX_AT, 'CRYPTOTRANSFER');
      expectIncludes(shown.title, 'Transaction 0.0.300@1565779555.711927000', 'the panel title');
      // No editor is open: the configured network (testnet under auto), by the label the hover uses
      // (the replay's host: it is not testnet's public mirror node).
      expectIncludes(shown.why, /^testnet · 127\.0\.0\.1:\d+ · by default$/, 'which network and why');
      return shown;
    });

    await step(`echo ${TX_DASH} (mirror node form) and Ctrl+click it`, async () => {
      const shown = await echoAndClick(TX_DASH, 'CRYPTOUPDATEACCOUNT');
      expectIncludes(shown.title, 'Transaction 0.0.10@1234567890.999999998', 'the panel title');
      return shown;
    });
  },
};

/** Echoes `id` in `terminal`, waits for the printed line, and Ctrl+clicks it (as a user follows a link); where it was. */
export async function echoAndCtrlClick(page: Page, terminal: Locator, id: string): Promise<{ x: number; y: number }> {
  await terminal.click();
  await page.keyboard.type(`echo ${id}`);
  await page.keyboard.press('Enter');
  let at: { x: number; y: number } | null = null;
  for (const deadline = Date.now() + patient(15_000); !at && Date.now() < deadline;) {
    at = await terminalTextAt(page, id);
    if (!at) await page.waitForTimeout(250);
  }
  if (!at) throw new Error(`${id} is not printed in the terminal`);
  // Links are found when the mouse comes over the line; Ctrl+click follows one.
  await page.mouse.move(at.x - 40, at.y);
  await page.mouse.move(at.x, at.y, { steps: 4 });
  await page.waitForTimeout(800);
  await page.keyboard.down('Control');
  await page.mouse.move(at.x + 1, at.y);
  await page.waitForTimeout(300);
  await page.mouse.click(at.x + 1, at.y);
  await page.keyboard.up('Control');
  return at;
}
