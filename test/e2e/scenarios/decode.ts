// Decoding in a real workbench, with the sample workspace's Hardhat artifacts: a contract call whose
// contract runs MyToken's runtime bytecode reads as `MyToken.transfer(…) → true` in the hover of its
// transaction id; its row in the contract results panel opens on the function's name and the
// events: MyToken's own Transfer in raw units (a Solidity token: its decimals are not known), and
// the Transfer an HTS token emitted, in that token's decimals and symbol. Screenshots of both.
import * as fs from 'fs';
import * as path from 'path';
import { encodeAbiParameters, encodeEventTopics, encodeFunctionData, type Abi } from 'viem';
import {
  aContract,
  aContractResult,
  aContractResultsBody,
  aToken,
  aTransaction,
  aTransactionsBody,
  recordFor,
} from '../../support/builders';
import { projectRoot } from '../../harness/proc';
import type { FrameLocator } from 'playwright-core';
import { collapseSpaces, type Driver, expectIncludes, type Scenario } from '../driver';
import { patient } from '../../support/patience';
import { LEDGER_LENS_ACTIVITY } from '../../harness/startCheck';

// Ids of its own: the replay servers keep what earlier scenarios added (the contracts scenario
// serves other results for `from=0.0.1001`).
const TX = '0.0.1001-1700000513-000000000';
const TIMESTAMP = '1700000513.000000001';
const FROM = '0.0.1013';
const CONTRACT = '0x00000000000000000000000000000000000013a1';
const TOKEN = '0x000000000000000000000000000000000000138d'; // the HTS token 0.0.5005
const ALICE = '0x00000000000000000000000000000000000004d2';
const FILE = 'decode-demo.ts';
const ARTIFACT = ['hardhat-sample', 'artifacts', 'contracts', 'MyToken.sol', 'MyToken.json'];

/** The demo call, for the gallery scenario too. */
export const DECODE_DEMO = { tx: TX, timestamp: TIMESTAMP } as const;

/** The records of the demo call: MyToken's `transfer`, its contract result and the HTS token. */
export function decodeRecords(workspace: string) {
  const artifact = JSON.parse(fs.readFileSync(path.join(workspace, ...ARTIFACT), 'utf8')) as {
    abi: Abi;
    deployedBytecode: string;
  };
  const { abi } = artifact;
  const transferLog = (address: string, value: bigint, index: number) => ({
    address,
    bloom: '0x',
    contract_id: null,
    data: encodeAbiParameters([{ type: 'uint256' }], [value]),
    index,
    topics: encodeEventTopics({
      abi,
      eventName: 'Transfer',
      args: { from: '0x' + '0'.repeat(36) + '03e9', to: ALICE },
    }),
  });
  const result = aContractResult({
    timestamp: TIMESTAMP,
    function_parameters: encodeFunctionData({ abi, functionName: 'transfer', args: [ALICE, 1500n] }),
    call_result: `0x${'1'.padStart(64, '0')}`,
    to: CONTRACT,
    logs: [transferLog(CONTRACT, 1500n, 0), transferLog(TOKEN, 150000n, 1)],
  });
  return [
    recordFor(
      `/api/v1/transactions/${TX}`,
      aTransactionsBody(
        aTransaction({
          name: 'CONTRACTCALL',
          transaction_id: TX,
          entity_id: '0.0.5025',
          consensus_timestamp: TIMESTAMP,
        }),
      ),
    ),
    recordFor(`/api/v1/contracts/results/${TX}`, result),
    recordFor(`/api/v1/contracts/0.0.5025/results/${TIMESTAMP}`, result),
    recordFor(`/api/v1/contracts/results?from=${FROM}`, aContractResultsBody([result])),
    recordFor('/api/v1/contracts/0.0.5025', aContract({ runtime_bytecode: artifact.deployedBytecode })),
    recordFor(
      '/api/v1/tokens/0.0.5005',
      aToken({ token_id: '0.0.5005', decimals: '2', symbol: 'MTK', name: 'My Token' }),
    ),
  ];
}

/**
 * Opens `file` (which holds the demo's transaction id) once Ledger Lens is there, and hovers the id
 * until the call reads decoded: the artifacts are indexed in the background, and until MyToken is
 * in, the call reads otherwise. Returns the hover's text.
 */
export async function hoverDecodedDemo(d: Driver, file: string): Promise<string> {
  // The extension's contributions arrive a while after the workbench (slow on a busy machine).
  await d.page
    .locator(LEDGER_LENS_ACTIVITY)
    .first()
    .waitFor({ timeout: patient(90_000) });
  await d.openFile(file);
  let text = '';
  for (let attempt = 1; attempt <= 10; attempt++) {
    text = await d.hoverText(TX, { waitFor: 'Transaction' });
    if (text.includes('MyToken.transfer')) break;
    await d.dismiss();
    await d.page.waitForTimeout(2000);
  }
  return text;
}

/**
 * Opens the contract results panel on the demo call's row and its detail: searches `from` until
 * the row shows (a panel restored from an earlier scenario is shown with the command's filters a
 * moment after its form appears, which can overwrite what was typed before they arrived), then
 * opens the row. The grid shows the date; the row is found by its time cell's exact tooltip.
 */
export async function openDemoResult(d: Driver, frame: FrameLocator): Promise<void> {
  await d.runCommand('Ledger Lens: Show contract results');
  await frame.locator('#f-from input').waitFor({ timeout: patient(30_000) });
  await showDemoResult(frame);
}

/** In the open contract results panel: searches the demo's `from` and opens its row (see openDemoResult). */
export async function showDemoResult(frame: FrameLocator): Promise<void> {
  const row = frame.locator('table.grid tbody tr', { has: frame.locator(`td[title*="${TIMESTAMP}"]`) });
  for (let attempt = 1; ; attempt++) {
    await frame.locator('#f-from input').fill(FROM);
    await frame.locator('#f-from input').press('Enter');
    const shown = await row
      .first()
      .waitFor({ timeout: patient(attempt < 3 ? 10_000 : 30_000) })
      .then(() => true)
      .catch((e: unknown) => {
        if (attempt >= 3) throw e;
        return false;
      });
    if (shown) break;
  }
  await row.first().locator('td').first().click();
  await frame
    .locator('#detail li.event')
    .nth(1)
    .waitFor({ timeout: patient(30_000) });
}

export const scenario: Scenario = {
  name: 'decode',
  settings: { 'ledgerLens.network': 'testnet' },
  async run(d) {
    const { page, step, control } = d;
    await control.addRecords(decodeRecords(d.workspace));
    const file = path.join(d.workspace, FILE);
    fs.writeFileSync(file, `// A token transfer made by MyToken\nconst tx = '${TX}';\n`);
    const shots = path.join(projectRoot(), 'test-results', 'screenshots', 'decode');
    fs.mkdirSync(shots, { recursive: true });

    try {
      await step('hover the transaction id: the call decoded with MyToken’s artifact', async () => {
        const text = collapseSpaces(await hoverDecodedDemo(d, FILE));
        expectIncludes(text, 'Call: MyToken.transfer(to: 0.0.1234, amount: 1,500 (raw units)) → true', 'the one-liner');
        await page
          .locator('.monaco-hover:visible')
          .first()
          .screenshot({ path: path.join(shots, 'hover-call.png') })
          .catch(() => undefined);
        return { hover: text.slice(0, 300) };
      });

      const frame = d.webviewFrame();
      await step('its contract result: the function’s and the events’ names, amounts in units', async () => {
        await d.dismiss();
        await openDemoResult(d, frame);
        const detail = frame.locator('#detail');
        await detail.waitFor({ state: 'visible' });
        const events = detail.locator('dd[data-field="events"]');
        await events
          .locator('li.event')
          .nth(1)
          .waitFor({ timeout: patient(30_000) });
        const params = collapseSpaces(await detail.locator('dd[data-field="function_parameters"]').innerText());
        expectIncludes(params, 'transfer(to: 0.0.1234, amount: 1,500 (raw units))', 'the decoded call');
        expectIncludes(params, 'MyToken, contracts/MyToken.sol', 'the artifact it was decoded with');
        const names = await events.locator('.event-name').allInnerTexts();
        if (names.join(',') !== 'Transfer,Transfer') throw new Error(`event names: ${names.join(', ')}`);
        const text = collapseSpaces(await events.innerText());
        expectIncludes(text, 'value: 1,500 (raw units)', 'MyToken’s Transfer in raw units');
        expectIncludes(text, 'value: 1,500.00 MTK', 'the HTS token’s Transfer in its units');
        expectIncludes(text, 'emitted by 0x000000000000000000000000000000000000138d = 0.0.5005', 'the emitter');
        // The call and the events, cropped from the page (the README's picture).
        await events.scrollIntoViewIfNeeded();
        const top = await detail.locator('dd[data-field="function_parameters"]').boundingBox();
        const bottom = await events.boundingBox();
        const box = await detail.boundingBox();
        if (top && bottom && box)
          await page
            .screenshot({
              path: path.join(shots, 'detail-events.png'),
              clip: { x: box.x, y: top.y - 6, width: box.width, height: bottom.y + bottom.height - top.y + 12 },
            })
            .catch(() => undefined);
        return { call: params.slice(0, 160), events: names };
      });
    } finally {
      fs.rmSync(file, { force: true });
    }
  },
};
