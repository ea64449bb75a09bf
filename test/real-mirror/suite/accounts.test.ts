// Accounts on the real mirror node (set "accounts": rest/__tests__/specs/accounts/{id}/no-params.json
// loaded into PostgreSQL, served by the unmodified REST server): the sidebar and the hover for five
// accounts, the token balances, Load more over the server's own links.next, and a 400 the server
// makes for a filter this version does not know, shown in its own words.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { AccountsFeature } from '../../../src/features/accounts';
import type { AccountsNode } from '../../../src/features/accounts/store';
import { resetSettings, setSetting, waitFor } from '../../integration/helpers';
import { fetchReal, useRealSet } from '../helpers';

function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

async function hover(content: string, needle: string, into = 2): Promise<string> {
  const doc = await vscode.workspace.openTextDocument({ content, language: 'typescript' });
  const position = doc.positionAt(doc.getText().indexOf(needle) + into);
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, position);
  const texts = hovers.flatMap(h => h.contents.map(c => (c instanceof vscode.MarkdownString ? c.value : '')));
  const ours = texts.find(t => /\*\*(Account|Contract|Token|Transaction)\*\*|not found on/.test(t));
  assert.ok(ours, `a Ledger Lens hover on ${needle}: ${JSON.stringify(texts)}`);
  return ours;
}

describe('real mirror node: accounts', () => {
  const real = useRealSet('accounts');
  let accounts: AccountsFeature;

  const items = async (node?: AccountsNode) =>
    (await accounts.provider.getChildren(node)).map(c => ({ node: c, item: accounts.provider.getTreeItem(c) }));
  const configure = async (value: unknown[]): Promise<void> => {
    await setSetting('ledgerLens.accounts', value);
    await waitFor(() => accounts.store.accounts.length === value.length, 5000, `${value.length} accounts listed`);
    await items();
    await waitFor(
      () => accounts.store.accounts.every(a => (!a.loading && a.status !== 'idle') || !a.check.ok),
      15_000,
      'every account loaded from the real server',
    );
  };

  before(() => {
    const f = real().api.features['accounts'] as AccountsFeature | undefined;
    assert.ok(f, 'exports.features.accounts');
    accounts = f;
  });
  afterEach(async () => {
    await resetSettings('ledgerLens.accounts', 'ledgerLens.transactions.limit');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('the sidebar shows five accounts as the real server has them: balance, or none', async () => {
    await configure(['0.0.3', '0.0.7', { id: '0.0.8', label: 'Fee account' }, '9', '0.0.98']);
    const roots = await items();
    assert.deepStrictEqual(
      roots.map(r => [label(r.item), r.item.description]),
      [
        ['0.0.3', 'no balance'],
        ['0.0.7', 'no balance'],
        ['Fee account', '0.00000080 ℏ'],
        ['9', 'deleted · no balance'],
        ['0.0.98', 'no balance'],
      ],
    );
    // The same facts as the server's own JSON, read beside the extension.
    const own = JSON.parse((await fetchReal(real().url, '/api/v1/accounts/0.0.8')).text) as {
      balance: { balance: number };
    };
    assert.strictEqual(own.balance.balance, 80);
    const nine = JSON.parse((await fetchReal(real().url, '/api/v1/accounts/9')).text) as { deleted: boolean };
    assert.strictEqual(nine.deleted, true);
    assert.strictEqual(accounts.treeView.description, new URL(real().url).host);
  });

  it("an account's token balances and transactions, from one request to the real server", async () => {
    await configure(['0.0.8']);
    const [eight] = accounts.store.accounts;
    const sections = await items(eight);
    assert.deepStrictEqual(
      sections.map(s => label(s.item)),
      ['Details', 'Tokens', 'NFTs', 'Recent transactions'],
    );
    const section = (name: string) => sections.find(s => label(s.item) === name)!.node;
    const tokens = await items(section('Tokens'));
    const tokenText = tokens.map(t => `${label(t.item)} ${String(t.item.description ?? '')}`);
    // TODO(token units, another helper): expect the balances in the tokens' units once the
    // Tokens section reads their decimals; the raw balances of the spec are 8 and 88.
    assert.strictEqual(tokens.length, 2, tokenText.join(' | '));
    assert.ok(tokenText[0].includes('0.0.99998') && /\b8\b/.test(tokenText[0]), tokenText[0]);
    assert.ok(tokenText[1].includes('0.0.99999') && /\b88\b/.test(tokenText[1]), tokenText[1]);
    const txs = await items(section('Recent transactions'));
    const own = JSON.parse((await fetchReal(real().url, '/api/v1/accounts/0.0.8')).text) as {
      transactions: { name: string; result: string }[];
    };
    assert.deepStrictEqual(
      txs.map(t => label(t.item)),
      own.transactions.map(t => `${t.name} · ${t.result}`),
    );
    assert.deepStrictEqual(
      txs.map(t => label(t.item)),
      [
        'CRYPTOTRANSFER · SUCCESS',
        'CRYPTOUPDATEACCOUNT · SUCCESS',
        'CRYPTOTRANSFER · SUCCESS',
        'CRYPTOTRANSFER · SUCCESS',
      ],
    );
    const rows = await items(txs[0].node);
    assert.ok(
      rows.some(r => label(r.item) === 'Transaction ID' && r.item.description === '0.0.800-1234567890-000000015'),
      JSON.stringify(rows.map(r => [label(r.item), r.item.description])),
    );
  });

  it('hovers: an id, its EVM address and its alias reach the same account; a missing one says not found', async () => {
    const byId = await hover('const fee = "0.0.8";\n', '0.0.8');
    assert.match(byId, /\*\*Account\*\* `0\.0\.8`/);
    assert.ok(byId.includes('Balance: **0.00000080 ℏ**'), byId);
    assert.ok(byId.includes('`0xac384c53f03855fa1b3616052f8ba32c6c2a2fec`'), byId);
    const byEvm = await hover('owner = 0xac384c53f03855fa1b3616052f8ba32c6c2a2fec;\n', '0xac384c', 10);
    assert.match(byEvm, /\*\*Account\*\* `0\.0\.8`/);
    const seven = await hover('const a = "0.0.7";\n', '0.0.7');
    assert.match(seven, /\*\*Account\*\* `0\.0\.7`/);
    assert.doesNotMatch(seven, /Balance: \*\*0\.00000000/, 'a null balance is not shown as zero');
    const longZero = await hover('to = 0x0000000000000000000000000000000000000062;\n', '0x0000', 20);
    assert.match(longZero, /\*\*Account\*\* `0\.0\.98`/);
    const missing = await hover('const b = "0.0.4242";\n', '0.0.4242');
    assert.match(missing, /not found on/);
  });

  it("Load more follows the real server's links.next until the account's last transaction", async () => {
    await setSetting('ledgerLens.transactions.limit', 2);
    await configure(['0.0.98']);
    const [acct] = accounts.store.accounts;
    const section = (await items(acct)).find(s => label(s.item) === 'Recent transactions');
    assert.ok(section, 'a Recent transactions section');
    let txs = await items(section.node);
    assert.strictEqual(txs.length, 3, 'two transactions and Load more');
    assert.strictEqual(label(txs.at(-1)!.item), 'Load more', 'the server gave a next link for limit=2');
    // The server links a next page while a page is full: the second page (the last two) links a
    // third, empty one, after which there is no link and no Load more.
    const counts: number[] = [];
    for (let i = 0; i < 4 && label(txs.at(-1)!.item) === 'Load more'; i++) {
      counts.push(await vscode.commands.executeCommand<number>('ledgerLens.loadMore', txs.at(-1)!.node));
      txs = await items(section.node);
    }
    assert.deepStrictEqual(counts, [4, 4]);
    const ids = async (n: (typeof txs)[number]) =>
      (await items(n.node)).find(r => label(r.item) === 'Transaction ID')?.item.description;
    const shown = await Promise.all(txs.filter(t => label(t.item) !== 'Load more').map(ids));
    const own = JSON.parse((await fetchReal(real().url, '/api/v1/accounts/0.0.98')).text) as {
      transactions: { transaction_id: string }[];
    };
    assert.deepStrictEqual(
      shown,
      own.transactions.map(t => t.transaction_id),
    );
    assert.deepStrictEqual(shown, [
      '0.0.800-1234567890-000000016',
      '0.0.800-1234567890-000000015',
      '0.0.8-1234567890-000000004',
      '0.0.7-1234567890-000000000',
    ]);
    assert.ok(!txs.some(t => label(t.item) === 'Load more'), 'no Load more after the last page');
  });

  it("a transaction type this server version does not know: its 400 in the server's own words", async () => {
    await configure(['0.0.8']);
    const [eight] = accounts.store.accounts;
    const raw = await fetchReal(real().url, '/api/v1/accounts/0.0.8?transactiontype=HOOKSTORE');
    assert.strictEqual(raw.status, 400);
    assert.ok(raw.text.includes('Invalid parameter: transactiontype'), raw.text);
    await vscode.commands.executeCommand('ledgerLens.filterTransactionType', eight, 'HOOKSTORE');
    await waitFor(() => !eight.loading, 15_000, 'the filtered load settled');
    // Wherever the view puts it (the account's line, a section, a message under it): every text.
    const shown: string[] = [];
    const collect = async (node: AccountsNode | undefined, depth: number): Promise<void> => {
      for (const c of await items(node)) {
        shown.push(label(c.item), String(c.item.description ?? ''));
        if (depth > 0 && c.item.collapsibleState !== vscode.TreeItemCollapsibleState.None)
          await collect(c.node, depth - 1);
      }
    };
    await collect(undefined, 2);
    assert.ok(
      shown.some(t => t.includes('Invalid parameter: transactiontype')),
      `the server's message is shown verbatim: ${JSON.stringify(shown)}`,
    );
  });
});

describe('real mirror node: tokens (set "tokens")', () => {
  const real = useRealSet('tokens');

  it('the hover of a token id: its metadata as the server holds it', async () => {
    const own = JSON.parse((await fetchReal(real().url, '/api/v1/tokens/0.0.1135')).text) as {
      symbol: string;
      decimals: string;
      name: string;
    };
    assert.strictEqual(own.symbol, 'ORIGINALRDKSE');
    const text = await hover('const token = "0.0.1135";\n', '0.0.1135');
    assert.match(text, /\*\*Token\*\* `0\.0\.1135`/);
    assert.ok(text.includes(`Symbol: ${own.symbol}`), text);
    assert.ok(text.includes(`Decimals: ${own.decimals}`), text);
  });

  // TODO(token units, being built by another helper): load accounts/{id}/tokens/no-params.json
  // (0.0.1001 holds 15 of 0.0.1135 with 1 decimal, 0 of 0.0.45678 with 2) as a set of its own and
  // expect "1.5" and "0.00" in the Tokens section and the hover once they read the decimals.
  it('token balances in the units of their decimals (pending: token units)');
  // TODO(NFTs, another helper): no NFT set is loaded yet (accounts/{id}/nfts/no-params.json fits).
  it('an account’s NFTs (pending: NFTs)');
});
