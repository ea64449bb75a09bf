// The summary a transaction panel leads with (type, result, from → to, amount, fee, time) and the
// rows that wait under "More", over transactions the real client read from the loopback replay of
// the mirror node's recordings; a contract call, which the recordings lack, is built.
import * as assert from 'assert';
import { createMirrorClient, parseLossless, type MirrorClient, type Transaction } from '../../../src/mirror';
import { TransactionsResponseSchema } from '../../../src/mirror/schemas';
import { classifyTransactions, transactionSection, type FormatOptions } from '../../../src/features/transactions/model';
import { contractNote, contractSections } from '../../../src/features/transactions/contractCall';
import type { Money } from '../../../src/features/transactions/money';
import type { DetailField, DetailSection } from '../../../webview/protocol';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';
import { tokenTransaction, tokenTransactionTokens } from '../../support/tokenFixtures';
import { aTransactionsBody } from '../../support/builders';

const options: FormatOptions = { localTime: d => d.toISOString(), hashscan: true };

const sectionOf = (t: Transaction, money?: Money): DetailSection =>
  transactionSection(classifyTransactions([t])[0], 0, options, money);

const summary = (s: DetailSection): DetailField[] => s.fields.filter(f => f.place === 'summary');
const labels = (fields: readonly DetailField[]): string[] => fields.map(f => f.label);
const get = (s: DetailSection, label: string): DetailField => {
  const f = s.fields.find(x => x.label === label);
  assert.ok(f, `field ${label} in ${JSON.stringify(labels(s.fields))}`);
  return f;
};
/** The summary's from → to as [text, the account a link reveals (if a link)] pieces. */
const parties = (s: DetailSection): Array<[string, string | undefined]> =>
  (s.fields.find(f => f.label === 'From → To' || f.label === 'From')?.parts ?? []).map(p => [
    p.text,
    p.action?.type === 'revealAccount' ? p.action.id : undefined,
  ]);

describe('transactions/summary over replayed lookups', () => {
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

  async function lookup(id: string, source: string): Promise<Transaction[]> {
    replay.preferSource(source);
    client.dispose();
    client = createMirrorClient({ baseUrl: replay.url, retries: 0 });
    return (await client.getTransaction(id)).transactions;
  }

  it('a crypto transfer leads with its type, result, payer → receiver, the amount exact in ℏ, fee and time', async () => {
    const [ok] = classifyTransactions(await lookup('0.0.10-1234567890-000000001', 'duplicate-transactions'));
    const s = transactionSection(ok, 0, options);
    assert.deepStrictEqual(labels(summary(s)), [
      'Type',
      'Result',
      'From → To',
      'Amount',
      'Charged fee',
      'Consensus timestamp',
    ]);
    assert.deepStrictEqual(labels(s.fields).slice(0, 6), labels(summary(s)), 'the summary comes first');
    // 0.0.10 paid 100: 80 to 0.0.9, the fee (20) to the node 0.0.4 and the fee account 0.0.98.
    assert.strictEqual(get(s, 'From → To').value, '0.0.10 → 0.0.9');
    assert.deepStrictEqual(parties(s), [
      ['0.0.10', '0.0.10'],
      [' → ', undefined],
      ['0.0.9', '0.0.9'],
    ]);
    assert.deepStrictEqual(get(s, 'Amount'), {
      label: 'Amount',
      value: '0.00000080 ℏ',
      note: '80 tinybars',
      place: 'summary',
    });
    assert.strictEqual(get(s, 'Charged fee').value, '0.00000020 ℏ');
    assert.strictEqual(get(s, 'Result').badge, 'success');
    assert.strictEqual(get(s, 'Consensus timestamp').at !== undefined, true, 'the time with its age');

    const [other] = await lookup('0.0.11-1234567900-000000000', 'no-params');
    const s2 = sectionOf(other);
    assert.strictEqual(get(s2, 'From → To').value, '0.0.11 → 0.0.12', 'the node 0.0.5 took a fee, not a payment');
    assert.strictEqual(get(s2, 'Amount').value, '0.00000025 ℏ');
  });

  it('a failed transaction: the failure badge with its code, the payer, and nothing moved but the fee', async () => {
    const classified = classifyTransactions(await lookup('0.0.10-1234567890-000000001', 'duplicate-transactions'));
    const failed = classified.find(c => c.transaction.result === 'DUPLICATE_TRANSACTION')!;
    const s = transactionSection(failed, 1, options);
    assert.deepStrictEqual(labels(summary(s)), [
      'Type',
      'Result',
      'From',
      'Amount',
      'Charged fee',
      'Consensus timestamp',
    ]);
    assert.deepStrictEqual(get(s, 'Result'), {
      label: 'Result',
      value: 'Failed',
      badge: 'failure',
      title: 'DUPLICATE_TRANSACTION',
      note: 'DUPLICATE_TRANSACTION',
      place: 'summary',
    });
    assert.deepStrictEqual(parties(s), [['0.0.10', '0.0.10']]);
    assert.strictEqual(get(s, 'Amount').value, 'nothing moved');
    assert.match(get(s, 'Amount').note!, /failed: only its fee was charged/);
    assert.strictEqual(get(s, 'Charged fee').value, '0.00000015 ℏ');
  });

  it('a token transfer: the sender → the receivers, the token amount (raw without its metadata)', async () => {
    const [tx] = await lookup('0.0.300-1565779555-711927000', 'assessed-custom-fees-with-effective-payer');
    const s = sectionOf(tx);
    // The ℏ only paid the fee (0.0.3 the node, 0.0.98 the fee account): no ℏ amount.
    assert.strictEqual(get(s, 'From → To').value, '0.0.300 → 0.0.200, 0.0.400');
    assert.strictEqual(get(s, 'Amount').value, '1,200 of 0.0.90000 (smallest unit)');
    assert.strictEqual(get(s, 'Amount').note, undefined);
  });

  it('NFTs: each serial by name, from its sender to its receivers; the payer kept in the body', async () => {
    const [tx] = await lookup('0.0.8-1234567890-000000000', 'nft-transfers.json');
    const s = sectionOf(tx);
    assert.strictEqual(get(s, 'From → To').value, '0.0.3 → 0.0.8, 0.0.9, 0.0.10');
    assert.strictEqual(get(s, 'Amount').value, '0.0.90000 #1, 0.0.90000 #2, 0.0.90000 #9223372036847275807');
    assert.strictEqual(get(s, 'Payer').place, undefined, 'the payer (0.0.8) is not the sender: it stays in view');
  });

  it('what waits under More for a plain transfer: defaults, empty values and the second form of the hash', async () => {
    const [tx] = await lookup('0.0.300-1565779555-711927000', 'assessed-custom-fees-with-effective-payer');
    const s = sectionOf(tx);
    assert.deepStrictEqual(labels(s.fields.filter(f => f.place === 'more')), [
      'Hash (base64)',
      'Payer',
      'Memo',
      'Nonce',
      'Parent consensus timestamp',
      'Scheduled',
      'Batch key',
      'Valid start',
      'Valid duration',
      'Max fee',
    ]);
    assert.deepStrictEqual(labels(s.fields.filter(f => f.place === undefined)), [
      'Transaction id',
      'Transaction id (SDK form)',
      'Hash (hex)',
      'Node',
      // ×0.001: a multiplier other than the base rate is worth reading.
      'High-volume pricing',
    ]);
    // The noise keeps its exact words where it is.
    assert.strictEqual(get(s, 'Parent consensus timestamp').value, 'none (not a child)');
    assert.strictEqual(get(s, 'Batch key').value, 'none');
  });

  it("a batch's inner transaction keeps its parent time, nonce and batch key in view", async () => {
    replay.preferSource('batch-transactions');
    const batch = await lookup('0.0.10-1234567800-000000001', 'batch-transactions');
    const inner = classifyTransactions(batch).find(c => c.transaction.name === 'CONSENSUSSUBMITMESSAGE')!;
    const s = transactionSection(inner, 1, options);
    for (const label of ['Parent consensus timestamp', 'Batch key'])
      assert.strictEqual(get(s, label).place, undefined, label);
  });
});

describe('transactions/summary: what the recordings lack', () => {
  const base = (over: Partial<Transaction>): Transaction => ({
    transaction_id: '0.0.2-1700000000-000000005',
    name: 'CONTRACTCALL',
    result: 'SUCCESS',
    consensus_timestamp: '1700000001.000000001',
    charged_tx_fee: 50n,
    node: '0.0.3',
    entity_id: '0.0.5025',
    transfers: [
      { account: '0.0.2', amount: -50n, is_approval: false },
      { account: '0.0.3', amount: 10n, is_approval: false },
      { account: '0.0.98', amount: 40n, is_approval: false },
    ],
    ...over,
  });

  it('a contract call goes from its payer to its contract; the ℏ it sent is the amount', () => {
    const s = sectionOf(base({}));
    assert.strictEqual(get(s, 'From → To').value, '0.0.2 → 0.0.5025');
    assert.ok(!s.fields.some(f => f.label === 'Amount'), 'nothing moved: no amount row');
    const paying = sectionOf(
      base({
        transfers: [
          { account: '0.0.2', amount: -100_000_050n, is_approval: false },
          { account: '0.0.3', amount: 10n, is_approval: false },
          { account: '0.0.98', amount: 40n, is_approval: false },
          { account: '0.0.5025', amount: 100_000_000n, is_approval: false },
        ],
      }),
    );
    assert.strictEqual(get(paying, 'From → To').value, '0.0.2 → 0.0.5025');
    assert.strictEqual(get(paying, 'Amount').value, '1.00000000 ℏ');
    assert.strictEqual(get(paying, 'Amount').note, '100000000 tinybars');
  });

  it("the decoded call and its events are drawn inside their transaction's section, after its summary", () => {
    const sections = contractSections('tx-0', { events: [] } as unknown as Parameters<typeof contractSections>[1]);
    assert.deepStrictEqual(
      sections.map(s => [s.title, s.within]),
      [
        ['Call', 'tx-0'],
        ['Events', 'tx-0'],
      ],
    );
    assert.strictEqual(contractNote('tx-3', 'loading…').within, 'tx-3');
  });

  it('names three counterparties and counts the rest', () => {
    const transfers = [
      { account: '0.0.2', amount: -450n, is_approval: false },
      ...[11, 12, 13, 14, 15].map(n => ({ account: `0.0.${n}`, amount: 80n, is_approval: false })),
      { account: '0.0.3', amount: 50n, is_approval: false },
    ];
    const s = sectionOf(base({ name: 'CRYPTOTRANSFER', entity_id: null, transfers }));
    assert.strictEqual(get(s, 'From → To').value, '0.0.2 → 0.0.11, 0.0.12, 0.0.13 and 2 more');
    assert.strictEqual(get(s, 'Amount').value, '0.00000400 ℏ');
  });

  it('token amounts in their units and NFTs by name once the metadata is known, ℏ in dollars at the rate', () => {
    const tx = TransactionsResponseSchema.parse(parseLossless(aTransactionsBody(tokenTransaction()).text))
      .transactions[0];
    const money: Money = {
      token: tokenTransactionTokens(),
      rate: () => undefined,
    };
    const s = sectionOf(tx, money);
    // A swap: USDC one way, the NFT the other.
    assert.strictEqual(get(s, 'From → To').value, '0.0.4242, 0.0.1001 → 0.0.1001, 0.0.4242');
    assert.strictEqual(get(s, 'Amount').value, '1,500.25 USDC + Lens Cats #7');
    const rated = sectionOf(
      base({
        name: 'CRYPTOTRANSFER',
        transfers: [
          { account: '0.0.2', amount: -1_000_000_050n, is_approval: false },
          { account: '0.0.3', amount: 50n, is_approval: false },
          { account: '0.0.1001', amount: 1_000_000_000n, is_approval: false },
        ],
      }),
      {
        token: () => undefined,
        rate: () => ({
          cent_equivalent: 12n,
          hbar_equivalent: 1n,
          expiresAt: 1_700_002_800n,
          at: '1700000001.000000001',
          fromNext: false,
        }),
      },
    );
    assert.strictEqual(get(rated, 'Amount').value, '10.00000000 ℏ');
    assert.strictEqual(get(rated, 'Amount').note, '1000000000 tinybars ≈ $1.20');
  });
});
