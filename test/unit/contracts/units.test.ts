// The unit toggle's arithmetic at the edges: exact in every unit, above 2^53 and above int64.
import * as assert from 'assert';
import { NONE } from '../../../src/present/text';
import { amountText, convertTinybars, displayAmount } from '../../../webview/contractResults/units';

const TWO_53 = 9007199254740992n;
const INT64_MAX = 9223372036854775807n;

describe('contract results units', () => {
  it('keeps 0 and 1 exact in every unit', () => {
    assert.deepStrictEqual(convertTinybars(0n, 'tinybar'), { text: '0', exact: '0', unit: 'tinybar' });
    assert.deepStrictEqual(convertTinybars(0n, 'weibar'), { text: '0', exact: '0', unit: 'weibar' });
    assert.deepStrictEqual(convertTinybars(0n, 'hbar'), { text: '0.00000000', exact: '0.00000000', unit: 'ℏ' });
    assert.deepStrictEqual(convertTinybars(1n, 'tinybar'), { text: '1', exact: '1', unit: 'tinybar' });
    assert.deepStrictEqual(convertTinybars(1n, 'weibar'), {
      text: '10,000,000,000',
      exact: '10000000000',
      unit: 'weibar',
    });
    assert.deepStrictEqual(convertTinybars(1n, 'hbar'), { text: '0.00000001', exact: '0.00000001', unit: 'ℏ' });
  });

  it('shows 2^53 and its neighbours to the last digit', () => {
    for (const v of [TWO_53 - 1n, TWO_53, TWO_53 + 1n]) {
      assert.strictEqual(convertTinybars(v, 'tinybar').exact, v.toString());
      assert.strictEqual(convertTinybars(v, 'weibar').exact, `${v}0000000000`);
    }
    assert.strictEqual(convertTinybars(TWO_53 + 1n, 'tinybar').text, '9,007,199,254,740,993');
    assert.strictEqual(convertTinybars(TWO_53 + 1n, 'hbar').text, '90,071,992.54740993');
  });

  it('gives int64 max in weibars (above int64) exactly', () => {
    const w = convertTinybars(INT64_MAX, 'weibar');
    assert.strictEqual(w.exact, '92233720368547758070000000000');
    assert.strictEqual(w.text, '92,233,720,368,547,758,070,000,000,000');
    assert.ok(BigInt(w.exact) > INT64_MAX);
    assert.strictEqual(convertTinybars(INT64_MAX, 'tinybar').text, '9,223,372,036,854,775,807');
    assert.strictEqual(convertTinybars(INT64_MAX, 'hbar').exact, '92233720368.54775807');
  });

  it('keeps the sign of negative values', () => {
    assert.strictEqual(convertTinybars(-1n, 'weibar').exact, '-10000000000');
    assert.strictEqual(convertTinybars(-150000000n, 'hbar').text, '-1.50000000');
  });

  it('converts the protocol form (decimal text) and shows none as a dash', () => {
    assert.strictEqual(displayAmount(null, 'weibar'), null);
    assert.strictEqual(amountText(null, 'tinybar'), NONE);
    assert.strictEqual(amountText('1250000000', 'weibar'), '12,500,000,000,000,000,000 weibar');
    assert.strictEqual(amountText('1250000000', 'hbar'), '12.50000000 ℏ');
    assert.strictEqual(displayAmount('9223372036854775807', 'weibar')?.exact, '92233720368547758070000000000');
  });
});
