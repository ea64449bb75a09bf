// The first-run walkthrough's one command of its own: "Open a sample file" opens a read-only
// TypeScript document holding ids to hover (the walkthrough's "Hover an id" step): nothing to save
// or discard when it is closed. The ids exist on mainnet and testnet (0.0.8 is a consensus node's
// account) and in the offline replay.
import * as vscode from 'vscode';
import type { FeatureHost } from '../context';
import { SAMPLE_SCHEME } from './manifest';

/** The sample's tab title: its `.ts` name makes it TypeScript; its scheme makes it read-only. */
export const SAMPLE_NAME = 'Ledger Lens sample.ts';

/** What the walkthrough keeps: the sample's text, served read-only. */
export interface WalkthroughFeature {
  readonly sampleDocuments: vscode.TextDocumentContentProvider;
}

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
  const feature: WalkthroughFeature = {
    sampleDocuments: {
      provideTextDocumentContent: uri => (uri.toString() === sampleUri().toString() ? SAMPLE_TEXT : ''),
    },
  };
  ctx.exports.features['walkthrough'] = feature;
  return ctx.registerCommand('ledgerLens.openSample', async () => {
    const doc = await vscode.workspace.openTextDocument(sampleUri());
    // The text is TypeScript whatever the scheme's files are taken for.
    const typed =
      doc.languageId === 'typescript' ? doc : await vscode.languages.setTextDocumentLanguage(doc, 'typescript');
    await vscode.window.showTextDocument(typed, { preview: false });
  });
}

function sampleUri(): vscode.Uri {
  return vscode.Uri.from({ scheme: SAMPLE_SCHEME, path: `/${SAMPLE_NAME}` });
}
