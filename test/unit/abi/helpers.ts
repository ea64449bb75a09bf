// Shared by the ABI tests: the committed sample artifacts, OpenZeppelin's shipped artifacts, and
// ABI encoding done by viem's encoder (a different code path from the decoder under test).
import * as fs from 'fs';
import * as path from 'path';
import { encodeAbiParameters, encodeFunctionData, type Abi } from 'viem';
import { AbiIndex, parseArtifact, type IndexedContract } from '../../../src/abi';
import { cpuPerRun } from '../../support/growth';
import { projectRoot } from '../../support/paths';

export const WORKSPACE = path.join(projectRoot(), 'test', 'workspace');
export const HARDHAT = path.join(WORKSPACE, 'hardhat-sample');
export const FOUNDRY = path.join(WORKSPACE, 'foundry-sample');
export const OZ = path.join(projectRoot(), 'node_modules', '@openzeppelin', 'contracts', 'build', 'contracts');

export function readJson(file: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** Parses a file the way the indexer does, failing the test when it is skipped. */
export function load(file: string, root = projectRoot()): IndexedContract {
  const rel = path.relative(root, file).split(path.sep).join('/');
  const outcome = parseArtifact(rel, fs.readFileSync(file, 'utf8'));
  if (outcome.kind !== 'indexed') throw new Error(`${rel} skipped: ${outcome.reason}`);
  return outcome.contracts[0];
}

export function indexOf(...files: string[]): AbiIndex {
  const index = new AbiIndex();
  for (const file of files) index.setFile(file, [load(file)]);
  return index;
}

export const MY_TOKEN = path.join(HARDHAT, 'artifacts', 'contracts', 'MyToken.sol', 'MyToken.json');
export const REGISTRY = path.join(HARDHAT, 'artifacts', 'contracts', 'Registry.sol', 'Registry.json');
export const COUNTER = path.join(FOUNDRY, 'out', 'Counter.sol', 'Counter.json');

export function abiOf(file: string): Abi {
  return readJson(file).abi as Abi;
}

export function call(file: string, functionName: string, args: readonly unknown[]): string {
  return encodeFunctionData({ abi: abiOf(file), functionName, args });
}

export function encode(
  types: readonly { type: string; name?: string; components?: unknown[] }[],
  values: readonly unknown[],
): string {
  return encodeAbiParameters(types as never, values as never);
}

/** A 32-byte word of the hex digits (left-padded). */
export function word(hex: string | number | bigint): string {
  const digits = typeof hex === 'string' ? hex : hex.toString(16);
  return digits.padStart(64, '0');
}

export const longZero = (num: number) => `0x${num.toString(16).padStart(40, '0')}`;

const HEX_TEXT = /^(0x)?[0-9a-fA-F]*$/;

/** How many times dearer `work` is than checking the same text against a hex regex (one linear pass). */
export function timesALinearPass(text: string, work: () => unknown): number {
  const reference = cpuPerRun(() => HEX_TEXT.test(text), 5);
  return cpuPerRun(work, 5) / Math.max(reference, 0.05);
}

/** At most this many times a linear pass (measured: 2–6× now; a parseInt per byte was 20–110×). */
export const MAX_TIMES_A_PASS = 10;
