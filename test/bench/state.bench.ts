// `npm run bench` section for decoding contract state: 1,000 storage slots decoded with Crowdfund's
// storage layout (from the sample's build-info) as `/contracts/{id}/state` would give them — its
// fixed variables, a dynamic array of pledges (two slots each), an address array, and a mapping
// whose keys are found among the addresses the array holds — the median of runs in this process's
// CPU time (goal ≤ 5 ms): a first decoding (the hashes remembered forgotten before each run), and
// one again (a state read page by page, or a second moment: the mapping entries' hashes recur);
// then the first decoding at 1/8 and 8 times the size, for the growth.
import { keccak256 } from 'viem';
import { decodeState, forgetHashes } from '../../src/source/stateDecode';
import type { StorageLayout } from '../../src/source/debugTypes';
import { MAX_GROWTH_8X } from '../support/growth';
import { crowdfundLayout } from '../unit/source/stateDecodeFixtures';
import { cpuNow, fmt, stats, type BenchRow } from './harness';

const RUNS = 25;
const WARMUP = 5;

const word = (n: bigint): string => `0x${n.toString(16).padStart(64, '0')}`;
const dataOf = (slot: bigint): bigint => BigInt(keccak256(word(slot) as `0x${string}`));

/** Crowdfund's state with `backers` backers, each with one pledge and an entry in `pledged`: 4 slots each, plus the fixed ones. */
export function crowdfundState(backers: number): Map<string, string> {
  const slots = new Map<string, string>();
  const set = (slot: bigint, value: bigint) => slots.set(word(slot), word(value));
  set(0n, (1_800_000_000n << 176n) | 0x3e9n); // owner, stage, paused, deadline
  set(1n, (3n << 128n) | ((1n << 128n) - 12_345n)); // adjustment, rounds
  set(2n, 5_000_000n * 10n ** 18n); // goal
  set(3n, BigInt(backers) * 10n ** 18n); // raised
  set(6n, (BigInt('0x536f6c617220726f6f66') << 176n) | 20n); // title "Solar roof"
  set(15n, BigInt(backers)); // pledges.length
  set(16n, BigInt(backers)); // backers.length
  const [pledges, list] = [dataOf(15n), dataOf(16n)];
  for (let i = 0n; i < BigInt(backers); i++) {
    const backer = 0x10000n + i;
    const amount = (i + 1n) * 10n ** 18n;
    set(pledges + 2n * i, (amount << 160n) | backer);
    set(pledges + 2n * i + 1n, 3n);
    set(list + i, backer);
    set(BigInt(keccak256(`0x${word(backer).slice(2)}${word(17n).slice(2)}`)), amount);
  }
  return slots;
}

function medianCpu(
  layout: StorageLayout,
  slots: ReadonlyMap<string, string>,
  first: boolean,
): { median: number; p90: number; entries: number } {
  let entries = 0;
  const samples: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run++) {
    if (first) forgetHashes();
    const t0 = cpuNow();
    const state = decodeState(layout, slots, { maxEntries: 1_000_000 });
    const took = cpuNow() - t0;
    if (state.unexplained.length > 0 || state.problems.length > 0) {
      throw new Error(`the bench state is not all explained: ${state.problems.join('; ')}`);
    }
    if (run >= WARMUP) samples.push(took);
    entries = 0;
    const count = (list: readonly { children?: readonly unknown[] }[]): void => {
      for (const e of list) {
        entries++;
        count((e.children ?? []) as { children?: readonly unknown[] }[]);
      }
    };
    count(state.variables);
  }
  const s = stats(samples);
  return { median: s.median, p90: s.p90, entries };
}

export async function run(): Promise<BenchRow[]> {
  const layout = crowdfundLayout();
  // 249 backers × 4 slots + 7 fixed slots = 1,003 slots.
  const sizes = [31, 249, 1_992];
  const measured = sizes.map(n => {
    const slots = crowdfundState(n);
    return { slots: slots.size, ...medianCpu(layout, slots, true) };
  });
  const [small, base, large] = measured;
  const again = medianCpu(layout, crowdfundState(249), false);
  const ratio = large.median / Math.max(base.median, 0.05);
  return [
    {
      name: `decode ${base.slots} storage slots (Crowdfund's layout), first time, median (CPU)`,
      value: Math.round(base.median * 1000) / 1000,
      unit: 'ms',
      goal: '≤ 5',
      pass: base.median <= 5,
      note: `p90 ${fmt(base.p90)} ms over ${RUNS} runs; ${base.entries} entries decoded, ${(base.slots - 7) / 4} mapping keys found among the addresses the state holds (one keccak256 each)`,
    },
    {
      name: `  the same slots decoded again (hashes remembered), median (CPU)`,
      value: Math.round(again.median * 1000) / 1000,
      unit: 'ms',
      goal: '≤ 5',
      pass: again.median <= 5,
      note: `p90 ${fmt(again.p90)} ms over ${RUNS} runs`,
    },
    {
      name: `  growth: ${large.slots} slots / ${base.slots} slots, first time (CPU)`,
      value: Math.round(ratio * 10) / 10,
      unit: '×',
      goal: `≤ ${MAX_GROWTH_8X} (linear: 8)`,
      pass: ratio <= MAX_GROWTH_8X,
      note: `${fmt(small.median)} ms at ${small.slots} slots, ${fmt(base.median)} ms at ${base.slots}, ${fmt(large.median)} ms at ${large.slots}`,
    },
  ];
}
