// Topics in a real extension host against the loopback replay: Watch topic from a command, the
// view's rows, live polling while visible (new messages on top) and none while hidden, the hover's
// last message with its "Watch topic" link, Lookup topic message, and the tail panel.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { LedgerLensExports } from '../../../src/features/context';
import type { TopicsFeature, TopicLookupOutcome } from '../../../src/features/topics';
import { TopicsProvider } from '../../../src/features/topics/tree';
import { createMirrorClient, type MirrorClient } from '../../../src/mirror';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';
import { rawTopicMessage, utf8 } from '../../support/topicMessages';
import { LIVE_TOPIC, LIVE_TOPIC_MEMO, arrivedRecord, liveTopicRecords } from '../../support/topicsRecords';
import { activateLedgerLens, hoverMarkdown, resetSettings, setSetting, waitFor } from '../helpers';

function feature(api: LedgerLensExports): TopicsFeature {
  const f = api.features['topics'] as TopicsFeature | undefined;
  assert.ok(f, 'exports.features.topics');
  return f;
}

describe('Topics', () => {
  let api: LedgerLensExports;
  let replay: MirrorReplay;
  let client: MirrorClient;

  before(async () => {
    api = await activateLedgerLens();
    replay = await startMirrorReplay({ port: 0 });
    replay.addRecords(liveTopicRecords());
    client = createMirrorClient({ baseUrl: replay.url, retries: 0, maxRequestsPerSecond: 1000 });
    await setSetting('ledgerLens.mirrorNodeUrls', { testnet: replay.url });
    await waitFor(() => api.services.config.current.mirrorBaseUrl === replay.url, 5000, 'the replay URL in use');
  });

  after(async () => {
    client.dispose();
    for (const p of feature(api).panels.open) p.dispose();
    await resetSettings('ledgerLens.mirrorNodeUrls', 'ledgerLens.watchedTopics');
    await replay.close();
  });

  it('Watch topic adds the id to the setting; the view lists it with its memo and messages', async () => {
    const id = await vscode.commands.executeCommand<string>('ledgerLens.watchTopic', { id: LIVE_TOPIC });
    assert.strictEqual(id, LIVE_TOPIC);
    await waitFor(() => api.services.config.current.watchedTopics.includes(LIVE_TOPIC), 5000, 'the setting');
    const { provider } = feature(api);
    const [topic] = await provider.getChildren();
    // Listed, the topic reads its details at once: its row shows the memo before it is expanded.
    await waitFor(() => topic.item().description?.startsWith(LIVE_TOPIC_MEMO), 5000, 'the memo on the row');
    const rows = await provider.getChildren(topic);
    assert.deepStrictEqual(
      rows.map(r => r.item().label),
      ['Memo', 'Keys', 'Auto-renew account', '#4', '#1–3'],
    );
    // Watching it again changes nothing.
    await vscode.commands.executeCommand('ledgerLens.watchTopic', LIVE_TOPIC);
    assert.deepStrictEqual(api.services.config.current.watchedTopics, [LIVE_TOPIC]);
  });

  it('live while visible and expanded: new messages come on top; hidden, nothing is asked', async () => {
    const provider = new TopicsProvider({
      client: () => client,
      topics: () => [LIVE_TOPIC],
      pollIntervalMs: () => 100,
    });
    const polls = () => replay.requests.filter(r => r.url.includes('sequencenumber=gt:')).length;
    try {
      const [topic] = await provider.getChildren();
      await provider.getChildren(topic);
      provider.setVisible(true);
      provider.setExpanded(topic, true);
      await waitFor(() => polls() >= 2, 5000, 'two polls while visible');
      const [index] = replay.addRecords([arrivedRecord()]);
      replay.useRecord(index);
      await waitFor(
        async () => (await provider.getChildren(topic)).some(r => r.item().label === '#6'),
        5000,
        'the new messages',
      );
      const labels = (await provider.getChildren(topic)).map(r => r.item().label);
      assert.deepStrictEqual(labels.slice(3, 6), ['#6', '#5', '#4']);
      await waitFor(() => replay.requests.some(r => r.url.endsWith('sequencenumber=gt:6')), 5000, 'a poll after #6');
      provider.setVisible(false);
      const before = polls();
      await new Promise(r => setTimeout(r, 1000));
      assert.strictEqual(polls(), before, 'no poll for ten intervals while hidden');
      provider.setVisible(true);
      provider.setExpanded(topic, false);
      await new Promise(r => setTimeout(r, 500));
      assert.strictEqual(polls(), before, 'collapsed: none either');
    } finally {
      provider.dispose();
    }
  });

  it("the hover on a topic id: its memo, the last message and the count, and 'Watch topic'", async () => {
    const doc = await vscode.workspace.openTextDocument({
      content: `const topic = "${LIVE_TOPIC}";`,
      language: 'typescript',
    });
    const md = await hoverMarkdown(doc, LIVE_TOPIC);
    assert.ok(md.includes('**Topic**'), md);
    assert.match(md, /Messages: 4 · last #4, .+, by `0\.0\.1001`/);
    assert.ok(md.includes('`plain text, message four`'), md);
    assert.ok(md.includes('](command:ledgerLens.watchTopic?'), md);
  });

  it('Lookup topic message: 0.0.x#sequence opens the message as text', async () => {
    replay.addRecords([
      {
        url: `/api/v1/topics/${LIVE_TOPIC}/messages/4`,
        bodyText: JSON.stringify(rawTopicMessage({ sequence: 4n, bytes: utf8('plain text, message four') })),
      },
    ]);
    const shown = await vscode.commands.executeCommand<TopicLookupOutcome>(
      'ledgerLens.lookupTopicMessage',
      `${LIVE_TOPIC}#4`,
    );
    assert.strictEqual(shown?.kind, 'shown', JSON.stringify(shown));
    assert.ok(shown.kind === 'shown' && shown.uri.endsWith('%234.txt'), shown.kind === 'shown' ? shown.uri : '');
    assert.match(shown.kind === 'shown' ? shown.text : '', /^text \(24 bytes\)\nplain text, message four$/m);
    const refused = await vscode.commands.executeCommand<TopicLookupOutcome>(
      'ledgerLens.lookupTopicMessage',
      'not a message',
    );
    assert.strictEqual(refused?.kind, 'refused');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Tail in a panel: one panel per topic, its newest messages read once it is up', async () => {
    const { panels } = feature(api);
    await vscode.commands.executeCommand('ledgerLens.tailTopic', { id: LIVE_TOPIC });
    await vscode.commands.executeCommand('ledgerLens.tailTopic', { id: LIVE_TOPIC });
    assert.strictEqual(panels.open.length, 1);
    const tail = panels.open[0];
    assert.strictEqual(tail.topicId, LIVE_TOPIC);
    await waitFor(() => tail.feed.messages.length >= 4, 10_000, 'the newest page in the panel');
    tail.dispose();
    assert.strictEqual(panels.open.length, 0);
  });
});
