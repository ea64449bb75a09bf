// A topic message as a read-only text document (`ledgerlens-topic:` documents): the decoded entry
// in plain text, never markup. Its address names the network and the message
// (`/testnet/0.0.5005/0.0.5005#7.txt`, its tab `0.0.5005#7.txt`, or `/testnet/at/<timestamp>.txt`),
// so a document restored after a reload is read again from that network. A message opened from the
// view is handed over as it is shown (chunks joined); one opened by address is read alone, and a
// chunk of a larger message says which chunks are not there.
import * as vscode from 'vscode';
import { isNetwork, type Network } from '../../ledger';
import type { MirrorClient } from '../../mirror';
import { joinChunks, topicEntryText, type TopicEntry } from '../../topics';
import { decodeEntries } from './model';
import type { TopicMessageQuery } from './lookupInput';

import { TOPIC_MESSAGE_SCHEME } from './manifest';

export { TOPIC_MESSAGE_SCHEME };

export function topicMessageUri(network: Network, query: TopicMessageQuery): vscode.Uri {
  const path =
    query.kind === 'sequence'
      ? `/${network}/${query.topicId}/${query.topicId}#${query.sequenceNumber}`
      : `/${network}/at/${query.timestamp}`;
  return vscode.Uri.from({ scheme: TOPIC_MESSAGE_SCHEME, path: `${path}.txt` });
}

/** The network and message a document's address names, or undefined when it names none. */
export function queryOfUri(uri: vscode.Uri): { network: Network; query: TopicMessageQuery } | undefined {
  const m = /^\/([a-z-]{1,20})\/(?:(\d{1,10}\.\d{1,10}\.\d{1,10})\/\2#(\d{1,19})|at\/(\d{1,10}\.\d{1,9}))\.txt$/.exec(
    uri.path,
  );
  if (!m || !isNetwork(m[1])) return undefined;
  const network = m[1];
  if (m[4] !== undefined) return { network, query: { kind: 'timestamp', timestamp: m[4] } };
  return { network, query: { kind: 'sequence', topicId: m[2], sequenceNumber: BigInt(m[3]) } };
}

/** Reads a single message and decodes it (a chunk alone says which of its chunks are missing). */
export async function fetchTopicEntry(
  client: MirrorClient,
  query: TopicMessageQuery,
  signal?: AbortSignal,
): Promise<TopicEntry> {
  const raw =
    query.kind === 'sequence'
      ? await client.getTopicMessage(query.topicId, query.sequenceNumber, { signal })
      : await client.getTopicMessageAt(query.timestamp, { signal });
  const { messages, errors } = decodeEntries([raw]);
  if (errors.length > 0 || messages.length === 0)
    throw new Error(`The mirror node's message could not be read: ${errors[0]?.message ?? 'empty'}`);
  const [entry] = joinChunks(messages);
  return entry;
}

export class TopicMessageDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();

  constructor(private readonly clientFor: (network: Network) => MirrorClient) {}

  /** Opens `entry` as shown; its text is kept so the document is not read again. */
  async open(network: Network, query: TopicMessageQuery, entry?: TopicEntry): Promise<vscode.TextDocument> {
    const uri = topicMessageUri(network, query);
    if (entry) this.remember(uri, topicEntryText(entry));
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { preview: true });
    return doc;
  }

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const kept = this.texts.get(uri.toString());
    if (kept !== undefined) return kept;
    const named = queryOfUri(uri);
    if (!named) return `Not a topic message address: ${uri.path.slice(0, 200)}`;
    const controller = new AbortController();
    const sub = token.onCancellationRequested(() => controller.abort());
    try {
      const text = topicEntryText(await fetchTopicEntry(this.clientFor(named.network), named.query, controller.signal));
      this.remember(uri, text);
      return text;
    } finally {
      sub.dispose();
    }
  }

  private remember(uri: vscode.Uri, text: string): void {
    this.texts.set(uri.toString(), text);
    // A handful of documents at most: the oldest goes.
    if (this.texts.size > 50) this.texts.delete(this.texts.keys().next().value!);
  }

  dispose(): void {
    this.texts.clear();
  }
}
