// "Ledger Lens: Decode calldata": decodes pasted calldata, revert data or a log (topics + data)
// with every known ABI, into one read-only document that each run updates. The input is the selection in the active editor
// when there is one, else what the user types or pastes.
import * as vscode from 'vscode';
import { decodeReport, pastedTokenAddresses, resolveUnits, type AbiIndex } from '../../abi';
import type { TokenMetadata } from '../../mirror';
import type { FeatureHost } from '../context';
import { indexUpToDate } from '../../abi/report';

export const DECODED_SCHEME = 'ledgerlens-decoded';

/**
 * The one read-only document that holds the last decode report: each run replaces its text, so
 * decoding again updates the open tab instead of adding another.
 */
class Reports implements vscode.TextDocumentContentProvider {
  readonly uri = vscode.Uri.from({ scheme: DECODED_SCHEME, path: '/Decoded.txt' });
  private text = 'Nothing decoded yet in this window: run "Ledger Lens: Decode calldata".';
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;

  set(text: string): vscode.Uri {
    this.text = text;
    this.emitter.fire(this.uri);
    return this.uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return uri.toString() === this.uri.toString() ? this.text : '';
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

export interface DecodeFeature {
  /** The report for `text`, as the command would show it (for tests). */
  decode(text: string): Promise<string>;
}

/** What the command uses (see the pattern in ../context.ts). */
export interface DecodeInputs {
  readonly index: AbiIndex;
  /**
   * The selected network's token metadata: when the input names an HTS token first (`0.0.5005
   * 0xa9059cbb…`, or a log's `address`), its ERC-20 amounts are shown in the token's units, and a
   * token-service call's amount in the units of the token it names.
   */
  readonly tokens?: () => TokenMetadata;
}

/** The report, with the units of the token the input names (raw units, labelled, otherwise). */
async function report(inputs: DecodeInputs, text: string): Promise<string> {
  // The scan under way first (else "no compiler output" could be said of a workspace that has some).
  await indexUpToDate(inputs.index);
  const tokens = inputs.tokens?.();
  const units = await resolveUnits(tokens ? pastedTokenAddresses(inputs.index, text) : [], id =>
    tokens ? tokens.get(id, { priority: 3 }) : Promise.resolve(undefined),
  );
  return decodeReport(inputs.index, text, undefined, units);
}

export function registerDecode(host: FeatureHost, inputs: DecodeInputs): vscode.Disposable {
  const reports = new Reports();
  const feature: DecodeFeature = { decode: text => report(inputs, text) };
  host.exports.features['decode'] = feature;
  return vscode.Disposable.from(
    reports,
    vscode.workspace.registerTextDocumentContentProvider(DECODED_SCHEME, reports),
    host.registerCommand('ledgerLens.decodeCalldata', async (arg?: unknown) => {
      const text = typeof arg === 'string' ? arg : await askForInput();
      if (text === undefined) return undefined;
      const uri = reports.set(await feature.decode(text));
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc, { preview: false });
      return uri;
    }),
  );
}

async function askForInput(): Promise<string | undefined> {
  const editor = vscode.window.activeTextEditor;
  const selected = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection).trim() : '';
  return vscode.window.showInputBox({
    title: 'Decode calldata',
    prompt:
      'Calldata or revert data (hex), or a log: {"topics": [...], "data": "0x…"} or its topics then data, separated by spaces; put the contract (0.0.x or 0x…) first to read token amounts in its units',
    placeHolder: '0xa9059cbb…',
    value: selected.length <= 100_000 ? selected : '',
    ignoreFocusOut: true,
    validateInput: value => (value.trim() ? undefined : 'Paste the hex to decode'),
  });
}
