// The grouping and the panel's text, over transactions the real client read from the loopback
// replay of the mirror node's recordings.
import * as assert from 'assert';
import { createMirrorClient, type MirrorClient, type Transaction } from '../../../src/mirror';
import {
  classifyTransactions,
  formatMultiplier,
  summarize,
  transactionSection,
  type FormatOptions,
} from '../../../src/features/transactions/model';
import type { DetailField, DetailSection } from '../../../webview/protocol';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';

const options: FormatOptions = { localTime: d => `local(${d.toISOString()})`, hashscan: true };

function field(section: DetailSection, label: string): DetailField {
  const f = section.fields.find(x => x.label === label);
  assert.ok(f, `field ${label}`);
  return f;
}

describe('transactions/model over replayed lookups', () => {
  let replay: MirrorReplay;
  let client: MirrorClient;

  before(async () => {
    replay = await startMirrorReplay({ port: 0 });
    client = createMirrorClient({ baseUrl: replay.url, retries: 0 });
  });
  after(async () => {
    client.dispose();
    await replay.close();
  });
  afterEach(() => replay.clearSelections());

  async function lookup(id: string, source: string, params = {}): Promise<Transaction[]> {
    replay.preferSource(source);
    client.dispose();
    client = createMirrorClient({ baseUrl: replay.url, retries: 0 });
    return (await client.getTransaction(id, params)).transactions;
  }

  it('labels a parent, its children by nonce, in consensus order', async () => {
    const txs = await lookup('0.0.10-1234567890-000000001', 'return-multiple-nonce');
    const c = classifyTransactions(txs);
    assert.deepStrictEqual(
      c.map(x => x.label),
      ['parent', 'child, nonce 1', 'child, nonce 2'],
    );
    assert.strictEqual(summarize(c), '3 transactions share this id: 1 parent, 2 children');
  });

  it('labels the scheduled transaction and a duplicate, parent first', async () => {
    const txs = await lookup('0.0.10-1234567890-000000001', 'no-params');
    const c = classifyTransactions(txs);
    assert.deepStrictEqual(
      c.map(x => [x.role, x.transaction.name, x.transaction.result]),
      [
        ['parent', 'CONSENSUSSUBMITMESSAGE', 'SUCCESS'],
        ['scheduled', 'CRYPTOTRANSFER', 'SUCCESS'],
        ['duplicate', 'CRYPTOTRANSFER', 'DUPLICATE_TRANSACTION'],
      ],
    );
    const sections = c.map((x, i) => transactionSection(x, i, options));
    assert.deepStrictEqual(
      sections.map(s => s.group),
      ['Parent (user-submitted)', 'Scheduled', 'Duplicates'],
    );
  });

  it('shows every transaction of an atomic batch: the batch as scheduled, the inner ones as children', async () => {
    const txs = await lookup('0.0.10-1234567800-000000001', 'batch-transactions');
    assert.strictEqual(txs.length, 5);
    const c = classifyTransactions(txs);
    assert.strictEqual(c.length, 5, 'none dropped');
    assert.deepStrictEqual(
      c.map(x => x.label),
      ['scheduled', 'child (inner, nonce 0)', 'child, nonce 1', 'child (inner, nonce 0)', 'child (inner, nonce 0)'],
    );
  });

  it('formats every field of a transaction, exactly', async () => {
    const [tx] = await lookup('0.0.300-1565779555-711927000', 'assessed-custom-fees-with-effective-payer');
    const s = transactionSection(classifyTransactions([tx])[0], 0, options);
    assert.strictEqual(s.title, 'Crypto transfer · Success');
    assert.strictEqual(field(s, 'Transaction id').value, '0.0.300-1565779555-711927000');
    assert.strictEqual(field(s, 'Transaction id (SDK form)').value, '0.0.300@1565779555.711927000');
    assert.strictEqual(field(s, 'Transaction id').copy, '0.0.300-1565779555-711927000');
    assert.strictEqual(field(s, 'Transaction id (SDK form)').copy, '0.0.300@1565779555.711927000');
    assert.deepStrictEqual(field(s, 'Type'), {
      label: 'Type',
      value: 'Crypto transfer',
      note: 'CRYPTOTRANSFER',
      title: 'CRYPTOTRANSFER',
      place: 'summary',
    });
    assert.deepStrictEqual(field(s, 'Result'), {
      label: 'Result',
      value: 'Success',
      badge: 'success',
      title: 'SUCCESS',
      place: 'summary',
    });
    // One time format: the date to the second, its age (the page keeps it current), the exact time,
    // the raw value and the local time in the tooltip, the raw value on copy.
    const consensus = field(s, 'Consensus timestamp');
    assert.strictEqual(consensus.value, '2019-08-14 10:45:55 UTC');
    assert.strictEqual(consensus.at, 1565779555711);
    assert.strictEqual(consensus.copy, '1565779555.711927001');
    assert.strictEqual(
      consensus.title,
      '2019-08-14 10:45:55.711927001 UTC · 1565779555.711927001 · local(2019-08-14T10:45:55.711Z)',
    );
    assert.strictEqual(field(s, 'Valid start').value, '2019-08-14 10:45:55 UTC');
    assert.strictEqual(field(s, 'Valid start').copy, '1565779555.711927000');
    assert.strictEqual(
      field(s, 'Hash (base64)').value,
      'AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSYnKCkqKywtLi8w',
    );
    assert.strictEqual(
      field(s, 'Hash (hex)').value,
      '0x0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f30',
    );
    assert.strictEqual(field(s, 'Node').value, '0.0.3');
    assert.deepStrictEqual(field(s, 'Node').action, { type: 'revealAccount', id: '0.0.3' });
    assert.strictEqual(field(s, 'Payer').value, '0.0.300');
    assert.strictEqual(field(s, 'Charged fee').value, '0.00000007 ℏ');
    assert.strictEqual(field(s, 'Max fee').value, '0.00000033 ℏ');
    assert.strictEqual(field(s, 'Memo').value, '(empty)');
    assert.strictEqual(field(s, 'Valid duration').value, '11 s');
    assert.strictEqual(field(s, 'Nonce').value, '0');
    assert.strictEqual(field(s, 'Scheduled').value, 'no');
    assert.strictEqual(field(s, 'Parent consensus timestamp').value, 'none (not a child)');
    assert.strictEqual(field(s, 'High-volume pricing').value, '×0.001');
    assert.strictEqual(field(s, 'Batch key').value, 'none');

    const transfers = s.tables.find(t => t.title === 'Transfers')!;
    assert.deepStrictEqual(
      transfers.rows.map(r => r.map(c => c.text)),
      [
        ['0.0.3', '0.00000002 ℏ', 'no'],
        ['0.0.98', '0.00000001 ℏ', 'no'],
        ['0.0.300', '-0.00000003 ℏ', 'no'],
      ],
    );
    const tokens = s.tables.find(t => t.title === 'Token transfers')!;
    assert.deepStrictEqual(
      tokens.rows[1].map(c => c.text),
      ['0.0.90000', '0.0.300', '-1200', 'yes'],
    );
    const fees = s.tables.find(t => t.title === 'Assessed custom fees')!;
    assert.deepStrictEqual(
      fees.rows[0].map(c => c.text),
      ['0.0.8901', '0.00000011 ℏ', 'ℏ', '0.0.5000, 0.0.5001'],
    );
    assert.deepStrictEqual(
      fees.rows[1].map(c => c.text),
      ['0.0.8902', '13', '0.0.10015', '0.0.5002, 0.0.5003'],
    );
    for (const title of ['NFT transfers', 'Staking reward transfers', 'Max custom fees']) {
      assert.strictEqual(s.tables.find(t => t.title === title)!.rows.length, 0, title);
    }
    assert.deepStrictEqual(
      s.buttons.map(b => b.label),
      ['Open in HashScan'],
      'no contract result link for a crypto transfer; the ids are copied from their rows',
    );
  });

  it('tables NFT transfers and max custom fees, and shows the batch key', async () => {
    const [nft] = await lookup('0.0.8-1234567890-000000000', 'nft-transfers-multiple-tokens');
    const s = transactionSection(classifyTransactions([nft])[0], 0, options);
    const rows = s.tables.find(t => t.title === 'NFT transfers')!.rows;
    assert.strictEqual(rows.length, 5);
    assert.ok(
      rows.every(r => /^\d+$/.test(r[1].text)),
      'serials as integers',
    );

    const batch = await lookup('0.0.10-1234567800-000000001', 'batch-transactions');
    const inner = classifyTransactions(batch).find(c => c.transaction.name === 'CONSENSUSSUBMITMESSAGE')!;
    const si = transactionSection(inner, 1, options);
    assert.strictEqual(
      field(si, 'Batch key').value,
      'bfc9d4a344389324119eed485eb3a875b1e5a54bd189d2fd5ad88ce1d3473dee',
    );
    assert.strictEqual(field(si, 'Batch key').note, 'ED25519');
    assert.strictEqual(field(si, 'Parent consensus timestamp').value, '2009-02-13 23:30:00 UTC');
    assert.deepStrictEqual(
      si.tables.find(t => t.title === 'Max custom fees')!.rows.map(r => r.map(c => c.text)),
      [
        ['0.0.9', '1000', '0.0.5100'],
        ['0.0.9', '0.00002000 ℏ', 'ℏ'],
        ['0.0.10', '0.00003000 ℏ', 'ℏ'],
      ],
    );
  });
});

describe('transactions/model: values the recordings lack', () => {
  const base = (over: Partial<Transaction>): Transaction => ({
    transaction_id: '0.0.2-1700000000-000000005',
    name: 'CONTRACTCALL',
    result: 'SUCCESS',
    consensus_timestamp: '1700000001.000000001',
    ...over,
  });

  it('shows the multiplier as ×N.NNN and explains 0 and null', () => {
    assert.strictEqual(formatMultiplier(1000n), '×1.000');
    assert.strictEqual(formatMultiplier(1500n), '×1.500');
    assert.strictEqual(formatMultiplier(12345n), '×12.345');
    const hv = (m: bigint | null) =>
      transactionSection(
        {
          transaction: base({ high_volume_pricing_multiplier: m, high_volume: m !== null && m > 0n }),
          role: 'parent',
          label: 'parent',
        },
        0,
        options,
      ).fields.find(f => f.label === 'High-volume pricing')!;
    assert.strictEqual(hv(2500n).value, '×2.500');
    assert.strictEqual(hv(0n).value, 'not applied');
    assert.strictEqual(hv(null).value, 'not recorded');
    assert.match(hv(null).note!, /predates high-volume pricing/);
  });

  it('decodes the memo as text and keeps markup and control characters as visible text', () => {
    const memo = Buffer.from('<b>hi</b>\u202e ok', 'utf8').toString('base64');
    const s = transactionSection(
      { transaction: base({ memo_base64: memo }), role: 'parent', label: 'parent' },
      0,
      options,
    );
    assert.strictEqual(s.fields.find(f => f.label === 'Memo')!.value, '<b>hi</b>⟨U+202E⟩ ok');
  });

  it('links a contract call to its contract result by consensus timestamp', () => {
    const s = transactionSection({ transaction: base({}), role: 'parent', label: 'parent' }, 0, options);
    assert.deepStrictEqual(s.buttons.find(b => b.label === 'Open contract result')!.action, {
      type: 'openContractResults',
      timestamp: '1700000001.000000001',
    });
  });

  it('offers no HashScan link where HashScan has no page (custom mirror node)', () => {
    const s = transactionSection({ transaction: base({}), role: 'parent', label: 'parent' }, 0, {
      ...options,
      hashscan: false,
    });
    assert.ok(!s.buttons.some(b => b.action.type === 'openInHashScan'));
  });

  it('treats a repeated id/nonce/scheduled as a duplicate even without the DUPLICATE result', () => {
    const c = classifyTransactions([
      base({ consensus_timestamp: '1700000002.000000000', nonce: 0n }),
      base({ consensus_timestamp: '1700000001.000000000', nonce: 0n }),
    ]);
    assert.deepStrictEqual(
      c.map(x => [x.role, x.transaction.consensus_timestamp]),
      [
        ['parent', '1700000001.000000000'],
        ['duplicate', '1700000002.000000000'],
      ],
    );
  });
});
