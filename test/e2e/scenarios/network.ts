// The network the code means (ledgerLens.network `auto`) in a real workbench: a file calling
// Client.forMainnet() is read as mainnet (its hover says so, and why), a file calling
// Client.forTestnet() as testnet, and the status bar follows the active editor between the two,
// naming the network and why in its tooltip. The same id, 0.0.8 with its testnet checksum, is
// "wrong checksum for mainnet" in the first file (nothing asked) and the testnet account in the
// second (asked of the replay standing in for testnet): no public mirror node is ever asked.
import { collapseSpaces, expectIncludes, type Scenario } from '../driver';
import { patient } from '../../support/patience';

const ITEM = 'ledgerLens.status';
const MAINNET_FILE = 'scripts/network-mainnet.ts';
const TESTNET_FILE = 'scripts/network-testnet.ts';
const ID = '0.0.8-tkdgp';

/**
 * `testnet · 127.0.0.1:<port> · from …`: the network's one label (the replay serves every network
 * here, so its host is named), then why.
 */
function labelled(network: string, why: string): RegExp {
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${network} · 127\\.0\\.0\\.1:\\d+ · ${escape(why)}`);
}

export const scenario: Scenario = {
  name: 'network',
  // The mainnet group is in a major outage on this page, testnet is operational: the two files
  // make the item look different, not only read different.
  statusScenario: 'mainnet-major-outage',
  async run(d) {
    const { page, step, control } = d;
    const item = d.statusBarItem(ITEM);
    const visibleHover = (text: string | RegExp) => page.locator('.monaco-hover:visible', { hasText: text }).first();
    const waitItem = async (text: string): Promise<string> => {
      await page.waitForFunction(
        ([id, wanted]) => {
          const el = (
            globalThis as unknown as { document: { getElementById(id: string): { innerText: string } | null } }
          ).document.getElementById(id);
          return !!el && el.innerText.replace(/\u00a0/g, ' ').trim() === wanted;
        },
        [`ledger-lens.ledger-lens.${ITEM}`, text] as const,
        { timeout: patient(20_000) },
      );
      return collapseSpaces(await item.innerText());
    };
    const tooltip = async (wanted: string): Promise<string> => collapseSpaces(await d.tooltipOf(item, wanted));

    await step('a forMainnet() file: the status bar shows mainnet, and why', async () => {
      await d.openFile(MAINNET_FILE);
      const text = await waitItem('mainnet-public: major outage');
      const tip = await tooltip('Client.forMainnet()');
      expectIncludes(tip, 'Ledger Lens · mainnet-public', 'tooltip heading');
      expectIncludes(tip, labelled('mainnet', 'from Client.forMainnet() at line 5'), 'why mainnet');
      expectIncludes(tip, 'Mainnet transactions not reaching consensus', "mainnet's own incident");
      return { text, tooltip: tip.slice(0, 160) };
    });

    await step('hover an id in the forMainnet() file: "mainnet · from Client.forMainnet()"', async () => {
      await control.resetRequests();
      await d.hoverText(ID, { waitFor: 'Client.forMainnet()' });
      const text = collapseSpaces(await visibleHover('Client.forMainnet()').innerText());
      expectIncludes(text, labelled('mainnet', 'from Client.forMainnet() at line 5'), 'the why line');
      expectIncludes(text, 'wrong checksum for mainnet', 'checked against the network the code means');
      const asked = (await control.requests('mirror')).filter(r => r.url.includes('/accounts/0.0.8'));
      if (asked.length > 0) throw new Error(`a wrong checksum was looked up: ${asked.map(r => r.url).join(', ')}`);
      return { hover: text.slice(0, 300) };
    });

    await step('a forTestnet() file: the status bar follows, testnet and why', async () => {
      await d.openFile(TESTNET_FILE);
      const text = await waitItem('testnet');
      await item
        .locator('.codicon-check')
        .first()
        .waitFor({ timeout: patient(5000) });
      const tip = await tooltip('Client.forTestnet()');
      expectIncludes(tip, 'Ledger Lens · testnet', 'tooltip heading');
      expectIncludes(
        tip,
        labelled('testnet', 'from Client.forTestnet() at line 5'),
        'why testnet (the comment does not count)',
      );
      if (/Mainnet transactions not reaching consensus/.test(tip)) throw new Error('mainnet news on testnet');
      return { text, tooltip: tip.slice(0, 160) };
    });

    await step('hover the same id in the forTestnet() file: the testnet account', async () => {
      await control.preferSource('no-params');
      await d.hoverText(ID, { waitFor: 'Client.forTestnet()' });
      const hover = visibleHover('Client.forTestnet()');
      await page
        .locator('.monaco-hover:visible', { hasText: 'Balance' })
        .first()
        .waitFor({ timeout: patient(15_000) });
      const text = collapseSpaces(await hover.innerText());
      expectIncludes(text, 'Account 0.0.8', 'the account');
      expectIncludes(text, labelled('testnet', 'from Client.forTestnet() at line 5'), 'the why line');
      const asked = (await control.requests('mirror')).filter(r => r.url.includes('/accounts/0.0.8'));
      if (asked.length === 0) throw new Error('the testnet replay was not asked');
      return { hover: text.slice(0, 300), asked: asked.map(r => r.url) };
    });

    await step('back to the forMainnet() tab: the status bar follows again', async () => {
      // Its tab, as a user switches back (Quick Open when the editor was a preview and is gone).
      const tab = page.locator('.tabs-container .tab', { hasText: 'network-mainnet.ts' }).first();
      if ((await tab.count()) > 0) await tab.click();
      else await d.openFile(MAINNET_FILE);
      const text = await waitItem('mainnet-public: major outage');
      await item
        .locator('.codicon-error')
        .first()
        .waitFor({ timeout: patient(5000) });
      return { text };
    });
  },
};
