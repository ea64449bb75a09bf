import * as assert from 'assert';
import {
  entityIdToLongZero,
  isEvmAddress,
  longZeroToEntityId,
  normalizeEvmAddress,
  type EntityId,
} from '../../../src/ledger';

describe('ledger/EVM addresses', () => {
  const normalize: Array<[string, string | undefined]> = [
    ['0xac384c53f03855fa1b3616052f8ba32c6c2a2fec', '0xac384c53f03855fa1b3616052f8ba32c6c2a2fec'],
    ['ac384c53f03855fa1b3616052f8ba32c6c2a2fec', '0xac384c53f03855fa1b3616052f8ba32c6c2a2fec'],
    ['0xAC384C53F03855FA1B3616052F8BA32C6C2A2FEC', '0xac384c53f03855fa1b3616052f8ba32c6c2a2fec'],
    ['0x0000000000000000000000000000000000000008', '0x0000000000000000000000000000000000000008'],
    ['0xac384c53f03855fa1b3616052f8ba32c6c2a2fe', undefined], // 39 digits
    ['0xac384c53f03855fa1b3616052f8ba32c6c2a2fec0', undefined], // 41 digits
    ['0Xac384c53f03855fa1b3616052f8ba32c6c2a2fec', undefined], // the mirror node only strips "0x"
    ['0xgc384c53f03855fa1b3616052f8ba32c6c2a2fec', undefined],
    ['0x', undefined],
    ['', undefined],
    ['0.0.ac384c53f03855fa1b3616052f8ba32c6c2a2fec', undefined],
  ];
  for (const [text, expected] of normalize) {
    it(`normalizes ${JSON.stringify(text)} → ${expected ?? 'nothing'}`, () => {
      assert.strictEqual(normalizeEvmAddress(text), expected);
      assert.strictEqual(isEvmAddress(text), expected !== undefined);
    });
  }

  // Long-zero layout: shard 4 bytes, realm 8 bytes, num 8 bytes, big-endian.
  const roundTrips: Array<[EntityId, string]> = [
    [{ shard: 0n, realm: 0n, num: 0n }, '0x0000000000000000000000000000000000000000'],
    [{ shard: 0n, realm: 0n, num: 8n }, '0x0000000000000000000000000000000000000008'],
    [{ shard: 0n, realm: 0n, num: 2001n }, '0x00000000000000000000000000000000000007d1'],
    [{ shard: 0n, realm: 0n, num: 16446n }, '0x000000000000000000000000000000000000403e'],
    [{ shard: 1n, realm: 2n, num: 3n }, '0x0000000100000000000000020000000000000003'],
    [{ shard: 0n, realm: 0n, num: 4_294_967_295n }, '0x00000000000000000000000000000000ffffffff'],
    [{ shard: 0n, realm: 0n, num: 4_294_967_296n }, '0x0000000000000000000000000000000100000000'],
    [{ shard: 0n, realm: 0n, num: 9_999_999_999n }, '0x00000000000000000000000000000002540be3ff'],
    [
      { shard: 4_294_967_295n, realm: 9_999_999_999n, num: 9_999_999_999n },
      '0xffffffff00000002540be3ff00000002540be3ff',
    ],
  ];
  for (const [id, address] of roundTrips) {
    it(`${id.shard}.${id.realm}.${id.num} ⇄ ${address}`, () => {
      assert.strictEqual(entityIdToLongZero(id), address);
      assert.deepStrictEqual(longZeroToEntityId(address), id);
      assert.deepStrictEqual(longZeroToEntityId(address.slice(2).toUpperCase()), id);
    });
  }

  const notLongZero = [
    '0xac384c53f03855fa1b3616052f8ba32c6c2a2fec', // a key-derived address from the recordings
    '0x0001020304050607080910111213141516171819',
    '0x00000000000000000000000000000002540be400', // num 10^10: one past the id range
    '0x000000000000000000000000ffffffffffffffff', // num 2^64 - 1
    '0x00000000000000ffffffffff0000000000000001', // realm above 10 digits, num 1
    'not an address',
  ];
  for (const address of notLongZero) {
    const decoded = longZeroToEntityId(address);
    // Derive the expectation independently: any part above 9,999,999,999 (or not hex) is not an id.
    const hex = /^0x[0-9a-f]{40}$/.test(address) ? address.slice(2) : undefined;
    const parts = hex ? [hex.slice(0, 8), hex.slice(8, 24), hex.slice(24)].map(h => BigInt(`0x${h}`)) : undefined;
    const expectedLongZero = parts !== undefined && parts.every(p => p <= 9_999_999_999n);
    it(`${address} ${expectedLongZero ? 'is' : 'is not'} long-zero`, () => {
      assert.strictEqual(decoded === undefined, !expectedLongZero);
    });
  }

  it('refuses ids that do not fit the address fields', () => {
    assert.throws(() => entityIdToLongZero({ shard: 4_294_967_296n, realm: 0n, num: 1n }), RangeError);
    assert.throws(() => entityIdToLongZero({ shard: 0n, realm: 1n << 64n, num: 1n }), RangeError);
    assert.throws(() => entityIdToLongZero({ shard: 0n, realm: 0n, num: 1n << 64n }), RangeError);
    assert.throws(() => entityIdToLongZero({ shard: 0n, realm: 0n, num: -1n }), RangeError);
    assert.strictEqual(
      entityIdToLongZero({ shard: 0n, realm: 0n, num: (1n << 64n) - 1n }),
      '0x000000000000000000000000ffffffffffffffff',
    );
  });
});
