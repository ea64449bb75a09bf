// The Tokens and NFTs sections against the loopback mirror node with the issue-14 fixtures: an
// account with 1,000 balances asks the metadata of the rows shown only (first rows first, at most
// the cap in flight), rows read in units once answers land (one refresh per batch), the NFTs
// section pages with Load more and shows metadata as text.
import * as assert from 'assert';
import { createMirrorClient, TokenMetadata, type MirrorClient } from '../../../src/mirror';
import {
  AccountsStore,
  TOKEN_PAGE,
  type AccountNode,
  type AccountsNode,
  type SectionNode,
} from '../../../src/features/accounts/store';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';
import {
  NFT_METADATA,
  NFT_NAME,
  SPECIAL,
  TOKEN_ACCOUNT,
  tokenIdAt,
  tokenRequests,
  tokenSpecs,
  tokenWorld,
} from '../../support/tokenFixtures';

const labels = (nodes: readonly AccountsNode[]) => nodes.map(n => n.item().label);

describe('accounts: Tokens and NFTs sections (1,000 balances)', function () {
  this.timeout(20_000);
  let replay: MirrorReplay;
  let client: MirrorClient;
  let tokens: TokenMetadata;
  let store: AccountsStore;
  let changes: (AccountsNode | undefined)[];

  before(async () => {
    replay = await startMirrorReplay({ extraRecords: tokenWorld() });
  });
  after(async () => {
    await replay.close();
  });
  beforeEach(() => {
    replay.resetRequests();
    client = createMirrorClient({ baseUrl: replay.url, retries: 0, maxRequestsPerSecond: 10_000 });
    tokens = new TokenMetadata(client, { maxInFlight: 4 });
    changes = [];
    store = new AccountsStore({
      client: () => client,
      settings: () => ({ network: 'testnet', networkLabel: 'replay', transactionsLimit: 25 }),
      changed: n => changes.push(n),
      tokens: () => tokens,
    });
    store.setConfigured([{ id: TOKEN_ACCOUNT }]);
  });
  afterEach(() => {
    store.dispose();
    client.dispose();
  });

  async function sections(): Promise<SectionNode[]> {
    const [account] = (await store.children(undefined)) as AccountNode[];
    await account.loading;
    return (await store.children(account)) as SectionNode[];
  }

  it('asks the rows shown only, each once, never above the cap; rows read in units, raw with the reason otherwise', async () => {
    const [, tokenSection] = await sections();
    assert.strictEqual(tokenRequests(replay.requests.map(r => r.url)).length, 0, 'listing asks no token');
    const first = await store.children(tokenSection);
    assert.strictEqual(first.length, TOKEN_PAGE + 1);
    // every row of the page answered, then the section refreshed (one refresh per batch)
    await Promise.all(Array.from({ length: TOKEN_PAGE }, (_, i) => tokens.get(tokenIdAt(i))));
    await new Promise(r => setTimeout(r, 100));
    const asked = tokenRequests(replay.requests.map(r => r.url));
    assert.strictEqual(asked.length, TOKEN_PAGE, 'one request per row shown');
    assert.strictEqual(new Set(asked).size, TOKEN_PAGE);
    assert.ok(tokens.stats.peakInFlight <= 4, `peak ${tokens.stats.peakInFlight}`);
    assert.ok(
      asked.slice(0, 25).every(u => Number(u.split('.').pop()) < 600_025),
      'the first rows went first',
    );
    const sectionRefreshes = changes.filter(c => c === tokenSection).length;
    assert.ok(sectionRefreshes >= 1 && sectionRefreshes < 15, `${sectionRefreshes} refreshes`);

    const rows = await store.children(tokenSection);
    const specs = tokenSpecs();
    for (const i of [SPECIAL.usdc, SPECIAL.wide, SPECIAL.whole, SPECIAL.evm, SPECIAL.eight])
      assert.strictEqual(rows[i].item().label, specs[i].shown);
    assert.strictEqual(rows[SPECIAL.usdc].item().description, '0.0.600000');
    assert.match(rows[SPECIAL.usdc].tooltip() ?? '', /Raw amount: `1,500,250,000`/);
    assert.strictEqual((rows[SPECIAL.usdc] as unknown as { copyText: string }).copyText, '1500250000');
    assert.strictEqual(rows[SPECIAL.gone].item().label, '42');
    assert.match(rows[SPECIAL.gone].item().description ?? '', /not found/);
    assert.match(rows[SPECIAL.badDecimals].item().description ?? '', /decimals "-1" unusable/);
    assert.strictEqual(rows[SPECIAL.hostile].item().label, '7 <img src=x onerror=alert…');
    assert.ok(!(rows[SPECIAL.hostile].tooltip() ?? '').includes('<img'), 'escaped in Markdown');
    // rows again: nothing new asked
    await store.children(tokenSection);
    assert.strictEqual(tokenRequests(replay.requests.map(r => r.url)).length, TOKEN_PAGE);

    // Load more: one more page, its rows asked
    const account = tokenSection.parent;
    store.tokenWork.showMore(account);
    const more = await store.children(tokenSection);
    assert.strictEqual(more.length, 2 * TOKEN_PAGE + 1);
    await Promise.all(Array.from({ length: TOKEN_PAGE }, (_, i) => tokens.get(tokenIdAt(TOKEN_PAGE + i))));
    assert.strictEqual(tokenRequests(replay.requests.map(r => r.url)).length, 2 * TOKEN_PAGE);
  });

  it('the NFTs section: name #serial, metadata as text, Load more through links.next, no URL fetched', async () => {
    const [, , nftSection] = await sections();
    assert.strictEqual(nftSection.item().label, 'NFTs');
    const rows = await store.children(nftSection);
    assert.strictEqual(rows.length, 5);
    await tokens.get('0.0.700000');
    const named = await store.children(nftSection);
    assert.deepStrictEqual(labels(named).slice(0, 4), [
      `${NFT_NAME} #7`,
      `${NFT_NAME} #8`,
      `${NFT_NAME} #9`,
      `${NFT_NAME} #10`,
    ]);
    assert.deepStrictEqual(
      named.slice(0, 3).map(n => n.item().description),
      [NFT_METADATA.ipfs, NFT_METADATA.https, NFT_METADATA.text],
    );
    assert.match(named[3].item().description ?? '', /^0x009f9296ff/);
    assert.match(named[0].tooltip() ?? '', /a link, shown, not opened/);
    assert.strictEqual(named[4].item().label, 'Load more');
    assert.strictEqual(nftSection.item().description, '4+');
    await store.tokenWork.loadNfts(nftSection.parent);
    const all = await store.children(nftSection);
    assert.strictEqual(all.length, 5, 'four, then one more, no Load more');
    assert.match(all[4].item().label, /#1$/);
    const urls = replay.requests.map(r => r.url);
    assert.deepStrictEqual(
      urls.filter(u => u.includes('/nfts')),
      [
        `/api/v1/accounts/${TOKEN_ACCOUNT}/nfts?limit=25`,
        `/api/v1/accounts/${TOKEN_ACCOUNT}/nfts?limit=25&token.id=lt:0.0.700000`,
      ],
    );
    assert.ok(!urls.some(u => u.includes('bafy') || u.includes('cats')));
  });
});

describe('accounts: transactions oldest first (order=asc, a seed parameter no UI reached)', function () {
  this.timeout(20_000);
  it('asks order=asc, says so on the section, and back to newest first', async () => {
    const replay = await startMirrorReplay({ port: 0 });
    const client = createMirrorClient({ baseUrl: replay.url, retries: 0 });
    const store = new AccountsStore({
      client: () => client,
      settings: () => ({ network: 'testnet', networkLabel: 'replay', transactionsLimit: 25 }),
      changed: () => undefined,
    });
    try {
      store.setConfigured([{ id: '0.0.8' }]);
      const [account] = (await store.children(undefined)) as AccountNode[];
      await account.loading;
      replay.resetRequests();
      await store.setOldestFirst(account, true);
      assert.deepStrictEqual(
        replay.requests.map(r => r.url),
        ['/api/v1/accounts/0.0.8?order=asc'],
      );
      assert.match(account.transactions.item().description ?? '', /oldest first/);
      await store.setOldestFirst(account, false);
      // newest first again: the server's default query (answered from the cache of the first load)
      assert.ok(
        replay.requests.every(r => r.url === '/api/v1/accounts/0.0.8?order=asc' || r.url === '/api/v1/accounts/0.0.8'),
      );
      assert.strictEqual(account.queryKey, '{}');
      assert.doesNotMatch(account.transactions.item().description ?? '', /oldest first/);
    } finally {
      store.dispose();
      client.dispose();
      await replay.close();
    }
  });
});
