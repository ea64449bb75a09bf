// Calldata near the decoder's 1 MB limit: decoding must cost a small multiple of one linear pass
// of the regex engine over the same text, not a substring and a parseInt per byte (20× and more).
import * as assert from 'assert';
import { parseHex } from '../../../src/abi';
import { MAX_TIMES_A_PASS, MY_TOKEN, call, indexOf, longZero, timesALinearPass } from './helpers';

describe('large calldata', () => {
  const index = indexOf(MY_TOKEN);
  const transfer = call(MY_TOKEN, 'transfer', [longZero(1234), 5n]);
  const megabyte = `${transfer}${'00'.repeat(1024 * 1024 - (transfer.length - 2) / 2)}`;

  it('hex to bytes: the same bytes, at the cost of a linear pass', () => {
    const bytes = parseHex(megabyte);
    assert.ok(typeof bytes !== 'string');
    assert.strictEqual(bytes.length, 1024 * 1024);
    assert.deepStrictEqual([...bytes.subarray(0, 4)], [0xa9, 0x05, 0x9c, 0xbb]);
    assert.deepStrictEqual(parseHex(' 0XA9059cBB '), Uint8Array.from([0xa9, 0x05, 0x9c, 0xbb]));
    assert.strictEqual(parseHex('0xa9059cbg'), 'not hex');
    assert.strictEqual(parseHex('0xa9059cb'), 'an odd number of hex digits');
    assert.strictEqual(parseHex('0xa9059cbg1'), 'not hex');
    const times = timesALinearPass(megabyte, () => parseHex(megabyte));
    assert.ok(times <= MAX_TIMES_A_PASS, `1 MB of hex to bytes cost ${times.toFixed(1)}× a linear pass`);
  });

  it('a 1 MB call decodes at the cost of a few linear passes', () => {
    const answer = index.decodeCall(megabyte);
    assert.ok(answer.kind === 'call', answer.kind === 'raw' ? answer.reason : '');
    assert.strictEqual(answer.candidates[0].signature, 'transfer(address,uint256)');
    const times = timesALinearPass(megabyte, () => index.decodeCall(megabyte));
    assert.ok(times <= MAX_TIMES_A_PASS, `decoding 1 MB of calldata cost ${times.toFixed(1)}× a linear pass`);
  });

  it('1 MB that does not decode is answered raw at the same cost, its hex intact', () => {
    const unknown = `0x12345678${megabyte.slice(10)}`;
    const answer = index.decodeCall(unknown);
    assert.ok(answer.kind === 'raw');
    assert.strictEqual(answer.hex, unknown);
    const times = timesALinearPass(unknown, () => index.decodeCall(unknown));
    assert.ok(times <= MAX_TIMES_A_PASS, `1 MB answered raw cost ${times.toFixed(1)}× a linear pass`);
  });
});
