// Your contracts on the network, in a real workbench with the sample workspace: the Contracts view
// lists the deployment records (Ignition and Foundry on testnet, hardhat-deploy on previewnet);
// Crowdfund's `shareOf` is called with an argument above 2^64 typed into the checked input box
// (a negative one is refused as it is typed) and the exact result is read; a named state variable
// is read from the decoded state; the CodeLens over `contract Crowdfund` opens it in the view. The
// test mirror answers the calls and the storage by running the sample contracts on a real EVM
// (test/support/evmWorld.ts). Screenshot: media/screenshots/contracts.png.
import * as fs from 'fs';
import * as path from 'path';
import { CROWDFUND_GOAL } from '../../support/evmWorld';
import { projectRoot } from '../../harness/proc';
import { patient } from '../../support/patience';
import { LEDGER_LENS_ACTIVITY } from '../../harness/startCheck';
import { expectIncludes, type Driver, type Scenario } from '../driver';

const AMOUNT = 123_456_789_012_345_678_901_234_567_890n;
const CROWDFUND_SOL = 'hardhat-sample/contracts/Crowdfund.sol';

export const scenario: Scenario = {
  name: 'deployments',
  settings: { 'ledgerLens.network': 'testnet', 'editor.minimap.enabled': false },
  async run(d) {
    try {
      await contracts(d);
    } finally {
      // The next scenarios find the side bar as the others left it: Accounts and Blocks open.
      await restoreSideBar(d).catch(() => undefined);
    }
  },
};

async function restoreSideBar(d: Driver): Promise<void> {
  await d.dismiss();
  for (const [title, open] of [
    ['Contracts', false],
    ['Accounts', true],
    ['Blocks', true],
  ] as const) {
    const header = d.page.locator('.part.sidebar .pane-header', { hasText: title }).first();
    if (((await header.getAttribute('aria-expanded')) === 'true') !== open) await header.click();
  }
}

async function contracts(d: Driver): Promise<void> {
  const { page, step, openLedgerLens, expandView, treeItem } = d;
  const row = (name: string | RegExp) => treeItem(name).last();

  await step('the Contracts view lists the deployments on two networks', async () => {
    await page
      .locator(LEDGER_LENS_ACTIVITY)
      .first()
      .waitFor({ timeout: patient(90_000) });
    await openLedgerLens();
    // The Contracts view gets the side bar's height: the other two views folded.
    for (const title of ['Accounts', 'Blocks']) {
      const header = page.locator('.part.sidebar .pane-header', { hasText: title }).first();
      if ((await header.getAttribute('aria-expanded')) === 'true') await header.click();
    }
    await expandView('Contracts');
    await row(/^testnet, /).waitFor({ timeout: patient(30_000) });
    await row(/^previewnet, /).waitFor({ timeout: patient(10_000) });
    // One Crowdfund row: previewnet's folded away.
    await row(/^previewnet, /).click();
    await row(/^Crowdfund, 0\.0\.1006/).waitFor({ timeout: patient(10_000) });
    const shown = await page
      .locator('.part.sidebar .monaco-list-row[aria-level="2"]')
      .evaluateAll(rows =>
        (rows as unknown as { getAttribute(name: string): string | null }[]).map(
          r => r.getAttribute('aria-label') ?? '',
        ),
      );
    expectIncludes(shown.join('\n'), /Crowdfund, 0\.0\.1006 · 0x0000…03ee/, 'the testnet Crowdfund row');
    expectIncludes(shown.join('\n'), /MyToken, 0\.0\.1002/, 'the testnet MyToken row');
    return shown;
  });

  await step('a view function with an argument above 2^64: the input is checked, the result exact', async () => {
    await row(/^Crowdfund, 0\.0\.1006/).click();
    await row(/^Read, /).click();
    await row(/^shareOf\(uint256\)/).click();
    const quickInput = page.locator('.quick-input-widget');
    const box = quickInput.locator('.quick-input-box input');
    await box.waitFor({ timeout: patient(10_000) });
    await box.fill('-1');
    const refusal = quickInput.locator('.quick-input-message');
    await refusal.filter({ hasText: /uint256/ }).waitFor({ timeout: patient(10_000) });
    const refused = (await refusal.innerText()).trim();
    await box.fill(AMOUNT.toString());
    await refusal.filter({ hasNotText: /negative/ }).waitFor({ timeout: patient(10_000) });
    await page.keyboard.press('Enter');
    const expected = ((AMOUNT * 10_000n) / CROWDFUND_GOAL).toString();
    const result = row(new RegExp(`^basisPoints, ${expected}$`));
    await result.waitFor({ timeout: patient(30_000) });
    const call = await row(/^shareOf\(uint256\)/).getAttribute('aria-label');
    return { refused, call, result: await result.getAttribute('aria-label') };
  });

  await step('a named state variable, decoded with the storage layout', async () => {
    // Read folded again (its 24 functions), State opened.
    await row(/^Read, /).click();
    await row(/^State$|^State, /).click();
    const goal = row(new RegExp(`^goal, ${CROWDFUND_GOAL}$`));
    await goal.waitFor({ timeout: patient(30_000) });
    const title = row(/^title, /);
    await title.waitFor({ timeout: patient(10_000) });
    // A wider side bar for the picture, so the exact values show whole: its edge dragged.
    const bar = await page.locator('.part.sidebar').boundingBox();
    if (bar) {
      const y = bar.y + bar.height / 2;
      await page.mouse.move(bar.x + bar.width + 1, y);
      await page.mouse.down();
      await page.mouse.move(bar.x + bar.width + 260, y, { steps: 8 });
      await page.mouse.up();
    }
    await goal.waitFor({ timeout: patient(10_000) });
    const shots = path.join(projectRoot(), 'media', 'screenshots');
    fs.mkdirSync(shots, { recursive: true });
    const sidebar = page.locator('.part.sidebar');
    await sidebar.screenshot({ path: path.join(shots, 'contracts.png') });
    return { goal: await goal.getAttribute('aria-label'), title: await title.getAttribute('aria-label') };
  });

  await step('the CodeLens over `contract Crowdfund` opens it in the Contracts view', async () => {
    // Fold the contract away and select another row, so the lens has something to do.
    await row(/^Crowdfund, 0\.0\.1006/).click();
    await row(/^testnet, /).click();
    await d.openFile(CROWDFUND_SOL);
    // One lens per deployment over the contract: "Deployed: previewnet 0.0.1006 | testnet 0.0.1006".
    const lens = page.locator('.monaco-editor .codelens-decoration a', { hasText: /^testnet 0\.0\.1006$/ });
    await lens.first().waitFor({ timeout: patient(30_000) });
    const overContract = (await page.locator('.monaco-editor .codelens-decoration').first().innerText())
      .replace(/\s+/g, ' ')
      .trim();
    expectIncludes(
      overContract,
      /^Deployed: previewnet 0\.0\.1006 \| testnet 0\.0\.1006$/,
      'the lens over the contract',
    );
    await lens.first().click();
    const selected = page.locator('.part.sidebar .monaco-list-row.selected[aria-label^="Crowdfund, 0.0.1006"]');
    await selected.waitFor({ timeout: patient(15_000) });
    // Over a view function: "Call on <network>", one per deployment.
    await d.revealLineOf('function shareOf(uint256 amount)');
    const callLens = page.locator('.monaco-editor .codelens-decoration a', { hasText: 'Call on testnet' });
    await callLens.first().waitFor({ timeout: patient(15_000) });
    return { overContract, selected: await selected.getAttribute('aria-label') };
  });
}
