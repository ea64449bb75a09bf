import * as assert from 'assert';
import { base64ToBytes, base64ToHex, decodeBase64Text, hexToBase64, MAX_HASH_BYTES } from '../../../src/ledger';

describe('ledger/encodings', () => {
  const texts: Array<[string, string]> = [
    ['', ''],
    ['aGVsbG8=', 'hello'],
    ['aGVsbG8', 'hello'],
    ['TWVtbyDihI8g8J+YgA==', 'Memo ℏ 😀'],
    ['5pel5pys6Kqe', '日本語'],
    // 0xff and a lone continuation byte are not UTF-8: each becomes U+FFFD, the rest survives.
    ['YWL/Yw==', 'ab\uFFFDc'],
    ['gA==', '\uFFFD'],
    ['PHNjcmlwdD4=', '<script>'], // decoding does not escape: views must
  ];
  for (const [b64, text] of texts) {
    it(`decodes ${JSON.stringify(b64)} → ${JSON.stringify(text)}`, () => {
      assert.strictEqual(decodeBase64Text(b64), text);
      // Agrees with Node's own decoder on valid input.
      assert.strictEqual(decodeBase64Text(b64), Buffer.from(b64, 'base64').toString('utf8'));
    });
  }

  it('marks base64 that does not decode instead of throwing', () => {
    for (const bad of ['a', 'ab$d', 'a=bc', 'abc==', '====']) {
      assert.strictEqual(base64ToBytes(bad), undefined, bad);
      assert.strictEqual(decodeBase64Text(bad), '\uFFFD', bad);
    }
  });

  const hashes: Array<[string, string]> = [
    ['', ''],
    ['AA==', '00'],
    ['/w==', 'ff'],
    ['_w', 'ff'],
    [
      'AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSYnKCkqKywtLi8w',
      '0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f30',
    ],
    [
      'rovr8cn6DzCTVuSAV/YEevfN5jA30FCdFt3Dsg4IUVi/3xTRU0XBsYsZm3L+1N6t',
      Buffer.from('rovr8cn6DzCTVuSAV/YEevfN5jA30FCdFt3Dsg4IUVi/3xTRU0XBsYsZm3L+1N6t', 'base64').toString('hex'),
    ],
  ];
  for (const [b64, hex] of hashes) {
    it(`base64 ${b64.slice(0, 16)}… ⇄ hex ${hex.slice(0, 16)}…`, () => {
      assert.strictEqual(base64ToHex(b64), hex);
      const back = hexToBase64(hex)!;
      assert.strictEqual(base64ToHex(back), hex);
      assert.strictEqual(back, Buffer.from(hex, 'hex').toString('base64'));
      assert.strictEqual(hexToBase64(`0x${hex}`), back);
    });
  }

  it('matches the recorded hash: the response base64 is the path hex', () => {
    assert.strictEqual(
      base64ToHex('rovr8cn6DzCTVuSAV_YEevfN5jA30FCdFt3Dsg4IUVi_3xTRU0XBsYsZm3L-1N6t'),
      'ae8bebf1c9fa0f309356e48057f6047af7cde63037d0509d16ddc3b20e085158bfdf14d15345c1b18b199b72fed4dead',
    );
  });

  it('refuses hex it cannot turn into bytes', () => {
    for (const bad of ['0', 'abc', '0xg0', 'zz', '0x0']) assert.strictEqual(hexToBase64(bad), undefined, bad);
  });

  it('refuses more than MAX_HASH_BYTES either way (a transaction hash is 48 bytes)', () => {
    const max = 'ab'.repeat(MAX_HASH_BYTES);
    assert.strictEqual(base64ToHex(hexToBase64(max)!), max);
    assert.strictEqual(hexToBase64(`${max}ab`), undefined);
    assert.strictEqual(base64ToHex(Buffer.from(`${max}ab`, 'hex').toString('base64')), undefined);
  });
});
