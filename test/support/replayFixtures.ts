// The local replay's test ground: the records a mirror node would hold for transactions run on the
// reference EVM (test/support/evmTraces.ts), and the world they ran in, as files under
// test/fixtures-generated/replay/ (made by test/tools/make-replay-fixtures.ts, never committed).
// test/support/replayMirror.ts serves them; the replay's tests compare what it does with them.
// Reading them makes them first when they are missing or were made from other inputs (another
// contract source, another script version), so a plain mocha run works.
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import type { ContractActionRecord, ContractResultRecord } from './evmTraces';
import type { OpcodesResponseBody } from './evmOpcodes';
import { projectRoot } from './paths';

/** What the replay should make of a scenario (its test asserts it). */
export type ReplayExpectation =
  /** Replayed, the body equal to the reference's, the verdict faithful. */
  | 'faithful'
  /** Replayed but the record was altered on purpose: the verdict names the difference. */
  | 'diverged'
  /** The replay stops on a cap (steps or state fetches): said, never faithful. */
  | 'stopped'
  /** The world cannot give what the replay needs (a contract deleted since): never faithful. */
  | 'not faithful'
  /** A create: not replayed, the reason said. */
  | 'unavailable';

/** One transaction's records, as the mirror node would answer them. */
export interface ReplayScenarioFile {
  readonly name: string;
  readonly description: string;
  /** `0.0.1001-1700000100-000000000`. */
  readonly transactionId: string;
  readonly expect: ReplayExpectation;
  /** The addresses whose frames the replay takes from the record (system contracts, tokens). */
  readonly recordedCalls: readonly string[];
  /** What was altered in the record, in words, for a deliberately inconsistent copy; else null. */
  readonly altered: string | null;
  /** `GET /api/v1/contracts/results/{id}`. */
  readonly contractResult: ContractResultRecord;
  /** Every `/actions` record, in index order. */
  readonly actions: readonly ContractActionRecord[];
  /** The reference `/opcodes` body for stack=true&memory=false&storage=true; null when not made (too long, a create). */
  readonly opcodes: OpcodesResponseBody | null;
}

/** A value as of a consensus timestamp (`sss.nnnnnnnnn`): the value from then until the next entry. */
export interface Versioned<T> {
  readonly timestamp: string;
  readonly value: T;
}

export interface WorldContract {
  readonly contract_id: string;
  readonly evm_address: string;
  readonly created_timestamp: string;
  /** When a SELFDESTRUCT deleted it; null: it still exists. */
  readonly deleted_timestamp: string | null;
  /** The code it runs (0x…), as of now: null once deleted. */
  readonly runtime_bytecode: string | null;
  /** Each written slot (`0x` + 64 hex) and its values over time, oldest first. */
  readonly slots: Readonly<Record<string, readonly Versioned<string>[]>>;
}

export interface WorldAccount {
  readonly account: string;
  readonly evm_address: string;
  /** Balance in tinybars, oldest first. */
  readonly balances: readonly Versioned<number>[];
}

export interface WorldToken {
  readonly token_id: string;
  readonly evm_address: string;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: string;
  readonly created_timestamp: string;
}

export interface ReplayWorld {
  readonly network: string;
  /** Before every transaction: the accounts' first balances are as of it. */
  readonly genesis: string;
  readonly contracts: readonly WorldContract[];
  readonly accounts: readonly WorldAccount[];
  readonly tokens: readonly WorldToken[];
}

export interface ReplayFixtures {
  readonly dir: string;
  /** In the order they ran (the altered copies last). */
  readonly scenarios: readonly ReplayScenarioFile[];
  readonly byName: Readonly<Record<string, ReplayScenarioFile>>;
  readonly world: ReplayWorld;
}

/** What the files were made from: a new value makes them again. */
export interface ReplayFixtureFiles {
  readonly scenarios: readonly ReplayScenarioFile[];
  readonly world: ReplayWorld;
}

/** Bumped whenever make-replay-fixtures.ts makes different files from the same contract source. */
export const REPLAY_FIXTURES_VERSION = 1;

export function replayFixturesDir(): string {
  return path.join(projectRoot(), 'test', 'fixtures-generated', 'replay');
}

export function replayContractFile(): string {
  return path.join(projectRoot(), 'test', 'support', 'replay-contracts', 'ReplayLab.sol');
}

/** The modules that make the files, beside this one (compiled or not, the same extension). */
const MAKERS = ['../tools/make-replay-fixtures', './evmTraces', './evmOpcodes', './evmSteps', './evmScenarios'];

/** The inputs' key: the script's version, the contract's source and the code that makes the files. */
export function replayInputsKey(): string {
  const hash = createHash('sha256')
    .update(`${REPLAY_FIXTURES_VERSION}\0`)
    .update(fs.readFileSync(replayContractFile()));
  const ext = path.extname(__filename);
  for (const maker of MAKERS) hash.update('\0').update(fs.readFileSync(path.join(__dirname, `${maker}${ext}`)));
  return hash.digest('hex');
}

interface IndexFile {
  readonly inputs: string;
  readonly scenarios: readonly string[];
}

/** Writes the files (each whole, then renamed: a parallel reader never sees half of one), index last. */
export function writeReplayFixtures(files: ReplayFixtureFiles, dir = replayFixturesDir()): void {
  fs.mkdirSync(dir, { recursive: true });
  const put = (name: string, value: unknown): void => {
    const partial = path.join(dir, `${name}.${process.pid}.tmp`);
    fs.writeFileSync(partial, `${JSON.stringify(value)}\n`);
    fs.renameSync(partial, path.join(dir, name));
  };
  for (const s of files.scenarios) put(`${s.name}.json`, s);
  put('world.json', files.world);
  const index: IndexFile = { inputs: replayInputsKey(), scenarios: files.scenarios.map(s => s.name) };
  put('index.json', index);
}

/** The files in `dir` when they are there and made from the current inputs; else undefined. */
export function readReplayFixtures(dir = replayFixturesDir()): ReplayFixtures | undefined {
  const read = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  let index: IndexFile;
  try {
    index = read('index.json') as IndexFile;
  } catch {
    return undefined;
  }
  if (index.inputs !== replayInputsKey()) return undefined;
  try {
    const scenarios = index.scenarios.map(name => read(`${name}.json`) as ReplayScenarioFile);
    const world = read('world.json') as ReplayWorld;
    return { dir, scenarios, byName: Object.fromEntries(scenarios.map(s => [s.name, s])), world };
  } catch {
    return undefined;
  }
}

let made: Promise<ReplayFixtures> | undefined;

/** The fixtures, made in this process first when the files are missing or stale (once per process). */
export function replayFixtures(): Promise<ReplayFixtures> {
  made ??= (async () => {
    const ready = readReplayFixtures();
    if (ready !== undefined) return ready;
    const { makeReplayFixtures } = await import('../tools/make-replay-fixtures');
    writeReplayFixtures(await makeReplayFixtures());
    const written = readReplayFixtures();
    if (written === undefined) throw new Error(`the replay fixtures in ${replayFixturesDir()} could not be read back`);
    return written;
  })();
  return made;
}
