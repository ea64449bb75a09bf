// Workspace trust, proven in a real extension host: the workspace (opened in Restricted Mode by
// `node out/test/harness/exthost.js --untrusted`) has a .vscode/settings.json pointing
// ledgerLens.mirrorNodeUrl, every ledgerLens.mirrorNodeUrls entry, statusUrl and scheme at a
// loopback server of the harness ("elsewhere",
// LEDGER_LENS_ELSEWHERE_URL). That server must receive nothing: Ledger Lens reads the defaults, then
// the user's own settings, and its hovers and status polls go there.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activateLedgerLens, hoverMarkdown, useReplay, waitFor } from '../helpers';
import { patient } from '../../support/patience';
import { elsewhere, received } from './elsewhere';
import { NETWORKS, defaultMirrorBaseUrl } from '../../../src/app/settings';

describe('an untrusted workspace cannot redirect Ledger Lens', function () {
  this.timeout(patient(60_000));

  before(function () {
    assert.ok(elsewhere, 'run by exthost.js --untrusted (LEDGER_LENS_ELSEWHERE_URL)');
  });

  it('opens the workspace in Restricted Mode, its endpoint settings in place', async () => {
    assert.strictEqual(vscode.workspace.isTrusted, false, 'the workspace is not trusted');
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'a folder is open');
    const file = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json'));
    const settings = JSON.parse(Buffer.from(file).toString('utf8')) as Record<string, unknown>;
    assert.strictEqual(settings['ledgerLens.mirrorNodeUrl'], elsewhere);
    assert.deepStrictEqual(
      settings['ledgerLens.mirrorNodeUrls'],
      Object.fromEntries(NETWORKS.map(n => [n, elsewhere])),
    );
    assert.strictEqual(settings['ledgerLens.statusUrl'], elsewhere);
    assert.strictEqual(settings['ledgerLens.scheme'], 'http');
  });

  it('reads the default endpoints, not the workspace values', async () => {
    const api = await activateLedgerLens();
    const config = api.services.config.current;
    assert.strictEqual(config.mirrorBaseUrl, 'https://testnet.mirrornode.hedera.com');
    assert.strictEqual(config.customMirror, false);
    assert.strictEqual(config.scheme, 'https');
    assert.strictEqual(config.statusUrl, 'https://status.hedera.com');
    assert.strictEqual(api.services.mirror.baseUrl, 'https://testnet.mirrornode.hedera.com');
    // Not one network is asked at the workspace's per-network URLs: each keeps its own mirror node.
    for (const n of NETWORKS) {
      assert.strictEqual(config.endpoints[n].setting, undefined, n);
      assert.strictEqual(config.endpoints[n].url, defaultMirrorBaseUrl(n, 'https'), n);
    }
  });

  describe("with the user's own endpoints on loopback", () => {
    const replay = useReplay();

    it("sends hovers and status polls to the user's servers and none to the workspace's", async () => {
      const api = await activateLedgerLens();
      assert.strictEqual(api.services.config.current.mirrorBaseUrl, replay().mirror.url, 'the user value counts');
      const doc = await vscode.workspace.openTextDocument({ language: 'typescript', content: "const a = '0.0.8';\n" });
      const text = await hoverMarkdown(doc, '0.0.8');
      assert.match(text, /0\.0\.8/, 'the hover answered');
      assert.ok(
        replay().mirror.requests.some(r => r.url.startsWith('/api/v1/accounts/0.0.8')),
        "the hover asked the user's mirror node",
      );
      await waitFor(() => replay().status.requests.length > 0, 15_000, "a status poll on the user's status page");
      // Give anything that would leak the time to do it.
      await new Promise(resolve => setTimeout(resolve, 1500));
      assert.deepStrictEqual(await received(), [], "the workspace's server received nothing");
    });
  });

  describe('at the end of the run', () => {
    it('the workspace server received nothing at all', async () => {
      assert.deepStrictEqual(await received(), []);
    });
  });

  it('tells the user why the workspace endpoint settings are ignored', async () => {
    const api = await activateLedgerLens();
    await api.services.trustNotice.checked;
    assert.deepStrictEqual(
      [...api.services.trustNotice.ignored],
      ['ledgerLens.mirrorNodeUrl', 'ledgerLens.mirrorNodeUrls', 'ledgerLens.scheme', 'ledgerLens.statusUrl'],
    );
    const message = api.services.trustNotice.lastMessage ?? '';
    assert.match(
      message,
      /ignores this workspace's settings ledgerLens\.mirrorNodeUrl, ledgerLens\.mirrorNodeUrls, ledgerLens\.scheme and /,
    );
    assert.match(message, /because the workspace is not trusted; it uses /);
    assert.ok(!message.includes(elsewhere), "the message names the URL used, not the workspace's");
  });
});
