// The Accounts view in a real workbench: open it, expand a configured (replayed) account and read
// its balance and first transaction, add an account through the input box (an invalid id refused
// as typed), page it with Load more, and switch network from the view's title. Each step leaves a
// screenshot. Everything goes through the UI: settings change only as VS Code writes them.
import { PAGED_ACCOUNT_PAGE2 as PAGE2, pagedAccountRecords } from '../../support/pagedAccount';
import { expectIncludes, type Scenario } from '../driver';
import type { Locator } from 'playwright-core';
import { patient } from '../../support/patience';

/** How one tree row's label and description fit the room VS Code gives them. */
interface RowFit {
  readonly text: string;
  readonly scroll: number;
  readonly client: number;
  readonly cut: boolean;
}

/**
 * Every visible row of a view: VS Code puts a row's label and description in one
 * `.monaco-icon-label-container` and ends it with an ellipsis when the text is wider than the box,
 * so a row is cut when the container's scroll width exceeds its client width.
 */
async function rowFits(pane: Locator): Promise<RowFit[]> {
  interface El {
    readonly scrollWidth: number;
    readonly clientWidth: number;
    readonly textContent: string | null;
    querySelector(selector: string): El | null;
  }
  return pane.locator('.monaco-list-row').evaluateAll(rows =>
    (rows as unknown as El[]).map(row => {
      const box = row.querySelector('.monaco-icon-label-container');
      const scroll = box?.scrollWidth ?? 0;
      const client = box?.clientWidth ?? 0;
      return { text: (box?.textContent ?? '').trim(), scroll, client, cut: scroll > client + 1 };
    }),
  );
}

/** The check above sees a cut: a description made far too long for its row reads as cut (then restored). */
async function seesACut(pane: Locator): Promise<boolean> {
  interface Description {
    textContent: string | null;
    closest(selector: string): { readonly scrollWidth: number; readonly clientWidth: number } | null;
  }
  return pane
    .locator('.monaco-list-row .label-description')
    .first()
    .evaluate(el => {
      const d = el as unknown as Description;
      const before = d.textContent;
      d.textContent = `${before ?? ''} ${'0'.repeat(200)}`;
      const box = d.closest('.monaco-icon-label-container');
      const cut = box !== null && box.scrollWidth > box.clientWidth + 1;
      d.textContent = before;
      return cut;
    });
}

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

    await step(
      'at the default sidebar width no Accounts or Blocks row is cut: the age and the change show',
      async () => {
        await expandView('Accounts');
        await expandView('Blocks');
        await treeItem(/^Block 19,/).waitFor({ timeout: patient(20_000) });
        const pane = (title: string) =>
          page.locator('.part.sidebar .pane').filter({ has: page.locator('.pane-header', { hasText: title }) });
        const accounts = pane('Accounts');
        const blocks = pane('Blocks');
        await page.waitForTimeout(300); // the tree lays out its rows after they land
        const sidebar = (await page.locator('.part.sidebar').boundingBox())?.width ?? 0;
        const rows = [...(await rowFits(accounts)), ...(await rowFits(blocks))];
        if (!(await seesACut(accounts))) throw new Error('the check cannot tell a cut row');
        const cut = rows.filter(r => r.cut);
        if (rows.length < 8) throw new Error(`too few rows read: ${JSON.stringify(rows)}`);
        if (cut.length) throw new Error(`rows cut at a ${sidebar} px sidebar: ${JSON.stringify(cut)}`);
        return { sidebar, rows: rows.map(r => `${r.text} (${r.scroll}/${r.client} px)`) };
      },
    );

    await step('Add account refuses an invalid id as it is typed, then adds 0.0.1001 with a label', async () => {
      // A paged account the recordings lack: its first page links to a second one.
      await control.addRecords(pagedAccountRecords());
      // Blocks folded again (the step before opened it): the Accounts view needs the room.
      await page.locator('.part.sidebar .pane-header', { hasText: 'Blocks' }).first().click();
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
      // The view draws only the rows in sight: the focus moves down, as a user's arrow keys would,
      // until Load more is among them (the view's height depends on how many views share the bar).
      for (let i = 0; i < 8 && !(await more.isVisible()); i++) {
        await page.keyboard.press('ArrowDown');
        await page.waitForTimeout(150);
      }
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
      // Back to the top of the view, as it was before the arrow keys moved down.
      await treeItem(/^Recent transactions, 3/).click();
      await page.keyboard.press('Home');
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
