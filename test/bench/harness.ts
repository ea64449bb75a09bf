// The bench's shared tools: timing helpers and the row format every section reports.
// A section is a module `test/bench/<name>.bench.ts` exporting `run(): Promise<BenchRow[]>`;
// index.ts finds and runs them all (or those named on the command line) and prints one table.

export interface BenchRow {
  /** The figure, e.g. "cold getAccount / raw undici.request (20 ms latency)". */
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** Human-readable goal, e.g. "≤ 1.05". */
  readonly goal?: string;
  /** Whether the goal is met (undefined when the row has no goal). */
  readonly pass?: boolean;
  /** Detail shown under the table (sample counts, raw timings). */
  readonly note?: string;
}

export interface Stats {
  readonly samples: number;
  readonly median: number;
  readonly mean: number;
  readonly p10: number;
  readonly p90: number;
}

export function stats(values: readonly number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    samples: sorted.length,
    median: at(0.5),
    mean: sorted.reduce((s, v) => s + v, 0) / sorted.length,
    p10: at(0.1),
    p90: at(0.9),
  };
}

export function now(): number {
  return performance.now();
}

/**
 * This process's CPU time (user + system) in milliseconds. For CPU-bound work on a shared,
 * loaded machine it measures the work rather than the scheduler's queue.
 */
export function cpuNow(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export type Clock = 'wall' | 'cpu';

/**
 * Times `fn` (sync or async) `iterations` times after `warmup` untimed calls; each sample is one
 * call in milliseconds.
 */
export async function benchmark(
  _name: string,
  fn: () => unknown,
  { iterations = 100, warmup = 10 }: { iterations?: number; warmup?: number } = {},
): Promise<Stats> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = now();
    await fn();
    samples.push(now() - t0);
  }
  return stats(samples);
}

/**
 * Per-call time of a fast function, from `batches` batches of `batchSize` calls (the timer's
 * resolution would swamp a single call). Returns milliseconds per call.
 */
export async function perCall(
  fn: () => unknown,
  {
    batches = 30,
    batchSize = 1000,
    warmupBatches = 3,
  }: { batches?: number; batchSize?: number; warmupBatches?: number } = {},
): Promise<Stats> {
  const samples: number[] = [];
  for (let b = 0; b < batches + warmupBatches; b++) {
    const t0 = now();
    for (let i = 0; i < batchSize; i++) await fn();
    const per = (now() - t0) / batchSize;
    if (b >= warmupBatches) samples.push(per);
  }
  return stats(samples);
}

/**
 * Times two functions alternately (A B, B A, A B, ...) so drift in the machine's load hits both
 * alike; returns both sample sets in milliseconds.
 */
export async function interleaved(
  a: () => unknown,
  b: () => unknown,
  { iterations = 100, warmup = 10, clock = 'wall' }: { iterations?: number; warmup?: number; clock?: Clock } = {},
): Promise<{ a: Stats; b: Stats; ratios: Stats }> {
  const read = clock === 'cpu' ? cpuNow : now;
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const sa: number[] = [];
  const sb: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const order = i % 2 === 0 ? [a, b] : [b, a];
    const times: number[] = [];
    for (const fn of order) {
      const t0 = read();
      await fn();
      times.push(read() - t0);
    }
    const [ta, tb] = i % 2 === 0 ? [times[0], times[1]] : [times[1], times[0]];
    sa.push(ta);
    sb.push(tb);
    ratios.push(ta / tb);
  }
  return { a: stats(sa), b: stats(sb), ratios: stats(ratios) };
}

/** Resolves after `ms` milliseconds. */
export const pause = (ms: number): Promise<void> => new Promise(resolve => setTimeout(resolve, ms));

/**
 * Starts a probe that runs on every turn of the event loop; the function it returns stops it and
 * says the longest the thread went without a turn meanwhile (milliseconds).
 */
export function startProbe(): () => number {
  let last = performance.now();
  let longest = 0;
  let running = true;
  const tick = () => {
    const t = performance.now();
    longest = Math.max(longest, t - last);
    last = t;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return () => {
    running = false;
    return longest;
  };
}

/**
 * The longest gap the probe sees with nothing to do for `ms` (as long as a run takes), the median
 * of `runs` tries: the machine's own noise.
 */
export async function idleLongestTurn(ms: number, runs: number): Promise<number> {
  const longest: number[] = [];
  for (let run = 0; run < runs; run++) {
    const stop = startProbe();
    await pause(ms);
    longest.push(stop());
  }
  return stats(longest).median;
}

export function fmt(value: number, digits = 3): string {
  if (value === 0) return '0';
  if (Math.abs(value) >= 100) return value.toFixed(0);
  return value.toPrecision(digits);
}
