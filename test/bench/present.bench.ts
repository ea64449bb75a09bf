// Figures for the core: (a) RSS growth over 100,000 distinct lookups against a fast
// loopback server, with the response cache bounded (500 entries, 32 MiB of bodies); (b) the cost
// of formatting 1,000 token amounts (bigint, any decimals, with a symbol). Loopback port 18290.
import { execFile } from 'child_process';
import * as http from 'http';
import * as path from 'path';
import { promisify } from 'util';
import { createMirrorClient } from '../../src/mirror';
import { formatTokenAmount } from '../../src/present';
import { recorded } from '../unit/mirror/helpers';
import { fmt, perCall, type BenchRow } from './harness';

const PORT = 18290;
const LOOKUPS = 100_000;
const RSS_CEILING_MIB = 96;

function transactionBody(): string {
  return recorded()
    .filter(r => r.endpoint === 'transactions/{id}' && r.status === 200)
    .reduce((a, b) => (b.bodyText.length > a.bodyText.length ? b : a)).bodyText;
}

export async function rssGrowth(): Promise<BenchRow> {
  const body = transactionBody();
  let requests = 0;
  const server = http.createServer((_req, res) => {
    requests++;
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'public, max-age=600',
    });
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>(resolve => server.listen(PORT, '127.0.0.1', resolve));
  const client = createMirrorClient({ baseUrl: `http://127.0.0.1:${PORT}`, maxRequestsPerSecond: 1_000_000 });
  const gc = (globalThis as { gc?: () => void }).gc;
  try {
    // Warm up (connections, code paths) before the baseline.
    for (let i = 0; i < 2000; i++) await client.getTransaction(`0.0.2-1600000000-${i}`);
    gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    let next = 0;
    const t0 = Date.now();
    const worker = async () => {
      while (next < LOOKUPS) {
        const i = next++;
        await client.getTransaction(`0.0.${1000 + (i % 5000)}-1700000000-${i}`);
        if (i % 5000 === 0) peak = Math.max(peak, process.memoryUsage().rss);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    gc?.();
    const after = process.memoryUsage().rss;
    peak = Math.max(peak, after);
    const growth = (peak - before) / 1024 / 1024;
    return {
      name: `(a) RSS growth over ${LOOKUPS.toLocaleString('en-US')} distinct lookups (cache: 500 entries, 32 MiB)`,
      value: growth,
      unit: 'MiB',
      goal: `≤ ${RSS_CEILING_MIB}`,
      pass: growth <= RSS_CEILING_MIB,
      note: `peak RSS growth; ${requests} requests in ${fmt((Date.now() - t0) / 1000)} s, body ${body.length} B, end growth ${fmt((after - before) / 1024 / 1024)} MiB${gc ? ' after gc' : ' (no --expose-gc)'}`,
    };
  } finally {
    client.dispose();
    server.closeAllConnections();
    await new Promise<void>(resolve => server.close(() => resolve()));
  }
}

async function formatting(): Promise<BenchRow> {
  const amounts = Array.from(
    { length: 1000 },
    (_, i) => (9_223_372_036_854_775_807n - BigInt(i * 7919)) * (i % 3 === 0 ? -1n : 1n),
  );
  const decimals = [0, 1, 6, 8, 18, 30];
  const s = await perCall(
    () => {
      for (let i = 0; i < 1000; i++) formatTokenAmount(amounts[i], decimals[i % decimals.length], { symbol: 'USDC' });
    },
    { batches: 30, batchSize: 5, warmupBatches: 5 },
  );
  return {
    name: '(b) format 1,000 token amounts (int64-sized, decimals 0..30, with a symbol)',
    value: s.median,
    unit: 'ms',
    goal: '≤ 1',
    pass: s.median <= 1,
    note: `median of ${s.samples} batches; ${fmt((s.median / 1000) * 1000)} µs per amount`,
  };
}

/**
 * (a) in a fresh Node process with --expose-gc (test/bench/rssChild.ts): in the bench's own process
 * the heap the sections before it grew (V8 keeps it) made the same lookups read 198 MiB instead of
 * 45 MiB. A fresh process measures the lookups alone, with a gc before and after.
 */
async function rssGrowthInFreshProcess(): Promise<BenchRow> {
  const child = path.join(__dirname, 'rssChild.js');
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', child], {
    timeout: 300_000,
    maxBuffer: 1024 * 1024,
  });
  const row = JSON.parse(stdout.trim().split('\n').pop() ?? '') as BenchRow;
  return { ...row, note: `${row.note ?? ''}; a fresh node --expose-gc process` };
}

export async function run(): Promise<BenchRow[]> {
  return [await formatting(), await rssGrowthInFreshProcess()];
}
