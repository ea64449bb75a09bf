// The hover. Its stand-in runs the cheap synchronous finder (src/ledger, the resolver's own test);
// the resolver, the Markdown and the decoders load with the first hover over a reference.
import { ledgerOf } from '../../ledger/networks';
import { findReference } from '../../ledger/references';
import { feature, selectedMirror } from '../manifest';
import type * as Hover from './index';

export const manifest = feature({
  name: 'hover',
  commands: [],
  hover: {
    mayHover: (services, line, character, languageId) => {
      const { hover, network } = services.config.current;
      if (!hover.enabled || hover.excludedLanguages.includes(languageId)) return false;
      const ledger = ledgerOf(network);
      return (
        findReference(line, character, { anyShardRealm: hover.anyShardRealm, ...(ledger ? { ledger } : {}) }) !==
        undefined
      );
    },
    provider: (f: Hover.HoverFeature) => f.provider,
  },
  settings: c => ({
    network: c.network,
    customMirror: c.customMirror,
    mirrorBaseUrl: c.mirrorBaseUrl,
    endpoints: c.endpoints,
    hover: c.hover,
    requestTimeoutMs: c.requestTimeoutMs,
  }),
  load: (host, { services, settings, abi }) =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (src/lazyFeature.ts)
    (require('./index') as typeof Hover).registerHover(host, {
      ...selectedMirror(services),
      settings,
      abi: abi(),
      rates: () => services.rates,
      ratesFor: network => services.ratesFor(network),
      tokensFor: network => services.tokensFor(network),
      networkFor: document => services.router.forDocument(document),
      // Only a session something else made: the hover never makes one, nor reads a trace.
      traces: () => services.traceIfMade?.store,
    }),
});
