// The worker as the extension ships it: build/extension-build.mjs bundles src/source/worker.ts as
// dist/source-worker.js (CommonJS, on its own), which reaches viem through dist/lazy-viem.js at run
// time. Built here in memory into a temporary dist/, it indexes real compiler output and answers a
// revert site, as the tsc output's worker does.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { SourceIndex } from '../../../src/source/sourceIndex';
import { projectRoot } from '../../support/paths';
import { TempWorkspace, compile, deployedOf, onChain, writeHardhat2 } from './buildInfoFixtures';

interface OutputFile {
  readonly path: string;
  readonly text: string;
}
interface BuildOptions {
  readonly workers: Record<string, unknown>;
  readonly isolated: Record<string, unknown>;
}
interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ outputFiles: OutputFile[] }>;
}

describe('SourceIndex: the bundled worker (dist/source-worker.js)', function () {
  this.timeout(120_000);

  it('is built on its own, reaches viem through lazy-viem.js, and answers', async () => {
    const root = projectRoot();
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- an ES module of the build, required at run time
    const build = require(path.join(root, 'build', 'extension-build.mjs')) as {
      WORKERS: Record<string, string>;
      extensionOptions(o: { root: string; production: boolean }): BuildOptions;
    };
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's own bundler
    const esbuild = require('esbuild') as Esbuild;
    // The other workers: the deployment records' reader (test/unit/deploy/workerBundle.test.ts) and
    // the local replay's (test/unit/debug/replay/replayBundle.test.ts).
    assert.deepStrictEqual(build.WORKERS, {
      'src/source/worker.ts': 'source-worker',
      'src/deploy/worker.ts': 'deploy-worker',
      'src/debug/replay/worker.ts': 'replay-worker',
    });
    const options = build.extensionOptions({ root, production: true });
    const [workers, isolated] = await Promise.all([esbuild.build(options.workers), esbuild.build(options.isolated)]);
    assert.deepStrictEqual(workers.outputFiles.map(f => path.basename(f.path)).sort(), [
      'deploy-worker.js',
      'replay-worker.js',
      'source-worker.js',
    ]);
    const worker = workers.outputFiles.find(f => path.basename(f.path) === 'source-worker.js')?.text ?? '';
    assert.ok(worker.includes('require("./lazy-viem.js")'), 'viem stays in its own file');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'll-worker-dist-'));
    const ws = new TempWorkspace();
    const index = new SourceIndex({ workerPath: path.join(dist, 'source-worker.js') });
    try {
      for (const f of [...workers.outputFiles, ...isolated.outputFiles])
        fs.writeFileSync(path.join(dist, path.basename(f.path)), f.text);
      const compiled = compile();
      const file = writeHardhat2(ws, compiled);
      assert.strictEqual((await index.update([ws.file(file)])).contracts, 3);
      const ref = index.findByCode(onChain(deployedOf(compiled, 'contracts/Vault.sol', 'Vault')));
      assert.ok(ref);
      const answer = await index.sites(ref, '0x2e1a7d4d', {
        kind: 'custom',
        name: 'InsufficientBalance',
        selector: '0xcf479181',
      });
      assert.ok(answer.kind === 'inferred' && answer.sites[0]?.line === 23, JSON.stringify(answer));
    } finally {
      index.dispose();
      ws.remove();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
