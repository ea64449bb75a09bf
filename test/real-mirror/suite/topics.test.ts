// Topic messages on the real mirror node, from its own spec data (topic 0.0.7): the three messages
// endpoints decoded, paging over the server's own links.next, `sequencenumber=gt:`, the Topics view
// and "Lookup topic message". `/api/v1/topics/{id}` is served by another module in production and
// is absent from this server (404): the view says so and shows the messages all the same.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { TopicsFeature, TopicLookupOutcome } from '../../../src/features/topics';
import { TopicsProvider } from '../../../src/features/topics/tree';
import { decodeEntries } from '../../../src/features/topics/model';
import { createMirrorClient, type MirrorClient } from '../../../src/mirror';
import { joinChunks, numbersPhrase } from '../../../src/topics';
import { resetSettings, setSetting, waitFor } from '../../integration/helpers';
import { fetchReal, useRealSet } from '../helpers';

const seqs = (entries: readonly object[]): bigint[] => decodeEntries(entries).messages.map(m => m.sequenceNumber);
const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

describe('real mirror node: topic messages', () => {
  describe('set "topics": six messages of 0.0.7', () => {
    const real = useRealSet('topics');
    let client: MirrorClient;
    before(() => {
      client = createMirrorClient({ baseUrl: real().url, retries: 0 });
    });
    after(() => client.dispose());

    it("pages newest first over the server's own links.next, every entry decoded", async () => {
      const own = JSON.parse(
        (await fetchReal(real().url, '/api/v1/topics/0.0.7/messages?order=desc&limit=2')).text,
      ) as {
        links: { next: string | null };
      };
      assert.match(own.links.next ?? '', /^\/api\/v1\/topics\/0\.0\.7\/messages\?.*timestamp=lt:/);
      const pages: bigint[][] = [];
      let page = await client.listTopicMessages('0.0.7', { order: 'desc', limit: 2 });
      for (;;) {
        pages.push(seqs(page.messages));
        const { messages, errors } = decodeEntries(page.messages);
        assert.deepStrictEqual(errors, []);
        for (const m of messages) assert.strictEqual(text(m.bytes), 'message');
        const next = await client.next(page);
        if (!next) break;
        page = next;
      }
      assert.deepStrictEqual(pages.flat(), [6n, 5n, 4n, 3n, 2n, 1n]);
    });

    it('`sequencenumber=gt:` answers only what came after (what a live view polls with)', async () => {
      const after4 = await client.listTopicMessages('0.0.7', { order: 'asc', sequencenumber: 'gt:4' });
      assert.deepStrictEqual(seqs(after4.messages), [5n, 6n]);
      const none = await client.listTopicMessages('0.0.7', { order: 'asc', sequencenumber: 'gt:6' });
      assert.deepStrictEqual(none.messages, []);
    });

    it('the Topics view: the topic, its details said absent here, its messages newest first, Load more', async () => {
      const provider = new TopicsProvider({
        client: () => client,
        topics: () => ['0.0.7'],
        pollIntervalMs: () => 60_000,
        pageSize: 4,
      });
      try {
        const [topic] = await provider.getChildren();
        let rows = await provider.getChildren(topic);
        assert.deepStrictEqual(
          rows.map(r => r.item().label),
          ['Details not served here (this mirror node has no /topics/{id})', '#6', '#5', '#4', '#3', 'Load more'],
        );
        await provider.loadMore(topic);
        rows = await provider.getChildren(topic);
        assert.deepStrictEqual(
          rows.slice(1).map(r => r.item().label),
          ['#6', '#5', '#4', '#3', '#2', '#1'],
        );
      } finally {
        provider.dispose();
      }
    });

    it('the extension: watching 0.0.7 lists it in its view with its messages', async () => {
      const feature = real().api.features['topics'] as TopicsFeature | undefined;
      assert.ok(feature, 'exports.features.topics');
      await setSetting('ledgerLens.watchedTopics', ['0.0.7']);
      try {
        await waitFor(() => real().api.services.config.current.watchedTopics.includes('0.0.7'), 5000, 'the setting');
        const [topic] = await feature.provider.getChildren();
        assert.strictEqual(topic.item().label, '0.0.7');
        const labels = (await feature.provider.getChildren(topic)).map(r => r.item().label);
        assert.deepStrictEqual(labels.slice(1), ['#6', '#5', '#4', '#3', '#2', '#1']);
      } finally {
        await resetSettings('ledgerLens.watchedTopics');
      }
    });
  });

  describe('set "topic-lookup": one message by sequence number and by consensus timestamp', () => {
    const real = useRealSet('topic-lookup');

    it('both single-message endpoints answer the same message, decoded', async () => {
      const client = createMirrorClient({ baseUrl: real().url, retries: 0 });
      try {
        const bySequence = decodeEntries([await client.getTopicMessage('0.0.7', 2n)]).messages[0];
        const byTime = decodeEntries([await client.getTopicMessageAt('1234567890.000000002')]).messages[0];
        assert.deepStrictEqual(bySequence, byTime);
        assert.strictEqual(bySequence.sequenceNumber, 2n);
        assert.deepStrictEqual(bySequence.payerAccountId, { shard: 0n, realm: 0n, num: 10n });
      } finally {
        client.dispose();
      }
    });

    it('"Lookup topic message" opens 0.0.7#2 as text; #9 is not found', async () => {
      const shown = await vscode.commands.executeCommand<TopicLookupOutcome>(
        'ledgerLens.lookupTopicMessage',
        '0.0.7#2',
      );
      assert.strictEqual(shown?.kind, 'shown', JSON.stringify(shown));
      const doc = shown.kind === 'shown' ? shown.text : '';
      assert.match(doc, /^#2 · 2009-02-13T23:31:30\.000000002Z \(1234567890\.000000002\) · payer 0\.0\.10$/m);
      assert.match(doc, /^text \(7 bytes\)\nmessage$/m);
      const atTime = await vscode.commands.executeCommand<TopicLookupOutcome>(
        'ledgerLens.lookupTopicMessage',
        '1234567890.000000002',
      );
      assert.strictEqual(atTime?.kind === 'shown' && atTime.text, doc);
      const missing = await vscode.commands.executeCommand<TopicLookupOutcome>(
        'ledgerLens.lookupTopicMessage',
        '0.0.7#9',
      );
      assert.strictEqual(missing?.kind, 'not-found', JSON.stringify(missing));
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });
  });

  describe('set "topic-chunks": chunk_info as the server writes it', () => {
    const real = useRealSet('topic-chunks');

    it('a one-chunk message reads whole; chunk 2 of 3 says chunks 1 and 3 are missing', async () => {
      const client = createMirrorClient({ baseUrl: real().url, retries: 0 });
      try {
        const page = await client.listTopicMessages('0.0.7');
        const { messages, errors } = decodeEntries(page.messages);
        assert.deepStrictEqual(errors, []);
        // The initial transaction id comes as an object (openapi.yml's example shows a string).
        assert.strictEqual(messages[1].chunk?.initialTransactionId.nonce, 1);
        assert.strictEqual(messages[1].chunk?.initialTransactionId.scheduled, true);
        const entries = joinChunks(messages);
        assert.deepStrictEqual(
          entries.map(e => e.kind),
          ['single', 'single', 'chunked'],
        );
        const chunked = entries[2];
        assert.ok(chunked.kind === 'chunked');
        assert.deepStrictEqual(chunked.missing, [1, 3]);
        assert.ok(
          chunked.problems.some(p => p.includes(numbersPhrase([1, 3], 'chunk'))),
          chunked.problems.join('; '),
        );
      } finally {
        client.dispose();
      }
    });
  });
});
