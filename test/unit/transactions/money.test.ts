import * as assert from 'assert';
import { parseLossless } from '../../../src/mirror';
import { TransactionsResponseSchema } from '../../../src/mirror/schemas';
import type { RateInForce } from '../../../src/mirror/rates';
import { classifyTransactions, transactionSection } from '../../../src/features/transactions/model';
import { moneyNeeds, type Money } from '../../../src/features/transactions/money';
import { TX_A, tokenTransaction, tokenTransactionTokens } from '../../support/tokenFixtures';
import { aTransactionsBody } from '../../support/builders';

const options = { localTime: (d: Date) => d.toISOString(), hashscan: false };
const tx = TransactionsResponseSchema.parse(parseLossless(aTransactionsBody(tokenTransaction()).text)).transactions[0];
const rateA: RateInForce = {
  cent_equivalent: 12n,
  hbar_equivalent: 1n,
  expiresAt: 1_700_002_800n,
  at: TX_A.consensus,
  fromNext: false,
};
const money = (rate: RateInForce | undefined): Money => ({
  token: tokenTransactionTokens(),
  rate: ts => (ts === TX_A.consensus ? rate : undefined),
});
const section = (m: Money | undefined) => transactionSection(classifyTransactions([tx])[0], 0, options, m);

describe('transactions/money: units, names and dollars in the panel', () => {
  it('the same tables in the same order with or without units and dollars; only the transfers differ', () => {
    const titles = (m: Money | undefined) => section(m).tables.map(t => t.title);
    assert.deepStrictEqual(titles(money(rateA)), titles(undefined));
    const rows = (m: Money | undefined, title: string) =>
      JSON.stringify(section(m).tables.find(t => t.title === title)?.rows);
    for (const title of ['Staking reward transfers', 'Assessed custom fees', 'Max custom fees'])
      assert.strictEqual(rows(money(rateA), title), rows(undefined, title), title);
  });

  it('the fee in dollars at the rate of its consensus time, the rate and its period in the note', () => {
    const fee = section(money(rateA)).fields.find(f => f.label === 'Charged fee')!;
    assert.strictEqual(fee.value, '0.00084650 ℏ ≈ $0.000102');
    assert.match(
      fee.note ?? '',
      /^84650 tinybars · 1 ℏ = \$0\.12, the rate in force at 2023-11-14 22:13:20\.000000009 UTC/,
    );
    const transfers = section(money(rateA)).tables.find(t => t.title === 'Transfers')!;
    assert.deepStrictEqual(transfers.columns, ['Account', 'Amount', 'Approval', '≈ US$']);
    assert.strictEqual(transfers.rows[2][3].text, '≈ -$0.000102');
  });
  it('no rate, hbar_equivalent 0 or no money at all: no dollars, the ℏ value unchanged', () => {
    for (const m of [money(undefined), money({ ...rateA, hbar_equivalent: 0n }), undefined]) {
      const s = section(m);
      assert.strictEqual(s.fields.find(f => f.label === 'Charged fee')!.value, '0.00084650 ℏ');
      assert.ok(!JSON.stringify(s).includes('$'));
    }
  });
  it('token transfers in units with the raw amount beside; NFT transfers by name', () => {
    const s = section(money(undefined));
    const tokens = s.tables.find(t => t.title === 'Token transfers')!;
    assert.deepStrictEqual(
      tokens.rows[0].map(c => c.text),
      ['0.0.600000', '0.0.4242', '-1,500.25 USDC', '-1,500,250,000', 'no'],
    );
    assert.deepStrictEqual(tokens.rows[1].map(c => c.text).slice(2, 4), ['+1,500.25 USDC', '1,500,250,000']);
    const nfts = s.tables.find(t => t.title === 'NFT transfers')!;
    assert.strictEqual(nfts.rows[0][0].text, 'Lens Cats #7');
    // unknown token: the raw amount stays
    const raw = section({ token: () => undefined, rate: () => undefined }).tables.find(
      t => t.title === 'Token transfers',
    )!;
    assert.strictEqual(raw.rows[0][2].text, '-1,500,250,000');
  });
  it('asks only the tokens and times the response names', () => {
    assert.deepStrictEqual(moneyNeeds([tx]), { tokens: ['0.0.600000', '0.0.700000'], times: [TX_A.consensus] });
  });
});
