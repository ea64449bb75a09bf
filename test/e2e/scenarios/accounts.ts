// The Accounts view in a real workbench: open it, expand a configured (replayed) account and read
// its balance and first transaction, add an account through the input box (an invalid id refused
// as typed), page it with Load more, and switch network from the view's title. Each step leaves a
// screenshot. Everything goes through the UI: settings change only as VS Code writes them.
import { PAGED_ACCOUNT_PAGE2 as PAGE2, pagedAccountRecords } from '../../support/pagedAccount';
import { expectIncludes, type Scenario } from '../driver';
import { patient } from '../../support/patience';

export const scenario: Scenario = {
  name: 'accounts',
  settings: { 'ledgerLens.accounts': [{ id: '2001', label: 'NFT holder' }] },
  async run({ page, step, control, urls, openLedgerLens, expandView, treeItem, statusBarItem, dismiss }) {
    const quickInput = page.locator('.quick-input-widget');
    const box = quickInput.locator('.quick-input-box input');
    const host = new URL(urls.mirror).host;

    const openFromPalette = async (title: string, next: string): Promise<void> => {
      await dismiss();
      await page.keyboard.press('F1');
      await box.waitFor({ state: 'visible', timeout: patient(10_000) });
      await box.fill('>' + title);
      await quickInput.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().click();
      // The command reopens the same widget: wait for its own title.
      await quickInput.locator('.quick-input-title', { hasText: next }).waitFor({ timeout: patient(10_000) });
    };

    await step('the Accounts view shows the configured account with its balance and the host', async () => {
      await openLedgerLens();
      await expandView('Accounts');
      const account = treeItem(/^NFT holder, 0\.00000080 ℏ/);
      await account.waitFor({ timeout: patient(20_000) });
      const header = await page.locator('.part.sidebar .pane-header', { hasText: 'Accounts' }).first().innerText();
      expectIncludes(header, host, 'the view description names the custom host');
      return { account: await account.getAttribute('aria-label'), header: header.replace(/\s+/g, ' ') };
    });

    await step('expanding it shows Details, Tokens and Recent transactions; the first transaction reads', async () => {
      await treeItem(/^NFT holder/).click();
      await treeItem(/^Recent transactions, 10/).waitFor({ timeout: patient(10_000) });
      await treeItem(/^Recent transactions/).click();
      // The type in words, the result in words (its icon a tick), the change and the age.
      const first = treeItem(/^Token dissociate, Success, no ℏ change, \d+ years ago/);
      await first.waitFor({ timeout: patient(10_000) });
      const second = await treeItem(/^Token reject, Success/).getAttribute('aria-label');
      expectIncludes(second, '-0.00000003 ℏ', 'the account paid its fee');
      return { first: await first.getAttribute('aria-label'), second };
    });

    await step('Add account refuses an invalid id as it is typed, then adds 0.0.1001 with a label', async () => {
      // A paged account the recordings lack: its first page links to a second one.
      await control.addRecords(pagedAccountRecords());
      // Collapse the first account so the new one has room.
      await treeItem(/^NFT holder/).click();
      await openFromPalette('Ledger Lens: Add account', 'add account');
      await box.fill('my treasury');
      const refusal = quickInput.locator('.quick-input-message', { hasText: 'account id (0.0.1234' });
      await refusal.waitFor({ timeout: patient(10_000) });
      const refused = (await refusal.innerText()).slice(0, 120);
      await box.fill('0.0.1001');
      await page.keyboard.press('Enter');
      await quickInput
        .locator('.quick-input-title', { hasText: 'Label for 0.0.1001' })
        .waitFor({ timeout: patient(15_000) });
      await box.fill('Paged');
      await page.keyboard.press('Enter');
      const user = quickInput.locator('.quick-input-list .monaco-list-row', { hasText: 'User settings' }).first();
      await user.waitFor({ timeout: patient(10_000) });
      await user.click();
      const added = treeItem(/^Paged, 1\.00000000 ℏ/);
      await added.waitFor({ timeout: patient(15_000) });
      return { refused, added: await added.getAttribute('aria-label') };
    });

    await step('Load more appends the next page and disappears after the last', async () => {
      await control.resetRequests();
      await treeItem(/^Paged, 1\.00000000 ℏ/).click();
      await treeItem(/^Recent transactions, 2\+/).click();
      const more = treeItem(/^Load more/);
      await more.waitFor({ timeout: patient(10_000) });
      await more.click();
      await treeItem(/^Token mint, Success/).waitFor({ timeout: patient(10_000) });
      await treeItem(/^Recent transactions, 3/).waitFor({ timeout: patient(10_000) });
      const left = await treeItem(/^Load more/).count();
      if (left !== 0) throw new Error('Load more is still offered after the last page');
      const requests = (await control.requests('mirror'))
        .map(r => r.url)
        .filter(u => u.startsWith('/api/v1/accounts/'));
      if (requests.length !== 1 || requests[0] !== PAGE2)
        throw new Error(`expected one request for the next page, saw ${requests.join(', ')}`);
      return { requests };
    });

    await step('Select network (view title) switches to mainnet and reloads every account', async () => {
      await control.resetRequests();
      await openFromPalette('Ledger Lens: Select network', 'select network');
      // The picker starts on the current network (testnet under auto).
      const focused = quickInput.locator('.quick-input-list .monaco-list-row.focused').first();
      await focused.waitFor({ timeout: patient(10_000) });
      const startsOn = (await focused.locator('.label-name').first().innerText()).trim();
      if (startsOn !== 'testnet') throw new Error(`the picker starts on ${JSON.stringify(startsOn)}`);
      // The row whose label is mainnet (mainnet-public's label and the details name it too).
      const row = quickInput
        .locator('.quick-input-list .monaco-list-row')
        .filter({ has: page.locator('.label-name', { hasText: /^\s*mainnet\s*$/ }) })
        .first();
      await row.click();
      await statusBarItem('ledgerLens.status')
        .filter({ hasText: 'mainnet' })
        .waitFor({ timeout: patient(15_000) });
      const wanted = ['/api/v1/accounts/2001', '/api/v1/accounts/0.0.1001'];
      const deadline = Date.now() + patient(15_000);
      let seen: string[] = [];
      while (Date.now() < deadline) {
        seen = (await control.requests('mirror')).map(r => r.url);
        if (wanted.every(u => seen.includes(u))) break;
        await page.waitForTimeout(200);
      }
      const missing = wanted.filter(u => !seen.includes(u));
      if (missing.length)
        throw new Error(`${missing.join(', ')} not asked again after the switch (saw ${seen.join(', ')})`);
      await treeItem(/^NFT holder, 0\.00000080 ℏ/).waitFor({ timeout: patient(10_000) });
      return { startsOn, asked: seen.filter(u => u.startsWith('/api/v1/accounts/')) };
    });
  },
};
