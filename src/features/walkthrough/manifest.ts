// The walkthrough's "Open a sample file", loaded with its first run (or the sample restored).
import { feature } from '../manifest';
import type * as Walkthrough from './index';

/** The scheme of the read-only sample document. */
export const SAMPLE_SCHEME = 'ledgerlens-sample';

export const manifest = feature({
  name: 'walkthrough',
  commands: ['ledgerLens.openSample'],
  documents: { scheme: SAMPLE_SCHEME, provider: (f: Walkthrough.WalkthroughFeature) => f.sampleDocuments },
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (src/lazyFeature.ts)
  load: host => (require('./index') as typeof Walkthrough).registerWalkthrough(host),
});
