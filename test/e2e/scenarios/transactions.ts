// "Lookup transaction" and the Blocks view in a real workbench: paste the SDK (`@`) form of a
// replayed transaction into the command's quick pick, read its type, result and a transfer from the
// panel; open the pick again and find it among the recent lookups; type a malformed id and read
// which part is wrong; open the Blocks view and a block. Each step leaves a screenshot.
import { expectIncludes, type Scenario } from '../driver';
import { patient } from '../../support/patience';

const TX_AT = '0.0.300@1565779555.711927000';

export const scenario: Scenario = {
  name: 'transactions',
  // Testnet, not `auto`: a restored file of an earlier scenario may call Client.forMainnet().
  settings: { 'ledgerLens.network': 'testnet' },
  async run({ page, step, runCommand, webviewFrame, openLedgerLens, expandView, treeItem, dismiss }) {
    const quickInput = page.locator('.quick-input-widget');
    const box = quickInput.locator('.quick-input-box input');
    // The driver's runCommand reopens the palette until the command is listed (and copes with focus
    // left in a webview by an earlier scenario); with opensInput it waits for the command's own box.
    const openLookup = async (): Promise<void> => {
      await runCommand('Ledger Lens: Lookup transaction', { opensInput: true });
      await quickInput
        .locator('.quick-input-message, .quick-input-title', { hasText: /Lookup transaction|HashScan/ })
        .first()
        .waitFor({ timeout: patient(10_000) });
    };
    // A quick input closes when focus leaves the workbench, and a panel that finishes loading can
    // take focus: if the box went away before the text reached it, open it again (bounded).
    const typeIntoLookup = async (text: string): Promise<void> => {
      for (let attempt = 1; ; attempt++) {
        try {
          await box.fill(text, { timeout: patient(5_000) });
          return;
        } catch (e) {
          if (attempt >= 3) throw e;
          await openLookup();
        }
      }
    };

    await step('Lookup transaction asks for an id and names the accepted forms', async () => {
      // The palette knows the command once the extension is installed: its view container is a sign.
      await page
        .locator(
          '.part.activitybar .action-item a[aria-label^="Ledger Lens"], .part.activitybar .action-item[aria-label^="Ledger Lens"]',
        )
        .first()
        .waitFor({ timeout: patient(30_000) });
      await openLookup();
      const prompt = await quickInput.innerText();
      expectIncludes(prompt, '0.0.1234@1700000000.123456789', 'the prompt shows the SDK form');
      expectIncludes(prompt, 'HashScan', 'the prompt names HashScan links');
      return { prompt: prompt.replace(/\s+/g, ' ').slice(0, 200) };
    });

    // A row of the pick, by its text; the focused one is what Enter takes.
    const row = (text: string | RegExp) => quickInput.locator('.quick-input-list .monaco-list-row', { hasText: text });

    await step(`pasting ${TX_AT} opens the transaction panel`, async () => {
      await typeIntoLookup(TX_AT);
      // What is typed becomes the first item once it parses: Enter before it is there takes nothing.
      await row(TX_AT)
        .and(quickInput.locator('.monaco-list-row.focused'))
        .filter({ hasText: 'look up' })
        .waitFor({
          timeout: patient(10_000),
        });
      await page.keyboard.press('Enter');
      await quickInput.waitFor({ state: 'hidden', timeout: patient(10_000) });
      const frame = webviewFrame();
      await frame.locator('dd[data-field="Type"]').waitFor({ timeout: patient(30_000) });
      return { title: await frame.locator('h1').innerText() };
    });

    await step('the panel reads its type, result and a transfer', async () => {
      const frame = webviewFrame();
      // The type in words with its wire name beside; the result a badge: an icon and a word, its full
      // code as its accessible name.
      const type = (await frame.locator('dd[data-field="Type"]').innerText()).replace(/\s+/g, ' ').trim();
      const badge = frame.locator('dd[data-field="Result"] [role="img"]').first();
      const result = {
        text: (await badge.innerText()).replace(/\s+/g, ' ').trim(),
        name: await badge.getAttribute('aria-label'),
      };
      if (type !== 'Crypto transfer CRYPTOTRANSFER') throw new Error(`type ${type}`);
      if (result.text !== '✓ Success' || result.name !== 'Result: SUCCESS')
        throw new Error(`result ${JSON.stringify(result)}`);
      const row = frame.locator('table[aria-label="Transfers"] tbody tr', { hasText: '0.0.300' }).first();
      const cells = (await row.locator('td').allInnerTexts()).map(t => t.trim());
      if (cells[0] !== '0.0.300' || cells[1] !== '-0.00000003 ℏ') throw new Error(`transfer row ${cells.join(' | ')}`);
      // One time format: the date to the second with its age; to the nanosecond, and raw, in its tooltip.
      const field = frame.locator('dd[data-field="Consensus timestamp"]');
      const consensus = (await field.innerText()).replace(/\s+/g, ' ').trim();
      expectIncludes(consensus, '2019-08-14 10:45:55 UTC', 'the consensus time, UTC');
      expectIncludes(consensus, /UTC\s*\d+ years ago/, 'its age');
      const exact = await field.locator('[title]').first().getAttribute('title');
      expectIncludes(
        exact,
        '2019-08-14 10:45:55.711927001 UTC · 1565779555.711927001',
        'the exact time in its tooltip',
      );
      return { type, result, transfer: cells, consensus, exact };
    });

    await step('the panel leads with from → to and the amount; the noise waits under a closed "More"', async () => {
      const frame = webviewFrame();
      // The record's first rows are its summary, the counterparties links that reveal them.
      const lead = frame.locator('section.record dl').first();
      if (!((await lead.getAttribute('class')) ?? '').includes('summary-fields')) throw new Error('no summary first');
      const parties = lead.locator('dd[data-field="From → To"]');
      const from = (await parties.innerText()).replace(/\s+/g, ' ').trim();
      expectIncludes(from, '0.0.300 → 0.0.200, 0.0.400', 'the payer → the token receivers');
      const links = await parties.locator('a[data-action="revealAccount"]').count();
      if (links !== 3) throw new Error(`${links} account links in from → to`);
      const amount = (await lead.locator('dd[data-field="Amount"]').innerText()).trim();
      // No recording describes token 0.0.90000: the amount stays in its smallest unit.
      expectIncludes(amount, '1,200 of 0.0.90000 (smallest unit)', 'the token amount');
      // "More" is closed; its summary is a control the keyboard opens.
      const more = frame.locator('section.record details.more').first();
      if ((await more.getAttribute('open')) !== null) throw new Error('More is open by default');
      const batch = more.locator('dd[data-field="Batch key"]');
      if (await batch.isVisible()) throw new Error('a noise row is visible before More is opened');
      await more.locator('summary').focus();
      await page.keyboard.press('Enter');
      await batch.waitFor({ state: 'visible', timeout: patient(5_000) });
      const batchKey = (await batch.innerText()).trim();
      return { from, links, amount, batchKey };
    });

    await step('one copy control: an icon named for what it copies, "Copied" once the host copied', async () => {
      const frame = webviewFrame();
      const copy = frame.getByRole('button', { name: 'Copy Transaction id', exact: true });
      await copy.click();
      const status = frame.locator('dd[data-field="Transaction id"] .copy-status[role="status"]');
      await status.filter({ hasText: /\S/ }).waitFor({ timeout: patient(10_000) });
      const said = (await status.innerText()).trim();
      if (said !== 'Copied') throw new Error(`the copy control said ${JSON.stringify(said)}`);
      const buttons = frame.locator('button.copy-button');
      const names = await Promise.all(
        Array.from({ length: await buttons.count() }, (_, i) => buttons.nth(i).getAttribute('aria-label')),
      );
      if (names.some(n => !n || !n.startsWith('Copy ')))
        throw new Error(`unnamed copy buttons ${JSON.stringify(names)}`);
      return { said, names };
    });

    await step('the pick offers the transaction just looked up, with its network', async () => {
      await dismiss();
      await openLookup();
      const recent = row(TX_AT).filter({ hasText: 'testnet' }).first();
      await recent.waitFor({ timeout: patient(10_000) });
      const text = (await recent.innerText()).replace(/\s+/g, ' ').trim();
      expectIncludes(text, 'valid start 2019-08-14 10:45:55.711927000 UTC', 'its valid start as a date');
      return { recent: text };
    });

    await step('a malformed id is refused in the pick, naming the part that is wrong', async () => {
      await typeIntoLookup('0.0.300@17000x');
      const refusal = row('0.0.300@17000x').filter({ hasText: 'not valid' }).first();
      await refusal.waitFor({ timeout: patient(10_000) });
      const item = (await refusal.innerText()).replace(/\s+/g, ' ').trim();
      expectIncludes(item, 'The seconds part "17000x" is not a number.', 'the part that is wrong');
      // Under the box: the problem, then the forms accepted.
      const message = quickInput.locator('.quick-input-message', { hasText: 'shard.realm.num-sss-nnn' });
      await message.waitFor({ timeout: patient(10_000) });
      const text = (await message.innerText()).trim();
      expectIncludes(text, 'where sss are seconds and nnn are nanoseconds', "the seed's explanation");
      // Enter does not accept it: the pick stays open.
      await page.keyboard.press('Enter');
      await page.waitForTimeout(300);
      if (!(await box.isVisible())) throw new Error('the pick accepted a malformed id');
      await dismiss();
      return { item, error: text };
    });

    await step('the Blocks view lists the latest blocks', async () => {
      await openLedgerLens();
      await expandView('Blocks');
      // The item's accessible name: "Block 19, 2023-02-16 09:33:21 UTC, 7 txs, 3 years ago".
      const item = treeItem(/^Block 19,/).first();
      await item.waitFor({ timeout: patient(20_000) });
      return { first: (await item.innerText()).replace(/\s+/g, ' ').trim() };
    });

    await step('opening a block shows every field, with a link to the previous block', async () => {
      await treeItem(/^Block 18,/)
        .first()
        .click();
      const frame = webviewFrame();
      const number = frame.locator('dd[data-field="Number"]');
      await number.waitFor({ timeout: patient(30_000) });
      const n = (await number.innerText()).replace(/copy/g, '').trim();
      if (n !== '18') throw new Error(`block number ${n}`);
      const prev = frame.locator('dd[data-field="Previous hash"] a[data-action="openBlock"]');
      const prevHash = (await prev.innerText()).trim();
      expectIncludes(prevHash, '0xb0162e8a244dc05fbd6f3214', 'the previous hash is a link');
      const labels = (await frame.locator('dl.fields dt').allInnerTexts()).map(t => t.trim());
      return { number: n, previousHash: prevHash, fields: labels };
    });

    await step('the previous-hash link opens that block', async () => {
      const frame = webviewFrame();
      await frame.locator('dd[data-field="Previous hash"] a[data-action="openBlock"]').click();
      const next = webviewFrame();
      await next.locator('h1', { hasText: 'Block 17' }).waitFor({ timeout: patient(30_000) });
      return { opened: (await next.locator('dd[data-field="Number"]').innerText()).replace(/copy/g, '').trim() };
    });
  },
};
