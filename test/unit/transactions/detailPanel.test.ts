// The detail panels' shared pieces that need no editor: the one description of a panel's actions
// (strict on the host, shapes only in the page), and notification text built from network words.
import * as assert from 'assert';
import { failureMessage } from '../../../src/features/common/detailPanel/notify';
import { forNotification } from '../../../src/present/text';
import { MirrorError } from '../../../src/mirror';
import { check } from '../../../webview/shared/validate';
import { detailActionValidator, detailToHostValidator, type DetailAction } from '../../../webview/protocol';
import { TRACE_TEXT_MAX } from '../../../webview/protocol/trace';

const H64 = 'ab'.repeat(32);

describe('detail panels: actions', () => {
  const accepted: DetailAction[] = [
    { type: 'revealAccount', id: '0.0.1234' },
    { type: 'openInHashScan', kind: 'transaction', id: '0.0.2-1700000000-000000001' },
    { type: 'openInHashScan', kind: 'block', id: '17' },
    { type: 'openAsJson' },
    // The longest thing a panel copies: a call trace's text form.
    { type: 'copy', text: 'x'.repeat(TRACE_TEXT_MAX) },
    { type: 'openContractResults', timestamp: '1700000001.000000001' },
    { type: 'openContractResults', blockNumber: '9223372036854775807' },
    { type: 'openContractResults', blockHash: `0x${H64}` },
    { type: 'openContractResults' },
    { type: 'openBlock', hashOrNumber: '17' },
    { type: 'openBlock', hashOrNumber: `0x${'cd'.repeat(48)}` },
    { type: 'refresh' },
  ];
  // What the zod schema the host once had refused: each limit is still enforced.
  const refused: unknown[] = [
    { type: 'revealAccount', id: '0.0.12345678901' },
    { type: 'revealAccount', id: '0.0.1; rm -rf' },
    { type: 'openInHashScan', kind: 'account', id: '0.0.1' },
    { type: 'openInHashScan', kind: 'block', id: '' },
    { type: 'openInHashScan', kind: 'block', id: '1'.repeat(201) },
    { type: 'copy', text: '' },
    { type: 'copy', text: 'x'.repeat(TRACE_TEXT_MAX + 1) },
    { type: 'openContractResults', timestamp: '17000000011.0' },
    { type: 'openContractResults', blockNumber: '1'.repeat(20) },
    { type: 'openContractResults', blockHash: 'ab'.repeat(31) },
    { type: 'openBlock', hashOrNumber: 'latest' },
    { type: 'runCommand', command: 'workbench.action.quit' },
    { type: 'copy' },
    'refresh',
    null,
  ];

  it('the host accepts every action a panel offers, and strips unknown keys', () => {
    for (const action of accepted) {
      const parsed = check(detailToHostValidator, { type: 'action', action, extra: 1 });
      assert.ok(parsed.ok, JSON.stringify(action));
      assert.deepStrictEqual(
        JSON.parse(JSON.stringify(parsed.value)),
        { type: 'action', action },
        JSON.stringify(action),
      );
    }
  });

  it('the host refuses what a click could not have sent, naming the field', () => {
    for (const action of refused) {
      const parsed = check(detailToHostValidator, { type: 'action', action });
      assert.ok(!parsed.ok, JSON.stringify(action));
      assert.match(parsed.message, /^action/);
    }
    assert.ok(!check(detailToHostValidator, { type: 'view', action: { type: 'refresh' } }).ok);
  });

  it('the host accepts the page saying it listens, and nothing else under that name', () => {
    const ready = check(detailToHostValidator, { type: 'ready', extra: 1 });
    assert.ok(ready.ok);
    assert.deepStrictEqual(JSON.parse(JSON.stringify(ready.value)), { type: 'ready' });
    for (const bad of [{ type: 'Ready' }, { type: 'ready ' }, { kind: 'ready' }, 'ready', null]) {
      assert.ok(!check(detailToHostValidator, bad).ok, JSON.stringify(bad));
    }
  });

  it('the page checks shapes only: a view keeps an action the host would check again on the click', () => {
    const loose = detailActionValidator(false);
    assert.deepStrictEqual(loose({ type: 'revealAccount', id: '0.0.12345678901' }), {
      type: 'revealAccount',
      id: '0.0.12345678901',
    });
    assert.throws(() => loose({ type: 'revealAccount', id: 12 }), /id: expected a string/);
    assert.throws(() => loose({ type: 'runCommand' }), /type: expected one of/);
  });
});

describe('detail panels: notification text from network words', () => {
  const LINK = '[Open settings](command:workbench.action.openSettings?%5B%22ledgerLens%22%5D)';

  it('leaves no [label](target) link, whatever the target, and keeps every word', () => {
    for (const target of ['command:x', 'https://evil.example', 'file:///etc/passwd', 'COMMAND:x']) {
      const shown = forNotification(`before [click here](${target}) after`);
      assert.doesNotMatch(shown, /\]\(/, target);
      assert.strictEqual(shown, `before [click here] (${target}) after`);
    }
    assert.strictEqual(forNotification('plain words, [brackets] and (parens)'), 'plain words, [brackets] and (parens)');
    assert.strictEqual(forNotification(forNotification(LINK)), forNotification(LINK));
  });

  it("a server's error body cannot put a live command link in the failure message", () => {
    const error = new MirrorError('http', 400, [`Invalid parameter ${LINK}`], 'http://x/api/v1/blocks/1', 'HTTP 400');
    const { message, serverMessages } = failureMessage(error, 'testnet');
    assert.strictEqual(
      message,
      'The mirror node of testnet answered 400: Invalid parameter [Open settings] (command:workbench.action.openSettings?%5B%22ledgerLens%22%5D)',
    );
    // The server's own words stay exact for whoever shows them as text (the panels).
    assert.deepStrictEqual(serverMessages, [`Invalid parameter ${LINK}`]);
    const network = failureMessage(new MirrorError('network', 0, [], 'u', `socket ${LINK}`), 'testnet');
    assert.doesNotMatch(network.message, /\]\(/);
    assert.doesNotMatch(failureMessage(new Error(LINK), 'testnet').message, /\]\(/);
  });
});
