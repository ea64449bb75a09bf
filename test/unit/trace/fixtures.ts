// What the call trace tests share: an ABI index with the sample workspace's MyToken artifact and a
// small Vault artifact of our own (withdraw calls MyToken.transfer), actions in the mirror node's
// shape, the mirror node's own `/actions` spec data from the shared tarball, and a loopback server
// on a port the system picks (no fixed port to collide with another suite running at once).
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import type { AddressInfo, Socket } from 'net';
import * as os from 'os';
import * as path from 'path';
import { encodeErrorResult, encodeFunctionData, encodeFunctionResult, type Abi } from 'viem';
import { AbiIndex, parseArtifact } from '../../../src/abi';
import { parseLossless } from '../../../src/mirror';
import { schemas } from '../../../src/mirror/lazySchemas';
import type { ContractAction } from '../../../src/mirror/schemas';
import type { TraceFrame } from '../../../src/trace/types';
import { sourceTarball } from '../../harness/realMirrorInstall';
import { projectRoot } from '../../support/paths';

const MY_TOKEN_FILE = 'test/workspace/hardhat-sample/artifacts/contracts/MyToken.sol/MyToken.json';
const myTokenJson = JSON.parse(fs.readFileSync(path.join(projectRoot(), MY_TOKEN_FILE), 'utf8')) as {
  abi: Abi;
  deployedBytecode: string;
};

export const MY_TOKEN_ABI = myTokenJson.abi;
export const MY_TOKEN_CODE = myTokenJson.deployedBytecode;

export const VAULT_ABI = [
  {
    type: 'function',
    name: 'withdraw',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'amount', type: 'uint256' }],
    outputs: [{ name: '', type: 'bool' }],
  },
  { type: 'function', name: 'deposit', stateMutability: 'payable', inputs: [], outputs: [] },
  {
    type: 'function',
    name: 'balance',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: 'amount', type: 'uint256' }],
  },
  { type: 'error', name: 'VaultLocked', inputs: [{ name: 'until', type: 'uint64' }] },
] as const satisfies Abi;
/** Code of our own (PUSH1 0x80 PUSH1 0x40 MSTORE, then bytes no artifact of the sample has). */
export const VAULT_CODE = `0x6080604052${'5b'.repeat(40)}00`;

export const ACCOUNT = { id: '0.0.1001', address: '0x00000000000000000000000000000000000003e9' };
export const VAULT = { id: '0.0.5001', address: '0x0000000000000000000000000000000000001389' };
export const TOKEN = { id: '0.0.5002', address: '0x000000000000000000000000000000000000138a' };

const vaultArtifact = JSON.stringify({
  _format: 'hh-sol-artifact-1',
  contractName: 'Vault',
  sourceName: 'contracts/Vault.sol',
  abi: VAULT_ABI,
  bytecode: VAULT_CODE,
  deployedBytecode: VAULT_CODE,
  linkReferences: {},
  deployedLinkReferences: {},
});

/** An ABI index holding MyToken (the sample's artifact) and Vault (ours). */
export function sampleIndex(): AbiIndex {
  const index = new AbiIndex();
  for (const [file, text] of [
    [MY_TOKEN_FILE.replace('test/workspace/hardhat-sample/', ''), JSON.stringify(myTokenJson)],
    ['artifacts/contracts/Vault.sol/Vault.json', vaultArtifact],
  ] as const) {
    const outcome = parseArtifact(file, text);
    if (outcome.kind !== 'indexed') throw new Error(`${file}: ${outcome.reason}`);
    index.setFile(file, outcome.contracts);
  }
  return index;
}

/** The codes of Vault and MyToken, by id (what ContractCodes would have fetched). */
export function sampleCodes(extra: Record<string, string | null> = {}) {
  const map = new Map<string, string | null>([
    [VAULT.id, VAULT_CODE],
    [TOKEN.id, MY_TOKEN_CODE],
    ...Object.entries(extra),
  ]);
  return { peek: (key: string) => map.get(key) };
}

export const withdrawInput = (amount: bigint) =>
  encodeFunctionData({ abi: VAULT_ABI, functionName: 'withdraw', args: [amount] });
export const transferInput = (to: string, amount: bigint) =>
  encodeFunctionData({ abi: MY_TOKEN_ABI, functionName: 'transfer', args: [to, amount] });
export const transferOutput = (ok: boolean) =>
  encodeFunctionResult({ abi: MY_TOKEN_ABI, functionName: 'transfer', result: ok });
export const insufficientBalance = (account: string, balance: bigint, needed: bigint) =>
  encodeErrorResult({ abi: MY_TOKEN_ABI, errorName: 'InsufficientBalance', args: [account, balance, needed] });

/** An action with sensible defaults: a successful CALL at depth 0, index 0. */
/** A frame written by hand, for shapes no action list makes cheaply: a successful CALL from 0.0.1001 to Vault. */
export function aFrame(fields: Partial<TraceFrame> = {}): TraceFrame {
  return {
    index: 0,
    depth: 0,
    level: 0,
    operation: 'CALL',
    callType: 'CALL',
    caller: { label: '0.0.1001', kind: 'account', id: '0.0.1001' },
    recipient: { label: 'Vault', kind: 'artifact', detail: 'contracts/Vault.sol', id: '0.0.5001' },
    valueTinybar: 0n,
    gas: 1000n,
    gasUsed: 900n,
    result: { kind: 'none' },
    failed: false,
    origin: false,
    children: [],
    notes: [],
    ...fields,
  };
}

export function action(fields: Partial<ContractAction> = {}): ContractAction {
  return {
    call_depth: 0,
    call_operation_type: 'CALL',
    call_type: 'CALL',
    caller: ACCOUNT.id,
    caller_type: 'ACCOUNT',
    from: ACCOUNT.address,
    gas: 30_000n,
    gas_used: 28_000n,
    index: 0,
    input: '0x',
    recipient: VAULT.id,
    recipient_type: 'CONTRACT',
    result_data: '0x',
    result_data_type: 'OUTPUT',
    timestamp: '1700000000.000000001',
    to: VAULT.address,
    value: 0n,
    ...fields,
  };
}

/** The failing withdraw: the account calls Vault.withdraw(1500), which calls MyToken.transfer and reverts. */
export function failingWithdraw(): ContractAction[] {
  const error = insufficientBalance(VAULT.address, 1000n, 1500n);
  return [
    action({ index: 0, input: withdrawInput(1500n), result_data: error, result_data_type: 'REVERT_REASON' }),
    action({
      index: 1,
      call_depth: 1,
      caller: VAULT.id,
      caller_type: 'CONTRACT',
      from: VAULT.address,
      recipient: TOKEN.id,
      to: TOKEN.address,
      gas: 20_000n,
      gas_used: 15_000n,
      input: transferInput(ACCOUNT.address, 1500n),
      result_data: error,
      result_data_type: 'REVERT_REASON',
    }),
  ];
}

/** A response body checked by the client's own schema (int64 fields as bigint). */
export function parseActionsBody(body: unknown) {
  return schemas().ContractActionsResponseSchema.parse(parseLossless(JSON.stringify(body)));
}

export interface ActionSpec {
  readonly file: string;
  readonly url: string;
  readonly status: number;
  readonly body: unknown;
}

let specCache: ActionSpec[] | undefined;

/**
 * The mirror node's own spec data for `/contracts/results/{id}/actions`, from the shared tarball
 * (each spec's `responseJson`, or each of its `tests[]`), unpacked once per process.
 */
export function actionSpecs(): ActionSpec[] {
  if (specCache) return specCache;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-action-specs-'));
  const inner = 'rest/__tests__/specs/contracts/results/{id}/actions';
  try {
    execFileSync('tar', ['xzf', sourceTarball(), '-C', dir, inner], { stdio: 'pipe' });
    const folder = path.join(dir, inner);
    specCache = fs
      .readdirSync(folder)
      .filter(f => f.endsWith('.json'))
      .sort()
      .flatMap(file => specEntries(file, JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as SpecFile));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return specCache;
}

interface SpecTest {
  url?: string;
  urls?: string[];
  responseStatus?: number;
  responseJson?: unknown;
}
type SpecFile = SpecTest & { tests?: SpecTest[] };

function specEntries(file: string, spec: SpecFile): ActionSpec[] {
  const tests = spec.tests ?? [spec];
  return tests.flatMap(t =>
    (t.urls ?? (t.url ? [t.url] : [])).map(url => ({
      file,
      url,
      status: t.responseStatus ?? 200,
      body: t.responseJson,
    })),
  );
}

export interface Loopback {
  readonly origin: string;
  readonly requests: string[];
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  close(): Promise<void>;
}

/** A loopback HTTP server on a port the system picks. */
export async function loopback(handler: Loopback['handler']): Promise<Loopback> {
  const sockets = new Set<Socket>();
  const state = { requests: [] as string[], handler };
  const server = http.createServer((req, res) => {
    state.requests.push(req.url ?? '');
    state.handler(req, res);
  });
  server.on('connection', s => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>(resolve => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  });
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(
    typeof body === 'string' ? body : JSON.stringify(body, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v)),
  );
}
