// The mirror client's topic message endpoints: parameters checked before anything is sent
// (`sequencenumber` with its operators, `encoding`), the paths, and pages followed through
// links.next, against a loopback server answering with typed builders' bodies.
import * as assert from 'assert';
import { createMirrorClient, MirrorInputError, type MirrorClient } from '../../../src/mirror';
import { topicMessageAtPath, topicMessagePath, topicMessagesQuery } from '../../../src/mirror/topicParams';
import { decodeEntries } from '../../../src/features/topics/model';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';
import { rawTopicMessage, topicMessagesBody, utf8 } from '../../support/topicMessages';

const refusedParams = (f: () => unknown): string[] => {
  try {
    f();
  } catch (e) {
    if (e instanceof MirrorInputError) return e.issues.map(i => i.parameter);
    throw e;
  }
  return [];
};

describe('mirror client: topic message endpoints', () => {
  it('checks the query: operators on sequencenumber, limits, encoding, unknown names', () => {
    assert.deepStrictEqual(
      topicMessagesQuery({ order: 'asc', limit: 100, sequencenumber: 'gt:41', encoding: 'utf-8' }),
      [
        ['order', 'asc'],
        ['limit', '100'],
        ['sequencenumber', 'gt:41'],
        ['encoding', 'utf-8'],
      ],
    );
    assert.deepStrictEqual(
      topicMessagesQuery({ sequencenumber: [9_223_372_036_854_775_807n, 'lte:5'], timestamp: 'gte:1.5' }),
      [
        ['sequencenumber', '9223372036854775807'],
        ['sequencenumber', 'lte:5'],
        ['timestamp', 'gte:1.5'],
      ],
    );
    assert.deepStrictEqual(
      refusedParams(() => topicMessagesQuery({ sequencenumber: 'ne:3' })),
      ['sequencenumber'],
    );
    assert.deepStrictEqual(
      refusedParams(() => topicMessagesQuery({ sequencenumber: '9223372036854775808' })),
      ['sequencenumber'],
    );
    assert.deepStrictEqual(
      refusedParams(() => topicMessagesQuery({ sequencenumber: -1 })),
      ['sequencenumber'],
    );
    assert.deepStrictEqual(
      refusedParams(() => topicMessagesQuery({ limit: 101, encoding: 'hex' as 'utf-8' })),
      ['limit', 'encoding'],
    );
    assert.deepStrictEqual(
      refusedParams(() => topicMessagesQuery({ 'topic.id': '7' } as object)),
      ['topic.id'],
    );
  });

  it('builds the single-message paths, refusing sequence 0 and bad timestamps', () => {
    assert.strictEqual(topicMessagePath('0.0.7', 3n), '/topics/0.0.7/messages/3');
    assert.strictEqual(topicMessagePath('7', '12'), '/topics/7/messages/12');
    assert.strictEqual(topicMessageAtPath('1234567890.000000002'), '/topics/messages/1234567890.000000002');
    assert.deepStrictEqual(
      refusedParams(() => topicMessagePath('0.0.7', 0n)),
      ['sequencenumber'],
    );
    assert.deepStrictEqual(
      refusedParams(() => topicMessagePath('0.0.-3', 'a')),
      ['topic.id', 'sequencenumber'],
    );
    assert.deepStrictEqual(
      refusedParams(() => topicMessageAtPath('123abc')),
      ['consensus_timestamp'],
    );
  });

  describe('against a loopback server', () => {
    let replay: MirrorReplay;
    let client: MirrorClient;
    before(async () => {
      replay = await startMirrorReplay();
      client = createMirrorClient({ baseUrl: replay.url, retries: 0, maxRequestsPerSecond: 1000 });
    });
    after(async () => {
      client.dispose();
      await replay.close();
    });
    afterEach(() => replay.clearAddedRecords());

    it('pages newest first through links.next, sequence numbers exact above 2^53', async () => {
      const big = 9_007_199_254_740_993n;
      const page1 = JSON.parse(
        topicMessagesBody([rawTopicMessage({ sequence: big + 1n, bytes: utf8('b') })]),
      ) as object;
      const next = '/api/v1/topics/0.0.5005/messages?order=desc&limit=1&timestamp=lt:1707199254.000000001';
      const body1 = topicMessagesBody([rawTopicMessage({ sequence: big + 1n, bytes: utf8('b') })]).replace(
        '"next":null',
        `"next":"${next}"`,
      );
      assert.ok(page1);
      replay.addRecords([
        { url: '/api/v1/topics/0.0.5005/messages?order=desc&limit=1', bodyText: body1 },
        { url: next, bodyText: topicMessagesBody([rawTopicMessage({ sequence: big, bytes: utf8('a') })]) },
      ]);
      const first = await client.listTopicMessages('0.0.5005', { order: 'desc', limit: 1 });
      const second = await client.next(first);
      assert.ok(second);
      const seqs = [...first.messages, ...second.messages].map(m => decodeEntries([m]).messages[0].sequenceNumber);
      assert.deepStrictEqual(seqs, [big + 1n, big]);
      assert.strictEqual(await client.next(second), null);
    });

    it('sends gt: as written; the single-message endpoints answer one entry', async () => {
      replay.resetRequests();
      replay.addRecords([
        { url: '/api/v1/topics/0.0.5005/messages?order=asc&sequencenumber=gt:41', bodyText: topicMessagesBody([]) },
        {
          url: '/api/v1/topics/0.0.5005/messages/42',
          bodyText: JSON.stringify(rawTopicMessage({ sequence: 42n, bytes: utf8('x') })),
        },
        {
          url: '/api/v1/topics/messages/1700000042.000000001',
          bodyText: JSON.stringify(rawTopicMessage({ sequence: 42n, bytes: utf8('x') })),
        },
      ]);
      const empty = await client.listTopicMessages('0.0.5005', { order: 'asc', sequencenumber: 'gt:41' });
      assert.deepStrictEqual(empty.messages, []);
      assert.strictEqual(replay.requests[0].url, '/api/v1/topics/0.0.5005/messages?order=asc&sequencenumber=gt:41');
      const one = await client.getTopicMessage('0.0.5005', 42n);
      const at = await client.getTopicMessageAt('1700000042.000000001');
      assert.strictEqual(decodeEntries([one]).messages[0].sequenceNumber, 42n);
      assert.deepStrictEqual(decodeEntries([at]).messages[0].bytes, utf8('x'));
    });
  });
});
