// Figures for decoding: (a) one contract call decoded with its result and events, as a
// panel or hover asks for it (median, p90; goal ≤ 1 ms); (b) indexing 1,000 artifacts through the
// yielding indexer (goal ≤ 1 s, with the longest stretch between yields); (c) the extension bundle
// with and without the ABI layer (src/abi, viem and what viem pulls in), from esbuild's metafile.
// Times are this process's CPU time where marked: the shared machine's load is not the decoder's.
import * as esbuild from 'esbuild';
import * as fs from 'fs';
import * as path from 'path';
import { encodeAbiParameters, encodeEventTopics, encodeFunctionData, encodeFunctionResult, type Abi } from 'viem';
import {
  AbiIndex,
  ArtifactIndexer,
  contractResultLine,
  decodeContractResult,
  eventSummaries,
  parseArtifact,
  withUnits,
  type ArtifactSource,
  type ContractMatch,
} from '../../src/abi';
import { extensionBuild } from '../support/bundles';
import { projectRoot } from '../support/paths';
import { cpuNow, fmt, stats, type BenchRow } from './harness';

const root = projectRoot();
const MY_TOKEN = path.join(root, 'test/workspace/hardhat-sample/artifacts/contracts/MyToken.sol/MyToken.json');
const OZ = path.join(root, 'node_modules/@openzeppelin/contracts/build/contracts');

function decodeOneCall(): BenchRow[] {
  const text = fs.readFileSync(MY_TOKEN, 'utf8');
  const abi = (JSON.parse(text) as { abi: Abi }).abi;
  const outcome = parseArtifact('artifacts/contracts/MyToken.sol/MyToken.json', text);
  if (outcome.kind !== 'indexed') throw new Error(outcome.reason);
  const index = new AbiIndex();
  index.setFile('MyToken.json', outcome.contracts);
  const match: ContractMatch = { kind: 'bytecode', contract: outcome.contracts[0], others: [] };
  const to = '0x00000000000000000000000000000000000004d2';
  const payments = [
    { to, amount: 1500n, memo: 'rent' },
    { to: '0xac384c53f03855fa1b3616052f8ba32c6c2a2fec', amount: 2n ** 70n, memo: 'supplies ✓' },
  ];
  const calldata = encodeFunctionData({ abi, functionName: 'payMany', args: [payments] } as never);
  const result = encodeFunctionResult({
    abi,
    functionName: 'payMany',
    result: [1500n + 2n ** 70n, [1500n, 2n ** 70n]],
  } as never);
  const transfer = (t: string, v: bigint) => ({
    topics: encodeEventTopics({ abi, eventName: 'Transfer', args: { from: to, to: t } } as never) as string[],
    data: encodeAbiParameters([{ type: 'uint256' }], [v]),
  });
  const batch = {
    topics: encodeEventTopics({ abi, eventName: 'BatchPaid', args: { from: to } } as never) as string[],
    data: encodeAbiParameters(
      [{ type: 'uint256[]' }, { type: 'string[]' }],
      [
        [1500n, 2n ** 70n],
        ['rent', 'supplies ✓'],
      ],
    ),
  };
  const logs = [transfer(payments[0].to, 1500n), transfer(payments[1].to, 2n ** 70n), batch];
  const once = () => {
    const call = index.decodeCall(calldata, match);
    if (call.kind !== 'call') throw new Error(call.reason);
    index.decodeResult(call.candidates[0], result);
    for (const log of logs) if (index.decodeLog(log, match).kind !== 'event') throw new Error('log not decoded');
  };
  for (let i = 0; i < 200; i++) once();
  const samples: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const t0 = cpuNow();
    once();
    samples.push(cpuNow() - t0);
  }
  const s = stats(samples);
  const note = `payMany(2 payments) + result + 3 logs, ${s.samples} samples (CPU ms): median ${fmt(s.median)}, p90 ${fmt(s.p90)}`;
  return [
    {
      name: 'decode call + result + 3 events, median (CPU)',
      value: s.median,
      unit: 'ms',
      goal: '≤ 1',
      pass: s.median <= 1,
      note,
    },
    { name: 'decode call + result + 3 events, p90 (CPU)', value: s.p90, unit: 'ms', goal: '≤ 1', pass: s.p90 <= 1 },
    decodePerMegabyte(index, calldata),
    ...asThePanelsDo(index, {
      calldata,
      result,
      logs,
      code: (JSON.parse(text) as { deployedBytecode: string }).deployedBytecode,
    }),
  ];
}

/**
 * What decoding costs per MB of calldata, beside the median of ordinary calls above: the call with
 * its arguments padded to just under the decoder's 1 MB limit (the cost must be in the data's size,
 * linear and small, not in how many bytes are converted one at a time).
 */
function decodePerMegabyte(index: AbiIndex, calldata: string): BenchRow {
  const padded = `${calldata}${'00'.repeat(1024 * 1024 - 1024 - (calldata.length - 2) / 2)}`;
  const megabytes = (padded.length - 2) / 2 / (1024 * 1024);
  const samples: number[] = [];
  for (let i = 0; i < 25; i++) {
    const t0 = cpuNow();
    if (index.decodeCall(padded).kind !== 'call') throw new Error('padded call not decoded');
    if (i >= 5) samples.push((cpuNow() - t0) / megabytes);
  }
  const s = stats(samples);
  return {
    name: 'decode calldata, cost per MB, median (CPU)',
    value: s.median,
    unit: 'ms',
    note: `payMany padded to ${fmt(megabytes)} MB, ${s.samples} samples: p90 ${fmt(s.p90)} ms per MB`,
  };
}

/**
 * The whole path a panel or hover takes: the contract matched by its runtime bytecode, the call,
 * result and logs decoded, then written in words with token amounts in units (the call's target
 * and each emitter looked up in the known token units).
 */
function asThePanelsDo(
  index: AbiIndex,
  input: { calldata: string; result: string; logs: { topics: string[]; data: string }[]; code: string },
): BenchRow[] {
  const to = '0x000000000000000000000000000000000000138d';
  const logs = input.logs.map(l => ({ ...l, address: to }));
  const units = (address: string | undefined) => (address === to ? { decimals: 2, symbol: 'MTK' } : null);
  const once = () => {
    const decoded = decodeContractResult(
      index,
      { to, function_parameters: input.calldata, call_result: input.result, result: 'SUCCESS', logs },
      input.code,
    );
    if (decoded.match?.kind !== 'bytecode') throw new Error('bytecode not matched');
    const shown = withUnits(decoded, units);
    if (!contractResultLine(shown)?.includes('MyToken.payMany')) throw new Error('call not decoded');
    if (!eventSummaries(shown)[0].includes('MTK')) throw new Error('amount not in units');
  };
  for (let i = 0; i < 200; i++) once();
  const samples: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const t0 = cpuNow();
    once();
    samples.push(cpuNow() - t0);
  }
  const s = stats(samples);
  return [
    {
      name: 'match + decode + words in units (as the panels), median (CPU)',
      value: s.median,
      unit: 'ms',
      goal: '≤ 1',
      pass: s.median <= 1,
      note: `bytecode match, payMany + result + 3 logs, one line each, ${s.samples} samples: p90 ${fmt(s.p90)}`,
    },
    { name: 'match + decode + words in units, p90 (CPU)', value: s.p90, unit: 'ms', goal: '≤ 1', pass: s.p90 <= 1 },
  ];
}

async function indexThousand(): Promise<BenchRow[]> {
  const sources = [
    ...fs.readdirSync(OZ).map(f => path.join(OZ, f)),
    MY_TOKEN,
    path.join(root, 'test/workspace/hardhat-sample/artifacts/contracts/Registry.sol/Registry.json'),
    path.join(root, 'test/workspace/foundry-sample/out/Counter.sol/Counter.json'),
  ].map(f => fs.readFileSync(f, 'utf8'));
  const files = new Map<string, string>();
  for (let i = 0; files.size < 1000; i++) files.set(`artifacts/c${i}/A${i}.json`, sources[i % sources.length]);
  const source: ArtifactSource = { size: async f => files.get(f)?.length, read: async f => files.get(f) ?? '' };
  const index = new AbiIndex();
  let longest = 0;
  let last = cpuNow();
  let running = true;
  const tick = () => {
    const t = cpuNow();
    longest = Math.max(longest, t - last);
    last = t;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const wall0 = performance.now();
  const cpu0 = cpuNow();
  const summary = await new ArtifactIndexer(index, source).indexAll([...files.keys()]);
  const cpu = cpuNow() - cpu0;
  const wall = performance.now() - wall0;
  running = false;
  index.matchContract({ address: '0x0000000000000000000000000000000000000167' }); // builds the lookup maps
  const note = `${summary.files} files, ${summary.contracts} ABIs (OpenZeppelin's 257 artifacts and the samples, repeated); wall ${fmt(wall)} ms on a shared machine`;
  return [
    { name: 'index 1,000 artifacts (CPU)', value: cpu, unit: 'ms', goal: '≤ 1000', pass: cpu <= 1000, note },
    {
      name: 'index 1,000 artifacts: longest stretch between yields (CPU)',
      value: longest,
      unit: 'ms',
      goal: '≤ 50',
      pass: longest <= 50,
    },
  ];
}

async function bundleSize(): Promise<BenchRow[]> {
  // The extension as it is, plus the ABI layer (re-exported, so nothing of it is tree-shaken away
  // that the features would use): its share is what src/abi and viem's modules put in the output.
  const result = await esbuild.build({
    stdin: {
      contents: "export * from './src/extension';\nexport * as abi from './src/abi';\n",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [extensionBuild().featureManifests(root) as esbuild.Plugin],
  });
  const output = Object.values(result.metafile.outputs)[0];
  const abiShare = Object.entries(output.inputs)
    .filter(([file]) => /(^|\/)src\/abi\/|node_modules\/(viem|ox|abitype|@noble|@scure)\//.test(file))
    .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
  const kb = (n: number) => n / 1024;
  return [
    { name: 'extension bundle without the ABI layer (minified)', value: kb(output.bytes - abiShare), unit: 'KB' },
    {
      name: 'extension bundle with the ABI layer (minified)',
      value: kb(output.bytes),
      unit: 'KB',
      note: `src/abi + viem and its dependencies: ${fmt(kb(abiShare))} KB of ${fmt(kb(output.bytes))} KB`,
    },
  ];
}

export async function run(): Promise<BenchRow[]> {
  return [...decodeOneCall(), ...(await indexThousand()), ...(await bundleSize())];
}
