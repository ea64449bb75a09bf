// Middle truncation of long values for sidebar rows: the head and tail kept exactly, the whole
// value when a cut would not shorten it, never half a character.
import * as assert from 'assert';
import fc from 'fast-check';
import { ELLIPSIS, middleTruncate, shortHex } from '../../../src/present/hex';

const EVM = '0xac384c53f03855fa1b3616052f8ba32c6c2a2fec';

describe('middle truncation', () => {
  it('an EVM address reads 0xac38…2fec', () => {
    assert.strictEqual(shortHex(EVM), '0xac38…2fec');
    assert.strictEqual(shortHex(EVM.toUpperCase().replace('0X', '0x')), '0xAC38…2FEC');
    assert.strictEqual(shortHex('0XAC384C53F03855FA1B3616052F8BA32C6C2A2FEC'), '0XAC38…2FEC');
  });

  it('hex without 0x keeps four digits on each side', () => {
    const key = '7934b3c7c0d9ad8a5c0c8b2f58f3a3e6e2a2c7d8b7c0a1e6f3d2c1b0a9f8e7d6';
    assert.strictEqual(shortHex(key), '7934…e7d6');
  });

  it('short and edge inputs come back whole', () => {
    for (const v of ['', '0x', '0x1', 'abc', '0x1234', '0x12345678', '0x123456789', '123456789']) {
      assert.strictEqual(shortHex(v), v, v);
    }
    // One more character than head + … + tail: now the cut saves one.
    assert.strictEqual(shortHex('0x1234567890'), '0x1234…7890');
    assert.strictEqual(shortHex('1234567890'), '1234…7890');
  });

  it('odd head and tail counts are whole numbers, never negative', () => {
    assert.strictEqual(middleTruncate('abcdefghij', 2.9, 2.1), 'ab…ij');
    assert.strictEqual(middleTruncate('abcdefghij', -3, 2), '…ij');
    assert.strictEqual(middleTruncate('abcdefghij', 2, Number.NaN), 'ab…');
    assert.strictEqual(middleTruncate('abcdefghij', 0, 0), '…');
  });

  it('a surrogate pair is never split', () => {
    const face = '😀';
    // The head would end inside the first emoji and the tail start inside the last: both left out whole.
    assert.strictEqual(middleTruncate(`a${face}bcdefghij${face}z`, 2, 2), 'a…z');
    // The tail would start inside the last emoji: it is left out whole.
    assert.strictEqual(middleTruncate(`ab${face}cdefghij${face}z`, 4, 2), `ab${face}…z`);
  });

  it('property: head and tail kept exactly, whole when short, idempotent, no lone surrogates', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), fc.nat(12), fc.nat(12), (text, head, tail) => {
        const out = middleTruncate(text, head, tail);
        if (text.length <= head + tail + 1) {
          assert.strictEqual(out, text);
          return;
        }
        assert.ok(out.length < text.length, 'a cut shortens');
        // The head is `head` characters, one less when that would split a surrogate pair.
        const cut = [head, head - 1].find(
          at =>
            at >= 0 &&
            out.charAt(at) === ELLIPSIS &&
            text.startsWith(out.slice(0, at)) &&
            text.endsWith(out.slice(at + 1)),
        );
        assert.ok(cut !== undefined, `the head and tail of the text around one ellipsis: ${out}`);
        assert.ok(out.length - cut - 1 <= tail, 'the tail is never longer than asked');
        assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(out));
        assert.strictEqual(middleTruncate(out, head, tail), out, 'idempotent');
      }),
      { numRuns: 1000 },
    );
  });

  it('property: every EVM address reads 0x + 4 … 4 of its own digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^0x[0-9a-f]{40}$/), address => {
        const out = shortHex(address);
        assert.strictEqual(out, `${address.slice(0, 6)}…${address.slice(-4)}`);
      }),
      { numRuns: 200 },
    );
  });
});
