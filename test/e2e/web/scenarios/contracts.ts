// The contract results panel in the browser: the replayed results, and the unit toggle: the first
// row's amount in tinybars, then in weibars the same amount ×10^10 to the digit (an amount above
// 2^53, so a Number on the way would show).
import { ABOVE_2_53, aContractResult, aContractResultsBody, recordFor } from '../../../support/builders';
import { patient } from '../../../support/patience';
import type { Scenario } from '../../driver';

// An account of its own: the Node run's contracts scenario serves other results for 0.0.1001.
const FROM = '0.0.1021';

export const scenario: Scenario = {
  name: 'contracts',
  records: () => [
    recordFor(
      `/api/v1/contracts/results?from=${FROM}`,
      aContractResultsBody([
        aContractResult({ timestamp: '1700000100.000000009', amount: ABOVE_2_53 }),
        aContractResult({ timestamp: '1700000100.000000008', amount: 7 }),
      ]),
    ),
  ],
  async run({ step, runCommand, webviewFrame }) {
    const frame = webviewFrame();
    const rows = frame.locator('table.grid tbody tr');
    const amountOfRow = (n: number) => rows.nth(n).locator('td').nth(5);
    const readAmount = async (n: number) => ({
      exact: (await amountOfRow(n).locator('.value').getAttribute('data-exact')) ?? '',
      shown: (await amountOfRow(n).locator('.value').innerText()).trim(),
      unit: (await amountOfRow(n).locator('.unit').innerText()).trim(),
    });

    await step(`Show contract results, filtered by from ${FROM}: the replayed rows`, async () => {
      await runCommand('Ledger Lens: Show contract results');
      const from = frame.locator('#f-from input');
      await from.waitFor({ timeout: patient(30_000) });
      await from.fill(FROM);
      await from.press('Enter');
      // The filter's answer, not the unfiltered first page: its first row holds the big amount.
      await amountOfRow(0)
        .locator(`.value[data-exact="${String(ABOVE_2_53)}"]`)
        .waitFor({ timeout: patient(30_000) });
      return { rows: await rows.count() };
    });

    let tinybars = '';
    await step("the first row's amount reads in tinybars, every digit", async () => {
      const a = await readAmount(0);
      if (a.unit !== 'tinybar') throw new Error(`unit ${a.unit}`);
      if (a.exact !== String(ABOVE_2_53) || a.shown.replace(/,/g, '') !== a.exact)
        throw new Error(`shown ${a.shown} (${a.exact}), expected ${String(ABOVE_2_53)}`);
      tinybars = a.exact;
      return a;
    });

    await step('weibars show the same amount ×10^10 to the digit, and back', async () => {
      await frame.locator('#unit-weibar').click();
      await amountOfRow(0).locator('.unit', { hasText: 'weibar' }).waitFor();
      const a = await readAmount(0);
      const expected = (BigInt(tinybars) * 10_000_000_000n).toString();
      if (a.exact !== expected || a.shown.replace(/,/g, '') !== expected)
        throw new Error(`expected ${expected}, read ${a.shown} (${a.exact})`);
      const pressed = await frame.locator('#unit-weibar').getAttribute('aria-pressed');
      if (pressed !== 'true') throw new Error(`aria-pressed=${pressed}`);
      await frame.locator('#unit-tinybar').click();
      await amountOfRow(0).locator('.unit', { hasText: 'tinybar' }).waitFor();
      return { tinybars, weibars: a.shown };
    });
  },
};
