// The topics feature: the Topics view (watched topics, their details and decoded messages, live
// while expanded and visible), Watch / Stop watching, Load more, "Lookup topic message" (a
// read-only document), Copy, and "Tail in a panel".
import * as vscode from 'vscode';
import type { SettingsWriter } from '../../app/config';
import type { Network } from '../../ledger';
import type { MirrorClient } from '../../mirror';
import type { FeatureHost, FeatureLog, Setting } from '../context';
import type { ViewSlot } from '../manifest';
import { notify } from '../../app/notifications';
import { describeMirrorError } from '../../present';
import { TopicMessageDocuments, fetchTopicEntry } from './documents';
import { TOPIC_LOOKUP_HELP, describeTopicQuery, parseTopicLookup, type TopicMessageQuery } from './lookupInput';
import { entryHead } from './model';
import { TopicMessageNode, TopicNode } from './nodes';
import { TailPanels } from './panel';
import { TopicsProvider, type TopicsTreeNode } from './tree';

export interface TopicsSettings {
  readonly network: Network;
  readonly networkLabel: string;
  readonly watchedTopics: readonly string[];
  readonly topicPollIntervalSeconds: number;
}

export interface TopicsInputs {
  readonly mirror: () => MirrorClient;
  readonly clientFor: (network: Network) => MirrorClient;
  readonly settings: Setting<TopicsSettings>;
  readonly config: SettingsWriter;
  readonly onDidChangeMirrorClient: vscode.Event<unknown>;
  readonly log: FeatureLog;
  readonly view?: ViewSlot<TopicsTreeNode>;
}

/** What integration tests reach through `exports.features.topics`. */
export interface TopicsFeature {
  readonly provider: TopicsProvider;
  readonly panels: TailPanels;
  readonly documents: TopicMessageDocuments;
  readonly treeView: vscode.TreeView<TopicsTreeNode>;
}

const TOPIC_ID = /^\d{1,10}\.\d{1,10}\.\d{1,10}$/;

export function registerTopics(host: FeatureHost, inputs: TopicsInputs): vscode.Disposable {
  const settings = () => inputs.settings.current;
  const provider = new TopicsProvider({
    client: inputs.mirror,
    topics: () => settings().watchedTopics,
    pollIntervalMs: () => settings().topicPollIntervalSeconds * 1000,
  });
  const documents = new TopicMessageDocuments(inputs.clientFor);
  const panels = new TailPanels({
    extensionUri: host.extension.extensionUri,
    log: inputs.log,
    clientFor: inputs.clientFor,
    intervalMs: () => settings().topicPollIntervalSeconds * 1000,
  });
  const attached = inputs.view?.attach(provider);
  const treeView =
    inputs.view?.treeView ??
    vscode.window.createTreeView<TopicsTreeNode>('ledgerLens.topics', { treeDataProvider: provider });
  const feature: TopicsFeature = { provider, panels, documents, treeView };
  host.exports.features['topics'] = feature;

  const describe = () => (treeView.description = settings().networkLabel);
  describe();
  provider.setVisible(treeView.visible);

  return vscode.Disposable.from(
    provider,
    panels,
    documents,
    attached ?? treeView,
    treeView.onDidChangeVisibility(e => provider.setVisible(e.visible)),
    treeView.onDidExpandElement(e => provider.setExpanded(e.element, true)),
    treeView.onDidCollapseElement(e => provider.setExpanded(e.element, false)),
    inputs.settings.onDidChange(({ previous, current }) => {
      if (previous.topicPollIntervalSeconds !== current.topicPollIntervalSeconds) provider.restartPolls();
      if (previous.watchedTopics !== current.watchedTopics) provider.refreshRoot();
    }),
    inputs.onDidChangeMirrorClient(() => {
      describe();
      provider.reset();
    }),
    host.registerCommand('ledgerLens.watchTopic', async arg => {
      const id = await watchTopic(inputs, arg);
      // Shown and expanded: the view lists it, and it is live while the view is visible.
      if (id)
        await treeView
          .reveal(provider.state(id).node, { select: true, focus: false, expand: true })
          .then(undefined, () => undefined);
      return id;
    }),
    host.registerCommand('ledgerLens.unwatchTopic', arg => unwatchTopic(inputs, arg)),
    host.registerCommand('ledgerLens.refreshTopics', () => provider.reset()),
    host.registerCommand('ledgerLens.loadMoreTopicMessages', arg => provider.loadMore(arg as TopicsTreeNode)),
    host.registerCommand('ledgerLens.lookupTopicMessage', arg => lookupTopicMessage(inputs, documents, arg)),
    host.registerCommand('ledgerLens.openTopicMessage', arg => openMessage(inputs, documents, arg)),
    host.registerCommand('ledgerLens.copyTopicMessage', async arg => {
      if (!(arg instanceof TopicMessageNode)) return undefined;
      const { entry } = arg;
      const text = entry.content?.text ?? '';
      await vscode.env.clipboard.writeText(text);
      return text;
    }),
    host.registerCommand('ledgerLens.tailTopic', async arg => {
      const id = topicIdOf(arg) ?? (await pickTopic(settings().watchedTopics));
      return id ? panels.show(id, settings().network) : undefined;
    }),
  );
}

/** A topic id from a command's argument: a topic row, `{ id }`, `{ kind: 'topic', id }` or the id. */
export function topicIdOf(arg: unknown): string | undefined {
  if (arg instanceof TopicNode) return arg.topicId;
  const raw =
    typeof arg === 'string' ? arg : typeof arg === 'object' && arg !== null ? (arg as { id?: unknown }).id : undefined;
  return typeof raw === 'string' && TOPIC_ID.test(raw.trim()) ? raw.trim() : undefined;
}

async function watchTopic(inputs: TopicsInputs, arg: unknown): Promise<string | undefined> {
  const id =
    topicIdOf(arg) ??
    (await vscode.window.showInputBox({
      title: 'Ledger Lens: Watch topic',
      prompt: 'A consensus topic id: its messages show in the Topics view',
      placeHolder: '0.0.1234',
      validateInput: v =>
        v.trim() === '' || TOPIC_ID.test(v.trim()) ? undefined : 'A topic id: shard.realm.num (0.0.1234)',
    }));
  const topic = id?.trim();
  if (!topic) return undefined;
  const current = inputs.settings.current.watchedTopics;
  if (!current.includes(topic)) await inputs.config.update('watchedTopics', [...current, topic]);
  return topic;
}

async function unwatchTopic(inputs: TopicsInputs, arg: unknown): Promise<string | undefined> {
  const id = topicIdOf(arg);
  if (!id) return undefined;
  const current = inputs.settings.current.watchedTopics;
  if (current.includes(id))
    await inputs.config.update(
      'watchedTopics',
      current.filter(t => t !== id),
    );
  return id;
}

async function pickTopic(watched: readonly string[]): Promise<string | undefined> {
  if (watched.length === 0) {
    const typed = await vscode.window.showInputBox({ title: 'Ledger Lens: Tail topic', placeHolder: '0.0.1234' });
    return topicIdOf(typed);
  }
  return vscode.window.showQuickPick([...watched], { title: 'Ledger Lens: Tail which topic?' });
}

/** Outcome of a lookup, for tests: what was shown, or why nothing was. */
export type TopicLookupOutcome =
  | { readonly kind: 'shown'; readonly uri: string; readonly text: string }
  | { readonly kind: 'refused' | 'not-found' | 'failed'; readonly message: string }
  | { readonly kind: 'cancelled' };

async function lookupTopicMessage(
  inputs: TopicsInputs,
  documents: TopicMessageDocuments,
  arg: unknown,
): Promise<TopicLookupOutcome> {
  const input = typeof arg === 'string' ? arg : await askForMessage();
  if (input === undefined) return { kind: 'cancelled' };
  const parsed = parseTopicLookup(input);
  if (!parsed.ok) {
    void notify('warning', `Lookup topic message: ${parsed.message}`);
    return { kind: 'refused', message: parsed.message };
  }
  return showQuery(inputs, documents, parsed.query);
}

async function showQuery(
  inputs: TopicsInputs,
  documents: TopicMessageDocuments,
  query: TopicMessageQuery,
): Promise<TopicLookupOutcome> {
  const network = inputs.settings.current.network;
  const title = `Topic message ${describeTopicQuery(query)} on ${inputs.settings.current.networkLabel}`;
  try {
    const entry = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Looking up ${title}`, cancellable: true },
      (_p, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        return fetchTopicEntry(inputs.clientFor(network), query, controller.signal);
      },
    );
    const doc = await documents.open(network, query, entry);
    return { kind: 'shown', uri: doc.uri.toString(), text: doc.getText() };
  } catch (e) {
    const described = describeMirrorError(e, { network: inputs.settings.current.networkLabel });
    const notFound = described.kind === 'not-found';
    const message = notFound ? `${title} was not found.` : `${title}: ${described.detail}`;
    void notify(notFound ? 'warning' : 'error', message);
    return { kind: notFound ? 'not-found' : 'failed', message };
  }
}

async function openMessage(inputs: TopicsInputs, documents: TopicMessageDocuments, arg: unknown): Promise<unknown> {
  if (!(arg instanceof TopicMessageNode)) return undefined;
  const head = entryHead(arg.entry);
  if (!head) return undefined;
  const query: TopicMessageQuery = {
    kind: 'sequence',
    topicId: arg.parent.topicId,
    sequenceNumber: head.sequenceNumber,
  };
  const doc = await documents.open(inputs.settings.current.network, query, arg.entry);
  return doc.uri.toString();
}

function askForMessage(): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title: 'Ledger Lens: Lookup topic message',
    prompt: TOPIC_LOOKUP_HELP,
    placeHolder: '0.0.5005#7 or 1700000000.000000001',
    validateInput: value => {
      if (value.trim() === '') return undefined;
      const r = parseTopicLookup(value);
      return r.ok ? undefined : { message: r.message, severity: vscode.InputBoxValidationSeverity.Error };
    },
  });
}
