// "Lookup transaction" in a real extension host against the loopback replay of the mirror node's
// recordings: the command with a given input opens the panel with the replayed transaction(s).
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { LedgerLensExports } from '../../../src/features/context';
import type { TransactionsFeature } from '../../../src/features/transactions';
import type { LookupOutcome } from '../../../src/features/transactions/lookup';
import { runDetailAction } from '../../../src/features/common/detailPanel/panel';
import { TRANSACTION_VIEW_TYPE, type DetailSection, type DetailView } from '../../../webview/protocol';
import { anErrorBody, recordFor } from '../../support/builders';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';
import { activateLedgerLens, resetSettings, setSetting, waitFor } from '../helpers';

function feature(api: LedgerLensExports): TransactionsFeature {
  const f = api.features['transactions'] as TransactionsFeature | undefined;
  assert.ok(f, 'exports.features.transactions');
  return f;
}

function loaded(outcome: LookupOutcome | undefined): Extract<DetailView, { status: 'loaded' }> {
  assert.ok(outcome, 'the command returned an outcome');
  assert.strictEqual(outcome.kind, 'shown', JSON.stringify(outcome));
  const view = outcome.view;
  assert.strictEqual(view.status, 'loaded');
  return view;
}

function value(section: DetailSection, label: string): string | undefined {
  return section.fields.find(f => f.label === label)?.value;
}

// What the lookups sent: the Blocks view polls the same replay server on its own schedule (every
// 10 s while visible), so its /api/v1/blocks requests are not the lookup's and are left out.
// The panel also asks the rate at the transaction's consensus time and its tokens' metadata (for
// dollars and units): those are not the lookup's either; the tokens suite counts them.
function lookupUrls(replay: MirrorReplay): string[] {
  return replay.requests
    .map(r => r.url)
    .filter(
      url =>
        !url.startsWith('/api/v1/blocks') &&
        !url.startsWith('/api/v1/network/exchangerate') &&
        !/^\/api\/v1\/tokens\/[^/?]+$/.test(url),
    );
}

const lookup = (arg: unknown) => vscode.commands.executeCommand<LookupOutcome>('ledgerLens.lookupTransaction', arg);

describe('Lookup transaction', () => {
  let api: LedgerLensExports;
  let replay: MirrorReplay;

  before(async () => {
    api = await activateLedgerLens();
    // Lookups ask the network the active editor's code means: none here, so the configured one.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    replay = await startMirrorReplay({ port: 0 });
    // Testnet's own entry (the network here): a mirrorNodeUrl would take every request, and the status
    // item would then ask this replay for its newest block on its own schedule.
    await setSetting('ledgerLens.mirrorNodeUrls', { testnet: replay.url });
    await waitFor(() => api.services.config.current.mirrorBaseUrl === replay.url, 5000, 'the replay URL in use');
  });

  afterEach(async () => {
    replay.clearSelections();
    replay.clearAddedRecords();
    replay.resetRequests();

    for (const p of feature(api).panels.open) p.dispose();
  });

  after(async () => {
    await resetSettings('ledgerLens.mirrorNodeUrls');
    await replay.close();
  });

  it('opens the panel with the transaction of an `@` id, every field as the recording has it', async () => {
    const view = loaded(await lookup('0.0.300@1565779555.711927000'));
    assert.deepStrictEqual(
      lookupUrls(replay),
      ['/api/v1/transactions/0.0.300-1565779555-711927000'],
      'one request, in the mirror node form',
    );
    assert.strictEqual(view.sections.length, 1);
    const s = view.sections[0];
    assert.strictEqual(value(s, 'Type'), 'Crypto transfer');
    assert.strictEqual(value(s, 'Result'), 'Success');
    assert.strictEqual(value(s, 'Transaction id (SDK form)'), '0.0.300@1565779555.711927000');
    assert.strictEqual(value(s, 'Consensus timestamp'), '2019-08-14 10:45:55 UTC');
    const transfers = s.tables.find(t => t.title === 'Transfers')!;
    assert.deepStrictEqual(
      transfers.rows[2].map(c => c.text),
      ['0.0.300', '-0.00000003 ℏ', 'no'],
    );
    const panels = feature(api).panels.open;
    assert.strictEqual(panels.length, 1);
    assert.strictEqual(panels[0].panel.viewType, TRANSACTION_VIEW_TYPE);
    assert.strictEqual(panels[0].panel.title, 'Transaction 0.0.300@1565779555.711927000');
  });

  it('shows every transaction sharing an id, grouped and labelled', async () => {
    replay.preferSource('no-params');
    const view = loaded(await lookup('0.0.10-1234567890-000000001'));
    assert.strictEqual(view.summary, '3 transactions share this id: 1 parent, 1 scheduled, 1 duplicate');
    assert.deepStrictEqual(
      view.sections.map(s => [s.group, s.badge, s.title]),
      [
        ['Parent (user-submitted)', 'parent', 'Consensus submit message · Success'],
        ['Scheduled', 'scheduled', 'Crypto transfer · Success'],
        ['Duplicates', 'duplicate', 'Crypto transfer · DUPLICATE_TRANSACTION'],
      ],
    );
  });

  it('sends the nonce and scheduled filters', async () => {
    const view = loaded(await lookup({ input: '0.0.10-1234567890-000000001', nonce: 1, scheduled: false }));
    assert.deepStrictEqual(lookupUrls(replay), [
      '/api/v1/transactions/0.0.10-1234567890-000000001?nonce=1&scheduled=false',
    ]);
    assert.deepStrictEqual(
      view.sections.map(s => s.badge),
      ['child, nonce 1'],
    );
    // Typed after the id, as in the input box.
    replay.resetRequests();
    loaded(await lookup('0.0.10@1234567890.000000001 nonce=1'));
    assert.deepStrictEqual(lookupUrls(replay), ['/api/v1/transactions/0.0.10-1234567890-000000001?nonce=1']);
  });

  it('finds a transaction by its hash (hex) and by a HashScan link', async () => {
    const hex = '0x3b17da10d0bfef8e67f50b010f9f500dfa4f8e455544f1285b04191f2eca4ab1b749c249368bc23023fb83f861ed1fb4';
    const byHash = loaded(await lookup(hex.slice(2).toUpperCase()));
    assert.strictEqual(byHash.sections.length, 2);
    const byLink = loaded(
      await lookup('https://hashscan.io/testnet/transaction/1565779555.711927001?tid=0.0.300-1565779555-711927000'),
    );
    assert.strictEqual(value(byLink.sections[0], 'Payer'), '0.0.300');
  });

  it('reuses the panel of a transaction looked up again', async () => {
    await lookup('0.0.8-1234567890-000000000');
    await lookup('0.0.8@1234567890.0');
    assert.strictEqual(feature(api).panels.open.length, 1);
  });

  it('refuses malformed input with the expected form, before any request', async () => {
    const malformed = [
      '0.1.10-1234567891.000000000',
      '0.0.300',
      '0.0.300-1565779555',
      'hello',
      '1565779555.711927001',
      '0.0.300-1565779555-7119270001',
      '0.0.300@1565779555-711927000',
      '0.0.300-9223372036854775808-0',
      '0.0.x-1-2',
      'izUDXqZ8gOhKlL5vbFInnw2VObTXzNWEH2QOg7XOUQwl9Mp2SVil8lufZIU6xJEEk===',
      'ab4af784ae69ca3e1d17fef8491f7f89a0e8a3b80ad3748b841110f0345ada53456bc14bbe9ee6f441829c2849',
      '0.0.300-1565779555-711927000 nonce=-1',
      '0.0.300-1565779555-711927000 nonce=2147483648',
      '0.0.300-1565779555-711927000 scheduled=1',
      '0.0.300-1565779555-711927000 token.id=0.0.45678',
      'https://hashscan.io/testnet/transaction/1565779555.711927001',
      'https://hashscan.io/testnet/account/0.0.300',
      '<img src=x onerror=alert(1)>',
      '0.0.300-1565779555-711927000?scheduled',
      '0.0.300@1565779555.711927000/x',
      ' ',
      '0.0.300@@1565779555.711927000',
      '0.0.300-1565779555-711927000-0',
      '0.0.300.1565779555.711927000',
    ];
    for (const input of malformed) {
      const outcome = await lookup(input);
      assert.strictEqual(outcome?.kind, 'invalid', `${JSON.stringify(input)} → ${JSON.stringify(outcome)}`);
    }
    const explained = await lookup('0.1.10-1234567891.000000000');
    assert.ok(explained?.kind === 'invalid');
    assert.match(explained.message, /"shard\.realm\.num-sss-nnn" form, where sss are seconds and nnn are nanoseconds/);
    const bad = await lookup({ input: '0.0.300-1565779555-711927000', nonce: -1 });
    assert.strictEqual(bad?.kind, 'invalid');
    assert.deepStrictEqual(lookupUrls(replay), [], 'no lookup request reached the mirror node');
    assert.strictEqual(feature(api).panels.open.length, 0, 'no panel opened');
  });

  it('says a 404 is "not found on <network>" and finds it on another network through its shared client', async () => {
    // The selected network answers 404 for this id; "the other networks" are a second loopback server.
    // (An id no other test reads: the client caches transactions for their max-age.)
    replay.addRecords([recordFor('/api/v1/transactions/0.0.11-1234567900-000000000', anErrorBody('Not found'), 404)]);
    const other = await startMirrorReplay({ port: 0 });
    const publicNetworks = ['previewnet', 'mainnet-public', 'testnet'] as const;
    for (const n of publicNetworks) api.services.overrideMirrorUrlForTests(n, other.url);
    try {
      const miss = await lookup({ input: '0.0.11@1234567900.000000000', tryOtherNetworks: false });
      assert.deepStrictEqual(miss, {
        kind: 'not-found',
        network: 'testnet',
        message: `Transaction 0.0.11@1234567900.000000000 was not found on testnet · ${new URL(replay.url).host} (by default).`,
      });
      assert.strictEqual(other.requests.length, 0, 'nothing asked of other networks unless the user agrees');

      const hit = await lookup({
        input: 'https://hashscan.io/previewnet/transaction/0.0.11@1234567900.000000000',
        tryOtherNetworks: true,
      });
      assert.strictEqual(hit?.kind, 'shown');
      // With a custom mirror node every public ledger is "another" network (the selected one's public
      // mirror node too, not the custom one again); the link's comes first.
      assert.strictEqual(other.requests.length, 3, 'previewnet, mainnet and the public testnet were asked');
      assert.strictEqual(
        replay.requests.filter(r => r.url.startsWith('/api/v1/transactions/0.0.11-')).length,
        2,
        'the custom mirror node was asked once per lookup, not again as "another network"',
      );
      assert.strictEqual((hit as { network: string }).network, 'previewnet');
      const panel = feature(api).panels.open.find(p => p.persist.network === 'previewnet');
      assert.ok(panel, 'a previewnet panel');
      assert.strictEqual(panel.view.why, 'previewnet · not found on testnet, found here');
    } finally {
      for (const n of publicNetworks) api.services.overrideMirrorUrlForTests(n, undefined);
      await other.close();
    }
  });

  it("shows the server's own words for a refusal it makes", async () => {
    replay.addRecords([
      recordFor(
        '/api/v1/transactions/0.0.77-1700000000-000000001',
        anErrorBody('Invalid parameter: transactionId <b>x</b>'),
        400,
      ),
    ]);
    const outcome = await lookup('0.0.77-1700000000-000000001');
    assert.deepStrictEqual(outcome, {
      kind: 'failed',
      message: 'The mirror node of testnet answered 400: Invalid parameter: transactionId <b>x</b>',
      serverMessages: ['Invalid parameter: transactionId <b>x</b>'],
    });
  });

  it('shows a hostile error body as plain words: no live command link in the notification', async () => {
    const link = '[Open settings](command:workbench.action.openSettings)';
    replay.addRecords([
      recordFor('/api/v1/transactions/0.0.78-1700000000-000000001', anErrorBody(`Invalid parameter ${link}`), 400),
    ]);
    const shown: string[] = [];
    const original = vscode.window.showErrorMessage;
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = (message: string) => {
      shown.push(message);
      return Promise.resolve(undefined);
    };
    let outcome: LookupOutcome | undefined;
    try {
      outcome = await lookup('0.0.78-1700000000-000000001');
    } finally {
      (vscode.window as { showErrorMessage: unknown }).showErrorMessage = original;
    }
    assert.deepStrictEqual(shown, [
      'Ledger Lens: The mirror node of testnet answered 400: Invalid parameter [Open settings] (command:workbench.action.openSettings)',
    ]);
    assert.deepStrictEqual(outcome, {
      kind: 'failed',
      message:
        'The mirror node of testnet answered 400: Invalid parameter [Open settings] (command:workbench.action.openSettings)',
      serverMessages: [`Invalid parameter ${link}`],
    });
  });

  it('opens a transaction from an EntityTarget (accounts tree, hover)', async () => {
    const outcome = await vscode.commands.executeCommand<LookupOutcome>('ledgerLens.openTransaction', {
      kind: 'transaction',
      id: '0.0.10-1234567890-999999998',
    });
    assert.strictEqual(value(loaded(outcome).sections[0], 'Type'), 'Crypto update account');
  });

  it("from the editor's context menu (its document as the argument): the id at the cursor, no prompt", async () => {
    const id = '0.0.10@1234567890.999999998';
    const doc = await vscode.workspace.openTextDocument({ language: 'typescript', content: `const tx = '${id}';\n` });
    const editor = await vscode.window.showTextDocument(doc);
    const inside = doc.positionAt(doc.getText().indexOf(id) + 6);
    editor.selection = new vscode.Selection(inside, inside);
    try {
      const outcome = await lookup(doc.uri);
      assert.strictEqual(value(loaded(outcome).sections[0], 'Type'), 'Crypto update account');
    } finally {
      // The panel took the focus: back to the untitled document to close it unsaved.
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('comes back after a reload: the serializer re-reads the transaction, and a panel it cannot trust says why', async () => {
    const panels = feature(api).panels;
    const panel = vscode.window.createWebviewPanel(TRANSACTION_VIEW_TYPE, 'restoring', vscode.ViewColumn.Active);
    await panels.deserializeWebviewPanel(panel, {
      panel: 'transaction',
      network: 'testnet',
      idOrHash: '0.0.10-1234567890-000000001',
      nonce: 1,
    });
    const restored = panels.open.find(p => p.panel === panel);
    assert.ok(restored, 'adopted');
    assert.strictEqual(restored.view.status, 'loaded');
    assert.deepStrictEqual(
      (restored.view as { sections: readonly DetailSection[] }).sections.map(s => s.badge),
      ['child, nonce 1'],
    );

    // Each damaged state: the panel stays, with no script (so no "Loading…"), and says what is wrong.
    const damaged: ReadonlyArray<readonly [unknown, string]> = [
      [
        { panel: 'transaction', network: 'testnet', idOrHash: '<script>' },
        'idOrHash: expected a transaction id or hash',
      ],
      [undefined, 'message: expected an object'],
      [{ panel: 'block', network: 'testnet', hashOrNumber: '17' }, 'panel: expected &#34;transaction&#34;'],
      [
        { panel: 'transaction', network: 'testnet', idOrHash: '0.0.10-1234567890-000000001', nonce: -1 },
        'nonce: expected',
      ],
    ];
    for (const [state, reason] of damaged) {
      let disposed = false;
      const bad = vscode.window.createWebviewPanel(TRANSACTION_VIEW_TYPE, 'bad', vscode.ViewColumn.Active);
      bad.onDidDispose(() => (disposed = true));
      await panels.deserializeWebviewPanel(bad, state);
      assert.ok(!disposed, 'the panel stays to say why');
      assert.ok(!panels.open.some(p => p.panel === bad), 'not adopted');
      assert.strictEqual(bad.title, 'Transaction (not restored)');
      assert.ok(bad.webview.html.includes('This transaction panel could not be restored: '), bad.webview.html);
      assert.ok(bad.webview.html.includes(reason), `${reason} in ${bad.webview.html}`);
      assert.ok(!/<script/i.test(bad.webview.html), 'no script: nothing left loading');
      bad.dispose();
    }
  });

  it("a contract call's link opens the contract results panel on its consensus timestamp", async () => {
    const noop = { target: { kind: 'transaction' as const, id: 'x' }, refresh: async () => undefined };
    await runDetailAction({ type: 'openContractResults', timestamp: '1700000001.000000001' }, noop);
    const contracts = api.features['contracts'] as {
      current(): { currentFilters: { timestamps: unknown; blockNumber: string } } | undefined;
    };
    assert.deepStrictEqual(contracts.current()?.currentFilters.timestamps, [
      { operator: 'eq', value: '1700000001.000000001' },
    ]);
    await runDetailAction({ type: 'openContractResults', blockNumber: '17' }, noop);
    assert.strictEqual(contracts.current()?.currentFilters.blockNumber, '17');
  });

  it("the panel's copy action puts the text on the clipboard", async () => {
    await runDetailAction(
      { type: 'copy', text: '0.0.300@1565779555.711927000' },
      { target: { kind: 'transaction', id: 'x' }, refresh: async () => undefined },
    );
    assert.strictEqual(await vscode.env.clipboard.readText(), '0.0.300@1565779555.711927000');
  });
});
