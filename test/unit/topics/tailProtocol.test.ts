// The tail panel's protocol: what the page may send the host, and what the host sends the page,
// checked by the validators both sides use; anything else is dropped.
import * as assert from 'assert';
import { check } from '../../../webview/shared/validate';
import {
  MAX_ENTRY_CHARS,
  MAX_PAGE_ENTRIES,
  tailInitial,
  tailState,
  tailToHost,
  tailToPage,
  type TailEntry,
} from '../../../webview/topics/protocol';

const entry: TailEntry = {
  key: '7',
  label: '#7',
  headline: '2023-11-14T22:13:27.000000001Z (1700000007.000000001) · payer 0.0.1001',
  text: '#7 …\n\ntext (5 bytes)\nhello',
  content: 'hello',
  form: 'text',
};

describe('tail panel protocol', () => {
  it('the page may ask for: ready, pause, copy (bounded); nothing else', () => {
    assert.ok(check(tailToHost, { type: 'ready' }).ok);
    assert.deepStrictEqual(check(tailToHost, { type: 'pause', paused: true }), {
      ok: true,
      value: { type: 'pause', paused: true },
    });
    assert.ok(check(tailToHost, { type: 'copy', text: 'x'.repeat(MAX_ENTRY_CHARS) }).ok);
    assert.ok(!check(tailToHost, { type: 'copy', text: 'x'.repeat(MAX_ENTRY_CHARS + 1) }).ok);
    assert.ok(!check(tailToHost, { type: 'pause', paused: 'yes' }).ok);
    assert.ok(!check(tailToHost, { type: 'openExternal', url: 'https://example.com' }).ok);
  });

  it('the host sends entries (at most a page), status and copy confirmations', () => {
    assert.ok(check(tailToPage, { type: 'entries', entries: [entry] }).ok);
    assert.ok(!check(tailToPage, { type: 'entries', entries: Array(MAX_PAGE_ENTRIES + 1).fill(entry) }).ok);
    assert.ok(!check(tailToPage, { type: 'entries', entries: [{ ...entry, form: 'html' }] }).ok);
    assert.ok(check(tailToPage, { type: 'status', status: { state: 'live', note: 'every 5 s or more' } }).ok);
    assert.ok(!check(tailToPage, { type: 'status', status: { state: 'exploded', note: '' } }).ok);
  });

  it('a saved state names a topic id and a network, nothing else', () => {
    assert.deepStrictEqual(check(tailState, { topicId: '0.0.5005', network: 'testnet', extra: 1 }), {
      ok: true,
      value: { topicId: '0.0.5005', network: 'testnet' },
    });
    assert.ok(!check(tailState, { topicId: '0.0.5005/../x', network: 'testnet' }).ok);
    assert.ok(check(tailInitial, { topicId: '0.0.5005', network: 'testnet', entries: [] }).ok);
  });
});
