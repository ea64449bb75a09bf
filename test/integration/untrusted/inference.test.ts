// Network inference in a workspace that is not trusted: its `.env` and Hardhat config may say which
// public network the code means (mainnet here), and the hover then asks that network's public mirror
// node (a loopback replay standing in for it); the URLs written in those files (the harness's
// recording server, "elsewhere") receive nothing, and code that means a local node is not followed.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { hoverText, usePublicReplay, useReplay, waitFor } from '../helpers';
import { patient } from '../../support/patience';
import { elsewhere, received } from './elsewhere';

describe('an untrusted workspace: inference names a public network, never an endpoint', function () {
  this.timeout(patient(60_000));
  const replay = useReplay(); // the user's own mirror node for the default network (testnet)
  const mainnet = usePublicReplay({ sparePort: true });
  let folder: string;
  const written: string[] = [];

  const write = (rel: string, text: string): vscode.Uri => {
    const file = path.join(folder, rel);
    fs.writeFileSync(file, text);
    written.push(file);
    return vscode.Uri.file(file);
  };

  before(async () => {
    assert.ok(elsewhere, 'run by exthost.js --untrusted (LEDGER_LENS_ELSEWHERE_URL)');
    assert.strictEqual(vscode.workspace.isTrusted, false);
    const f = vscode.workspace.workspaceFolders?.[0];
    assert.ok(f, 'a folder is open');
    folder = f.uri.fsPath;
    // The workspace's configs name mainnet, and carry URLs pointing at the recording server.
    write('.env', `HEDERA_NETWORK=mainnet\nMIRROR_NODE_URL=${elsewhere}\nJSON_RPC_RELAY_URL=${elsewhere}/api\n`);
    write(
      'hardhat.config.ts',
      `export default {\n  networks: {\n    hedera: { url: "${elsewhere}/api", chainId: 295 },\n  },\n};\n`,
    );
  });
  after(async () => {
    for (const file of written) fs.rmSync(file, { force: true });
  });

  it('the .env says mainnet: the hover asks the public mainnet mirror node, not the URLs in the files', async () => {
    mainnet().preferSource('no-params');
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(folder, 'ids.ts')));
    const text = await waitFor(
      async () => {
        const t = await hoverText(doc, '0.0.8');
        return /\*\*Account\*\*/.test(t) ? t : undefined;
      },
      15_000,
      'the mainnet hover',
    );
    assert.ok(text.includes('mainnet · from HEDERA_NETWORK at line 1 in .env'), text);
    // Besides the lookup, the hover asks the rate of the network it used (its dollars): also mainnet's.
    assert.deepStrictEqual(
      mainnet()
        .requests.map(r => r.url)
        .filter(u => !u.startsWith('/api/v1/network/exchangerate')),
      ['/api/v1/accounts/0.0.8?transactions=false'],
    );
    assert.ok(!text.includes(elsewhere), 'no workspace URL is shown as where we asked');
    await new Promise(resolve => setTimeout(resolve, 1000));
    assert.deepStrictEqual(await received(), [], "the workspace's URLs received nothing");
  });

  it('code that means a local node is not followed: the next evidence decides, and the hover says why', async () => {
    replay().mirror.preferSource('no-params');
    replay().mirror.resetRequests();
    const uri = write('local.ts', 'const client = Client.forLocalNode();\nconst treasury = "0.0.8";\n');
    const doc = await vscode.workspace.openTextDocument(uri);
    const text = await waitFor(
      async () => {
        const t = await hoverText(doc, '0.0.8');
        return /\*\*Account\*\*/.test(t) ? t : undefined;
      },
      15_000,
      'the hover',
    );
    assert.ok(
      text.includes('Client.forLocalNode() at line 1 names a local node, not asked: the workspace is not trusted'),
      text,
    );
    // The file says nothing else, so the workspace's .env (mainnet) decides.
    assert.ok(text.includes('mainnet · from HEDERA_NETWORK at line 1 in .env'), text);
    assert.deepStrictEqual(await received(), []);
  });
});
