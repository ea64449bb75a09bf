// What a block panel saves (setState) and its serializer gets back after a reload: the protocol's
// shape, checked with its validator, and a block number or hash the lookup still parses. Pure.
import { blockPanelStateValidator, type BlockPanelState } from '../../../webview/protocol';
import { ValidationError, type Validator } from '../../../webview/shared/validate';
import { parseBlockLookup } from './input';

const saved = blockPanelStateValidator(true);

/** A saved state as the panel is rebuilt from: the block in the form the lookup makes. */
export const restoredBlockState: Validator<BlockPanelState> = (raw, path = '') => {
  const state = saved(raw, path);
  const query = parseBlockLookup(state.hashOrNumber);
  if (!query.ok) throw new ValidationError(path ? `${path}.hashOrNumber` : 'hashOrNumber', 'a block number or hash');
  return { panel: 'block', network: state.network, hashOrNumber: query.query.hashOrNumber };
};
