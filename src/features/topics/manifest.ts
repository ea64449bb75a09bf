// The Topics view, its commands, topic message documents and the tail panel: loaded when the view
// is first shown, with its first command, a restored panel or a restored message document.
import { PANEL_KINDS } from '../../../webview/panelKinds';
import { networkLabel } from '../../app/settings';
import { isNetwork } from '../../ledger/networks';
import { feature, selectedMirror, type ViewSlot } from '../manifest';
import type * as Topics from './index';
import type { TopicsTreeNode } from './tree';

/** The scheme of topic message documents (documents.ts builds their addresses). */
export const TOPIC_MESSAGE_SCHEME = 'ledgerlens-topic';

export const manifest = feature({
  name: 'topics',
  commands: [
    'ledgerLens.watchTopic',
    'ledgerLens.unwatchTopic',
    'ledgerLens.refreshTopics',
    'ledgerLens.loadMoreTopicMessages',
    'ledgerLens.lookupTopicMessage',
    'ledgerLens.openTopicMessage',
    'ledgerLens.copyTopicMessage',
    'ledgerLens.tailTopic',
  ],
  view: { id: 'ledgerLens.topics', showCollapseAll: true },
  panels: [
    {
      viewType: PANEL_KINDS.topic,
      revive: (f: Topics.TopicsFeature, panel, state) => f.panels.revive(panel, state, isNetwork),
    },
  ],
  documents: { scheme: TOPIC_MESSAGE_SCHEME, provider: (f: Topics.TopicsFeature) => f.documents },
  settings: c => ({
    network: c.network,
    networkLabel: networkLabel(c),
    watchedTopics: c.watchedTopics,
    topicPollIntervalSeconds: c.topicPollIntervalSeconds,
  }),
  load: (host, { services, settings, view }) =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (src/lazyFeature.ts)
    (require('./index') as typeof Topics).registerTopics(host, {
      ...selectedMirror(services),
      clientFor: network => services.mirrorFor(network),
      settings,
      config: services.config,
      ...(view ? { view: view as ViewSlot<TopicsTreeNode> } : {}),
    }),
});
