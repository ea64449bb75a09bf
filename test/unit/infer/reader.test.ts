import * as assert from 'assert';
import {
  type ConfigFs,
  type ConfigStat,
  describeAnswer,
  DocumentEvidence,
  inferNetwork,
  isInsideFolder,
  WorkspaceEvidence,
} from '../../../src/infer';

/** An in-memory workspace folder that counts what was asked of it. */
class MemoryFs implements ConfigFs {
  readonly stats: string[] = [];
  readonly reads: string[] = [];
  readonly links = new Set<string>();
  constructor(readonly files: Map<string, string | Uint8Array>) {}

  async stat(path: string): Promise<ConfigStat | undefined> {
    this.stats.push(path);
    const f = this.files.get(path);
    if (f === undefined) return undefined;
    const size = typeof f === 'string' ? Buffer.byteLength(f) : f.byteLength;
    return { size, mtime: 1, file: true, symbolicLink: this.links.has(path) };
  }

  async read(path: string): Promise<Uint8Array> {
    this.reads.push(path);
    const f = this.files.get(path);
    if (f === undefined) throw new Error('ENOENT');
    return typeof f === 'string' ? Buffer.from(f) : f;
  }
}

describe('reading a workspace folder for inference', () => {
  it('finds the nearest config, reads each file once, and asks nothing outside the folder', async () => {
    const fs = new MemoryFs(
      new Map([
        ['.env', 'HEDERA_NETWORK=mainnet\n'],
        ['contracts/hardhat.config.ts', 'export default { defaultNetwork: "t", networks: { t: { chainId: 296 } } };'],
      ]),
    );
    const ws = new WorkspaceEvidence(fs);
    const configs = await ws.configsFor('contracts/scripts/deploy.ts');
    assert.deepStrictEqual(
      configs.map(c => `${c.path}:${c.kind}`),
      ['contracts/hardhat.config.ts:network', '.env:network'],
    );
    assert.strictEqual(
      describeAnswer(inferNetwork({ configs })),
      'testnet · from defaultNetwork "t" (chainId 296) at line 1 in contracts/hardhat.config.ts',
    );
    assert.ok(
      fs.stats.every(p => isInsideFolder(p)),
      fs.stats.join(', '),
    );
    assert.ok(fs.stats.every(p => p.startsWith('contracts/') || !p.includes('/')));
    // Asked again: answered from memory, no file-system call.
    const before = fs.stats.length;
    await ws.configsFor('contracts/scripts/other.ts');
    assert.strictEqual(fs.stats.length, before);
    assert.deepStrictEqual(fs.reads.sort(), ['.env', 'contracts/hardhat.config.ts']);
  });

  it('a changed file is read again once the watcher says so', async () => {
    const files = new Map([['.env', 'HEDERA_NETWORK=mainnet\n']]);
    const fs = new MemoryFs(files);
    const ws = new WorkspaceEvidence(fs);
    assert.strictEqual(inferNetwork({ configs: await ws.configsFor('a.ts') }).network, 'mainnet');
    files.set('.env', 'HEDERA_NETWORK=previewnet\n');
    assert.strictEqual(inferNetwork({ configs: await ws.configsFor('a.ts') }).network, 'mainnet');
    ws.invalidate('.env');
    assert.strictEqual(inferNetwork({ configs: await ws.configsFor('a.ts') }).network, 'previewnet');
  });

  it('a 5 MB .env is refused by its size and never read; the log says so once', async () => {
    const big = `${'X=1\n'.repeat(5 * 1024 * 256)}HEDERA_NETWORK=mainnet\n`;
    const fs = new MemoryFs(new Map([['.env', big]]));
    const lines: string[] = [];
    const ws = new WorkspaceEvidence(fs, l => lines.push(l));
    const answer = inferNetwork({ configs: await ws.configsFor('a.ts') });
    await ws.configsFor('b.ts');
    assert.strictEqual(answer.network, 'testnet');
    assert.deepStrictEqual(answer.skipped, [
      { path: '.env', reason: '5.0 MB is over the 256 KB limit for a config file' },
    ]);
    assert.deepStrictEqual(fs.reads, []);
    assert.deepStrictEqual(lines, [
      'network inference: skipped .env: 5.0 MB is over the 256 KB limit for a config file',
    ]);
  });

  it('binary files, symbolic links and unreadable files are skipped with a reason', async () => {
    const fs = new MemoryFs(
      new Map<string, string | Uint8Array>([
        ['.env', new Uint8Array([0x48, 0x00, 0xff, 0xfe, 0x00])],
        ['foundry.toml', '[profile.default]\nchain_id = 295\n'],
        ['hardhat.config.ts', 'x'],
      ]),
    );
    fs.links.add('foundry.toml');
    fs.read = async (path: string) => {
      if (path === 'hardhat.config.ts') throw new Error('EACCES: permission denied');
      return MemoryFs.prototype.read.call(fs, path);
    };
    const ws = new WorkspaceEvidence(fs);
    const answer = inferNetwork({ configs: await ws.configsFor('src/a.ts') });
    assert.strictEqual(answer.network, 'testnet');
    assert.deepStrictEqual(answer.skipped, [
      { path: '.env', reason: 'binary (NUL bytes), not a text file' },
      { path: 'hardhat.config.ts', reason: 'cannot be read (EACCES: permission denied)' },
      { path: 'foundry.toml', reason: 'a symbolic link (it may point outside the workspace)' },
    ]);
  });

  it('refuses document paths that leave the folder', async () => {
    for (const p of ['../x.ts', '/etc/passwd', 'a/../../b.ts', 'C:/x.ts', 'a\\b.ts', '']) {
      assert.strictEqual(isInsideFolder(p), false, p);
    }
    const fs = new MemoryFs(new Map([['.env', 'HEDERA_NETWORK=mainnet']]));
    assert.deepStrictEqual(await new WorkspaceEvidence(fs).configsFor('../outside/a.ts'), []);
    assert.deepStrictEqual(fs.stats, []);
  });
});

describe('document evidence cache', () => {
  it('reads a document once per version, and not at all for other languages', () => {
    const cache = new DocumentEvidence();
    let reads = 0;
    const doc = (version: number, text: string, languageId = 'typescript') => ({
      uri: 'file:///w/a.ts',
      version,
      languageId,
      getText: () => {
        reads++;
        return text;
      },
    });
    assert.strictEqual(cache.of(doc(1, 'Client.forMainnet()'))?.network, 'mainnet');
    assert.strictEqual(cache.of(doc(1, 'Client.forMainnet()'))?.network, 'mainnet');
    assert.strictEqual(reads, 1);
    assert.strictEqual(cache.of(doc(2, 'Client.forTestnet()'))?.network, 'testnet');
    assert.strictEqual(reads, 2);
    assert.strictEqual(cache.of(doc(3, 'Client.forTestnet()', 'markdown')), undefined);
    assert.strictEqual(reads, 2);
  });
});
