import * as assert from 'assert';
import {
  RECENT_KEY,
  RECENT_PER_NETWORK,
  RecentLookups,
  addRecent,
  readRecent,
  type RecentLookup,
} from '../../../src/features/transactions/recent';
import { parseTransactionLookup } from '../../../src/features/common/transactionInput';

const entry = (input: string, network: RecentLookup['network'] = 'testnet', at = 0): RecentLookup => ({
  input,
  network,
  at,
});
const id = (n: number) => `0.0.${n}-1700000000-000000000`;

/** A Memento kept in a Map, as VS Code's global state keeps JSON. */
function memento(initial?: unknown) {
  const values = new Map<string, unknown>();
  if (initial !== undefined) values.set(RECENT_KEY, initial);
  return {
    values,
    get: (key: string) => values.get(key),
    update: (key: string, value: unknown) => {
      if (value === undefined) values.delete(key);
      else values.set(key, JSON.parse(JSON.stringify(value)));
      return Promise.resolve();
    },
  };
}

describe('transactions/recent: the list', () => {
  it('puts the newest first and keeps one entry per query and network', () => {
    let list: RecentLookup[] = [];
    list = addRecent(list, entry(id(1), 'testnet', 1));
    list = addRecent(list, entry(id(2), 'testnet', 2));
    list = addRecent(list, entry(id(1), 'mainnet', 3));
    list = addRecent(list, entry(id(1), 'testnet', 4));
    assert.deepStrictEqual(
      list.map(e => [e.input, e.network, e.at]),
      [
        [id(1), 'testnet', 4],
        [id(1), 'mainnet', 3],
        [id(2), 'testnet', 2],
      ],
    );
  });

  it(`keeps at most ${RECENT_PER_NETWORK} per network, dropping the oldest`, () => {
    let list: RecentLookup[] = [];
    for (let i = 0; i < 15; i++) list = addRecent(list, entry(id(i), 'testnet', i));
    list = addRecent(list, entry(id(99), 'mainnet', 100));
    assert.strictEqual(list.filter(e => e.network === 'testnet').length, RECENT_PER_NETWORK);
    assert.deepStrictEqual(list[0], entry(id(99), 'mainnet', 100));
    assert.deepStrictEqual(
      list.slice(1).map(e => e.input),
      [14, 13, 12, 11, 10, 9, 8, 7, 6, 5].map(id),
    );
  });

  it('reads back only well-formed entries in their canonical spelling, deduplicated and bounded', () => {
    const stored = [
      entry(id(1)),
      entry(id(1)),
      { input: '0.0.1@1700000000.0', network: 'testnet', at: 1 },
      { input: id(2), network: 'moonnet', at: 1 },
      { input: id(3), network: 'testnet', at: 'yesterday' },
      { input: '<script>', network: 'testnet', at: 1 },
      null,
      'text',
      entry(`${id(4)} nonce=1`, 'previewnet', 5),
    ];
    assert.deepStrictEqual(readRecent(stored), [entry(id(1)), entry(`${id(4)} nonce=1`, 'previewnet', 5)]);
    assert.deepStrictEqual(readRecent({ not: 'a list' }), []);
    assert.strictEqual(readRecent(Array.from({ length: 50 }, (_, i) => entry(id(i)))).length, RECENT_PER_NETWORK);
  });
});

describe('transactions/recent: the store', () => {
  it('adds a query found on a network in its canonical text, with the time', async () => {
    const m = memento();
    let now = 1000;
    const store = new RecentLookups(m, () => now);
    const q = (text: string) => {
      const r = parseTransactionLookup(text);
      assert.ok(r.ok);
      return r.query;
    };
    await store.add(q('0.0.300@1565779555.711927000'), 'testnet');
    now = 2000;
    await store.add(q('https://hashscan.io/mainnet/transaction/0.0.5-1-2 nonce=1'), 'mainnet');
    assert.deepStrictEqual(store.list(), [
      { input: '0.0.5-1-000000002 nonce=1', network: 'mainnet', at: 2000 },
      { input: '0.0.300-1565779555-711927000', network: 'testnet', at: 1000 },
    ]);
    // Looked up again: moved to the top, not listed twice.
    now = 3000;
    await store.add(q('0.0.300-1565779555-711927000'), 'testnet');
    assert.deepStrictEqual(
      store.list().map(e => [e.input, e.at]),
      [
        ['0.0.300-1565779555-711927000', 3000],
        ['0.0.5-1-000000002 nonce=1', 2000],
      ],
    );
    await store.clear();
    assert.deepStrictEqual(store.list(), []);
    assert.strictEqual(m.values.has(RECENT_KEY), false);
  });

  it('starts from a damaged state as an empty list', async () => {
    const store = new RecentLookups(memento('{"not json'), () => 5);
    assert.deepStrictEqual(store.list(), []);
    const r = parseTransactionLookup('0.0.1-2-3');
    assert.ok(r.ok);
    await store.add(r.query, 'testnet');
    assert.deepStrictEqual(store.list(), [{ input: '0.0.1-2-000000003', network: 'testnet', at: 5 }]);
  });
});
