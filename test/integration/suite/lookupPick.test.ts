// "Lookup transaction" with no argument: its quick pick in a real extension host. The pick is the
// real one (vscode.window.createQuickPick, watched here, not replaced); it is typed into through
// its value, as the workbench does, and accepted or closed with the workbench's own commands.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { LedgerLensExports } from '../../../src/features/context';
import type { TransactionsFeature } from '../../../src/features/transactions';
import type { LookupOutcome } from '../../../src/features/transactions/lookup';
import { parseTransactionLookup } from '../../../src/features/common/transactionInput';
import type { DetailSection } from '../../../webview/protocol';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';
import { activateLedgerLens, resetSettings, setSetting, waitFor } from '../helpers';

function feature(api: LedgerLensExports): TransactionsFeature {
  const f = api.features['transactions'] as TransactionsFeature | undefined;
  assert.ok(f, 'exports.features.transactions');
  return f;
}

function value(outcome: LookupOutcome | undefined, label: string): string | undefined {
  assert.ok(outcome?.kind === 'shown', JSON.stringify(outcome));
  assert.strictEqual(outcome.view.status, 'loaded');
  const sections = (outcome.view as { sections: readonly DetailSection[] }).sections;
  return sections[0]?.fields.find(f => f.label === label)?.value;
}

/**
 * The items as the user reads them: `label | description | detail`, separators as `-- label`; a
 * recent lookup's age (seconds old here) as `<age>`.
 */
function rows(qp: vscode.QuickPick<vscode.QuickPickItem>): string[] {
  return qp.items.map(i =>
    i.kind === vscode.QuickPickItemKind.Separator
      ? `-- ${i.label}`
      : `${i.label} | ${i.description?.replace(/ · (just now|\d+ s ago)$/, ' · <age>')} | ${i.detail}`,
  );
}

/** The lookups that reached the mirror node (the Blocks view and the status item poll on their own). */
function lookups(replay: MirrorReplay): string[] {
  return replay.requests.map(r => r.url).filter(url => url.startsWith('/api/v1/transactions'));
}

const ID_A = '0.0.10@1234567890.999999998'; // Crypto update account, in the recordings
const ID_B = '0.0.8-1234567890-000000000';
const RECENT = '0.0.300@1565779555.711927000';

describe('Lookup transaction: the quick pick', () => {
  let api: LedgerLensExports;
  let replay: MirrorReplay;
  const created: Array<vscode.QuickPick<vscode.QuickPickItem>> = [];
  const win = vscode.window as { createQuickPick: typeof vscode.window.createQuickPick };
  const original = win.createQuickPick;

  /** Runs the command with no argument and waits for its quick pick. */
  async function openPick(): Promise<{
    qp: vscode.QuickPick<vscode.QuickPickItem>;
    outcome: Thenable<LookupOutcome | undefined>;
  }> {
    const before = created.length;
    const outcome = vscode.commands.executeCommand<LookupOutcome | undefined>('ledgerLens.lookupTransaction');
    const qp = await waitFor(() => created[before], 10_000, 'the quick pick');
    return { qp, outcome };
  }

  async function type(qp: vscode.QuickPick<vscode.QuickPickItem>, text: string): Promise<void> {
    qp.value = text;
    await waitFor(() => qp.items[0]?.label === text, 5000, `the typed item for ${text}`);
  }

  before(async () => {
    api = await activateLedgerLens();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    replay = await startMirrorReplay({ port: 0 });
    await setSetting('ledgerLens.mirrorNodeUrls', { testnet: replay.url });
    await waitFor(() => api.services.config.current.mirrorBaseUrl === replay.url, 5000, 'the replay URL in use');
    win.createQuickPick = <T extends vscode.QuickPickItem>(): vscode.QuickPick<T> => {
      const qp = original.call(vscode.window) as vscode.QuickPick<T>;
      created.push(qp);
      return qp;
    };
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    for (const p of feature(api).panels.open) p.dispose();
    replay.resetRequests();
  });

  after(async () => {
    win.createQuickPick = original;
    api.services.overrideMirrorUrlForTests('previewnet', undefined);
    await feature(api).recent.clear();
    await resetSettings('ledgerLens.mirrorNodeUrls');
    await replay.close();
  });

  it('offers the ids on screen (the one at the cursor first) and the recent lookups with their network; what is typed comes first, and Enter looks it up', async () => {
    const recent = feature(api).recent;
    await recent.clear();
    // A lookup by argument (a hover's link, the terminal's) is remembered with the network that had it.
    assert.strictEqual(
      value(await vscode.commands.executeCommand('ledgerLens.lookupTransaction', RECENT), 'Payer'),
      '0.0.300',
    );
    assert.deepStrictEqual(
      recent.list().map(e => [e.input, e.network]),
      [['0.0.300-1565779555-711927000', 'testnet']],
    );
    for (const p of feature(api).panels.open) p.dispose();
    replay.resetRequests();

    const doc = await vscode.workspace.openTextDocument({
      language: 'typescript',
      content: `const a = '${ID_A}';\nconst b = '${ID_B}'; // and an account, 0.0.98\n`,
    });
    const editor = await vscode.window.showTextDocument(doc);
    const onB = doc.positionAt(doc.getText().indexOf(ID_B) + 4);
    editor.selection = new vscode.Selection(onB, onB);
    try {
      const { qp, outcome } = await openPick();
      assert.strictEqual(qp.title, 'Ledger Lens: Lookup transaction');
      assert.deepStrictEqual(rows(qp), [
        '-- On screen',
        '0.0.8@1234567890.000000000 | on screen | Payer 0.0.8 · valid start 2009-02-13 23:31:30.000000000 UTC',
        '0.0.10@1234567890.999999998 | on screen | Payer 0.0.10 · valid start 2009-02-13 23:31:30.999999998 UTC',
        '-- Recent',
        `${RECENT} | testnet · <age> | Payer 0.0.300 · valid start 2019-08-14 10:45:55.711927000 UTC`,
      ]);
      assert.strictEqual(
        qp.activeItems[0]?.label,
        '0.0.8@1234567890.000000000',
        'the id at the cursor is the one Enter takes',
      );

      // A malformed value: an item saying which part is wrong; Enter does not take it.
      await type(qp, '0.0.10@17000x');
      assert.strictEqual(qp.items[0]?.detail, 'The seconds part "17000x" is not a number.');
      assert.strictEqual(qp.items[0]?.description, 'not valid');
      assert.match(qp.prompt ?? '', /^The seconds part "17000x" is not a number\. Invalid transaction id/);
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      const still = await Promise.race([outcome, new Promise(resolve => setTimeout(() => resolve('open'), 300))]);
      assert.strictEqual(still, 'open', 'the pick stays open');
      assert.deepStrictEqual(lookups(replay), [], 'nothing was asked');

      // A value that parses: first, and what Enter looks up.
      await type(qp, ID_A);
      assert.strictEqual(qp.items[0]?.description, 'look up');
      assert.strictEqual(qp.activeItems[0]?.label, ID_A);
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      assert.strictEqual(value(await outcome, 'Type'), 'Crypto update account');
      assert.deepStrictEqual(
        recent.list().map(e => e.input),
        ['0.0.10-1234567890-999999998', '0.0.300-1565779555-711927000'],
        'the newest first',
      );
    } finally {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('a recent lookup picked asks the network it was found on', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const recent = feature(api).recent;
    await recent.clear();
    // Previewnet's mirror node is the replay too: what matters is which network is asked.
    api.services.overrideMirrorUrlForTests('previewnet', replay.url);
    const parsed = parseTransactionLookup(RECENT);
    assert.ok(parsed.ok);
    await recent.add(parsed.query, 'previewnet');
    const { qp, outcome } = await openPick();
    assert.deepStrictEqual(rows(qp), [
      '-- Recent',
      `${RECENT} | previewnet · <age> | Payer 0.0.300 · valid start 2019-08-14 10:45:55.711927000 UTC`,
    ]);
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const result = await outcome;
    assert.ok(result?.kind === 'shown', JSON.stringify(result));
    assert.strictEqual(result.network, 'previewnet');
    assert.strictEqual(value(result, 'Payer'), '0.0.300');
  });

  it('a paste and Enter at once: what is typed is looked up, not the item that was first before', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const recent = feature(api).recent;
    await recent.clear();
    const parsed = parseTransactionLookup(RECENT);
    assert.ok(parsed.ok);
    await recent.add(parsed.query, 'testnet');
    const { qp, outcome } = await openPick();
    await waitFor(() => qp.activeItems[0]?.label === RECENT, 5000, 'the recent lookup first');
    // No wait for the typed item: Enter comes with the value, as from a user who pastes and presses it.
    qp.value = ID_A;
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const result = await outcome;
    assert.ok(result?.kind === 'shown', JSON.stringify(result));
    assert.strictEqual(value(result, 'Type'), 'Crypto update account');
  });

  it('closing the pick cancels the lookup: no request, no panel', async () => {
    const { qp, outcome } = await openPick();
    await type(qp, ID_B);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.deepStrictEqual(await outcome, { kind: 'cancelled' });
    assert.deepStrictEqual(lookups(replay), []);
    assert.strictEqual(feature(api).panels.open.length, 0);
  });
});
