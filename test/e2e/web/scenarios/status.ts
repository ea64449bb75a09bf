// The network status item in the browser: the status page is fetched across origins by the web
// worker; with the degraded testnet served, the item reads so and its tooltip says what is degraded.
import { collapseSpaces, expectIncludes, type Scenario } from '../../driver';
import { patient } from '../../../support/patience';

const ITEM = 'ledgerLens.status';

export const scenario: Scenario = {
  name: 'status',
  settings: { 'ledgerLens.network': 'testnet' },
  statusScenario: 'testnet-degraded',
  async run(d) {
    const { page, step } = d;
    const item = d.statusBarItem(ITEM);

    await step('the item reads "testnet: degraded" with its warning icon', async () => {
      await item.waitFor({ timeout: patient(30_000) });
      await page.waitForFunction(
        ([id, wanted]) => {
          const el = (
            globalThis as unknown as { document: { getElementById(id: string): { innerText: string } | null } }
          ).document.getElementById(id);
          return !!el && el.innerText.replace(/\u00a0/g, ' ').trim() === wanted;
        },
        [`ledger-lens.ledger-lens.${ITEM}`, 'testnet: degraded'] as const,
        { timeout: patient(30_000) },
      );
      await item
        .locator('.codicon-warning')
        .first()
        .waitFor({ timeout: patient(5000) });
      return { text: collapseSpaces(await item.innerText()) };
    });

    await step('its tooltip names the degraded component and the incident', async () => {
      const tip = collapseSpaces(await d.tooltipOf(item, 'Last checked'));
      expectIncludes(tip, 'Ledger Lens · testnet', 'tooltip heading');
      expectIncludes(tip, /Mirror Node REST API: degraded performance/, 'the component');
      expectIncludes(tip, /Testnet mirror node REST API latency/, 'the incident');
      return { tooltip: tip.slice(0, 200) };
    });

    await step('the status page was read by the browser (across origins)', async () => {
      const seen = await d.control.requests('status');
      if (!seen.some(r => r.url.startsWith('/api/v2/summary.json'))) throw new Error('no summary request');
      const origins = [...new Set(seen.map(r => (r as { headers?: Record<string, unknown> }).headers?.['origin']))];
      if (!origins.some(o => typeof o === 'string' && o !== ''))
        throw new Error(`no Origin header on the requests: ${JSON.stringify(origins)}`);
      return { requests: seen.length, origins };
    });
  },
};
