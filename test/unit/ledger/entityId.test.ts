import * as assert from 'assert';
import {
  entityChecksum,
  formatEntityId,
  formatEntityIdWithChecksum,
  parseEntityId,
  parseEntityIdWithChecksum,
  verifyChecksum,
  type Network,
} from '../../../src/ledger';

describe('ledger/entity ids', () => {
  const valid: Array<[string, bigint, bigint, bigint, string]> = [
    ['0.0.2', 0n, 0n, 2n, '0.0.2'],
    ['0.0.0', 0n, 0n, 0n, '0.0.0'],
    ['1.2.3', 1n, 2n, 3n, '1.2.3'],
    [
      '9999999999.9999999999.9999999999',
      9_999_999_999n,
      9_999_999_999n,
      9_999_999_999n,
      '9999999999.9999999999.9999999999',
    ],
    ['0.0.4294967296', 0n, 0n, 4_294_967_296n, '0.0.4294967296'],
    ['00.000.0123', 0n, 0n, 123n, '0.0.123'],
  ];
  for (const [text, shard, realm, num, canonical] of valid) {
    it(`parses ${text}`, () => {
      const id = parseEntityId(text);
      assert.deepStrictEqual(id, { shard, realm, num });
      assert.strictEqual(formatEntityId(id), canonical);
    });
  }

  const invalid = [
    '',
    '0.0',
    '123',
    '0.0.2.3',
    '0.5.6.7',
    '0.0.-1',
    '0.0.12345678901',
    '12345678901.0.1',
    '0.0.1a',
    ' 0.0.2',
    '0.0.2 ',
    '0..2',
    '.0.2',
    '0.0.2.',
    '0x0.0.2',
    '0.0.2-VFMKW',
    '0.0.2-vfmk',
    '0.0.2-vfmkwx',
    '0.0.2-',
    '+0.0.2',
    '٠.٠.٢', // Arabic-Indic digits are "digits" to some engines, never to the mirror node
  ];
  for (const text of invalid) {
    it(`refuses ${JSON.stringify(text)}`, () => assert.strictEqual(parseEntityId(text), undefined));
  }

  it('keeps the checksum apart and drops it from the id', () => {
    assert.deepStrictEqual(parseEntityIdWithChecksum('0.0.123-vfmkw'), {
      id: { shard: 0n, realm: 0n, num: 123n },
      checksum: 'vfmkw',
    });
    assert.deepStrictEqual(parseEntityIdWithChecksum('0.0.123'), { id: { shard: 0n, realm: 0n, num: 123n } });
    assert.deepStrictEqual(parseEntityId('0.0.123-vfmkw'), { shard: 0n, realm: 0n, num: 123n });
  });

  describe('HIP-15 checksums', () => {
    // Published vectors: the SDKs' checksum tests for 0.0.123 on each ledger, and 0.0.1234567890 on mainnet.
    const vectors: Array<[string, Network, string]> = [
      ['0.0.123', 'mainnet', 'vfmkw'],
      ['0.0.123', 'testnet', 'esxsf'],
      ['0.0.123', 'previewnet', 'ogizo'],
      ['0.0.1234567890', 'mainnet', 'zbhlt'],
    ];
    for (const [text, network, checksum] of vectors) {
      it(`${text} on ${network} is ${checksum}`, () => {
        const id = parseEntityId(text)!;
        assert.strictEqual(entityChecksum(id, network), checksum);
        assert.strictEqual(verifyChecksum(id, checksum, network), true);
        assert.strictEqual(verifyChecksum(id, `-${checksum}`, network), true);
        assert.strictEqual(formatEntityIdWithChecksum(id, network), `${text}-${checksum}`);
      });
    }

    it('a checksum is valid on its own ledger only', () => {
      const id = parseEntityId('0.0.123')!;
      assert.strictEqual(verifyChecksum(id, 'vfmkw', 'testnet'), false);
      assert.strictEqual(verifyChecksum(id, 'esxsf', 'mainnet'), false);
      assert.strictEqual(verifyChecksum(id, 'ogizo', 'testnet'), false);
    });

    it('a checksum is bound to its id', () => {
      assert.strictEqual(verifyChecksum(parseEntityId('0.0.124')!, 'vfmkw', 'mainnet'), false);
      assert.strictEqual(verifyChecksum(parseEntityId('0.0.123')!, 'vfmkx', 'mainnet'), false);
      assert.strictEqual(verifyChecksum(parseEntityId('0.0.123')!, 'VFMKW', 'mainnet'), false);
    });

    it('is five lowercase letters for ids at the edges, and differs between the three ledgers', () => {
      for (const text of ['0.0.0', '0.0.1', '9999999999.9999999999.9999999999', '1.2.3', '0.0.4294967295']) {
        const id = parseEntityId(text)!;
        const sums = (['mainnet', 'testnet', 'previewnet'] as const).map(n => entityChecksum(id, n));
        for (const s of sums) assert.match(s, /^[a-z]{5}$/);
        assert.strictEqual(new Set(sums).size, 3, `${text}: ${sums.join(' ')}`);
      }
    });

    it('is computed over the canonical text, so leading zeros do not change it', () => {
      assert.strictEqual(entityChecksum(parseEntityId('0.0.0123')!, 'mainnet'), 'vfmkw');
    });
  });
});
