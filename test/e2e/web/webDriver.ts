// What the browser scenarios add to the e2e driver: where they put their pictures, and the two ways
// a user sees which extension host runs Ledger Lens: the Running Extensions editor (its row says
// "web worker" for an extension of the web worker extension host) and Ledger Lens's own log.
import * as path from 'path';
import { projectRoot } from '../../support/paths';
import { patient } from '../../support/patience';
import type { Driver } from '../driver';
import { oneLine } from '../driver';

/** test-results/screenshots/web/: one folder per scenario, beside the Node run's. */
export function webScreenshots(): string {
  return path.join(projectRoot(), 'test-results', 'screenshots', 'web');
}

/** The README's picture: taken by the hover scenario, copied by `run.js --pictures`. */
export const WEB_PICTURE = { source: 'hover/web-hover.png', target: 'media/screenshots/web-hover.png' } as const;

/** What VS Code's Running Extensions editor writes in the row of an extension of the web worker host. */
export const WEB_WORKER_LABEL = 'web worker';

/** What Ledger Lens's browser entry logs as it activates (src/extension.web.ts). */
export const WEB_HOST_LINE = 'Ledger Lens runs in the web worker extension host (browser entry)';

/**
 * Opens "Developer: Show Running Extensions" and returns Ledger Lens's row as text: its name, its
 * activation time, and where it runs ("web worker" for the web worker extension host).
 */
export async function runningExtensionRow(d: Driver, name = 'Ledger Lens'): Promise<string> {
  await d.runCommand('Developer: Show Running Extensions');
  const list = d.page.locator('.runtime-extensions-editor .monaco-list').first();
  await list.waitFor({ timeout: patient(20_000) });
  const row = d.page.locator('.runtime-extensions-editor .monaco-list-row', { hasText: name }).first();
  // A virtual list, slowest first: a row out of view is not in the page.
  for (let scrolled = 0; (await row.count()) === 0 && scrolled < 40; scrolled++) {
    await list.hover();
    await d.page.mouse.wheel(0, 200);
    await d.page.waitForTimeout(100);
  }
  // The activation time is written once the host has reported it.
  await row
    .locator('.activation-time, .activationTime')
    .filter({ hasText: /\d+\s*ms/ })
    .first()
    .waitFor({ timeout: patient(20_000) });
  return oneLine(await row.innerText());
}

/**
 * Shows an Output channel: Ledger Lens's through its own "Show log" command, any other by its name
 * from "Output: Show Output Channels..." (e.g. "Extension Host (Worker)").
 */
export async function showOutput(d: Driver, channel: string): Promise<void> {
  if (channel === 'Ledger Lens') {
    await d.runCommand('Ledger Lens: Show log');
    return;
  }
  await d.runCommand('Output: Show Output Channels...', { opensInput: true });
  const input = d.page.locator('.quick-input-widget .quick-input-box input');
  await input.fill(channel);
  await d.page
    .locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: channel })
    .first()
    .waitFor({ timeout: patient(10_000) });
  await input.press('Enter');
}

/**
 * Shows the Output channel `channel` and returns the text of its first lines once one of them
 * contains `wanted`: the view follows the newest lines, so it is scrolled to the top first.
 */
export async function outputText(d: Driver, channel: string, wanted: string): Promise<string> {
  await showOutput(d, channel);
  const editor = d.page.locator('.part.panel .monaco-editor').first();
  const lines = editor.locator('.view-lines');
  await editor.waitFor({ timeout: patient(20_000) });
  const deadline = Date.now() + patient(20_000);
  for (;;) {
    await editor.click();
    await d.page.keyboard.press('Control+Home');
    await d.page.waitForTimeout(300);
    const text = oneLine(await lines.innerText());
    if (text.includes(wanted)) return text;
    if (Date.now() > deadline) throw new Error(`the ${channel} output has no "${wanted}": ${text.slice(0, 600)}`);
    await d.page.waitForTimeout(700);
  }
}

/**
 * The lines of Ledger Lens's log that match `wanted`, read a page at a time from the top (the view
 * renders only the lines in sight) until a page brings nothing new.
 */
export async function ledgerLensLogLines(d: Driver, wanted: RegExp): Promise<string[]> {
  await showOutput(d, 'Ledger Lens');
  const editor = d.page.locator('.part.panel .monaco-editor').first();
  await editor.waitFor({ timeout: patient(20_000) });
  await editor.click();
  await d.page.keyboard.press('Control+Home');
  await d.page.waitForTimeout(300);
  const seen = new Set<string>();
  for (let page = 0; page < 40; page++) {
    const before = seen.size;
    for (const line of await editor.locator('.view-lines .view-line').allInnerTexts()) seen.add(oneLine(line));
    if (page > 0 && seen.size === before) break;
    await d.page.keyboard.press('PageDown');
    await d.page.waitForTimeout(150);
  }
  return [...seen].filter(l => wanted.test(l));
}
