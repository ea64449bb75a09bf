// The as-of view with the seed's timestamp operators (lte, lt, eq, gte, gt: each sent as chosen and
// named in the labels), and the account's balance in dollars (the current rate, or the rate at a
// past as-of time), against the real mirror client and a loopback mirror node.
import * as assert from 'assert';
import { createMirrorClient, parseLossless, type MirrorClient } from '../../../src/mirror';
import { AccountResponseSchema } from '../../../src/mirror/schemas';
import { ExchangeRates } from '../../../src/mirror/rates';
import {
  AccountsStore,
  type AccountNode,
  type AccountsNode,
  type AccountsStoreOptions,
  type RowNode,
} from '../../../src/features/accounts/store';
import { LATEST_CAVEAT } from '../../../src/features/accounts/asOf';
import { accountView } from '../../../src/features/accounts/model';
import { anAccount, recordFor } from '../../support/builders';
import type { MirrorReplay } from '../../support/mirrorReplay';
import { replayPerSuite } from '../../support/replayPerSuite';
import { currentRateRecord, rateRecordAt, TX_A } from '../../support/tokenFixtures';

const decode = (u: string) => decodeURIComponent(u);
/** The URLs the replay was asked, decoded, that start with `prefix`. */
const requestsTo = (replay: MirrorReplay, prefix: string): string[] =>
  replay.requests.map(r => decode(r.url)).filter(u => u.startsWith(prefix));

/** A store on the testnet replay with one configured account. */
function storeOf(
  client: MirrorClient,
  id: string,
  more: Pick<AccountsStoreOptions, 'changed' | 'rates'>,
): AccountsStore {
  const store = new AccountsStore({
    client: () => client,
    settings: () => ({ network: 'testnet', networkLabel: 'replay', transactionsLimit: 25 }),
    ...more,
  });
  store.setConfigured([{ id }]);
  return store;
}

/** The store's one account, loaded. */
async function loadedAccount(store: AccountsStore): Promise<AccountNode> {
  const [node] = (await store.children(undefined)) as AccountNode[];
  await store.load(node);
  return node;
}
/** A Markdown tooltip with its escapes taken out, to match against plain words. */
const unescape = (md: string) => md.replace(/\\(.)/g, '$1');

describe('accounts: the as-of view with the seed’s timestamp operators', () => {
  const replay = replayPerSuite();
  let client: MirrorClient;
  let store: AccountsStore;

  beforeEach(() => {
    client = createMirrorClient({ baseUrl: replay().url, retries: 0, timeoutMs: 3000 });
    store = storeOf(client, '0.0.8', { changed: () => undefined });
  });
  afterEach(() => {
    store.dispose();
    client.dispose();
  });

  const eight = () => loadedAccount(store);
  const sent = () => requestsTo(replay(), '/api/v1/accounts/0.0.8?');

  it('lt: sends timestamp=lt:, the recorded answer shows, and every label says "before"', async () => {
    const node = await eight();
    await store.setAsOf(node, '1234567881.000000007', 'lt');
    assert.deepStrictEqual(sent(), ['/api/v1/accounts/0.0.8?timestamp=lt:1234567881.000000007']);
    assert.strictEqual(node.status, 'loaded');
    assert.match(node.item().description!, /· before 2009-02-13 23:31:21 UTC$/);
    assert.match(
      unescape(node.tooltip()),
      /\*Before 2009-02-13 23:31:21\.000000007 UTC\* \(`timestamp=lt:1234567881\.000000007`\)/,
    );
    const [message] = await store.children(node);
    assert.strictEqual(
      message.item().label,
      'Before 2009-02-13 23:31:21.000000007 UTC · timestamp=lt:1234567881.000000007',
    );
    assert.match(message.item().description!, /within 15 minutes/);
    assert.match(node.transactions.item().description!, /before 2009-02-13 23:31:21\.000000007 UTC/);
  });

  it('gt: the state is the latest, so the snapshot caveats give way to saying so', async () => {
    const node = await eight();
    await store.setAsOf(node, '1234567890.000000006', 'gt');
    assert.deepStrictEqual(sent(), ['/api/v1/accounts/0.0.8?timestamp=gt:1234567890.000000006']);
    assert.strictEqual(node.status, 'loaded');
    const [message] = await store.children(node);
    assert.match(message.item().label, /^After .* · timestamp=gt:1234567890\.000000006$/);
    assert.strictEqual(message.item().description, LATEST_CAVEAT);
    const details = (await store.children(node.details)) as RowNode[];
    const balance = details.find(r => r.row.key === 'balance');
    assert.ok(balance);
    assert.doesNotMatch(balance.tooltip() ?? '', /15 minutes/);
    assert.match(node.transactions.item().description!, /after 2009-02-13/);
  });

  it('gte and eq are sent as chosen; clearing the view goes back to no timestamp and lte', async () => {
    replay().addRecords([
      recordFor('/api/v1/accounts/0.0.8?timestamp=eq:1234567890.000000006', anAccount({ account: '0.0.8' })),
      recordFor('/api/v1/accounts/0.0.8?timestamp=gte:1234567890.000000006', anAccount({ account: '0.0.8' })),
    ]);
    const node = await eight();
    await store.setAsOf(node, '1234567890.000000006', 'eq');
    await store.setAsOf(node, '1234567890.000000006', 'gte');
    assert.match(node.item().description!, /from 2009-02-13/);
    await store.setAsOf(node, undefined, 'gt');
    assert.strictEqual(node.asOfOperator, 'lte');
    assert.deepStrictEqual(sent(), [
      '/api/v1/accounts/0.0.8?timestamp=eq:1234567890.000000006',
      '/api/v1/accounts/0.0.8?timestamp=gte:1234567890.000000006',
    ]);
    assert.doesNotMatch(node.item().description!, /from|before|after|as of/);
  });
});

describe('accounts: the balance in dollars', () => {
  const replay = replayPerSuite();
  let client: MirrorClient;
  let rates: ExchangeRates;
  let store: AccountsStore;
  let changes: (AccountsNode | undefined)[];

  const open = (withRates = true) => {
    client = createMirrorClient({ baseUrl: replay().url, retries: 0, timeoutMs: 3000 });
    rates = new ExchangeRates(client);
    changes = [];
    store = storeOf(client, '0.0.1001', {
      changed: n => changes.push(n),
      ...(withRates ? { rates: () => rates } : {}),
    });
  };
  beforeEach(() => {
    // anAccount's balance: 100,000,000 tinybars (1 ℏ).
    replay().addRecords([recordFor('/api/v1/accounts/0.0.1001', anAccount())]);
  });
  afterEach(() => {
    store.dispose();
    client.dispose();
  });

  const account = () => loadedAccount(store);
  const rateUrls = () => requestsTo(replay(), '/api/v1/network/exchangerate');
  const until = async (what: () => boolean) => {
    for (let i = 0; i < 200 && !what(); i++) await new Promise(r => setTimeout(r, 10));
    assert.ok(what(), 'timed out');
  };

  it('at the current rate: asked once in the background, then `≈ $` beside ℏ with the rate in the tooltip', async () => {
    replay().addRecords([currentRateRecord()]); // 50 ¢ per ℏ
    open();
    const node = await account();
    assert.strictEqual(node.item().description, '1.00000000 ℏ'); // not known yet: never waits
    await until(() => changes.includes(undefined) && node.item().description !== '1.00000000 ℏ');
    assert.strictEqual(node.item().description, '1.00000000 ℏ ≈ $0.50');
    assert.match(
      unescape(node.tooltip()),
      /- In dollars: ≈ \$0\.50 at 1 ℏ = \$0\.50, the rate in force at 2099-12-31 23:00/,
    );
    const details = (await store.children(node.details)) as RowNode[];
    const balance = details.find(r => r.row.key === 'balance');
    assert.strictEqual(balance?.item().description, '1.00000000 ℏ ≈ $0.50');
    assert.strictEqual(balance.copyText, '100000000', 'the copy is still the raw tinybars');
    node.item();
    node.tooltip();
    assert.deepStrictEqual(rateUrls(), ['/api/v1/network/exchangerate']);
  });

  it('a past as-of view: the rate in force at that time', async () => {
    replay().addRecords([
      currentRateRecord(),
      rateRecordAt(TX_A.consensus), // 12 ¢ per ℏ
      recordFor(`/api/v1/accounts/0.0.1001?timestamp=lte:${TX_A.consensus}`, anAccount()),
    ]);
    open();
    const node = await account();
    await store.setAsOf(node, TX_A.consensus, 'lte');
    node.item();
    await until(() => node.item().description!.includes('≈'));
    assert.match(node.item().description!, /^1\.00000000 ℏ ≈ \$0\.12 · as of /);
    assert.ok(rateUrls().includes(`/api/v1/network/exchangerate?timestamp=${TX_A.consensus}`), rateUrls().join());
  });

  it('a mirror node without the endpoint (404): no dollars, and no request again', async () => {
    open();
    const node = await account();
    node.item();
    await until(() => rateUrls().length === 1);
    await new Promise(r => setTimeout(r, 30));
    for (let i = 0; i < 5; i++) assert.strictEqual(node.item().description, '1.00000000 ℏ');
    assert.doesNotMatch(node.tooltip(), /\$/);
    assert.strictEqual(rateUrls().length, 1);
  });

  it('dollars off (no rates service): no `$` and no rate request', async () => {
    replay().addRecords([currentRateRecord()]);
    open(false);
    const node = await account();
    assert.strictEqual(node.item().description, '1.00000000 ℏ');
    await new Promise(r => setTimeout(r, 30));
    assert.strictEqual(rateUrls().length, 0);
  });

  it('accountView: the balance’s dollars only with a rate; hbar_equivalent 0 gives none', () => {
    const rate = {
      cent_equivalent: 12n,
      hbar_equivalent: 1n,
      expiresAt: 1n,
      at: '1700000000.000000000',
      fromNext: false,
    };
    const body = AccountResponseSchema.parse(
      parseLossless(anAccount({ balance: { balance: 250_000_000, timestamp: null, tokens: [] } }).text),
    );
    assert.strictEqual(accountView(body, 'x', { network: 'testnet', rate }).description, '2.50000000 ℏ ≈ $0.30');
    assert.strictEqual(accountView(body, 'x', { network: 'testnet' }).description, '2.50000000 ℏ');
    const zero = { ...rate, hbar_equivalent: 0n };
    assert.strictEqual(accountView(body, 'x', { network: 'testnet', rate: zero }).description, '2.50000000 ℏ');
  });
});
