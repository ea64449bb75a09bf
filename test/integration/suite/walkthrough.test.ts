// The walkthrough's "Open a sample file": a read-only TypeScript document (nothing to save or
// discard when it is closed), one tab however often it is asked for, and its ids hover.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { SAMPLE_TEXT } from '../../../src/features/walkthrough';
import { SAMPLE_SCHEME } from '../../../src/features/walkthrough/manifest';
import { activateLedgerLens, hoverText, useReplay, waitFor } from '../helpers';

describe('walkthrough: Open a sample file', () => {
  const replay = useReplay();

  before(async () => {
    await activateLedgerLens();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens a read-only TypeScript document, not a dirty untitled buffer, once', async () => {
    await vscode.commands.executeCommand('ledgerLens.openSample');
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor, 'an editor is shown');
    const doc = editor.document;
    assert.strictEqual(doc.uri.scheme, SAMPLE_SCHEME);
    assert.strictEqual(doc.isUntitled, false);
    assert.strictEqual(doc.isDirty, false);
    assert.strictEqual(doc.languageId, 'typescript');
    assert.strictEqual(doc.getText(), SAMPLE_TEXT);

    await vscode.commands.executeCommand('ledgerLens.openSample');
    const sampleTabs = () =>
      vscode.window.tabGroups.all
        .flatMap(g => g.tabs)
        .filter(t => t.input instanceof vscode.TabInputText && t.input.uri.scheme === SAMPLE_SCHEME);
    assert.strictEqual(sampleTabs().length, 1, 'asked twice: still one tab');
    // Closed as it is: nothing to save (an untitled buffer would ask).
    await vscode.window.tabGroups.close(sampleTabs());
    await waitFor(() => sampleTabs().length === 0 || undefined, 5000, 'the sample closed without a prompt');
  });

  it('its account id hovers', async () => {
    replay().mirror.preferSource('no-params');
    await vscode.commands.executeCommand('ledgerLens.openSample');
    const doc = vscode.window.activeTextEditor?.document;
    assert.ok(doc);
    const h = await waitFor(
      async () => {
        const t = await hoverText(doc, '0.0.8');
        return t.includes('**Account**') ? t : undefined;
      },
      10_000,
      'the hover',
    );
    assert.ok(h.includes('`0.0.8`'), h);
  });
});
