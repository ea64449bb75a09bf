// The call trace and the revert site in a real workbench, with the sample Hardhat project: a
// withdrawal from Vault that reverts inside MyToken (recorded from a real EVM: test/support/
// evmTraces.ts). The transaction panel shows the trace with the contracts' names from the
// workspace's artifacts and the custom error decoded on the frame that failed; its site link opens
// MyToken.sol at the `revert InsufficientBalance(…)` line with the inline decoration. Screenshots.
import * as fs from 'fs';
import * as path from 'path';
import { evmTraces } from '../../support/evmTraces';
import { traceRecords, sdkForm } from '../../support/evmRecords';
import { projectRoot } from '../../harness/proc';
import { patient } from '../../support/patience';
import { LEDGER_LENS_ACTIVITY } from '../../harness/startCheck';
import { collapseSpaces, type Driver, expectIncludes, type Scenario } from '../driver';

const SCENARIO = 'withdrawAboveVaultBalance';
const REVERT_LINE = 'if (balance < amount) revert InsufficientBalance(from, balance, amount);';

async function openTransaction(d: Driver, id: string): Promise<void> {
  const quickInput = d.page.locator('.quick-input-widget');
  const box = quickInput.locator('.quick-input-box input');
  for (let attempt = 1; ; attempt++) {
    try {
      await d.runCommand('Ledger Lens: Lookup transaction', { opensInput: true });
      await box.fill(id, { timeout: patient(5_000) });
      await quickInput
        .locator('.quick-input-list .monaco-list-row.focused', { hasText: id })
        .filter({ hasText: 'look up' })
        .waitFor({ timeout: patient(10_000) });
      await d.page.keyboard.press('Enter');
      await quickInput.waitFor({ state: 'hidden', timeout: patient(10_000) });
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
      await d.dismiss();
    }
  }
}

/** The text of the editor's after-line decorations (drawn by CSS `::after` content, not in the DOM's text). */
async function decorationTexts(d: Driver): Promise<string[]> {
  return d.page.evaluate(`(() => {
    const out = [];
    for (const el of document.querySelectorAll('.monaco-editor .view-lines span')) {
      const after = getComputedStyle(el, '::after').content;
      if (after && after !== 'none' && after !== 'normal') out.push(after);
      if (el.textContent && el.textContent.includes('reverted on')) out.push(el.textContent);
    }
    return out;
  })()`);
}

export const scenario: Scenario = {
  name: 'trace',
  settings: { 'ledgerLens.network': 'testnet' },
  async run(d) {
    const { page, step, control } = d;
    const traces = await evmTraces();
    const withdrawal = traces.byName[SCENARIO];
    await control.addRecords(traceRecords(withdrawal));
    const shots = path.join(projectRoot(), 'test-results', 'screenshots', 'trace');
    fs.mkdirSync(shots, { recursive: true });
    const frame = d.webviewFrame();
    const origin = frame.locator('.trace-row.origin').first();

    await step(
      'the failed withdrawal’s call trace: Vault → MyToken by name, the custom error on the failed frame',
      async () => {
        await page
          .locator(LEDGER_LENS_ACTIVITY)
          .first()
          .waitFor({ timeout: patient(90_000) });
        await openTransaction(d, sdkForm(withdrawal.transactionId));
        // The artifacts are indexed in the background: until Vault and MyToken are in, the parties read as ids.
        for (let attempt = 1; ; attempt++) {
          await origin.waitFor({ timeout: patient(30_000) });
          const parties = collapseSpaces(await origin.locator('.trace-parties').first().innerText());
          if (parties.includes('Vault') && parties.includes('MyToken')) break;
          if (attempt >= 10) throw new Error(`the failed frame names ${parties}`);
          await page.waitForTimeout(2000);
          await frame
            .locator('button', { hasText: 'Refresh' })
            .first()
            .click()
            .catch(() => undefined);
        }
        const line = collapseSpaces(await origin.locator('.trace-line').first().innerText());
        expectIncludes(line, 'InsufficientBalance(', 'the decoded custom error');
        expectIncludes(line, 'transfer', 'the function that failed');
        expectIncludes(collapseSpaces(await origin.innerText()), /reverted|failed/, 'the failure in words');
        const summary = collapseSpaces(await frame.locator('.trace-summary').first().innerText());
        expectIncludes(summary, 'Vault.withdraw → MyToken.transfer', 'the summary');
        await frame
          .locator('.trace')
          .first()
          .screenshot({ path: path.join(shots, 'trace-panel.png') })
          .catch(() => undefined);
        return { summary, line };
      },
    );

    await step('the site link opens MyToken.sol at the reverting line, with the inline decoration', async () => {
      const link = origin.locator('.trace-site-link').first();
      await link.waitFor({ timeout: patient(60_000) });
      const text = collapseSpaces(await link.innerText());
      expectIncludes(text, 'contracts/MyToken.sol:', 'the link names the file and line');
      await link.click();
      await page
        .locator('.tabs-container .tab.active', { hasText: 'MyToken.sol' })
        .waitFor({ timeout: patient(30_000) });
      const editorLines = page.locator('.editor-group-container.active .monaco-editor .view-lines');
      await editorLines.locator('.view-line', { hasText: 'revert InsufficientBalance(from' }).first().waitFor();
      let decorations: string[] = [];
      for (let attempt = 1; attempt <= 20; attempt++) {
        decorations = await decorationTexts(d);
        if (decorations.some(t => t.includes('reverted on testnet'))) break;
        await page.waitForTimeout(500);
      }
      const shown = decorations.find(t => t.includes('reverted on testnet')) ?? '';
      expectIncludes(shown, sdkForm(withdrawal.transactionId), 'the decoration names the transaction');
      expectIncludes(shown, 'InsufficientBalance', 'the decoration names the error');
      await page
        .locator('.editor-group-container.active')
        .first()
        .screenshot({ path: path.join(shots, 'revert-site.png') })
        .catch(() => undefined);
      return { link: text, decoration: shown.slice(0, 200), line: REVERT_LINE };
    });
  },
};
