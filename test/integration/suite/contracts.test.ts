// The contract results panel's host in a real extension host against the loopback replay: the
// commands open it with the right filters, and it answers the page's filter and page messages
// (search, Load more, retry) with replayed rows, refusals before any request, and server errors.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { LedgerLensExports } from '../../../src/features/context';
import type { ContractResultsPanel, ContractsFeature } from '../../../src/features/contracts';
import { filtersWith } from '../../../src/features/contracts/filters';
import { CONTRACT_RESULTS_VIEW_TYPE, type ContractResultsToWebview } from '../../../webview/protocol';
import { ABOVE_2_53, aContractResult, aContractResultsBody, anErrorBody, recordFor } from '../../support/builders';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';
import { activateLedgerLens, resetSettings, setSetting, waitFor } from '../helpers';

type Rows = Extract<ContractResultsToWebview, { type: 'rows' }>;

function feature(api: LedgerLensExports): ContractsFeature {
  const f = api.features['contracts'] as ContractsFeature | undefined;
  assert.ok(f, 'exports.features.contracts');
  return f;
}

/** Everything the host posts to the page from now on. */
function record(panel: ContractResultsPanel): ContractResultsToWebview[] {
  const posted: ContractResultsToWebview[] = [];
  panel.onDidPost(m => posted.push(m));
  return posted;
}

async function nextOf<T extends ContractResultsToWebview['type']>(
  posted: ContractResultsToWebview[],
  type: T,
  from = 0,
): Promise<Extract<ContractResultsToWebview, { type: T }>> {
  return (await waitFor(() => posted.slice(from).find(m => m.type === type), 10_000, `a "${type}" message`)) as Extract<
    ContractResultsToWebview,
    { type: T }
  >;
}

/** The panel, once its page has said it is ready and the first load is answered. */
async function openReady(api: LedgerLensExports): Promise<ContractResultsPanel> {
  const panel = feature(api).open();
  await waitFor(() => panel.pageReady, 20_000, 'the page saying it is ready');
  await panel.whenIdle();
  return panel;
}

const PAGE_2 = '/api/v1/contracts/results?from=0.0.1001&timestamp=lt:1700000000.000000008';

describe('Contract results panel', () => {
  let api: LedgerLensExports;
  let replay: MirrorReplay;

  before(async () => {
    api = await activateLedgerLens();
    replay = await startMirrorReplay({ port: 0 });
    // Testnet's own entry (the network here): a mirrorNodeUrl would take every request, and the status
    // item would then ask this replay for its newest block on its own schedule.
    await setSetting('ledgerLens.mirrorNodeUrls', { testnet: replay.url });
    await waitFor(() => api.services.config.current.mirrorBaseUrl === replay.url, 5000, 'the replay URL in use');
  });

  afterEach(async () => {
    const panel = feature(api).current();
    if (panel) await panel.whenIdle();
    panel?.dispose();
    replay.clearSelections();
    replay.clearAddedRecords();
    replay.resetRequests();
  });

  after(async () => {
    await resetSettings('ledgerLens.mirrorNodeUrls');
    await replay.close();
  });

  it('the command opens the panel, which loads the replayed results in tinybars', async () => {
    await vscode.commands.executeCommand('ledgerLens.showContractResults');
    const panel = feature(api).current();
    assert.ok(panel, 'a panel is open');
    await waitFor(() => panel.pageReady, 20_000, 'the page saying it is ready');
    await panel.whenIdle();
    // The page says it is ready and the host loads; driving the same message here makes the test
    // independent of how fast the webview starts.
    const posted = record(panel);
    await panel.receive({ type: 'search', filters: filtersWith() });
    const rows = await nextOf(posted, 'rows');
    assert.strictEqual(rows.append, false);
    assert.ok(rows.rows.length > 0);
    assert.strictEqual(rows.rows[0].amount, '20');
    assert.strictEqual(rows.rows[0].gasPrice, '1250000000');
    assert.ok(
      replay.requests.some(r => r.url === '/api/v1/contracts/results'),
      'no unit parameter: tinybars',
    );
    assert.ok(!replay.requests.some(r => r.url.includes('hbar=')), 'the panel never asks for weibars');
  });

  it('a copy puts the text on the clipboard, and only then says so to the page ("Copied")', async () => {
    const panel = await openReady(api);
    const posted = record(panel);
    const text = '0x00000000000000000000000000000000000013a1';
    await panel.receive({ type: 'copy', text });
    assert.strictEqual(await vscode.env.clipboard.readText(), text);
    assert.deepStrictEqual(await nextOf(posted, 'copied'), { type: 'copied', text });
  });

  it('answers a filter message, then Load more over links.next keeps the loaded rows', async () => {
    replay.addRecords([
      recordFor(
        '/api/v1/contracts/results?from=0.0.1001',
        aContractResultsBody(
          [
            aContractResult({
              timestamp: '1700000000.000000009',
              amount: ABOVE_2_53,
              from: '0x00000000000000000000000000000000000003e9',
            }),
            aContractResult({ timestamp: '1700000000.000000008', amount: 7 }),
          ],
          PAGE_2,
        ),
      ),
      recordFor(PAGE_2, aContractResultsBody([aContractResult({ timestamp: '1700000000.000000007', amount: 1 })])),
    ]);
    const panel = await openReady(api);
    const posted = record(panel);
    await panel.receive({ type: 'search', filters: filtersWith({ from: '0.0.1001' }) });
    const first = await nextOf(posted, 'rows');
    assert.deepStrictEqual(
      first.rows.map(r => r.amount),
      ['9007199254740993', '7'],
    );
    assert.strictEqual(first.rows[0].fromId, '0.0.1001');
    assert.strictEqual(first.hasMore, true);

    const at = posted.length;
    await panel.receive({ type: 'loadMore' });
    const loading = await nextOf(posted, 'loading', at);
    assert.strictEqual(loading.append, true);
    const second: Rows = await nextOf(posted, 'rows', at);
    assert.strictEqual(second.append, true);
    assert.deepStrictEqual(
      second.rows.map(r => r.timestamp),
      ['1700000000.000000007'],
    );
    assert.strictEqual(second.hasMore, false);
    assert.deepStrictEqual(
      panel.loadedRows.map(r => r.amount),
      ['9007199254740993', '7', '1'],
    );
    assert.ok(
      replay.requests.some(r => r.url === PAGE_2),
      'the next link was followed',
    );
  });

  it('refuses invalid combinations with the rule they break, before any request', async () => {
    const panel = await openReady(api);
    replay.resetRequests();
    const posted = record(panel);
    await panel.receive({ type: 'search', filters: filtersWith({ transactionIndex: '2' }) });
    const invalid = await nextOf(posted, 'invalid');
    assert.deepStrictEqual(
      invalid.issues.map(i => i.field),
      ['transaction.index'],
    );
    assert.match(invalid.issues[0].message, /requires block\.number or block\.hash/);

    await panel.receive({ type: 'search', filters: filtersWith({ blockNumber: '17', blockHash: '1eaf'.repeat(16) }) });
    const both = await nextOf(posted, 'invalid', posted.indexOf(invalid) + 1);
    assert.match(both.issues[0].message, /cannot combine block\.number and block\.hash/);
    assert.deepStrictEqual(replay.requests, [], 'nothing was sent');
  });

  it("shows the server's own message when a request fails, and retries", async () => {
    replay.addRecords([
      recordFor('/api/v1/contracts/results?from=0.0.1002', anErrorBody('Invalid parameter: from'), 400),
    ]);
    const panel = await openReady(api);
    const posted = record(panel);
    await panel.receive({ type: 'search', filters: filtersWith({ from: '0.0.1002' }) });
    const failed = await nextOf(posted, 'failed');
    assert.strictEqual(failed.status, 400);
    assert.deepStrictEqual(failed.serverMessages, ['Invalid parameter: from']);

    replay.clearAddedRecords();
    replay.addRecords([
      recordFor('/api/v1/contracts/results?from=0.0.1002', aContractResultsBody([aContractResult({ amount: 3 })])),
    ]);
    await panel.receive({ type: 'retry' });
    const rows = await nextOf(posted, 'rows', posted.indexOf(failed) + 1);
    assert.deepStrictEqual(
      rows.rows.map(r => r.amount),
      ['3'],
    );
  });

  it("an account's menu command filters by that account", async () => {
    await vscode.commands.executeCommand('ledgerLens.showAccountContractResults', { kind: 'account', id: '0.0.5999' });
    const panel = feature(api).current();
    assert.ok(panel);
    assert.strictEqual(panel.currentFilters.from, '0.0.5999');
  });

  it('a block and a transaction open it with their filters (the object other features pass)', async () => {
    await vscode.commands.executeCommand('ledgerLens.showContractResults', { kind: 'block', id: '10' });
    const panel = feature(api).current();
    assert.ok(panel);
    assert.strictEqual(panel.currentFilters.blockNumber, '10');
    const posted = record(panel);
    await vscode.commands.executeCommand('ledgerLens.showContractResults', {
      timestamps: [{ operator: 'eq', value: '987654.000123456' }],
    });
    assert.strictEqual(feature(api).current(), panel, 'the open panel is reused');
    const filters = await nextOf(posted, 'filters');
    assert.deepStrictEqual(filters.filters.timestamps, [{ operator: 'eq', value: '987654.000123456' }]);
    assert.strictEqual(filters.filters.blockNumber, '', 'the previous filters are replaced');
    const rows = await nextOf(posted, 'rows');
    assert.strictEqual(rows.rows[0].timestamp, '987654.000123456');
    assert.ok(replay.requests.some(r => r.url === '/api/v1/contracts/results?timestamp=987654.000123456'));
  });

  it('a panel the extension closes is not reused: the next open makes a live one', async () => {
    const first = feature(api).open();
    let heard = 0;
    first.onDidDispose(() => heard++);
    first.dispose();
    assert.strictEqual(heard, 1, 'onDidDispose fired for a close from the extension side');
    assert.strictEqual(feature(api).current(), undefined, 'the closed panel is forgotten');
    const second = feature(api).open();
    assert.notStrictEqual(second, first);
    assert.strictEqual(second.isDisposed, false);
  });

  it('comes back after a reload with the filters the page saved; a damaged state gives the defaults and says why', async () => {
    const saved = { filters: filtersWith({ blockNumber: '17', order: 'asc' }), unit: 'weibar' };
    const panel = vscode.window.createWebviewPanel(CONTRACT_RESULTS_VIEW_TYPE, 'restoring', vscode.ViewColumn.Active);
    await feature(api).revive(panel, JSON.parse(JSON.stringify(saved)));
    assert.strictEqual(feature(api).current()?.panel, panel, 'adopted');
    assert.deepStrictEqual(feature(api).current()?.currentFilters, saved.filters);
    assert.ok(panel.webview.html.includes('"unit":"weibar"'), 'the page starts with the saved unit');
    panel.dispose();

    const damaged: ReadonlyArray<readonly [unknown, string]> = [
      [
        { ...saved, filters: { ...saved.filters, limit: 25 } },
        'filters.limit: expected a string of 0 to 32 characters',
      ],
      [{ ...saved, unit: 'wei' }, 'unit: expected'],
      [{ ...saved, filters: { ...saved.filters, from: 'x'.repeat(201) } }, 'filters.from: expected'],
      [null, 'message: expected an object'],
    ];
    for (const [state, reason] of damaged) {
      const warned: string[] = [];
      const original = vscode.window.showWarningMessage;
      (vscode.window as { showWarningMessage: unknown }).showWarningMessage = (message: string) => {
        warned.push(message);
        return Promise.resolve(undefined);
      };
      const bad = vscode.window.createWebviewPanel(CONTRACT_RESULTS_VIEW_TYPE, 'bad', vscode.ViewColumn.Active);
      try {
        await feature(api).revive(bad, state);
      } finally {
        (vscode.window as { showWarningMessage: unknown }).showWarningMessage = original;
      }
      assert.strictEqual(feature(api).current()?.panel, bad, 'adopted with the defaults');
      assert.deepStrictEqual(feature(api).current()?.currentFilters, filtersWith());
      assert.ok(bad.webview.html.includes('"unit":"tinybar"'));
      assert.strictEqual(warned.length, 1, JSON.stringify(warned));
      assert.ok(warned[0].includes('the saved filters could not be read'), warned[0]);
      assert.ok(warned[0].includes(reason), `${reason} in ${warned[0]}`);
      bad.dispose();
    }
  });

  it('drops malformed page messages', async () => {
    const panel = feature(api).open();
    await assert.rejects(panel.receive({ type: 'search', filters: { from: 1 } }), /malformed/);
    await assert.rejects(
      panel.receive({ type: 'openEntity', kind: 'contract', id: 'https://evil.example' }),
      /malformed/,
    );
  });
});
