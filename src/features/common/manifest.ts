// The shared commands (copy, HashScan, Open as JSON, Select network, Show log), loaded with the
// first of them or the first "Open as JSON" document asked for (one restored after a reload).
import { hashscanAvailable } from '../../app/settings';
import { feature } from '../manifest';
import type * as Common from './index';

/** The scheme of "Open as JSON" documents. */
export const JSON_SCHEME = 'ledgerlens-json';

export const manifest = feature({
  name: 'common',
  commands: [
    'ledgerLens.showLog',
    'ledgerLens.selectNetwork',
    'ledgerLens.copyId',
    'ledgerLens.copyEvmAddress',
    'ledgerLens.copyTransactionId',
    'ledgerLens.openInHashScan',
    'ledgerLens.openAsJson',
  ],
  // "Open in HashScan" is offered in menus only where HashScan can have the page.
  contextKeys: c => ({ 'ledgerLens.hashscan': hashscanAvailable(c) }),
  documents: { scheme: JSON_SCHEME, provider: (f: Common.CommonFeature) => f.jsonDocuments },
  settings: c => ({
    network: c.network,
    customMirror: c.customMirror,
    mirrorBaseUrl: c.mirrorBaseUrl,
    endpoints: c.endpoints,
  }),
  load: (host, { services, settings }) =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (src/lazyFeature.ts)
    (require('./index') as typeof Common).registerCommon(host, {
      mirror: () => services.mirror,
      settings,
      config: services.config,
      log: services.log,
    }),
});
