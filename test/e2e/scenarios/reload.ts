// A window reload in a real workbench. In a fresh window: the first hover over an account id and
// the first terminal link are answered by the stubs registered at activation (the hover and the
// terminal features load then, as the log says), and a second link goes to the loaded feature.
// Then a transaction panel, a block panel and a contract results panel (in weibars) are opened
// with their content, in two editor groups; Developer: Reload Window; the two visible panels come
// back with the same content at once, the block panel when its tab is shown, none left on
// "Loading…"; and the first hover of the reloaded window is Ledger Lens's again.
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { expectIncludes, type Driver, type Scenario } from '../driver';
import { patient } from '../../support/patience';
import { echoAndCtrlClick } from './terminal';

const TX_AT = '0.0.300@1565779555.711927000'; // CRYPTOTRANSFER in the recordings
const TX_CONSENSUS = '2019-08-14 10:45:55 UTC';
const TX_DASH = '0.0.10-1234567890-999999998'; // CRYPTOUPDATEACCOUNT in the recordings
// A block the recordings answer by its number, as a restored block panel asks for it (above 2^53).
const BLOCK = '9900000000000001';
const PREVIOUS_HASH = '0xfbd921184e229e2051280d827ba3b315';
const SOURCE = 'contracts/Treasury.sol';
const ACCOUNT = '0.0.8';
const ACCOUNT_HOVER = ['Account 0.0.8', 'Balance: 0.00000080 ℏ'];
const HOVER_LOADED = 'hover loaded on first use';
const TERMINAL_LOADED = 'terminal loaded on first use';

const webviews = (page: Page) => page.locator('iframe.webview.ready');
const innerOf = (page: Page, i: number): FrameLocator =>
  page.frameLocator('iframe.webview.ready').nth(i).frameLocator('iframe#active-frame');

/** What every visible webview's page says, for a failure's message. */
async function webviewTexts(page: Page): Promise<string> {
  const texts: string[] = [];
  for (let i = 0; i < (await webviews(page).count()); i++) {
    const text = await innerOf(page, i)
      .locator('body')
      .innerText({ timeout: 2000 })
      .catch(() => '(unreadable)');
    texts.push(text.replace(/\s+/g, ' ').slice(0, 160));
  }
  return texts.length ? texts.map(t => JSON.stringify(t)).join(' | ') : '(no webview shown)';
}

/**
 * The page of the visible webview in which `probe` shows (several editor groups each show one
 * panel, so the driver's last-webview frame is not enough); fails naming what each page says.
 */
async function panelShowing(page: Page, probe: (f: FrameLocator) => Locator, what: string): Promise<FrameLocator> {
  const deadline = Date.now() + patient(30_000);
  for (;;) {
    for (let i = 0; i < (await webviews(page).count()); i++) {
      const frame = innerOf(page, i);
      if (
        await probe(frame)
          .first()
          .isVisible()
          .catch(() => false)
      )
        return frame;
    }
    if (Date.now() > deadline) throw new Error(`no panel shows ${what}; the webviews say: ${await webviewTexts(page)}`);
    await page.waitForTimeout(250);
  }
}

const fieldOf = (frame: FrameLocator, name: string) => frame.locator(`dd[data-field="${name}"]`).first();
const fieldText = async (frame: FrameLocator, name: string) =>
  (await fieldOf(frame, name).innerText()).replace(/copy/g, '').trim();

/** The transaction panel of TX_AT, with its type and consensus time read. */
async function transactionPanel(page: Page): Promise<Record<string, string>> {
  const frame = await panelShowing(
    page,
    f => f.locator('dd[data-field="Type"]', { hasText: 'CRYPTOTRANSFER' }),
    'the transaction',
  );
  const read = {
    title: (await frame.locator('h1').innerText()).trim(),
    type: await fieldText(frame, 'Type'),
    consensus: await fieldText(frame, 'Consensus timestamp'),
  };
  expectIncludes(read.title, TX_AT, 'the transaction panel title');
  expectIncludes(read.consensus, TX_CONSENSUS, 'the consensus timestamp');
  return read;
}

/** The block panel of BLOCK, with its number and previous hash read. */
async function blockPanel(page: Page): Promise<Record<string, string>> {
  const probe = (f: FrameLocator) => f.locator('dd[data-field="Number"]', { hasText: BLOCK });
  const frame = await panelShowing(page, probe, `block ${BLOCK}`);
  const read = { number: await fieldText(frame, 'Number'), previousHash: await fieldText(frame, 'Previous hash') };
  if (read.number.replace(/[^\d]/g, '') !== BLOCK) throw new Error(`block number ${read.number}`);
  expectIncludes(read.previousHash, PREVIOUS_HASH, 'the previous hash');
  return read;
}

/** The contract results panel: its first row's cells and its amount's unit. */
async function contractResultsPanel(page: Page, unit: string): Promise<{ firstRow: string; unit: string }> {
  const frame = await panelShowing(
    page,
    f => f.locator('table.grid tbody tr td .unit', { hasText: unit }),
    `contract results in ${unit}s`,
  );
  const row = frame.locator('table.grid tbody tr').first();
  const cells = (await row.locator('td').allInnerTexts()).map(t => t.replace(/\s+/g, ' ').trim());
  return { firstRow: cells.join(' | '), unit: (await row.locator('td').nth(5).locator('.unit').innerText()).trim() };
}

/** The Ledger Lens log as the Output view shows it (it follows the end: the newest lines). */
async function logText(d: Driver): Promise<string> {
  const lines = d.page.locator('.part.panel .monaco-editor .view-lines').first();
  // A palette row clicked while the palette still fills its list can close it without running
  // the command (the window has just loaded): a second try, then the failure.
  for (let attempt = 1; ; attempt++) {
    await d.runCommand('Ledger Lens: Show log');
    try {
      await lines
        .locator('.view-line', { hasText: /\S/ })
        .first()
        .waitFor({ timeout: patient(attempt === 1 ? 5000 : 10_000) });
      break;
    } catch (e) {
      if (attempt >= 2) throw e;
    }
  }
  return (await lines.innerText()).replace(/\u00a0/g, ' ');
}

const count = (text: string, part: string) => text.split(part).length - 1;

/** Hovers ACCOUNT in Treasury.sol, the active editor (its line is in view from the top). */
async function hoverAccount(d: Driver): Promise<{ hover: string }> {
  const text = (await d.hoverText(ACCOUNT, { waitFor: 'Balance' })).replace(/\u00a0/g, ' ').replace(/[ \t]+/g, ' ');
  for (const part of ACCOUNT_HOVER) expectIncludes(text, part, 'the hover');
  await d.dismiss();
  return { hover: text.slice(0, 200) };
}

/** Echoes `id` in the active terminal, Ctrl+clicks the printed line, and reads the panel that opens. */
async function followTerminalLink(d: Driver, id: string, type: string): Promise<{ title: string }> {
  const { page } = d;
  const at = await echoAndCtrlClick(page, page.locator('.terminal-wrapper.active .xterm'), id);
  const probe = (f: FrameLocator) => f.locator('dd[data-field="Type"]', { hasText: type });
  const frame = await panelShowing(page, probe, `a ${type} transaction`).catch(async () => {
    // The link's own hover offers "Follow link" too.
    await page.mouse.move(at.x, at.y, { steps: 2 });
    await page
      .locator('.monaco-hover:visible a', { hasText: /Follow link/i })
      .first()
      .click({ timeout: patient(10_000) });
    return panelShowing(page, probe, `a ${type} transaction`);
  });
  return { title: (await frame.locator('h1').innerText()).trim() };
}

/** A fresh window: the first hover and the first terminal link go through the activation stubs. */
async function freshWindow(d: Driver): Promise<void> {
  const { step, page } = d;
  await step('fresh window: neither the hover nor the terminal feature is loaded yet', async () => {
    const log = await logText(d);
    if (log.includes(HOVER_LOADED) || log.includes(TERMINAL_LOADED)) throw new Error(`already loaded: ${log}`);
    return { logLines: log.split('\n').length };
  });
  await step(`the first hover, over ${ACCOUNT}, shows Ledger Lens's account`, async () => {
    await d.openFile(SOURCE);
    return hoverAccount(d);
  });
  await step('the log says that hover loaded the hover feature', async () => {
    const log = await logText(d);
    if (count(log, HOVER_LOADED) !== 1) throw new Error(`the log: ${log}`);
    return {
      loaded: log
        .split('\n')
        .find(l => l.includes(HOVER_LOADED))
        ?.trim(),
    };
  });
  await step('open the integrated terminal', async () => {
    await d.runCommand('Terminal: Create New Terminal');
    await page.locator('.terminal-wrapper.active .xterm-rows').waitFor({ timeout: patient(20_000) });
    return {};
  });
  await step(`the first terminal link, ${TX_DASH}, opens its transaction`, async () => {
    const shown = await followTerminalLink(d, TX_DASH, 'CRYPTOUPDATEACCOUNT');
    expectIncludes(shown.title, '0.0.10@1234567890.999999998', 'the panel title');
    return shown;
  });
  await step(`with the terminal feature loaded, ${TX_AT} opens its transaction`, async () => {
    const shown = await followTerminalLink(d, TX_AT, 'CRYPTOTRANSFER');
    expectIncludes(shown.title, TX_AT, 'the panel title');
    const log = await logText(d);
    if (count(log, TERMINAL_LOADED) !== 1) throw new Error(`the terminal feature loaded other than once: ${log}`);
    return shown;
  });
}

/**
 * The three panels with their content: the transaction beside the source file in the first group,
 * the others right of it.
 */
async function openPanels(d: Driver): Promise<{ contracts?: { firstRow: string; unit: string } }> {
  const { step, page } = d;
  await d.runCommand('View: Close All Editors');
  // Left open under the transaction panel: after the reload its tab is shown again for a hover.
  await d.openFile(SOURCE);
  await step(`Lookup transaction ${TX_AT}: the panel shows it`, async () => {
    await d.runCommand('Ledger Lens: Lookup transaction', { opensInput: true });
    // Typed once its pick is there (the feature loads on first use): typed sooner, the text goes to
    // the palette that is closing.
    await page
      .locator('.quick-input-widget .quick-input-title', { hasText: 'Ledger Lens: Lookup transaction' })
      .waitFor({ timeout: patient(20_000) });
    await page.locator('.quick-input-widget .quick-input-box input').fill(TX_AT);
    // What is typed becomes the first item once it parses: Enter is pressed on it, as a user does.
    await page
      .locator('.quick-input-widget .monaco-list-row.focused', { hasText: TX_AT })
      .filter({ hasText: 'look up' })
      .waitFor({ timeout: patient(10_000) });
    await page.keyboard.press('Enter');
    return transactionPanel(page);
  });
  await step(`Lookup block ${BLOCK}: the panel shows it, moved into a group on the right`, async () => {
    await d.runCommand('Ledger Lens: Lookup block', { opensInput: true });
    await page.locator('.quick-input-widget .quick-input-box input').fill(BLOCK);
    await page.keyboard.press('Enter');
    const read = await blockPanel(page);
    await d.runCommand('View: Move Editor into Right Group');
    await page
      .locator('.editor-group-container')
      .nth(1)
      .locator('.tab', { hasText: `Block ${BLOCK}` })
      .waitFor();
    return read;
  });
  const contracts = await step('Show contract results beside it, switched to weibars', async () => {
    await d.runCommand('Ledger Lens: Show contract results');
    const frame = await panelShowing(page, f => f.locator('table.grid tbody tr td .unit'), 'contract results');
    await frame.locator('#unit-weibar').click();
    const read = await contractResultsPanel(page, 'weibar');
    // Both other panels are still shown with their content.
    await transactionPanel(page);
    return read;
  });
  return { contracts };
}

export const scenario: Scenario = {
  name: 'reload',
  // Testnet, not `auto`: a restored file of an earlier scenario may call Client.forMainnet(). The DOM
  // terminal renderer draws its text as text (the GPU one draws it into a canvas).
  settings: { 'ledgerLens.network': 'testnet', 'terminal.integrated.gpuAcceleration': 'off' },
  async run(d) {
    const { step, page, control } = d;
    // The recording of 0.0.8 with its balance (another recording of the same URL has none).
    await control.preferSource('no-params');
    // An earlier scenario's editors come back in this window: start with none.
    await d.runCommand('View: Close All Editors');
    await freshWindow(d);
    const { contracts } = await openPanels(d);

    let reloadedAt = 0;
    await control.resetRequests();
    await step('Developer: Reload Window', async () => {
      await d.reloadWindow();
      reloadedAt = Date.now();
      return {};
    });
    await step('the transaction panel is back with its content', async () => {
      const read = await transactionPanel(page);
      return { ...read, afterMs: Date.now() - reloadedAt };
    });
    await step('the contract results panel is back with the same rows, in weibars', async () => {
      const read = await contractResultsPanel(page, 'weibar');
      if (contracts && read.firstRow !== contracts.firstRow)
        throw new Error(`first row ${read.firstRow}, before the reload ${contracts.firstRow}`);
      return { ...read, afterMs: Date.now() - reloadedAt };
    });
    await step('the block panel, its tab shown, is back with its content', async () => {
      await page
        .locator('.tabs-container .tab', { hasText: `Block ${BLOCK}` })
        .first()
        .click();
      return blockPanel(page);
    });
    await step('no panel is left on Loading…', async () => {
      const texts = await webviewTexts(page);
      if (/Loading/.test(texts)) throw new Error(`a panel still loads: ${texts}`);
      return { panels: await webviews(page).count() };
    });
    await step('what the reloaded window asked the mirror node (reported, not asserted)', async () => {
      const asked = (await control.requests('mirror')).map(r => r.url.replace(/^\/api\/v1/, ''));
      return { requests: asked.join(' ') };
    });
    await step('the reloaded window has not loaded the hover feature yet', async () => {
      const log = await logText(d);
      if (log.includes(HOVER_LOADED)) throw new Error(`already loaded: ${log}`);
      return {};
    });
    await step(`the reloaded window's first hover, over ${ACCOUNT}, shows Ledger Lens's account`, async () => {
      // Its restored tab (Quick Open's file search can lag in a reloaded window on a busy machine).
      await page.locator('.tabs-container .tab', { hasText: 'Treasury.sol' }).first().click();
      await page.locator('.tabs-container .tab.active', { hasText: 'Treasury.sol' }).waitFor();
      await page.locator('.editor-instance .view-lines', { hasText: ACCOUNT }).first().waitFor();
      return hoverAccount(d);
    });
    await step('the log says that hover loaded the hover feature', async () => {
      const log = await logText(d);
      if (count(log, HOVER_LOADED) !== 1) throw new Error(`the log: ${log}`);
      return {};
    });
  },
};
