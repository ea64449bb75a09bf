// The word pool: each 32-byte word kept once, found again however it is spelled, given back as 64
// lowercase hex digits; checked against a Map of strings on random words (fast-check).
import * as assert from 'assert';
import fc from 'fast-check';
import { LONGER_THAN_32_BYTES, NOT_HEX, WordStore } from '../../../../src/debug/opcodes/words';

const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(b => Buffer.from(b).toString('hex'));

describe('debug/opcodes/words: the word pool', () => {
  it('keeps a word once, however it is spelled', () => {
    const pool = new WordStore();
    const a = pool.intern(`0x${'0'.repeat(62)}80`);
    assert.strictEqual(pool.intern('0x80'), a);
    assert.strictEqual(pool.intern('80'), a);
    assert.strictEqual(pool.intern(`0X${'0'.repeat(62)}80`), a);
    assert.strictEqual(pool.lastPadded, false);
    const b = pool.intern(`0x${'AB'.repeat(32)}`);
    assert.notStrictEqual(a, b);
    assert.strictEqual(pool.word(b), 'ab'.repeat(32));
    assert.strictEqual(pool.word(a), `${'0'.repeat(62)}80`);
    assert.strictEqual(pool.intern('0x'), pool.intern('0x0'));
    assert.strictEqual(pool.lastPadded, true);
    assert.strictEqual(pool.size, 3);
    assert.strictEqual(pool.indexOf('0x80'), a);
    assert.strictEqual(pool.indexOf('0x81'), undefined);
  });

  it('refuses what is not a word: not hex, longer than 32 bytes', () => {
    const pool = new WordStore();
    assert.strictEqual(pool.intern('0xg0'), NOT_HEX);
    assert.strictEqual(pool.intern(`0x${'1'.repeat(63)}z`), NOT_HEX);
    assert.strictEqual(pool.intern(`0x${'1'.repeat(65)}`), LONGER_THAN_32_BYTES);
    assert.strictEqual(pool.intern('0x 1'), NOT_HEX);
    assert.strictEqual(pool.size, 0);
    for (const index of [-1, 0, 1.5, 0xffffffff]) assert.strictEqual(pool.word(index), undefined);
  });

  it('agrees with a Map of strings on random words, across growth (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            hex64,
            fc.bigInt({ min: 0n, max: 1n << 40n }).map(n => n.toString(16)),
          ),
          { maxLength: 3000 },
        ),
        words => {
          const pool = new WordStore();
          const reference = new Map<string, number>();
          for (const w of words) {
            const key = w.padStart(64, '0');
            const index = pool.intern(`0x${w}`);
            if (!reference.has(key)) reference.set(key, reference.size);
            assert.strictEqual(index, reference.get(key));
          }
          assert.strictEqual(pool.size, reference.size);
          for (const [key, index] of reference) assert.strictEqual(pool.word(index), key);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('holds a word in 32 bytes and a slot of its table', () => {
    const pool = new WordStore();
    for (let i = 0; i < 100_000; i++) pool.intern(i.toString(16));
    pool.trim();
    assert.strictEqual(pool.size, 100_000);
    assert.ok(pool.byteLength <= 100_000 * 32 + 262_144 * 4, `${pool.byteLength} bytes`);
    assert.strictEqual(pool.intern('0'), 0);
    assert.strictEqual(pool.intern('1869f'), 99_999);
  });
});
