// Panels say which network they used and why: a lookup from an editor whose code calls
// Client.forMainnet() asks mainnet (a second loopback replay) and the panel says so; a hover's
// "Open transaction" link carries the network the hover used; a terminal link opens the panel; a
// fresh transaction's 404 opens its panel retrying in place until it appears; closing stops it.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { LedgerLensExports } from '../../../src/features/context';
import type { BlocksFeature } from '../../../src/features/blocks';
import type { TerminalFeatureApi } from '../../../src/features/terminal';
import type { TransactionsFeature } from '../../../src/features/transactions';
import type { LookupOutcome } from '../../../src/features/transactions/lookup';
import { runDetailAction } from '../../../src/features/common/detailPanel/panel';
import type { DetailView } from '../../../webview/protocol';
import { aTransaction, aTransactionsBody, recordFor } from '../../support/builders';
import { activateLedgerLens, usePublicReplay, useReplay, waitFor } from '../helpers';

const lookup = (arg: unknown) => vscode.commands.executeCommand<LookupOutcome>('ledgerLens.lookupTransaction', arg);
const TX = '0.0.300@1565779555.711927000';
const TX_PATH = '/api/v1/transactions/0.0.300-1565779555-711927000';

function transactions(api: LedgerLensExports): TransactionsFeature {
  const f = api.features['transactions'] as TransactionsFeature | undefined;
  assert.ok(f, 'exports.features.transactions');
  return f;
}

async function showCode(content: string): Promise<vscode.TextDocument> {
  const doc = await vscode.workspace.openTextDocument({ language: 'typescript', content });
  await vscode.window.showTextDocument(doc);
  return doc;
}

/** A transaction id whose valid start is now (a script ran it a second ago), and its 200 record. */
function freshTransaction(num: number): { at: string; path: string; record: ReturnType<typeof recordFor> } {
  const seconds = Math.floor(Date.now() / 1000);
  const dash = `0.0.${num}-${seconds}-000000000`;
  const body = aTransactionsBody(
    aTransaction({
      transaction_id: dash,
      valid_start_timestamp: `${seconds}.000000000`,
      consensus_timestamp: `${seconds + 3}.000000001`,
    }),
  );
  return {
    at: `0.0.${num}@${seconds}`,
    path: `/api/v1/transactions/${dash}`,
    record: recordFor(`/api/v1/transactions/${dash}`, body),
  };
}

describe('panels: the network they used and why', () => {
  const replay = useReplay(); // the configured network (testnet under auto) → this replay
  // Its one label: the network, and the replay's host (not testnet's public mirror node).
  const testnetLabel = () => `testnet · ${new URL(replay().mirror.url).host}`;
  const mainnet = usePublicReplay();
  let api: LedgerLensExports;

  before(async () => {
    api = await activateLedgerLens();
  });
  beforeEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    mainnet().resetRequests();
    replay().mirror.resetRequests();
  });
  afterEach(() => {
    for (const p of transactions(api).panels.open) p.dispose();
    mainnet().setFault(undefined);
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a lookup from a forMainnet() editor asks mainnet, and the panel says why', async () => {
    await showCode('import { Client } from "@hashgraph/sdk";\nconst client = Client.forMainnet();\n');
    const outcome = await lookup(TX);
    assert.strictEqual(outcome?.kind, 'shown', JSON.stringify(outcome));
    assert.strictEqual(outcome.network, 'mainnet-public');
    assert.strictEqual(outcome.view.why, 'mainnet · from Client.forMainnet() at line 2');
    assert.deepStrictEqual(
      mainnet()
        .requests.map(r => r.url)
        .filter(u => u.startsWith('/api/v1/transactions')),
      [TX_PATH],
    );
    assert.ok(!replay().mirror.requests.some(r => r.url === TX_PATH), 'the testnet mirror node was not asked');
    // From a view's node (the Accounts view's transaction rows): the views show the configured network.
    const fromTree = await vscode.commands.executeCommand<LookupOutcome>('ledgerLens.openTransaction', {
      target: { kind: 'transaction', id: '0.0.10-1234567890-999999998' },
    });
    assert.strictEqual(fromTree?.kind, 'shown', JSON.stringify(fromTree));
    assert.strictEqual(fromTree.network, 'testnet');
    assert.strictEqual(
      fromTree.view.why,
      `${testnetLabel()} · from settings (the network of the view it was opened from)`,
    );
  });

  it('without an editor: the settings network, said "by default"', async () => {
    const outcome = await lookup(TX);
    assert.strictEqual(outcome?.kind, 'shown', JSON.stringify(outcome));
    assert.strictEqual(outcome.network, 'testnet');
    assert.strictEqual(outcome.view.why, `${testnetLabel()} · by default`);
    const blocks = await vscode.commands.executeCommand<LookupOutcome>('ledgerLens.lookupBlock', '0');
    assert.strictEqual(blocks?.kind, 'shown', JSON.stringify(blocks));
    assert.strictEqual(blocks.view.why, `${testnetLabel()} · by default`);
    for (const p of (api.features['blocks'] as BlocksFeature).panels.open) p.dispose();
  });

  it("a block linked from a panel opens on the panel's network", async () => {
    const noop = async () => undefined;
    const outcome = (await runDetailAction(
      { type: 'openBlock', hashOrNumber: '0' },
      { target: { kind: 'block', id: '10' }, network: 'mainnet-public', refresh: noop },
    )) as LookupOutcome | undefined;
    assert.strictEqual(outcome?.kind, 'shown', JSON.stringify(outcome));
    assert.strictEqual(outcome.network, 'mainnet-public');
    assert.strictEqual(outcome.view.why, 'mainnet · the network of the link that opened it');
    assert.ok(mainnet().requests.some(r => r.url === '/api/v1/blocks/0'));
    for (const p of (api.features['blocks'] as BlocksFeature).panels.open) p.dispose();
  });

  it("a hover's Open transaction link carries the hover's network; the panel asks it", async () => {
    const doc = await showCode(`const client = Client.forMainnet();\nconst tx = "${TX}";\n`);
    const offset = doc.getText().indexOf(TX) + 3;
    const link = await waitFor(
      async () => {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
          'vscode.executeHoverProvider',
          doc.uri,
          doc.positionAt(offset),
        );
        for (const h of hovers)
          for (const c of h.contents) {
            const m =
              c instanceof vscode.MarkdownString ? /command:ledgerLens\.openTransaction\?([^ )]+)/.exec(c.value) : null;
            if (m) return m[1];
          }
        return undefined;
      },
      10_000,
      'the hover with its Open transaction link',
    );
    const args = JSON.parse(decodeURIComponent(link)) as { kind: string; id: string; network?: string };
    assert.deepStrictEqual(args, {
      kind: 'transaction',
      id: '0.0.300-1565779555-711927000',
      network: 'mainnet-public',
    });
    mainnet().resetRequests();
    const outcome = await vscode.commands.executeCommand<LookupOutcome>('ledgerLens.openTransaction', args);
    assert.strictEqual(outcome?.kind, 'shown', JSON.stringify(outcome));
    assert.strictEqual(outcome.network, 'mainnet-public');
    assert.strictEqual(outcome.view.why, 'mainnet · from Client.forMainnet() at line 1');
    // A link naming another network than the code means (a "found elsewhere" hover) is obeyed, and said.
    const other = await vscode.commands.executeCommand<LookupOutcome>('ledgerLens.openTransaction', {
      ...args,
      network: 'previewnet',
    });
    assert.strictEqual(other?.kind, 'shown', JSON.stringify(other));
    assert.strictEqual(other.network, 'previewnet');
    assert.strictEqual(other.view.why, 'previewnet · the network of the link that opened it');
  });

  it('a terminal link to `0.0.x@sss` (no nanoseconds) opens the transaction panel', async () => {
    const fresh = freshTransaction(4240);
    replay().mirror.addRecords([fresh.record]);
    const terminal = api.features['terminal'] as TerminalFeatureApi;
    const line = `Transaction ID: ${fresh.at} SUCCESS`;
    const links = await terminal.provider.provideTerminalLinks(
      { line, terminal: undefined as never },
      new vscode.CancellationTokenSource().token,
    );
    assert.deepStrictEqual(
      (links ?? []).map(l => l.tooltip),
      [`Ledger Lens: show transaction ${fresh.at}.000000000`],
    );
    await terminal.provider.handleTerminalLink(links![0]);
    const panel = await waitFor(
      () => transactions(api).panels.open.find(p => p.view.status === 'loaded'),
      5000,
      'the transaction panel',
    );
    assert.strictEqual(panel.view.title, `Transaction ${fresh.at}.000000000`);
    assert.ok(replay().mirror.requests.some(r => r.url === fresh.path));
  });

  it('a fresh transaction that 404s: its panel says "not indexed yet", retries, and shows it in place', async () => {
    const fresh = freshTransaction(4241);
    replay().mirror.addRecords([fresh.record]);
    replay().mirror.setFault({ kind: 'serverError', status: 404, message: 'Not found', path: fresh.path, times: 1 });
    const outcome = await lookup(fresh.at);
    assert.strictEqual(outcome?.kind, 'waiting', JSON.stringify(outcome));
    const waiting = outcome.view as Extract<DetailView, { status: 'loading' }>;
    assert.strictEqual(waiting.status, 'loading');
    assert.match(waiting.message ?? '', /^Not indexed yet .*; retrying in 1 s\.$/);
    assert.strictEqual(waiting.why, `${testnetLabel()} · by default`);
    const panels = transactions(api).panels.open;
    assert.strictEqual(panels.length, 1);
    await waitFor(() => panels[0].view.status === 'loaded', 8000, 'the transaction, loaded in the same panel');
    assert.strictEqual(transactions(api).panels.open.length, 1, 'updated in place, not a second panel');
    assert.strictEqual(panels[0].view.why, `${testnetLabel()} · by default`);
    assert.strictEqual(replay().mirror.requests.filter(r => r.url === fresh.path).length, 2);
  });

  it('closing the waiting panel stops the retries', async () => {
    const fresh = freshTransaction(4242);
    replay().mirror.setFault({ kind: 'serverError', status: 404, message: 'Not found', path: fresh.path });
    const outcome = await lookup(fresh.at);
    assert.strictEqual(outcome?.kind, 'waiting', JSON.stringify(outcome));
    const asked = () => replay().mirror.requests.filter(r => r.url === fresh.path).length;
    await waitFor(() => asked() === 2, 4000, 'the first retry');
    // As the user closes it: the WebviewPanel goes.
    transactions(api).panels.open[0].panel.dispose();
    await new Promise(resolve => setTimeout(resolve, 3000));
    assert.strictEqual(asked(), 2, 'no request after the panel closed');
  });
});
