// Figures for the revert site: (a) map a revert to its inferred site once the contract's AST is
// indexed, over every function of an OpenZeppelin-based token and a spread of errors (median, p90;
// goal ≤ 1 ms), both as a panel asks again (the answer kept) and for a pair never asked before
// (the walk and the placing done); (b) the first lookup, which builds the index; (c) decoding the
// token's source map and walking its code's instructions. Times are this process's CPU time.
import { keccak256, stringToBytes } from 'viem';
import { astIndex } from '../../src/source/ast';
import { inferSites } from '../../src/source/sites';
import { decodeSourceMap, instructionStarts } from '../../src/source/sourceMap';
import type { CompiledContractDetail, RevertToFind } from '../../src/source/types';
import { compileSources, detailFromOutput, tokenSources } from '../support/solcCompile';
import { cpuNow, fmt, stats, type BenchRow } from './harness';

const LOOKUPS = 2000;

/** Every error of the ABI, the panics with sites, Error(string) and an empty revert. */
function revertsOf(abi: unknown[]): RevertToFind[] {
  const errors = abi.filter(
    (item): item is { type: 'error'; name: string; inputs: { type: string }[] } =>
      typeof item === 'object' && item !== null && (item as { type?: unknown }).type === 'error',
  );
  const custom = errors.map(e => {
    const signature = `${e.name}(${e.inputs.map(i => i.type).join(',')})`;
    return { kind: 'custom' as const, name: e.name, selector: keccak256(stringToBytes(signature)).slice(0, 10) };
  });
  return [
    ...custom,
    { kind: 'panic', code: 0x11n },
    { kind: 'panic', code: 0x12n },
    { kind: 'panic', code: 0x32n },
    { kind: 'panic', code: 0x01n },
    { kind: 'error-string', reason: 'no such message' },
    { kind: 'empty' },
  ];
}

function timed(samples: number[], work: () => unknown): void {
  const t0 = cpuNow();
  work();
  samples.push(cpuNow() - t0);
}

function lookupRows(detail: CompiledContractDetail, reverts: RevertToFind[]): BenchRow[] {
  const selectors = [...detail.selectors.keys()];
  const pairs = selectors.flatMap(selector => reverts.map(revert => ({ selector, revert })));
  const firstStart = cpuNow();
  const first = inferSites(detail, pairs[0].selector, pairs[0].revert);
  const firstCost = cpuNow() - firstStart;
  if (first.kind === 'exact') throw new Error('an inferred answer was expected');
  // A pair never asked before: a copy of the detail shares the AST index but keeps its own answers.
  const fresh: number[] = [];
  let found = 0;
  for (let i = 0; i < LOOKUPS; i++) {
    const { selector, revert } = pairs[i % pairs.length];
    const copy: CompiledContractDetail = { ...detail };
    timed(fresh, () => {
      if (inferSites(copy, selector, revert).kind === 'inferred') found++;
    });
  }
  const again: number[] = [];
  for (let i = 0; i < LOOKUPS; i++) {
    const { selector, revert } = pairs[i % pairs.length];
    timed(again, () => inferSites(detail, selector, revert));
  }
  const f = stats(fresh);
  const a = stats(again);
  const note = `${selectors.length} functions × ${reverts.length} errors, ${f.samples} lookups each (CPU ms); ${Math.round((found / LOOKUPS) * 100)}% found a site`;
  return [
    {
      name: 'map a revert to its site, new pair, median (CPU)',
      value: f.median,
      unit: 'ms',
      goal: '≤ 1',
      pass: f.median <= 1,
      note,
    },
    { name: 'map a revert to its site, new pair, p90 (CPU)', value: f.p90, unit: 'ms', goal: '≤ 1', pass: f.p90 <= 1 },
    {
      name: 'map a revert to its site, asked again, median (CPU)',
      value: a.median,
      unit: 'ms',
      goal: '≤ 1',
      pass: a.median <= 1,
    },
    {
      name: 'map a revert to its site, asked again, p90 (CPU)',
      value: a.p90,
      unit: 'ms',
      goal: '≤ 1',
      pass: a.p90 <= 1,
    },
    {
      name: 'first lookup of a contract (builds its AST index) (CPU)',
      value: firstCost,
      unit: 'ms',
      note: `the index of ${astIndex(detail).nodes} AST nodes over ${detail.asts.size} sources`,
    },
  ];
}

function sourceMapRows(detail: CompiledContractDetail): BenchRow[] {
  const map = detail.deployedSourceMap ?? '';
  const code = detail.ref.code.hex;
  const decode: number[] = [];
  const walk: number[] = [];
  let entries = 0;
  for (let i = 0; i < 60; i++) {
    timed(decode, () => (entries = decodeSourceMap(map).length));
    timed(walk, () => instructionStarts(code));
  }
  const d = stats(decode.slice(10));
  const w = stats(walk.slice(10));
  return [
    {
      name: 'decode the source map of VotingToken, median (CPU)',
      value: d.median,
      unit: 'ms',
      note: `${entries} entries from ${fmt(map.length / 1024)} KB, ${d.samples} runs: p90 ${fmt(d.p90)} ms`,
    },
    {
      name: 'walk the instructions of VotingToken, median (CPU)',
      value: w.median,
      unit: 'ms',
      note: `${fmt(code.length / 2 / 1024)} KB of code, ${w.samples} runs: p90 ${fmt(w.p90)} ms`,
    },
  ];
}

export async function run(): Promise<BenchRow[]> {
  const sources = tokenSources();
  const output = compileSources(sources);
  const detail = detailFromOutput(sources, output, 'contracts/VotingToken.sol', 'VotingToken');
  const abi = output.contracts?.['contracts/VotingToken.sol']?.['VotingToken']?.abi ?? [];
  return [...lookupRows(detail, revertsOf(abi)), ...sourceMapRows(detail)];
}
