// The Accounts view in the browser: the configured (replayed) account shows with its balance, and
// expanding it shows its recent transactions.
import { expectIncludes, type Scenario } from '../../driver';
import { patient } from '../../../support/patience';

export const scenario: Scenario = {
  name: 'accounts',
  settings: { 'ledgerLens.network': 'testnet', 'ledgerLens.accounts': [{ id: '2001', label: 'NFT holder' }] },
  async run({ page, step, urls, openLedgerLens, expandView, treeItem }) {
    await step('the Accounts view shows the configured account with its balance and the host', async () => {
      await openLedgerLens();
      await expandView('Accounts');
      const account = treeItem(/^NFT holder, 0\.00000080 ℏ/);
      await account.waitFor({ timeout: patient(30_000) });
      const header = await page.locator('.part.sidebar .pane-header', { hasText: 'Accounts' }).first().innerText();
      expectIncludes(header, new URL(urls.mirror).host, 'the view description names the replay host');
      return { account: await account.getAttribute('aria-label') };
    });

    await step('expanding it shows its recent transactions', async () => {
      await treeItem(/^NFT holder/).click();
      await treeItem(/^Recent transactions, 10/).waitFor({ timeout: patient(15_000) });
      await treeItem(/^Recent transactions/).click();
      const first = treeItem(/^Token dissociate, Success, no ℏ change/);
      await first.waitFor({ timeout: patient(15_000) });
      return { first: await first.getAttribute('aria-label') };
    });
  },
};
