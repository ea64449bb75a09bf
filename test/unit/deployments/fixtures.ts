// The Crowdfund deployment as the Contracts view's loaders see it in unit tests: the workspace's
// artifact (ABI index), a KnownDeployment, and a mirror client answering from the EVM world
// (test/support/evmWorld.ts): its contract results and logs made from the transactions the world
// ran (and calls it runs, for reverts), its storage from the EVM's state, paged as the mirror node
// pages (`links.next`, next()). Nothing here is hand-written bytes: calldata, results, reverts,
// logs and slots all come from the real EVM.
import * as fs from 'fs';
import * as path from 'path';
import { encodeFunctionData, type Abi, type Hex } from 'viem';
import { AbiIndex, parseArtifact, type IndexedContract } from '../../../src/abi';
import type { MirrorClient } from '../../../src/mirror';
import type { SourceIndexApi } from '../../../src/source/api';
import type { StorageLayout } from '../../../src/source/debugTypes';
import { isStorageLayout } from '../../../src/source/storageLayout';
import type { CompiledContractRef } from '../../../src/source/types';
import type { KnownDeployment } from '../../../src/features/deployments/model';
import type { Network } from '../../../src/ledger/networks';
import { BACKER_ID, CROWDFUND_ID, sampleWorld, longZeroAddress, type EvmWorld } from '../../support/evmWorld';
import { projectRoot } from '../../support/paths';

const ARTIFACT = 'artifacts/contracts/Crowdfund.sol/Crowdfund.json';
const SAMPLE = path.join(projectRoot(), 'test', 'workspace', 'hardhat-sample');

export function crowdfundArtifact(): { abi: Abi; text: string } {
  const text = fs.readFileSync(path.join(SAMPLE, ARTIFACT), 'utf8');
  return { abi: (JSON.parse(text) as { abi: Abi }).abi, text };
}

/** An ABI index holding the sample's Crowdfund artifact, and that contract. */
export function crowdfundIndex(): { abi: AbiIndex; contract: IndexedContract } {
  const abi = new AbiIndex();
  const outcome = parseArtifact(ARTIFACT, crowdfundArtifact().text);
  if (outcome.kind !== 'indexed') throw new Error(`${ARTIFACT}: ${outcome.reason}`);
  abi.setFile(ARTIFACT, outcome.contracts);
  return { abi, contract: outcome.contracts[0] };
}

export function crowdfundDeployment(network: Network, contract?: IndexedContract): KnownDeployment {
  const evmAddress = longZeroAddress(CROWDFUND_ID);
  return {
    key: `${network}/${evmAddress}`,
    network,
    entityId: CROWDFUND_ID,
    evmAddress,
    name: 'Crowdfund',
    label: 'CrowdfundModule#Crowdfund',
    sources: [{ tool: 'ignition', file: 'ignition/deployments/chain-296/deployed_addresses.json' }],
    ...(contract ? { contract } : {}),
    sourceName: 'contracts/Crowdfund.sol',
  };
}

export interface MirrorResult {
  hash: string;
  timestamp: string;
  from: string;
  to: string;
  function_parameters: string;
  call_result: string;
  error_message: string | null;
  result: string;
  status: string;
  amount: bigint;
  gas_used: bigint;
}

export interface MirrorLog {
  address: string;
  topics: string[];
  data: string;
  index: number;
  timestamp: string;
  transaction_hash: string;
}

function txHash(seed: string): string {
  return `0x${Buffer.from(seed).toString('hex').padEnd(64, '0').slice(0, 64)}`;
}

/**
 * Crowdfund's contract results, newest first: the world's transactions to it, then two calls the
 * world runs that revert (a claim of another's pledge, a pledge of nothing), a second apart after.
 */
export async function crowdfundHistory(): Promise<{ world: EvmWorld; results: MirrorResult[]; logs: MirrorLog[] }> {
  const world = await sampleWorld();
  const to = longZeroAddress(CROWDFUND_ID);
  const results: MirrorResult[] = [];
  const logs: MirrorLog[] = [];
  for (const tx of world.transactions) {
    if (tx.to !== CROWDFUND_ID || tx.created) continue;
    const hash = txHash(tx.name);
    results.push({
      hash,
      timestamp: tx.block.timestamp,
      from: longZeroAddress(tx.from),
      to,
      function_parameters: tx.data,
      call_result: tx.outcome === 'success' ? tx.result : '0x',
      error_message: tx.outcome === 'success' ? null : tx.result,
      result: tx.outcome === 'success' ? 'SUCCESS' : 'CONTRACT_REVERT_EXECUTED',
      status: tx.outcome === 'success' ? '0x1' : '0x0',
      amount: 0n,
      gas_used: tx.gasConsumed,
    });
    tx.logs.forEach((log, index) =>
      logs.push({
        address: log.address,
        topics: [...log.topics],
        data: log.data,
        index,
        timestamp: tx.block.timestamp,
        transaction_hash: hash,
      }),
    );
  }
  const { abi } = crowdfundArtifact();
  const last = BigInt(world.blocks[world.blocks.length - 1].timestamp.split('.')[0]);
  const failing: [string, string, Hex][] = [
    ['claimOther', BACKER_ID, encodeFunctionData({ abi, functionName: 'claim', args: [0n] })],
    ['pledgeNothing', BACKER_ID, encodeFunctionData({ abi, functionName: 'pledge', args: [0n] })],
  ];
  for (const [i, [name, from, data]] of failing.entries()) {
    const outcome = await world.call({ from, to, data });
    if (outcome.kind !== 'revert') throw new Error(`${name} should revert`);
    results.push({
      hash: txHash(name),
      timestamp: `${last + BigInt(i + 1)}.000000000`,
      from: longZeroAddress(from),
      to,
      function_parameters: data,
      call_result: '0x',
      error_message: outcome.revertData,
      result: 'CONTRACT_REVERT_EXECUTED',
      status: '0x0',
      amount: 0n,
      gas_used: outcome.gasUsed,
    });
  }
  results.reverse();
  logs.reverse();
  return { world, results, logs };
}

export interface FakeMirror {
  readonly client: MirrorClient;
  /** Requests by method. */
  readonly calls: Record<string, number>;
  /** Fails the next requests of a method with this error (until cleared). */
  readonly failing: Map<string, Error>;
}

interface Paged {
  readonly links: { next: string | null };
}

/** A mirror client over these lists, paging them `limit` at a time (the node's links.next). */
export function fakeMirror(data: {
  results?: readonly MirrorResult[];
  logs?: readonly MirrorLog[];
  storage?: (timestamp?: string) => Promise<ReadonlyMap<string, string>>;
  runtimeBytecode?: string;
}): FakeMirror {
  const calls: Record<string, number> = {};
  const failing = new Map<string, Error>();
  const rest = new WeakMap<object, () => Promise<Paged>>();
  const count = (name: string) => {
    calls[name] = (calls[name] ?? 0) + 1;
    const error = failing.get(name);
    if (error) throw error;
  };
  function paged<T>(key: string, items: readonly T[], limit: number, from = 0): Paged & Record<string, unknown> {
    const more = from + limit < items.length;
    const page = {
      [key]: items.slice(from, from + limit),
      links: { next: more ? `/api/v1/page?from=${from + limit}` : null },
    };
    if (more) rest.set(page, async () => paged(key, items, limit, from + limit));
    return page;
  }
  const client = {
    async listContractResultsOf(_id: string, params?: { limit?: number }) {
      await Promise.resolve();
      count('listContractResultsOf');
      return paged('results', data.results ?? [], params?.limit ?? 25);
    },
    async listContractLogs(_id: string, params?: { limit?: number }) {
      await Promise.resolve();
      count('listContractLogs');
      return paged('logs', data.logs ?? [], params?.limit ?? 25);
    },
    async getContract(id: string) {
      await Promise.resolve();
      count('getContract');
      return { contract_id: id, runtime_bytecode: data.runtimeBytecode ?? '0x' };
    },
    async getContractState(id: string, params?: { limit?: number; timestamp?: string }) {
      count('getContractState');
      const storage = (await data.storage?.(params?.timestamp)) ?? new Map<string, string>();
      const state = [...storage].map(([slot, value]) => ({
        address: id,
        contract_id: id,
        timestamp: '1.0',
        slot,
        value,
      }));
      return paged('state', state, params?.limit ?? 25);
    },
    async next(page: object) {
      count('next');
      const more = rest.get(page);
      return more ? more() : null;
    },
  };
  return { client: client as unknown as MirrorClient, calls, failing };
}

/** A log that records what it was told (warnings and errors are what tests read). */
export function recordingLog(): {
  info(m: string): void;
  warn(m: string): void;
  error(m: string): void;
  show(): void;
  lines: string[];
} {
  const lines: string[] = [];
  return {
    lines,
    info: m => lines.push(`info ${m}`),
    warn: m => lines.push(`warn ${m}`),
    error: m => lines.push(`error ${m}`),
    show: () => undefined,
  };
}

/** Crowdfund's storage layout, from the sample's build-info (`storageLayout` asked by the fixture script). */
export function crowdfundLayout(): StorageLayout {
  const dir = path.join(SAMPLE, 'artifacts', 'build-info');
  const [file] = fs.readdirSync(dir);
  const info = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as {
    output: { contracts: Record<string, Record<string, { storageLayout?: unknown }>> };
  };
  const layout = info.output.contracts['contracts/Crowdfund.sol'].Crowdfund.storageLayout;
  if (!isStorageLayout(layout)) throw new Error('the sample build-info has no storage layout for Crowdfund');
  return layout;
}

/**
 * A compiler-output index that knows one contract: its runtime code finds it, and its debug info
 * holds `layout` (none: the output had no storageLayout). `recompiled` swaps the layout and tells
 * the listeners, as an index does after a compile.
 */
export function sourcesKnowing(
  runtimeBytecode: string,
  layout: StorageLayout | undefined,
): SourceIndexApi & { recompiled(layout: StorageLayout | undefined): void } {
  const ref = {
    key: 'build-info#contracts/Crowdfund.sol:Crowdfund',
    contractName: 'Crowdfund',
    sourceName: 'contracts/Crowdfund.sol',
  } as CompiledContractRef;
  const listeners = new Set<() => void>();
  let current = layout;
  const index: Partial<SourceIndexApi> = {
    findByCode: code => (code.toLowerCase() === runtimeBytecode.toLowerCase() ? ref : undefined),
    debugInfo: async () =>
      ({ ...(current ? { storageLayout: current } : {}) }) as Awaited<
        ReturnType<NonNullable<SourceIndexApi['debugInfo']>>
      >,
    onDidChange: listener => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const recompiled = (next: StorageLayout | undefined) => {
    current = next;
    for (const listener of listeners) listener();
  };
  return Object.assign(index as SourceIndexApi, { recompiled });
}
