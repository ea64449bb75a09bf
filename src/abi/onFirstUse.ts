// The ABI index every decoder reads, built by the first feature that asks: the ABI layer
// (src/abi/index.ts, dist/lazy-abi-index.js) is required then, not when the extension starts.
import type * as Abi from './index';
import type { AbiIndex } from './index';

export function abiIndexOnFirstUse(): () => AbiIndex {
  let index: AbiIndex | undefined;
  return () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
    index ??= new (require('./index') as typeof Abi).AbiIndex();
    return index;
  };
}
