// Hovers in a real workbench: an account id in a Solidity file (balance and EVM address read from
// the hover widget), a transaction id in a TypeScript file, and an account whose memo holds HTML,
// Markdown and a command link, which must show as inert text.
import * as fs from 'fs';
import * as path from 'path';
import { anAccount, recordFor } from '../../support/builders';
import { collapseSpaces, expectIncludes, type Scenario } from '../driver';

// Made by a builder (the recordings have no hostile memo), served beside the recorded ones.
const HOSTILE_ID = '0.0.4242';
const HOSTILE_MEMO =
  '<img src=x onerror="alert(1)"><b>bold</b> [run](command:workbench.action.terminal.new) **not bold**';
const MEMO_FILE = 'hover-memo.txt';

export const scenario: Scenario = {
  name: 'hover',
  settings: { 'ledgerLens.network': 'testnet' },
  async run(d) {
    const { page, step, control } = d;
    const visibleHover = (text: string | RegExp) => page.locator('.monaco-hover:visible', { hasText: text }).first();
    // Written first, so the workbench's file search has seen it by the time it is opened.
    const file = path.join(d.workspace, MEMO_FILE);
    fs.writeFileSync(file, `The account ${HOSTILE_ID} has a hostile memo.\n`);

    try {
      await step('hover an account id in a .sol file: balance and EVM address', async () => {
        // The recording of 0.0.8 with its balance (another recording of the same URL has none).
        await control.preferSource('no-params');
        await d.openFile('contracts/Treasury.sol');
        await d.hoverText('0.0.8', { waitFor: 'Balance' });
        const text = collapseSpaces(await visibleHover('Balance').innerText());
        expectIncludes(text, 'Account 0.0.8', 'kind and id');
        expectIncludes(text, 'Balance: 0.00000080 ℏ', 'the exact balance');
        expectIncludes(text, 'EVM address: 0xac384c53f03855fa1b3616052f8ba32c6c2a2fec', 'the EVM address');
        expectIncludes(text, 'Open in sidebar', 'the sidebar link');
        if (text.indexOf('Open in sidebar') > text.indexOf('Balance'))
          throw new Error(`the actions are not at the top: ${text.slice(0, 300)}`);
        return { hover: text.slice(0, 400) };
      });

      await step('hover a long-zero address: shown with its 0.0.x id', async () => {
        await d.hoverText('0x0000000000000000000000000000000000000008', { waitFor: 'long-zero' });
        const text = collapseSpaces(await visibleHover('long-zero').innerText());
        expectIncludes(text, 'is the long-zero address of 0.0.8', 'the id of the address');
        return { hover: text.slice(0, 200) };
      });

      await step('hover a transaction id (SDK form) in a .ts file', async () => {
        await d.openFile('scripts/transfer.ts');
        await d.hoverText('0.0.10@1234567890.000000001', { waitFor: 'Transaction' });
        const hover = visibleHover('Transaction');
        const text = collapseSpaces(await hover.innerText());
        expectIncludes(text, 'Transaction 0.0.10-1234567890-000000001', 'the id in the mirror form');
        expectIncludes(text, 'Result: ✓ Success', 'the result, a mark and a word');
        // Which recording answers is the replay's choice: any type, in words with the wire name beside it.
        if (!/Type: [A-Z][a-z]+(?: [a-zA-Z]+)* \([A-Z]+\)/.test(text))
          throw new Error(`the type is not in words with its wire name: ${text.slice(0, 300)}`);
        expectIncludes(text, 'Open transaction', 'the panel link');
        // The actions come first, right under the title; the payer is a link of ours.
        if (text.indexOf('Open transaction') > text.indexOf('Type:'))
          throw new Error(`the actions are not at the top: ${text.slice(0, 300)}`);
        const payer = await hover.locator('a', { hasText: '0.0.10' }).first().getAttribute('data-href');
        if (!payer?.startsWith('command:ledgerLens.revealAccount'))
          throw new Error(`the payer is not a link that opens it: ${String(payer)}`);
        return { hover: text.slice(0, 400) };
      });

      await step('hover an account whose memo holds HTML: shown as inert text', async () => {
        await control.addRecords([
          recordFor(
            `/api/v1/accounts/${HOSTILE_ID}?transactions=false`,
            anAccount({ account: HOSTILE_ID, memo: HOSTILE_MEMO }),
          ),
        ]);
        await d.openFile(MEMO_FILE);
        await d.hoverText(HOSTILE_ID, { waitFor: 'Memo' });
        const hover = visibleHover('Memo');
        const text = collapseSpaces(await hover.innerText());
        // The literal characters are there...
        expectIncludes(text, HOSTILE_MEMO, 'the memo as typed');
        // ...and nothing of them was rendered: no image, no bold element from the memo, and every
        // link in the widget is one of ours.
        const images = await hover.locator('img').count();
        const bold = await hover.locator('b, strong').allInnerTexts();
        const links = await hover
          .locator('a')
          .evaluateAll(as =>
            as.map(
              a =>
                (a as unknown as { getAttribute(n: string): string | null }).getAttribute('data-href') ??
                (a as unknown as { getAttribute(n: string): string | null }).getAttribute('href') ??
                '',
            ),
          );
        if (images > 0) throw new Error(`${images} image(s) rendered from the memo`);
        if (bold.some(b => b.includes('bold'))) throw new Error(`the memo's markup was rendered: ${bold.join(' | ')}`);
        const foreign = links.filter(h => !h.startsWith('command:ledgerLens.'));
        if (foreign.length > 0) throw new Error(`links that are not ours: ${foreign.join(', ')}`);
        return { memo: text.slice(text.indexOf('Memo'), text.indexOf('Memo') + 160), links: links.length };
      });
    } finally {
      fs.rmSync(file, { force: true });
    }
  },
};
