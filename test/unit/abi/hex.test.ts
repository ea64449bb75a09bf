// Hex text to bytes and back without Buffer (the browser build has none): the same answers as
// Node's Buffer hex codec for every byte string, either case, with or without `0x`, and the same
// refusals (an odd number of digits, a non-hex character), in time linear in the input.
import * as assert from 'assert';
import fc from 'fast-check';
import { parseHex, toHex } from '../../../src/abi/hex';
import { cpuPerRun } from '../../support/growth';

/** Hex text in mixed case: each digit upper-cased where `upper` says so. */
function mixedCase(hex: string, upper: readonly boolean[]): string {
  return [...hex].map((c, i) => (upper[i % Math.max(upper.length, 1)] ? c.toUpperCase() : c)).join('');
}

describe('abi/hex: hex text and bytes without Buffer', () => {
  it("agrees with Buffer's hex codec both ways, in either case, with or without 0x and spaces", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 200 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 7 }),
        fc.constantFrom('', '0x', '0X'),
        fc.constantFrom('', ' ', '\n\t'),
        (bytes, upper, prefix, space) => {
          const reference = Buffer.from(bytes).toString('hex');
          assert.strictEqual(toHex(bytes), `0x${reference}`);
          const parsed = parseHex(`${space}${prefix}${mixedCase(reference, upper)}${space}`);
          assert.ok(parsed instanceof Uint8Array);
          assert.deepStrictEqual([...parsed], [...bytes]);
          assert.strictEqual(parsed.length, Buffer.from(reference, 'hex').length);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads only the given view of a larger buffer', () => {
    const whole = Uint8Array.from([0xde, 0xad, 0xbe, 0xef, 0x01]);
    assert.strictEqual(toHex(whole.subarray(1, 4)), '0xadbeef');
    assert.strictEqual(toHex(new Uint8Array(0)), '0x');
    assert.deepStrictEqual(parseHex('0x'), new Uint8Array(0));
  });

  it('refuses an odd number of digits and any non-hex character, as before', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 40 }), fc.nat(), (bytes, at) => {
        const hex = Buffer.from(bytes).toString('hex');
        assert.strictEqual(parseHex(hex.slice(1)), 'an odd number of hex digits');
        const i = at % hex.length;
        for (const bad of ['g', 'G', 'x', '-', '\u00e9', '\u0660']) {
          assert.strictEqual(parseHex(`0x${hex.slice(0, i)}${bad}${hex.slice(i + 1)}`), 'not hex', bad);
        }
      }),
      { numRuns: 200 },
    );
    assert.strictEqual(parseHex('0x0x12'), 'not hex');
  });

  it('toHex of n and 8n bytes: the larger costs about 8 times as much CPU, not more', () => {
    const small = new Uint8Array(128 * 1024).map((_, i) => i * 7);
    const large = new Uint8Array(8 * small.length).map((_, i) => i * 13);
    const ratio = cpuPerRun(() => toHex(large), 5) / cpuPerRun(() => toHex(small), 5);
    assert.ok(ratio < 24, `8× the bytes cost ${ratio.toFixed(1)}× the CPU time`);
  });
});
