// Tokens, NFTs and dollars in a real extension host against the loopback mirror node:
// an account with 1,000 token balances expands without 1,000 token requests (the visible rows and
// a constant, never above the in-flight cap), its rows read `<units> <symbol>` with the raw amount
// kept for the tooltip and copy, its NFTs section shows `name #serial` and the metadata as text
// (never fetched); a looked-up transaction shows token transfers in units, NFT transfers by name
// and its fee in dollars at the rate of its own consensus time (one rate request per period).
// The extension runs from dist/, so its classes are not this file's: nodes are used structurally.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { LedgerLensExports } from '../../../src/features/context';
import type { AccountsFeature } from '../../../src/features/accounts';
import type { AccountsNode } from '../../../src/features/accounts/store';
import type { TransactionsFeature } from '../../../src/features/transactions';
import type { LookupOutcome } from '../../../src/features/transactions/lookup';
import type { DetailSection, DetailView } from '../../../webview/protocol';
import {
  NFT_METADATA,
  NFT_NAME,
  SPECIAL,
  TOKEN_ACCOUNT,
  TX_A,
  TX_B,
  tokenIdAt,
  tokenRequests,
  tokenWorld,
} from '../../support/tokenFixtures';
import { activateLedgerLens, resetSettings, setSetting, useReplay, waitFor } from '../helpers';

/** Rows the Tokens section shows before Load more (the accounts feature's page). */
const TOKEN_PAGE = 50;
/** Token requests allowed beyond the rows shown (the NFT section's collection, a hover...). */
const CONSTANT = 4;
/** TokenMetadata's in-flight cap. */
const CAP = 4;

function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

function field(section: DetailSection, name: string): { value: string; note?: string } | undefined {
  return section.fields.find(f => f.label === name);
}

function loaded(outcome: LookupOutcome | undefined): Extract<DetailView, { status: 'loaded' }> {
  assert.ok(outcome, 'the command returned an outcome');
  assert.strictEqual(outcome.kind, 'shown', JSON.stringify(outcome));
  assert.strictEqual(outcome.view.status, 'loaded');
  return outcome.view;
}

describe('tokens, NFTs and dollars', () => {
  const replay = useReplay();
  let api: LedgerLensExports;
  let accounts: AccountsFeature;

  const items = async (node?: AccountsNode) => {
    const children = await accounts.provider.getChildren(node);
    return children.map(c => ({ node: c, item: accounts.provider.getTreeItem(c) }));
  };
  const sectionsOf = async () => {
    await setSetting('ledgerLens.accounts', [{ id: TOKEN_ACCOUNT, label: 'Token holder' }]);
    await waitFor(() => accounts.store.accounts.length === 1, 5000, 'the account listed');
    await items();
    await waitFor(() => accounts.store.accounts[0].status === 'loaded', 10_000, 'the account loaded');
    const [account] = await items();
    return items(account.node);
  };
  const tokenUrls = () => tokenRequests(replay().mirror.requests.map(r => r.url));
  const rateUrls = () =>
    replay()
      .mirror.requests.map(r => r.url)
      .filter(u => u.startsWith('/api/v1/network/exchangerate'));

  before(async () => {
    api = await activateLedgerLens();
    const f = api.features['accounts'] as AccountsFeature | undefined;
    assert.ok(f, 'exports.features.accounts');
    accounts = f;
  });
  beforeEach(() => {
    replay().mirror.addRecords(tokenWorld());
    replay().mirror.resetRequests();
  });
  afterEach(async () => {
    await resetSettings('ledgerLens.accounts', 'ledgerLens.fiat.enabled');
    const t = api.features['transactions'] as TransactionsFeature | undefined;
    for (const p of t?.panels.open ?? []) p.dispose();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('1,000 balances: token requests stay within the rows shown + a constant and the cap; rows read in units', async () => {
    const sections = await sectionsOf();
    assert.deepStrictEqual(
      sections.map(s => label(s.item)),
      ['Details', 'Tokens', 'NFTs', 'Recent transactions'],
    );
    assert.strictEqual(tokenUrls().length, 0, 'listing the account asks no token');
    const rows = await items(sections[1].node);
    assert.strictEqual(rows.length, TOKEN_PAGE + 1, 'a page of rows and Load more');
    assert.match(label(rows[TOKEN_PAGE].item), /Load more/);
    await waitFor(
      async () => label((await items(sections[1].node))[SPECIAL.usdc].item) === '1,500.25 USDC',
      15_000,
      'the first row in units',
    );
    // Let every request the page caused finish, then count them.
    const usdc = await waitFor(
      async () => {
        const again = await items(sections[1].node);
        return again.slice(0, TOKEN_PAGE).every(r => !/loading/.test(String(r.item.description))) ? again : undefined;
      },
      15_000,
      'the shown rows settled',
    );
    const asked = tokenUrls();
    assert.ok(asked.length <= TOKEN_PAGE + CONSTANT, `${asked.length} token requests for ${TOKEN_PAGE} rows`);
    assert.ok(asked.length >= 10, 'the rows shown were asked for');
    assert.ok(!asked.includes(`/api/v1/tokens/${tokenIdAt(999)}`), 'no request for a row not shown');
    assert.strictEqual(new Set(asked).size, asked.length, 'each token asked once');
    const stats = accounts.tokenStats();
    assert.ok(stats.peakInFlight <= CAP, `peak ${stats.peakInFlight} in flight`);

    const first = usdc[SPECIAL.usdc];
    assert.strictEqual(first.item.description, tokenIdAt(SPECIAL.usdc));
    const resolved = accounts.provider.resolveTreeItem(first.item, first.node);
    assert.ok(resolved.tooltip instanceof vscode.MarkdownString);
    assert.strictEqual(resolved.tooltip.isTrusted, false);
    assert.match(resolved.tooltip.value, /1,500,250,000/, 'the raw amount in the tooltip');
    assert.match(resolved.tooltip.value, /`0\.0\.600000`/);
    assert.strictEqual((first.node as { copyText?: string }).copyText, '1500250000', 'copy gives the raw integer');

    assert.strictEqual(label(usdc[SPECIAL.wide].item), '0.000000000001234567890123456789 WIDE');
    assert.strictEqual(label(usdc[SPECIAL.whole].item), '1,000,000 WHOLE');
    assert.strictEqual(label(usdc[SPECIAL.evm].item), '2.5 WETH');
    // a deleted token (404) and unusable decimals: the raw amount, with the reason
    assert.strictEqual(label(usdc[SPECIAL.gone].item), '42');
    const gone = accounts.provider.resolveTreeItem(usdc[SPECIAL.gone].item, usdc[SPECIAL.gone].node);
    assert.match((gone.tooltip as vscode.MarkdownString).value, /not found/);
    assert.strictEqual(label(usdc[SPECIAL.badDecimals].item), '1,234');
    // a hostile symbol: cut, the bidi control shown, the HTML inert text
    const hostile = label(usdc[SPECIAL.hostile].item);
    assert.strictEqual(hostile, '7 <img src=x onerror=alert…');
    const ht = accounts.provider.resolveTreeItem(usdc[SPECIAL.hostile].item, usdc[SPECIAL.hostile].node);
    const md = (ht.tooltip as vscode.MarkdownString).value;
    assert.ok(!md.includes('<img'), 'HTML escaped in the tooltip');
    assert.ok(!md.includes('\u202E'), 'no live bidi control');
    assert.ok(md.length < 5000, 'the 10 KB symbol is cut');
  });

  it('the NFTs section: name #serial, metadata as text, Load more, no metadata URL fetched', async () => {
    const sections = await sectionsOf();
    const nftSection = sections.find(s => label(s.item) === 'NFTs');
    assert.ok(nftSection);
    const rows = await waitFor(
      async () => {
        const r = await items(nftSection.node);
        return r.length >= 5 && label(r[0].item) === `${NFT_NAME} #7` ? r : undefined;
      },
      15_000,
      'the NFTs listed by name',
    );
    assert.strictEqual(rows[0].item.description, NFT_METADATA.ipfs);
    assert.strictEqual(rows[1].item.description, NFT_METADATA.https);
    assert.strictEqual(rows[2].item.description, NFT_METADATA.text);
    assert.match(String(rows[3].item.description), /^0x009f9296ff/);
    const more = rows[rows.length - 1];
    assert.match(label(more.item), /Load more/);
    await vscode.commands.executeCommand('ledgerLens.loadMore', more.node);
    await waitFor(async () => (await items(nftSection.node)).some(r => /#1$/.test(label(r.item))), 10_000, 'page 2');
    const urls = replay().mirror.requests.map(r => r.url);
    assert.ok(!urls.some(u => u.includes('bafy') || u.includes('cats')), 'metadata URLs are shown, never fetched');
  });

  it('a transaction’s fee in dollars at its own consensus time; token transfers in units; NFT by name', async () => {
    const lookup = (arg: string) => vscode.commands.executeCommand<LookupOutcome>('ledgerLens.lookupTransaction', arg);
    const a = loaded(await lookup(TX_A.id)).sections[0];
    const feeA = field(a, 'Fee charged') ?? field(a, 'Charged fee') ?? field(a, 'Fee');
    assert.ok(feeA, JSON.stringify(a.fields.map(f => f.label)));
    assert.ok(`${feeA.value} ${feeA.note ?? ''}`.includes(TX_A.feeUsd), JSON.stringify(feeA));
    const tokenTable = a.tables.find(t => /Token transfers/.test(t.title));
    assert.ok(tokenTable);
    const cells = tokenTable.rows.flat().map(c => c.text);
    assert.ok(cells.includes('-1,500.25 USDC'), JSON.stringify(cells));
    assert.ok(cells.includes('+1,500.25 USDC'), JSON.stringify(cells));
    const nftTable = a.tables.find(t => /NFT transfers/.test(t.title));
    assert.ok(nftTable?.rows.flat().some(c => c.text === `${NFT_NAME} #7`));

    const b = loaded(await lookup(TX_B.id)).sections[0];
    const feeB = field(b, 'Fee charged') ?? field(b, 'Charged fee') ?? field(b, 'Fee');
    assert.ok(feeB && `${feeB.value} ${feeB.note ?? ''}`.includes(TX_B.feeUsd), JSON.stringify(feeB));
    assert.deepStrictEqual(rateUrls(), [
      `/api/v1/network/exchangerate?timestamp=${TX_A.consensus}`,
      `/api/v1/network/exchangerate?timestamp=${TX_B.consensus}`,
    ]);
    // the same period again: no new rate request
    loaded(await lookup(TX_A.id));
    assert.strictEqual(rateUrls().length, 2);
  });

  it('ledgerLens.fiat.enabled false: no dollar value and no rate request', async () => {
    await setSetting('ledgerLens.fiat.enabled', false);
    await waitFor(() => api.services.config.current.fiatEnabled === false, 5000, 'the setting read');
    const outcome = await vscode.commands.executeCommand<LookupOutcome>('ledgerLens.lookupTransaction', TX_B.id);
    const s = loaded(outcome).sections[0];
    assert.ok(!JSON.stringify(s).includes('≈ $'));
    assert.strictEqual(rateUrls().length, 0);
  });
});
