// What a transaction panel saves (setState) and its serializer gets back after a reload: the
// protocol's shape, checked with its validator, and an id or hash the lookup still parses. Pure.
import { transactionPanelStateValidator, type TransactionPanelState } from '../../../webview/protocol';
import { ValidationError, type Validator } from '../../../webview/shared/validate';
import { parseTransactionLookup, type TransactionQuery } from '../common/transactionInput';

export function stateOf(network: string, query: TransactionQuery): TransactionPanelState {
  return {
    panel: 'transaction',
    network,
    idOrHash: query.idOrHash,
    ...(query.nonce === undefined ? {} : { nonce: query.nonce }),
    ...(query.scheduled === undefined ? {} : { scheduled: query.scheduled }),
  };
}

/** The lookup a panel state stands for, or undefined if its id no longer parses. */
export function queryOf(state: TransactionPanelState): TransactionQuery | undefined {
  const parsed = parseTransactionLookup(state.idOrHash);
  if (!parsed.ok) return undefined;
  return {
    ...parsed.query,
    ...(state.nonce === undefined ? {} : { nonce: state.nonce }),
    ...(state.scheduled === undefined ? {} : { scheduled: state.scheduled }),
  };
}

const saved = transactionPanelStateValidator(true);

/** A saved state as the panel is rebuilt from: its id in the form the lookup makes. */
export const restoredTransactionState: Validator<TransactionPanelState> = (raw, path = '') => {
  const state = saved(raw, path);
  const query = queryOf(state);
  if (!query) throw new ValidationError(path ? `${path}.idOrHash` : 'idOrHash', 'a transaction id or hash');
  return stateOf(state.network, query);
};
