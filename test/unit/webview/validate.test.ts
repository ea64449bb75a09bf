// The validator kit both sides of the webview boundary use (webview/shared/validate.ts): the
// pieces the host's checks are made of, each refusing case by case with the path that is wrong.
import * as assert from 'assert';
import {
  check,
  integerIn,
  object,
  optional,
  partial,
  strictObject,
  string,
  text,
  ValidationError,
  type Validator,
} from '../../../webview/shared/validate';

describe('webview/shared/validate', () => {
  it('integerIn takes the integers of its range only', () => {
    const v = integerIn(0, 10);
    assert.strictEqual(v(0), 0);
    assert.strictEqual(v(10), 10);
    for (const bad of [-1, 11, 1.5, NaN, Infinity, '3', null, undefined, 2 ** 53])
      assert.throws(() => v(bad, 'n'), /^ValidationError: n: expected an integer from 0 to 10$/, String(bad));
  });

  it('object drops unknown keys and leaves an absent optional key out (spread over defaults, it keeps them)', () => {
    const v = object({ a: string, b: optional(string) });
    const out = v({ a: 'x', c: 1 });
    assert.deepStrictEqual(Object.keys(out), ['a']);
    assert.deepStrictEqual({ ...{ a: 'd', b: 'default' }, ...out }, { a: 'x', b: 'default' });
    assert.deepStrictEqual(v({ a: 'x', b: 'y' }), { a: 'x', b: 'y' });
  });

  it('strictObject refuses a key its shape does not name; partial makes every key optional', () => {
    const v = strictObject(partial({ a: text(0, 3), b: string }));
    assert.deepStrictEqual(v({}), {});
    assert.deepStrictEqual(v({ b: 'y' }), { b: 'y' });
    assert.throws(() => v({ a: 'x', kind: 'account' }), /kind: expected no such key/);
    assert.throws(() => v({ a: 'long' }), /a: expected a string of 0 to 3 characters/);
    assert.throws(() => v({ inner: { c: 1 } }, 'init'), /init\.inner: expected no such key/);
    assert.throws(() => v(null), /message: expected an object/);
    assert.throws(() => v(['a']), /message: expected an object/);
  });

  it('check gives the verdict without a throw, with the message naming the path', () => {
    assert.deepStrictEqual(check(text(1, 2), 'ab'), { ok: true, value: 'ab' });
    assert.deepStrictEqual(check(object({ a: string }), { a: 1 }), { ok: false, message: 'a: expected a string' });
    const broken: Validator<never> = () => {
      throw new TypeError('not a ValidationError');
    };
    assert.deepStrictEqual(check(broken, 1), { ok: false, message: 'not a ValidationError' });
    assert.ok(new ValidationError('', 'x') instanceof Error);
  });
});
