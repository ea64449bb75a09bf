// Makes the local replay's test ground (test/support/replayFixtures.ts describes the files): runs
// transactions on the reference EVM (test/support/evmTraces.ts) and writes, per transaction, the
// records a mirror node would answer (contract result, actions, and the `/opcodes` body the replay
// must equal), and the world they ran in (code, slot histories, balances, tokens).
//   node out/test/tools/make-replay-fixtures.js      (test/run-all.mjs runs it after the compile phase)
// Two chains: the sample's (evmTraces' own scenarios, its records as every other test has them)
// and the replay lab's (test/support/replay-contracts/ReplayLab.sol, compiled here with solc-js), set
// up as Hedera's testnet: chain id 296, Hedera's block values, the token service 0x…167 and the
// token 0.0.1020's own address answered by stand-ins (a fixed output and gas, as `/actions`
// records such calls), the payer funded. Then two copies of one record, each altered on purpose.
// Everything is made up the same way every run: the files are the same bytes each time.
import * as fs from 'fs';
import { encodeDeployData, encodeFunctionData, type Abi, type Hex } from 'viem';
import {
  idOfLongZero,
  longZeroAddress,
  PAYER_ID,
  runChain,
  runEvmTraces,
  WEIBARS_PER_TINYBAR,
  type ChainState,
  type ChainTransaction,
  type EvmScenario,
  type StandIn,
} from '../support/evmTraces';
import { opcodesOf } from '../support/evmOpcodes';
import { rawTraceOf } from '../support/evmSteps';
import { readSampleBuild } from '../support/evmSample';
import { transactions } from '../support/evmScenarios';
import { compileSources } from '../support/solcCompile';
import {
  replayContractFile,
  writeReplayFixtures,
  type ReplayExpectation,
  type ReplayFixtureFiles,
  type ReplayScenarioFile,
  type ReplayWorld,
  type Versioned,
  type WorldAccount,
  type WorldContract,
} from '../support/replayFixtures';

export const LAB_ID = '0.0.1100';
export const DOOMED_ID = '0.0.1101';
export const REPLAY_TOKEN_ID = '0.0.1020';
/** The token service system contract, 0.0.359. */
export const TOKEN_SERVICE = longZeroAddress('0.0.359');
const GENESIS = '1700000000.000000000';
/** The lab's transactions follow the sample's (15 of them) in time. */
const LAB_FIRST_SEQUENCE = 20;
/** 50 ℏ. */
const PAYER_TINYBARS = 5_000_000_000n;
const HTS_SUCCESS = 22n;
/** What the token's facade says anyone holds. */
export const FACADE_BALANCE = 1_234_500n;

const word = (value: bigint): Uint8Array => Buffer.from(value.toString(16).padStart(64, '0'), 'hex');
const selectorOf = (input: Uint8Array): string => Buffer.from(input.subarray(0, 4)).toString('hex');

/**
 * associateToken(address,address) answers SUCCESS (22); anything else reverts. Not warm at the
 * start: Hedera's system contracts are not in Besu's precompile registry, which is what its
 * transaction processing warms, so the first call pays the cold account access (the replay
 * engine's src/debug/replay/engine/hedera.ts says the same).
 */
const tokenService: StandIn = {
  address: TOKEN_SERVICE,
  warm: false,
  answer: input =>
    selectorOf(input) === '49146bde'
      ? { output: word(HTS_SUCCESS), gasUsed: 24_000n, reverted: false }
      : { output: new Uint8Array(0), gasUsed: 0n, reverted: true },
};

/** balanceOf(address) answers FACADE_BALANCE; anything else reverts. */
const tokenFacade: StandIn = {
  address: longZeroAddress(REPLAY_TOKEN_ID),
  warm: false,
  answer: input =>
    selectorOf(input) === '70a08231'
      ? { output: word(FACADE_BALANCE), gasUsed: 2_600n, reverted: false }
      : { output: new Uint8Array(0), gasUsed: 0n, reverted: true },
};

interface LabBuild {
  readonly lab: { readonly abi: Abi; readonly bytecode: Hex };
  readonly doomed: { readonly abi: Abi; readonly bytecode: Hex };
}

interface CreationOutput {
  readonly abi?: Abi;
  readonly evm?: { readonly bytecode?: { readonly object?: string } };
}

function compileLab(): LabBuild {
  const source = 'replay-contracts/ReplayLab.sol';
  const output = compileSources(
    { [source]: fs.readFileSync(replayContractFile(), 'utf8') },
    { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  );
  const contract = (name: string): { abi: Abi; bytecode: Hex } => {
    const out = output.contracts?.[source]?.[name] as CreationOutput | undefined;
    const object = out?.evm?.bytecode?.object;
    if (out?.abi === undefined || object === undefined) throw new Error(`no ${name} in the compiler output`);
    return { abi: out.abi, bytecode: `0x${object}` };
  };
  return { lab: contract('ReplayLab'), doomed: contract('Doomed') };
}

interface LabTransaction extends ChainTransaction {
  readonly expect: ReplayExpectation;
  readonly recordedCalls?: readonly string[];
  /** false: no reference `/opcodes` body (the replay stops on a cap long before its end). */
  readonly opcodes?: boolean;
}

function labTransactions(build: LabBuild): LabTransaction[] {
  const lab = (functionName: string, args: readonly unknown[] = []): Hex =>
    encodeFunctionData({ abi: build.lab.abi, functionName, args });
  const token = longZeroAddress(REPLAY_TOKEN_ID);
  const call = { to: LAB_ID, gasLimit: 300_000, expect: 'faithful' as const };
  return [
    {
      name: 'deployLab',
      description: `creates ReplayLab as ${LAB_ID}`,
      createAt: LAB_ID,
      data: encodeDeployData({ abi: build.lab.abi, bytecode: build.lab.bytecode }),
      gasLimit: 3_000_000,
      expect: 'unavailable',
      opcodes: false,
    },
    {
      name: 'deployDoomed',
      description: `creates Doomed as ${DOOMED_ID}`,
      createAt: DOOMED_ID,
      data: encodeDeployData({ abi: build.doomed.abi, bytecode: build.doomed.bytecode }),
      gasLimit: 1_000_000,
      expect: 'unavailable',
      opcodes: false,
    },
    {
      ...call,
      name: 'setCounter',
      description: 'setCounter(5): writes counter, table[1], table[2]',
      data: lab('setCounter', [5n]),
    },
    {
      ...call,
      name: 'bumpRewrittenLater',
      description: 'bump(): reads and writes counter, which setCounter(7) rewrites two transactions later',
      data: lab('bump'),
    },
    {
      ...call,
      name: 'checkBelowRewrittenLater',
      description:
        'checkBelow(10) reads counter, table[1], table[2] and reverts with Above(6, 31, 10); the next transaction rewrites all three, so the replay must read them as they were before this one',
      data: lab('checkBelow', [10n]),
    },
    {
      ...call,
      name: 'rewrite',
      description: 'setCounter(7): rewrites the slots the two before read',
      data: lab('setCounter', [7n]),
    },
    {
      ...call,
      name: 'checkBelowReverts',
      description:
        'checkBelow(20) reads three slots and reverts with Above(7, 42, 20): a failed transaction records no state changes',
      data: lab('checkBelow', [20n]),
    },
    {
      ...call,
      name: 'associateToken',
      description: `associate(${REPLAY_TOKEN_ID}): a call into the token service 0x…167 (associateToken), answered SUCCESS`,
      data: lab('associate', [token]),
      recordedCalls: [TOKEN_SERVICE],
    },
    {
      ...call,
      name: 'tokenFacadeBalance',
      description: `tokenBalance(${REPLAY_TOKEN_ID}, payer): balanceOf on the token's own address (HIP-719), a STATICCALL`,
      data: lab('tokenBalance', [token, longZeroAddress(PAYER_ID)]),
      recordedCalls: [token],
    },
    {
      ...call,
      name: 'blockValues',
      description: 'blockValues(): stores NUMBER, TIMESTAMP, COINBASE, CHAINID, BASEFEE, PREVRANDAO and GASLIMIT',
      data: lab('blockValues'),
    },
    {
      ...call,
      name: 'balances',
      description: "balances(): stores SELFBALANCE and the caller's BALANCE",
      data: lab('balances'),
    },
    {
      ...call,
      name: 'pingDoomed',
      description: `pingDoomed(${DOOMED_ID}): calls Doomed.ping, which a later transaction self-destructs`,
      data: lab('pingDoomed', [longZeroAddress(DOOMED_ID)]),
      expect: 'not faithful',
    },
    {
      name: 'doom',
      description: `Doomed.doom(): SELFDESTRUCT; the mirror node then lists ${DOOMED_ID} as deleted, without code`,
      to: DOOMED_ID,
      data: encodeFunctionData({ abi: build.doomed.abi, functionName: 'doom', args: [] }),
      gasLimit: 300_000,
      // Its own code is gone by now: the mirror node serves none for the replay to run.
      expect: 'not faithful',
    },
    {
      ...call,
      name: 'tenThousandSlots',
      description: 'sumSlots(10000): reads 10,000 slots nobody wrote, then reverts (the record lists none of them)',
      data: lab('sumSlots', [10_000n]),
      gasLimit: 25_000_000,
      expect: 'stopped',
      recordSteps: false,
      opcodes: false,
    },
    {
      ...call,
      name: 'spin',
      description: 'spin(): loops until the gas limit (1,000,000) is gone',
      data: lab('spin'),
      gasLimit: 1_000_000,
      expect: 'stopped',
      recordSteps: false,
      opcodes: false,
    },
  ];
}

/** The addresses whose balances the world lists. */
const ACCOUNTS = [PAYER_ID, LAB_ID, DOOMED_ID];

interface Made {
  readonly scenario: EvmScenario<string>;
  readonly expect: ReplayExpectation;
  readonly recordedCalls: readonly string[];
  readonly opcodes: boolean;
}

async function runLab(balances: Map<string, Versioned<number>[]>): Promise<Made[]> {
  const txs = labTransactions(compileLab());
  const note = async (scenario: EvmScenario<string>, state: ChainState): Promise<void> => {
    for (const id of ACCOUNTS) {
      const address = longZeroAddress(id);
      if (id !== PAYER_ID && (await state.code(address)) === '0x') continue;
      const tinybars = Number((await state.balance(address)) / WEIBARS_PER_TINYBAR);
      const history = balances.get(id) ?? [];
      if (history.at(-1)?.value !== tinybars) history.push({ timestamp: scenario.timestamp, value: tinybars });
      balances.set(id, history);
    }
  };
  balances.set(PAYER_ID, [{ timestamp: GENESIS, value: Number(PAYER_TINYBARS) }]);
  const scenarios = await runChain(
    txs,
    {
      chainId: 296n,
      hederaBlock: true,
      standIns: [tokenService, tokenFacade],
      balances: { [longZeroAddress(PAYER_ID)]: PAYER_TINYBARS * WEIBARS_PER_TINYBAR },
      firstSequence: LAB_FIRST_SEQUENCE,
    },
    note,
  );
  return scenarios.map((scenario, i) => ({
    scenario,
    expect: txs[i].expect,
    recordedCalls: txs[i].recordedCalls ?? [],
    opcodes: txs[i].opcodes ?? true,
  }));
}

function fileOf(made: Made): ReplayScenarioFile {
  const { scenario } = made;
  return {
    name: scenario.name,
    description: scenario.description,
    transactionId: scenario.transactionId,
    expect: made.expect,
    recordedCalls: made.recordedCalls,
    altered: null,
    contractResult: scenario.contractResult,
    actions: scenario.actions,
    opcodes: made.opcodes ? opcodesOf(scenario, { stack: true, memory: false, storage: true }) : null,
  };
}

/** A copy of `base` under another transaction id (same timestamp: the same state before it). */
function alteredCopy(base: ReplayScenarioFile, name: string, nonce: number, alter: AlterRecord): ReplayScenarioFile {
  const transactionId = base.transactionId.replace(/-\d{9}$/, `-${String(nonce).padStart(9, '0')}`);
  const hash = `0x${Buffer.from(transactionId).toString('hex').padEnd(64, '0').slice(0, 64)}`;
  const result = structuredClone(base.contractResult);
  const altered = alter(result);
  return {
    ...structuredClone(base),
    name,
    description: `${base.description}; a copy whose record was altered: ${altered}`,
    transactionId,
    expect: 'diverged',
    altered,
    contractResult: { ...result, hash },
  };
}

type AlterRecord = (result: ReplayScenarioFile['contractResult']) => string;

const plusOne = (value: string): string => `0x${(BigInt(value) + 1n).toString(16).padStart(64, '0')}`;

const ALTERATIONS: readonly { readonly name: string; readonly alter: AlterRecord }[] = [
  {
    name: 'alteredValueWritten',
    alter: result => {
      const change = result.state_changes.find(c => c.value_written !== null);
      if (change?.value_written == null) throw new Error('no slot written to alter');
      const was = change.value_written;
      change.value_written = plusOne(was);
      return `the value_written of slot ${change.slot} is ${change.value_written}, not ${was}`;
    },
  },
  {
    name: 'alteredCallResult',
    alter: result => {
      const was = result.call_result;
      result.call_result = plusOne(was);
      return `call_result is ${result.call_result}, not ${was}`;
    },
  },
];

function worldOf(made: readonly Made[], balances: Map<string, Versioned<number>[]>): ReplayWorld {
  const contracts = new Map<
    string,
    { created: string; code: string; deleted: string | null; slots: Map<string, Versioned<string>[]> }
  >();
  for (const { scenario } of made) {
    const result = scenario.contractResult;
    for (const id of result.created_contract_ids) {
      const code = scenario.contracts.find(c => c.contract_id === id)?.runtime_bytecode ?? '0x';
      contracts.set(id, { created: scenario.timestamp, code, deleted: null, slots: new Map() });
      if (!balances.has(id)) balances.set(id, [{ timestamp: scenario.timestamp, value: 0 }]);
    }
    if (result.status !== '0x1') continue;
    for (const change of result.state_changes) {
      if (change.value_written === null) continue;
      const slots = contracts.get(change.contract_id)?.slots;
      if (slots === undefined)
        throw new Error(`${scenario.name} wrote to ${change.contract_id}, which no scenario created`);
      const history = slots.get(change.slot) ?? [];
      history.push({ timestamp: scenario.timestamp, value: change.value_written });
      slots.set(change.slot, history);
    }
    for (const address of selfDestructed(scenario)) {
      const entry = contracts.get(idOfLongZero(address) ?? address);
      if (entry !== undefined) entry.deleted = scenario.timestamp;
    }
  }
  const worldContracts: WorldContract[] = [...contracts].map(([id, c]) => ({
    contract_id: id,
    evm_address: longZeroAddress(id),
    created_timestamp: c.created,
    deleted_timestamp: c.deleted,
    runtime_bytecode: c.deleted === null ? c.code : null,
    slots: Object.fromEntries([...c.slots].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  }));
  const accounts: WorldAccount[] = [...balances].map(([id, history]) => ({
    account: id,
    evm_address: longZeroAddress(id),
    balances: history,
  }));
  return {
    network: 'testnet',
    genesis: GENESIS,
    contracts: worldContracts,
    accounts,
    tokens: [
      {
        token_id: REPLAY_TOKEN_ID,
        evm_address: longZeroAddress(REPLAY_TOKEN_ID),
        name: 'Replay Token',
        symbol: 'RPLY',
        decimals: '2',
        created_timestamp: GENESIS,
      },
    ],
  };
}

/** The accounts a successful transaction's SELFDESTRUCTs deleted (Hedera deletes them; Cancun's EVM keeps the code). */
function selfDestructed(scenario: EvmScenario<string>): string[] {
  if (scenario.contractResult.status !== '0x1') return [];
  let trace;
  try {
    trace = rawTraceOf(scenario);
  } catch {
    return [];
  }
  return trace.steps.filter(s => s.op === 'SELFDESTRUCT').map(s => s.storageAddress);
}

/** The scenarios' names and what the replay should make of each, in order, without running anything. */
export function replayScenarioPlan(): { readonly name: string; readonly expect: ReplayExpectation }[] {
  const sample = transactions(readSampleBuild()).map((tx): { name: string; expect: ReplayExpectation } => ({
    name: tx.name,
    expect: tx.to === undefined ? 'unavailable' : 'faithful',
  }));
  const lab = labTransactions(compileLab()).map(tx => ({ name: tx.name, expect: tx.expect }));
  return [...sample, ...lab, ...ALTERATIONS.map(a => ({ name: a.name, expect: 'diverged' as const }))];
}

/** Runs both chains and makes every file's content (nothing written). */
export async function makeReplayFixtures(): Promise<ReplayFixtureFiles> {
  const sample = await runEvmTraces();
  const balances = new Map<string, Versioned<number>[]>();
  const lab = await runLab(balances);
  const made: Made[] = [
    ...sample.scenarios.map((scenario): Made => ({
      scenario,
      expect: scenario.actions[0]?.call_type === 'CREATE' ? 'unavailable' : 'faithful',
      recordedCalls: [],
      opcodes: scenario.actions[0]?.call_type !== 'CREATE',
    })),
    ...lab,
  ];
  const files = made.map(fileOf);
  const base = files.find(f => f.name === 'bumpRewrittenLater');
  if (base === undefined) throw new Error('no bumpRewrittenLater scenario to copy');
  const altered = ALTERATIONS.map((a, i) => alteredCopy(base, a.name, i + 1, a.alter));
  return { scenarios: [...files, ...altered], world: worldOf(made, balances) };
}

if (require.main === module) {
  const started = Date.now();
  makeReplayFixtures().then(
    files => {
      writeReplayFixtures(files);
      console.log(
        `replay fixtures: ${files.scenarios.length} scenarios and the world written in ${Date.now() - started} ms`,
      );
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
