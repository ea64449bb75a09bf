import * as assert from 'assert';
import { errorMessage } from '../../../src/util/errorMessage';

describe('util/errorMessage', () => {
  it("an Error's (or a subclass's) own message", () => {
    assert.strictEqual(errorMessage(new Error('boom')), 'boom');
    assert.strictEqual(errorMessage(new TypeError('bad type')), 'bad type');
  });

  it('anything else thrown, as a string', () => {
    assert.strictEqual(errorMessage('plain'), 'plain');
    assert.strictEqual(errorMessage(42), '42');
    assert.strictEqual(errorMessage(undefined), 'undefined');
    assert.strictEqual(errorMessage({ message: 'not an Error' }), '[object Object]');
  });
});
