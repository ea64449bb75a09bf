// The worker as the extension ships it: build/extension-build.mjs bundles src/deploy/worker.ts as
// dist/deploy-worker.js (CommonJS, on its own). Built here in memory into a temporary dist/, it
// reads the sample workspaces' records as the tsc output's worker does.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DeploymentFinder } from '../../../src/deploy';
import { projectRoot } from '../../support/paths';
import { SAMPLE_RECORDS, diskAccess, sampleRoot } from './fixtures';

interface OutputFile {
  readonly path: string;
  readonly text: string;
}
interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ outputFiles: OutputFile[] }>;
}

describe('DeploymentFinder: the bundled worker (dist/deploy-worker.js)', function () {
  this.timeout(120_000);

  it('is built on its own, without vscode, and reads the sample records', async () => {
    const root = projectRoot();
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- an ES module of the build, required at run time
    const build = require(path.join(root, 'build', 'extension-build.mjs')) as {
      WORKERS: Record<string, string>;
      extensionOptions(o: { root: string; production: boolean }): { workers: Record<string, unknown> };
    };
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's own bundler
    const esbuild = require('esbuild') as Esbuild;
    assert.strictEqual(build.WORKERS['src/deploy/worker.ts'], 'deploy-worker');
    const { outputFiles } = await esbuild.build(build.extensionOptions({ root, production: true }).workers);
    const bundle = outputFiles.find(f => path.basename(f.path) === 'deploy-worker.js');
    assert.ok(bundle, outputFiles.map(f => f.path).join(', '));
    assert.ok(!/require\("vscode"\)/.test(bundle.text), 'no vscode in a worker');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'll-deploy-dist-'));
    const workerAccess = diskAccess(sampleRoot());
    const finder = new DeploymentFinder({ ...workerAccess, workerScript: path.join(dist, 'deploy-worker.js') });
    try {
      fs.writeFileSync(path.join(dist, 'deploy-worker.js'), bundle.text);
      const files = SAMPLE_RECORDS.map(file => ({ file, fsPath: path.join(sampleRoot(), file) }));
      const access = diskAccess(sampleRoot());
      const inThread = await new DeploymentFinder(access).discover(files);
      const result = await finder.discover(files);
      assert.deepStrictEqual(result, inThread);
      assert.strictEqual(result.deployments.length, 4);
      assert.deepStrictEqual(workerAccess.reads, [], 'the worker read the files, not the host thread');
    } finally {
      finder.dispose();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
