// The first-run walkthrough's one command of its own: "Open a sample file" opens an untitled
// TypeScript file holding ids to hover (the walkthrough's "Hover an id" step). The ids exist on
// mainnet and testnet (0.0.8 is a consensus node's account) and in the offline replay.
import * as vscode from 'vscode';
import type { FeatureHost } from '../context';

export const SAMPLE_TEXT = `// Ledger Lens sample: hover the ids below (Ledger Lens: Select network changes the network).

// An account id: balance, key, EVM address and recent activity.
const nodeAccount = '0.0.8';

// The same account as a "long-zero" EVM address.
const nodeAddress = '0x0000000000000000000000000000000000000008';

// A transaction id, in the SDK's spelling and the mirror node's (these may not exist on your network).
const sdkForm = '0.0.10@1234567890.000000001';
const mirrorForm = '0.0.10-1234567890-000000001';

export { nodeAccount, nodeAddress, sdkForm, mirrorForm };
`;

export function registerWalkthrough(ctx: FeatureHost): vscode.Disposable {
  return ctx.registerCommand('ledgerLens.openSample', async () => {
    const doc = await vscode.workspace.openTextDocument({ language: 'typescript', content: SAMPLE_TEXT });
    await vscode.window.showTextDocument(doc, { preview: false });
  });
}
