// The deployment records the tests and the bench read: the sample workspaces' own (made by
// test/tools/make-deployment-fixtures.mjs as the tools write them), and workspaces of many records
// made from those samples in a temporary folder (each record a copy with its own names, addresses
// and chain), so a test or the bench reads files of the real shapes and sizes.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { projectRoot } from '../../support/paths';
import type { DeploymentFinderOptions } from '../../../src/deploy';

export const SAMPLE_IGNITION = 'hardhat-sample/ignition/deployments/chain-296/deployed_addresses.json';
export const SAMPLE_HARDHAT_DEPLOY = 'hardhat-sample/deployments/previewnet/Crowdfund.json';
export const SAMPLE_HARDHAT_DEPLOY_CHAIN_ID = 'hardhat-sample/deployments/previewnet/.chainId';
export const SAMPLE_FOUNDRY = 'foundry-sample/broadcast/Deploy.s.sol/296/run-latest.json';
export const SAMPLE_RECORDS = [SAMPLE_IGNITION, SAMPLE_HARDHAT_DEPLOY, SAMPLE_HARDHAT_DEPLOY_CHAIN_ID, SAMPLE_FOUNDRY];

/** The worker thread's script in the tsc output (the extension's is dist/deploy-worker.js). */
export const WORKER_SCRIPT = path.join(__dirname, '..', '..', '..', 'src', 'deploy', 'worker.js');

export function sampleRoot(): string {
  return path.join(projectRoot(), 'test', 'workspace');
}

export function sampleText(file: string): string {
  return fs.readFileSync(path.join(sampleRoot(), file), 'utf8');
}

export function sampleJson(file: string): Record<string, unknown> {
  return JSON.parse(sampleText(file)) as Record<string, unknown>;
}

/** `0x` + 40 hex of `0.0.n`. */
export function longZero(num: number | bigint): string {
  return `0x${BigInt(num).toString(16).padStart(40, '0')}`;
}

/** Reading files of a folder on disk: by path on disk, or by workspace path under `root`. */
export function diskAccess(root: string): Pick<DeploymentFinderOptions, 'readFile' | 'size'> & { reads: string[] } {
  const reads: string[] = [];
  const resolve = (p: string) => (path.isAbsolute(p) ? p : path.join(root, p));
  return {
    reads,
    readFile: async p => {
      reads.push(p);
      return fs.promises.readFile(resolve(p));
    },
    size: async p => (await fs.promises.stat(resolve(p))).size,
  };
}

/** A folder of files in os.tmpdir(), removed at the end. */
export class TempWorkspace {
  readonly root = fs.mkdtempSync(path.join(os.tmpdir(), 'll-deploy-'));

  write(file: string, content: string | Uint8Array): { file: string; fsPath: string } {
    const fsPath = path.join(this.root, file);
    fs.mkdirSync(path.dirname(fsPath), { recursive: true });
    fs.writeFileSync(fsPath, content);
    return { file, fsPath };
  }

  file(file: string): { file: string; fsPath: string } {
    return { file, fsPath: path.join(this.root, file) };
  }

  remove(): void {
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}

export interface SyntheticSizes {
  /** hardhat-deploy records of the sample's size (~50 KB). */
  readonly hardhatDeploy: number;
  /** hardhat-deploy records of about a megabyte (a `history` of earlier deployments, as proxies keep). */
  readonly largeHardhatDeploy: number;
  readonly ignition: number;
  readonly futuresPerIgnition: number;
  readonly foundry: number;
  readonly createsPerBroadcast: number;
  /** Artifacts the workspace's ABI index lists (contract names shared with the deployments' where they can be). */
  readonly artifacts: number;
}

export const BENCH_SIZES: SyntheticSizes = {
  hardhatDeploy: 30,
  largeHardhatDeploy: 10,
  ignition: 30,
  futuresPerIgnition: 5,
  foundry: 30,
  createsPerBroadcast: 5,
  artifacts: 1000,
};

export interface SyntheticWorkspace {
  /** The record files (and the .chainId files), as findFiles with DEPLOYMENT_RECORD_GLOBS lists them. */
  readonly files: { file: string; fsPath: string }[];
  /** Records among them (not counting .chainId files). */
  readonly records: number;
  /** Deployments the records hold. */
  readonly deployments: number;
  readonly artifacts: { contractName: string; sourceName: string; file: string }[];
}

const networks = ['testnet', 'previewnet', 'mainnet', 'local'];
const chainIds = [296, 297, 295, 298];

/** Writes a workspace of records made from the samples: what the bench reads, and the tests at scale. */
export function writeSyntheticWorkspace(ws: TempWorkspace, sizes: SyntheticSizes): SyntheticWorkspace {
  const files: { file: string; fsPath: string }[] = [];
  let deployments = 0;
  let records = 0;
  let next = 5000;
  const name = (i: number) => `Contract${i}`;
  const hardhatDeploy = sampleJson(SAMPLE_HARDHAT_DEPLOY);
  for (let i = 0; i < sizes.hardhatDeploy + sizes.largeHardhatDeploy; i++) {
    const net = networks[i % networks.length];
    const folder = `project${i % 7}/deployments/${net}`;
    if (i < networks.length * 7) files.push(ws.write(`${folder}/.chainId`, String(chainIds[i % networks.length])));
    const contract = name(next);
    const record = {
      ...hardhatDeploy,
      address: longZero(next++),
      metadata: String(hardhatDeploy.metadata).replace('"Crowdfund"}', `"${contract}"}`),
      ...(i >= sizes.hardhatDeploy ? { history: Array.from({ length: 20 }, () => hardhatDeploy) } : {}),
    };
    files.push(ws.write(`${folder}/${contract}.json`, JSON.stringify(record, undefined, 2)));
    records++;
    deployments++;
  }
  const artifact = sampleJson('hardhat-sample/ignition/deployments/chain-296/artifacts/CrowdfundModule#Crowdfund.json');
  for (let i = 0; i < sizes.ignition; i++) {
    const dir = `app${i}/ignition/deployments/chain-${chainIds[i % chainIds.length]}`;
    const addresses: Record<string, string> = {};
    for (let f = 0; f < sizes.futuresPerIgnition; f++) {
      const contract = name(next);
      const futureId = `Module${i}#${contract}`;
      addresses[futureId] = longZero(next++);
      ws.write(
        `${dir}/artifacts/${futureId}.json`,
        JSON.stringify({ ...artifact, contractName: contract }, undefined, 2),
      );
    }
    files.push(ws.write(`${dir}/deployed_addresses.json`, JSON.stringify(addresses, undefined, 2)));
    records++;
    deployments += sizes.futuresPerIgnition;
  }
  const broadcast = sampleJson(SAMPLE_FOUNDRY) as {
    transactions: Record<string, unknown>[];
    receipts: Record<string, unknown>[];
  };
  for (let i = 0; i < sizes.foundry; i++) {
    const transactions = [];
    const receipts = [];
    for (let t = 0; t < sizes.createsPerBroadcast; t++) {
      const hash = `0x${(next * 1000 + t).toString(16).padStart(64, '0')}`;
      transactions.push({
        ...broadcast.transactions[0],
        hash,
        contractName: name(next),
        contractAddress: longZero(next),
      });
      receipts.push({ ...broadcast.receipts[0], transactionHash: hash, contractAddress: longZero(next++) });
    }
    const chain = chainIds[i % chainIds.length];
    const record = { ...broadcast, transactions, receipts, chain };
    files.push(
      ws.write(`tool${i}/broadcast/Deploy${i}.s.sol/${chain}/run-latest.json`, JSON.stringify(record, undefined, 2)),
    );
    records++;
    deployments += sizes.createsPerBroadcast;
  }
  const artifacts = Array.from({ length: sizes.artifacts }, (_, i) => {
    const contractName = name(5000 + i);
    return {
      contractName,
      sourceName: `contracts/${contractName}.sol`,
      file: `artifacts/contracts/${contractName}.sol/${contractName}.json`,
    };
  });
  return { files, records, deployments, artifacts };
}
