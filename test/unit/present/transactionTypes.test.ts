// A transaction type in words: every wire name the client knows splits into known words only, the
// exceptions read as written, and any text at all gives words that keep its letters.
import * as assert from 'assert';
import fc from 'fast-check';
import { TRANSACTION_TYPES } from '../../../src/mirror';
import { SAID_OTHERWISE, splitWords, transactionTypeWords } from '../../../src/present';

const RUNS = { numRuns: 1000 };

describe('present: transaction type words', () => {
  it('says the common types in words', () => {
    assert.strictEqual(transactionTypeWords('CRYPTOTRANSFER'), 'Crypto transfer');
    assert.strictEqual(transactionTypeWords('CONTRACTCALL'), 'Contract call');
    assert.strictEqual(transactionTypeWords('TOKENMINT'), 'Token mint');
    assert.strictEqual(transactionTypeWords('HOOKSTORE'), 'Hook store');
    assert.strictEqual(transactionTypeWords('TOKENGRANTKYC'), 'Token grant KYC');
    assert.strictEqual(transactionTypeWords('TOKENUPDATENFTS'), 'Token update NFTs');
    assert.strictEqual(transactionTypeWords('LEDGERIDPUBLICATION'), 'Ledger ID publication');
    assert.strictEqual(transactionTypeWords('CONSENSUSSUBMITMESSAGE'), 'Consensus submit message');
  });

  it('says the exceptions as the table has them, whatever the case', () => {
    assert.strictEqual(transactionTypeWords('CONTRACTCREATEINSTANCE'), 'Contract create');
    assert.strictEqual(transactionTypeWords('contractcreateinstance'), 'Contract create');
    assert.strictEqual(transactionTypeWords('UTILPRNG'), 'Pseudorandom number (PRNG)');
  });

  it('splits every known wire name into known words only, and the names read apart', () => {
    const seen = new Set<string>();
    for (const type of TRANSACTION_TYPES) {
      const words = splitWords(type);
      assert.strictEqual(words.join(''), type);
      const words2 = transactionTypeWords(type);
      assert.ok(!seen.has(words2), `${type} reads as another type: ${words2}`);
      seen.add(words2);
      // An unknown word would be one the table lacks: every piece is shorter than the name, or
      // the name is a single known word.
      assert.ok(words.length > 1 || ['FREEZE'].includes(type), `${type} split as ${words.join(' ')}`);
    }
  });

  it('a name it does not know keeps its letters, in words', () => {
    assert.strictEqual(transactionTypeWords('TOKENFROBNICATE'), 'Token frobnicate');
    assert.strictEqual(transactionTypeWords('QUUXBURN'), 'Quux burn');
    assert.strictEqual(transactionTypeWords(''), '');
  });

  it('never throws, and gives back the letters of any upper-case name (exceptions aside)', () => {
    const letters = fc.stringMatching(/^[A-Z]{1,40}$/);
    fc.assert(
      fc.property(letters, name => {
        const words = transactionTypeWords(name);
        assert.ok(words.length > 0);
        if (!Object.hasOwn(SAID_OTHERWISE, name)) assert.strictEqual(words.split(' ').join('').toUpperCase(), name);
        assert.strictEqual(words, transactionTypeWords(name), 'the same name reads the same');
      }),
      RUNS,
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), text => {
        assert.strictEqual(typeof transactionTypeWords(text), 'string');
        assert.ok(splitWords(text.toUpperCase()).every(w => w.length > 0));
      }),
      RUNS,
    );
  });
});
