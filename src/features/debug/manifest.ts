// Debug transaction: the debug type `ledger-lens` (an inline debug adapter over a recorded
// transaction), its launch configurations, and the commands that start a session or load its
// memory. Registered while the extension activates, because a launch.json session can start then;
// what is registered is small: the adapter, the trace reading and the model load on the first
// session.
import { feature } from '../manifest';
import type * as Debug from './index';

export const manifest = feature<Debug.DebugFeature, Debug.DebugSettings>({
  name: 'debug',
  start: 'activation',
  commands: ['ledgerLens.debugTransaction', 'ledgerLens.debug.loadMemory'],
  settings: c => ({ maxTraceMb: c.debug.maxTraceMb, localReplay: c.debug.localReplay }),
  load: (host, { services, settings, abi }) =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (src/lazyFeature.ts)
    (require('./index') as typeof Debug).registerDebug(host, {
      clientFor: network => services.mirrorFor(network),
      http: () => services.http,
      chooseNetwork: requested => services.router.forPanel(requested),
      trace: () => services.trace,
      abi,
      settings,
      log: services.log,
      // Not tried in a browser (no worker threads): the replay runner checks the platform.
      replayWorker: host.extension.asAbsolutePath('dist/replay-worker.js'),
    }),
});
