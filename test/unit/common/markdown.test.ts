import * as assert from 'assert';
import { codeSpan, commandLink, escapeMarkdown, revealInvisibles } from '../../../src/features/common/markdown';

describe('markdown escaping of network text', () => {
  const hostile = [
    '[click](command:workbench.action.terminal.new)',
    '<img src=x onerror=alert(1)>',
    '**bold** _it_ `code` # head',
    '![img](https://evil.example/x.png)',
    '&lt;b&gt; entity',
    'a\u202Eb\u2066c',
    'line1\nline2\r\nline3',
  ];

  it('leaves no unescaped Markdown or HTML special character', () => {
    for (const text of hostile) {
      const out = escapeMarkdown(text);
      // Every special character is either backslash-escaped or an entity.
      const bare = out.replace(/\\[\\`*_{}[\]()#+\-.!|~"'=:]/g, '').replace(/&(lt|gt|amp);/g, '');
      assert.doesNotMatch(bare, /[\\`*_{}[\]()#+\-.!|~<>"'=:]/, `${JSON.stringify(text)} -> ${out}`);
      assert.doesNotMatch(bare, /&/, out);
      assert.ok(!out.includes('\n') && !out.includes('\r'), 'no line breaks survive');
    }
  });

  it('reveals bidi and invisible controls instead of passing them through', () => {
    assert.strictEqual(revealInvisibles('a\u202Eb'), 'a⟨U+202E⟩b');
    assert.strictEqual(revealInvisibles('x\u200By'), 'x⟨U+200B⟩y');
    assert.ok(!escapeMarkdown('a\u2066b').includes('\u2066'));
  });

  it('truncates very long text', () => {
    const out = escapeMarkdown('x'.repeat(5000), 100);
    assert.strictEqual(out, `${'x'.repeat(100)}…`);
  });

  it('fences code spans longer than any backtick run inside', () => {
    assert.strictEqual(codeSpan('0.0.2'), '`0.0.2`');
    assert.strictEqual(codeSpan('a``b'), '```a``b```');
    assert.strictEqual(codeSpan('`x'), '`` `x ``');
  });

  it('builds command links with JSON arguments and escaped labels', () => {
    const link = commandLink('Open [x]', 'ledgerLens.openAsJson', { kind: 'account', id: '0.0.2' });
    assert.strictEqual(
      link,
      `[Open \\[x\\]](command:ledgerLens.openAsJson?${encodeURIComponent('{"kind":"account","id":"0.0.2"}')})`,
    );
  });
});
