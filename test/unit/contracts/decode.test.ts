// Call data and revert decoding: the selector split, Error(string), Panic(uint256), and the hex
// that claims to be one of them but is not.
import * as assert from 'assert';
import { decodeRevert, panicMeaning, splitCallData } from '../../../src/features/contracts/decode';
import { MAX_TIMES_A_PASS, timesALinearPass } from '../abi/helpers';

/** ABI-encodes Error(string) the way the Solidity runtime does (head offset, length, padded bytes). */
function errorString(reason: string): string {
  const bytes = Buffer.from(reason, 'utf8');
  const padded = Buffer.concat([bytes, Buffer.alloc((32 - (bytes.length % 32)) % 32)]);
  const word = (n: number) => n.toString(16).padStart(64, '0');
  return `0x08c379a0${word(32)}${word(bytes.length)}${padded.toString('hex')}`;
}

const panic = (code: number) => `0x4e487b71${code.toString(16).padStart(64, '0')}`;

describe('contract result decoding', () => {
  it('decodes Error(string) reasons, including multi-byte UTF-8 and an empty one', () => {
    assert.deepStrictEqual(decodeRevert(errorString('Not enough gas')), { kind: 'error', reason: 'Not enough gas' });
    const long = 'insufficient allowance for this transfer: ℏ 10 > ℏ 5, try again later';
    assert.deepStrictEqual(decodeRevert(errorString(long)), { kind: 'error', reason: long });
    assert.deepStrictEqual(decodeRevert(errorString('')), { kind: 'error', reason: '' });
  });

  it('decodes a literal Error(string) revert as a node returns it', () => {
    // Error("Ownable: caller is not the owner"), as seen in reverted OpenZeppelin calls.
    const hex =
      '0x08c379a0' +
      '0000000000000000000000000000000000000000000000000000000000000020' +
      '0000000000000000000000000000000000000000000000000000000000000020' +
      '4f776e61626c653a2063616c6c6572206973206e6f7420746865206f776e6572';
    assert.deepStrictEqual(decodeRevert(hex), { kind: 'error', reason: 'Ownable: caller is not the owner' });
  });

  it('decodes Panic(uint256) codes with their meaning', () => {
    assert.deepStrictEqual(decodeRevert(panic(0x11)), {
      kind: 'panic',
      code: '17',
      meaning: 'arithmetic overflow or underflow outside an unchecked block',
    });
    assert.strictEqual((decodeRevert(panic(0x12)) as { meaning: string }).meaning, 'division or modulo by zero');
    assert.strictEqual((decodeRevert(panic(0x01)) as { meaning: string }).meaning, 'assert() failed');
    assert.strictEqual(
      (decodeRevert(panic(0x32)) as { meaning: string }).meaning,
      'array index out of bounds (or a negative index)',
    );
    assert.strictEqual(panicMeaning(0x99n), 'unknown panic code 0x99');
  });

  it('leaves plain text and malformed hex undecoded', () => {
    assert.strictEqual(decodeRevert('Not enough gas'), undefined);
    assert.strictEqual(decodeRevert(null), undefined);
    assert.strictEqual(decodeRevert('0x'), undefined);
    assert.strictEqual(decodeRevert('0x08c379'), undefined);
    assert.strictEqual(decodeRevert('0x08c379a0'), undefined, 'no head word');
    assert.strictEqual(decodeRevert(errorString('hello').slice(0, -64)), undefined, 'bytes cut off');
    assert.strictEqual(decodeRevert('0x4e487b71' + '00'.repeat(31)), undefined, 'panic code shorter than a word');
    // Offset that is not a multiple of 32, and invalid UTF-8 (0xff).
    assert.strictEqual(decodeRevert(`0x08c379a0${'0'.repeat(62)}21${'0'.repeat(63)}1ff${'0'.repeat(61)}`), undefined);
    const badUtf8 = `0x08c379a0${(32).toString(16).padStart(64, '0')}${'1'.padStart(64, '0')}ff${'0'.repeat(62)}`;
    assert.strictEqual(decodeRevert(badUtf8), undefined);
    assert.strictEqual(decodeRevert('0x08c379a0zz'), undefined, 'not hex');
  });

  it('names other selectors as custom errors', () => {
    assert.deepStrictEqual(decodeRevert('0xE450D38C' + '00'.repeat(32)), { kind: 'custom', selector: '0xe450d38c' });
  });

  it('splits the 4-byte selector from the argument words', () => {
    const data = '0xa9059cbb' + '00'.repeat(12) + '11'.repeat(20) + (1000).toString(16).padStart(64, '0');
    const split = splitCallData(data);
    assert.strictEqual(split.selector, '0xa9059cbb');
    assert.deepStrictEqual(split.words, ['00'.repeat(12) + '11'.repeat(20), (1000).toString(16).padStart(64, '0')]);
    assert.deepStrictEqual(splitCallData('0x0303'), { selector: null, words: [] }, 'shorter than a selector');
    assert.deepStrictEqual(splitCallData('0x12345678'), { selector: '0x12345678', words: [] });
    assert.deepStrictEqual(splitCallData(null), { selector: null, words: [] });
    assert.deepStrictEqual(splitCallData('0x123'), { selector: null, words: [] }, 'odd length');
  });
});

describe('contract result decoding of large reverts', () => {
  it('a 512 KB Error(string) reads at the cost of a few linear passes over its hex', () => {
    const reason = 'too long '.repeat(58_255);
    const hex = errorString(reason);
    assert.deepStrictEqual(decodeRevert(hex), { kind: 'error', reason });
    const times = timesALinearPass(hex, () => decodeRevert(hex));
    assert.ok(times <= MAX_TIMES_A_PASS, `a 512 KB reason cost ${times.toFixed(1)}× a linear pass`);
  });
});
