// "Lookup transaction" in the browser: the SDK form of a replayed transaction opens its panel (a
// webview of the web worker's extension), which reads its type, result and a transfer.
import { expectIncludes, type Scenario } from '../../driver';
import { patient } from '../../../support/patience';

const TX_AT = '0.0.300@1565779555.711927000';

export const scenario: Scenario = {
  name: 'transactions',
  settings: { 'ledgerLens.network': 'testnet' },
  async run({ page, step, runCommand, webviewFrame }) {
    const quickInput = page.locator('.quick-input-widget');
    const box = quickInput.locator('.quick-input-box input');

    await step(`Lookup transaction with ${TX_AT} opens the transaction panel`, async () => {
      await runCommand('Ledger Lens: Lookup transaction', { opensInput: true });
      const prompt = await quickInput.innerText();
      expectIncludes(prompt, '0.0.1234@1700000000.123456789', 'the prompt shows the SDK form');
      await box.fill(TX_AT);
      // What is typed becomes the first item once it parses: Enter before it is there takes nothing.
      await quickInput
        .locator('.quick-input-list .monaco-list-row.focused', { hasText: TX_AT })
        .filter({ hasText: 'look up' })
        .waitFor({ timeout: patient(10_000) });
      await page.keyboard.press('Enter');
      await quickInput.waitFor({ state: 'hidden', timeout: patient(10_000) });
      const frame = webviewFrame();
      await frame.locator('dd[data-field="Type"]').waitFor({ timeout: patient(30_000) });
      return { title: await frame.locator('h1').innerText() };
    });

    await step('the panel reads its type, result and a transfer', async () => {
      const frame = webviewFrame();
      const type = (await frame.locator('dd[data-field="Type"]').innerText()).replace(/\s+/g, ' ').trim();
      if (type !== 'Crypto transfer CRYPTOTRANSFER') throw new Error(`type ${type}`);
      const badge = frame.locator('dd[data-field="Result"] [role="img"]').first();
      const result = (await badge.innerText()).replace(/\s+/g, ' ').trim();
      if (result !== '✓ Success') throw new Error(`result ${result}`);
      const row = frame.locator('table[aria-label="Transfers"] tbody tr', { hasText: '0.0.300' }).first();
      const cells = (await row.locator('td').allInnerTexts()).map(t => t.trim());
      if (cells[0] !== '0.0.300' || cells[1] !== '-0.00000003 ℏ') throw new Error(`transfer row ${cells.join(' | ')}`);
      return { type, result, transfer: cells };
    });
  },
};
