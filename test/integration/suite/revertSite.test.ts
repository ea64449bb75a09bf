// The revert site in a real extension host: the sample Hardhat project's build-info indexed by the
// sources feature (its worker reading the file), a site key issued through the trace session's
// SiteRegistry as a panel does, "Open revert site" opening MyToken.sol at the statement with the
// revert mark after its line; and when the file has changed since the compile (a copy of the
// project written by the test, removed after), the compiled text opening read-only instead, with
// the message saying so.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { OpenSiteOutcome, SourcesFeature } from '../../../src/features/sources';
import type { CompiledContractRef, RevertSite } from '../../../src/source/types';
import type { SiteTarget } from '../../../src/trace/marks';
import type { TraceSession } from '../../../src/trace/session';
import { projectRoot } from '../../support/paths';
import { activateLedgerLens, resetSettings, setSetting, waitFor } from '../helpers';

const WORKSPACE = path.join(projectRoot(), 'test', 'workspace');
const SAMPLE = path.join(WORKSPACE, 'hardhat-sample');
const MY_TOKEN_SOL = path.join(SAMPLE, 'contracts', 'MyToken.sol');
const STATEMENT = 'revert InsufficientBalance(msg.sender, allowed, amount);';
const ERROR = 'InsufficientBalance(account: 0x00000000000000000000000000000000000004d2, balance: 10, needed: 25)';

interface BuildInfo {
  output: { contracts: Record<string, Record<string, { evm: { deployedBytecode: { object: string } } }>> };
}

function buildInfoFile(root: string): string {
  const folder = path.join(root, 'artifacts', 'build-info');
  const name = fs.readdirSync(folder).find(f => f.endsWith('.json'));
  assert.ok(name, `a build-info file in ${folder}`);
  return path.join(folder, name);
}

function myTokenCode(info: BuildInfo): string {
  return `0x${info.output.contracts['contracts/MyToken.sol'].MyToken.evm.deployedBytecode.object}`;
}

/** The `revert InsufficientBalance(…)` statement of transferFrom, where it is in the text (1-based). */
function statementSite(text: string): RevertSite {
  const lines = text.split('\n');
  const at = lines.findIndex(l => l.includes(STATEMENT));
  assert.ok(at >= 0, 'the statement is in MyToken.sol');
  const column = lines[at].indexOf(STATEMENT) + 1;
  return {
    sourceName: 'contracts/MyToken.sol',
    start: 0,
    length: STATEMENT.length,
    line: at + 1,
    column,
    endLine: at + 1,
    endColumn: column + STATEMENT.length,
    text: STATEMENT,
    kind: 'revert-error',
  };
}

function target(contract: CompiledContractRef, site: RevertSite, transactionId: string): SiteTarget {
  return { site, contract, oneOf: false, network: 'testnet', transactionId, at: Date.now() - 3 * 60_000, error: ERROR };
}

describe('revert site in the editor', function () {
  this.timeout(120_000);
  const tag = Math.random().toString(36).slice(2, 10);
  const copy = path.join(WORKSPACE, `drift-${tag}`);
  let sources: SourcesFeature;
  let session: TraceSession;
  let original: string;

  before(async () => {
    const api = await activateLedgerLens();
    sources = api.features['sources'] as SourcesFeature;
    session = api.services.trace;
    original = fs.readFileSync(MY_TOKEN_SOL, 'utf8');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(copy, { recursive: true, force: true });
    await resetSettings('ledgerLens.trace.decorations');
  });

  it("indexes the sample project's build-info once the session is asked for its sources", async () => {
    const info = JSON.parse(fs.readFileSync(buildInfoFile(SAMPLE), 'utf8')) as BuildInfo;
    const index = session.sources;
    await sources.ready();
    const ref = await waitFor(() => index.findByCode(myTokenCode(info)), 30_000, 'MyToken indexed');
    assert.strictEqual(ref.contractName, 'MyToken');
    assert.strictEqual(ref.origin.kind, 'hardhat-build-info');
    assert.strictEqual(index.projectRootOf(ref), 'hardhat-sample');
    assert.strictEqual(await index.compiledText(ref, 'contracts/MyToken.sol'), original);
  });

  it('opens the file at the statement, selected and in view, with the revert mark on its line', async () => {
    const info = JSON.parse(fs.readFileSync(buildInfoFile(SAMPLE), 'utf8')) as BuildInfo;
    const ref = session.sources.findByCode(myTokenCode(info));
    assert.ok(ref, 'MyToken indexed');
    const site = statementSite(original);
    const mark = target(ref, site, '0.0.1234@1700000000.000000001');
    const key = session.sites.issue(mark);
    session.marks.add(mark);

    const outcome = await vscode.commands.executeCommand<OpenSiteOutcome>('ledgerLens.openRevertSite', key);
    assert.strictEqual(outcome.kind, 'file', JSON.stringify(outcome));
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor, 'an editor is open');
    assert.strictEqual(editor.document.uri.fsPath, MY_TOKEN_SOL);
    const selected = editor.selection;
    assert.deepStrictEqual(
      [selected.start.line, selected.start.character, selected.end.line, selected.end.character],
      [site.line - 1, site.column - 1, site.endLine - 1, site.endColumn - 1],
    );
    assert.strictEqual(editor.document.getText(selected), STATEMENT);
    assert.ok(
      editor.visibleRanges.some(r => r.contains(selected)),
      'the statement is in view',
    );

    const uri = editor.document.uri.toString();
    const shown = await waitFor(
      async () => {
        await sources.redraw();
        return sources.decorations(uri).find(d => d.line === site.line);
      },
      10_000,
      'the revert mark on the line',
    );
    assert.strictEqual(
      shown.text,
      'reverted on testnet · 0.0.1234@1700000000.000000001 · 3 min ago · InsufficientBalance(…)',
    );
    assert.ok(shown.hover.includes(`\`${ERROR}\``), shown.hover);
    assert.match(shown.hover, /\(command:ledgerLens\.openTransaction\?/);
    assert.strictEqual(sources.decorations(uri).length, 1, 'no mark on any other line');

    await setSetting('ledgerLens.trace.decorations', false);
    await waitFor(
      async () => (await sources.redraw(), sources.decorations(uri).length === 0),
      10_000,
      'the marks cleared with the setting off',
    );
    await resetSettings('ledgerLens.trace.decorations');
    await waitFor(
      async () => (await sources.redraw(), sources.decorations(uri).length === 1),
      10_000,
      'the marks back with the setting on',
    );
  });

  it('opens the compiled text read-only when the file has changed since it was compiled', async () => {
    // A copy of the project whose MyToken.sol was edited after the compile; its build-info's code
    // differs by one byte, so that only this copy's output matches the contract.
    const info = JSON.parse(fs.readFileSync(buildInfoFile(SAMPLE), 'utf8')) as BuildInfo;
    const compiled = info.output.contracts['contracts/MyToken.sol'].MyToken.evm.deployedBytecode;
    const at = 60;
    compiled.object = `${compiled.object.slice(0, at)}${compiled.object[at] === 'a' ? 'b' : 'a'}${compiled.object.slice(at + 1)}`;
    fs.mkdirSync(path.join(copy, 'contracts'), { recursive: true });
    fs.writeFileSync(path.join(copy, 'contracts', 'MyToken.sol'), `// edited after the compile\n${original}`);
    fs.mkdirSync(path.join(copy, 'artifacts', 'build-info'), { recursive: true });
    fs.writeFileSync(
      path.join(copy, 'artifacts', 'build-info', path.basename(buildInfoFile(SAMPLE))),
      JSON.stringify(info),
    );

    const ref = await waitFor(() => session.sources.findByCode(myTokenCode(info)), 30_000, 'the copy indexed');
    assert.strictEqual(session.sources.projectRootOf(ref), `drift-${tag}`);
    const site = statementSite(original);
    const mark = target(ref, site, '0.0.1234@1700000100.000000002');
    const key = session.sites.issue(mark);
    session.marks.add(mark);

    const outcome = await vscode.commands.executeCommand<OpenSiteOutcome>('ledgerLens.openRevertSite', key);
    assert.strictEqual(outcome.kind, 'compiled', JSON.stringify(outcome));
    assert.strictEqual(outcome.why, 'changed');
    assert.strictEqual(
      outcome.message,
      'contracts/MyToken.sol has changed since it was compiled: showing the compiled text',
    );
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor, 'an editor is open');
    const document = editor.document;
    assert.strictEqual(document.uri.scheme, 'ledger-lens-compiled');
    assert.strictEqual(document.uri.path, '/contracts/MyToken.sol');
    assert.strictEqual(document.uri.query, `site=${key}`);
    assert.strictEqual(document.getText(), original, 'the text the compiler compiled, not the edited file');
    assert.strictEqual(document.getText(editor.selection), STATEMENT);
    assert.ok(
      editor.visibleRanges.some(r => r.contains(editor.selection)),
      'the statement is in view',
    );

    const shown = await waitFor(
      async () => {
        await sources.redraw();
        return sources.decorations(document.uri.toString()).find(d => d.line === site.line);
      },
      10_000,
      'the revert mark on the compiled text',
    );
    assert.match(shown.text, /^reverted on testnet · 0\.0\.1234@1700000100\.000000002 · /);
    // The edited file itself gets no mark: its lines are no longer the compiled ones.
    const edited = await vscode.window.showTextDocument(vscode.Uri.file(path.join(copy, 'contracts', 'MyToken.sol')), {
      viewColumn: vscode.ViewColumn.Beside,
    });
    await sources.redraw();
    assert.deepStrictEqual(sources.decorations(edited.document.uri.toString()), []);
  });

  it('opens the compiled text when the source is not in the workspace', async () => {
    const info = JSON.parse(fs.readFileSync(buildInfoFile(copy), 'utf8')) as BuildInfo;
    const ref = session.sources.findByCode(myTokenCode(info));
    assert.ok(ref, 'the copy is still indexed');
    const key = session.sites.issue(target(ref, statementSite(original), '0.0.1234@1700000200.000000003'));
    fs.rmSync(path.join(copy, 'contracts'), { recursive: true, force: true });
    const outcome = await waitFor(
      async () => {
        const o = await vscode.commands.executeCommand<OpenSiteOutcome>('ledgerLens.openRevertSite', key);
        return o.kind === 'compiled' && o.why === 'not-found' ? o : undefined;
      },
      15_000,
      'the missing source noticed',
    );
    assert.strictEqual(outcome.message, 'contracts/MyToken.sol is not in the workspace: showing the compiled text');
    assert.strictEqual(vscode.window.activeTextEditor?.document.getText(), original);
  });

  it('says a link has expired when its key is unknown', async () => {
    const outcome = await vscode.commands.executeCommand<OpenSiteOutcome>('ledgerLens.openRevertSite', 'szzzzzzzzz');
    assert.strictEqual(outcome.kind, 'expired');
    assert.match(outcome.message, /expired/);
    const bad = await vscode.commands.executeCommand<OpenSiteOutcome>('ledgerLens.openRevertSite', { path: '/etc' });
    assert.strictEqual(bad.kind, 'expired');
  });
});
