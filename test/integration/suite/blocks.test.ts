// The Blocks view and "Lookup block" in a real extension host against the loopback replay.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { LedgerLensExports } from '../../../src/features/context';
import type { BlockLookupOutcome, BlocksFeature } from '../../../src/features/blocks';
import { BlockNode, BlocksProvider, LoadMoreNode, MessageNode } from '../../../src/features/blocks/tree';
import { createMirrorClient, type MirrorClient } from '../../../src/mirror';
import { BLOCK_VIEW_TYPE, type DetailView } from '../../../webview/protocol';
import { aBlock, aBlocksBody, anErrorBody, recordFor } from '../../support/builders';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';
import { activateLedgerLens, resetSettings, setSetting, waitFor } from '../helpers';

function feature(api: LedgerLensExports): BlocksFeature {
  const f = api.features['blocks'] as BlocksFeature | undefined;
  assert.ok(f, 'exports.features.blocks');
  return f;
}

const H96 = '0xb0162e8a244dc05fbd6f321445b14dddf0e94b00eb169b58ff77b1b5206c12782457f7f1a2ae8cea890f378542ac7216';

describe('Blocks', () => {
  let api: LedgerLensExports;
  let replay: MirrorReplay;
  // Providers made by a test get a client of the test's own build (the extension's bundle has its
  // own copies of the classes, so its errors would not be instances of these).
  let client: MirrorClient;

  before(async () => {
    api = await activateLedgerLens();
    // "Lookup block" asks the network the active editor's code means: none here, so the configured one.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    replay = await startMirrorReplay({ port: 0 });
    client = createMirrorClient({ baseUrl: replay.url, retries: 0 });
    // Testnet's own entry (the network here): a mirrorNodeUrl would take every request, and the status
    // item would then ask this replay for its newest block on its own schedule.
    await setSetting('ledgerLens.mirrorNodeUrls', { testnet: replay.url });
    await waitFor(() => api.services.config.current.mirrorBaseUrl === replay.url, 5000, 'the replay URL in use');
  });

  afterEach(() => {
    replay.clearSelections();
    replay.clearAddedRecords();
    replay.resetRequests();
    for (const p of feature(api).panels.open) p.dispose();
  });

  after(async () => {
    client.dispose();
    await resetSettings('ledgerLens.mirrorNodeUrls');
    await replay.close();
  });

  it('the view lists the latest blocks with number, tx count and age, the date in the accessible name', async () => {
    const { provider } = feature(api);
    await provider.refresh();
    const nodes = await provider.getChildren();
    // The feature's nodes come from the extension's bundle: told apart by `kind`, not instanceof.
    const blocks = nodes.filter((n): n is BlockNode => n.kind === 'block');
    assert.deepStrictEqual(
      blocks.map(b => b.block.number),
      [19n, 18n, 17n, 16n],
    );
    const item = provider.getTreeItem(blocks[0]);
    assert.strictEqual(item.label, '#19');
    assert.match(String(item.description), /^7 txs · \d+ years ago$/);
    assert.match(
      String(item.accessibilityInformation?.label),
      /^Block 19, 2023-02-16 09:33:21 UTC, 7 txs, \d+ years ago$/,
    );
    assert.strictEqual(item.command?.command, 'ledgerLens.openBlock');
    assert.ok(!nodes.some(n => n.kind === 'loadMore'), 'no Load more when links.next is null');
    assert.ok(
      replay.requests.some(r => r.url === '/api/v1/blocks'),
      'the plain /blocks request',
    );
  });

  it('pages with Load more over links.next, and a refresh keeps the loaded pages', async () => {
    // The recording of ?limit=2 links to a page the recordings lack: a builder serves it.
    replay.addRecords([
      recordFor(
        '/api/v1/blocks?limit=2&block.number=lt:18',
        aBlocksBody(
          [aBlock({ number: 17, count: 3 }), aBlock({ number: 16, count: 1 })],
          '/api/v1/blocks?limit=2&block.number=lt:16',
        ),
      ),
      recordFor('/api/v1/blocks?limit=2&block.number=lt:16', aBlocksBody([aBlock({ number: 15, count: 2 })], null)),
    ]);
    const provider = new BlocksProvider({ client: () => client, pageSize: 2 });
    try {
      let nodes = await provider.getChildren();
      assert.deepStrictEqual(
        nodes.filter(n => n instanceof BlockNode).map(n => n.block.number),
        [19n, 18n],
      );
      assert.ok(nodes.at(-1) instanceof LoadMoreNode);
      assert.strictEqual(provider.getTreeItem(nodes.at(-1)!).command?.command, 'ledgerLens.loadMoreBlocks');

      await provider.loadMore();
      await provider.loadMore();
      nodes = await provider.getChildren();
      assert.deepStrictEqual(
        nodes.map(n => (n instanceof BlockNode ? n.block.number : n.constructor.name)),
        [19n, 18n, 17n, 16n, 15n],
      );

      await provider.refresh();
      assert.deepStrictEqual(
        provider.shown.map(b => b.number),
        [19n, 18n, 17n, 16n, 15n],
        'a refresh with nothing new keeps every page',
      );
      assert.deepStrictEqual(
        replay.requests.map(r => r.url),
        [
          '/api/v1/blocks?limit=2',
          '/api/v1/blocks?limit=2&block.number=lt:18',
          '/api/v1/blocks?limit=2&block.number=lt:16',
          '/api/v1/blocks?limit=2',
        ],
      );
    } finally {
      provider.dispose();
    }
  });

  it('a view left open keeps at most the cap; Load more then goes on below the oldest block kept', async () => {
    const page = (numbers: number[], next: string | null) =>
      aBlocksBody(
        numbers.map(number => aBlock({ number })),
        next,
      );
    // The newest page changes between refreshes, as it does on a live network.
    const serve = (numbers: number[]) => {
      replay.clearAddedRecords();
      const lowest = numbers.at(-1)!;
      replay.addRecords([
        recordFor('/api/v1/blocks?limit=2', page(numbers, `/api/v1/blocks?limit=2&block.number=lt:${lowest}`)),
      ]);
    };
    const provider = new BlocksProvider({ client: () => client, pageSize: 2, cap: 3 });
    try {
      serve([19, 18]);
      await provider.getChildren();
      serve([20, 19]);
      await provider.refresh();
      assert.deepStrictEqual(
        provider.shown.map(b => b.number),
        [20n, 19n, 18n],
      );
      serve([21, 20]);
      await provider.refresh();
      assert.deepStrictEqual(
        provider.shown.map(b => b.number),
        [21n, 20n, 19n],
        'the oldest block went: the view stays at the cap',
      );
      const nodes = await provider.getChildren();
      assert.ok(nodes.at(-1) instanceof LoadMoreNode, 'Load more is still offered');
      replay.addRecords([recordFor('/api/v1/blocks?limit=2&block.number=lt:19', page([18, 17], null))]);
      replay.resetRequests();
      await provider.loadMore();
      assert.deepStrictEqual(
        provider.shown.map(b => b.number),
        [21n, 20n, 19n, 18n, 17n],
      );
      assert.deepStrictEqual(
        replay.requests.map(r => r.url),
        ['/api/v1/blocks?limit=2&block.number=lt:19'],
        'asked below the oldest block kept, not the stale link of the dropped page',
      );
      assert.strictEqual(provider.canLoadMore, false);
    } finally {
      provider.dispose();
    }
  });

  it("shows a failed load as a node with the server's words", async () => {
    replay.addRecords([recordFor('/api/v1/blocks?limit=3', anErrorBody('Invalid parameter: limit'), 400)]);
    const provider = new BlocksProvider({ client: () => client, pageSize: 3 });
    try {
      const nodes = await provider.getChildren();
      assert.strictEqual(nodes.length, 1);
      const node = nodes[0] as MessageNode;
      assert.ok(node instanceof MessageNode);
      assert.strictEqual(node.text, 'Could not load blocks (400)');
      assert.strictEqual(node.detail, 'Invalid parameter: limit');
    } finally {
      provider.dispose();
    }
  });

  it('Lookup block by a 96-hex hash opens the block panel with every field', async () => {
    const outcome = await vscode.commands.executeCommand<BlockLookupOutcome>(
      'ledgerLens.lookupBlock',
      H96.toUpperCase().replace('0X', '0x'),
    );
    assert.strictEqual(outcome?.kind, 'shown', JSON.stringify(outcome));
    const view = (outcome as { view: DetailView }).view;
    assert.strictEqual(view.status, 'loaded');
    const s = view.sections[0];
    const get = (label: string) => s.fields.find(f => f.label === label);
    assert.strictEqual(get('Number')?.value, '17');
    assert.strictEqual(get('Hash')?.value, H96);
    assert.strictEqual(get('Previous hash')?.action?.type, 'openBlock');
    assert.ok(
      get('Logs bloom') &&
        get('HAPI version') &&
        get('Name') &&
        get('Size') &&
        get('Timestamp from') &&
        get('Timestamp to'),
    );
    assert.ok(s.buttons.some(b => b.action.type === 'openContractResults' && b.action.blockNumber === '17'));
    assert.deepStrictEqual(
      replay.requests.map(r => r.url),
      [`/api/v1/blocks/${H96}`],
    );
    assert.strictEqual(feature(api).panels.open.length, 1);
  });

  it('Lookup block by number, and a malformed or unknown one', async () => {
    const zero = await vscode.commands.executeCommand<BlockLookupOutcome>('ledgerLens.lookupBlock', '0');
    assert.strictEqual(zero?.kind, 'shown');
    for (const bad of ['1test', 'invalidnumber', '0xb0162e8a244dc05fbd6f3', '-1', '9223372036854775808']) {
      const r = await vscode.commands.executeCommand<BlockLookupOutcome>('ledgerLens.lookupBlock', bad);
      assert.strictEqual(r?.kind, 'invalid', bad);
    }
    assert.deepStrictEqual(
      replay.requests.map(r => r.url),
      ['/api/v1/blocks/0'],
      'no request for malformed input',
    );
    const missing = await vscode.commands.executeCommand<BlockLookupOutcome>('ledgerLens.lookupBlock', '10');
    assert.deepStrictEqual(missing, {
      kind: 'not-found',
      network: 'testnet',
      message: `Block 10 was not found on testnet · ${new URL(replay.url).host} (by default).`,
    });
  });

  it('comes back after a reload: the serializer re-reads the block, and a panel it cannot trust says why', async () => {
    const panels = feature(api).panels;
    const panel = vscode.window.createWebviewPanel(BLOCK_VIEW_TYPE, 'restoring', vscode.ViewColumn.Active);
    await panels.deserializeWebviewPanel(panel, { panel: 'block', network: 'testnet', hashOrNumber: '0x0' });
    const restored = panels.open.find(p => p.panel === panel);
    assert.ok(restored, 'adopted');
    assert.strictEqual(restored.view.status, 'loaded', JSON.stringify(restored.view));
    assert.deepStrictEqual(restored.persist, { panel: 'block', network: 'testnet', hashOrNumber: '0' });

    const damaged: ReadonlyArray<readonly [unknown, string]> = [
      [{ panel: 'block', network: 'testnet', hashOrNumber: 'latest' }, 'hashOrNumber: expected a block number or hash'],
      [{ panel: 'block', network: '', hashOrNumber: '0' }, 'network: expected a string of 1 to 100 characters'],
      [{ panel: 'block', network: 'testnet', hashOrNumber: 0 }, 'hashOrNumber: expected'],
      ['0', 'message: expected an object'],
    ];
    for (const [state, reason] of damaged) {
      const bad = vscode.window.createWebviewPanel(BLOCK_VIEW_TYPE, 'bad', vscode.ViewColumn.Active);
      await panels.deserializeWebviewPanel(bad, state);
      assert.ok(!panels.open.some(p => p.panel === bad), 'not adopted');
      assert.strictEqual(bad.title, 'Block (not restored)');
      assert.ok(bad.webview.html.includes('This block panel could not be restored: '), bad.webview.html);
      assert.ok(bad.webview.html.includes(reason), `${reason} in ${bad.webview.html}`);
      assert.ok(!/<script/i.test(bad.webview.html), 'no script: nothing left loading');
      bad.dispose();
    }
  });

  it('shows a hostile error body as plain words: no live command link in the notification', async () => {
    const link = '[Open settings](command:workbench.action.openSettings)';
    replay.addRecords([recordFor('/api/v1/blocks/11', anErrorBody(`Bad block ${link}`), 400)]);
    const shown: string[] = [];
    const original = vscode.window.showErrorMessage;
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = (message: string) => {
      shown.push(message);
      return Promise.resolve(undefined);
    };
    let outcome: BlockLookupOutcome | undefined;
    try {
      outcome = await vscode.commands.executeCommand<BlockLookupOutcome>('ledgerLens.lookupBlock', '11');
    } finally {
      (vscode.window as { showErrorMessage: unknown }).showErrorMessage = original;
    }
    const words =
      'The mirror node of testnet answered 400: Bad block [Open settings] (command:workbench.action.openSettings)';
    assert.deepStrictEqual(shown, [`Ledger Lens: ${words}`]);
    assert.deepStrictEqual(outcome, { kind: 'failed', message: words, serverMessages: [`Bad block ${link}`] });
  });

  it('opening a block from the tree shows it without another request', async () => {
    const { provider } = feature(api);
    await provider.refresh();
    const node = (await provider.getChildren()).find((n): n is BlockNode => n.kind === 'block');
    assert.ok(node);
    replay.resetRequests();
    const outcome = await vscode.commands.executeCommand<BlockLookupOutcome>('ledgerLens.openBlock', node);
    assert.strictEqual(outcome?.kind, 'shown');
    assert.strictEqual(replay.requests.length, 0);
  });
});
