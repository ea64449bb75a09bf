// The network status item in a real workbench: with each shared status page scenario served, the
// item's text and tooltip for testnet and mainnet; the click menu with every scheduled maintenance;
// switching network from that menu.
import { collapseSpaces, expectIncludes, type Scenario } from '../driver';
import { patient } from '../../support/patience';

const ITEM = 'ledgerLens.status';

/** What each scenario's README says testnet and mainnet must read (text after the codicon, icon). */
const EXPECTED: Record<string, Record<'testnet' | 'mainnet', { text: string; icon: string; tooltip: RegExp[] }>> = {
  'all-operational': {
    testnet: { text: 'testnet', icon: 'check', tooltip: [/Consensus Nodes: operational/, /No unresolved incidents/] },
    mainnet: {
      text: 'mainnet',
      icon: 'check',
      tooltip: [/Upcoming maintenance/, /Mainnet upgrade to v0\.70/, /18:00 – 18:45 UTC/],
    },
  },
  'testnet-degraded': {
    testnet: {
      text: 'testnet: degraded',
      icon: 'warning',
      tooltip: [/Mirror Node REST API: degraded performance/, /Testnet mirror node REST API latency/, /investigating/],
    },
    mainnet: { text: 'mainnet', icon: 'check', tooltip: [/No unresolved incidents/] },
  },
  'mainnet-major-outage': {
    testnet: { text: 'testnet', icon: 'check', tooltip: [/whole page: Major System Outage/] },
    mainnet: {
      text: 'mainnet: major outage',
      icon: 'error',
      tooltip: [
        /Consensus Nodes: major outage/,
        /JSON-RPC Relay: partial outage/,
        /Mainnet transactions not reaching consensus/,
      ],
    },
  },
  'previewnet-maintenance': {
    testnet: { text: 'testnet', icon: 'check', tooltip: [/whole page: Service Under Maintenance/] },
    mainnet: { text: 'mainnet', icon: 'check', tooltip: [/Mainnet upgrade to v0\.70/] },
  },
};

export const scenario: Scenario = {
  name: 'status',
  settings: { 'ledgerLens.network': 'testnet' },
  statusScenario: 'all-operational',
  async run(d) {
    const { page, step } = d;
    const item = d.statusBarItem(ITEM);
    const quickInput = page.locator('.quick-input-widget');
    const rows = quickInput.locator('.quick-input-list .monaco-list-row');

    const waitItem = async (text: string, icon: string): Promise<string> => {
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
      await item
        .locator(`.codicon-${icon}`)
        .first()
        .waitFor({ timeout: patient(5000) });
      return collapseSpaces(await item.innerText());
    };

    // "Last checked" is the tooltip's last line, written once a check has answered.
    const tooltip = async (): Promise<string> => collapseSpaces(await d.tooltipOf(item, 'Last checked'));

    const openMenu = async (): Promise<void> => {
      await d.dismiss();
      await item.click();
      await quickInput
        .locator('.quick-input-title', { hasText: 'network status' })
        .waitFor({ timeout: patient(10_000) });
    };

    /** Asks the page again from the menu's "Check now" (a scenario switch is seen at once). */
    const checkNow = async (): Promise<void> => {
      await openMenu();
      await rows.filter({ hasText: 'Check now' }).first().click();
      await page.keyboard.press('Escape');
    };

    const checkNetwork = async (scenarioName: string, network: 'testnet' | 'mainnet'): Promise<void> => {
      const want = EXPECTED[scenarioName][network];
      await step(`${scenarioName}: ${network} item and tooltip`, async () => {
        const text = await waitItem(want.text, want.icon);
        await d.dismiss();
        // The theme's error background only for the selected network's major outage.
        const backgrounds = await item.evaluate((el: unknown) => {
          type El = { children: ArrayLike<El> };
          const view = globalThis as unknown as { getComputedStyle(e: El): { backgroundColor: string } };
          const out: string[] = [];
          const walk = (e: El): void => {
            out.push(view.getComputedStyle(e).backgroundColor);
            for (const c of Array.from(e.children)) walk(c);
          };
          walk(el as El);
          return out.filter(b => b !== 'rgba(0, 0, 0, 0)' && b !== 'transparent');
        });
        const alarm = want.icon === 'error';
        if (alarm !== backgrounds.length > 0) throw new Error(`background ${JSON.stringify(backgrounds)} for ${text}`);
        const tip = await tooltip();
        expectIncludes(tip, `Ledger Lens · ${network}`, 'tooltip heading');
        for (const re of want.tooltip) expectIncludes(tip, re, `${scenarioName}/${network} tooltip`);
        expectIncludes(tip, /Last checked .+ \(local\) · \d{4}-\d\d-\d\d \d\d:\d\d UTC/, 'last check time');
        if (network === 'testnet') {
          // Never another network's news.
          if (/Mainnet transactions not reaching consensus/.test(tip))
            throw new Error('testnet tooltip shows the mainnet incident');
        }
        return { text, background: backgrounds[0], tooltip: tip.slice(0, 120) };
      });
    };

    await step('the item shows the selected network on the left', async () => {
      await item.waitFor({ timeout: patient(30_000) });
      const text = await waitItem('testnet', 'check');
      const inLeft = await page.locator(`.part.statusbar .left-items [id="ledger-lens.ledger-lens.${ITEM}"]`).count();
      if (inLeft !== 1) throw new Error('the item is not among the left items');
      const label = await item
        .locator('[role="button"], a')
        .first()
        .getAttribute('aria-label')
        .catch(() => null);
      return { text, label };
    });

    /** Select network… from the item's menu, then the network in the picker it opens. */
    const switchFromMenu = async (to: 'testnet' | 'mainnet'): Promise<void> => {
      await openMenu();
      await rows.filter({ hasText: 'Select network' }).first().click();
      await quickInput
        .locator('.quick-input-title', { hasText: 'select network' })
        .waitFor({ timeout: patient(10_000) });
      // Match the row's label exactly: `mainnet` is also the start of `mainnet-public`.
      await rows
        .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^\\s*${to}\\s*$`) }) })
        .first()
        .click();
      await quickInput.waitFor({ state: 'hidden', timeout: patient(10_000) });
    };

    // Each scenario is read for both networks; the switch between them goes through the menu.
    let network: 'testnet' | 'mainnet' = 'testnet';
    for (const name of Object.keys(EXPECTED)) {
      await d.control.setStatusScenario(name);
      await checkNow();
      await checkNetwork(name, network);
      const other: 'testnet' | 'mainnet' = network === 'testnet' ? 'mainnet' : 'testnet';
      const switched = await step(`${name}: switch to ${other} from the click menu`, async () => {
        await switchFromMenu(other);
        return { now: await waitItem(EXPECTED[name][other].text, EXPECTED[name][other].icon) };
      });
      if (!switched) break; // the rest would read the wrong network
      network = other;
      await checkNetwork(name, network);
    }

    await step('the click menu lists every scheduled maintenance', async () => {
      await d.control.setStatusScenario('previewnet-maintenance');
      await openMenu();
      await rows
        .filter({ hasText: 'Testnet upgrade to v0.69' })
        .first()
        .waitFor({ timeout: patient(10_000) });
      const texts = (await rows.allInnerTexts()).map(collapseSpaces);
      await page.keyboard.press('Escape');
      for (const name of [
        'Mainnet upgrade to v0.70',
        'Previewnet reset and upgrade',
        'Testnet upgrade to v0.69',
        'Select network',
      ]) {
        if (!texts.some(t => t.includes(name))) throw new Error(`${name} not in the menu: ${texts.join(' | ')}`);
      }
      return { rows: texts.length };
    });

    await step('an unreachable status page reads "status unknown"', async () => {
      await d.control.setStatusFault({ kind: 'down' });
      try {
        await checkNow();
        const text = await waitItem(`${network}: status unknown`, 'question');
        // Without a successful check the tooltip has no "Last checked" line.
        const tip = collapseSpaces(await d.tooltipOf(item, 'Cannot reach status page'));
        expectIncludes(tip, /Cannot reach status page/, 'tooltip says why');
        return { text };
      } finally {
        await d.control.setStatusFault(undefined);
        await d.dismiss();
      }
    });
  },
};
