// A contract result's call trace in the row detail: asked by the result's hash (the list gives no
// transaction id), on the selected network, through the shared trace views (common/trace).
import { epochMs } from '../../present/time';
import type { ContractResultRow } from '../../../webview/protocol';
import type { TraceDetail } from '../../../webview/protocol/trace';
import type { TraceSubject, TraceViews } from '../common/trace/views';

/** The trace subject of a row: its transaction hash on the network; undefined without a hash. */
export function rowSubject(network: string, row: ContractResultRow): TraceSubject | undefined {
  if (!row.hash || !/^0x[0-9a-fA-F]{64}([0-9a-fA-F]{32})?$/.test(row.hash)) return undefined;
  const at = epochMs(row.timestamp);
  return { network, idOrHash: row.hash, transactionId: row.hash, ...(at !== undefined ? { at } : {}) };
}

/** What the row detail shows of the trace now (its reading starts the first time). */
export function rowTrace(traces: TraceViews, network: string, row: ContractResultRow): TraceDetail {
  const subject = rowSubject(network, row);
  if (!subject) return { status: 'none', message: 'This result names no transaction hash to read its call trace by.' };
  return traces.detail(subject);
}

/**
 * What a row detail's "Debug" debugs: the transaction its call trace is of (the subject's id, which
 * for a row is its hash: the list gives no transaction id), on the panel's network when it has one.
 */
export function rowDebugTarget(
  network: string | undefined,
  row: ContractResultRow,
): { readonly transaction: string; readonly network?: string } | undefined {
  const subject = rowSubject(network ?? '', row);
  if (!subject) return undefined;
  return { transaction: subject.transactionId, ...(network ? { network } : {}) };
}
