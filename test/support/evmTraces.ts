// Call traces of the sample Hardhat project's contracts, made by running them on a real EVM
// (@ethereumjs/evm) and recording its call frames as the mirror node's `/actions` records
// (openapi.yml `ContractAction`), with the contract result `GET /contracts/results/{id}` answers.
// The same run keeps each instruction the EVM stepped through (test/support/evmSteps.ts), from
// which test/support/evmOpcodes.ts writes the `/opcodes` answer.
//
// Nothing here is written by hand: the bytecode is the sample's build-info (compiled by
// test/tools/make-abi-fixtures.mjs with solc-js; read and linked by test/support/evmSample.ts),
// every action comes from the EVM's own events (`beforeMessage` / `afterMessage` for the frames,
// `step` for the opcode that opened each frame, the code each frame's caller ran and the storage
// slots touched), every log from the EVM's result. The transactions are in
// test/support/evmScenarios.ts. What stands in for Hedera:
//  - addresses: the contracts are created at long-zero addresses (0.0.1002 is 0x…03ea), as Hedera
//    creates them, by choosing the address of each top-level CREATE; the payer is 0.0.1001;
//  - gas: the frame of a transaction gets the gas limit less the intrinsic gas (21,000, calldata,
//    and for a create 32,000 and the initcode words); the result charges at least 80% of the gas
//    limit, as Hedera refunds at most 20% of it;
//  - an exceptional halt reads as the halt reason's name (`INSUFFICIENT_GAS`), as Hedera's records
//    carry it in `result_data` and `error_message`;
//  - transaction ids, consensus timestamps, hashes and blocks are made up, the same every run.
// As Hedera records them (its ActionStack): a frame's caller is the contract whose code made the
// call (the caller frame's code address, so a call made by Vault's code running in VaultProxy's
// storage through a DELEGATECALL is called by Vault), and its recipient is the contract whose code
// runs (a DELEGATECALL's is the code's contract, not the account whose storage it uses).
// Same output every run: the EVM is deterministic and nothing reads the clock.
import { createHash } from 'crypto';
import { keccak256 } from 'viem';
import type * as EvmLib from '@ethereumjs/evm';
import type * as CommonLib from '@ethereumjs/common';
import type * as StateLib from '@ethereumjs/statemanager';
import type * as UtilLib from '@ethereumjs/util';
import { haltReason } from '../../src/debug/replay/engine/hedera';
import { readSampleBuild, type SolcBuild } from './evmSample';
import {
  longZeroAddress,
  idOfLongZero,
  PAYER_ID,
  transactions,
  type ScenarioName,
  type Transaction,
} from './evmScenarios';
import { keepRawTrace, StepRecorder } from './evmSteps';
import { projectRoot } from './paths';

// An EVM halt message as Hedera's records name it, by the replay engine's own table (the EVM
// world's calls answer with it too).
export { haltReason };
export { readSampleBuild, type SolcBuild } from './evmSample';
export {
  idOfLongZero,
  LIBRARY_ID,
  longZeroAddress,
  PAYER_ID,
  PROXY_ID,
  SAMPLE_CONTRACTS,
  TOKEN_ID,
  VAULT_ID,
  type ScenarioName,
} from './evmScenarios';

// ---------------------------------------------------------------------------------------------
// The records, in the mirror node's member order

export type CallOperationType = 'CALL' | 'CALLCODE' | 'CREATE' | 'CREATE2' | 'DELEGATECALL' | 'STATICCALL' | 'UNKNOWN';
export type ResultDataType = 'OUTPUT' | 'REVERT_REASON' | 'ERROR';

/** One `/actions` record, as the mirror node's ContractActionViewModel lays it out. */
export interface ContractActionRecord {
  call_depth: number;
  call_operation_type: CallOperationType;
  call_type: 'NO_ACTION' | 'CALL' | 'CREATE' | 'PRECOMPILE' | 'SYSTEM';
  caller: string;
  caller_type: 'ACCOUNT' | 'CONTRACT';
  from: string;
  gas: number;
  gas_used: number;
  index: number;
  input: string | null;
  recipient: string | null;
  recipient_type: 'ACCOUNT' | 'CONTRACT' | null;
  result_data: string | null;
  result_data_type: ResultDataType;
  timestamp: string;
  to: string | null;
  value: number;
}

/** The body of `GET /api/v1/contracts/results/{id}/actions`. */
export interface ContractActionsBody {
  actions: ContractActionRecord[];
  links: { next: string | null };
}

export interface ContractLogRecord {
  address: string;
  bloom: string;
  contract_id: string;
  data: string;
  index: number;
  topics: string[];
}

export interface StateChangeRecord {
  address: string;
  contract_id: string;
  slot: string;
  value_read: string;
  value_written: string | null;
}

/** The body of `GET /api/v1/contracts/results/{id}` for a ContractCall / ContractCreate (no Ethereum transaction). */
export interface ContractResultRecord {
  access_list: null;
  amount: number;
  block_gas_used: number;
  block_hash: string;
  block_number: number;
  bloom: string;
  call_result: string;
  chain_id: null;
  contract_id: string;
  created_contract_ids: string[];
  error_message: string | null;
  address: string;
  failed_initcode: string | null;
  from: string;
  function_parameters: string;
  gas_consumed: number;
  gas_limit: number;
  gas_price: null;
  gas_used: number;
  hash: string;
  logs: ContractLogRecord[];
  max_fee_per_gas: null;
  max_priority_fee_per_gas: null;
  nonce: null;
  r: null;
  result: string;
  s: null;
  state_changes: StateChangeRecord[];
  status: '0x1' | '0x0';
  timestamp: string;
  to: string;
  transaction_index: number;
  type: null;
  v: null;
}

/** A contract as `GET /api/v1/contracts/{id}` names it (the members a trace's names need). */
export interface TracedContract {
  contract_id: string;
  evm_address: string;
  runtime_bytecode: string;
}

/** A scenario of the sample (`ScenarioName`), or of another chain run with runChain (any name). */
export interface EvmScenario<Name extends string = ScenarioName> {
  readonly name: Name;
  /** What the transaction does, in words. */
  readonly description: string;
  /** `0.0.1001-1700000100-000000000`: how the mirror node's URLs name it. */
  readonly transactionId: string;
  /** The consensus timestamp, `seconds.nanos`. */
  readonly timestamp: string;
  readonly actions: ContractActionRecord[];
  readonly contractResult: ContractResultRecord;
  /** The contracts the actions name, after the transaction, by id. */
  readonly contracts: TracedContract[];
}

export interface EvmTraces {
  readonly solc: SolcBuild;
  /** In the order they ran: each starts from the state the one before left. */
  readonly scenarios: readonly EvmScenario[];
  readonly byName: Readonly<Record<ScenarioName, EvmScenario>>;
}

// ---------------------------------------------------------------------------------------------
// Paging, as the real server pages by index

/**
 * The page of `limit` actions after `afterIndex` (none: from the first), with `links.next` as the
 * mirror node writes it: set whenever the page is full (so a last full page is followed by an
 * empty one), `?limit=N&index=gt:<last index>`.
 */
export function actionsPage(scenario: EvmScenario, limit: number, afterIndex?: number): ContractActionsBody {
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new RangeError(`limit ${limit} not in 1..100`);
  const actions = scenario.actions.filter(a => afterIndex === undefined || a.index > afterIndex).slice(0, limit);
  const last = actions.at(-1);
  const next =
    last === undefined || actions.length !== limit
      ? null
      : `/api/v1/contracts/results/${scenario.transactionId}/actions?limit=${limit}&index=gt:${last.index}`;
  return { actions, links: { next } };
}

/** Every page a client following `links.next` reads, each with the path it asked for. */
export function actionsPages(scenario: EvmScenario, limit: number): { url: string; body: ContractActionsBody }[] {
  const pages: { url: string; body: ContractActionsBody }[] = [];
  let url: string | null = `/api/v1/contracts/results/${scenario.transactionId}/actions?limit=${limit}`;
  let after: number | undefined;
  while (url !== null) {
    const body = actionsPage(scenario, limit, after);
    pages.push({ url, body });
    url = body.links.next;
    after = body.actions.at(-1)?.index;
  }
  return pages;
}

// ---------------------------------------------------------------------------------------------
// Loading the EVM

interface Libraries {
  readonly evm: typeof EvmLib;
  readonly common: typeof CommonLib;
  readonly state: typeof StateLib;
  readonly util: typeof UtilLib;
}

// The @ethereumjs packages ship an ES module build whose dependencies (@noble/*) are ES modules
// only. These tests compile to CommonJS, where tsc turns `import()` into `require()`; a Function
// body is not compiled, so its `import()` stays a real dynamic import and loads the ES module
// build on any Node 20. It resolves from this file, as a static import would.
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const importModule = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

let libraries: Promise<Libraries> | undefined;

function loadLibraries(): Promise<Libraries> {
  libraries ??= Promise.all([
    importModule('@ethereumjs/evm'),
    importModule('@ethereumjs/common'),
    importModule('@ethereumjs/statemanager'),
    importModule('@ethereumjs/util'),
  ]).then(([evm, common, state, util]) => ({
    evm: evm as typeof EvmLib,
    common: common as typeof CommonLib,
    state: state as typeof StateLib,
    util: util as typeof UtilLib,
  }));
  return libraries;
}

// ---------------------------------------------------------------------------------------------
// Recording the EVM's frames

type Address = UtilLib.Address;
type Message = EvmLib.Message;
type EvmResult = EvmLib.EVMResult;
type Step = EvmLib.InterpreterStep;

const CALL_OPCODES = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2']);
/** Hedera's system contracts: HTS, exchange rate, PRNG, HAS. */
const SYSTEM_CONTRACTS = new Set(['0.0.359', '0.0.360', '0.0.361', '0.0.362']);

const hex = (bytes: Uint8Array): string => `0x${Buffer.from(bytes).toString('hex')}`;
const word = (value: bigint): string => `0x${value.toString(16).padStart(64, '0')}`;

function entityOf(address: string): string {
  const id = idOfLongZero(address);
  if (id === undefined) throw new Error(`${address} is not a long-zero address`);
  return id;
}

interface OpenFrame {
  readonly index: number;
  readonly message: Message;
  readonly operation: CallOperationType;
  /** The call data, or a create's init code (the EVM moves it out of `data` once the create starts). */
  readonly input: string;
  /** Who called, as Hedera records it: the payer, or the contract whose code made the call. */
  readonly caller: string;
}

interface TouchedSlot {
  readonly address: string;
  readonly slot: bigint;
  wrote: boolean;
}

/** What the events of one transaction leave: the frames in pre-order, the storage slots touched. */
class TransactionRecorder {
  readonly frames: (ContractActionRecord | undefined)[] = [];
  readonly touched = new Map<string, TouchedSlot>();
  private readonly open: OpenFrame[] = [];
  /** The call opcode each depth executed last: the next frame one deeper is what it opened. */
  private readonly opening = new Map<number, CallOperationType>();
  /** The contract whose code each depth runs: a frame one deeper is called by it. */
  private readonly codeAt = new Map<number, string>();

  constructor(
    private readonly evm: EvmLib.EVM,
    private readonly timestamp: string,
  ) {}

  get unfinished(): number {
    return this.open.length;
  }

  onStep(step: Step): void {
    const name = step.opcode.name;
    if (CALL_OPCODES.has(name)) {
      this.opening.set(step.depth, name as CallOperationType);
      // A create's frame has no code address: its code is the init code of the account it creates.
      this.codeAt.set(step.depth, ((step.codeAddress as Address | undefined) ?? step.address).toString());
    }
    if (name === 'SLOAD' || name === 'SSTORE') {
      const slot = step.stack[step.stack.length - 1];
      const address = step.address.toString();
      const key = `${address}:${slot}`;
      const seen = this.touched.get(key) ?? { address, slot, wrote: false };
      seen.wrote ||= name === 'SSTORE';
      this.touched.set(key, seen);
    }
  }

  onBeforeMessage(message: Message): void {
    let operation: CallOperationType;
    // Hedera's ActionStack names the caller frame's code address (its `getContractAddress()`), not
    // the message's sender: under a DELEGATECALL the two differ.
    let caller: string = message.caller.toString();
    if (message.depth === 0) {
      operation = message.to === undefined ? (message.salt === undefined ? 'CREATE' : 'CREATE2') : 'CALL';
    } else {
      operation = this.opening.get(message.depth - 1) ?? 'UNKNOWN';
      caller = this.codeAt.get(message.depth - 1) ?? caller;
      this.opening.delete(message.depth - 1);
      this.codeAt.delete(message.depth - 1);
    }
    this.open.push({ index: this.frames.length, message, operation, input: hex(message.data), caller });
    this.frames.push(undefined);
  }

  async onAfterMessage(result: EvmResult): Promise<void> {
    const frame = this.open.pop();
    if (frame === undefined) throw new Error('afterMessage without beforeMessage');
    const { message, operation, index, input, caller } = frame;
    const creates = operation === 'CREATE' || operation === 'CREATE2';
    // A DELEGATECALL or CALLCODE runs the called contract's code in the caller's storage: the
    // recipient is the contract called, the code's address.
    const recipientAddress: Address | undefined =
      operation === 'DELEGATECALL' || operation === 'CALLCODE'
        ? message.codeAddress
        : (message.to ?? result.createdAddress);
    const to = recipientAddress?.toString() ?? null;
    const recipient = to === null ? null : entityOf(to);
    const hasCode = recipientAddress !== undefined && (await this.evm.stateManager.getCodeSize(recipientAddress)) > 0;
    const error = result.execResult.exceptionError?.error;
    const resultType: ResultDataType = error === undefined ? 'OUTPUT' : error === 'revert' ? 'REVERT_REASON' : 'ERROR';
    this.frames[index] = {
      call_depth: message.depth,
      call_operation_type: operation,
      call_type: creates
        ? 'CREATE'
        : recipientAddress !== undefined && this.evm.getPrecompile(recipientAddress) !== undefined
          ? 'PRECOMPILE'
          : recipient !== null && SYSTEM_CONTRACTS.has(recipient)
            ? 'SYSTEM'
            : 'CALL',
      caller: entityOf(caller),
      caller_type: message.depth === 0 ? 'ACCOUNT' : 'CONTRACT',
      from: caller,
      gas: Number(message.gasLimit),
      gas_used: Number(result.execResult.executionGasUsed),
      index,
      input,
      recipient,
      recipient_type: to === null ? null : creates || hasCode ? 'CONTRACT' : 'ACCOUNT',
      result_data:
        resultType === 'ERROR' ? hex(Buffer.from(haltReason(error ?? ''), 'utf8')) : hex(result.execResult.returnValue),
      result_data_type: resultType,
      timestamp: this.timestamp,
      to,
      value: Number(message.value),
    };
  }
}

// ---------------------------------------------------------------------------------------------
// The chain: one EVM, contracts created at the addresses Hedera would give them

interface Chain {
  readonly libs: Libraries;
  readonly options: ChainOptions;
  readonly evm: EvmLib.EVM & { createAt: Address | undefined };
  recorder: TransactionRecorder | undefined;
  /** The same transaction's instructions, for its opcode trace. */
  steps: StepRecorder | undefined;
  /** Errors thrown inside the EVM's listeners, which the EVM cannot see: checked after each transaction. */
  readonly failures: unknown[];
  /** Every storage slot's value after the transactions so far (all storage starts empty). */
  readonly storage: Map<string, bigint>;
}

async function newChain(options: ChainOptions = {}): Promise<Chain> {
  const libs = await loadLibraries();
  const { EVM, EVMMockBlockchain, NobleBN254 } = libs.evm;
  // The EVM derives a created contract's address from its creator; Hedera gives it the next
  // entity number. The address of a top-level CREATE is chosen here, as Hedera's would be.
  class HederaAddressedEvm extends EVM {
    createAt: Address | undefined;
    protected override async _generateAddress(message: Message): Promise<Address> {
      if (message.depth === 0 && this.createAt !== undefined) return this.createAt;
      return super._generateAddress(message);
    }
  }
  const evm = new HederaAddressedEvm({
    common:
      options.chainId === undefined
        ? new libs.common.Common({ chain: libs.common.Mainnet, hardfork: libs.common.Hardfork.Cancun })
        : libs.common.createCustomCommon({ chainId: Number(options.chainId) }, libs.common.Mainnet, {
            hardfork: libs.common.Hardfork.Cancun,
          }),
    stateManager: new libs.state.SimpleStateManager(),
    blockchain: new EVMMockBlockchain(),
    bn254: new NobleBN254(),
    ...(options.standIns === undefined ? {} : { customPrecompiles: standInPrecompiles(libs, options.standIns) }),
  });
  const chain: Chain = {
    libs,
    options,
    evm,
    recorder: undefined,
    steps: undefined,
    failures: [],
    storage: new Map(),
  };
  const noting = (listener: () => void) => {
    try {
      listener();
    } catch (e) {
      chain.failures.push(e);
    }
  };
  evm.events.on('step', (step: Step) =>
    noting(() => {
      chain.recorder?.onStep(step);
      chain.steps?.onStep(step);
    }),
  );
  evm.events.on('beforeMessage', (message: Message) =>
    noting(() => {
      chain.recorder?.onBeforeMessage(message);
      chain.steps?.onBeforeMessage(message);
    }),
  );
  // Two parameters: the EVM waits for `done` before it goes on.
  evm.events.on('afterMessage', (result: EvmResult, done?: (value?: unknown) => void) => {
    noting(() => chain.steps?.onAfterMessage(result));
    const recorded = chain.recorder?.onAfterMessage(result) ?? Promise.resolve();
    recorded.then(
      () => done?.(),
      (e: unknown) => {
        chain.failures.push(e);
        done?.();
      },
    );
  });
  return chain;
}

/** Ethereum's intrinsic gas, which Hedera charges too: the base, the calldata, a create's extra. */
function intrinsicGas(data: Uint8Array, create: boolean): number {
  let gas = 21_000;
  for (const byte of data) gas += byte === 0 ? 4 : 16;
  if (create) gas += 32_000 + 2 * Math.ceil(data.length / 32);
  return gas;
}

/** The 2048-bit bloom filter of logs: three bits per address and topic, from its Keccak hash. */
function bloomOf(items: readonly Uint8Array[]): Uint8Array {
  const bloom = new Uint8Array(256);
  for (const item of items) {
    const hash = Buffer.from(keccak256(item, 'bytes'));
    for (let i = 0; i < 6; i += 2) {
      const bit = ((hash[i] << 8) | hash[i + 1]) & 2047;
      bloom[255 - (bit >> 3)] |= 1 << (bit & 7);
    }
  }
  return bloom;
}

function madeUpHash(text: string, bytes: number): string {
  return `0x${createHash('sha384')
    .update(text)
    .digest('hex')
    .slice(0, bytes * 2)}`;
}

async function stateChanges(
  chain: Chain,
  recorder: TransactionRecorder,
  succeeded: boolean,
): Promise<StateChangeRecord[]> {
  const changes: StateChangeRecord[] = [];
  for (const [key, touched] of recorder.touched) {
    const address = chain.libs.util.createAddressFromString(touched.address);
    const raw = await chain.evm.stateManager.getStorage(
      address,
      chain.libs.util.setLengthLeft(chain.libs.util.bigIntToBytes(touched.slot), 32),
    );
    const after = raw.length === 0 ? 0n : chain.libs.util.bytesToBigInt(raw);
    const before = chain.storage.get(key) ?? 0n;
    chain.storage.set(key, after);
    if (!succeeded) continue;
    changes.push({
      address: touched.address,
      contract_id: entityOf(touched.address),
      slot: word(touched.slot),
      value_read: word(before),
      value_written: touched.wrote ? word(after) : null,
    });
  }
  return changes;
}

/**
 * What a transaction starts from, as a client's transaction processing sets it (the EVM alone keeps
 * it across calls): nothing warm but the sender, the contract called and the precompiles (EIP-2929),
 * and each slot's value at the transaction's start as the original one SSTORE prices against.
 */
async function startTransaction(chain: Chain, tx: ChainTransaction<string>): Promise<void> {
  await chain.evm.journal.cleanup();
  chain.evm.stateManager.originalStorageCache.clear();
  chain.evm.journal.addAlwaysWarmAddress(longZeroAddress(PAYER_ID));
  if (tx.to !== undefined) chain.evm.journal.addAlwaysWarmAddress(longZeroAddress(tx.to));
  const cold = new Set((chain.options.standIns ?? []).filter(s => !s.warm).map(s => s.address.slice(2)));
  for (const precompile of chain.evm.precompiles.keys()) {
    if (!cold.has(precompile)) chain.evm.journal.addAlwaysWarmAddress(precompile);
  }
}

async function runTransaction<Name extends string>(
  chain: Chain,
  tx: ChainTransaction<Name>,
  sequence: number,
): Promise<EvmScenario<Name>> {
  const { util } = chain.libs;
  const data = util.hexToBytes(tx.data);
  const create = tx.to === undefined;
  const intrinsic = intrinsicGas(data, create);
  const validStart = 1_700_000_100 + 10 * sequence;
  const timestamp = `${validStart + 2}.${String(100_000_000 + sequence).padStart(9, '0')}`;
  const transactionId = `${PAYER_ID}-${validStart}-000000000`;
  await startTransaction(chain, tx);
  const recorder = new TransactionRecorder(chain.evm, timestamp);
  const steps = tx.recordSteps === false ? undefined : new StepRecorder();
  chain.recorder = recorder;
  chain.steps = steps;
  chain.evm.createAt =
    tx.createAt === undefined ? undefined : util.createAddressFromString(longZeroAddress(tx.createAt));
  const result = await chain.evm.runCall({
    caller: util.createAddressFromString(longZeroAddress(PAYER_ID)),
    to: tx.to === undefined ? undefined : util.createAddressFromString(longZeroAddress(tx.to)),
    data,
    gasLimit: BigInt(tx.gasLimit - intrinsic),
    value: tx.value ?? 0n,
    ...(chain.options.hederaBlock ? { block: hederaBlock(chain, 100 + sequence, validStart + 2, tx.gasLimit) } : {}),
  });
  chain.recorder = undefined;
  chain.steps = undefined;
  if (chain.failures.length > 0) throw chain.failures[0];
  if (recorder.unfinished !== 0 || recorder.frames.some(f => f === undefined)) {
    throw new Error(`${tx.name}: a frame the EVM opened was never closed`);
  }
  const actions = recorder.frames.filter((f): f is ContractActionRecord => f !== undefined);
  const contractResult = await contractResultOf(chain, tx, result, recorder, {
    intrinsic,
    timestamp,
    transactionId,
    sequence,
  });
  const scenario: EvmScenario<Name> = {
    name: tx.name,
    description: tx.description,
    transactionId,
    timestamp,
    actions,
    contractResult,
    contracts: await contractsNamed(chain, actions),
  };
  if (steps !== undefined) keepRawTrace(scenario, steps.trace());
  return scenario;
}

interface ResultContext {
  readonly intrinsic: number;
  readonly timestamp: string;
  readonly transactionId: string;
  readonly sequence: number;
}

async function contractResultOf(
  chain: Chain,
  tx: ChainTransaction<string>,
  result: EvmResult,
  recorder: TransactionRecorder,
  context: ResultContext,
): Promise<ContractResultRecord> {
  const exec = result.execResult;
  const error = exec.exceptionError?.error;
  const succeeded = error === undefined;
  const contractAddress = tx.to === undefined ? result.createdAddress!.toString() : longZeroAddress(tx.to);
  const contractId = entityOf(contractAddress);
  const logs = (exec.logs ?? []).map(([address, topics, data], index): ContractLogRecord => ({
    address: hex(address),
    bloom: hex(bloomOf([address, ...topics])),
    contract_id: entityOf(hex(address)),
    data: hex(data),
    index,
    topics: topics.map(hex),
  }));
  const bloom = hex(bloomOf((exec.logs ?? []).flatMap(([address, topics]) => [address, ...topics])));
  const gasConsumed = context.intrinsic + Number(exec.executionGasUsed);
  // Hedera refunds at most 20% of the gas limit.
  const gasUsed = Math.max(gasConsumed, Math.ceil(tx.gasLimit * 0.8));
  const halt = error !== undefined && error !== 'revert' ? haltReason(error) : undefined;
  return {
    access_list: null,
    amount: Number((tx.value ?? 0n) / WEIBARS_PER_TINYBAR),
    block_gas_used: gasUsed,
    block_hash: madeUpHash(`block ${100 + context.sequence}`, 48),
    block_number: 100 + context.sequence,
    bloom: logs.length === 0 ? '0x' : bloom,
    call_result: succeeded ? hex(exec.returnValue) : '0x',
    chain_id: null,
    contract_id: contractId,
    created_contract_ids: tx.to === undefined && succeeded ? [contractId] : [],
    error_message: succeeded ? null : (halt ?? hex(exec.returnValue)),
    address: contractAddress,
    failed_initcode: tx.to === undefined && !succeeded ? tx.data : null,
    from: longZeroAddress(PAYER_ID),
    function_parameters: tx.data,
    gas_consumed: gasConsumed,
    gas_limit: tx.gasLimit,
    gas_price: null,
    gas_used: gasUsed,
    hash: madeUpHash(context.transactionId, 32),
    logs,
    max_fee_per_gas: null,
    max_priority_fee_per_gas: null,
    nonce: null,
    r: null,
    result: succeeded
      ? 'SUCCESS'
      : halt === undefined
        ? 'CONTRACT_REVERT_EXECUTED'
        : halt === 'INSUFFICIENT_GAS'
          ? 'INSUFFICIENT_GAS'
          : 'CONTRACT_EXECUTION_EXCEPTION',
    s: null,
    state_changes: await stateChanges(chain, recorder, succeeded),
    status: succeeded ? '0x1' : '0x0',
    timestamp: context.timestamp,
    to: contractAddress,
    transaction_index: 1,
    type: null,
    v: null,
  };
}

/** Each contract the actions name, with its code after the transaction. */
async function contractsNamed(chain: Chain, actions: readonly ContractActionRecord[]): Promise<TracedContract[]> {
  const ids = [...new Set(actions.flatMap(a => [a.caller, a.recipient ?? '']))].filter(id => id !== '');
  const contracts: TracedContract[] = [];
  for (const id of ids) {
    const address = longZeroAddress(id);
    const code = await chain.evm.stateManager.getCode(chain.libs.util.createAddressFromString(address));
    if (code.length > 0) contracts.push({ contract_id: id, evm_address: address, runtime_bytecode: hex(code) });
  }
  return contracts.sort((a, b) => Number(BigInt(a.contract_id.slice(4)) - BigInt(b.contract_id.slice(4))));
}

// ---------------------------------------------------------------------------------------------
// Other chains: the local replay's test ground (test/tools/make-replay-fixtures.ts) runs its own
// contracts on a chain set up as Hedera's testnet, with stand-ins for what runs in the node. The
// sample's chain above keeps its settings (none of its contracts reads a block value), so its
// records stay as they were.

/** A transaction of another chain: any name, optionally value sent and no instructions kept. */
export type ChainTransaction<Name extends string = string> = Omit<Transaction, 'name'> & {
  readonly name: Name;
  /** Weibars sent with the call (tinybars ×10^10); default none. */
  readonly value?: bigint;
  /** false: no instruction is kept (a long loop), so the scenario has no opcode trace. Default true. */
  readonly recordSteps?: boolean;
};

/** What answers a call to an address that runs no code here (a system contract, a token's facade). */
export interface StandIn {
  /** Lowercase 0x address. */
  readonly address: string;
  /** Warm from the transaction's start, as the EVM's precompiles are (EIP-2929); a token's address is not. */
  readonly warm: boolean;
  answer(input: Uint8Array): { readonly output: Uint8Array; readonly gasUsed: bigint; readonly reverted: boolean };
}

export interface ChainOptions {
  /** CHAINID's answer (default: the sample's, Ethereum mainnet's 1). */
  readonly chainId?: bigint;
  /** NUMBER, TIMESTAMP, COINBASE… as Hedera sets them (default: the EVM's blank block). */
  readonly hederaBlock?: boolean;
  readonly standIns?: readonly StandIn[];
  /** Balances (weibars) before the first transaction, by lowercase 0x address. */
  readonly balances?: Readonly<Record<string, bigint>>;
}

type RunBlock = NonNullable<EvmLib.EVMRunCallOpts['block']>;

/** 0.0.98, the fee collection account: Hedera's COINBASE. */
export const HEDERA_COINBASE_ID = '0.0.98';
export const WEIBARS_PER_TINYBAR = 10_000_000_000n;

function standInPrecompiles(libs: Libraries, standIns: readonly StandIn[]): EvmLib.CustomPrecompile[] {
  return standIns.map(standIn => ({
    address: libs.util.createAddressFromString(standIn.address),
    function: (input: EvmLib.PrecompileInput): EvmLib.ExecResult => {
      const { output, gasUsed, reverted } = standIn.answer(input.data);
      if (gasUsed > input.gasLimit) {
        return {
          returnValue: new Uint8Array(0),
          executionGasUsed: input.gasLimit,
          exceptionError: new libs.evm.EVMError(libs.evm.EVMError.errorMessages.OUT_OF_GAS),
        };
      }
      return {
        returnValue: output,
        executionGasUsed: gasUsed,
        ...(reverted ? { exceptionError: new libs.evm.EVMError(libs.evm.EVMError.errorMessages.REVERT) } : {}),
      };
    },
  }));
}

/**
 * The block values as Hedera gives them (docs.hedera.com, "Solidity variables and opcodes"):
 * NUMBER the record file's block number, TIMESTAMP the consensus seconds, COINBASE 0.0.98,
 * PREVRANDAO and DIFFICULTY zero, BASEFEE zero, GASLIMIT the transaction's gas limit.
 */
function hederaBlock(chain: Chain, number: number, seconds: number, gasLimit: number): RunBlock {
  return {
    header: {
      number: BigInt(number),
      coinbase: chain.libs.util.createAddressFromString(longZeroAddress(HEDERA_COINBASE_ID)),
      timestamp: BigInt(seconds),
      difficulty: 0n,
      prevRandao: new Uint8Array(32),
      gasLimit: BigInt(gasLimit),
      baseFeePerGas: 0n,
      getBlobGasPrice: () => 0n,
    },
  };
}

/** What a chain holds between its transactions, for a world's snapshots. */
export interface ChainState {
  /** The code at an address (`0x` for none). */
  code(address: string): Promise<string>;
  /** The balance of an address in weibars (0 for no account). */
  balance(address: string): Promise<bigint>;
}

/**
 * Runs `txs` in order on a new chain set up by `options`, numbered from `firstSequence` (ids,
 * timestamps and blocks as runEvmTraces makes them for that place); `afterEach` sees the state each
 * transaction left. The scenarios' instructions are kept (opcodesOf reads them) unless a
 * transaction says not to.
 */
export async function runChain<Name extends string>(
  txs: readonly ChainTransaction<Name>[],
  options: ChainOptions & { readonly firstSequence: number },
  afterEach?: (scenario: EvmScenario<Name>, state: ChainState) => Promise<void>,
): Promise<EvmScenario<Name>[]> {
  const chain = await newChain(options);
  const { util } = chain.libs;
  for (const [address, balance] of Object.entries(options.balances ?? {})) {
    await chain.evm.stateManager.putAccount(util.createAddressFromString(address), util.createAccount({ balance }));
  }
  const state: ChainState = {
    code: async address => hex(await chain.evm.stateManager.getCode(util.createAddressFromString(address))),
    balance: async address =>
      (await chain.evm.stateManager.getAccount(util.createAddressFromString(address)))?.balance ?? 0n,
  };
  const scenarios: EvmScenario<Name>[] = [];
  for (const [i, tx] of txs.entries()) {
    const scenario = await runTransaction(chain, tx, options.firstSequence + i);
    await afterEach?.(scenario, state);
    scenarios.push(scenario);
  }
  return scenarios;
}

// ---------------------------------------------------------------------------------------------
// Running them

/** Runs every scenario on a new EVM: a fresh run each call, the same records every time. */
export async function runEvmTraces(root = projectRoot()): Promise<EvmTraces> {
  const build = readSampleBuild(root);
  const chain = await newChain();
  const scenarios: EvmScenario[] = [];
  for (const [sequence, tx] of transactions(build).entries()) scenarios.push(await runTransaction(chain, tx, sequence));
  const byName = Object.fromEntries(scenarios.map(s => [s.name, s])) as Record<ScenarioName, EvmScenario>;
  return { solc: build.solc, scenarios, byName };
}

let shared: Promise<EvmTraces> | undefined;

/** The traces, run once per process (the records are the same every run). */
export function evmTraces(): Promise<EvmTraces> {
  shared ??= runEvmTraces();
  return shared;
}
