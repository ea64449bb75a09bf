import * as assert from 'assert';
import * as fc from 'fast-check';
import { parseLossless } from '../../../src/mirror/lossless';
import { TopicMessageError, decodeTopicMessage, decodeTopicMessagesPage, type TopicMessage } from '../../../src/topics';
import { initialId, rawTopicMessage, topicMessagesBody, utf8, type RawTopicMessage } from '../../support/topicMessages';

// The second entry of the real mirror node's spec `topics/{id}/messages/with-chunk-data.json`
// (its response to `/api/v1/topics/0.0.7/messages`), as the server sends it.
const SERVER_ENTRY = {
  chunk_info: {
    initial_transaction_id: {
      account_id: '0.0.3',
      nonce: 1,
      scheduled: true,
      transaction_valid_start: '1234567890.000000000',
    },
    number: 1,
    total: 1,
  },
  consensus_timestamp: '1234567890.000000002',
  topic_id: '0.0.7',
  message: 'bWVzc2FnZQ==',
  payer_account_id: '0.0.3',
  running_hash: 'cnVubmluZ19oYXNo',
  running_hash_version: 2,
  sequence_number: 2,
};

function base(): RawTopicMessage {
  return rawTopicMessage({ sequence: 7n, bytes: utf8('hello') });
}

function withMember(path: string, value: unknown): Record<string, unknown> {
  const raw = JSON.parse(
    JSON.stringify({ ...base(), chunk_info: { initial_transaction_id: initialId(), number: 1, total: 2 } }),
  ) as Record<string, unknown>;
  const keys = path.split('.');
  let at = raw;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  if (value === undefined) delete at[keys[keys.length - 1]];
  else at[keys[keys.length - 1]] = value;
  return raw;
}

describe('topic message entries', () => {
  it('decodes an entry the real mirror node sends, every member', () => {
    const m = decodeTopicMessage(SERVER_ENTRY);
    assert.deepStrictEqual(m.topicId, { shard: 0n, realm: 0n, num: 7n });
    assert.strictEqual(m.sequenceNumber, 2n);
    assert.deepStrictEqual(m.consensusTimestamp, { seconds: 1234567890n, nanos: 2 });
    assert.deepStrictEqual(m.payerAccountId, { shard: 0n, realm: 0n, num: 3n });
    assert.strictEqual(m.runningHash, Buffer.from('running_hash').toString('hex'));
    assert.strictEqual(m.runningHashVersion, 2);
    assert.deepStrictEqual([...m.bytes], [...utf8('message')]);
    assert.deepStrictEqual(m.chunk, {
      number: 1,
      total: 1,
      initialTransactionId: {
        transactionId: { payer: { shard: 0n, realm: 0n, num: 3n }, seconds: 1234567890n, nanos: 0 },
        nonce: 1,
        scheduled: true,
      },
    });
  });

  it('chunk_info null means a message sent whole; nonce and scheduled may be null', () => {
    assert.strictEqual(decodeTopicMessage({ ...SERVER_ENTRY, chunk_info: null }).chunk, undefined);
    const nulls = { ...SERVER_ENTRY.chunk_info.initial_transaction_id, nonce: null, scheduled: null };
    const m = decodeTopicMessage({
      ...SERVER_ENTRY,
      chunk_info: { ...SERVER_ENTRY.chunk_info, initial_transaction_id: nulls },
    });
    assert.strictEqual(m.chunk?.initialTransactionId.nonce, null);
    assert.strictEqual(m.chunk?.initialTransactionId.scheduled, null);
  });

  it("takes openapi.yml's string initial_transaction_id, with nonce and scheduled beside it", () => {
    const asString = decodeTopicMessage({
      ...SERVER_ENTRY,
      chunk_info: {
        initial_transaction_id: '0.0.3-1234567890-000000000',
        nonce: 1,
        scheduled: true,
        number: 1,
        total: 1,
      },
    });
    assert.deepStrictEqual(asString.chunk, decodeTopicMessage(SERVER_ENTRY).chunk);
    const bare = decodeTopicMessage({
      ...SERVER_ENTRY,
      chunk_info: { initial_transaction_id: '0.0.10-1234567890-000000321', number: 1, total: 2 },
    });
    assert.deepStrictEqual(bare.chunk?.initialTransactionId, {
      transactionId: { payer: { shard: 0n, realm: 0n, num: 10n }, seconds: 1234567890n, nanos: 321 },
      nonce: null,
      scheduled: null,
    });
  });

  it('sequence numbers above 2^53 stay exact through the lossless page parser', () => {
    const sequences = [2n ** 53n + 1n, 9_007_199_254_740_993_123n % 2n ** 63n, 2n ** 63n - 1n];
    const body = topicMessagesBody(sequences.map(sequence => rawTopicMessage({ sequence, bytes: utf8('x') })));
    assert.ok(body.includes('"sequence_number":9007199254740993'), 'the body carries the digits as a number');
    const page = decodeTopicMessagesPage(body);
    assert.deepStrictEqual(
      page.messages.map(m => (m as TopicMessage).sequenceNumber),
      sequences,
    );
    assert.strictEqual(page.next, null);
    // Parsed by the native parser instead, the number has lost digits: refused, not rounded.
    const lossy = (JSON.parse(body) as { messages: unknown[] }).messages[0];
    assert.throws(
      () => decodeTopicMessage(lossy),
      (e: unknown) => e instanceof TopicMessageError && e.member === 'sequence_number' && /2\^53/.test(e.message),
    );
    // parseLossless itself, one entry.
    assert.strictEqual(
      decodeTopicMessage((parseLossless(body) as { messages: unknown[] }).messages[2]).sequenceNumber,
      2n ** 63n - 1n,
    );
  });

  it('with encoding=utf-8 the message is the text itself', () => {
    const m = decodeTopicMessage({ ...SERVER_ENTRY, message: 'hedera hashgraph ✓' }, 'utf-8');
    assert.deepStrictEqual([...m.bytes], [...utf8('hedera hashgraph ✓')]);
  });

  const BAD: Array<[string, unknown, string]> = [
    ['topic_id', undefined, 'topic_id'],
    ['topic_id', '7', 'topic_id'],
    ['topic_id', 7, 'topic_id'],
    ['payer_account_id', '0.0.-3', 'payer_account_id'],
    ['sequence_number', -1, 'sequence_number'],
    ['sequence_number', 1.5, 'sequence_number'],
    ['sequence_number', '12a', 'sequence_number'],
    ['sequence_number', '9223372036854775808', 'sequence_number'],
    ['sequence_number', null, 'sequence_number'],
    ['consensus_timestamp', 1234567890, 'consensus_timestamp'],
    ['consensus_timestamp', '1234567890.0000000001', 'consensus_timestamp'],
    ['running_hash', 'not base64!', 'running_hash'],
    ['running_hash', 'A'.repeat(200), 'running_hash'],
    ['running_hash_version', '3', 'running_hash_version'],
    ['running_hash_version', -1, 'running_hash_version'],
    ['message', undefined, 'message'],
    ['message', 'a', 'message'],
    ['message', 'QUJD*', 'message'],
    ['message', 'A'.repeat(1024 * 1024 + 4), 'message'],
    ['chunk_info', 'yes', 'chunk_info'],
    ['chunk_info', [], 'chunk_info'],
    ['chunk_info.number', 0, 'chunk_info.number'],
    ['chunk_info.number', 3, 'chunk_info.number'],
    ['chunk_info.total', 0, 'chunk_info.total'],
    ['chunk_info.total', 2 ** 31, 'chunk_info.total'],
    ['chunk_info.initial_transaction_id', undefined, 'chunk_info.initial_transaction_id'],
    ['chunk_info.initial_transaction_id', '0.0.3@x', 'chunk_info.initial_transaction_id'],
    ['chunk_info.initial_transaction_id.account_id', 3, 'chunk_info.initial_transaction_id.account_id'],
    [
      'chunk_info.initial_transaction_id.transaction_valid_start',
      '1-2',
      'chunk_info.initial_transaction_id.transaction_valid_start',
    ],
    ['chunk_info.initial_transaction_id.nonce', -1, 'chunk_info.initial_transaction_id.nonce'],
    ['chunk_info.initial_transaction_id.scheduled', 'false', 'chunk_info.initial_transaction_id.scheduled'],
  ];
  it('the entry the bad cases start from decodes', () => {
    assert.strictEqual(decodeTopicMessage(withMember('topic_id', '0.0.5005')).chunk?.total, 2);
  });

  for (const [path, value, member] of BAD) {
    it(`refuses ${path} = ${typeof value === 'string' && value.length > 20 ? `${value.slice(0, 12)}… (${value.length})` : JSON.stringify(value)}, naming ${member}`, () => {
      assert.throws(
        () => decodeTopicMessage(withMember(path, value)),
        (e: unknown) => e instanceof TopicMessageError && e.member === member && e.message.length < 200,
      );
    });
  }

  it('a bad entry of a page is its error in place; the others decode', () => {
    const good = rawTopicMessage({ sequence: 1n, bytes: utf8('a') });
    const bad = { ...rawTopicMessage({ sequence: 2n, bytes: utf8('b') }), running_hash: 42 };
    const page = decodeTopicMessagesPage(
      JSON.stringify({
        messages: [good, bad],
        links: { next: '/api/v1/topics/0.0.5005/messages?sequencenumber=gt:2' },
      }),
    );
    assert.strictEqual((page.messages[0] as TopicMessage).sequenceNumber, 1n);
    assert.ok(page.messages[1] instanceof TopicMessageError);
    assert.strictEqual(page.messages[1].member, 'messages[1].running_hash');
    assert.strictEqual(page.next, '/api/v1/topics/0.0.5005/messages?sequencenumber=gt:2');
    for (const body of ['{', '[]', '{"messages":{}}', '{"messages":[],"links":{"next":5}}'])
      assert.throws(() => decodeTopicMessagesPage(body), TopicMessageError, body);
  });

  it('property: any value, or any member replaced by anything, decodes or throws TopicMessageError', () => {
    const paths = [
      'topic_id',
      'sequence_number',
      'consensus_timestamp',
      'payer_account_id',
      'running_hash',
      'running_hash_version',
      'message',
      'chunk_info',
      'chunk_info.number',
      'chunk_info.total',
      'chunk_info.initial_transaction_id',
      'chunk_info.initial_transaction_id.nonce',
    ];
    const check = (raw: unknown) => {
      try {
        const m = decodeTopicMessage(raw);
        assert.strictEqual(typeof m.sequenceNumber, 'bigint');
      } catch (e) {
        if (!(e instanceof TopicMessageError)) throw e;
      }
    };
    fc.assert(fc.property(fc.anything(), check), { numRuns: 300 });
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.anything(), (path, value) => check(withMember(path, value))),
      { numRuns: 500 },
    );
  });
});
