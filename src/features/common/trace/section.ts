// Which transactions have a call trace, what its subject is, and the transaction panel's "Call
// trace" section: drawn inside the transaction's record under the Contract group, after its
// decoded call and events. Pure: no vscode.
import { formatTransactionIdAt, parseTransactionId } from '../../../ledger';
import type { Transaction } from '../../../mirror';
import { epochMs } from '../../../present/time';
import type { DetailSection } from '../../../../webview/protocol/detail';
import type { TraceDetail } from '../../../../webview/protocol/trace';
import type { TraceSubject } from './views';

/** The transactions that run the EVM: every contract call, Ethereum transaction and contract create. */
export const TRACED_TYPES: ReadonlySet<string> = new Set([
  'CONTRACTCALL',
  'CONTRACTCREATEINSTANCE',
  'ETHEREUMTRANSACTION',
]);

/**
 * The trace subject of a transaction: the user's own contract transaction (not a child record,
 * whose actions are its parent's, nor a scheduled one), by its id; undefined for any other.
 */
export function transactionSubject(network: string, t: Transaction): TraceSubject | undefined {
  if (!t.name || !TRACED_TYPES.has(t.name) || (t.nonce ?? 0n) !== 0n || t.scheduled === true) return undefined;
  const id = t.transaction_id ? parseTransactionId(t.transaction_id) : undefined;
  if (!id || !t.transaction_id) return undefined;
  const at = epochMs(t.consensus_timestamp);
  return {
    network,
    idOrHash: t.transaction_id,
    transactionId: formatTransactionIdAt(id),
    ...(at !== undefined ? { at } : {}),
  };
}

/** The "Call trace" section of the record `id`: the tree once read, else a line saying why not yet. */
export function traceSection(id: string, detail: TraceDetail): DetailSection {
  const base = { id: `${id}-trace`, title: 'Call trace', group: 'Contract', within: id, tables: [], buttons: [] };
  switch (detail.status) {
    case 'loaded':
      return { ...base, fields: [], trace: detail.view };
    case 'loading':
      return { ...base, fields: [{ label: 'Call trace', value: 'loading…' }] };
    case 'failed':
      return { ...base, fields: [{ label: 'Call trace', value: `could not be read: ${detail.message}` }] };
    case 'none':
      return { ...base, fields: [{ label: 'Call trace', value: detail.message }] };
  }
}
