import * as assert from 'assert';
import { STATUS_CODES } from 'http';
import { statusPhrase } from '../../../src/net/statusPhrases';

describe('statusPhrase', () => {
  it("gives Node's phrase for every code Node knows, and nothing for the others", () => {
    for (let code = 0; code < 1000; code++) assert.strictEqual(statusPhrase(code), STATUS_CODES[code], String(code));
  });

  it('answers nothing for names of Object.prototype and non-integers', () => {
    for (const odd of [Number.NaN, 200.5, -404, Infinity]) assert.strictEqual(statusPhrase(odd), undefined);
    assert.strictEqual(statusPhrase('constructor' as unknown as number), undefined);
  });
});
