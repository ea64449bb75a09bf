// Notifications built from text we do not control carry no live link: VS Code
// turns `[label](command:…)` in a notification into a clickable command, and does not honour
// Markdown escapes there. LINK below is the grammar VS Code's notifications parse links with.
import * as assert from 'assert';
import fc from 'fast-check';
import { errorNotice } from '../../../src/features/common/notices';
import { forNotification as noticeText } from '../../../src/present';
import { changeNotice } from '../../../src/features/status/present';

const LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/i;

const HOSTILE = [
  '[Open a terminal](command:workbench.action.terminal.new)',
  'Invalid parameter: [fix it](command:workbench.action.openSettings?%5B%22ledgerLens%22%5D "Fix")',
  '[[nested](command:x)]',
  'see [the docs](https://evil.example/steal)',
  '[x](file:///etc/passwd)',
  '[multi\nline](command:y)',
];

describe('notifications built from network text', () => {
  it('the matcher finds the links VS Code would make live (what reached the user before)', () => {
    for (const text of HOSTILE) assert.ok(LINK.test(`Ledger Lens: ${text.replace(/\n/g, ' ')}`), text);
  });

  it('a failed command’s notification carries no live link, and reads the same', () => {
    for (const text of HOSTILE) {
      const shown = errorNotice(`the mirror node answered 400: ${text}`);
      assert.ok(!LINK.test(shown), shown);
      assert.ok(shown.startsWith('Ledger Lens: the mirror node answered 400: '), shown);
    }
    assert.strictEqual(
      errorNotice('Not found on testnet: No account 0.0.5'),
      'Ledger Lens: Not found on testnet: No account 0.0.5',
    );
    assert.strictEqual(errorNotice('a\u202eb\nc'), 'Ledger Lens: a⟨U+202E⟩b c');
  });

  it('a status change names the incident without a live link', () => {
    for (const name of HOSTILE) {
      const notice = changeNotice('testnet', 'degraded', 'major_outage', name);
      assert.strictEqual(notice.severity, 'warning');
      assert.ok(!LINK.test(notice.text), notice.text);
      assert.match(notice.text, /^Ledger Lens: testnet is now major outage \(/);
    }
    assert.deepStrictEqual(changeNotice('testnet', 'degraded', 'degraded', 'API slow'), {
      severity: 'warning',
      text: 'Ledger Lens: testnet is now degraded (API slow).',
    });
    assert.deepStrictEqual(changeNotice('mainnet', 'degraded', 'partial_outage', undefined), {
      severity: 'warning',
      text: 'Ledger Lens: mainnet is now partial outage.',
    });
    assert.deepStrictEqual(changeNotice('mainnet', 'recovered', 'operational', 'ignored'), {
      severity: 'information',
      text: 'Ledger Lens: mainnet is operational again.',
    });
  });

  it('no generated text with links in it comes out with a live one', () => {
    const link = fc
      .tuple(fc.string(), fc.constantFrom('command:', 'https://', 'http://', 'file:', 'COMMAND:'), fc.string())
      .map(([label, scheme, rest]) => `[${label || 'x'}](${scheme}${rest.replace(/[\s)]/g, '') || 'a'})`);
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), link), { maxLength: 6 }), parts => {
        const shown = noticeText(parts.join(''));
        return !LINK.test(shown);
      }),
      { numRuns: 1000 },
    );
  });
});
