// The replay bench's transaction and the world it ran in: a contract assembled here from opcodes
// whose call loops over 50 storage slots (each read once with SLOAD, none of them written, so none
// is in the record's state_changes and every one is asked of the mirror node) with enough
// arithmetic between reads for ~5,000 instructions in all; the world (its code, the slots' values
// before the transaction, the sender's balance) in the shape test/support/replayMirror.ts serves.
// The record's result members (output, gas consumed, the top frame's gas used) come from a run of
// the replay engine itself against the same world with no network in between: the bench times the
// replay, and the verdict it reports only says the timed runs did what that run did.
import type { ContractAction } from '../../src/mirror/schemas';
import type { ReplayEngine } from '../../src/debug/replay/host/engineLoader';
import { replayInputOf } from '../../src/debug/replay/host/inputs';
import { DEFAULT_REPLAY_LIMITS, type ReplayOutcome, type StateReader, type Word } from '../../src/debug/replay/types';
import type { ContractActionRecord, ContractResultRecord } from '../support/evmTraces';
import type { ReplayFixtures, ReplayScenarioFile, ReplayWorld } from '../support/replayFixtures';

export const SLOTS = 50;
/** Two instructions (PUSH1 1, ADD) per unit: 16 + 2 × 42 = 100 instructions per slot read. */
const BUSY_UNITS = 42;
/** The first slot read; slot k is FIRST_SLOT + k. */
const FIRST_SLOT = 0x100;

const OP = {
  STOP: 0x00,
  ADD: 0x01,
  GT: 0x11,
  POP: 0x50,
  MSTORE: 0x52,
  SLOAD: 0x54,
  JUMPI: 0x57,
  JUMPDEST: 0x5b,
  PUSH1: 0x60,
  PUSH2: 0x61,
  DUP1: 0x80,
  DUP3: 0x82,
  SWAP2: 0x91,
  RETURN: 0xf3,
} as const;

/**
 * The runtime code (hex, 0x…) and the instructions one call executes. Stack comments: bottom first.
 *   acc = 0; i = 0
 *   loop: v = SLOAD(FIRST_SLOT + i) + BUSY_UNITS; acc += v; i++; if (i < SLOTS) goto loop
 *   return acc as one word
 */
export function assembleSlotLoop(): { code: string; instructions: number } {
  const bytes: number[] = [];
  let instructions = 0;
  let perIteration = 0;
  const emit = (...ops: number[]) => bytes.push(...ops);
  const op = (code: number, ...immediate: number[]) => {
    emit(code, ...immediate);
    perIteration++;
  };
  op(OP.PUSH1, 0); // [acc]
  op(OP.PUSH1, 0); // [acc, i]
  instructions += perIteration;
  perIteration = 0;
  const loop = bytes.length;
  op(OP.JUMPDEST);
  op(OP.DUP1); // [acc, i, i]
  op(OP.PUSH2, FIRST_SLOT >> 8, FIRST_SLOT & 0xff);
  op(OP.ADD); // [acc, i, slot]
  op(OP.SLOAD); // [acc, i, v]
  for (let k = 0; k < BUSY_UNITS; k++) {
    op(OP.PUSH1, 1);
    op(OP.ADD); // [acc, i, v + k + 1]
  }
  op(OP.DUP3);
  op(OP.ADD); // [acc, i, acc + v']
  op(OP.SWAP2);
  op(OP.POP); // [acc', i]
  op(OP.PUSH1, 1);
  op(OP.ADD); // [acc', i + 1]
  op(OP.DUP1);
  op(OP.PUSH1, SLOTS);
  op(OP.GT); // [acc', i + 1, SLOTS > i + 1]
  op(OP.PUSH2, loop >> 8, loop & 0xff);
  op(OP.JUMPI);
  instructions += perIteration * SLOTS;
  perIteration = 0;
  op(OP.POP); // [acc']
  op(OP.PUSH1, 0);
  op(OP.MSTORE);
  op(OP.PUSH1, 32);
  op(OP.PUSH1, 0);
  op(OP.RETURN);
  instructions += perIteration;
  emit(OP.STOP);
  return { code: `0x${Buffer.from(bytes).toString('hex')}`, instructions };
}

export const TRANSACTION_ID = '0.0.1001-1700000100-000000000';
export const TIMESTAMP = '1700000100.000000000';
const GENESIS = '1700000000.000000000';
const SLOTS_WRITTEN = '1700000050.000000000';
/** Written after the transaction: a replay reading `lte` or "now" would see these instead. */
const SLOTS_REWRITTEN = '1700000200.000000000';
const SENDER = { id: '0.0.1001', address: longZero(1001) };
const CONTRACT = { id: '0.0.1002', address: longZero(1002) };
const GAS_LIMIT = 400_000;
const TINYBARS = 100_000_000_000;

function longZero(num: number): string {
  return `0x${num.toString(16).padStart(40, '0')}`;
}

const word = (n: number): string => `0x${n.toString(16).padStart(64, '0')}`;

/** The value slot k held before the transaction (nonzero, so a zero from the wrong timestamp shows in the output). */
const slotValueBefore = (k: number): number => 1000 + 7 * k;

/** What the call returns: each slot's value before the transaction plus the busy loop's additions, summed, as one word. */
export function expectedOutput(): string {
  let sum = 0n;
  for (let k = 0; k < SLOTS; k++) sum += BigInt(slotValueBefore(k) + BUSY_UNITS);
  return `0x${sum.toString(16).padStart(64, '0')}`;
}

export function benchWorld(code: string): ReplayWorld {
  const slots: Record<string, { timestamp: string; value: string }[]> = {};
  for (let k = 0; k < SLOTS; k++)
    slots[word(FIRST_SLOT + k)] = [
      { timestamp: SLOTS_WRITTEN, value: word(slotValueBefore(k)) },
      { timestamp: SLOTS_REWRITTEN, value: word(0) },
    ];
  return {
    network: 'testnet',
    genesis: GENESIS,
    contracts: [
      {
        contract_id: CONTRACT.id,
        evm_address: CONTRACT.address,
        created_timestamp: GENESIS,
        deleted_timestamp: null,
        runtime_bytecode: code,
        slots,
      },
    ],
    accounts: [
      { account: SENDER.id, evm_address: SENDER.address, balances: [{ timestamp: GENESIS, value: TINYBARS }] },
      { account: CONTRACT.id, evm_address: CONTRACT.address, balances: [{ timestamp: GENESIS, value: 0 }] },
    ],
    tokens: [],
  };
}

/** The call's one action (the top frame), as `/actions` records it. */
function topAction(calibrated: ReplayOutcome): ContractActionRecord {
  const top = calibrated.frames[0];
  return {
    call_depth: 0,
    call_operation_type: 'CALL',
    call_type: 'CALL',
    caller: SENDER.id,
    caller_type: 'ACCOUNT',
    from: SENDER.address,
    gas: GAS_LIMIT - 21_000,
    gas_used: Number(top?.gasUsed ?? 0n),
    index: 0,
    input: '0x',
    recipient: CONTRACT.id,
    recipient_type: 'CONTRACT',
    result_data: top?.output ?? '0x',
    result_data_type: 'OUTPUT',
    timestamp: TIMESTAMP,
    to: CONTRACT.address,
    value: 0,
  };
}

function contractResult(calibrated: ReplayOutcome | undefined): ContractResultRecord {
  const consumed = Number(calibrated?.result.gasConsumed ?? 0n);
  return {
    access_list: null,
    amount: 0,
    block_gas_used: consumed,
    block_hash: `0x${'ab'.repeat(48)}`,
    block_number: 10,
    bloom: `0x${'00'.repeat(256)}`,
    call_result: calibrated?.result.output ?? '0x',
    chain_id: null,
    contract_id: CONTRACT.id,
    created_contract_ids: [],
    error_message: null,
    address: CONTRACT.address,
    failed_initcode: null,
    from: SENDER.address,
    function_parameters: '0x',
    gas_consumed: consumed,
    gas_limit: GAS_LIMIT,
    gas_price: null,
    gas_used: Math.max(consumed, Math.ceil(0.8 * GAS_LIMIT)),
    hash: `0x${'5e'.repeat(32)}`,
    logs: [],
    max_fee_per_gas: null,
    max_priority_fee_per_gas: null,
    nonce: null,
    r: null,
    result: 'SUCCESS',
    s: null,
    // Nothing written: every slot read is unknown to the record.
    state_changes: [],
    status: '0x1',
    timestamp: TIMESTAMP,
    to: CONTRACT.address,
    transaction_index: 0,
    type: null,
    v: null,
  };
}

/** The fixtures replayMirror serves: the one transaction and the world. */
export function benchFixtures(code: string, calibrated: ReplayOutcome | undefined): ReplayFixtures {
  const scenario: ReplayScenarioFile = {
    name: 'slot-loop',
    description: `a call reading ${SLOTS} slots unknown to its record`,
    transactionId: TRANSACTION_ID,
    expect: 'faithful',
    recordedCalls: [],
    altered: null,
    contractResult: contractResult(calibrated),
    actions: calibrated ? [topAction(calibrated)] : [],
    opcodes: null,
  };
  return { dir: '(in memory)', scenarios: [scenario], byName: { [scenario.name]: scenario }, world: benchWorld(code) };
}

/** The actions as the mirror client hands them to replayTransaction (int64 members as bigint). */
export function actionsOf(records: readonly ContractActionRecord[]): ContractAction[] {
  return records.map(a => ({ ...a, gas: BigInt(a.gas), gas_used: BigInt(a.gas_used), value: BigInt(a.value) }));
}

/** The world as a StateReader with no network: for the run that fills the record. */
function worldReader(world: ReplayWorld): StateReader {
  const before = (history: readonly { timestamp: string; value: string }[]) =>
    history.filter(h => h.timestamp < TIMESTAMP).at(-1)?.value;
  return {
    code: address => {
      const c = world.contracts.find(x => x.evm_address === address.toLowerCase());
      return Promise.resolve(c?.runtime_bytecode ? { kind: 'code', code: c.runtime_bytecode } : { kind: 'none' });
    },
    slot: (address, slot): Promise<Word> => {
      const c = world.contracts.find(x => x.evm_address === address.toLowerCase());
      const value = c && before(c.slots[`0x${slot.padStart(64, '0')}`] ?? []);
      return Promise.resolve((value ?? '0x').slice(2).padStart(64, '0'));
    },
    balance: address => {
      const a = world.accounts.find(x => x.evm_address === address.toLowerCase());
      const tinybars = a?.balances.filter(b => b.timestamp < TIMESTAMP).at(-1)?.value ?? 0;
      return Promise.resolve(BigInt(tinybars) * 10_000_000_000n);
    },
  };
}

/**
 * The engine's run of the bench's call (`code`, from assembleSlotLoop) against the world with no
 * network in between: the outcome that fills the record (benchFixtures' `calibrated`).
 */
export async function calibrationRun(code: string, engine: ReplayEngine): Promise<ReplayOutcome> {
  const bare = benchFixtures(code, undefined);
  const built = replayInputOf('testnet', bare.scenarios[0].contractResult, []);
  if (built.kind !== 'input') throw new Error(`the bench's record is not replayable: ${built.why}`);
  return engine.runReplay(
    built.input,
    worldReader(bare.world),
    { limits: DEFAULT_REPLAY_LIMITS, memory: false },
    new AbortController().signal,
  );
}
