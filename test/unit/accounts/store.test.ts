// The Accounts view's nodes and state against the real mirror client and a loopback mirror node
// replaying the recordings (builders add what they lack: a second page, a filter answer).
// Counts requests: one lookup per account, none on expand, one per Load more.
import * as assert from 'assert';
import { createMirrorClient, type MirrorClient } from '../../../src/mirror';
import {
  AccountsStore,
  type AccountNode,
  type AccountsNode,
  type MessageNode,
  type SectionNode,
  type TransactionNode,
} from '../../../src/features/accounts/store';
import type { AccountSetting } from '../../../src/app/settings';
import { anAccount, anErrorBody, aTokenBalance, aTransaction, recordFor } from '../../support/builders';
import type { MirrorReplay } from '../../support/mirrorReplay';
import { replayPerSuite } from '../../support/replayPerSuite';
import { PAGED_ACCOUNT_PAGE2 as PAGE2, pagedAccountRecords } from '../../support/pagedAccount';

interface Harness {
  store: AccountsStore;
  changes: (AccountsNode | undefined)[];
  logs: string[];
  settings: { network: 'testnet' | 'mainnet'; networkLabel: string; transactionsLimit: number };
}

function accountRequests(replay: MirrorReplay): string[] {
  return replay.requests.map(r => r.url).filter(u => u.startsWith('/api/v1/accounts/'));
}

async function settle(store: AccountsStore): Promise<void> {
  await Promise.all(store.accounts.map(a => a.loading ?? Promise.resolve()));
}

function labels(nodes: readonly AccountsNode[]): string[] {
  return nodes.map(n => n.item().label);
}

function pagedAccount(replay: MirrorReplay): void {
  replay.addRecords(
    pagedAccountRecords({
      older: { name: 'TOKENMINT' },
      nextPage: { transaction_id: '0.0.1001-1700000050-000000000', name: 'CRYPTOAPPROVEALLOWANCE' },
    }),
  );
}

describe('accounts store (loopback mirror node)', () => {
  const replay = replayPerSuite();
  let client: MirrorClient;
  let h: Harness;

  beforeEach(() => {
    client = createMirrorClient({ baseUrl: replay().url, retries: 0, timeoutMs: 3000 });
    const settings = { network: 'testnet' as const, networkLabel: `127.0.0.1:${replay().port}`, transactionsLimit: 25 };
    const changes: (AccountsNode | undefined)[] = [];
    const logs: string[] = [];
    h = {
      store: new AccountsStore({
        client: () => client,
        settings: () => h.settings,
        changed: n => changes.push(n),
        log: m => logs.push(m),
      }),
      changes,
      logs,
      settings,
    };
  });
  afterEach(() => {
    h.store.dispose();
    client.dispose();
  });

  function configure(...entries: AccountSetting[]): void {
    h.store.setConfigured(entries);
  }

  it('one lookup per account fills its node; expanding it and every section asks nothing more', async () => {
    configure({ id: '2001', label: 'NFT holder' }, { id: '0.0.8' });
    const roots = await h.store.children(undefined);
    assert.deepStrictEqual(labels(roots), ['NFT holder', '0.0.8']);
    assert.strictEqual(roots[0].item().description, 'loading…');
    await settle(h.store);
    assert.deepStrictEqual(accountRequests(replay()).sort(), ['/api/v1/accounts/0.0.8', '/api/v1/accounts/2001']);

    const holder = roots[0] as AccountNode;
    assert.strictEqual(holder.item().description, '0.00000080 ℏ');
    assert.strictEqual(holder.item().contextValue, 'account:loaded:evm:configured');
    assert.deepStrictEqual(holder.target, {
      kind: 'account',
      id: '0.0.2001',
      evmAddress: '0xac384c53f03855fa1b3616052f8ba32c6c2a2fec',
    });

    const sections = (await h.store.children(holder)) as SectionNode[];
    assert.deepStrictEqual(labels(sections), ['Details', 'Tokens', 'NFTs', 'Recent transactions']);
    assert.strictEqual(sections[3].item().description, '10');
    const details = await h.store.children(sections[0]);
    assert.strictEqual(details[0].item().description, '0.0.2001');
    assert.deepStrictEqual(labels(await h.store.children(sections[1])), ['No token balances']);
    const txs = (await h.store.children(sections[3])) as TransactionNode[];
    assert.strictEqual(txs.length, 10, 'no Load more: the page has no next link');
    assert.strictEqual(txs[0].item().label, 'Token dissociate');
    assert.strictEqual(txs[0].item().icon, 'pass');
    assert.match(txs[0].item().accessibilityLabel ?? '', /^Token dissociate, Success, /);
    // The age from 2009-02-13 23:31:30 UTC to now.
    assert.match(txs[1].item().description ?? '', /^\d+y · -3 tℏ$/);
    assert.deepStrictEqual(txs[0].target, { kind: 'transaction', id: '0.0.8-1234567890-000000020' });
    const txRows = await h.store.children(txs[0]);
    assert.ok(labels(txRows).includes('NFT transfers'));
    const nft = txRows.find(r => r.item().label === 'NFT transfers')!;
    assert.strictEqual((await h.store.children(nft)).length, 1);

    assert.strictEqual(
      accountRequests(replay()).length,
      2,
      'expanding made no request (the NFTs section stays closed)',
    );
  });

  it('an invalid id shows an error node naming the forms, and sends nothing', async () => {
    configure({ id: 'my-treasury' }, { id: '0.0.8' });
    const [bad] = await h.store.children(undefined);
    await settle(h.store);
    const item = bad.item();
    assert.strictEqual(item.label, 'my-treasury');
    assert.strictEqual(item.description, 'not an account id');
    assert.strictEqual(item.icon, 'error');
    assert.match(bad.tooltip()!.replace(/\\(.)/g, '$1'), /account id \(0\.0\.1234/);
    const [message] = await h.store.children(bad);
    assert.match(message.item().description!, /EVM address/);
    assert.deepStrictEqual(accountRequests(replay()), ['/api/v1/accounts/0.0.8']);
  });

  it('a 404 shows the server’s message in the node, the rest keeps working, and Retry asks again', async () => {
    configure({ id: '0.0.7' }, { id: '0.0.8' });
    const [missing, ok] = (await h.store.children(undefined)) as AccountNode[];
    await settle(h.store);
    assert.strictEqual(missing.status, 'failed');
    const item = missing.item();
    assert.strictEqual(item.description, `Not found on 127.0.0.1:${replay().port}: Not found`);
    assert.strictEqual(item.icon, 'question');
    assert.strictEqual(item.contextValue, 'account:failed:configured');
    const [message] = (await h.store.children(missing)) as MessageNode[];
    assert.strictEqual(message.retry, 'account');
    assert.strictEqual(message.item().command?.id, 'ledgerLens.retry');
    assert.strictEqual(ok.status, 'loaded');
    assert.ok(
      h.logs.some(l => l.includes('0.0.7') && l.includes('Not found')),
      'logged',
    );
    await h.store.load(missing, true);
    assert.strictEqual(accountRequests(replay()).filter(u => u === '/api/v1/accounts/0.0.7').length, 2);
  });

  it('a 5xx and a refused connection say what happened, with the server’s words', async () => {
    replay().setFault({ kind: 'serverError', status: 503, message: 'Service Unavailable: maintenance' });
    configure({ id: '0.0.8' });
    const [node] = (await h.store.children(undefined)) as AccountNode[];
    await settle(h.store);
    assert.strictEqual(node.item().description, 'Mirror node error (503): Service Unavailable: maintenance');
    replay().setFault(undefined);
    await h.store.load(node, true);
    assert.strictEqual(node.status, 'loaded');
  });

  it('Load more follows links.next, appends, and disappears at the end', async () => {
    pagedAccount(replay());
    configure({ id: '0.0.1001' });
    const [node] = (await h.store.children(undefined)) as AccountNode[];
    await settle(h.store);
    let txs = await h.store.children(node.transactions);
    assert.deepStrictEqual(labels(txs), ['Crypto transfer', 'Token mint', 'Load more']);
    assert.strictEqual(txs[2].item().command?.id, 'ledgerLens.loadMore');
    await h.store.loadMore(node);
    txs = await h.store.children(node.transactions);
    assert.deepStrictEqual(labels(txs), ['Crypto transfer', 'Token mint', 'Crypto approve allowance']);
    assert.deepStrictEqual(accountRequests(replay()), ['/api/v1/accounts/0.0.1001', PAGE2]);
    assert.ok(h.changes.includes(node.transactions), 'the section was redrawn');
  });

  it('what Load more brought stays loaded when other accounts refresh, and across a refresh of its own', async () => {
    pagedAccount(replay());
    configure({ id: '0.0.1001' }, { id: '2001' });
    const [paged, other] = (await h.store.children(undefined)) as AccountNode[];
    await settle(h.store);
    await h.store.loadMore(paged);
    assert.strictEqual(paged.pager.transactions.length, 3);
    await h.store.load(other, true);
    assert.strictEqual(paged.pager.transactions.length, 3, 'untouched by the other account’s refresh');
    await h.store.refreshAll();
    assert.strictEqual(paged.pager.transactions.length, 3, 'the refreshed first page reaches the loaded ones');
    assert.strictEqual(paged.pager.hasMore, false);
    assert.strictEqual(
      accountRequests(replay()).filter(u => u === '/api/v1/accounts/0.0.1001').length,
      2,
      'refresh bypasses the cache',
    );
  });

  it('a failed Load more shows the message with a retry and keeps the list', async () => {
    pagedAccount(replay());
    configure({ id: '0.0.1001' });
    const [node] = (await h.store.children(undefined)) as AccountNode[];
    await settle(h.store);
    replay().setFault({ kind: 'tooManyRequests', retryAfter: 120, path: /timestamp=lt/ });
    await h.store.loadMore(node);
    const txs = await h.store.children(node.transactions);
    assert.strictEqual(txs.length, 3);
    const last = txs[2] as MessageNode;
    assert.strictEqual(last.retry, 'loadMore');
    assert.match(last.item().label, /Rate limited \(429\)/);
  });

  it('the type filter and the as-of view each ask once, with the seed’s parameters', async () => {
    replay().addRecords([
      recordFor('/api/v1/accounts/0.0.1001', anAccount()),
      recordFor(
        '/api/v1/accounts/0.0.1001?transactiontype=TOKENMINT',
        anAccount({ transactions: [aTransaction({ name: 'TOKENMINT' })] }),
      ),
    ]);
    configure({ id: '0.0.1001' }, { id: '0.0.8' });
    const [node, eight] = (await h.store.children(undefined)) as AccountNode[];
    await settle(h.store);
    await h.store.setFilter(node, 'TOKENMINT');
    assert.strictEqual(node.transactions.item().description, '1 · Token mint');
    assert.deepStrictEqual(labels(await h.store.children(node.transactions)), ['Token mint']);

    await h.store.setAsOf(eight, '1234567890.000000006');
    assert.ok(
      accountRequests(replay()).includes('/api/v1/accounts/0.0.8?timestamp=lte%3A1234567890.000000006') ||
        accountRequests(replay()).includes('/api/v1/accounts/0.0.8?timestamp=lte:1234567890.000000006'),
    );
    assert.strictEqual(eight.status, 'loaded');
    assert.match(eight.item().description!, /as of 2009-02-13 23:31:30 UTC/);
    const children = await h.store.children(eight);
    assert.match(children[0].item().description!, /within 15 minutes.*may be inexact/);
    assert.strictEqual(eight.pager.transactions.length, 2);
  });

  it('a type the mirror node refuses fails Recent transactions only: the last rows stay beside its words', async () => {
    replay().addRecords([
      recordFor('/api/v1/accounts/0.0.1001', anAccount({ transactions: [aTransaction()] })),
      recordFor(
        '/api/v1/accounts/0.0.1001?transactiontype=HOOKSTORE',
        anErrorBody('Invalid parameter: transactiontype'),
        400,
      ),
    ]);
    configure({ id: '0.0.1001' });
    const [node] = (await h.store.children(undefined)) as AccountNode[];
    await settle(h.store);
    const before = labels(await h.store.children(node.transactions));
    const description = node.item().description;
    await h.store.setFilter(node, 'HOOKSTORE');
    assert.strictEqual(node.status, 'loaded', 'the account stands');
    assert.strictEqual(node.item().description, description, 'its node says nothing of the filter');
    assert.strictEqual(node.item().contextValue, 'account:loaded:evm:configured');
    assert.deepStrictEqual(labels(await h.store.children(node)), ['Details', 'Tokens', 'NFTs', 'Recent transactions']);
    const rows = await h.store.children(node.transactions);
    const refusal = rows[0] as MessageNode;
    assert.strictEqual(refusal.retry, 'filter');
    assert.strictEqual(refusal.item().label, 'Hook store not shown: Refused (400)');
    assert.strictEqual(refusal.item().description, 'Invalid parameter: transactiontype');
    assert.strictEqual(refusal.item().contextValue, 'message:retry:filter');
    assert.deepStrictEqual(labels(rows.slice(1)), before, 'the last good rows');
    assert.match(node.transactions.item().description!, /Hook store/);
    assert.match(node.transactions.tooltip()!, /`HOOKSTORE`/);
    // Retry asks the same again; clearing shows the account's own rows with no request.
    const asked = () => accountRequests(replay()).filter(u => u.includes('HOOKSTORE')).length;
    const once = asked();
    await h.store.retryFilter(node);
    assert.strictEqual(asked(), once + 1);
    const all = accountRequests(replay()).length;
    await h.store.setFilter(node, undefined);
    assert.deepStrictEqual(labels(await h.store.children(node.transactions)), before);
    assert.strictEqual(node.transactions.item().contextValue, 'section:transactions');
    assert.strictEqual(accountRequests(replay()).length, all);
  });

  it('a refresh asks the account without the filter, and the filter’s list beside it', async () => {
    replay().addRecords([
      recordFor('/api/v1/accounts/0.0.1001', anAccount()),
      recordFor(
        '/api/v1/accounts/0.0.1001?transactiontype=TOKENMINT',
        anAccount({ transactions: [aTransaction({ name: 'TOKENMINT' })] }),
      ),
    ]);
    configure({ id: '0.0.1001' });
    const [node] = (await h.store.children(undefined)) as AccountNode[];
    await settle(h.store);
    await h.store.setFilter(node, 'TOKENMINT');
    replay().resetRequests();
    await h.store.load(node, true);
    assert.deepStrictEqual(accountRequests(replay()).sort(), [
      '/api/v1/accounts/0.0.1001',
      '/api/v1/accounts/0.0.1001?transactiontype=TOKENMINT',
    ]);
    assert.deepStrictEqual(labels(await h.store.children(node.transactions)), ['Token mint']);
  });

  it('1000 token balances show with a note that the cap is hit', async () => {
    const tokens = Array.from({ length: 1000 }, (_, i) =>
      aTokenBalance({ token_id: `0.0.${50000 + i}`, balance: BigInt(i) * 10n ** 15n }),
    );
    replay().addRecords([
      recordFor(
        '/api/v1/accounts/0.0.1001',
        anAccount({ balance: { timestamp: '1700000000.000000000', balance: 5, tokens } }),
      ),
    ]);
    configure({ id: '0.0.1001' });
    const [node] = (await h.store.children(undefined)) as AccountNode[];
    await settle(h.store);
    assert.strictEqual(node.tokens.item().description, "1000 (the service's cap)");
    // A page of rows, then Load more: only the rows shown have their metadata asked.
    const first = await h.store.children(node.tokens);
    assert.strictEqual(first.length, 51);
    assert.strictEqual(first[49].item().label, '49,000,000,000,000,000', 'raw until the units are known');
    assert.match(first[49].item().description ?? '', /^0\.0\.50049/);
    assert.strictEqual(first[50].item().label, 'Load more');
    for (let i = 0; i < 19; i++) h.store.tokenWork.showMore(node);
    const all = await h.store.children(node.tokens);
    assert.strictEqual(all.length, 1001);
    assert.strictEqual(all[999].item().label, '999,000,000,000,000,000');
    assert.match(all[1000].item().label, /first 1000 token balances/);
  });

  it('a network change cancels what is in flight and forgets what was loaded', async () => {
    configure({ id: '0.0.8' });
    const [node] = (await h.store.children(undefined)) as AccountNode[];
    await settle(h.store);
    replay().setFault({ kind: 'latency', ms: 2000 });
    const pending = h.store.load(node, true);
    await new Promise(r => setTimeout(r, 50));
    replay().setFault(undefined);
    h.store.reset();
    assert.strictEqual(node.account, undefined, 'the old network’s answer is gone');
    assert.strictEqual(node.status, 'loading', 'and the new one is asked at once');
    await pending;
    await settle(h.store);
    assert.strictEqual(node.status, 'loaded');
    assert.ok(h.changes.includes(undefined));
  });

  it('temporary accounts (from a hover) list after the configured ones and are found by any form', async () => {
    configure({ id: '0.0.8' });
    const temp = h.store.addTemporary('2001');
    assert.deepStrictEqual(labels(h.store.accounts), ['0.0.8', '2001']);
    assert.strictEqual(h.store.addTemporary('0.0.2001'), temp, 'the same account is not listed twice');
    await h.store.children(undefined);
    await settle(h.store);
    assert.strictEqual(h.store.find('0xac384c53f03855fa1b3616052f8ba32c6c2a2fec'), temp);
    assert.match(temp.item().description!, /not saved/);
    assert.strictEqual(temp.item().contextValue, 'account:loaded:evm:temporary');
    // Saved to the settings: no longer temporary, same node, nothing reloaded.
    configure({ id: '0.0.8' }, { id: '2001' });
    assert.strictEqual(h.store.find('2001'), temp);
    assert.strictEqual(temp.entry.temporary, false);
    assert.strictEqual(h.store.accounts.length, 2);
  });

  it('an account seeded by Add account is shown without another request', async () => {
    const account = await client.getAccount('0.0.8');
    replay().resetRequests();
    h.store.seed('0.0.8', account);
    configure({ id: '0.0.8' });
    const [node] = (await h.store.children(undefined)) as AccountNode[];
    assert.strictEqual(node.status, 'loaded');
    assert.strictEqual(replay().requests.length, 0);
  });
});
