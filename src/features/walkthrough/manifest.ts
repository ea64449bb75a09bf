// The walkthrough's "Open a sample file", loaded with its first run.
import { feature } from '../manifest';
import type * as Walkthrough from './index';

export const manifest = feature({
  name: 'walkthrough',
  commands: ['ledgerLens.openSample'],
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (src/lazyFeature.ts)
  load: host => (require('./index') as typeof Walkthrough).registerWalkthrough(host),
});
