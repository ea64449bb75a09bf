// The page's side of a copy: it asks the host and says "Copied" only on the host's word, and the
// detail panels' messages that carry the new layout (summary, More, a section drawn inside another).
import * as assert from 'assert';
import { hostCopier } from '../../../webview/shared/hostCopier';
import { toWebview } from '../../../webview/detail/validators';

describe('webview/hostCopier', () => {
  it('posts the text and resolves true only when the host confirms that text', async () => {
    const posted: string[] = [];
    const copier = hostCopier(t => posted.push(t), 1000);
    let settled: boolean | undefined;
    const done = copier.request('0.0.300@1565779555.711927000').then(ok => (settled = ok));
    assert.deepStrictEqual(posted, ['0.0.300@1565779555.711927000']);
    copier.confirmed('another text');
    await new Promise(r => setTimeout(r, 10));
    assert.strictEqual(settled, undefined, 'a confirmation of another text is not this one');
    copier.confirmed('0.0.300@1565779555.711927000');
    await done;
    assert.strictEqual(settled, true);
  });

  it('resolves false when the host does not answer in time, and a late answer changes nothing', async () => {
    const copier = hostCopier(() => undefined, 20);
    const ok = await copier.request('x');
    assert.strictEqual(ok, false);
    assert.doesNotThrow(() => copier.confirmed('x'));
  });

  it('one answer settles every request of the same text', async () => {
    const copier = hostCopier(() => undefined, 1000);
    const both = Promise.all([copier.request('a'), copier.request('a')]);
    copier.confirmed('a');
    assert.deepStrictEqual(await both, [true, true]);
  });
});

describe('webview/detail: messages of the new layout', () => {
  const section = {
    id: 'tx-0',
    title: 'Crypto transfer · Success',
    fields: [
      {
        label: 'From → To',
        value: '0.0.10 → 0.0.9',
        place: 'summary',
        parts: [
          { text: '0.0.10', action: { type: 'revealAccount', id: '0.0.10' } },
          { text: ' → ' },
          { text: '0.0.9', action: { type: 'revealAccount', id: '0.0.9' } },
        ],
      },
      { label: 'Batch key', value: 'none', place: 'more' },
    ],
    tables: [],
    buttons: [],
  };
  const view = (sections: unknown[]) => ({
    type: 'view',
    view: { status: 'loaded', title: 't', network: 'testnet', summary: '1 transaction', sections, buttons: [] },
  });

  it('accepts a summary with links, a More row, a section within another, and the host\'s "copied"', () => {
    const inner = { id: 'tx-0-call', title: 'Call', within: 'tx-0', fields: [], tables: [], buttons: [] };
    assert.deepStrictEqual(toWebview(view([section, inner])), view([section, inner]));
    assert.deepStrictEqual(toWebview({ type: 'copied', text: 'abc' }), { type: 'copied', text: 'abc' });
  });

  it('refuses a place it does not know, a part that is not text, and a confirmation without its text', () => {
    const bad = (f: object) => view([{ ...section, fields: [{ ...section.fields[0], ...f }] }]);
    assert.throws(() => toWebview(bad({ place: 'top' })), /fields\[0\]\.place: expected "summary" or "more"/);
    assert.throws(() => toWebview(bad({ parts: [{ text: 1 }] })), /parts\[0\]\.text: expected a string/);
    assert.throws(() => toWebview({ type: 'copied' }), /text/);
    assert.throws(() => toWebview({ type: 'paste', text: 'x' }), /type: expected one of/);
  });
});
