// Accounts on the real mirror node (set "accounts": rest/__tests__/specs/accounts/{id}/no-params.json
// loaded into PostgreSQL, served by the unmodified REST server): the sidebar and the hover for five
// accounts, the token balances, Load more over the server's own links.next, and a 400 the server
// makes for a filter this version does not know, shown in its own words.
import * as assert from 'assert';
import { transactionTypeWords } from '../../../src/present/transactionTypes';
import * as vscode from 'vscode';
import type { AccountsFeature } from '../../../src/features/accounts';
import type { AccountsNode } from '../../../src/features/accounts/store';
import { resetSettings, setSetting, waitFor } from '../../integration/helpers';
import { NFT_PAGE } from '../../../src/features/accounts/nftList';
import { fetchReal, useRealSet } from '../helpers';
import { NFT_COLLECTION } from '../own/nftCollection';

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

/** The Accounts view of the extension `real()` runs: its rows, and the accounts it lists. */
function accountsView(real: ReturnType<typeof useRealSet>) {
  const feature = (): AccountsFeature => {
    const f = real().api.features['accounts'] as AccountsFeature | undefined;
    assert.ok(f, 'exports.features.accounts');
    return f;
  };
  const items = async (node?: AccountsNode) => {
    const { provider } = feature();
    return (await provider.getChildren(node)).map(c => ({ node: c, item: provider.getTreeItem(c) }));
  };
  const configure = async (value: unknown[]): Promise<void> => {
    const { store } = feature();
    await setSetting('ledgerLens.accounts', value);
    await waitFor(() => store.accounts.length === value.length, 5000, `${value.length} accounts listed`);
    await items();
    await waitFor(
      () => store.accounts.every(a => (!a.loading && a.status !== 'idle') || !a.check.ok),
      15_000,
      'every account loaded from the real server',
    );
  };
  /** The named section of the first account listed. */
  const section = async (name: string): Promise<AccountsNode> => {
    const found = (await items(feature().store.accounts[0])).find(s => label(s.item) === name);
    assert.ok(found, `a ${name} section`);
    return found.node;
  };
  afterEach(async () => {
    await resetSettings('ledgerLens.accounts', 'ledgerLens.transactions.limit');
  });
  return { feature, items, configure, section };
}

describe('real mirror node: accounts', () => {
  const real = useRealSet('accounts');
  const { feature, items, configure, section: sectionOf } = accountsView(real);
  let accounts: AccountsFeature;

  before(() => {
    accounts = feature();
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
    // The spec's tokens 0.0.99998 and 0.0.99999 have no `token` rows: the server answers 404 for
    // their metadata, so the rows keep the raw balances of the spec (8 and 88) and say why.
    const tokenText = await waitFor(
      async () => {
        const texts = (await items(section('Tokens'))).map(t => `${label(t.item)} ${String(t.item.description ?? '')}`);
        return texts.every(t => t.includes('token not found on this network')) ? texts : undefined;
      },
      15_000,
      'the Tokens rows with the answers to their metadata',
    );
    assert.strictEqual(tokenText.length, 2, tokenText.join(' | '));
    assert.ok(tokenText[0].includes('0.0.99998') && /\b8\b/.test(tokenText[0]), tokenText[0]);
    assert.ok(tokenText[1].includes('0.0.99999') && /\b88\b/.test(tokenText[1]), tokenText[1]);
    const txs = await items(section('Recent transactions'));
    const own = JSON.parse((await fetchReal(real().url, '/api/v1/accounts/0.0.8')).text) as {
      transactions: { name: string; result: string }[];
    };
    // Each row: the type in words; the wire name and the result code the server gave in its tooltip.
    assert.deepStrictEqual(
      txs.map(t => label(t.item)),
      own.transactions.map(t => transactionTypeWords(t.name)),
    );
    assert.deepStrictEqual(
      txs.map(t => label(t.item)),
      ['Crypto transfer', 'Crypto update account', 'Crypto transfer', 'Crypto transfer'],
    );
    const { provider } = feature();
    txs.forEach((t, i) => {
      // Built on hover (resolveTreeItem), as VS Code asks for it.
      const tip = provider.resolveTreeItem(t.item, t.node).tooltip;
      const text = typeof tip === 'string' ? tip : (tip?.value ?? '');
      const served = own.transactions[i];
      assert.ok(
        text.includes(served.name) && text.includes(served.result),
        `${served.name} ${served.result} in ${text}`,
      );
    });
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

  it('token balances in the units of the decimals the real server gives each token (0.0.1001)', async () => {
    await configure(['0.0.1001']);
    const own = await Promise.all(
      ['0.0.1135', '0.0.45678'].map(
        async id =>
          JSON.parse((await fetchReal(real().url, `/api/v1/tokens/${id}`)).text) as {
            decimals: string;
            symbol: string;
          },
      ),
    );
    assert.deepStrictEqual(
      own.map(t => [t.decimals, t.symbol]),
      [
        ['1', 'ORIGINALRDKSE'],
        ['2', 'HEDERACOIN'],
      ],
    );
    const balances = JSON.parse((await fetchReal(real().url, '/api/v1/accounts/0.0.1001')).text) as {
      balance: { tokens: { token_id: string; balance: number }[] };
    };
    assert.deepStrictEqual(
      balances.balance.tokens.map(t => [t.token_id, t.balance]),
      [
        ['0.0.1135', 15],
        ['0.0.45678', 0],
      ],
    );
    const tokens = await sectionOf('Tokens');
    const rows = await waitFor(
      async () => {
        const r = await items(tokens);
        return r.every(t => !String(t.item.description ?? '').includes('loading')) ? r : undefined;
      },
      15_000,
      'the Tokens rows in units',
    );
    assert.deepStrictEqual(
      rows.map(r => [label(r.item), r.item.description]),
      [
        ['1.5 ORIGINALRDKSE', '0.0.1135'],
        ['0 HEDERACOIN', '0.0.45678'],
      ],
    );
    const tooltip = accounts.provider.resolveTreeItem(rows[0].item, rows[0].node).tooltip;
    const text = tooltip instanceof vscode.MarkdownString ? tooltip.value : String(tooltip);
    assert.ok(text.includes('Raw amount: `15`') && text.includes('Decimals: 1'), text);
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

  describe('NFTs in the Accounts view', () => {
    const { items, configure, section } = accountsView(real);
    const nftRows = async (): Promise<{ label: string; description: string }[]> =>
      (await items(await section('NFTs'))).map(r => ({
        label: label(r.item),
        description: String(r.item.description ?? ''),
      }));
    /** The rows once every token name the server has is in (a row says the token id until then). */
    const named = (expect: (rows: { label: string }[]) => boolean) =>
      waitFor(
        async () => {
          const rows = await nftRows();
          return expect(rows) ? rows : undefined;
        },
        15_000,
        'the NFT rows with their token names',
      );

    after(async () => {
      await vscode.commands.executeCommand('workbench.view.explorer');
    });

    it("0.0.1001's NFTs (the spec's): token name and serial as the real server lists them", async () => {
      const own = JSON.parse((await fetchReal(real().url, '/api/v1/accounts/0.0.1001/nfts?limit=25')).text) as {
        nfts: { token_id: string; serial_number: number; deleted: boolean }[];
        links: { next: string | null };
      };
      assert.strictEqual(own.links.next, null);
      const names = new Map<string, string>();
      for (const id of new Set(own.nfts.map(n => n.token_id)))
        names.set(
          id,
          (JSON.parse((await fetchReal(real().url, `/api/v1/tokens/${id}`)).text) as { name: string }).name,
        );
      await configure(['0.0.1001']);
      const rows = await named(r => r.length === own.nfts.length && !r.some(x => x.label.startsWith('0.0.')));
      assert.deepStrictEqual(
        rows.map(r => r.label),
        own.nfts.map(n => `${names.get(n.token_id)} #${n.serial_number}`),
      );
      assert.deepStrictEqual(
        rows.map(r => r.label),
        ['Token name #4', 'Token name #1', 'Token name #3', 'Token name #1'],
      );
      // Metadata is bytes (base64 on the wire): the spec's are the texts "d1", "s1", "m3", "m1".
      assert.deepStrictEqual(
        rows.map(r => r.description),
        ['d1', 's1', 'm3', 'm1'],
      );
    });

    it("0.0.4001's NFTs (ours): a page, then Load more over the real server's links.next", async () => {
      await configure([NFT_COLLECTION.owner]);
      let rows = await named(r => r.length > 0 && !r[0].label.startsWith('0.0.'));
      assert.strictEqual(rows.length, NFT_PAGE + 1, 'a page of NFTs and Load more');
      assert.strictEqual(rows.at(-1)?.label, 'Load more');
      assert.deepStrictEqual(rows[0], {
        label: `${NFT_COLLECTION.name} #${NFT_COLLECTION.count}`,
        description: NFT_COLLECTION.metadata(NFT_COLLECTION.count),
      });
      const more = (await items(await section('NFTs'))).at(-1);
      assert.ok(more);
      const shown = await vscode.commands.executeCommand<number>('ledgerLens.loadMore', more.node);
      assert.strictEqual(shown, NFT_COLLECTION.count);
      rows = await nftRows();
      assert.deepStrictEqual(
        rows.map(r => r.label),
        Array.from({ length: NFT_COLLECTION.count }, (_, i) => `${NFT_COLLECTION.name} #${NFT_COLLECTION.count - i}`),
        'every NFT once, newest serial first, and no Load more after the last page',
      );
    });
  });
});
