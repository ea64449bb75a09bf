// Hovers in the browser: an account id in a Solidity file (its balance and EVM address) and a
// transaction id in a TypeScript file, answered by the replay mirror node over the browser's fetch
// (a cross-origin request from the web worker). The account's hover is the README's picture.
import * as path from 'path';
import { collapseSpaces, expectIncludes, type Scenario } from '../../driver';
import { WEB_PICTURE, webScreenshots } from '../webDriver';

/** Room around the hover in the picture: the line it came from and a little of the editor below. */
const MARGIN = 24;

export const scenario: Scenario = {
  name: 'hover',
  settings: { 'ledgerLens.network': 'testnet' },
  async run(d) {
    const { page, step, control } = d;
    const visibleHover = (text: string) => page.locator('.monaco-hover:visible', { hasText: text }).first();

    await step('hover an account id in a .sol file: balance and EVM address', async () => {
      // The recording of 0.0.8 with its balance (another recording of the same URL has none).
      await control.preferSource('no-params');
      await d.openFile('contracts/Treasury.sol');
      await d.hoverText('0.0.8', { waitFor: 'Balance' });
      const hover = visibleHover('Balance');
      const text = collapseSpaces(await hover.innerText());
      expectIncludes(text, 'Account 0.0.8', 'kind and id');
      expectIncludes(text, 'Balance: 0.00000080 ℏ', 'the exact balance');
      expectIncludes(text, 'EVM address: 0xac384c53f03855fa1b3616052f8ba32c6c2a2fec', 'the EVM address');
      // The hover with the line under it, for the README.
      const box = await hover.boundingBox();
      const editor = await page.locator('.editor-instance').first().boundingBox();
      if (box && editor) {
        // From the editor's left edge: the code the id sits in, not only the widget.
        const x = editor.x;
        const y = Math.max(editor.y, box.y - MARGIN);
        const right = Math.min(editor.x + editor.width, box.x + box.width + MARGIN);
        const bottom = Math.min(editor.y + editor.height, box.y + box.height + 3 * MARGIN);
        await page.screenshot({
          path: path.join(webScreenshots(), WEB_PICTURE.source),
          clip: { x, y, width: right - x, height: bottom - y },
        });
      }
      return { hover: text.slice(0, 300) };
    });

    await step('hover a transaction id (SDK form) in a .ts file', async () => {
      await d.openFile('scripts/transfer.ts');
      await d.hoverText('0.0.10@1234567890.000000001', { waitFor: 'Transaction' });
      const text = collapseSpaces(await visibleHover('Transaction').innerText());
      expectIncludes(text, 'Transaction 0.0.10-1234567890-000000001', 'the id in the mirror form');
      expectIncludes(text, 'Result: ✓ Success', 'the result');
      expectIncludes(text, 'Open transaction', 'the panel link');
      return { hover: text.slice(0, 300) };
    });

    await step('the requests reached the replay mirror node (from the browser, across origins)', async () => {
      const seen = await control.requests('mirror');
      const paths = seen.map(r => r.url);
      if (!paths.some(p => p.startsWith('/api/v1/accounts/0.0.8')))
        throw new Error(`no account request: ${paths.join(', ')}`);
      if (!paths.some(p => p.startsWith('/api/v1/transactions/0.0.10-1234567890-000000001')))
        throw new Error(`no transaction request: ${paths.join(', ')}`);
      // A browser's fetch across origins names its origin (Node's never does): the web worker asked.
      const origins = [...new Set(seen.map(r => (r as { headers?: Record<string, unknown> }).headers?.['origin']))];
      if (!origins.some(o => typeof o === 'string' && o !== ''))
        throw new Error(`no Origin header on the requests: ${JSON.stringify(origins)}`);
      return { requests: paths.length, origins };
    });
  },
};
