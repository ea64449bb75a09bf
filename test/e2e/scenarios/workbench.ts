// The workbench opens with Ledger Lens installed from its .vsix: its view container is in the
// activity bar with its views, its commands are in the palette (and only those meant to be), and
// the extension is active and talking to the replay servers the settings name.
import * as fs from 'fs';
import * as path from 'path';
import { expectIncludes, type PageDocument, type Scenario } from '../driver';
import { patient } from '../../support/patience';

interface Manifest {
  contributes: {
    commands: { command: string; title: string; category?: string }[];
    menus?: { commandPalette?: { command: string; when?: string }[] };
    views: Record<string, { id: string; name: string }[]>;
  };
}

export const scenario: Scenario = {
  name: 'workbench',
  async run({ page, step, runCommand, openLedgerLens, workspace, urls, dismiss }) {
    const manifest = JSON.parse(fs.readFileSync(path.join(workspace, '..', '..', 'package.json'), 'utf8')) as Manifest;
    // Hidden: `when: false` (menus only), or a condition this window does not meet (Load memory is for
    // a debug session, and none runs here).
    const hidden = new Set((manifest.contributes.menus?.commandPalette ?? []).filter(m => m.when).map(m => m.command));
    const title = (c: { title: string; category?: string }): string =>
      c.category ? `${c.category}: ${c.title}` : c.title;
    const inPalette = manifest.contributes.commands.filter(c => !hidden.has(c.command)).map(title);
    const notInPalette = manifest.contributes.commands.filter(c => hidden.has(c.command)).map(title);

    await step('Ledger Lens is in the activity bar', async () => {
      const item = page
        .locator(
          '.part.activitybar .action-item a[aria-label^="Ledger Lens"], .part.activitybar .action-item[aria-label^="Ledger Lens"]',
        )
        .first();
      await item.waitFor();
      return { label: await item.getAttribute('aria-label') };
    });

    await step('its view container shows its views', async () => {
      await openLedgerLens();
      const names = manifest.contributes.views['ledgerLens'].map(v => v.name);
      for (const name of names) await page.locator('.part.sidebar .pane-header', { hasText: name }).first().waitFor();
      return { views: names };
    });

    await step('its commands are in the palette', async () => {
      await page.keyboard.press('F1');
      const input = page.locator('.quick-input-widget .quick-input-box input');
      await input.waitFor({ state: 'visible' });
      await input.fill('>Ledger Lens: ');
      const rows = page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
      await rows.first().waitFor();
      // The list filters as it is typed; wait until the rows are ours only.
      await page.waitForFunction(
        () =>
          Array.from(
            (globalThis as unknown as { document: PageDocument }).document.querySelectorAll(
              '.quick-input-widget .quick-input-list .monaco-list-row',
            ),
          ).every(r => (r.textContent ?? '').includes('Ledger Lens')),
        undefined,
        { timeout: patient(10_000) },
      );
      const shown = (await rows.allInnerTexts()).map(t => t.replace(/\s+/g, ' ').trim());
      // The list draws only the rows in view: each command not among them is typed in full.
      const missing: string[] = [];
      for (const t of inPalette.filter(t => !shown.some(s => s.includes(t)))) {
        await input.fill(`>${t}`);
        const found = await rows
          .filter({ hasText: t })
          .first()
          .waitFor({ timeout: patient(5_000) })
          .then(
            () => true,
            () => false,
          );
        if (!found) missing.push(t);
      }
      await page.keyboard.press('Escape');
      if (missing.length) throw new Error(`not in the palette: ${missing.join(', ')} (shown: ${shown.join(' | ')})`);
      const leaked = notInPalette.filter(t => shown.some(s => s.includes(t)));
      if (leaked.length)
        throw new Error(`meant for menus (or a debug session) only but in the palette: ${leaked.join(', ')}`);
      return { shown: shown.length };
    });

    await step('it is active and reads its settings (Show log)', async () => {
      await dismiss();
      await runCommand('Ledger Lens: Show log');
      const output = page.locator('.part.panel .view-lines', { hasText: 'mirror node:' }).first();
      // The first lines name the mirror node; the Output view follows the newest lines, which may by
      // now have pushed them out of sight: go to the top (which also stops the following).
      const editor = page.locator('.part.panel .monaco-editor').first();
      await editor.waitFor({ timeout: patient(20_000) });
      for (let attempt = 1; ; attempt++) {
        await editor.click();
        await page.keyboard.press('Control+Home');
        const shown = await output.waitFor({ timeout: patient(5_000) }).then(
          () => true,
          () => false,
        );
        if (shown) break;
        if (attempt >= 4) await output.waitFor({ timeout: patient(5_000) });
      }
      const text = await output.innerText();
      return {
        log: expectIncludes(text.replace(/\u00a0/g, ' '), urls.mirror, 'the log names the replay mirror node')
          .split('\n')
          .find(l => l.includes(urls.mirror)),
      };
    });
  },
};
