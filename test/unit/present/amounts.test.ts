import * as assert from 'assert';
import {
  MAX_SYMBOL_LENGTH,
  approxUsd,
  checkDecimals,
  formatTokenAmount,
  hbar,
  rateText,
  rawAmount,
  signedHbar,
  tinybarText,
  tinybarsAsWeibarText,
  tinybarsToUsd,
  tokenSymbol,
  weibarText,
} from '../../../src/present';
import { assertGrowth } from '../../support/growth';

const INT64_MAX = 9_223_372_036_854_775_807n;
const INT64_MIN = -9_223_372_036_854_775_808n;

describe('present/amounts', () => {
  it('ℏ and signed ℏ', () => {
    assert.strictEqual(hbar(123_456_789_012n), '1,234.56789012 ℏ');
    assert.strictEqual(signedHbar(150_000_000n), '+1.50000000 ℏ');
    assert.strictEqual(signedHbar(-84_650n), '-0.00084650 ℏ');
    assert.strictEqual(signedHbar(0n), '0.00000000 ℏ');
  });
  it('tinybars and weibars, grouped, singular for one', () => {
    assert.strictEqual(tinybarText(84_650n), '84,650 tinybars');
    assert.strictEqual(tinybarText(1n), '1 tinybar');
    assert.strictEqual(weibarText(-1n), '-1 weibar');
    assert.strictEqual(tinybarsAsWeibarText(84_650n), '846,500,000,000,000 weibars');
    assert.strictEqual(rawAmount(INT64_MIN), '-9,223,372,036,854,775,808');
  });

  describe('token units with bigint, any decimals 0..255', () => {
    const vectors: Array<[bigint, number, string]> = [
      [INT64_MAX, 0, '9,223,372,036,854,775,807'],
      [INT64_MAX, 1, '922,337,203,685,477,580.7'],
      [INT64_MAX, 8, '92,233,720,368.54775807'],
      [INT64_MAX, 18, '9.223372036854775807'],
      [INT64_MAX, 30, '0.000000000009223372036854775807'],
      [INT64_MAX, 255, `0.${'0'.repeat(236)}9223372036854775807`],
      // above int64
      [2n ** 64n, 8, '184,467,440,737.09551616'],
      [10n ** 40n + 1n, 30, '10,000,000,000.000000000000000000000000000001'],
      [10n ** 300n, 255, `1${',000'.repeat(15)}`],
      // negative
      [INT64_MIN, 8, '-92,233,720,368.54775808'],
      [-1n, 30, `-0.${'0'.repeat(29)}1`],
      [-1_500_250_000n, 6, '-1,500.25'],
      // zero
      [0n, 0, '0'],
      [0n, 18, '0'],
      [0n, 255, '0'],
      [150_000_000n, 8, '1.5'],
    ];
    for (const [amount, decimals, expected] of vectors) {
      it(`${amount} with ${decimals} decimals → ${expected.length > 60 ? `${expected.slice(0, 40)}…` : expected}`, () => {
        const text = formatTokenAmount(amount, decimals);
        assert.strictEqual(text, expected);
        assert.doesNotMatch(text, /e\+|e-|NaN|Infinity/);
      });
    }
    it('keeps every digit: removing the grouping and the point gives the amount back', () => {
      for (const d of [0, 1, 8, 18, 30, 255]) {
        for (const a of [INT64_MAX, INT64_MAX + 1n, INT64_MIN, 10n ** 77n - 1n, 7n]) {
          const text = formatTokenAmount(a, d, { trimZeros: false })!;
          const [whole, fraction = ''] = text.replace(/,/g, '').split('.');
          assert.strictEqual(fraction.length, d);
          assert.strictEqual(BigInt(`${whole.replace('-', '')}${fraction}`) * (a < 0n ? -1n : 1n), a);
        }
      }
    });
    it('no trimming pads the fraction; signed shows +', () => {
      assert.strictEqual(formatTokenAmount(0n, 2, { trimZeros: false }), '0.00');
      assert.strictEqual(formatTokenAmount(150_025n, 2, { signed: true, symbol: 'USDC' }), '+1,500.25 USDC');
      assert.strictEqual(formatTokenAmount(-5n, 0, { signed: true }), '-5');
    });
    it('decimals as bigint or digit string are accepted', () => {
      assert.strictEqual(formatTokenAmount(12345n, 2n), '123.45');
      assert.strictEqual(formatTokenAmount(12345n, '2'), '123.45');
    });
    it('unusable decimals give undefined (show the raw amount)', () => {
      for (const d of [-1, 256, 1.5, Number.NaN, '1e2', '-2', '', 2n ** 64n, null, undefined, {}])
        assert.strictEqual(
          formatTokenAmount(5n, d),
          undefined,
          JSON.stringify(d, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
        );
      assert.strictEqual(checkDecimals(255), 255);
      assert.strictEqual(checkDecimals(0), 0);
      assert.strictEqual(checkDecimals(256), undefined);
    });
    it('a symbol from the network is made safe and cut', () => {
      assert.strictEqual(formatTokenAmount(150_025n, 2, { symbol: 'USDC' }), '1,500.25 USDC');
      assert.strictEqual(tokenSymbol('<b>X</b>'), '<b>X</b>'); // plain text: shown literally, never rendered
      assert.strictEqual(tokenSymbol('US\u202EDC'), 'US⟨U+202E⟩DC');
      const long = tokenSymbol('A'.repeat(10_240));
      assert.ok(long.length <= MAX_SYMBOL_LENGTH + 1, String(long.length));
      assert.ok(long.endsWith('…'));
      assert.strictEqual(formatTokenAmount(1n, 0, { symbol: '   ' }), '1');
      assert.strictEqual(formatTokenAmount(1n, 0, { symbol: 'a\nb' }), '1 a b');
    });
    it('the cost of formatting grows linearly with the number of amounts and with the symbol’s length', () => {
      // A batch of n amounts and one of 8n: each amount costs the same, whatever came before it.
      assertGrowth(
        'formatTokenAmount × n',
        n => n,
        count => {
          for (let i = 0; i < count; i++) formatTokenAmount(INT64_MAX - BigInt(i), i % 40, { symbol: 'USDC' });
        },
        1000,
      );
      // A symbol from the network of any length: read once, then cut.
      assertGrowth(
        'formatTokenAmount with a long symbol',
        n => 'A'.repeat(n),
        symbol => formatTokenAmount(INT64_MAX, 18, { symbol }),
        10_240,
      );
    });
  });

  describe('dollars from an exchange rate (exact bigint)', () => {
    // Hand-computed: dollars = tinybars × cents / (hbar_equivalent × 10^8 × 100).
    const rate = { cent_equivalent: 12, hbar_equivalent: 1 }; // 1 ℏ = 12 ¢
    it('35,083,333 tinybars at 12 ¢/ℏ = $0.0420999996 → $0.0421', () =>
      assert.strictEqual(approxUsd(35_083_333n, rate), '≈ $0.0421'));
    it('1,000,000 ℏ at 12 ¢/ℏ = $120,000.00', () => assert.strictEqual(tinybarsToUsd(10n ** 14n, rate), '$120,000.00'));
    it('-1 ℏ at 12 ¢/ℏ = -$0.12', () => assert.strictEqual(tinybarsToUsd(-100_000_000n, rate), '-$0.12'));
    it('0 → $0.00', () => assert.strictEqual(tinybarsToUsd(0n, rate), '$0.00'));
    it('12.5 ℏ at 1 ¢/ℏ = $0.125 → $0.13 (half up)', () =>
      assert.strictEqual(tinybarsToUsd(1_250_000_000n, { cent_equivalent: 1, hbar_equivalent: 1 }), '$0.13'));
    it('a fee of 84,650 tinybars at 596,987 ¢ / 30,000 ℏ = $0.000168449… → $0.000168', () => {
      // 84,650 × 596,987 = 50,534,949,550; / (30,000 × 10^10) = 0.00016844983…
      assert.strictEqual(tinybarsToUsd(84_650n, { cent_equivalent: 596_987n, hbar_equivalent: 30_000n }), '$0.000168');
    });
    it('one tinybar at 12 ¢/ℏ = $0.0000000012 → three significant digits', () =>
      assert.strictEqual(tinybarsToUsd(1n, rate), '$0.00000000120'));
    it('int64 max tinybars at a large rate stays exact', () =>
      // 9,223,372,036,854,775,807 × 10^6 / (1 × 10^10) = 922,337,203,685,477.5807 → .58
      assert.strictEqual(
        tinybarsToUsd(INT64_MAX, { cent_equivalent: 1_000_000, hbar_equivalent: 1 }),
        '$922,337,203,685,477.58',
      ));
    it('hbar_equivalent 0, negative values or unsafe numbers: no value, no exception', () => {
      assert.strictEqual(tinybarsToUsd(5n, { cent_equivalent: 12, hbar_equivalent: 0 }), undefined);
      assert.strictEqual(tinybarsToUsd(5n, { cent_equivalent: -1, hbar_equivalent: 1 }), undefined);
      assert.strictEqual(tinybarsToUsd(5n, { cent_equivalent: 1.5, hbar_equivalent: 1 }), undefined);
      assert.strictEqual(approxUsd(5n, { cent_equivalent: 12, hbar_equivalent: 0 }), undefined);
      assert.strictEqual(approxUsd(5n, undefined), undefined);
    });
    it('the rate itself per ℏ', () => {
      assert.strictEqual(rateText(rate), '1 ℏ = $0.12');
      assert.strictEqual(rateText({ cent_equivalent: 1, hbar_equivalent: 0 }), undefined);
    });
  });
});
