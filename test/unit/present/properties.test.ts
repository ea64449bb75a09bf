// Property tests (fast-check) for the presentation functions the network feeds: ≥ 1,000 generated
// inputs each, no exception, each decided fast.
import * as assert from 'assert';
import fc from 'fast-check';
import { MirrorError } from '../../../src/mirror';
import {
  consensusTime,
  describeMirrorError,
  forNotification,
  formatTokenAmount,
  nanosTime,
  plainText,
  tinybarsToUsd,
} from '../../../src/present';

const RUNS = { numRuns: 1000 };
const LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/i;
const CONTROLS = /[\n\r\u202a-\u202e\u2066-\u2069\u200b-\u200f]/;

describe('present: properties', () => {
  it('formatTokenAmount keeps every digit and the sign for any bigint and decimals 0..255', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 300n), max: 2n ** 300n }), fc.integer({ min: 0, max: 255 }), (a, d) => {
        const text = formatTokenAmount(a, d, { trimZeros: false })!;
        assert.doesNotMatch(text, /e|NaN/);
        const [whole, fraction = ''] = text.replace(/,/g, '').split('.');
        assert.strictEqual(fraction.length, d);
        const digits = BigInt(`${whole.replace('-', '')}${fraction}`);
        assert.strictEqual(a < 0n ? -digits : digits, a);
        assert.strictEqual(text.startsWith('-'), a < 0n);
      }),
      RUNS,
    );
  });
  it('forNotification leaves no link and no control, whatever the text', () => {
    const hostile = fc.stringMatching(/^[[\]()a-z:/ "\u202e\n]{0,60}$/);
    const withLinks = fc
      .tuple(fc.string(), fc.constantFrom('command:x', 'https://e.example', 'file:///etc'), fc.string())
      .map(([a, l, b]) => `${a}[x](${l})${b}`);
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), hostile, withLinks), text => {
        const safe = forNotification(text);
        assert.doesNotMatch(safe, LINK);
        assert.doesNotMatch(safe, CONTROLS);
      }),
      RUNS,
    );
  });
  it('plainText is one bounded line with no bidi or invisible control', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), fc.integer({ min: 1, max: 300 }), (t, max) => {
        const out = plainText(t, max);
        assert.doesNotMatch(out, CONTROLS);
      }),
      RUNS,
    );
  });
  it('time formatters answer for any timestamp text or nanosecond count, never "Invalid"', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.stringMatching(/^\d{1,12}(\.\d{1,9})?$/)),
        fc.bigInt({ min: -(2n ** 80n), max: 2n ** 200n }),
        (text, ns) => {
          assert.doesNotMatch(consensusTime(text), /Invalid/);
          assert.doesNotMatch(nanosTime(ns), /Invalid/);
        },
      ),
      RUNS,
    );
  });
  it('dollars: never throws; no value exactly when hbar_equivalent ≤ 0 or cents < 0', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
        fc.bigInt({ min: -5n, max: 10n ** 9n }),
        fc.bigInt({ min: -5n, max: 10n ** 9n }),
        (t, cents, hbars) => {
          const usd = tinybarsToUsd(t, { cent_equivalent: cents, hbar_equivalent: hbars });
          assert.strictEqual(usd === undefined, hbars <= 0n || cents < 0n);
          if (usd !== undefined) assert.match(usd, /^-?\$[\d,]+\.\d{2,12}$/);
        },
      ),
      RUNS,
    );
  });
  it('describeMirrorError never throws and its sentence stays one safe line', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        fc.array(fc.string({ unit: 'binary' }), { maxLength: 3 }),
        (status, msgs) => {
          const d = describeMirrorError(new MirrorError('http', status, msgs, 'u', 'm'), { network: 'testnet' });
          assert.doesNotMatch(d.sentence, CONTROLS);
          assert.ok(d.text.length > 0);
        },
      ),
      RUNS,
    );
  });
});
