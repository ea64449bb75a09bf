// The network the code means (ledgerLens.network `auto`): two documents, one calling
// Client.forMainnet() and one Client.forTestnet(), hover the same id and reach two different
// mirror nodes (two loopback replays), each hover saying which network and why. The user's endpoint
// wins: a set ledgerLens.mirrorNodeUrl takes a forMainnet() file's hovers too, and
// ledgerLens.mirrorNodeUrls sends each network to its own server. Terminal links are offered for
// ids printed by a script.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { TerminalFeatureApi } from '../../../src/features/terminal';
import {
  activateLedgerLens,
  hoverMarkdown,
  resetSettings,
  setSetting,
  usePublicReplay,
  useReplay,
  waitFor,
} from '../helpers';
import { anAccount, recordFor } from '../../support/builders';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';

/** Ledger Lens's hover (an account, or a miss) as the user reads it; undefined until it is there. */
async function ledgerHover(doc: vscode.TextDocument, needle: string): Promise<string | undefined> {
  const markdown = await hoverMarkdown(doc, needle);
  return /\*\*Account\*\*|not found on/.test(markdown) ? markdown.replace(/\\(.)/g, '$1') : undefined;
}

describe('network from the code', () => {
  const replay = useReplay(); // the configured network (testnet under auto) → this replay
  const mainnet = usePublicReplay();

  it('a forMainnet() file and a forTestnet() file hover the same id on two mirror nodes, and say why', async () => {
    replay().mirror.preferSource('no-params');
    mainnet().preferSource('no-params');
    replay().mirror.resetRequests();
    mainnet().resetRequests();
    const onMainnet = await vscode.workspace.openTextDocument({
      language: 'typescript',
      content:
        'import { Client } from "@hashgraph/sdk";\nconst client = Client.forMainnet();\nconst treasury = "0.0.8";\n',
    });
    const onTestnet = await vscode.workspace.openTextDocument({
      language: 'typescript',
      content:
        '// Client.forMainnet() is for production\nconst client = Client.forTestnet();\nconst treasury = "0.0.8";\n',
    });
    const a = await waitFor(() => ledgerHover(onMainnet, '0.0.8'), 10_000, 'the mainnet hover');
    assert.ok(a.includes('mainnet · from Client.forMainnet() at line 2'), a);
    // Besides its lookups, a hover asks the rate of the network it used (its dollars): counted apart.
    const lookups = () =>
      mainnet()
        .requests.map(r => r.url)
        .filter(u => !u.startsWith('/api/v1/network/exchangerate'));
    assert.deepStrictEqual(lookups(), ['/api/v1/accounts/0.0.8?transactions=false']);
    const b = await waitFor(() => ledgerHover(onTestnet, '0.0.8'), 10_000, 'the testnet hover');
    assert.ok(b.includes(`testnet · ${new URL(replay().mirror.url).host} · from Client.forTestnet() at line 2`), b);
    assert.ok(
      replay().mirror.requests.some(r => r.url === '/api/v1/accounts/0.0.8?transactions=false'),
      'the testnet hover asked the configured mirror node, with transactions=false',
    );
    assert.strictEqual(lookups().length, 1, 'the testnet hover did not ask the mainnet mirror node');
  });

  it('not on the network the code means, found on another: said, with what it is there', async () => {
    replay().mirror.addRecords([
      recordFor('/api/v1/accounts/0.0.4321?transactions=false', anAccount({ account: '0.0.4321', memo: 'on testnet' })),
    ]);
    const doc = await vscode.workspace.openTextDocument({
      language: 'javascript',
      content: 'const client = Client.forMainnet();\nconst payer = "0.0.4321";\n',
    });
    const h = await waitFor(() => ledgerHover(doc, '0.0.4321'), 15_000, 'the hover');
    assert.ok(h.includes('not found on mainnet ('), h);
    assert.ok(h.includes('Not on mainnet; found on testnet.'), h);
    assert.ok(h.includes('Memo: on testnet'), h);
    assert.ok(h.includes('mainnet · from Client.forMainnet() at line 1'), h);
  });

  it('a file with no evidence says testnet by default', async () => {
    replay().mirror.preferSource('no-params');
    const doc = await vscode.workspace.openTextDocument({ language: 'typescript', content: 'const t = "0.0.8";\n' });
    const h = await waitFor(() => ledgerHover(doc, '0.0.8'), 10_000, 'the hover');
    assert.ok(h.includes(`testnet · ${new URL(replay().mirror.url).host} · by default`), h);
  });

  it('terminal output: ids printed by a script are offered as links', async () => {
    const api = await activateLedgerLens();
    const terminal = api.features['terminal'] as TerminalFeatureApi | undefined;
    assert.ok(terminal, 'the terminal feature is exported');
    const links = await terminal.provider.provideTerminalLinks(
      { line: 'Transaction ID: 0.0.1234@1700000000.123456789 for account 0.0.8', terminal: undefined as never },
      new vscode.CancellationTokenSource().token,
    );
    assert.deepStrictEqual(
      (links ?? []).map(l => [l.startIndex, l.length, l.tooltip]),
      [
        [16, 29, 'Ledger Lens: show transaction 0.0.1234@1700000000.123456789'],
        [58, 5, 'Ledger Lens: show 0.0.8'],
      ],
    );
  });
});

describe("network from the code: the user's endpoint wins", () => {
  const replay = useReplay();
  const mainnet = usePublicReplay();
  const forMainnet = 'const client = Client.forMainnet();\nconst treasury = "0.0.8";\nconst payer = "0.0.4321";\n';
  const forTestnet = 'const client = Client.forTestnet();\nconst treasury = "0.0.8";\n';
  const lookup = '/api/v1/accounts/0.0.8?transactions=false';
  let own: MirrorReplay[] = [];

  /** A loopback mirror node of the user's own (the shared recordings), closed after the test. */
  async function ownServer(): Promise<MirrorReplay> {
    const server = await startMirrorReplay({ preferSource: 'no-params' });
    own.push(server);
    return server;
  }
  // Only the account lookups: the status item and the views may ask the same server for other things.
  const lookups = (server: MirrorReplay) =>
    server.requests.map(r => r.url).filter(u => u.startsWith('/api/v1/accounts/'));

  afterEach(async () => {
    const api = await activateLedgerLens();
    // Back to what useReplay set: its own mirrorNodeUrls, no mirrorNodeUrl.
    await resetSettings('ledgerLens.mirrorNodeUrl');
    await setSetting('ledgerLens.mirrorNodeUrls', {
      testnet: replay().mirror.url,
      mainnet: replay().mirror.url,
      local: replay().mirror.url,
    });
    await waitFor(() => api.services.config.current.mirrorBaseUrl === replay().mirror.url, 5000, 'the replay back');
    await Promise.all(own.map(s => s.close()));
    own = [];
  });

  it('with ledgerLens.mirrorNodeUrl set, a forMainnet() file asks that URL, and a miss is not looked for elsewhere', async () => {
    const api = await activateLedgerLens();
    const mine = await ownServer();
    await setSetting('ledgerLens.mirrorNodeUrl', mine.url);
    await waitFor(() => api.services.config.current.mirrorBaseUrl === mine.url, 5000, 'the mirrorNodeUrl read');
    mainnet().resetRequests();
    replay().mirror.resetRequests();
    const doc = await vscode.workspace.openTextDocument({ language: 'typescript', content: forMainnet });
    const h = await waitFor(() => ledgerHover(doc, '0.0.8'), 10_000, 'the hover');
    assert.match(h, /\*\*Account\*\*/);
    // The request went where the user said, and nothing says that server's network: its host is the label.
    assert.ok(h.includes(`${new URL(mine.url).host} · from Client.forMainnet() at line 1`), h);
    assert.ok(!h.includes('mainnet ·'), h);
    assert.deepStrictEqual(lookups(mine), [lookup], "the user's mirror node answered the hover");
    assert.deepStrictEqual(mainnet().requests, [], 'the public mainnet mirror node was not asked');

    // 0.0.4321 is on no server here: said as not found at the user's mirror node, no other network asked.
    const miss = await waitFor(() => ledgerHover(doc, '0.0.4321'), 15_000, 'the miss');
    assert.ok(miss.includes(`not found on ${new URL(mine.url).host}`), miss);
    assert.doesNotMatch(miss, /found on (testnet|previewnet|mainnet)\./);
    assert.deepStrictEqual(mainnet().requests, [], 'no detour to the public mainnet mirror node');
    assert.deepStrictEqual(replay().mirror.requests, [], 'nor to the testnet one');
  });

  it('ledgerLens.mirrorNodeUrls: a forMainnet() file and a forTestnet() file each go to their own server', async () => {
    const api = await activateLedgerLens();
    const mainnetServer = await ownServer();
    const testnetServer = await ownServer();
    await setSetting('ledgerLens.mirrorNodeUrls', {
      'mainnet-public': mainnetServer.url,
      testnet: testnetServer.url,
    });
    await waitFor(() => api.services.config.current.mirrorBaseUrl === testnetServer.url, 5000, 'the entries read');
    mainnet().resetRequests();
    replay().mirror.resetRequests();
    const onMainnet = await vscode.workspace.openTextDocument({ language: 'typescript', content: forMainnet });
    const onTestnet = await vscode.workspace.openTextDocument({ language: 'typescript', content: forTestnet });
    const a = await waitFor(() => ledgerHover(onMainnet, '0.0.8'), 10_000, 'the mainnet hover');
    assert.ok(a.includes(`mainnet · ${new URL(mainnetServer.url).host} · from Client.forMainnet() at line 1`), a);
    const b = await waitFor(() => ledgerHover(onTestnet, '0.0.8'), 10_000, 'the testnet hover');
    assert.ok(b.includes(`testnet · ${new URL(testnetServer.url).host} · from Client.forTestnet() at line 1`), b);
    assert.deepStrictEqual(lookups(mainnetServer), [lookup], 'the mainnet entry answered the mainnet file');
    assert.deepStrictEqual(lookups(testnetServer), [lookup], 'the testnet entry answered the testnet file');
    assert.deepStrictEqual(mainnet().requests, [], 'not the public mainnet mirror node');
    assert.deepStrictEqual(replay().mirror.requests, [], 'not the replay the entries replaced');
  });
});
