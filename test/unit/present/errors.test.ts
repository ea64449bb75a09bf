import * as assert from 'assert';
import { MirrorError, MirrorInputError } from '../../../src/mirror';
import { describeMirrorError, forNotification, serverMessageText } from '../../../src/present';

const net = { network: 'testnet' };
const url = 'http://127.0.0.1/api/v1/x';

function http(
  status: number,
  messages: string[] = [],
  entries?: { message: string; detail?: string; data?: string }[],
) {
  return new MirrorError('http', status, messages, url, messages.join('; ') || `HTTP ${status}`, entries);
}

describe('present/describeMirrorError', () => {
  it('404: not found on the network, with the server words', () => {
    const d = describeMirrorError(http(404, ['Not found']), net);
    assert.strictEqual(d.kind, 'not-found');
    assert.strictEqual(d.text, 'Not found on testnet');
    assert.strictEqual(d.sentence, 'Not found on testnet: Not found');
    assert.deepStrictEqual(d.serverMessages, ['Not found']);
    assert.strictEqual(d.status, 404);
    assert.strictEqual(d.retryable, false);
  });
  it('400: invalid input, the server message in the sentence', () => {
    const d = describeMirrorError(http(400, ['Invalid parameter: limit']), net);
    assert.strictEqual(d.kind, 'invalid-input');
    assert.strictEqual(d.text, 'Refused (400)');
    assert.strictEqual(d.sentence, 'The mirror node of testnet answered 400: Invalid parameter: limit');
    assert.strictEqual(d.detail, 'Invalid parameter: limit');
  });
  it('keeps detail and data from the error body', () => {
    const entries = [{ message: 'CONTRACT_REVERT_EXECUTED', detail: 'Insufficient balance', data: '0x08c379a0' }];
    const d = describeMirrorError(http(400, ['CONTRACT_REVERT_EXECUTED'], entries), net);
    assert.deepStrictEqual(d.server, entries);
    assert.match(d.sentence, /CONTRACT_REVERT_EXECUTED — Insufficient balance \(data 0x08c379a0\)/);
    assert.strictEqual(serverMessageText({ message: 'm' }), 'm');
  });
  it('429 and 5xx are retryable', () => {
    const r = describeMirrorError(http(429, ['Too many requests']), net);
    assert.strictEqual(r.kind, 'rate-limited');
    assert.ok(r.retryable);
    const s = describeMirrorError(http(503), net);
    assert.strictEqual(s.kind, 'server');
    assert.strictEqual(s.text, 'Mirror node error (503)');
    assert.strictEqual(s.sentence, 'The mirror node of testnet answered 503');
    assert.strictEqual(s.detail, 'HTTP 503');
    assert.ok(s.retryable);
  });
  it('other statuses: refused', () => {
    const d = describeMirrorError(http(403, ['Forbidden']), net);
    assert.strictEqual(d.kind, 'other');
    assert.strictEqual(d.text, 'Refused (403)');
  });
  it('timeout, network, invalid response, aborted', () => {
    const t = describeMirrorError(new MirrorError('timeout', 0, [], url, 'No answer within 10 s'), net);
    assert.deepStrictEqual(
      [t.kind, t.text, t.detail, t.retryable],
      ['timeout', 'Timed out', 'No answer within 10 s', true],
    );
    const n = describeMirrorError(new MirrorError('network', 0, [], url, 'ECONNREFUSED'), net);
    assert.deepStrictEqual([n.kind, n.text, n.retryable], ['network', 'Cannot reach the mirror node', true]);
    const i = describeMirrorError(new MirrorError('invalid-response', 200, [], url, 'bad shape'), net);
    assert.deepStrictEqual([i.kind, i.text, i.status], ['server', 'Unusable answer', 200]);
    const a = describeMirrorError(new MirrorError('aborted', 0, [], url, 'The request was cancelled'), net);
    assert.deepStrictEqual([a.kind, a.retryable], ['cancelled', false]);
  });
  it('input refused before sending', () => {
    const d = describeMirrorError(
      new MirrorInputError([{ parameter: 'limit', message: 'limit must be 1 to 100' }]),
      net,
    );
    assert.deepStrictEqual(
      [d.kind, d.text, d.detail, d.status],
      ['invalid-input', 'Refused before sending', 'limit must be 1 to 100', 0],
    );
  });
  it('an AbortError and anything else', () => {
    const abort = new Error('aborted');
    abort.name = 'AbortError';
    assert.strictEqual(describeMirrorError(abort, net).kind, 'cancelled');
    const o = describeMirrorError(new TypeError('boom'), net);
    assert.deepStrictEqual([o.kind, o.text, o.detail], ['other', 'Failed', 'boom']);
    assert.strictEqual(describeMirrorError('plain string', net).detail, 'plain string');
  });
  it('hostile server text stays text: controls visible, links inert once through forNotification', () => {
    const d = describeMirrorError(http(400, ['[run](command:workbench.action.terminal.new)\u202E\nx']), {
      network: 'evil\u202Enet',
    });
    assert.doesNotMatch(d.sentence, /[\u202E\n]/);
    assert.doesNotMatch(forNotification(d.sentence), /\]\(command:/);
  });
});
