// Links in the terminal: the matching loads with the first terminal line VS Code asks links for.
import { feature } from '../manifest';
import type * as Terminal from './index';

export const manifest = feature({
  name: 'terminal',
  commands: [],
  terminalLinks: { provider: (f: Terminal.TerminalFeatureApi) => f.provider },
  settings: c => ({ anyShardRealm: c.hover.anyShardRealm }),
  load: (host, { services, settings }) =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (src/lazyFeature.ts)
    (require('./index') as typeof Terminal).registerTerminal(host, {
      mirror: () => services.mirror,
      settings,
      log: services.log,
    }),
});
