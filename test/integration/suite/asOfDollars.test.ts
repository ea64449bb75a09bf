// As-of views and dollars in a real extension host against loopback mirror nodes: the as-of view
// sends the timestamp operator chosen (given, or typed before the time) and names it in the tree;
// the Accounts view's balance shows its dollars at the current rate, and loses them when
// ledgerLens.fiat.enabled is turned off; a hover in a file whose code means mainnet shows dollars
// at the mainnet mirror node's rate, not the configured network's.
// The extension runs from dist/, so its classes are not this file's: nodes are used structurally.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { LedgerLensExports } from '../../../src/features/context';
import type { AccountsFeature } from '../../../src/features/accounts';
import type { AccountsNode } from '../../../src/features/accounts/store';
import { JsonDoc, anAccount, recordFor } from '../../support/builders';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';
import { activateLedgerLens, resetSettings, setSetting, useReplay, waitFor } from '../helpers';

function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

/** GET /network/exchangerate now: `cents` per ℏ, expiring far in the future. */
function rateNow(cents: number) {
  const rate = { cent_equivalent: cents, expiration_time: 4102441200, hbar_equivalent: 1 };
  return recordFor(
    '/api/v1/network/exchangerate',
    new JsonDoc(JSON.stringify({ current_rate: rate, next_rate: rate, timestamp: '4102437600.000000000' })),
  );
}

describe('as-of operators and dollars', () => {
  const replay = useReplay();
  let api: LedgerLensExports;
  let accounts: AccountsFeature;

  const items = async (node?: AccountsNode) => {
    const children = await accounts.provider.getChildren(node);
    return children.map(c => ({ node: c, item: accounts.provider.getTreeItem(c) }));
  };
  const configure = async (ids: string[]) => {
    await setSetting('ledgerLens.accounts', ids);
    await waitFor(() => accounts.store.accounts.length === ids.length, 5000, 'the accounts listed');
    await items();
    await waitFor(() => accounts.store.accounts.every(a => a.status === 'loaded'), 10_000, 'the accounts loaded');
  };
  const sent = () => replay().mirror.requests.map(r => decodeURIComponent(r.url));

  before(async () => {
    api = await activateLedgerLens();
    const f = api.features['accounts'] as AccountsFeature | undefined;
    assert.ok(f, 'exports.features.accounts');
    accounts = f;
  });
  afterEach(async () => {
    await resetSettings('ledgerLens.accounts', 'ledgerLens.fiat.enabled');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  // First: a mirror node found without the rate is remembered so for the session (no more asks).
  it('the balance in dollars at the current rate; gone when ledgerLens.fiat.enabled is off', async () => {
    replay().mirror.addRecords([rateNow(50), recordFor('/api/v1/accounts/0.0.1001', anAccount())]);
    await configure(['0.0.1001']);
    const withDollars = await waitFor(
      async () => {
        const [root] = await items();
        return String(root.item.description).includes('≈') ? root : undefined;
      },
      10_000,
      'the dollars shown',
    );
    assert.strictEqual(withDollars.item.description, '1.00000000 ℏ ≈ $0.50');
    const tip = accounts.provider.resolveTreeItem(withDollars.item, withDollars.node).tooltip;
    assert.ok(tip instanceof vscode.MarkdownString);
    assert.match(tip.value.replace(/\\(.)/g, '$1'), /In dollars: ≈ \$0\.50 at 1 ℏ = \$0\.50, the rate in force at/);

    await setSetting('ledgerLens.fiat.enabled', false);
    await waitFor(
      async () => {
        const [root] = await items();
        return root.item.description === '1.00000000 ℏ';
      },
      5000,
      'the dollars gone',
    );
  });

  it('Show as of timestamp sends the operator given or typed, and the tree names it', async () => {
    await configure(['0.0.8']);
    const [eight] = accounts.store.accounts;
    replay().mirror.resetRequests();
    const lt = await vscode.commands.executeCommand('ledgerLens.showAsOf', eight, '1234567881.000000007', 'lt');
    assert.strictEqual(lt, '1234567881.000000007');
    assert.ok(sent().includes('/api/v1/accounts/0.0.8?timestamp=lt:1234567881.000000007'), sent().join('\n'));
    const [root] = await items();
    assert.match(String(root.item.description), /before 2009-02-13 23:31:21 UTC/);
    const [message] = await items(eight);
    assert.strictEqual(
      label(message.item),
      'Before 2009-02-13 23:31:21.000000007 UTC · timestamp=lt:1234567881.000000007',
    );

    // Typed before the time, as the input box takes it.
    await vscode.commands.executeCommand('ledgerLens.showAsOf', eight, 'gt:1234567890.000000006');
    assert.ok(sent().includes('/api/v1/accounts/0.0.8?timestamp=gt:1234567890.000000006'), sent().join('\n'));
    const [gtMessage] = await items(eight);
    assert.match(label(gtMessage.item), /^After .* · timestamp=gt:1234567890\.000000006$/);
    assert.match(String(gtMessage.item.description), /latest/);

    // Interactive: the time asked first, then the operator picked from the ones that name a moment.
    const win = vscode.window as { showInputBox: unknown; showQuickPick: unknown };
    const original = { showInputBox: win.showInputBox, showQuickPick: win.showQuickPick };
    const offered: { label: string; description?: string }[][] = [];
    let prefilled: string | undefined;
    win.showInputBox = (options: vscode.InputBoxOptions) => {
      prefilled ??= options.value;
      return Promise.resolve('1234567881.000000007');
    };
    win.showQuickPick = (picks: (vscode.QuickPickItem & { op: string })[]) => {
      offered.push(picks.map(p => ({ label: p.label, ...(p.description ? { description: p.description } : {}) })));
      return Promise.resolve(offered.length === 1 ? picks.find(p => p.op === 'eq') : undefined);
    };
    replay().mirror.addRecords([
      recordFor('/api/v1/accounts/0.0.8?timestamp=eq:1234567881.000000007', anAccount({ account: '0.0.8' })),
    ]);
    try {
      const picked = await vscode.commands.executeCommand('ledgerLens.showAsOf', eight);
      assert.strictEqual(picked, '1234567881.000000007');
      // Escape on the operator: nothing changes, nothing is sent.
      const count = sent().length;
      assert.strictEqual(await vscode.commands.executeCommand('ledgerLens.showAsOf', eight), undefined);
      assert.strictEqual(sent().length, count);
    } finally {
      win.showInputBox = original.showInputBox;
      win.showQuickPick = original.showQuickPick;
    }
    assert.strictEqual(prefilled, 'gt:1234567890.000000006', 'the input box starts from the view shown');
    assert.deepStrictEqual(offered[0], [
      { label: 'after (gt)', description: '(current)' },
      { label: 'at or before (lte)' },
      { label: 'before (lt)' },
      { label: 'at (eq)' },
      { label: 'at or after (gte)' },
    ]);
    assert.ok(sent().includes('/api/v1/accounts/0.0.8?timestamp=eq:1234567881.000000007'), sent().join('\n'));
    assert.strictEqual(eight.asOfOperator, 'eq');

    // An operator the server takes but that names no moment (ne) is refused, and nothing is sent.
    const countBefore = sent().length;
    // (The command's error is shown as a notification; the command answers undefined.)
    const refused = await vscode.commands.executeCommand('ledgerLens.showAsOf', eight, '1234567890', 'ne');
    assert.strictEqual(refused, undefined);
    assert.strictEqual(eight.asOfOperator, 'eq', 'the view is kept as it was');
    assert.strictEqual(sent().length, countBefore);
  });

  describe('a hover in code that means mainnet', () => {
    let mainnet: MirrorReplay;
    before(async () => {
      mainnet = await startMirrorReplay();
      api.services.overrideMirrorUrlForTests('mainnet-public', mainnet.url);
      api.services.overrideMirrorUrlForTests('previewnet', mainnet.url);
    });
    after(async () => {
      api.services.overrideMirrorUrlForTests('mainnet-public', undefined);
      api.services.overrideMirrorUrlForTests('previewnet', undefined);
      await mainnet.close();
    });

    it('shows dollars at the mainnet mirror node’s rate, not the configured network’s', async () => {
      const account = recordFor('/api/v1/accounts/0.0.5005?transactions=false', anAccount({ account: '0.0.5005' }));
      mainnet.addRecords([account, rateNow(50)]);
      replay().mirror.addRecords([account, rateNow(12)]);
      mainnet.resetRequests();
      const doc = await vscode.workspace.openTextDocument({
        language: 'typescript',
        content: 'const client = Client.forMainnet();\nconst payer = "0.0.5005";\n',
      });
      const position = doc.positionAt(doc.getText().indexOf('0.0.5005') + 2);
      const text = await waitFor(
        async () => {
          const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
            'vscode.executeHoverProvider',
            doc.uri,
            position,
          );
          const all = hovers
            .flatMap(h => h.contents)
            .map(c => (c instanceof vscode.MarkdownString ? c.value.replace(/\\(.)/g, '$1') : ''))
            .join('\n');
          return all.includes('≈ $') ? all : undefined;
        },
        10_000,
        'a hover with dollars',
      );
      assert.ok(text.includes('≈ $0.50'), text);
      assert.ok(!text.includes('≈ $0.12'), text);
      assert.ok(text.includes('mainnet · from Client.forMainnet() at line 1'), text);
      assert.ok(
        mainnet.requests.some(r => r.url === '/api/v1/network/exchangerate'),
        'the mainnet rate was asked',
      );
    });
  });
});
