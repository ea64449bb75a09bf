// The Topics view's model: decoded entries held newest first, each sequence number once, polling
// capped, chunks joined over everything held, and the rows' words (labels, previews, tooltips) as
// plain text or fenced Markdown that no message can break out of.
import * as assert from 'assert';
import { TopicFeed, decodeEntries, entryLabel, entryPreview } from '../../../src/features/topics/model';
import { fenced, detailRows, keyWords } from '../../../src/features/topics/nodes';
import { chunkedMessages, rawTopicMessage, utf8 } from '../../support/topicMessages';
import type { TopicInfo } from '../../../src/mirror';

const msg = (sequence: bigint, text: string) => rawTopicMessage({ sequence, bytes: utf8(text) });

describe('topic feed (the Topics view model)', () => {
  it('holds messages newest first, each once, whatever order pages come in', () => {
    const feed = new TopicFeed();
    const first = decodeEntries([msg(5n, 'e'), msg(4n, 'd'), msg(3n, 'c')]);
    assert.strictEqual(feed.add(first.messages), 3);
    const more = decodeEntries([msg(3n, 'c'), msg(2n, 'b'), msg(1n, 'a')]);
    assert.strictEqual(feed.add(more.messages), 2, 'the repeated #3 once');
    const live = decodeEntries([msg(6n, 'f')]);
    feed.add(live.messages, [], true);
    assert.deepStrictEqual(
      feed.messages.map(m => m.sequenceNumber),
      [6n, 5n, 4n, 3n, 2n, 1n],
    );
    assert.strictEqual(feed.newest, 6n);
    assert.strictEqual(feed.oldest, 1n);
    assert.deepStrictEqual(
      feed.entries().map(e => entryLabel(e)),
      ['#6', '#5', '#4', '#3', '#2', '#1'],
    );
  });

  it('a bad entry is its error in place; the others show', () => {
    const bad = { ...msg(2n, 'x'), running_hash: 'not base64!' };
    const { messages, errors } = decodeEntries([msg(3n, 'ok'), bad, msg(1n, 'ok')]);
    assert.deepStrictEqual(
      messages.map(m => m.sequenceNumber),
      [3n, 1n],
    );
    assert.strictEqual(errors.length, 1);
    assert.match(errors[0].message, /^messages\[1\]\.running_hash: /);
  });

  it('keeps sequence numbers above 2^53 exact', () => {
    const { messages } = decodeEntries([msg(9_007_199_254_740_993n, 'big')]);
    assert.strictEqual(messages[0].sequenceNumber, 9_007_199_254_740_993n);
  });

  it('live additions past the cap drop the oldest and say the list was cut', () => {
    const feed = new TopicFeed(10);
    feed.add(decodeEntries(Array.from({ length: 10 }, (_, i) => msg(BigInt(i + 1), `m${i}`))).messages);
    assert.strictEqual(feed.trimmed, false);
    feed.add(decodeEntries([msg(11n, 'new'), msg(12n, 'newer')]).messages, [], true);
    assert.strictEqual(feed.messages.length, 10);
    assert.strictEqual(feed.oldest, 3n);
    assert.strictEqual(feed.trimmed, true);
  });

  it('joins a chunked JSON message across pages, saying what is missing until it is all there', () => {
    const json = JSON.stringify({ p: 'hcs-10', op: 'register', data: 'x'.repeat(40) });
    const chunks = chunkedMessages(utf8(json), 3, 10n);
    const feed = new TopicFeed();
    feed.add(decodeEntries([chunks[2], chunks[1]]).messages);
    const partial = feed.entries()[0];
    assert.strictEqual(entryLabel(partial), '#11–12');
    assert.strictEqual(entryPreview(partial), 'chunks 2 of 3: 1 missing');
    feed.add(decodeEntries([chunks[0]]).messages);
    const whole = feed.entries()[0];
    assert.strictEqual(feed.entries().length, 1);
    assert.strictEqual(entryLabel(whole), '#10–12');
    assert.strictEqual(whole.content?.kind, 'json');
    assert.match(whole.content?.text ?? '', /\n {2}"op": "register"/);
    assert.ok(entryPreview(whole).startsWith('{ "p": "hcs-10"'), entryPreview(whole));
  });

  it('previews are one line, cut, with invisible characters shown', () => {
    const feed = new TopicFeed();
    feed.add(decodeEntries([msg(1n, `line one\nline two \u202e ${'y'.repeat(200)}`)]).messages);
    const preview = entryPreview(feed.entries()[0]);
    assert.ok(!preview.includes('\n'));
    assert.ok(preview.length <= 80);
    assert.ok(preview.includes('⟨U+202E⟩'), preview);
  });

  it('a tooltip fences the message: a message of backticks cannot close the fence', () => {
    const hostile = '```\n[click](command:ledgerLens.watchTopic) <img src=x>\n````';
    const md = fenced(hostile);
    const fence = /^(`+)text\n/.exec(md)?.[1] ?? '';
    assert.ok(fence.length > 4, md);
    assert.ok(md.endsWith(`\n${fence}`));
    assert.strictEqual(md.split(fence).length - 1, 2, 'the fence occurs only at the ends');
  });

  it("a topic's details: memo, keys and auto-renew account, deleted said", () => {
    const info = {
      topic_id: '0.0.5005',
      memo: 'orders',
      admin_key: { _type: 'ED25519', key: '0123456789abcdef0123456789abcdef' },
      submit_key: null,
      auto_renew_account: '0.0.98',
      deleted: true,
    } as unknown as TopicInfo;
    assert.deepStrictEqual(detailRows(info), [
      ['Memo', 'orders'],
      ['Keys', 'admin ED25519 0123456789abcdef… · submit none (anyone may submit)'],
      ['Auto-renew account', '0.0.98'],
      ['Deleted', 'yes: no new messages can be submitted'],
    ]);
    assert.strictEqual(keyWords(undefined), 'none');
    assert.match(keyWords({ _type: 'ED25519', key: 'ab' }), /^ED25519 `ab`$/);
  });
});
