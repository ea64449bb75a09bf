// Network inference in a workspace that is not trusted: its `.env` and Hardhat config may say which
// public network the code means (mainnet here), and the hover then asks that network's public mirror
// node (a loopback replay standing in for it); the URLs written in those files (the harness's
// recording server, "elsewhere") receive nothing, and code that means a local node is not followed.
import * as assert from 'assert';
import * as fs from 'fs';
import * as http from 'http';
import * as path from 'path';
import * as vscode from 'vscode';
import { activateLedgerLens, useReplay, waitFor } from '../helpers';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';
import { freePort, PortBlocks } from '../../harness/ports';

const elsewhere = process.env['LEDGER_LENS_ELSEWHERE_URL'] ?? '';

function received(): Promise<string[]> {
  return new Promise((resolve, reject) => {
    http
      .get(`${elsewhere}/__requests`, res => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(body) as string[]);
          } catch (e) {
            reject(e instanceof Error ? e : new Error(String(e)));
          }
        });
      })
      .on('error', reject);
  });
}

async function hoverText(doc: vscode.TextDocument, needle: string): Promise<string> {
  const offset = doc.getText().indexOf(needle);
  assert.ok(offset >= 0, `${needle} is in the document`);
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
    'vscode.executeHoverProvider',
    doc.uri,
    doc.positionAt(offset + 2),
  );
  return hovers
    .flatMap(h => h.contents)
    .map(c => (c instanceof vscode.MarkdownString ? c.value : typeof c === 'string' ? c : c.value))
    .join('\n')
    .replace(/\\(.)/g, '$1');
}

describe('an untrusted workspace: inference names a public network, never an endpoint', function () {
  this.timeout(60_000);
  const replay = useReplay(); // the user's own mirror node for the default network (testnet)
  let mainnet: MirrorReplay;
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
    mainnet = await startMirrorReplay({ port: await freePort(PortBlocks.spare) });
    const api = await activateLedgerLens();
    api.services.overrideMirrorUrlForTests('mainnet-public', mainnet.url);
    api.services.overrideMirrorUrlForTests('previewnet', mainnet.url);
    // The workspace's configs name mainnet, and carry URLs pointing at the recording server.
    write('.env', `HEDERA_NETWORK=mainnet\nMIRROR_NODE_URL=${elsewhere}\nJSON_RPC_RELAY_URL=${elsewhere}/api\n`);
    write(
      'hardhat.config.ts',
      `export default {\n  networks: {\n    hedera: { url: "${elsewhere}/api", chainId: 295 },\n  },\n};\n`,
    );
  });
  after(async () => {
    for (const file of written) fs.rmSync(file, { force: true });
    const api = await activateLedgerLens();
    api.services.overrideMirrorUrlForTests('mainnet-public', undefined);
    api.services.overrideMirrorUrlForTests('previewnet', undefined);
    await mainnet.close();
  });

  it('the .env says mainnet: the hover asks the public mainnet mirror node, not the URLs in the files', async () => {
    mainnet.preferSource('no-params');
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
      mainnet.requests.map(r => r.url).filter(u => !u.startsWith('/api/v1/network/exchangerate')),
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
