// "Debug" at both panels' boundaries and what the hosts debug: the transaction panel's page sends
// `debug` naming nothing, the contract results page names only a row key (the host refuses any
// other field, a key too long or not text), and the hosts pick the transaction themselves: the
// contract transaction whose call trace the panel draws, by its `@` id, or the row's hash.
import * as assert from 'assert';
import { rowDebugTarget } from '../../../src/features/contracts/trace';
import { toRow } from '../../../src/features/contracts/rows';
import { transactionDebugTarget } from '../../../src/features/transactions/debugTarget';
import { parseLossless } from '../../../src/mirror';
import { ContractResultsResponseSchema, TransactionsResponseSchema } from '../../../src/mirror/schemas';
import { toWebview as detailPage } from '../../../webview/detail/validators';
import {
  contractResultsToHostValidator,
  detailActionValidator,
  detailToHostValidator,
} from '../../../webview/protocol';
import { check } from '../../../webview/shared/validate';
import { aContractResult, aContractResultsBody, aTransaction, aTransactionsBody } from '../../support/builders';

describe('webview/protocol: Debug', () => {
  const action = (a: unknown) => check(detailToHostValidator, { type: 'action', action: a });

  it('the transaction panel host accepts `debug` as it is, and the page reads it in a button', () => {
    const parsed = action({ type: 'debug' });
    assert.ok(parsed.ok);
    assert.deepStrictEqual(parsed.value, { type: 'action', action: { type: 'debug' } });
    assert.deepStrictEqual(detailActionValidator(false)({ type: 'debug' }), { type: 'debug' });
  });

  it('the transaction panel host refuses a `debug` that names anything, naming the field', () => {
    const cases: [unknown, RegExp][] = [
      [{ type: 'debug', transaction: '0.0.1001@1700000000.000000001' }, /^action\.transaction: .*no such key/],
      [{ type: 'debug', network: 'mainnet' }, /^action\.network: .*no such key/],
      [{ type: 'debug', key: 's0' }, /^action\.key: .*no such key/],
      [{ type: 'Debug' }, /^action\.type: .*one of/],
      ['debug', /^action\.type/],
    ];
    for (const [a, why] of cases) {
      const parsed = action(a);
      assert.ok(!parsed.ok, JSON.stringify(a));
      assert.match(parsed.message, why);
    }
  });

  it('the contract results host accepts `debug` with a row key of the `detail` message’s bounds', () => {
    for (const key of ['r1', 'r' + '9'.repeat(99), '']) {
      const parsed = check(contractResultsToHostValidator, { type: 'debug', key });
      assert.ok(parsed.ok, key);
      assert.deepStrictEqual(parsed.value, { type: 'debug', key });
      // The same keys as a detail's: a row that can be opened can be debugged.
      assert.ok(check(contractResultsToHostValidator, { type: 'detail', key }).ok);
    }
  });

  it('the contract results host refuses an overlong key, a key that is not text, a missing key or more fields', () => {
    const cases: [unknown, RegExp][] = [
      [{ type: 'debug', key: 'r'.repeat(101) }, /^key: .*0 to 100 characters/],
      [{ type: 'debug', key: 12 }, /^key: .*0 to 100 characters/],
      [{ type: 'debug', key: null }, /^key/],
      [{ type: 'debug', key: ['r1'] }, /^key/],
      [{ type: 'debug' }, /^key/],
      [{ type: 'debug', key: 'r1', transaction: '0x' + 'ab'.repeat(32) }, /^transaction: .*no such key/],
      [{ type: 'debug', key: 'r1', network: 'mainnet' }, /^network: .*no such key/],
    ];
    for (const [message, why] of cases) {
      const parsed = check(contractResultsToHostValidator, message);
      assert.ok(!parsed.ok, JSON.stringify(message));
      assert.match(parsed.message, why);
    }
  });

  it('the transaction page accepts a section that offers Debug, and refuses a flag that is not a boolean', () => {
    const section = { id: 'tx-0-trace', title: 'Call trace', fields: [], tables: [], buttons: [], debug: true };
    const view = (s: unknown) => ({
      type: 'view',
      view: { status: 'loaded', title: 'T', network: 'testnet', summary: '', sections: [s], buttons: [] },
    });
    assert.deepStrictEqual(detailPage(view(section)), view(section));
    assert.throws(() => detailPage(view({ ...section, debug: 'yes' })), /sections\[0\]\.debug: expected a boolean/);
  });
});

describe('what Debug debugs', () => {
  const transactions = (...docs: ReturnType<typeof aTransaction>[]) =>
    TransactionsResponseSchema.parse(parseLossless(aTransactionsBody(...docs).text)).transactions;

  it('a transaction panel: its contract transaction by its `@` id, on the panel’s network', () => {
    for (const name of ['CONTRACTCALL', 'ETHEREUMTRANSACTION', 'CONTRACTCREATEINSTANCE'])
      assert.deepStrictEqual(
        transactionDebugTarget(
          'testnet',
          transactions(aTransaction({ name, transaction_id: '0.0.1001-1700000000-000000001' })),
        ),
        { transaction: '0.0.1001@1700000000.000000001', network: 'testnet' },
        name,
      );
  });

  it('a transaction panel: the parent, not a child record or a scheduled one; none for other transactions', () => {
    const child = aTransaction({ name: 'CONTRACTCALL', nonce: 1, transaction_id: '0.0.1001-1700000000-000000002' });
    const parent = aTransaction({ name: 'CONTRACTCALL', transaction_id: '0.0.1001-1700000000-000000002' });
    assert.deepStrictEqual(transactionDebugTarget('mainnet', transactions(child, parent)), {
      transaction: '0.0.1001@1700000000.000000002',
      network: 'mainnet',
    });
    assert.strictEqual(transactionDebugTarget('testnet', transactions(aTransaction())), undefined, 'a transfer');
    assert.strictEqual(transactionDebugTarget('testnet', transactions(child)), undefined, 'a child record alone');
    const scheduled = aTransaction({ name: 'CONTRACTCALL', scheduled: true });
    assert.strictEqual(transactionDebugTarget('testnet', transactions(scheduled)), undefined, 'a scheduled one');
    assert.strictEqual(transactionDebugTarget('testnet', []), undefined);
  });

  const rowOf = (overrides: Parameters<typeof aContractResult>[0]) =>
    ContractResultsResponseSchema.parse(
      parseLossless(aContractResultsBody([aContractResult(overrides)]).text),
    ).results.map(r => toRow(r, 'r1'))[0];

  it('a contract result row: its hash (the row’s trace subject), with the panel’s network when known', () => {
    const hash = '0x' + '5a'.repeat(32);
    assert.deepStrictEqual(rowDebugTarget('previewnet', rowOf({ hash })), { transaction: hash, network: 'previewnet' });
    assert.deepStrictEqual(rowDebugTarget(undefined, rowOf({ hash })), { transaction: hash });
    const long = '0x' + 'cd'.repeat(48);
    assert.deepStrictEqual(rowDebugTarget('testnet', rowOf({ hash: long })), { transaction: long, network: 'testnet' });
  });

  it('a contract result row without a usable hash: nothing to debug', () => {
    for (const hash of ['0x', '0x' + '5a'.repeat(31), 'not a hash'])
      assert.strictEqual(rowDebugTarget('testnet', rowOf({ hash })), undefined, hash);
  });
});
