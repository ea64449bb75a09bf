// The DeploymentFinder: the same answer in the extension host's thread and in the worker, a
// thread that yields while it reads, a worker that cannot start or is not given the files, and
// a discovery cancelled halfway.
import * as assert from 'assert';
import * as path from 'path';
import { DeploymentFinder } from '../../../src/deploy';
import { NODE_PLATFORM, WEB_PLATFORM, usePlatform } from '../../../src/util/platform';
import {
  SAMPLE_HARDHAT_DEPLOY,
  TempWorkspace,
  WORKER_SCRIPT,
  diskAccess,
  longZero,
  sampleJson,
  writeSyntheticWorkspace,
  type SyntheticSizes,
} from './fixtures';

const SMALL: SyntheticSizes = {
  hardhatDeploy: 6,
  largeHardhatDeploy: 1,
  ignition: 4,
  futuresPerIgnition: 3,
  foundry: 4,
  createsPerBroadcast: 2,
  artifacts: 50,
};

/** Counts the turns of the event loop until stopped. */
function turnCounter(): () => number {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return () => {
    running = false;
    return turns;
  };
}

describe('DeploymentFinder', function () {
  this.timeout(60_000);
  let ws: TempWorkspace;
  before(() => (ws = new TempWorkspace()));
  after(() => ws.remove());

  it('reads a workspace of records the same way in the host thread and in the worker', async () => {
    const workspace = writeSyntheticWorkspace(ws, SMALL);
    const inThread = new DeploymentFinder(diskAccess(ws.root));
    const workerAccess = diskAccess(ws.root);
    const inWorker = new DeploymentFinder({ ...workerAccess, workerScript: WORKER_SCRIPT });
    try {
      const a = await inThread.discover(workspace.files);
      const b = await inWorker.discover([...workspace.files].reverse());
      assert.deepStrictEqual(a.problems, []);
      assert.strictEqual(a.deployments.length, workspace.deployments);
      assert.deepStrictEqual(b, a);
      assert.deepStrictEqual(workerAccess.reads, [], 'the worker read them');
      const files = a.deployments.map(d => d.source.file);
      assert.deepStrictEqual(files, [...files].sort(), 'in file order');
    } finally {
      inWorker.dispose();
    }
  });

  it('yields to the event loop while it reads a large record in the host thread', async () => {
    const record = sampleJson(SAMPLE_HARDHAT_DEPLOY);
    const large = JSON.stringify({ ...record, history: Array.from({ length: 160 }, () => record) });
    assert.ok(large.length > 6_000_000, `${large.length} bytes`);
    const bytes = new TextEncoder().encode(large);
    // The bytes are there at once (no I/O to wait for): every turn the counter sees is one the finder gave.
    const finder = new DeploymentFinder({
      readFile: async f => (f.endsWith('.chainId') ? new TextEncoder().encode('296') : bytes),
    });
    const stop = turnCounter();
    const started = performance.now();
    const result = await finder.discover([{ file: 'deployments/testnet/Big.json' }]);
    const elapsed = performance.now() - started;
    const turns = stop();
    assert.deepStrictEqual(result.problems, []);
    assert.strictEqual(result.deployments[0].address, longZero(1006));
    // The host's thread is never held ~50 ms: a turn in every 50 ms the reading took, and one at
    // least (a fast machine reads it all in a few of the finder's 8 ms turns).
    const owed = Math.max(1, Math.floor(elapsed / 50));
    assert.ok(
      turns >= owed,
      `the event loop turned ${turns} times in the ${elapsed.toFixed(0)} ms ${large.length} bytes were read`,
    );
  });

  it('a worker that cannot start: the records are read in the host thread, then and after', async () => {
    const workspace = writeSyntheticWorkspace(ws, { ...SMALL, largeHardhatDeploy: 0 });
    const finder = new DeploymentFinder({
      ...diskAccess(ws.root),
      workerScript: path.join(ws.root, 'no-such-worker.js'),
    });
    try {
      const first = await finder.discover(workspace.files);
      const second = await finder.discover(workspace.files);
      assert.strictEqual(first.deployments.length, workspace.deployments);
      assert.deepStrictEqual(second, first);
    } finally {
      finder.dispose();
    }
  });

  it('in a browser (no worker threads) the worker script is not tried: every record is read in the host thread', async () => {
    const workspace = writeSyntheticWorkspace(ws, { ...SMALL, largeHardhatDeploy: 0 });
    const referenceAccess = diskAccess(ws.root);
    const reference = await new DeploymentFinder(referenceAccess).discover(workspace.files);
    const access = diskAccess(ws.root);
    usePlatform(WEB_PLATFORM);
    let finder: DeploymentFinder | undefined;
    try {
      // The real script, which starts in Node: the reads prove the host thread did the work.
      finder = new DeploymentFinder({ ...access, workerScript: WORKER_SCRIPT });
      const result = await finder.discover(workspace.files);
      assert.deepStrictEqual(result, reference);
      // Read here as a finder without a worker reads them: the listed files and the artifacts they name.
      assert.deepStrictEqual(access.reads.sort(), referenceAccess.reads.sort(), 'every file read here');
      for (const f of workspace.files) assert.ok(access.reads.includes(f.fsPath ?? f.file), f.file);
    } finally {
      finder?.dispose();
      usePlatform(NODE_PLATFORM);
    }
  });

  it('files with no path on disk are read in the host thread, the others in the worker', async () => {
    const workspace = writeSyntheticWorkspace(ws, SMALL);
    const access = diskAccess(ws.root);
    const finder = new DeploymentFinder({ ...access, workerScript: WORKER_SCRIPT });
    try {
      const virtual = workspace.files.filter(f => f.file.includes('/broadcast/')).map(f => ({ file: f.file }));
      const onDisk = workspace.files.filter(f => !f.file.includes('/broadcast/'));
      const result = await finder.discover([...virtual, ...onDisk]);
      assert.deepStrictEqual(result.problems, []);
      assert.strictEqual(result.deployments.length, workspace.deployments);
      assert.deepStrictEqual(access.reads.sort(), virtual.map(f => f.file).sort(), 'only the files with no fsPath');
    } finally {
      finder.dispose();
    }
  });

  for (const workerScript of [undefined, WORKER_SCRIPT]) {
    it(`a discovery cancelled halfway rejects with the reason (${workerScript ? 'worker' : 'host thread'})`, async () => {
      const workspace = writeSyntheticWorkspace(ws, SMALL);
      const access = diskAccess(ws.root);
      const controller = new AbortController();
      const finder = new DeploymentFinder({
        readFile: async f => {
          if (access.reads.length === 3) controller.abort(new Error('the view was closed'));
          return access.readFile(f);
        },
        ...(workerScript ? { workerScript } : {}),
      });
      try {
        const files = workerScript ? workspace.files : workspace.files.map(f => ({ file: f.file }));
        if (workerScript) setTimeout(() => controller.abort(new Error('the view was closed')), 0);
        await assert.rejects(finder.discover(files, controller.signal), /the view was closed/);
        const again = await finder.discover(files);
        assert.strictEqual(again.deployments.length, workspace.deployments, 'the next discovery is whole');
      } finally {
        finder.dispose();
      }
    });
  }

  it('an aborted signal rejects before anything is read', async () => {
    const reads: string[] = [];
    const finder = new DeploymentFinder({ readFile: async f => (reads.push(f), new Uint8Array()) });
    await assert.rejects(
      finder.discover([{ file: 'deployments/testnet/A.json' }], AbortSignal.abort(new Error('stop'))),
      /stop/,
    );
    assert.deepStrictEqual(reads, []);
  });
});
