// Tokens, NFTs and dollars in a real workbench: an account holding 1,000 token balances
// (builders) shows its balance in dollars at the current rate, its first balances as
// `<units> <symbol>` and an NFTs section with `name #serial`;
// Lookup transaction opens a transaction whose token transfer reads in units and whose fee reads in
// dollars at the rate of its own consensus time. Each step leaves a screenshot.
import { NFT_NAME, TOKEN_ACCOUNT, TX_A, tokenWorld } from '../../support/tokenFixtures';
import { expectIncludes, type Scenario } from '../driver';
import { patient } from '../../support/patience';

export const scenario: Scenario = {
  name: 'tokens',
  // Testnet, not `auto`: the window may restore a file of an earlier scenario that calls
  // Client.forMainnet(), and the lookup would then ask mainnet.
  settings: { 'ledgerLens.network': 'testnet', 'ledgerLens.accounts': [{ id: TOKEN_ACCOUNT, label: 'Token holder' }] },
  records: tokenWorld,
  async run({ page, step, runCommand, webviewFrame, openLedgerLens, expandView, treeItem, dismiss, tooltipOf }) {
    const quickInput = page.locator('.quick-input-widget');
    const box = quickInput.locator('.quick-input-box input');

    await step('the Accounts view lists the token holder', async () => {
      await openLedgerLens();
      await expandView('Accounts');
      const account = treeItem(/^Token holder, 123\.45678900 ℏ/);
      await account.waitFor({ timeout: patient(30_000) });
      return { account: await account.getAttribute('aria-label') };
    });

    await step('the account’s balance shows its dollars at the current rate', async () => {
      // 123.456789 ℏ at the replay's current rate, 50 ¢ per ℏ: $61.7283945.
      const account = treeItem(/^Token holder, 123\.45678900 ℏ ≈ \$61\.73/);
      await account.waitFor({ timeout: patient(20_000) });
      // The narrow sidebar cuts the description: the tooltip shows the dollars and their rate.
      const text = (await tooltipOf(account, 'In dollars')).replace(/\s+/g, ' ');
      expectIncludes(text, 'In dollars: ≈ $61.73 at 1 ℏ = $0.50', 'the balance in dollars with its rate');
      return { account: await account.getAttribute('aria-label'), tooltip: text.slice(0, 200) };
    });

    await step('its Tokens section shows balances as <units> <symbol>', async () => {
      await treeItem(/^Token holder/).click();
      await treeItem(/^Tokens, 1000/).waitFor({ timeout: patient(10_000) });
      await treeItem(/^Tokens, 1000/).click();
      const usdc = treeItem(/^1,500\.25 USDC, 0\.0\.600000/);
      await usdc.waitFor({ timeout: patient(20_000) });
      const weth = treeItem(/^2\.5 WETH/);
      await weth.waitFor({ timeout: patient(20_000) });
      return { usdc: await usdc.getAttribute('aria-label'), weth: await weth.getAttribute('aria-label') };
    });

    await step('the NFTs section shows name #serial and the metadata as text', async () => {
      await treeItem(/^Tokens, 1000/).click(); // collapse the long list
      await treeItem(/^NFTs/).click();
      const cat = treeItem(new RegExp(`^${NFT_NAME} #7, ipfs://`));
      await cat.waitFor({ timeout: patient(20_000) });
      return { nft: await cat.getAttribute('aria-label') };
    });

    await step('the transaction panel shows a token transfer in units and the fee in dollars', async () => {
      await dismiss();
      await runCommand('Ledger Lens: Lookup transaction', { opensInput: true });
      await box.fill(TX_A.id);
      await page.keyboard.press('Enter');
      await quickInput.waitFor({ state: 'hidden', timeout: patient(10_000) });
      const frame = webviewFrame();
      await frame.locator('dd[data-field="Type"]').waitFor({ timeout: patient(30_000) });
      const tokens = await frame.locator('table[aria-label="Token transfers"]').innerText();
      expectIncludes(tokens, '-1,500.25 USDC', 'the token transfer in units with its symbol');
      const nfts = await frame.locator('table[aria-label="NFT transfers"]').innerText();
      expectIncludes(nfts, `${NFT_NAME} #7`, 'the NFT transfer by name and serial');
      const fee = await frame.locator('dd[data-field="Charged fee"]').innerText();
      expectIncludes(fee, TX_A.feeUsd, 'the fee in dollars at its consensus time');
      return { fee: fee.trim(), tokens: tokens.replace(/\s+/g, ' ').slice(0, 200) };
    });
  },
};
