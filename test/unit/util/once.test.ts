import * as assert from 'assert';
import { once } from '../../../src/util/once';

describe('util/once', () => {
  it('makes the value on the first call only, and keeps it (undefined included)', () => {
    let calls = 0;
    const get = once(() => {
      calls++;
      return calls === 1 ? undefined : 'again';
    });
    assert.strictEqual(calls, 0, 'nothing made before the first call');
    assert.strictEqual(get(), undefined);
    assert.strictEqual(get(), undefined);
    assert.strictEqual(calls, 1);
  });

  it('a make that throws is tried again on the next call', () => {
    let calls = 0;
    const get = once(() => {
      if (++calls === 1) throw new Error('not yet');
      return calls;
    });
    assert.throws(() => get(), /not yet/);
    assert.strictEqual(get(), 2);
    assert.strictEqual(get(), 2);
  });
});
