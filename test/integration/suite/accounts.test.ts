// The Accounts view in a real extension host against the loopback mirror node: the provider's
// nodes and TreeItems for replayed accounts, paging with Load more, error and invalid-id nodes,
// the commands (add, remove, label, filter, as-of, reveal) and a network switch.
// The extension runs from dist/, so its classes are not this file's: nodes are used structurally.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { LedgerLensExports } from '../../../src/features/context';
import type { AccountsFeature } from '../../../src/features/accounts';
import type { AccountsNode } from '../../../src/features/accounts/store';
import { anAccount, anErrorBody, aTransaction, recordFor } from '../../support/builders';
import { pagedAccountRecords } from '../../support/pagedAccount';
import { activateLedgerLens, resetSettings, setSetting, useReplay, waitFor } from '../helpers';

function feature(api: LedgerLensExports): AccountsFeature {
  const f = api.features['accounts'] as AccountsFeature | undefined;
  assert.ok(f, 'exports.features.accounts');
  return f;
}

function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

describe('accounts view', () => {
  const replay = useReplay();
  let api: LedgerLensExports;
  let accounts: AccountsFeature;

  const items = async (node?: AccountsNode) => {
    const children = await accounts.provider.getChildren(node);
    return children.map(c => ({ node: c, item: accounts.provider.getTreeItem(c) }));
  };
  const loaded = async (): Promise<void> => {
    await waitFor(
      () => accounts.store.accounts.every(a => (!a.loading && a.status !== 'idle') || !a.check.ok),
      10_000,
      'every account loaded',
    );
  };
  const configure = async (value: unknown[]): Promise<void> => {
    await setSetting('ledgerLens.accounts', value);
    await waitFor(() => accounts.store.accounts.length === value.length, 5000, `${value.length} accounts listed`);
    await items();
    await loaded();
  };

  before(async () => {
    api = await activateLedgerLens();
    accounts = feature(api);
  });
  afterEach(async () => {
    await resetSettings('ledgerLens.accounts', 'ledgerLens.network');
  });

  after(async () => {
    // Revealing an account shows the Ledger Lens container, and with it the Blocks view, which
    // polls while visible: put the Explorer back so later suites see only their own requests.
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('shows the network and the custom host as the view description, and the configured accounts with balances', async () => {
    assert.strictEqual(accounts.treeView.description, `testnet · ${new URL(replay().mirror.url).host}`);
    replay().mirror.resetRequests();
    await configure([{ id: '2001', label: 'NFT holder' }, '0.0.8']);
    const roots = await items();
    assert.deepStrictEqual(
      roots.map(r => label(r.item)),
      ['NFT holder', '0.0.8'],
    );
    const holder = roots[0].item;
    assert.strictEqual(holder.description, '0.00000080 ℏ');
    assert.strictEqual(holder.contextValue, 'account:loaded:evm:configured');
    assert.strictEqual(holder.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    assert.strictEqual(holder.tooltip, undefined, 'tooltips wait for a hover');
    const resolved = accounts.provider.resolveTreeItem(holder, roots[0].node);
    assert.ok(resolved.tooltip instanceof vscode.MarkdownString);
    assert.strictEqual(resolved.tooltip.isTrusted, false);
    assert.match(resolved.tooltip.value, /`0\.0\.2001`/);

    const before = replay().mirror.requests.length;
    const sections = await items(roots[0].node);
    assert.deepStrictEqual(
      sections.map(s => label(s.item)),
      ['Details', 'Tokens', 'NFTs', 'Recent transactions'],
    );
    const txs = await items(sections[3].node);
    assert.strictEqual(txs.length, 10);
    // The type in words, the result by its icon (a tick) and in the accessible name, the age.
    assert.strictEqual(label(txs[1].item), 'Token reject');
    assert.match(String(txs[1].item.description), /^\d+y · -3 tℏ$/);
    assert.strictEqual((txs[1].item.iconPath as vscode.ThemeIcon).id, 'pass');
    assert.match(txs[1].item.accessibilityInformation?.label ?? '', /^Token reject, Success, -0\.00000003 ℏ, /);
    assert.strictEqual(txs[1].item.contextValue, 'transaction');
    const rows = await items(txs[1].node);
    assert.ok(
      rows.some(r => label(r.item) === 'Transaction ID' && r.item.description === '0.0.2001-1234567890-000000018'),
    );
    assert.strictEqual(replay().mirror.requests.length, before, 'expanding the account and its sections asked nothing');
  });

  it('error nodes: 404 with the server’s message, an invalid id without a request, and Retry', async () => {
    replay().mirror.resetRequests();
    await configure([{ id: '0.0.7', label: 'Missing' }, 'treasury!', '0.0.8']);
    const roots = await items();
    assert.deepStrictEqual(
      roots.map(r => label(r.item)),
      ['Missing', 'treasury!', '0.0.8'],
    );
    assert.match(String(roots[0].item.description), /^Not found on testnet · 127\.0\.0\.1:\d+: Not found$/);
    assert.strictEqual(roots[0].item.contextValue, 'account:failed:configured');
    assert.strictEqual(roots[1].item.description, 'not an account id');
    // The recorded 0.0.8 has a null balance: said, not shown as zero.
    assert.strictEqual(roots[2].item.description, 'no balance');
    const urls = replay().mirror.requests.map(r => r.url);
    assert.ok(!urls.some(u => u.includes('treasury')), 'no request for the invalid id');

    const [retry] = await items(roots[0].node);
    assert.strictEqual(retry.item.command?.command, 'ledgerLens.retry');
    replay().mirror.addRecords([
      recordFor('/api/v1/accounts/0.0.7', anAccount({ account: '0.0.7', evm_address: null })),
    ]);
    await vscode.commands.executeCommand('ledgerLens.retry', retry.node);
    const again = await items();
    assert.strictEqual(again[0].item.description, '1.00000000 ℏ');
  });

  it('Load more pages through links.next from the command, and keeps the pages when another account refreshes', async () => {
    replay().mirror.addRecords(pagedAccountRecords());
    await configure(['0.0.1001', '2001']);
    const [paged, other] = accounts.store.accounts;
    let txs = await items(paged.transactions);
    assert.strictEqual(label(txs.at(-1)!.item), 'Load more');
    const count = await vscode.commands.executeCommand<number>('ledgerLens.loadMore', txs.at(-1)!.node);
    assert.strictEqual(count, 3);
    txs = await items(paged.transactions);
    assert.deepStrictEqual(
      txs.map(t => label(t.item)),
      ['Crypto transfer', 'Crypto transfer', 'Token mint'],
    );
    await vscode.commands.executeCommand('ledgerLens.refreshAccounts', other);
    assert.strictEqual(paged.pager.transactions.length, 3);
  });

  it('filter by type and as-of timestamp reload the account with the seed’s parameters', async () => {
    await configure(['0.0.8']);
    const [eight] = accounts.store.accounts;
    const asOf = await vscode.commands.executeCommand('ledgerLens.showAsOf', eight, '1234567890.000000006');
    assert.strictEqual(asOf, '1234567890.000000006');
    assert.ok(
      replay().mirror.requests.some(
        r => decodeURIComponent(r.url) === '/api/v1/accounts/0.0.8?timestamp=lte:1234567890.000000006',
      ),
    );
    const children = await items(eight);
    assert.match(String(children[0].item.description), /within 15 minutes/);
    replay().mirror.addRecords([
      recordFor(
        '/api/v1/accounts/0.0.8?transactiontype=CRYPTOTRANSFER',
        anAccount({ account: '0.0.8', transactions: [aTransaction()] }),
      ),
    ]);
    await vscode.commands.executeCommand('ledgerLens.showAsOf', eight, '');
    await vscode.commands.executeCommand('ledgerLens.filterTransactionType', eight, 'CRYPTOTRANSFER');
    const section = (await items(eight)).find(c => label(c.item) === 'Recent transactions')!;
    assert.strictEqual(section.item.description, '1 · Crypto transfer');
  });

  it('a type filter the mirror node refuses keeps the account and the last rows, says why, and clears', async () => {
    replay().mirror.addRecords([
      recordFor(
        '/api/v1/accounts/0.0.8?transactiontype=CRYPTOTRANSFER',
        anAccount({ account: '0.0.8', transactions: [aTransaction()] }),
      ),
      // What a mirror node that does not know the type answers.
      recordFor(
        '/api/v1/accounts/0.0.8?transactiontype=HOOKSTORE',
        anErrorBody('Invalid parameter: transactiontype'),
        400,
      ),
    ]);
    await configure(['0.0.8']);
    const [eight] = accounts.store.accounts;
    const section = () => accounts.provider.getTreeItem(eight.transactions);
    const unfiltered = (await items(eight.transactions)).map(t => label(t.item));
    await vscode.commands.executeCommand('ledgerLens.filterTransactionType', eight, 'CRYPTOTRANSFER');
    const good = (await items(eight.transactions)).map(t => label(t.item));
    assert.deepStrictEqual(good, ['Crypto transfer']);

    await vscode.commands.executeCommand('ledgerLens.filterTransactionType', eight, 'HOOKSTORE');
    await waitFor(
      async () => (await items(eight.transactions)).some(t => t.node.kind === 'message'),
      5000,
      'the refusal shown',
    );
    const account = accounts.provider.getTreeItem(eight);
    assert.match(String(account.contextValue), /^account:loaded/, 'the account keeps its menu');
    assert.deepStrictEqual(
      (await items(eight)).map(s => label(s.item)),
      ['Details', 'Tokens', 'NFTs', 'Recent transactions'],
    );
    assert.ok((await items(eight.details)).some(r => label(r.item) === 'Balance'));
    assert.match(String(section().description), /Hook store/);
    assert.match(String(section().contextValue), /^section:transactions:filtered/);
    const rows = await items(eight.transactions);
    assert.deepStrictEqual(
      rows.filter(r => r.node.kind === 'transaction').map(r => label(r.item)),
      good,
      'the last good rows stay',
    );
    const refusal = rows.find(r => r.node.kind === 'message')!;
    assert.strictEqual(refusal.item.description, 'Invalid parameter: transactiontype');
    assert.match(String(refusal.item.contextValue), /^message:retry:filter/);

    await vscode.commands.executeCommand('ledgerLens.clearTransactionTypeFilter', eight.transactions);
    await waitFor(async () => !(await items(eight.transactions)).some(t => t.node.kind === 'message'), 5000, 'cleared');
    assert.deepStrictEqual(
      (await items(eight.transactions)).map(t => label(t.item)),
      unfiltered,
    );
    assert.strictEqual(section().contextValue, 'section:transactions');
  });

  it('Add account writes the setting; Edit label and Remove account rewrite it', async () => {
    const added = await vscode.commands.executeCommand('ledgerLens.addAccount', '2001', 'Mine', 'user');
    assert.strictEqual(added, '0.0.2001');
    const cfg = () => vscode.workspace.getConfiguration('ledgerLens').inspect<unknown[]>('accounts')?.globalValue;
    assert.deepStrictEqual(cfg(), [{ id: '2001', label: 'Mine' }]);
    await waitFor(() => accounts.store.accounts.length === 1, 5000, 'the new account listed');
    const node = accounts.store.accounts[0];
    assert.strictEqual(node.status, 'loaded', 'shown from the lookup Add account made');
    await vscode.commands.executeCommand('ledgerLens.renameAccount', node, 'Renamed');
    assert.deepStrictEqual(cfg(), [{ id: '2001', label: 'Renamed' }]);
    await vscode.commands.executeCommand('ledgerLens.removeAccount', node);
    assert.deepStrictEqual(cfg(), []);
  });

  it('revealing an account from a hover lists it for the session only', async () => {
    await configure(['0.0.8']);
    const key = await vscode.commands.executeCommand('ledgerLens.revealAccount', { kind: 'account', id: '2001' });
    assert.strictEqual(key, '0.0.2001');
    assert.deepStrictEqual(
      accounts.store.accounts.map(a => a.entry.temporary),
      [false, true],
    );
    assert.deepStrictEqual(
      vscode.workspace.getConfiguration('ledgerLens').inspect<unknown[]>('accounts')?.globalValue,
      ['0.0.8'],
    );
    const again = await vscode.commands.executeCommand('ledgerLens.revealAccount', { kind: 'account', id: '0.0.8' });
    assert.strictEqual(again, '0.0.8');
    assert.strictEqual(accounts.store.accounts.length, 2);
    await vscode.commands.executeCommand('ledgerLens.removeAccount', accounts.store.accounts[1]);
    assert.strictEqual(accounts.store.accounts.length, 1);
  });

  it('a network switch reloads every account from the new client', async () => {
    await configure(['0.0.8']);
    const node = accounts.store.accounts[0];
    const first = node.account;
    replay().mirror.resetRequests();
    await setSetting('ledgerLens.network', 'mainnet');
    await waitFor(() => node.account !== first && node.status === 'loaded', 5000, 'reloaded after the switch');
    assert.ok(replay().mirror.requests.some(r => r.url === '/api/v1/accounts/0.0.8'));
  });
});
