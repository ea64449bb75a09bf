// trimTrailing replaced `.replace(/\/+$/, '')` on URLs from the settings: the regex was quadratic on
// a long run of slashes followed by anything else.
import * as assert from 'assert';
import { assertGrowth } from '../../support/growth';
import { trimTrailing } from '../../../src/util/trim';

describe('util/trim: trimTrailing', () => {
  it('removes the run of the character at the end, and only there', () => {
    assert.strictEqual(trimTrailing('https://m.example/api/v1///', '/'), 'https://m.example/api/v1');
    assert.strictEqual(trimTrailing('https://m.example', '/'), 'https://m.example');
    assert.strictEqual(trimTrailing('///', '/'), '');
    assert.strictEqual(trimTrailing('', '/'), '');
    assert.strictEqual(trimTrailing('/a//b', '/'), '/a//b');
  });

  it('takes time linear in the text on runs of slashes, where /\\/+$/ took quadratic time', () => {
    for (const make of [(n: number) => `${'/'.repeat(n)}x`, (n: number) => `x${'/'.repeat(n)}`])
      assertGrowth('trimTrailing', make, text => trimTrailing(text, '/'), 20_000);
  });
});
