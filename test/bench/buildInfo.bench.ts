// `npm run bench` section for the compiler-output index: a 50 MB Hardhat build-info (the sample
// compilation padded with a large legacyAssembly and large ASTs, written to os.tmpdir()) indexed by
// the worker thread: how long it takes, the worker's peak heap, the process's peak resident set
// growth, and the longest the extension host's event loop waited meanwhile (goal < 50 ms); then the
// first revert site (which reads the contract's detail from the 50 MB file) and a repeated one.
import * as path from 'path';
import { monitorEventLoopDelay } from 'perf_hooks';
import type { BenchRow } from './harness';
import { SourceIndex } from '../../src/source/sourceIndex';
import type { RevertToFind } from '../../src/source/types';
import {
  TempWorkspace,
  WORKER_SCRIPT,
  compile,
  deployedOf,
  onChain,
  writeLargeBuildInfo,
} from '../unit/source/buildInfoFixtures';

const MB = 1024 * 1024;
const SIZE = 50 * MB;
const REVERT: RevertToFind = { kind: 'custom', name: 'InsufficientBalance', selector: '0xcf479181' };
const WITHDRAW = '0x2e1a7d4d';

export async function run(): Promise<BenchRow[]> {
  const compiled = compile();
  const ws = new TempWorkspace();
  const index = new SourceIndex({ workerPath: WORKER_SCRIPT });
  try {
    writeLargeBuildInfo(path.join(ws.root, 'large.json'), SIZE, compiled);
    await index.update([]); // the worker thread starts with its first request: not counted
    const rssBefore = process.resourceUsage().maxRSS * 1024;
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const t0 = performance.now();
    const report = await index.update([ws.file('large.json')]);
    const indexMs = performance.now() - t0;
    delay.disable();
    const stallMs = delay.max / 1e6;
    const stats = await index.workerStats();
    const rssGrowth = process.resourceUsage().maxRSS * 1024 - rssBefore;
    const ref = index.findByCode(onChain(deployedOf(compiled, 'contracts/Vault.sol', 'Vault')));
    if (ref === undefined || report.contracts !== 3)
      throw new Error(`the large build-info was not indexed: ${JSON.stringify(report)}`);
    const t1 = performance.now();
    const first = await index.sites(ref, WITHDRAW, REVERT);
    const firstMs = performance.now() - t1;
    const repeats = 200;
    const t2 = performance.now();
    for (let i = 0; i < repeats; i++) await index.sites(ref, WITHDRAW, REVERT);
    const againMs = (performance.now() - t2) / repeats;
    return [
      {
        name: 'index a 50 MB build-info in the worker thread',
        value: Math.round(indexMs),
        unit: 'ms',
        note: `${((SIZE / MB / indexMs) * 1000).toFixed(0)} MB/s; ${report.contracts} contracts`,
      },
      {
        name: '  worker heap, peak while indexing',
        value: Math.round(((stats?.peakHeapUsed ?? NaN) / MB) * 10) / 10,
        unit: 'MB',
        note: `process peak resident set grew by ${Math.round(rssGrowth / MB)} MB (all threads)`,
      },
      {
        name: '  longest wait of the extension host event loop meanwhile',
        value: Math.round(stallMs * 10) / 10,
        unit: 'ms',
        goal: '< 50',
        pass: stallMs < 50,
      },
      {
        name: 'first revert site (reads the detail from the 50 MB file)',
        value: Math.round(firstMs),
        unit: 'ms',
        note: `answer: ${first.kind}`,
      },
      {
        name: 'revert site again (detail held by the worker), per call',
        value: Math.round(againMs * 1000) / 1000,
        unit: 'ms',
        goal: '≤ 1',
        pass: againMs <= 1,
        note: 'round trip to the worker included',
      },
    ];
  } finally {
    index.dispose();
    ws.remove();
  }
}
