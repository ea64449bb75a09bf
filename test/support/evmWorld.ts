// The EVM world the test mirror answers `POST /contracts/call` and `GET /contracts/{id}/state`
// from: the sample's transactions (test/support/evmScenarios.ts, the same the call traces run) replayed
// on a real EVM (@ethereumjs/evm), then the Crowdfund campaign deployed at 0.0.1006 and pledged to,
// each transaction in its own block. The state after every block is kept, so a call or a storage
// read can be answered "as of" any block.
//
// What stands in for Hedera, as in test/support/evmTraces.ts: contracts are created at the long-zero
// addresses Hedera gives them, the payer is 0.0.1001, the intrinsic gas is Ethereum's, and block
// numbers, consensus timestamps and hashes are made up with the traces' own formulas (block 100 +
// the transaction's sequence), so the world's blocks and the traces' contract results agree.
// Nothing is written by hand: bytecode from the sample's build-info, storage from the EVM's state.
// Same answers every run: the EVM is deterministic and nothing reads the clock.
import { createHash } from 'crypto';
import { encodeDeployData, encodeFunctionData, type Hex } from 'viem';
import type * as EvmLib from '@ethereumjs/evm';
import type * as CommonLib from '@ethereumjs/common';
import type * as StateLib from '@ethereumjs/statemanager';
import type * as UtilLib from '@ethereumjs/util';
import { linkBytecode, readSampleBuild, type SampleBuild } from './evmSample';
import { idOfLongZero, longZeroAddress, PAYER_ID, SAMPLE_CONTRACTS, transactions } from './evmScenarios';
import { haltReason } from './evmTraces';
import { projectRoot } from './paths';

export const CROWDFUND_ID = '0.0.1006';
/** The second backer, who pledges to Crowdfund and claims a pledge. */
export const BACKER_ID = '0.0.1007';
/** Crowdfund's constructor arguments. The goal is above 2^64, as the e2e's exact result needs. */
export const CROWDFUND_GOAL = 5_000_000n * 10n ** 18n;
export const CROWDFUND_DEADLINE = 1_800_000_000n;
export const CROWDFUND_TITLE = 'Solar roof';
/** Longer than 31 bytes: stored in the long form (data at keccak(slot)). */
export const CROWDFUND_DESCRIPTION = 'Panels for the community hall, installed before the winter of 2027.';
/** The pledges after the deployment, in order, each its own block. */
export const CROWDFUND_PLEDGES: readonly { readonly from: string; readonly amount: bigint }[] = [
  { from: PAYER_ID, amount: 1_500_000n * 10n ** 18n },
  { from: BACKER_ID, amount: 250n * 10n ** 18n },
  { from: PAYER_ID, amount: 2n * 10n ** 18n },
];
/** Then the backer claims its pledge (index 1). */
export const CROWDFUND_CLAIM = { from: BACKER_ID, index: 1n } as const;
/** The gas a call gets when it names none, and the most an estimate tries: the mirror node's limit. */
export const CALL_GAS_CAP = 15_000_000n;

export interface WorldBlock {
  readonly number: bigint;
  /** `seconds.nanos`. */
  readonly timestamp: string;
  /** `0x` + 96 hex. */
  readonly hash: string;
}

export interface CallRequest {
  /** `0x` + 40 hex or `0.0.n`; none: the zero address, as the mirror node calls without `from`. */
  readonly from?: string;
  /** `0x` + 40 hex or `0.0.n`; none: `data` is init code, run as a create. */
  readonly to?: string;
  readonly data?: string;
  readonly value?: bigint;
  /** The gas limit, intrinsic gas included; none: CALL_GAS_CAP. */
  readonly gas?: bigint;
  readonly estimate?: boolean;
  readonly block?: 'latest' | 'earliest' | 'pending' | bigint;
}

export type CallOutcome =
  | { readonly kind: 'success'; readonly returnData: `0x${string}`; readonly gasUsed: bigint }
  | { readonly kind: 'revert'; readonly revertData: `0x${string}`; readonly gasUsed: bigint }
  | { readonly kind: 'halt'; readonly reason: string };

/** One transaction the world ran, with its block and what it left (for `/contracts/{id}/results`-like answers). */
export interface WorldTransaction {
  /** The scenario's name (evmScenarios.ts), or `deployCrowdfund`, `pledge1`…, `claim`. */
  readonly name: string;
  readonly description: string;
  readonly block: WorldBlock;
  /** `0.0.n` of the payer. */
  readonly from: string;
  /** `0.0.n` of the contract called or created. */
  readonly to: string;
  readonly created: boolean;
  readonly data: Hex;
  readonly gasLimit: bigint;
  /** Intrinsic and execution gas, before Hedera's refund rule (at most 20% of the limit refunded). */
  readonly gasConsumed: bigint;
  readonly outcome: 'success' | 'revert' | 'halt';
  /** The return or revert data; a halt's reason as text (`INSUFFICIENT_GAS`). */
  readonly result: string;
  readonly logs: readonly { readonly address: string; readonly topics: readonly Hex[]; readonly data: Hex }[];
}

export interface WorldContract {
  readonly id: string;
  readonly evmAddress: string;
  readonly contractName: string;
  readonly sourceName: string;
  readonly runtimeBytecode: `0x${string}`;
}

export interface EvmWorld {
  /** One per transaction, in order. */
  readonly blocks: readonly WorldBlock[];
  /**
   * Runs a call on the state after `block` (latest, pending, none: the last; earliest or a number
   * before the first block: before anything was deployed); nothing it changes is kept. Estimate:
   * the smallest gas limit (intrinsic gas included, refunds not subtracted) at which the call
   * succeeds: the gas a run at CALL_GAS_CAP uses when a run with exactly that succeeds, else a
   * binary search between it and the cap, as the mirror node's web3 module searches; a call that
   * reverts or halts at the cap answers that instead (its gasUsed: what that run used).
   * Throws UnknownBlockError for a block after the last, and an Error for a malformed address or data.
   */
  call(request: CallRequest): Promise<CallOutcome>;
  /** Every nonzero slot of `address` (`0x`+40 hex or `0.0.n`) after `block`: slot → value, both `0x`+64 hex, by slot. */
  storage(address: string, block?: bigint): Promise<ReadonlyMap<string, string>>;
  /** The contracts deployed (id, long-zero address, name, sourceName, runtime bytecode), by id. */
  readonly contracts: readonly WorldContract[];
  /** Every transaction run, in order (block i is transaction i's). */
  readonly transactions: readonly WorldTransaction[];
}

/** A block the world does not have (after its last). */
export class UnknownBlockError extends Error {
  constructor(readonly block: bigint) {
    super(`block ${block} is after the world's last block`);
    this.name = 'UnknownBlockError';
  }
}

// ---------------------------------------------------------------------------------------------
// Loading the EVM (as evmTraces.ts does: a real dynamic import of the ES module build)

interface Libraries {
  readonly evm: typeof EvmLib;
  readonly common: typeof CommonLib;
  readonly state: typeof StateLib;
  readonly util: typeof UtilLib;
}

// eslint-disable-next-line @typescript-eslint/no-implied-eval
const importModule = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

async function loadLibraries(): Promise<Libraries> {
  const [evm, common, state, util] = await Promise.all([
    importModule('@ethereumjs/evm'),
    importModule('@ethereumjs/common'),
    importModule('@ethereumjs/statemanager'),
    importModule('@ethereumjs/util'),
  ]);
  return {
    evm: evm as typeof EvmLib,
    common: common as typeof CommonLib,
    state: state as typeof StateLib,
    util: util as typeof UtilLib,
  };
}

type Address = UtilLib.Address;
type Account = UtilLib.Account;
type Message = EvmLib.Message;
type EvmResult = EvmLib.EVMResult;
type SimpleStateManager = StateLib.SimpleStateManager;

/** The state after a block: the state manager's maps, accounts copied (the EVM changes them in place). */
interface Snapshot {
  readonly accounts: ReadonlyMap<Hex, Account | undefined>;
  readonly code: ReadonlyMap<Hex, Uint8Array>;
  readonly storage: ReadonlyMap<string, Uint8Array>;
}

const EMPTY: Snapshot = { accounts: new Map(), code: new Map(), storage: new Map() };

function copyAccounts(accounts: ReadonlyMap<Hex, Account | undefined>): Map<Hex, Account | undefined> {
  const copy = new Map<Hex, Account | undefined>();
  for (const [address, account] of accounts) {
    copy.set(
      address,
      account === undefined
        ? undefined
        : (Object.assign(Object.create(Object.getPrototypeOf(account) as object), account) as Account),
    );
  }
  return copy;
}

function snapshotOf(state: SimpleStateManager): Snapshot {
  const top = state.accountStack.length - 1;
  return {
    accounts: copyAccounts(state.accountStack[top]),
    code: new Map(state.codeStack[top]),
    storage: new Map(state.storageStack[top]),
  };
}

/** A state manager holding a snapshot's state, its own to change. */
function stateFrom(libs: Libraries, snapshot: Snapshot, common: CommonLib.Common): SimpleStateManager {
  const state = new libs.state.SimpleStateManager({ common });
  state.accountStack = [copyAccounts(snapshot.accounts)];
  state.codeStack = [new Map(snapshot.code)];
  state.storageStack = [new Map(snapshot.storage)];
  return state;
}

const hex = (bytes: Uint8Array): Hex => `0x${Buffer.from(bytes).toString('hex')}`;

/** Ethereum's intrinsic gas, which Hedera charges too: the base, the calldata, a create's extra. */
function intrinsicGas(data: Uint8Array, create: boolean): bigint {
  let gas = 21_000;
  for (const byte of data) gas += byte === 0 ? 4 : 16;
  if (create) gas += 32_000 + 2 * Math.ceil(data.length / 32);
  return BigInt(gas);
}

/** The traces' made-up block of a transaction's sequence (evmTraces.ts: block 100 + sequence). */
function blockOf(sequence: number): WorldBlock {
  const validStart = 1_700_000_100 + 10 * sequence;
  const number = 100 + sequence;
  return {
    number: BigInt(number),
    timestamp: `${validStart + 2}.${String(100_000_000 + sequence).padStart(9, '0')}`,
    hash: `0x${createHash('sha384').update(`block ${number}`).digest('hex')}`,
  };
}

function blockHeader(libs: Libraries, block: WorldBlock | undefined): NonNullable<EvmLib.EVMRunCallOpts['block']> {
  return {
    header: {
      number: block?.number ?? 0n,
      coinbase: libs.util.createZeroAddress(),
      timestamp: block === undefined ? 0n : BigInt(block.timestamp.split('.')[0]),
      difficulty: 0n,
      prevRandao: new Uint8Array(32),
      gasLimit: CALL_GAS_CAP,
      baseFeePerGas: undefined,
      slotNumber: 0n,
      getBlobGasPrice: () => undefined,
    },
  };
}

/** `0x`+40 hex (lower case) of an address given as `0x`+40 hex or `0.0.n`. */
function evmAddressOf(address: string): string {
  if (/^0\.0\.\d+$/.test(address)) return longZeroAddress(address);
  if (/^0x[0-9a-fA-F]{40}$/.test(address)) return address.toLowerCase();
  throw new Error(`not an address (0x + 40 hex, or 0.0.n): ${JSON.stringify(address)}`);
}

// ---------------------------------------------------------------------------------------------
// Running transactions and calls

interface Machine {
  readonly libs: Libraries;
  readonly common: CommonLib.Common;
  /** An EVM on `state`; a top-level create lands at `createAt` when given (Hedera's next entity). */
  evm(state: SimpleStateManager): EvmLib.EVM & { createAt: Address | undefined };
}

async function newMachine(): Promise<Machine> {
  const libs = await loadLibraries();
  const { EVM, EVMMockBlockchain, NobleBN254 } = libs.evm;
  class HederaAddressedEvm extends EVM {
    createAt: Address | undefined;
    protected override async _generateAddress(message: Message): Promise<Address> {
      if (message.depth === 0 && this.createAt !== undefined) return this.createAt;
      return super._generateAddress(message);
    }
  }
  const common = new libs.common.Common({ chain: libs.common.Mainnet, hardfork: libs.common.Hardfork.Cancun });
  return {
    libs,
    common,
    evm: state =>
      new HederaAddressedEvm({
        common,
        stateManager: state,
        blockchain: new EVMMockBlockchain(),
        bn254: new NobleBN254(),
      }),
  };
}

interface Run {
  readonly from: string;
  readonly to?: string;
  readonly createAt?: string;
  readonly data: Uint8Array;
  readonly value: bigint;
  /** Intrinsic gas included. */
  readonly gasLimit: bigint;
  readonly block: WorldBlock | undefined;
}

type RunResult =
  { readonly kind: 'ran'; readonly result: EvmResult; readonly gasConsumed: bigint } | { readonly kind: 'no gas' };

/**
 * One transaction on `evm`'s state, started as a client's transaction processing starts it (the EVM
 * alone keeps it across calls): nothing warm but the sender, the contract called and the
 * precompiles (EIP-2929), each slot's value at the start as the original one SSTORE prices against.
 */
async function runOn(
  machine: Machine,
  evm: EvmLib.EVM & { createAt: Address | undefined },
  run: Run,
): Promise<RunResult> {
  const { util } = machine.libs;
  const intrinsic = intrinsicGas(run.data, run.to === undefined);
  if (run.gasLimit < intrinsic) return { kind: 'no gas' };
  await evm.journal.cleanup();
  evm.stateManager.originalStorageCache.clear();
  evm.journal.addAlwaysWarmAddress(run.from);
  if (run.to !== undefined) evm.journal.addAlwaysWarmAddress(run.to);
  for (const precompile of evm.precompiles.keys()) evm.journal.addAlwaysWarmAddress(precompile);
  evm.createAt = run.createAt === undefined ? undefined : util.createAddressFromString(run.createAt);
  const result = await evm.runCall({
    caller: util.createAddressFromString(run.from),
    origin: util.createAddressFromString(run.from),
    to: run.to === undefined ? undefined : util.createAddressFromString(run.to),
    data: run.data,
    value: run.value,
    gasLimit: run.gasLimit - intrinsic,
    skipBalance: true,
    block: blockHeader(machine.libs, run.block),
  });
  return { kind: 'ran', result, gasConsumed: intrinsic + result.execResult.executionGasUsed };
}

function outcomeOf(run: RunResult): CallOutcome {
  if (run.kind === 'no gas') return { kind: 'halt', reason: 'INSUFFICIENT_GAS' };
  const exec = run.result.execResult;
  const error = exec.exceptionError?.error;
  if (error === undefined) return { kind: 'success', returnData: hex(exec.returnValue), gasUsed: run.gasConsumed };
  if (error === 'revert') return { kind: 'revert', revertData: hex(exec.returnValue), gasUsed: run.gasConsumed };
  return { kind: 'halt', reason: haltReason(error) };
}

/** A transaction for `worldOf` to run, in its own block. */
export interface WorldTransactionInput {
  readonly name: string;
  readonly description?: string;
  /** `0.0.n` of the payer. */
  readonly from: string;
  /** `0.0.n` of the contract called; none: a create at `createAt`. */
  readonly to?: string;
  readonly createAt?: string;
  readonly data: Hex;
  readonly gasLimit: number;
  /** Stop with an error when it does not succeed (the scenarios' failures are meant; a deployment's are not). */
  readonly mustSucceed?: boolean;
}

/** Crowdfund's deployment, pledges and claim, after the scenarios. */
function crowdfundTransactions(build: SampleBuild): WorldTransactionInput[] {
  const abi = build.crowdfund.abi;
  const call = (functionName: string, args: readonly unknown[]): Hex => encodeFunctionData({ abi, functionName, args });
  return [
    {
      name: 'deployCrowdfund',
      description: `creates Crowdfund ("${CROWDFUND_TITLE}", goal ${CROWDFUND_GOAL}) as ${CROWDFUND_ID}`,
      from: PAYER_ID,
      createAt: CROWDFUND_ID,
      data: encodeDeployData({
        abi,
        bytecode: linkBytecode(build.crowdfund, {}),
        args: [CROWDFUND_GOAL, CROWDFUND_DEADLINE, CROWDFUND_TITLE, CROWDFUND_DESCRIPTION],
      }),
      gasLimit: 4_000_000,
      mustSucceed: true,
    },
    ...CROWDFUND_PLEDGES.map(({ from, amount }, i): WorldTransactionInput => ({
      name: `pledge${i + 1}`,
      description: `${from} pledges ${amount} to Crowdfund`,
      from,
      to: CROWDFUND_ID,
      data: call('pledge', [amount]),
      gasLimit: 400_000,
      mustSucceed: true,
    })),
    {
      name: 'claim',
      description: `${CROWDFUND_CLAIM.from} claims pledge ${CROWDFUND_CLAIM.index}`,
      from: CROWDFUND_CLAIM.from,
      to: CROWDFUND_ID,
      data: call('claim', [CROWDFUND_CLAIM.index]),
      gasLimit: 200_000,
      mustSucceed: true,
    },
  ];
}

function worldTransactions(build: SampleBuild): WorldTransactionInput[] {
  const scenarios = transactions(build).map((tx): WorldTransactionInput => ({ ...tx, from: PAYER_ID }));
  return [...scenarios, ...crowdfundTransactions(build)];
}

function contractNames(build: SampleBuild): Readonly<Record<string, { sourceName: string; contractName: string }>> {
  return {
    ...SAMPLE_CONTRACTS,
    [CROWDFUND_ID]: { sourceName: build.crowdfund.sourceName, contractName: build.crowdfund.contractName },
  };
}

// ---------------------------------------------------------------------------------------------
// The world

class SampleWorld implements EvmWorld {
  constructor(
    private readonly machine: Machine,
    readonly blocks: readonly WorldBlock[],
    /** The state after each block, by index. */
    private readonly snapshots: readonly Snapshot[],
    readonly contracts: readonly WorldContract[],
    readonly transactions: readonly WorldTransaction[],
  ) {}

  /** The block whose state answers `block`: undefined before the first. */
  private blockIndex(block: CallRequest['block'] | undefined): number | undefined {
    if (block === undefined || block === 'latest' || block === 'pending') {
      return this.blocks.length === 0 ? undefined : this.blocks.length - 1;
    }
    const first = this.blocks.at(0)?.number ?? 0n;
    if (block === 'earliest' || block < first) return undefined;
    const index = Number(block - first);
    if (index >= this.blocks.length) throw new UnknownBlockError(block);
    return index;
  }

  async call(request: CallRequest): Promise<CallOutcome> {
    const index = this.blockIndex(request.block);
    const snapshot = index === undefined ? EMPTY : this.snapshots[index];
    const data = request.data ?? '0x';
    if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(data)) throw new Error('call data is not 0x and whole bytes of hex');
    const run = (gasLimit: bigint): Promise<RunResult> => {
      const state = stateFrom(this.machine.libs, snapshot, this.machine.common);
      return runOn(this.machine, this.machine.evm(state), {
        from: request.from === undefined ? `0x${'0'.repeat(40)}` : evmAddressOf(request.from),
        to: request.to === undefined ? undefined : evmAddressOf(request.to),
        data: this.machine.libs.util.hexToBytes(data as Hex),
        value: request.value ?? 0n,
        gasLimit,
        block: index === undefined ? undefined : this.blocks[index],
      });
    };
    const limit = request.estimate === true ? CALL_GAS_CAP : (request.gas ?? CALL_GAS_CAP);
    const first = outcomeOf(await run(limit));
    if (request.estimate !== true || first.kind !== 'success') return first;
    // Most calls succeed with exactly the gas they used: one run says so. Else (a call that
    // forwards 63/64 of its gas, an SSTORE's stipend check) the smallest limit that succeeds:
    // `low` fails (or is below what the call uses), `high` succeeds.
    const exact = outcomeOf(await run(first.gasUsed));
    if (exact.kind === 'success') return { kind: 'success', returnData: exact.returnData, gasUsed: first.gasUsed };
    let low = first.gasUsed;
    let high = limit;
    let best = first;
    while (high - low > 1n) {
      const middle = (low + high) / 2n;
      const outcome = outcomeOf(await run(middle));
      if (outcome.kind === 'success') {
        high = middle;
        best = outcome;
      } else {
        low = middle;
      }
    }
    return { kind: 'success', returnData: best.returnData, gasUsed: high };
  }

  async storage(address: string, block?: bigint): Promise<ReadonlyMap<string, string>> {
    const index = this.blockIndex(block);
    const snapshot = index === undefined ? EMPTY : this.snapshots[index];
    return storageOf(snapshot, evmAddressOf(address));
  }
}

/** The nonzero slots of one account in a snapshot, by slot: the state manager keys them `<address>_<0x + 64 hex>`. */
function storageOf(snapshot: Snapshot, address: string): ReadonlyMap<string, string> {
  const prefix = `${address}_`;
  const slots: [string, string][] = [];
  for (const [key, value] of snapshot.storage) {
    if (!key.startsWith(prefix)) continue;
    const slot = key.slice(prefix.length);
    if (!/^0x[0-9a-f]{64}$/.test(slot)) throw new Error(`the state manager keyed a slot ${slot}: not 32 bytes of hex`);
    const word = Buffer.from(value).toString('hex').padStart(64, '0');
    if (/^0*$/.test(word)) continue;
    slots.push([slot, `0x${word}`]);
  }
  return new Map(slots.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * A world of its own: `transactions` run in order, each in its own block (block 100 + its index,
 * with the traces' made-up timestamps and hashes), on a new EVM. `contracts` names the contracts
 * the world lists (each must hold code at the end). For tests that deploy contracts of their own.
 */
export async function worldOf(
  transactions: readonly WorldTransactionInput[],
  contracts: Readonly<Record<string, { readonly sourceName: string; readonly contractName: string }>> = {},
): Promise<EvmWorld> {
  const machine = await newMachine();
  const state = new machine.libs.state.SimpleStateManager({ common: machine.common });
  const evm = machine.evm(state);
  const blocks: WorldBlock[] = [];
  const snapshots: Snapshot[] = [];
  const ran: WorldTransaction[] = [];
  for (const [sequence, tx] of transactions.entries()) {
    const block = blockOf(sequence);
    const to = tx.to ?? tx.createAt;
    if (to === undefined) throw new Error(`${tx.name}: neither a contract called nor one created`);
    const run = await runOn(machine, evm, {
      from: longZeroAddress(tx.from),
      to: tx.to === undefined ? undefined : longZeroAddress(tx.to),
      createAt: tx.createAt === undefined ? undefined : longZeroAddress(tx.createAt),
      data: machine.libs.util.hexToBytes(tx.data),
      value: 0n,
      gasLimit: BigInt(tx.gasLimit),
      block,
    });
    if (run.kind !== 'ran') throw new Error(`${tx.name}: its gas limit is below the intrinsic gas`);
    const outcome = outcomeOf(run);
    if (tx.mustSucceed === true && outcome.kind !== 'success') {
      const said = outcome.kind === 'halt' ? outcome.reason : outcome.revertData;
      throw new Error(`${tx.name} did not succeed: ${outcome.kind} ${said}`);
    }
    blocks.push(block);
    snapshots.push(snapshotOf(state));
    ran.push({
      name: tx.name,
      description: tx.description ?? tx.name,
      block,
      from: tx.from,
      to,
      created: tx.to === undefined,
      data: tx.data,
      gasLimit: BigInt(tx.gasLimit),
      gasConsumed: run.gasConsumed,
      outcome: outcome.kind,
      result:
        outcome.kind === 'success'
          ? outcome.returnData
          : outcome.kind === 'revert'
            ? outcome.revertData
            : outcome.reason,
      logs:
        outcome.kind === 'success'
          ? (run.result.execResult.logs ?? []).map(([address, topics, data]) => ({
              address: hex(address),
              topics: topics.map(hex),
              data: hex(data),
            }))
          : [],
    });
  }
  const listed: WorldContract[] = [];
  for (const [id, name] of Object.entries(contracts)) {
    const evmAddress = longZeroAddress(id);
    const code = await state.getCode(machine.libs.util.createAddressFromString(evmAddress));
    if (code.length === 0) throw new Error(`${name.contractName} has no code at ${id}`);
    listed.push({
      id,
      evmAddress,
      sourceName: name.sourceName,
      contractName: name.contractName,
      runtimeBytecode: hex(code),
    });
  }
  listed.sort((a, b) => Number(BigInt(a.id.slice(4)) - BigInt(b.id.slice(4))));
  return new SampleWorld(machine, blocks, snapshots, listed, ran);
}

async function buildWorld(root: string): Promise<EvmWorld> {
  const build = readSampleBuild(root);
  return worldOf(worldTransactions(build), contractNames(build));
}

let shared: Promise<EvmWorld> | undefined;

/** The sample world: the scenarios' contracts (evmScenarios.ts) then Crowdfund as above. Made once per process. */
export function sampleWorld(): Promise<EvmWorld> {
  shared ??= buildWorld(projectRoot());
  return shared;
}

/** `0.0.n` of a long-zero address, else undefined (re-exported for the routes that answer by id). */
export { idOfLongZero, longZeroAddress };
