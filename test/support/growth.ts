// Complexity, not speed: a test that must catch a quadratic or exponential regression compares the
// cost of the same work at size n and at size 8n, in this process's CPU time, in one test. A linear
// algorithm costs ~8× more at 8n, n log n ~9-10×, a quadratic one ~64×, a backtracking regex far
// more. The ratio holds on a loaded machine, where an absolute budget near the median does not:
// both sizes are slowed alike, and each size is timed as the fastest of several runs (a collection
// or a cold JIT is not the algorithm).
import * as assert from 'assert';
import { cpuNow } from './cpuTime';

/** How much dearer 8n may be than n: well above linear (8) and n log n, far below quadratic (64). */
export const MAX_GROWTH_8X = 24;

/**
 * CPU milliseconds of one run of `work`, the fastest of `tries`. Cheap work is repeated until a
 * sample takes at least `minSampleMs`, so the timer's resolution does not decide the ratio.
 */
export function cpuPerRun(work: () => unknown, tries = 3, minSampleMs = 4): number {
  let repeat = 1;
  // Find how many runs make one sample long enough to measure.
  for (;;) {
    const t0 = cpuNow();
    for (let i = 0; i < repeat; i++) work();
    const took = cpuNow() - t0;
    if (took >= minSampleMs || repeat >= 1 << 16) break;
    repeat *= took <= 0 ? 16 : Math.min(16, Math.ceil((minSampleMs * 1.5) / took));
  }
  let best = Infinity;
  for (let attempt = 0; attempt < tries; attempt++) {
    const t0 = cpuNow();
    for (let i = 0; i < repeat; i++) work();
    best = Math.min(best, (cpuNow() - t0) / repeat);
  }
  return best;
}

export interface GrowthOptions {
  /** The larger size is `factor` × n (8 unless said). */
  readonly factor?: number;
  /** The most the larger size may cost, as a multiple of the smaller's (MAX_GROWTH_8X unless said). */
  readonly maxRatio?: number;
  /** Fastest of how many runs per size (3 unless said). */
  readonly tries?: number;
}

export interface Growth {
  readonly small: number;
  readonly large: number;
  readonly ratio: number;
}

/**
 * Measures `run(make(n))` and `run(make(factor × n))` and fails when the larger costs more than
 * `maxRatio` times the smaller. The inputs are made outside the timed part. A ratio over the limit
 * is measured once more before the test fails (both sizes again), so one unlucky sample on a busy
 * machine does not decide it; a real quadratic is over the limit every time.
 */
export function assertGrowth<T>(
  what: string,
  make: (n: number) => T,
  run: (input: T) => unknown,
  n: number,
  options: GrowthOptions = {},
): Growth {
  const { factor, maxRatio, tries } = settled(options);
  const smallInput = make(n);
  const largeInput = make(n * factor);
  let growth: Growth = { small: 0, large: 0, ratio: Infinity };
  for (let attempt = 0; attempt < 2 && growth.ratio > maxRatio; attempt++) {
    growth = growthOf(
      cpuPerRun(() => run(smallInput), tries),
      cpuPerRun(() => run(largeInput), tries, 0),
    );
  }
  return judged(what, n, factor, maxRatio, growth);
}

function settled(options: GrowthOptions): Required<GrowthOptions> {
  return { factor: options.factor ?? 8, maxRatio: options.maxRatio ?? MAX_GROWTH_8X, tries: options.tries ?? 3 };
}

/** A floor of 0.05 ms on the small side: below it the ratio says more about the timer than the code. */
function growthOf(small: number, large: number): Growth {
  return { small, large, ratio: large / Math.max(small, 0.05) };
}

function judged(what: string, n: number, factor: number, maxRatio: number, growth: Growth): Growth {
  assert.ok(
    growth.ratio <= maxRatio,
    `${what}: ${factor}× the input cost ${growth.ratio.toFixed(1)}× the CPU time ` +
      `(${growth.small.toFixed(2)} ms at n=${n}, ${growth.large.toFixed(2)} ms at n=${n * factor}; ` +
      `at most ${maxRatio}× allowed)`,
  );
  return growth;
}

/**
 * CPU milliseconds of one run of async `work` (a request, a sliced task), the fastest of `tries`.
 * Process CPU time counts every thread, so work done in libuv's pool (zlib, fs) is in it too.
 * Each run is awaited alone: async work is not repeated to lengthen a sample, so it should take a
 * few milliseconds at least.
 */
export async function cpuPerRunAsync(work: () => Promise<unknown>, tries = 3): Promise<number> {
  let best = Infinity;
  for (let attempt = 0; attempt < tries; attempt++) {
    const t0 = cpuNow();
    await work();
    best = Math.min(best, cpuNow() - t0);
  }
  return best;
}

/** assertGrowth for async work: `run(make(n))` against `run(make(factor × n))`, each awaited. */
export async function assertGrowthAsync<T>(
  what: string,
  make: (n: number) => T,
  run: (input: T) => Promise<unknown>,
  n: number,
  options: GrowthOptions = {},
): Promise<Growth> {
  const { factor, maxRatio, tries } = settled(options);
  const smallInput = make(n);
  const largeInput = make(n * factor);
  let growth: Growth = { small: 0, large: 0, ratio: Infinity };
  for (let attempt = 0; attempt < 2 && growth.ratio > maxRatio; attempt++) {
    const small = await cpuPerRunAsync(() => run(smallInput), tries);
    growth = growthOf(small, await cpuPerRunAsync(() => run(largeInput), tries));
  }
  return judged(what, n, factor, maxRatio, growth);
}
