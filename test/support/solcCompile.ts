// Compiling Solidity in the tests with the `solc` package (solc-js, a dev dependency), and building
// from its standard-JSON output the compiled-contract detail the source layer reads. solc-js is slow
// (seconds per compile on a small machine), so outputs are cached in the OS's temporary folder,
// keyed by a hash of the compiler's version and the whole input: a changed contract or setting is a
// new key, never a stale answer.
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { prepareCode } from '../../src/abi';
import type { CompiledContractDetail, CompiledSource } from '../../src/source/types';
import { projectRoot } from './paths';

interface Solc {
  version(): string;
  compile(input: string): string;
}

let loaded: Solc | undefined;
function solc(): Solc {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- solc-js is CommonJS, loaded on first use (it is large)
  loaded ??= require('solc') as Solc;
  return loaded;
}

export function solcVersion(): string {
  return solc().version();
}

/** `0.8.37` from `0.8.37+commit.f401782d.Emscripten.clang`. */
export function solcSemver(): string {
  return /^\d+\.\d+\.\d+/.exec(solcVersion())?.[0] ?? solcVersion();
}

export interface StandardInput {
  readonly language: 'Solidity';
  readonly sources: Record<string, { readonly content: string }>;
  readonly settings: Record<string, unknown>;
}

export interface GeneratedSourceOutput {
  readonly id: number;
  readonly name: string;
  readonly contents?: string;
}

export interface LegacyAssemblyItem {
  readonly name: string;
  readonly begin: number;
  readonly end: number;
  readonly source: number;
  readonly value?: string;
}

export interface ContractOutput {
  readonly abi?: unknown[];
  readonly evm?: {
    readonly methodIdentifiers?: Record<string, string>;
    readonly deployedBytecode?: {
      readonly object?: string;
      readonly sourceMap?: string;
      readonly generatedSources?: GeneratedSourceOutput[];
      readonly immutableReferences?: Record<string, { start: number; length: number }[]>;
    };
    readonly legacyAssembly?: { readonly '.data'?: Record<string, { readonly '.code'?: LegacyAssemblyItem[] }> };
  };
}

export interface StandardOutput {
  readonly errors?: { severity: string; formattedMessage: string }[];
  readonly sources?: Record<string, { readonly id: number; readonly ast?: unknown }>;
  readonly contracts?: Record<string, Record<string, ContractOutput>>;
}

function cacheDir(): string {
  const dir = path.join(os.tmpdir(), 'ledger-lens-solc-cache');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** solc's standard-JSON output for `input` (from the cache when this compiler compiled it before). */
export function compileStandard(input: StandardInput): StandardOutput {
  const text = JSON.stringify(input);
  const key = crypto.createHash('sha256').update(solcVersion()).update('\0').update(text).digest('hex');
  const file = path.join(cacheDir(), `${key}.json`);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as StandardOutput;
  const output = JSON.parse(solc().compile(text)) as StandardOutput;
  const errors = (output.errors ?? []).filter(e => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map(e => e.formattedMessage).join('\n')}`);
  // Written whole, then renamed: a parallel run never reads half a file.
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, JSON.stringify(output));
  fs.renameSync(partial, file);
  return output;
}

/** Everything the source layer reads, per contract, and the AST per source. */
export const FULL_OUTPUT: Record<string, Record<string, string[]>> = {
  '*': {
    '': ['ast'],
    '*': [
      'abi',
      'evm.methodIdentifiers',
      'evm.deployedBytecode.object',
      'evm.deployedBytecode.sourceMap',
      'evm.deployedBytecode.generatedSources',
      'evm.deployedBytecode.immutableReferences',
      'evm.legacyAssembly',
    ],
  },
};

export interface CompileOptions {
  readonly optimize?: boolean;
  readonly viaIR?: boolean;
  readonly outputSelection?: Record<string, Record<string, string[]>>;
}

/** Compiles `sources` (source unit name → text) with the full output unless told otherwise. */
export function compileSources(sources: Record<string, string>, options: CompileOptions = {}): StandardOutput {
  return compileStandard({
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings: {
      optimizer: { enabled: options.optimize ?? false, runs: 200 },
      ...(options.viaIR ? { viaIR: true } : {}),
      outputSelection: options.outputSelection ?? FULL_OUTPUT,
    },
  });
}

/** The test contracts' folder (the .sol files stay in the source tree; the compiled tests read them there). */
export function testContractsDir(): string {
  return path.join(projectRoot(), 'test', 'unit', 'source', 'contracts');
}

/** The named test contracts as `contracts/<file>` → text. */
export function testContracts(...files: string[]): Record<string, string> {
  return Object.fromEntries(
    files.map(f => [`contracts/${f}`, fs.readFileSync(path.join(testContractsDir(), f), 'utf8')]),
  );
}

const IMPORT = /\bimport\s+(?:[^"';]*?\s+from\s+)?["']([^"']+)["']\s*;/g;

/**
 * `sources` with every file they import, transitively: relative imports resolved against the
 * importing unit's name, package imports (`@openzeppelin/contracts/…`) read from node_modules.
 */
export function withImports(sources: Record<string, string>): Record<string, string> {
  const all: Record<string, string> = { ...sources };
  const pending = Object.keys(all);
  while (pending.length > 0) {
    const unit = pending.pop() as string;
    for (const match of all[unit].matchAll(IMPORT)) {
      const target = match[1].startsWith('.')
        ? path.posix.normalize(path.posix.join(path.posix.dirname(unit), match[1]))
        : match[1];
      if (target in all) continue;
      all[target] = fs.readFileSync(path.join(projectRoot(), 'node_modules', target), 'utf8');
      pending.push(target);
    }
  }
  return all;
}

/** A token on OpenZeppelin's ERC-20 with permit, votes and an owner: the large contract of the tests and bench. */
export function tokenSources(): Record<string, string> {
  return withImports(testContracts('VotingToken.sol'));
}

export function contractOutput(output: StandardOutput, sourceName: string, contractName: string): ContractOutput {
  const contract = output.contracts?.[sourceName]?.[contractName];
  if (!contract) throw new Error(`no ${sourceName}:${contractName} in the compiler output`);
  return contract;
}

export interface DetailOptions {
  /** Leave the ASTs out (as an output compiled without `"": ["ast"]`). */
  readonly withoutAst?: boolean;
  /** Leave the sources' text out (as Foundry's out/ does). */
  readonly withoutContent?: boolean;
}

/**
 * A compiled contract's detail as the compiler-output reader would build it: user sources by the
 * ids solc gave them, with the compiled text from the input; the generated Yul sources of the
 * deployed code; the ASTs by source id; the ABI's selectors.
 */
export function detailFromOutput(
  input: Record<string, string>,
  output: StandardOutput,
  sourceName: string,
  contractName: string,
  options: DetailOptions = {},
): CompiledContractDetail {
  const contract = contractOutput(output, sourceName, contractName);
  const deployed = contract.evm?.deployedBytecode ?? {};
  const sources = new Map<number, CompiledSource>();
  const asts = new Map<number, unknown>();
  for (const [name, source] of Object.entries(output.sources ?? {})) {
    const content = options.withoutContent ? undefined : input[name];
    sources.set(source.id, { id: source.id, name, generated: false, ...(content !== undefined ? { content } : {}) });
    if (!options.withoutAst && source.ast !== undefined) asts.set(source.id, source.ast);
  }
  for (const g of deployed.generatedSources ?? [])
    sources.set(g.id, { id: g.id, name: g.name, generated: true, ...(g.contents ? { content: g.contents } : {}) });
  const immutables = Object.values(deployed.immutableReferences ?? {}).flat();
  const code = prepareCode(deployed.object ?? '', immutables);
  if (!code) throw new Error(`${contractName} has no deployed code`);
  const selectors = new Map(
    Object.entries(contract.evm?.methodIdentifiers ?? {}).map(([signature, id]) => [`0x${id}`, signature]),
  );
  return {
    ref: {
      key: `test#${sourceName}:${contractName}`,
      contractName,
      sourceName,
      origin: { kind: 'solc-json', file: 'test.json' },
      solcVersion: solcSemver(),
      code,
      hasAst: asts.size > 0,
      hasSourceMap: deployed.sourceMap !== undefined,
    },
    ...(deployed.sourceMap !== undefined ? { deployedSourceMap: deployed.sourceMap } : {}),
    sources,
    asts,
    selectors,
  };
}
