// The state each panel kind saved (setState), as its serializer gets it back after a reload: the
// host checks it with the protocol's validators (strict) before rebuilding the panel from it, and
// a state it cannot trust is refused case by case, naming the field, so the panel can say why.
import * as assert from 'assert';
import { restoredBlockState } from '../../../src/features/blocks/panelState';
import { filtersWith } from '../../../src/features/contracts/filters';
import { restoredTransactionState } from '../../../src/features/transactions/panelState';
import { contractResultsStateValidator, type ContractResultsPanelState } from '../../../webview/protocol';
import { check, type Validator } from '../../../webview/shared/validate';
import { stateValidator as pageStateValidator } from '../../../webview/contractResults/validators';

const H64 = 'ff90773193892540084e62086df3953d2362061b16cf682fde5bb00830b232b2';

/** Each case is refused with a message starting with its path. */
function assertRefused(validate: Validator<unknown>, cases: ReadonlyArray<readonly [unknown, RegExp]>): void {
  for (const [raw, path] of cases) {
    const verdict = check(validate, raw);
    assert.ok(!verdict.ok, `accepted ${JSON.stringify(raw)?.slice(0, 120)}`);
    assert.match(verdict.message, path, JSON.stringify(raw)?.slice(0, 120));
  }
}

describe('restored panel state: transaction', () => {
  const good = { panel: 'transaction', network: 'testnet', idOrHash: '0.0.10-1234567890-000000001' } as const;

  it('accepts what the panel saves, with its id in the form the lookup makes', () => {
    assert.deepStrictEqual(restoredTransactionState({ ...good, nonce: 1 }), { ...good, nonce: 1 });
    assert.deepStrictEqual(restoredTransactionState({ ...good, scheduled: true, nonce: 0 }), {
      ...good,
      nonce: 0,
      scheduled: true,
    });
    assert.deepStrictEqual(restoredTransactionState({ ...good, nonce: 2_147_483_647 }), {
      ...good,
      nonce: 2_147_483_647,
    });
    assert.deepStrictEqual(restoredTransactionState({ ...good, idOrHash: '0.0.10@1234567890.000000001' }), good);
    assert.deepStrictEqual(restoredTransactionState({ ...good, extra: '<script>' }), good, 'other keys dropped');
  });

  it('refuses a damaged state, naming what is wrong', () => {
    assertRefused(restoredTransactionState, [
      [undefined, /^message: expected an object/],
      [null, /^message: expected an object/],
      ['0.0.10-1234567890-000000001', /^message: expected an object/],
      [[good], /^message: expected an object/],
      [{ ...good, panel: 'block' }, /^panel: expected "transaction"/],
      [{ network: 'testnet', idOrHash: good.idOrHash }, /^panel:/],
      [{ ...good, network: '' }, /^network: expected a string of 1 to 100 characters/],
      [{ ...good, network: 'n'.repeat(101) }, /^network:/],
      [{ ...good, network: 296 }, /^network:/],
      [{ ...good, idOrHash: '' }, /^idOrHash: expected a string of 1 to 200 characters/],
      [{ ...good, idOrHash: '1'.repeat(201) }, /^idOrHash:/],
      [{ ...good, idOrHash: undefined }, /^idOrHash:/],
      [{ ...good, idOrHash: '<script>' }, /^idOrHash: expected a transaction id or hash/],
      [{ ...good, idOrHash: '0.0.10-1234567890' }, /^idOrHash: expected a transaction id or hash/],
      [{ ...good, nonce: -1 }, /^nonce: expected an integer from 0 to 2147483647/],
      [{ ...good, nonce: 2_147_483_648 }, /^nonce:/],
      [{ ...good, nonce: 1.5 }, /^nonce:/],
      [{ ...good, nonce: '1' }, /^nonce:/],
      [{ ...good, scheduled: 'true' }, /^scheduled: expected a boolean/],
    ]);
  });
});

describe('restored panel state: block', () => {
  const good = { panel: 'block', network: 'mainnet', hashOrNumber: '17' } as const;

  it('accepts what the panel saves, with the block in the form the lookup makes', () => {
    assert.deepStrictEqual(restoredBlockState(good), good);
    assert.deepStrictEqual(restoredBlockState({ ...good, hashOrNumber: '0x11' }), good);
    assert.deepStrictEqual(restoredBlockState({ ...good, hashOrNumber: H64.toUpperCase() }), {
      ...good,
      hashOrNumber: `0x${H64}`,
    });
    assert.deepStrictEqual(restoredBlockState({ ...good, nonce: 3 }), good, 'other keys dropped');
  });

  it('refuses a damaged state, naming what is wrong', () => {
    assertRefused(restoredBlockState, [
      [null, /^message: expected an object/],
      [17, /^message: expected an object/],
      [{ ...good, panel: 'transaction' }, /^panel: expected "block"/],
      [{ network: 'mainnet', hashOrNumber: '17' }, /^panel:/],
      [{ ...good, network: '' }, /^network: expected a string of 1 to 100 characters/],
      [{ ...good, network: 'n'.repeat(101) }, /^network:/],
      [{ ...good, network: null }, /^network:/],
      [{ ...good, hashOrNumber: '' }, /^hashOrNumber: expected a string of 1 to 200 characters/],
      [{ ...good, hashOrNumber: '1'.repeat(201) }, /^hashOrNumber:/],
      [{ ...good, hashOrNumber: 17 }, /^hashOrNumber:/],
      [{ ...good, hashOrNumber: 'latest' }, /^hashOrNumber: expected a block number or hash/],
      [{ ...good, hashOrNumber: '-1' }, /^hashOrNumber: expected a block number or hash/],
      [{ ...good, hashOrNumber: '9223372036854775808' }, /^hashOrNumber: expected a block number or hash/],
      [{ ...good, hashOrNumber: H64.slice(2) }, /^hashOrNumber: expected a block number or hash/],
    ]);
  });
});

describe('restored panel state: contract results', () => {
  const host = contractResultsStateValidator(true);
  const good: ContractResultsPanelState = {
    filters: filtersWith({
      from: '0.0.1001',
      timestamps: [{ operator: 'gte', value: '1700000000.000000001' }],
      order: 'asc',
      limit: '50',
    }),
    unit: 'hbar',
  };
  const withFilters = (f: Record<string, unknown>): unknown => ({ ...good, filters: { ...good.filters, ...f } });

  it('accepts what the page saves', () => {
    assert.deepStrictEqual(host(JSON.parse(JSON.stringify(good))), good);
    assert.deepStrictEqual(host({ filters: filtersWith({}), unit: 'tinybar' }), {
      filters: filtersWith({}),
      unit: 'tinybar',
    });
    assert.deepStrictEqual(host({ ...good, rows: [1, 2, 3] }), good, 'other keys dropped');
  });

  it('refuses a damaged state, naming what is wrong', () => {
    assertRefused(host, [
      [undefined, /^message: expected an object/],
      ['{"unit":"hbar"}', /^message: expected an object/],
      [{ filters: good.filters }, /^unit: expected "tinybar" or "weibar" or "hbar"/],
      [{ ...good, unit: 'wei' }, /^unit:/],
      [{ unit: 'hbar' }, /^filters: expected an object/],
      [withFilters({ from: 1001 }), /^filters\.from: expected a string of 0 to 200 characters/],
      [withFilters({ from: 'x'.repeat(201) }), /^filters\.from:/],
      [withFilters({ blockNumber: '1'.repeat(201) }), /^filters\.blockNumber:/],
      [withFilters({ blockHash: 'a'.repeat(201) }), /^filters\.blockHash:/],
      [withFilters({ timestamps: 'gte:1' }), /^filters\.timestamps: expected an array/],
      [withFilters({ timestamps: Array(21).fill({ operator: 'eq', value: '1' }) }), /^filters\.timestamps:/],
      [withFilters({ timestamps: [{ operator: 'like', value: '1' }] }), /^filters\.timestamps\[0\]\.operator:/],
      [withFilters({ timestamps: [{ operator: 'eq', value: '1'.repeat(65) }] }), /^filters\.timestamps\[0\]\.value:/],
      [withFilters({ transactionIndex: '1'.repeat(65) }), /^filters\.transactionIndex:/],
      [withFilters({ internal: 'false' }), /^filters\.internal: expected a boolean/],
      [withFilters({ order: 'up' }), /^filters\.order: expected "asc" or "desc"/],
      [withFilters({ limit: 25 }), /^filters\.limit:/],
      [withFilters({ limit: '1'.repeat(33) }), /^filters\.limit:/],
    ]);
  });

  it('the page checks shapes only: a long value it keeps, the host bounds', () => {
    const long = withFilters({ from: 'x'.repeat(201) });
    assert.ok(check(pageStateValidator, long).ok);
    assert.ok(!check(host, long).ok);
    assert.throws(
      () => pageStateValidator(withFilters({ internal: 'false' })),
      /filters\.internal: expected a boolean/,
    );
  });
});
