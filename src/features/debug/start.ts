// How a debug session is asked for: the transaction as Lookup transaction takes it (an id in any
// form, a 48-byte hash, a HashScan link) or an Ethereum transaction's 32-byte hash, from the input
// box (filled with the id at the cursor) or a panel's Debug action.
import * as vscode from 'vscode';
import { isNetwork } from '../../ledger';
import { findTransactionIdAt, parseTransactionLookup } from '../common/transactionInput';

const ETH_HASH = /^0x[0-9a-fA-F]{64}$/;

export const DEBUG_PROMPT =
  'The transaction to debug: an id (0.0.1234@1700000000.123456789, 0.0.1234-1700000000-123456789), its 48-byte hash, a HashScan link, or an Ethereum transaction hash (0x + 64 hex)';

/** What goes into the path and how the transaction reads, or what is wrong with the text. */
export function parseDebugTransaction(text: string): { idOrHash: string; label: string } | string {
  const trimmed = text.trim();
  if (ETH_HASH.test(trimmed)) return { idOrHash: trimmed.toLowerCase(), label: trimmed.toLowerCase() };
  const parsed = parseTransactionLookup(trimmed);
  if (!parsed.ok) return parsed.message;
  const { query } = parsed;
  const label = query.transactionId ? `${query.idOrHash.replace(/-(\d+)-(\d+)$/, '@$1.$2')}` : query.idOrHash;
  return { idOrHash: query.idOrHash, label };
}

/** A panel's or a link's argument: `{ transaction, network? }` or the transaction text. */
export function debugTarget(arg: unknown): { transaction: string; network?: string } | undefined {
  if (typeof arg === 'string' && arg.trim().length > 0) return { transaction: arg.trim() };
  if (typeof arg !== 'object' || arg === null || !('transaction' in arg) || typeof arg.transaction !== 'string')
    return undefined;
  const network = 'network' in arg && isNetwork(arg.network) ? arg.network : undefined;
  return { transaction: arg.transaction, ...(network !== undefined ? { network } : {}) };
}

export function launchConfiguration(transaction: string, network: string | undefined): vscode.DebugConfiguration {
  return {
    type: 'ledger-lens',
    request: 'launch',
    name: `Debug ${transaction.slice(0, 100)}`,
    transaction,
    ...(network !== undefined ? { network } : {}),
  };
}

/** Asks for the transaction (the id at the cursor filled in); undefined when dismissed. */
export async function askTransaction(): Promise<string | undefined> {
  const editor = vscode.window.activeTextEditor;
  let value = '';
  if (editor) {
    const selected = editor.document.getText(editor.selection).trim();
    const position = editor.selection.active;
    value =
      selected.length > 0 && selected.length < 200
        ? selected
        : (findTransactionIdAt(editor.document.lineAt(position.line).text, position.character) ?? '');
  }
  return vscode.window.showInputBox({
    title: 'Ledger Lens: Debug transaction',
    prompt: DEBUG_PROMPT,
    value,
    ignoreFocusOut: true,
    validateInput: text => {
      if (text.trim().length === 0) return undefined;
      const parsed = parseDebugTransaction(text);
      return typeof parsed === 'string' ? parsed : undefined;
    },
  });
}
