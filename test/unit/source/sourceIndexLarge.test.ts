// A build-info of 200 MB (the real compilation, padded with a large legacyAssembly and large ASTs,
// written to os.tmpdir()) is indexed with bounded memory: the extension host's heap does not grow
// with the file's size (25 MB vs 200 MB), the worker's heap peak stays flat under a 64 MB old-space
// limit (a reader that held the file would die there), and its site is still found.
import * as assert from 'assert';
import * as path from 'path';
import { getHeapStatistics } from 'v8';
import { SourceIndex } from '../../../src/source/sourceIndex';
import type { SourceIndexReport } from '../../../src/source/api';
import type { WorkerStats } from '../../../src/source/workerProtocol';
import {
  TempWorkspace,
  WORKER_SCRIPT,
  compile,
  deployedOf,
  onChain,
  writeLargeBuildInfo,
  type Compiled,
} from './buildInfoFixtures';

const MB = 1024 * 1024;

interface Measured {
  readonly report: SourceIndexReport;
  /** The host's heap growth over the indexing (peak of samples every 5 ms), bytes. */
  readonly hostGrowth: number;
  readonly worker: WorkerStats;
  /** The process's peak resident set growth over the indexing, bytes. */
  readonly rssGrowth: number;
  readonly site: string;
}

async function indexAndMeasure(ws: TempWorkspace, file: string, compiled: Compiled): Promise<Measured> {
  const index = new SourceIndex({ workerPath: WORKER_SCRIPT, resourceLimits: { maxOldGenerationSizeMb: 64 } });
  try {
    await index.update([]);
    const rssBefore = process.resourceUsage().maxRSS * 1024;
    const base = getHeapStatistics().used_heap_size;
    let peak = base;
    const timer = setInterval(() => (peak = Math.max(peak, getHeapStatistics().used_heap_size)), 5);
    const report = await index.update([ws.file(file)]);
    clearInterval(timer);
    const worker = await index.workerStats();
    assert.ok(worker, 'the worker answers');
    const ref = index.findByCode(onChain(deployedOf(compiled, 'contracts/Vault.sol', 'Vault')));
    assert.ok(ref, 'Vault is found in the large build-info');
    const answer = await index.sites(ref, '0x2e1a7d4d', {
      kind: 'custom',
      name: 'InsufficientBalance',
      selector: '0xcf479181',
    });
    const site = answer.kind === 'inferred' ? `${answer.sites[0]?.sourceName}:${answer.sites[0]?.line}` : answer.kind;
    const rssGrowth = process.resourceUsage().maxRSS * 1024 - rssBefore;
    return { report, hostGrowth: peak - base, worker, rssGrowth, site };
  } finally {
    index.dispose();
  }
}

describe('SourceIndex: a 200 MB build-info in bounded memory', function () {
  this.timeout(300_000);
  let ws: TempWorkspace;
  let compiled: Compiled;

  before(() => {
    compiled = compile();
    ws = new TempWorkspace();
    writeLargeBuildInfo(path.join(ws.root, 'n.json'), 25 * MB, compiled);
    writeLargeBuildInfo(path.join(ws.root, '8n.json'), 200 * MB, compiled);
  });
  after(() => ws?.remove());

  it('indexes 25 MB and 200 MB alike: the host heap and the worker heap do not grow with the size', async () => {
    const small = await indexAndMeasure(ws, 'n.json', compiled);
    const large = await indexAndMeasure(ws, '8n.json', compiled);
    const figures = JSON.stringify({ small, large });
    for (const m of [small, large]) {
      assert.deepStrictEqual(m.report, { files: 1, contracts: 3, skipped: [] }, figures);
      assert.strictEqual(m.site, 'contracts/Vault.sol:23', figures);
    }
    assert.ok(large.hostGrowth <= small.hostGrowth + 8 * MB, `host heap: ${figures}`);
    assert.ok(large.worker.peakHeapUsed <= small.worker.peakHeapUsed * 1.5 + 8 * MB, `worker heap: ${figures}`);
    // The whole process's peak resident set grows by far less than the file it read.
    assert.ok(large.rssGrowth < 128 * MB, `resident set: ${figures}`);
  });
});
