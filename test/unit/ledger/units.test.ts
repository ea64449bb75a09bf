import * as assert from 'assert';
import {
  INT64_MAX,
  groupDigits,
  INT64_MIN,
  TINYBARS_PER_HBAR,
  WEIBARS_PER_TINYBAR,
  formatGrouped,
  formatTinybarsAsHbar,
  hexToBigint,
  parseHbarAmount,
  tinybarToWeibar,
} from '../../../src/ledger';
import { assertGrowth } from '../../support/growth';

const TWO_53 = 9_007_199_254_740_992n;

describe('ledger/units', () => {
  it('has the ledger constants', () => {
    assert.strictEqual(TINYBARS_PER_HBAR, 10n ** 8n);
    assert.strictEqual(WEIBARS_PER_TINYBAR, 10n ** 10n);
    assert.strictEqual(INT64_MAX, 2n ** 63n - 1n);
    assert.strictEqual(INT64_MIN, -(2n ** 63n));
  });

  const grouped: Array<[bigint, string]> = [
    [0n, '0'],
    [1n, '1'],
    [-1n, '-1'],
    [999n, '999'],
    [1000n, '1,000'],
    [-1000n, '-1,000'],
    [1_234_567n, '1,234,567'],
    [TWO_53 - 1n, '9,007,199,254,740,991'],
    [TWO_53, '9,007,199,254,740,992'],
    [TWO_53 + 1n, '9,007,199,254,740,993'],
    [INT64_MAX, '9,223,372,036,854,775,807'],
    [INT64_MIN, '-9,223,372,036,854,775,808'],
    [INT64_MAX * WEIBARS_PER_TINYBAR, '92,233,720,368,547,758,070,000,000,000'],
  ];
  for (const [n, text] of grouped) {
    it(`groups ${n} as ${text}`, () => assert.strictEqual(formatGrouped(n), text));
  }

  const hbar: Array<[bigint, string]> = [
    [0n, '0.00000000 ℏ'],
    [1n, '0.00000001 ℏ'],
    [-1n, '-0.00000001 ℏ'],
    [99_999_999n, '0.99999999 ℏ'],
    [100_000_000n, '1.00000000 ℏ'],
    [-123_456_789_012n, '-1,234.56789012 ℏ'],
    [TWO_53 - 1n, '90,071,992.54740991 ℏ'],
    [TWO_53, '90,071,992.54740992 ℏ'],
    [TWO_53 + 1n, '90,071,992.54740993 ℏ'],
    [5_000_000_000_000_000_000n, '50,000,000,000.00000000 ℏ'], // the total supply
    [INT64_MAX, '92,233,720,368.54775807 ℏ'],
    [INT64_MIN, '-92,233,720,368.54775808 ℏ'],
  ];
  for (const [tinybars, text] of hbar) {
    it(`${tinybars} tinybars = ${text}`, () => {
      assert.strictEqual(formatTinybarsAsHbar(tinybars), text);
      assert.strictEqual(formatTinybarsAsHbar(tinybars, { symbol: false }), text.replace(' ℏ', ''));
      // What we print parses back to the same amount, with and without the symbol.
      assert.strictEqual(parseHbarAmount(text), tinybars);
      assert.strictEqual(parseHbarAmount(text.replace(' ℏ', '')), tinybars);
    });
  }

  const weibars: Array<[bigint, bigint]> = [
    [0n, 0n],
    [1n, 10_000_000_000n],
    [-1n, -10_000_000_000n],
    [TWO_53 + 1n, 90_071_992_547_409_930_000_000_000n],
    [INT64_MAX, 92_233_720_368_547_758_070_000_000_000n],
    [INT64_MIN, -92_233_720_368_547_758_080_000_000_000n],
  ];
  for (const [tinybars, wei] of weibars) {
    it(`${tinybars} tinybars ⇄ ${wei} weibars`, () => {
      assert.strictEqual(tinybarToWeibar(tinybars), wei);
    });
  }

  const amounts: Array<[string, bigint | undefined]> = [
    ['1', 100_000_000n],
    ['1.5', 150_000_000n],
    ['0.00000001', 1n],
    ['-0.00000001', -1n],
    ['+2', 200_000_000n],
    ['1,000', 100_000_000_000n],
    ['1000.12345678', 100_012_345_678n],
    ['3 hbar', 300_000_000n],
    ['3 HBAR', 300_000_000n],
    ['3ℏ', 300_000_000n],
    ['  7.25 ℏ  ', 725_000_000n],
    ['92233720368.54775807', INT64_MAX],
    ['-92233720368.54775808', INT64_MIN],
    ['92233720368.54775808', undefined], // one tinybar above int64
    ['0.000000001', undefined], // below a tinybar
    ['1,00', undefined],
    ['1,0000', undefined],
    ['.5', undefined],
    ['1.', undefined],
    ['1e8', undefined],
    ['', undefined],
    ['ℏ', undefined],
    ['0x10', undefined],
    ['1 2', undefined],
    ['00000000000092233720368.54775807', INT64_MAX], // leading zeros are free
    ['100000000000', undefined], // twelve whole digits: above int64 tinybars
  ];
  for (const [text, tinybars] of amounts) {
    it(`parses ${JSON.stringify(text)} → ${tinybars ?? 'nothing'}`, () =>
      assert.strictEqual(parseHbarAmount(text), tinybars));
  }

  const hex: Array<[string, bigint | undefined]> = [
    ['0x1', 1n],
    ['0x0', 0n],
    ['0x01', 1n],
    ['0xff', 255n],
    ['0xFF', 255n],
    ['0x1fffffffffffff', TWO_53 - 1n],
    ['0x20000000000001', TWO_53 + 1n],
    ['0x7fffffffffffffff', INT64_MAX],
    ['0xffffffffffffffffffffffffffffffff', 2n ** 128n - 1n],
    ['0x', undefined], // the mirror node's "no value"
    ['', undefined],
    ['1', undefined],
    ['ff', undefined],
    ['0xg', undefined],
    ['-0x1', undefined],
    ['0X1', undefined],
    [`0x${'f'.repeat(64)}`, 2n ** 256n - 1n], // a uint256
    [`0x0000${'f'.repeat(64)}`, 2n ** 256n - 1n], // leading zeros are free
    [`0x1${'0'.repeat(64)}`, undefined], // more than a uint256
  ];
  for (const [text, value] of hex) {
    it(`hex ${JSON.stringify(text)} → ${value ?? 'nothing'}`, () => assert.strictEqual(hexToBigint(text), value));
  }
});

describe('ledger/units: digit grouping in linear time', () => {
  it('groups 100,000 digits exactly, in time that grows linearly with the digits', () => {
    const n = BigInt('9'.repeat(100_000));
    const text = formatGrouped(-n);
    assert.strictEqual(text.replace(/[-,]/g, ''), '9'.repeat(100_000));
    assert.match(text, /^-9(,999)+$/);
    // 12,500 and 100,000 digits: a quadratic grouping (it took seconds at 100,000) is ~64× dearer.
    assertGrowth(
      'formatGrouped',
      digits => -BigInt('9'.repeat(digits)),
      value => formatGrouped(value),
      12_500,
    );
  });
  it('groupDigits at every length boundary', () => {
    const cases: Array<[string, string]> = [
      ['', ''],
      ['1', '1'],
      ['123', '123'],
      ['1234', '1,234'],
      ['123456', '123,456'],
      ['1234567', '1,234,567'],
    ];
    for (const [input, expected] of cases) assert.strictEqual(groupDigits(input), expected);
  });
});
