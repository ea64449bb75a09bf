// The local replay as the extension ships it: build/extension-build.mjs writes the EVM into its own
// lazy file (dist/lazy-replay-engine.js) and the worker thread's entry (dist/replay-worker.js), which
// requires that file at run time. Built here in memory into a temporary dist/, the bundled worker
// replays a sample transaction from the test ground's mirror and is faithful; the startup file
// carries none of the EVM, and nothing the worker loads requires vscode.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { replayTransaction } from '../../../../src/debug/replay/host/replaySource';
import { createMirrorClient } from '../../../../src/mirror/client';
import { projectRoot } from '../../../support/paths';
import { replayFixtures } from '../../../support/replayFixtures';
import { startReplayMirror } from '../../../support/replayMirror';

interface BuiltFile {
  readonly path: string;
  readonly contents: string;
}

/** The files a file of dist/ requires, transitively (`./x.js` only). */
function requiredFrom(dist: string, start: string): string[] {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(path.join(dist, file), 'utf8');
    for (const m of text.matchAll(/require\("\.\/([^"]+\.js)"\)/g)) queue.push(m[1]);
  }
  return [...seen];
}

describe('local replay: the bundled worker (dist/replay-worker.js)', function () {
  this.timeout(180_000);

  it('replays a sample transaction from its own file and the lazy engine, without vscode, faithful', async () => {
    const root = projectRoot();
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- an ES module of the build, required at run time
    const build = require(path.join(root, 'build', 'extension-build.mjs')) as {
      buildExtension(o: { root: string; production: boolean }): Promise<{ files: BuiltFile[] }>;
    };
    const { files } = await build.buildExtension({ root, production: true });
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'll-replay-dist-'));
    const fixtures = await replayFixtures();
    const mirror = await startReplayMirror(fixtures);
    try {
      for (const f of files) fs.writeFileSync(path.join(dist, path.basename(f.path)), f.contents);
      const worker = fs.readFileSync(path.join(dist, 'replay-worker.js'), 'utf8');
      assert.ok(worker.includes('require("./lazy-replay-engine.js")'), 'the worker requires the lazy engine file');
      assert.ok(worker.length < 20_000, `the worker's own file is small: ${worker.length} bytes`);
      for (const file of requiredFrom(dist, 'replay-worker.js')) {
        assert.ok(
          !/require\("vscode"\)/.test(fs.readFileSync(path.join(dist, file), 'utf8')),
          `${file} requires vscode`,
        );
      }
      const startup = requiredFrom(dist, 'extension.js');
      assert.ok(!startup.includes('lazy-replay-engine.js'), 'startup does not load the engine');
      for (const file of startup)
        assert.ok(!/ethereumjs/i.test(fs.readFileSync(path.join(dist, file), 'utf8')), `${file} carries the EVM`);

      const scenario = fixtures.byName['withdrawViaProxyAboveBalance'];
      assert.ok(scenario, 'the sample withdrawal is in the test ground');
      const client = createMirrorClient({ baseUrl: mirror.url, maxRequestsPerSecond: 100_000, retries: 0 });
      const actions = (await client.listContractActions(scenario.transactionId, { limit: 100 })).actions;
      const threads: string[] = [];
      const answer = await replayTransaction(
        scenario.transactionId,
        {
          mirror: client,
          actions,
          network: fixtures.world.network,
          workerScript: path.join(dist, 'replay-worker.js'),
          onThread: (where, problem) => threads.push(problem ? `${where}: ${problem}` : where),
        },
        { memory: false, signal: new AbortController().signal },
      );
      assert.deepStrictEqual(threads, ['worker']);
      assert.strictEqual(answer.kind, 'replayed', answer.kind === 'unavailable' ? answer.why : '');
      assert.ok(
        answer.kind === 'replayed' && answer.verdict.faithful,
        JSON.stringify(answer.kind === 'replayed' ? answer.verdict : answer),
      );
      assert.strictEqual(answer.result.trace.length, scenario.opcodes?.opcodes.length);
    } finally {
      await mirror.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
