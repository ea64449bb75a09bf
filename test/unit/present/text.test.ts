import * as assert from 'assert';
import { NONE, cut, forNotification, plainText, revealInvisibles, shorten, yesNo } from '../../../src/present';

// VS Code's own notification link grammar (parseLinkedText): a link needs `](` then a scheme.
const NOTIFICATION_LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;

describe('present/text', () => {
  it('yesNo: one answer for a missing value', () => {
    assert.strictEqual(yesNo(true), 'yes');
    assert.strictEqual(yesNo(false), 'no');
    assert.strictEqual(yesNo(undefined), NONE);
    assert.strictEqual(yesNo(null), '—');
  });
  it('reveals bidi and invisible controls', () => {
    assert.strictEqual(revealInvisibles('a\u202Eb\u200Bc\u0000'), 'a⟨U+202E⟩b⟨U+200B⟩c⟨U+0000⟩');
    assert.strictEqual(revealInvisibles('plain ℏ text'), 'plain ℏ text');
  });
  it('plainText: one line, bounded, controls visible; ASCII passes untouched', () => {
    assert.strictEqual(plainText('0.0.1234'), '0.0.1234');
    assert.strictEqual(plainText('a\nb\r\nc'), 'a b c');
    assert.strictEqual(plainText('x'.repeat(10), 4), 'xxxx…');
    assert.strictEqual(plainText('\u202Eevil'), '⟨U+202E⟩evil');
  });
  it('cut never splits a surrogate pair', () => {
    assert.strictEqual(cut('a😀b', 2), 'a…');
    assert.strictEqual(cut('ab', 2), 'ab');
  });
  it('shorten keeps head and tail', () => {
    assert.strictEqual(shorten('0123456789abcdefghij'), '01234567…cdefghij');
    assert.strictEqual(shorten('short'), 'short');
    assert.strictEqual(shorten('0x1234567890', 4, 2), '0x12…90');
  });
  describe('forNotification: text we do not control carries no live link', () => {
    const hostile = [
      'Bad [click me](command:workbench.action.terminal.new) now',
      '[x](command:ledgerLens.removeAccount?%5B%5D "title")',
      '[a](https://evil.example) and [b]( command:x)',
      '[multi\nline](command:x)',
      '[\u202Ex](file:///etc/passwd)',
      '[x]  (command:y)',
      '[x]\t(command:y)',
    ];
    for (const text of hostile) {
      it(`no link survives in ${JSON.stringify(text)}`, () => {
        const safe = forNotification(text);
        assert.strictEqual(safe.match(NOTIFICATION_LINK), null, safe);
        assert.doesNotMatch(safe, /\]\(/);
        assert.doesNotMatch(safe, /[\n\u202E]/);
      });
    }
    it('the grammar above does find the link before escaping (the test can fail)', () => {
      assert.notStrictEqual(hostile[0].match(NOTIFICATION_LINK), null);
    });
    it('keeps ordinary text as it was, bounded', () => {
      assert.strictEqual(forNotification('Invalid parameter: limit'), 'Invalid parameter: limit');
      assert.strictEqual(forNotification('a [b] (c)'), 'a [b] (c)');
      assert.ok(forNotification('x'.repeat(5000)).length <= 1001);
    });
  });
});
