// "Decode calldata": loaded with its first run.
import { feature } from '../manifest';
import type * as Decode from './index';

export const manifest = feature({
  name: 'decode',
  commands: ['ledgerLens.decodeCalldata'],
  load: (host, { services, abi }) =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (src/lazyFeature.ts)
    (require('./index') as typeof Decode).registerDecode(host, { index: abi(), tokens: () => services.tokens }),
});
