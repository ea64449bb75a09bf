// The workspace ABI scan: loaded on the turn after activation (its scan starts there), or by
// "Open contract source" if that comes first.
import { feature } from '../manifest';
import type * as Abi from './index';

export const manifest = feature({
  name: 'abi',
  start: 'afterActivation',
  commands: ['ledgerLens.openContractSource'],
  settings: c => ({ include: c.abi.include, exclude: c.abi.exclude }),
  load: (host, { services, settings, abi }) =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (src/lazyFeature.ts)
    (require('./index') as typeof Abi).registerAbi(host, { index: abi(), settings, log: services.log }),
});
