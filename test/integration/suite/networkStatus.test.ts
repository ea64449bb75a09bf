// The status item follows the active editor (ledgerLens.network `auto`): a forMainnet() file and a
// forTestnet() file show two networks and say why; a file whose evidence changes is followed; a
// forLocalNode() file reports the local mirror node's own health (a loopback replay) instead of the
// status page, and a local node that does not answer is said to be down, asked again only after
// doubling waits, and named by the hover. A mirror node the user set whose network nothing says
// is asked for its own health too.
import * as assert from 'assert';
import * as net from 'net';
import * as vscode from 'vscode';
import type { LedgerLensExports } from '../../../src/features/context';
import type { StatusFeatureApi } from '../../../src/features/status';
import { activateLedgerLens, hoverText, resetSettings, setSetting, useReplay, waitFor } from '../helpers';
import { patient } from '../../support/patience';
import { startMirrorReplay } from '../../support/mirrorReplay';
import { freePort, PortBlocks } from '../../harness/ports';
import { aBlock, aBlocksBody, recordFor } from '../../support/builders';

function statusApi(api: LedgerLensExports): StatusFeatureApi {
  const s = api.features['status'] as StatusFeatureApi | undefined;
  assert.ok(s, 'exports.features.status');
  return s;
}

/** The tooltip as the user reads it (Markdown escapes removed). */
function tooltipOf(item: vscode.StatusBarItem): string {
  const t = item.tooltip;
  assert.ok(t instanceof vscode.MarkdownString, 'the tooltip is Markdown');
  return t.value.replace(/\\(.)/g, '$1');
}

async function show(content: string, language = 'typescript'): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument({ language, content });
  return vscode.window.showTextDocument(doc);
}

/** Closes every editor without a save prompt (the documents here are untitled and dirty). */
async function closeAll(): Promise<void> {
  for (let i = 0; i < 20 && vscode.window.activeTextEditor; i++) {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
}

describe('status bar: the network of the active editor', function () {
  this.timeout(patient(60_000));
  const replay = useReplay({ scenario: 'mainnet-major-outage' });
  let api: LedgerLensExports;
  let status: StatusFeatureApi;

  before(async () => {
    api = await activateLedgerLens();
    status = statusApi(api);
  });
  afterEach(async () => {
    await closeAll();
    await status.refresh();
  });

  it('follows the active editor between a forMainnet() file and a forTestnet() file, and says why', async () => {
    const mainnet = await show('import { Client } from "@hashgraph/sdk";\nconst client = Client.forMainnet();\n');
    await waitFor(() => status.item.text === '$(error) mainnet-public: major outage', 10_000, 'the mainnet item');
    assert.match(
      tooltipOf(status.item),
      /^\*\*Ledger Lens · mainnet-public\*\*: major outage\n\nmainnet · from Client\.forMainnet\(\) at line 2\n/,
    );
    assert.strictEqual(status.target().network, 'mainnet-public');
    assert.strictEqual(status.item.backgroundColor?.id, 'statusBarItem.errorBackground');

    const pageRequests = replay().status.requests.length;
    await show('// Client.forMainnet() is for production\nconst client = Client.forTestnet();\n');
    await waitFor(() => status.item.text === '$(check) testnet', 10_000, 'the testnet item');
    // The status page's network heads the tooltip; the line below says where the requests go, and why.
    const testnetTip = tooltipOf(status.item);
    assert.match(testnetTip, /^\*\*Ledger Lens · testnet\*\*: operational\n\n/);
    const replayHost = new URL(replay().mirror.url).host;
    assert.ok(testnetTip.includes(`\n\ntestnet · ${replayHost} · from Client.forTestnet() at line 2\n`), testnetTip);
    assert.strictEqual(status.item.backgroundColor, undefined);

    await vscode.window.showTextDocument(mainnet.document);
    await waitFor(() => status.item.text.includes('mainnet-public'), 10_000, 'back on the mainnet item');
    // The last summary covers every network: switching tabs does not ask the status page again.
    assert.strictEqual(replay().status.requests.length, pageRequests, 'no status page request per switch');
  });

  it('follows a file whose evidence changes, and says when its evidence disagrees', async () => {
    const editor = await show('const client = Client.forTestnet();\n');
    const replayHost = new URL(replay().mirror.url).host;
    await waitFor(
      () => status.target().why === `testnet · ${replayHost} · from Client.forTestnet() at line 1`,
      10_000,
      'testnet',
    );
    await editor.edit(e => e.insert(new vscode.Position(1, 0), 'const prod = Client.forMainnet();\n'));
    await waitFor(() => status.target().conflict, 10_000, 'the conflict');
    const tip = tooltipOf(status.item);
    assert.match(tip, /Client\.forTestnet\(\) at line 1 and Client\.forMainnet\(\) at line 2 disagree/);
    await editor.edit(e => e.delete(new vscode.Range(0, 0, 1, 0)));
    await waitFor(() => status.item.text.includes('mainnet-public'), 10_000, 'mainnet after the edit');
    assert.match(tooltipOf(status.item), /mainnet · from Client\.forMainnet\(\) at line 1/);
  });

  it('no editor: the settings, or testnet by default', async () => {
    await closeAll();
    await status.refresh();
    assert.strictEqual(status.item.text, '$(check) testnet');
    assert.ok(
      tooltipOf(status.item).includes(`\n\ntestnet · ${new URL(replay().mirror.url).host} · by default\n`),
      tooltipOf(status.item),
    );
  });

  it('a forLocalNode() file: the local mirror node (here the replay) answers the hover and reports its own health', async () => {
    const newestEnd = `${Math.floor(Date.now() / 1000) - 2}.000000000`;
    replay().mirror.addRecords([
      recordFor(
        '/api/v1/blocks?limit=1&order=desc',
        aBlocksBody([aBlock({ timestamp: { from: newestEnd, to: newestEnd } })]),
      ),
    ]);
    replay().mirror.preferSource('no-params');
    replay().mirror.resetRequests();
    const pageRequests = replay().status.requests.length;
    const host = new URL(replay().mirror.url).host;
    const editor = await show('const client = Client.forLocalNode();\nconst treasury = "0.0.8";\n');
    await waitFor(
      () => /^\$\(check\) local · \d s behind$/.test(status.item.text),
      10_000,
      `the local item (${status.item.text})`,
    );
    const tip = tooltipOf(status.item);
    assert.match(tip, /^\*\*Ledger Lens · local\*\*: answers\n/);
    assert.ok(tip.includes(`local · ${host} · from Client.forLocalNode() at line 1`), tip);
    assert.ok(tip.includes(`${host} answers; its newest block ended`), tip);
    assert.ok(
      replay().mirror.requests.some(r => r.url === '/api/v1/blocks?limit=1&order=desc'),
      'asked for its newest block',
    );
    assert.strictEqual(replay().status.requests.length, pageRequests, 'not the public status page');

    const hover = await waitFor(() => hoverText(editor.document, '0.0.8'), 10_000, 'the hover');
    assert.match(hover, /\*\*Account\*\*/);
    assert.ok(hover.includes(`local · ${host} · from Client.forLocalNode() at line 1`), hover);
    assert.doesNotMatch(hover, /hashscan\.io/, 'no HashScan links for a local node');
  });

  it('ledgerLens.network local: the status item and hovers use the local node; no checksum is called wrong', async () => {
    const newestEnd = `${Math.floor(Date.now() / 1000) - 1}.000000000`;
    replay().mirror.addRecords([
      recordFor(
        '/api/v1/blocks?limit=1&order=desc',
        aBlocksBody([aBlock({ timestamp: { from: newestEnd, to: newestEnd } })]),
      ),
    ]);
    replay().mirror.preferSource('no-params');
    const host = new URL(replay().mirror.url).host;
    await vscode.workspace.getConfiguration('ledgerLens').update('network', 'local', vscode.ConfigurationTarget.Global);
    try {
      await waitFor(() => api.services.config.current.network === 'local', 5000, 'network local');
      assert.strictEqual(api.services.config.current.mirrorBaseUrl, replay().mirror.url, 'the local entry serves it');
      // A file that says mainnet does not matter: the setting is in charge.
      const editor = await show('const client = Client.forMainnet();\nconst treasury = "0.0.8-aaaaa";\n');
      await waitFor(
        () => /^\$\(check\) local · \d s behind$/.test(status.item.text),
        10_000,
        `local (${status.item.text})`,
      );
      assert.ok(tooltipOf(status.item).includes(`local · ${host} · from settings`), tooltipOf(status.item));
      const hover = await waitFor(
        async () => {
          const t = await hoverText(editor.document, '0.0.8-aaaaa');
          return /\*\*Account\*\*/.test(t) ? t : undefined;
        },
        10_000,
        'the hover',
      );
      assert.doesNotMatch(hover, /wrong checksum/, 'a local node has no HIP-15 checksum to check');
      assert.ok(hover.includes(`local · ${host} · from settings`), hover);
    } finally {
      await vscode.workspace
        .getConfiguration('ledgerLens')
        .update('network', undefined, vscode.ConfigurationTarget.Global);
      await waitFor(() => api.services.config.current.network === 'testnet', 5000, 'network back to auto');
    }
  });

  it('a local node that does not answer: the item says down, the waits double, the hover names the node', async () => {
    // A port that accepts and drops every connection, counting them; then nothing listens on it.
    let connections = 0;
    const server = net.createServer(socket => {
      connections++;
      socket.destroy();
    });
    const port = await freePort(PortBlocks.spare);
    await new Promise<void>(resolve => server.listen(port, '127.0.0.1', () => resolve()));
    const url = `http://127.0.0.1:${port}`;
    // The local node is http://localhost:5551 unless a URL the user set serves it: here ledgerLens.mirrorNodeUrl,
    // which takes every request, names the dropping port.
    await vscode.workspace
      .getConfiguration('ledgerLens')
      .update('mirrorNodeUrl', url, vscode.ConfigurationTarget.Global);
    try {
      await waitFor(() => api.services.config.current.mirrorBaseUrl === url, 5000, 'the new URL');
      status.localPoller.setIntervalMs(200);
      const editor = await show('const client = Client.forLocalNode();\nconst treasury = "0.0.8";\n');
      await waitFor(() => status.item.text === '$(error) local · down', 15_000, `the down item (${status.item.text})`);
      assert.strictEqual(status.item.backgroundColor?.id, 'statusBarItem.warningBackground');
      assert.match(tooltipOf(status.item), /Cannot reach 127\.0\.0\.1:\d+: /);
      const start = Date.now();
      const seen = connections;
      await new Promise(resolve => setTimeout(resolve, 3000));
      const polls = status.localPoller.failures;
      // 200, 400, 800, 1600 ms…: a handful of tries in 3 s, each a few attempts, never a tight loop.
      assert.ok(connections - seen <= 20, `${connections - seen} connections in ${Date.now() - start} ms`);
      assert.ok(polls >= 3, `failures ${polls}`);
      // Read the wait just after a failure has scheduled it (read at a random moment, the rest of
      // a doubled wait can be short): from the 3rd failure on it is 800 ms ± 10% or more.
      const poller = status.localPoller;
      const fresh = await waitFor(
        () => {
          const due = poller.nextCheckAt;
          return poller.failures > polls && !poller.isChecking && due !== undefined
            ? { due, at: Date.now() }
            : undefined;
        },
        15_000,
        'the next failure and its scheduled wait',
      );
      assert.ok(fresh.due - fresh.at > 400, `the next wait has grown (${fresh.due - fresh.at} ms)`);
      assert.match(tooltipOf(status.item), /Next try in /);

      server.close();
      await new Promise(resolve => setTimeout(resolve, 100));
      const hover = await waitFor(() => hoverText(editor.document, '0.0.8'), 20_000, 'the hover');
      // In the words every mirror node failure is said in (the status page's too).
      assert.match(
        hover,
        new RegExp(`Cannot reach the mirror node at 127\\.0\\.0\\.1:${port}: connection refused`),
        hover,
      );
      // Said at the mirror node the user set (by its host), as every hover at a URL the user set is.
      assert.match(hover, new RegExp(`\\(127\\.0\\.0\\.1:${port}\\)\\. Hover again to retry\\.`), hover);
    } finally {
      server.close();
      await vscode.workspace
        .getConfiguration('ledgerLens')
        .update('mirrorNodeUrl', undefined, vscode.ConfigurationTarget.Global);
      await waitFor(() => api.services.config.current.mirrorBaseUrl === replay().mirror.url, 5000, 'the replay back');
      status.localPoller.setIntervalMs(api.services.config.current.status.pollIntervalSeconds * 1000);
    }
  });

  it("a forMainnet() file with ledgerLens.mirrorNodeUrl set: the item shows that mirror node's own health, until an entry names its network", async () => {
    const own = await startMirrorReplay({ preferSource: 'no-params' });
    const newestEnd = `${Math.floor(Date.now() / 1000) - 3}.000000000`;
    own.addRecords([
      recordFor(
        '/api/v1/blocks?limit=1&order=desc',
        aBlocksBody([aBlock({ timestamp: { from: newestEnd, to: newestEnd } })]),
      ),
    ]);
    const host = new URL(own.url).host;
    const entries = vscode.workspace.getConfiguration('ledgerLens').inspect('mirrorNodeUrls')?.globalValue;
    try {
      await setSetting('ledgerLens.mirrorNodeUrl', own.url);
      await waitFor(() => api.services.config.current.mirrorBaseUrl === own.url, 5000, 'the mirrorNodeUrl read');
      const pageRequests = replay().status.requests.length;
      await show('const client = Client.forMainnet();\n');
      // Nothing says which network the user's mirror node serves: not mainnet's status page, its own blocks.
      await waitFor(
        () => new RegExp(`^\\$\\(check\\) ${host.replace(/\./g, '\\.')} · \\d s behind$`).test(status.item.text),
        10_000,
        `the mirror node's own item (${status.item.text})`,
      );
      const tip = tooltipOf(status.item);
      assert.match(tip, new RegExp(`^\\*\\*Ledger Lens · ${host.replace(/\./g, '\\.')}\\*\\*: answers\n`));
      // Its host is the label everywhere: nothing says it serves mainnet.
      assert.ok(tip.includes(`\n\n${host} · from Client.forMainnet() at line 1`), tip);
      assert.ok(
        own.requests.some(r => r.url === '/api/v1/blocks?limit=1&order=desc'),
        'asked for its newest block',
      );
      assert.strictEqual(replay().status.requests.length, pageRequests, 'not the status page');

      // A mirrorNodeUrls entry with the same URL says it serves mainnet: mainnet's status page again.
      await setSetting('ledgerLens.mirrorNodeUrls', { 'mainnet-public': own.url });
      await waitFor(
        () => status.item.text === '$(error) mainnet-public: major outage',
        10_000,
        `mainnet (${status.item.text})`,
      );
    } finally {
      await resetSettings('ledgerLens.mirrorNodeUrl');
      await setSetting('ledgerLens.mirrorNodeUrls', entries);
      await waitFor(() => api.services.config.current.mirrorBaseUrl === replay().mirror.url, 5000, 'the replay back');
      await own.close();
    }
  });
});
