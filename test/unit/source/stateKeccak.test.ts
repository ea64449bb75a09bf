// The state decoder's own keccak256 (src/source/stateSlots.ts: a mapping entry's slot is the hash
// of its key and the mapping's slot, and a decode of 1,000 slots needs hundreds of them, several
// times faster than viem's here) gives viem's answer for every input: the standard vectors, every
// length across the 136-byte rate boundaries, and random bytes.
import * as assert from 'assert';
import * as fc from 'fast-check';
import { keccak256 } from 'viem';
import { keccak256Hex } from '../../../src/source/stateSlots';

const viemHex = (hex: string): string => keccak256(`0x${hex}`).slice(2);

describe('source/stateSlots: keccak256 as viem computes it', () => {
  it('gives the standard vectors', () => {
    assert.strictEqual(keccak256Hex(''), 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    assert.strictEqual(
      keccak256Hex(Buffer.from('abc').toString('hex')),
      '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
    );
  });

  it('agrees with viem for every length from 0 to 700 bytes (the padding across several blocks)', () => {
    for (let n = 0; n <= 700; n++) {
      const hex = Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + n) & 255)).toString('hex');
      assert.strictEqual(keccak256Hex(hex), viemHex(hex), `${n} bytes`);
    }
  });

  it('agrees with viem on random bytes, upper- and lower-case hex alike (fast-check)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.boolean(), (bytes, upper) => {
        const hex = Buffer.from(bytes).toString('hex');
        assert.strictEqual(keccak256Hex(upper ? hex.toUpperCase() : hex), viemHex(hex));
      }),
      { numRuns: 500 },
    );
  });
});
