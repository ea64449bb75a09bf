// The status item: mounted while the extension activates (it shows at once), on and off with
// `ledgerLens.status.enabled` (./switch.ts).
import { feature } from '../manifest';
import type * as Switch from './switch';

export const manifest = feature({
  name: 'status',
  start: 'activation',
  commands: ['ledgerLens.showStatus'],
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the item's code, loaded at activation
  load: (host, { services }) => (require('./switch') as typeof Switch).wireStatus(host, services),
});
