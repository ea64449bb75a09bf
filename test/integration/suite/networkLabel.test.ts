// One name for where the requests go, on every surface: the Accounts and Blocks views, a lookup's
// panel and its not-found message, the hover, the status item and the contract results panel. With
// a `mirrorNodeUrls` entry for testnet the name is `testnet · <host>`; with a `mirrorNodeUrl` that
// takes every request and nothing says its network, it is the host alone, no other network is
// offered after a miss, and "Open in HashScan" is offered nowhere (it could not have the page).
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { LedgerLensExports } from '../../../src/features/context';
import type { AccountsFeature } from '../../../src/features/accounts';
import type { BlockLookupOutcome, BlocksFeature } from '../../../src/features/blocks';
import type { ContractsFeature } from '../../../src/features/contracts';
import type { StatusFeatureApi } from '../../../src/features/status';
import type { LookupOutcome } from '../../../src/features/transactions/lookup';
import type { ContractResultsToWebview, DetailView } from '../../../webview/protocol';
import { aBlock, aBlocksBody, anErrorBody, recordFor } from '../../support/builders';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';
import { patient } from '../../support/patience';
import {
  activateLedgerLens,
  hoverText,
  resetSettings,
  setSetting,
  usePublicReplay,
  useReplay,
  waitFor,
} from '../helpers';

const TX = '0.0.300@1565779555.711927000'; // in the recordings
const MISSING = '0.0.12@1234567901.000000000';
const BLOCK = '0xb0162e8a244dc05fbd6f321445b14dddf0e94b00eb169b58ff77b1b5206c12782457f7f1a2ae8cea890f378542ac7216'; // in the recordings
const MISSING_PATH = '/api/v1/transactions/0.0.12-1234567901-000000000';

const lookup = (input: string) =>
  vscode.commands.executeCommand<LookupOutcome>('ledgerLens.lookupTransaction', { input, tryOtherNetworks: false });

function feature<T>(api: LedgerLensExports, name: string): T {
  const f = api.features[name] as T | undefined;
  assert.ok(f, `exports.features.${name}`);
  return f;
}

/** The status item's tooltip as the user reads it (Markdown escapes removed). */
function tooltipOf(item: vscode.StatusBarItem): string {
  const t = item.tooltip;
  assert.ok(t instanceof vscode.MarkdownString, 'the tooltip is Markdown');
  return t.value.replace(/\\(.)/g, '$1');
}

async function closeEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** What every surface says of the selected network, read the way each shows it. */
async function surfaces(api: LedgerLensExports): Promise<{
  accounts: string;
  blocks: string;
  panel: DetailView;
  block: DetailView;
  missed: LookupOutcome;
  hover: string;
  status: string;
  contracts: Extract<ContractResultsToWebview, { type: 'rows' }>;
}> {
  await closeEditors();
  const accounts = String(feature<AccountsFeature>(api, 'accounts').treeView.description);
  const blocks = String(feature<BlocksFeature>(api, 'blocks').treeView.description);
  const shown = await lookup(TX);
  assert.ok(shown?.kind === 'shown', JSON.stringify(shown));
  const missed = await lookup(MISSING);
  const block = await vscode.commands.executeCommand<BlockLookupOutcome>('ledgerLens.lookupBlock', BLOCK);
  assert.ok(block?.kind === 'shown', JSON.stringify(block));
  const doc = await vscode.workspace.openTextDocument({ language: 'typescript', content: 'const t = "0.0.8";\n' });
  const hover = await waitFor(
    async () => {
      const t = await hoverText(doc, '0.0.8');
      return t.includes('**Account**') ? t : undefined;
    },
    patient(10_000),
    'the hover',
  );
  await closeEditors();
  const status = feature<StatusFeatureApi>(api, 'status');
  await status.refresh();
  const posted: ContractResultsToWebview[] = [];
  const panel = feature<ContractsFeature>(api, 'contracts').open();
  const sub = panel.onDidPost(m => posted.push(m));
  try {
    await waitFor(() => panel.pageReady, patient(20_000), 'the contract results page');
    await panel.whenIdle();
    const contracts = await waitFor(
      () => posted.find((m): m is Extract<ContractResultsToWebview, { type: 'rows' }> => m.type === 'rows'),
      patient(10_000),
      'the contract results rows',
    );
    return {
      accounts,
      blocks,
      panel: shown.view,
      block: block.view,
      missed,
      hover,
      status: tooltipOf(status.item),
      contracts,
    };
  } finally {
    sub.dispose();
    await closeEditors();
  }
}

describe('one network label on every surface', function () {
  this.timeout(patient(120_000));
  const replay = useReplay();
  const otherNetworks = usePublicReplay();
  let api: LedgerLensExports;

  before(async () => {
    api = await activateLedgerLens();
  });

  it('a mirrorNodeUrls entry for testnet: "testnet · <host>" everywhere, and HashScan links', async () => {
    replay().mirror.preferSource('no-params');
    replay().mirror.addRecords([recordFor(MISSING_PATH, anErrorBody('Not found'), 404)]);
    const label = `testnet · ${new URL(replay().mirror.url).host}`;
    const seen = await surfaces(api);
    assert.strictEqual(seen.accounts, label);
    assert.strictEqual(seen.blocks, label);
    assert.strictEqual(seen.panel.why, `${label} · by default`);
    // The header's tag names the network as the why line under it does, in both panels.
    assert.strictEqual(seen.panel.network, label);
    assert.strictEqual(seen.block.network, label);
    assert.ok(JSON.stringify(seen.panel).includes('"Open in HashScan"'), 'HashScan can have a testnet transaction');
    assert.deepStrictEqual(seen.missed, {
      kind: 'not-found',
      network: 'testnet',
      message: `Transaction ${MISSING} was not found on ${label} (by default).`,
    });
    assert.ok(seen.hover.includes(`**Account** \`0.0.8\` — ${label}`), seen.hover);
    assert.ok(seen.hover.includes(`_${label} · by default_`), seen.hover);
    assert.ok(seen.status.includes(`\n\n${label} · by default\n`), seen.status);
    assert.strictEqual(seen.contracts.network, label);
    assert.strictEqual(seen.contracts.hashscan, true);
    assert.strictEqual(api.contextKeys?.['ledgerLens.hashscan'], true, 'the menus offer Open in HashScan');
  });

  describe('a mirrorNodeUrl that takes every request', () => {
    let own: MirrorReplay;

    before(async () => {
      own = await startMirrorReplay({ preferSource: 'no-params' });
      const newestEnd = `${Math.floor(Date.now() / 1000) - 2}.000000000`;
      own.addRecords([
        recordFor(MISSING_PATH, anErrorBody('Not found'), 404),
        recordFor(
          '/api/v1/blocks?limit=1&order=desc',
          aBlocksBody([aBlock({ timestamp: { from: newestEnd, to: newestEnd } })]),
        ),
      ]);
      await setSetting('ledgerLens.mirrorNodeUrl', own.url);
      await waitFor(() => api.services.config.current.mirrorBaseUrl === own.url, 5000, 'the mirrorNodeUrl read');
    });

    after(async () => {
      await resetSettings('ledgerLens.mirrorNodeUrl');
      await waitFor(() => api.services.config.current.mirrorBaseUrl === replay().mirror.url, 5000, 'the replay back');
      await own.close();
    });

    it('its host alone everywhere; a miss offers no other network; no HashScan anywhere', async () => {
      const host = new URL(own.url).host;
      otherNetworks().resetRequests();
      const seen = await surfaces(api);
      assert.strictEqual(seen.accounts, host);
      assert.strictEqual(seen.blocks, host);
      assert.strictEqual(seen.panel.why, `${host} · by default`);
      assert.strictEqual(seen.panel.network, host, 'the header tag says the host, not testnet');
      assert.strictEqual(seen.block.network, host);
      assert.ok(!JSON.stringify(seen.panel).includes('Open in HashScan'), 'no HashScan button');
      assert.deepStrictEqual(seen.missed, {
        kind: 'not-found',
        network: 'testnet',
        message: `Transaction ${MISSING} was not found at ${host} (by default).`,
      });
      assert.ok(seen.hover.includes(`**Account** \`0.0.8\` — ${host}`), seen.hover);
      assert.ok(seen.hover.includes(`_${host} · by default_`), seen.hover);
      assert.doesNotMatch(seen.hover, /Open in HashScan/);
      assert.ok(seen.status.startsWith(`**Ledger Lens · ${host}**`), seen.status);
      assert.ok(seen.status.includes(`\n\n${host} · by default\n`), seen.status);
      assert.doesNotMatch(seen.status, /testnet/, 'nothing says the mirror node serves testnet');
      assert.strictEqual(seen.contracts.network, host);
      assert.strictEqual(seen.contracts.hashscan, false, 'contract ids are not HashScan links');
      assert.strictEqual(api.contextKeys?.['ledgerLens.hashscan'], false, 'the menus offer no Open in HashScan');
      assert.deepStrictEqual(otherNetworks().requests, [], 'no other network was asked');
    });
  });
});
