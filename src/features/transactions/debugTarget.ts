// What a transaction panel's "Debug" debugs: the contract transaction whose call trace the panel
// shows (the one the trace section is drawn for), by its id in the `@` form, on the panel's
// network. A panel of any other transaction offers no Debug. Pure: no vscode.
import type { Transaction } from '../../mirror';
import { transactionSubject } from '../common/trace/section';

/** The first transaction the panel draws a call trace for, or undefined when it draws none. */
export function transactionDebugTarget(
  network: string,
  transactions: readonly Transaction[],
): { readonly transaction: string; readonly network: string } | undefined {
  for (const t of transactions) {
    const subject = transactionSubject(network, t);
    // The `@` form of its id (a transaction's trace is read by id, so it has one), else its hash.
    if (subject) return { transaction: subject.transactionId, network };
  }
  return undefined;
}
