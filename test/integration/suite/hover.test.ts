// Hovers in the extension host, through VS Code's own `vscode.executeHoverProvider`, on real
// documents, against the loopback replay of the recorded mirror node.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { entityChecksum } from '../../../src/ledger';
import type { HoverFeature } from '../../../src/features/hover';
import { HOVER_COMMANDS } from '../../../src/features/hover/content';
import { activateLedgerLens, resetSettings, setSetting, useReplay, waitFor } from '../helpers';
import { anAccount, hostileText, recordFor } from '../../support/builders';
import { loadRecords } from '../../support/mirrorReplay';

interface Hovered {
  readonly text: string;
  readonly markdown: vscode.MarkdownString;
  readonly range: vscode.Range | undefined;
}

/** Our hover at the first occurrence of `needle` (offset `into` characters into it), if any. */
async function hoverAt(doc: vscode.TextDocument, needle: string, into = 2): Promise<Hovered | undefined> {
  const offset = doc.getText().indexOf(needle);
  assert.ok(offset >= 0, `${needle} is in the document`);
  const position = doc.positionAt(offset + into);
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, position);
  for (const h of hovers) {
    for (const c of h.contents) {
      if (
        c instanceof vscode.MarkdownString &&
        /\*\*(Account|Contract|Token|Topic|Schedule|Transaction)|not found on|wrong checksum|did not answer/.test(
          c.value,
        )
      ) {
        return { text: c.value, markdown: c, range: h.range };
      }
    }
  }
  return undefined;
}

async function openDoc(content: string, language = 'typescript'): Promise<vscode.TextDocument> {
  return vscode.workspace.openTextDocument({ content, language });
}

describe('hover (executeHoverProvider)', () => {
  const replay = useReplay();

  before(async () => {
    const api = await activateLedgerLens();
    assert.ok((api.features['hover'] as HoverFeature | undefined)?.provider, 'the hover provider is exported');
  });
  afterEach(async () => {
    await resetSettings(
      'ledgerLens.hover.enabled',
      'ledgerLens.hover.excludedLanguages',
      'ledgerLens.hover.anyShardRealm',
    );
  });

  it('an account id: balance, EVM address, trusted links to our commands only', async () => {
    replay().mirror.preferSource('no-params');
    const doc = await openDoc('const treasury = "0.0.8"; // the fee account\n');
    const h = await hoverAt(doc, '0.0.8');
    assert.ok(h, 'a Ledger Lens hover');
    assert.match(h.text, /\*\*Account\*\* `0\.0\.8`/);
    assert.ok(h.text.includes('Balance: **0.00000080 ℏ**'), h.text);
    assert.ok(h.text.includes('`0xac384c53f03855fa1b3616052f8ba32c6c2a2fec`'), h.text);
    assert.ok(h.range, 'the hover names its range');
    assert.strictEqual(doc.getText(h.range), '0.0.8');
    // The command URIs are ours, and only ours are enabled.
    const commands = [...h.text.matchAll(/\]\(command:([\w.]+)/g)].map(m => m[1]);
    assert.ok(commands.length >= 4, h.text);
    for (const c of commands) assert.ok(HOVER_COMMANDS.includes(c), c);
    const trusted = h.markdown.isTrusted;
    assert.ok(typeof trusted === 'object' && trusted !== null, 'trust is an allow-list, not `true`');
    assert.deepStrictEqual([...trusted.enabledCommands].sort(), [...HOVER_COMMANDS].sort());
    assert.ok(!h.markdown.supportHtml, 'no HTML');
  });

  it('an EVM address resolves to its account', async () => {
    replay().mirror.preferSource('no-params');
    const doc = await openDoc('address constant OWNER = 0xac384c53f03855fa1b3616052f8ba32c6c2a2fec;\n', 'solidity');
    const h = await hoverAt(doc, '0xac384c', 10);
    assert.ok(h, 'a Ledger Lens hover');
    assert.match(h.text, /\*\*Account\*\* `0\.0\.8`/);
    assert.strictEqual(doc.getText(h.range), '0xac384c53f03855fa1b3616052f8ba32c6c2a2fec');
  });

  it('a long-zero address is shown with its 0.0.x id', async () => {
    // The hover asks with transactions=false; the recording was made without it: serve the same body.
    const recorded = loadRecords().find(r => r.url === '/api/v1/accounts/0x00000000000000000000000000000000000007d1');
    assert.ok(recorded, 'the recorded long-zero account');
    replay().mirror.addRecords([
      {
        url: '/api/v1/accounts/0x00000000000000000000000000000000000007d1?transactions=false',
        status: recorded.status,
        bodyText: recorded.bodyText,
        source: 'recorded, with the hover query',
      },
    ]);
    const doc = await openDoc('owner = 0x00000000000000000000000000000000000007d1\n', 'solidity');
    const h = await hoverAt(doc, '0x0000', 20);
    assert.ok(h, 'a Ledger Lens hover');
    assert.ok(h.text.includes('long-zero address of `0.0.2001`'), h.text);
    assert.match(h.text, /\*\*Account\*\* `0\.0\.2001`/);
    assert.ok(
      replay().mirror.requests.some(
        r => r.url === '/api/v1/accounts/0x00000000000000000000000000000000000007d1?transactions=false',
      ),
      'asked by the address',
    );
  });

  it('a transaction id in both forms', async () => {
    const doc = await openDoc("const a = '0.0.10-1234567890-000000001';\nconst b = '0.0.10@1234567890.000000001';\n");
    for (const needle of ['0.0.10-', '0.0.10@']) {
      const h = await hoverAt(doc, needle, 12);
      assert.ok(h, `a hover on ${needle}`);
      assert.match(h.text, /\*\*Transaction\*\* `0\.0\.10-1234567890-000000001`/);
      assert.ok(h.text.includes('Result: ✓ Success'), h.text);
      // The actions first, under the title; the payer a link that opens it.
      assert.ok(h.text.indexOf('command:ledgerLens.openTransaction?') < h.text.indexOf('Result:'), h.text);
      assert.ok(h.text.includes('Payer: [`0.0.10`](command:ledgerLens.revealAccount?'), h.text);
      assert.ok(h.text.includes('command:ledgerLens.openTransaction?'), h.text);
    }
  });

  it('an id that is nothing on the network: not found, after one lookup per kind', async () => {
    replay().mirror.resetRequests();
    const doc = await openDoc('const feeCollector = "0.0.2";\n');
    const h = await hoverAt(doc, '0.0.2');
    assert.ok(h, 'a Ledger Lens hover');
    assert.ok(h.text.includes('not found on testnet · 127\\.0\\.0\\.1'), h.text);
    const asked = replay().mirror.requests.map(r => r.url);
    assert.deepStrictEqual(
      asked,
      ['accounts', 'contracts', 'tokens', 'topics', 'schedules'].map(
        k => `/api/v1/${k}/0.0.2${k === 'accounts' ? '?transactions=false' : ''}`,
      ),
    );
  });

  it('a wrong checksum is said without a request', async () => {
    replay().mirror.resetRequests();
    const right = entityChecksum({ shard: 0n, realm: 0n, num: 8n }, 'testnet');
    const wrong = right === 'abcde' ? 'bcdef' : 'abcde';
    const doc = await openDoc(`OPERATOR=0.0.8-${wrong}\n`, 'properties');
    const h = await hoverAt(doc, '0.0.8');
    assert.ok(h, 'a Ledger Lens hover');
    assert.ok(h.text.includes('wrong checksum for testnet'), h.text);
    assert.ok(h.text.includes(`\`${right}\``), h.text);
    assert.strictEqual(replay().mirror.requests.length, 0);
  });

  it('a memo with HTML, Markdown and a command link stays text', async () => {
    const memo = `${hostileText.html} ${hostileText.commandLink} ${hostileText.bidi}`;
    replay().mirror.addRecords([
      recordFor('/api/v1/accounts/0.0.4242?transactions=false', anAccount({ account: '0.0.4242', memo })),
    ]);
    const doc = await openDoc('id = 0.0.4242\n', 'plaintext');
    const h = await hoverAt(doc, '0.0.4242');
    assert.ok(h, 'a Ledger Lens hover');
    assert.ok(!/<img|<script/i.test(h.text), h.text);
    assert.ok(!h.text.includes('](command:workbench'), h.text);
    // Escaped Markdown for the visible mark of the bidi override (`\+` renders as `+`).
    assert.ok(h.text.includes('⟨U\\+202E⟩'), h.text);
    assert.ok(!h.text.includes('\u202E'), 'no raw bidi control');
  });

  it('nothing on versions, IPs and identifiers', async () => {
    const doc = await openDoc('"version": "1.2.3", host = "10.0.0.1", v0.0.12, 0.0.1.2\n', 'json');
    for (const needle of ['1.2.3', '10.0.0.1', 'v0.0.12', '0.0.1.2']) {
      assert.strictEqual(await hoverAt(doc, needle, 1), undefined, needle);
    }
  });

  it('cancelling the hover (moving away) ends it at once', async () => {
    const api = await activateLedgerLens();
    const { provider } = api.features['hover'] as HoverFeature;
    replay().mirror.setFault({ kind: 'latency', ms: 3000 });
    const doc = await openDoc('x = 0.0.31337\n', 'plaintext');
    const source = new vscode.CancellationTokenSource();
    const pending = Promise.resolve(provider.provideHover(doc, new vscode.Position(0, 6), source.token));
    await new Promise(resolve => setTimeout(resolve, 150));
    const t0 = Date.now();
    source.cancel();
    assert.strictEqual(await pending, undefined);
    assert.ok(Date.now() - t0 < 500, `ended ${Date.now() - t0} ms after the cancellation`);
  });

  it('a slow mirror node: the hover says so after the timeout', async () => {
    const api = await activateLedgerLens();
    await setSetting('ledgerLens.requestTimeoutMs', 1000);
    try {
      await waitFor(() => api.services.config.current.requestTimeoutMs === 1000, 5000, 'the setting read');
      replay().mirror.setFault({ kind: 'latency', ms: 4000 });
      const doc = await openDoc('x = 0.0.31338\n', 'plaintext');
      const t0 = Date.now();
      const h = await hoverAt(doc, '0.0.31338');
      assert.ok(h, 'a Ledger Lens hover');
      assert.ok(h.text.includes('did not answer within 1 s'), h.text);
      assert.ok(Date.now() - t0 < 3000, `answered after ${Date.now() - t0} ms`);
    } finally {
      await resetSettings('ledgerLens.requestTimeoutMs');
    }
  });

  it('honours hover.enabled and hover.excludedLanguages', async () => {
    const api = await activateLedgerLens();
    const doc = await openDoc('x = 0.0.8\n', 'python');
    await setSetting('ledgerLens.hover.enabled', false);
    await waitFor(() => !api.services.config.current.hover.enabled, 5000, 'the setting read');
    assert.strictEqual(await hoverAt(doc, '0.0.8'), undefined);
    await setSetting('ledgerLens.hover.enabled', undefined);
    await setSetting('ledgerLens.hover.excludedLanguages', ['python']);
    await waitFor(
      () => api.services.config.current.hover.excludedLanguages.includes('python'),
      5000,
      'the setting read',
    );
    assert.strictEqual(await hoverAt(doc, '0.0.8'), undefined);
    const other = await openDoc('x = 0.0.8\n', 'ruby');
    assert.ok(await hoverAt(other, '0.0.8'), 'other languages still hover');
  });
});
