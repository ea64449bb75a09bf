import * as assert from 'assert';
import { formatPath, numberTokens, valueAt } from '../../support/jsonNumbers';

describe('numberTokens: the number literals of a JSON text, never through a double', () => {
  it('gives each literal with its path, in document order', () => {
    const text =
      '{"a":9223372036854775807,"b":[1,-2.5e3,{"c":0}],"s":"12 \\"34\\" 56","n":null,"t":true,"e":{},"l":[]}';
    assert.deepStrictEqual(numberTokens(text), [
      { path: ['a'], text: '9223372036854775807' },
      { path: ['b', 0], text: '1' },
      { path: ['b', 1], text: '-2.5e3' },
      { path: ['b', 2, 'c'], text: '0' },
    ]);
  });

  it('accepts whitespace and a bare number', () => {
    assert.deepStrictEqual(numberTokens(' \n[ 1 , 2 ]\t'), [
      { path: [0], text: '1' },
      { path: [1], text: '2' },
    ]);
    assert.deepStrictEqual(numberTokens('-0'), [{ path: [], text: '-0' }]);
  });

  it('reads keys with escapes', () => {
    assert.deepStrictEqual(numberTokens('{"a\\u0062":1}'), [{ path: ['ab'], text: '1' }]);
  });

  it('rejects malformed JSON', () => {
    for (const bad of ['{"a":1', '{"a" 1}', '[1,]x', '01', '{"a":1}}', '"open']) {
      assert.throws(() => numberTokens(bad), SyntaxError, bad);
    }
  });

  it('valueAt and formatPath follow the same paths', () => {
    const v = { a: [{ b: 5n }] };
    assert.strictEqual(valueAt(v, ['a', 0, 'b']), 5n);
    assert.strictEqual(valueAt(v, ['a', 1, 'b']), undefined);
    assert.strictEqual(formatPath(['a', 0, 'b']), '.a[0].b');
    assert.strictEqual(formatPath([]), '(root)');
  });
});
