// The sample Hardhat project's compiled contracts, as the EVM traces run them: read from the
// build-info that `npm ci` writes (test/tools/make-abi-fixtures.mjs, solc-js), with a library's
// address linked into the code that calls it the way Hardhat links it (the placeholder
// `__$<34 hex>$__` at each of the build-info's `linkReferences` replaced by the address).
//
// Also the same compilation's `evm.legacyAssembly` (the build-info does not select it, as Hardhat's
// does not): compiled again from the build-info's own input with only the output selection widened,
// so a test can derive each instruction's source range independently of the source map.
import * as fs from 'fs';
import * as path from 'path';
import type { Abi, Hex } from 'viem';
import { projectRoot } from './paths';
import { compileStandard, type StandardInput, type StandardOutput } from './solcCompile';

export interface SolcBuild {
  /** The compiler's long version (`0.8.37+commit.f401782d.Emscripten.clang`). */
  readonly longVersion: string;
  readonly buildInfoId: string;
  /** The build-info file, relative to the project root. */
  readonly buildInfoFile: string;
}

/** Where a library's address goes in a code: byte offsets and lengths, by source and library name. */
export type LinkReferences = Readonly<Record<string, Readonly<Record<string, readonly LinkReference[]>>>>;

export interface LinkReference {
  readonly start: number;
  readonly length: number;
}

export interface CompiledContract {
  readonly sourceName: string;
  readonly contractName: string;
  readonly abi: Abi;
  /** The creation code, `0x`…; with a placeholder for each library it links (see `linkReferences`). */
  readonly bytecode: Hex;
  readonly linkReferences: LinkReferences;
}

export interface SampleBuild {
  readonly solc: SolcBuild;
  readonly token: CompiledContract;
  readonly vault: CompiledContract;
  /** The external library VaultProxy's constructor calls. */
  readonly library: CompiledContract;
  /** The proxy that runs Vault's code in its own storage. */
  readonly proxy: CompiledContract;
  /** The pledge campaign the contracts-on-the-network tests deploy (test/support/evmWorld.ts). */
  readonly crowdfund: CompiledContract;
}

const BUILD_INFO_DIR = path.join('test', 'workspace', 'hardhat-sample', 'artifacts', 'build-info');

function member(value: unknown, key: string, where: string): unknown {
  if (typeof value !== 'object' || value === null || !(key in value)) throw new Error(`${where}: no ${key}`);
  return (value as Record<string, unknown>)[key];
}

function isLinkReferences(value: unknown): value is LinkReferences {
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).every(
    libraries =>
      typeof libraries === 'object' &&
      libraries !== null &&
      Object.values(libraries as object).every(
        refs =>
          Array.isArray(refs) &&
          refs.every(
            (r: unknown) =>
              typeof r === 'object' &&
              r !== null &&
              Number.isInteger((r as LinkReference).start) &&
              Number.isInteger((r as LinkReference).length),
          ),
      ),
  );
}

function compiledContract(output: unknown, sourceName: string, contractName: string): CompiledContract {
  const contract = member(
    member(member(output, 'contracts', 'output'), sourceName, 'contracts'),
    contractName,
    sourceName,
  );
  const abi = member(contract, 'abi', contractName);
  const bytecode = member(member(contract, 'evm', contractName), 'bytecode', contractName);
  const object = member(bytecode, 'object', contractName);
  const linkReferences = member(bytecode, 'linkReferences', contractName);
  // Hex, or a library's placeholder: `__$` + 34 hex + `$__`, 40 characters as the address it stands for.
  if (!Array.isArray(abi) || typeof object !== 'string' || !/^(?:[0-9a-f]{2}|__\$[0-9a-f]{34}\$__)+$/.test(object)) {
    throw new Error(`${sourceName}:${contractName}: no ABI or bytecode in the build-info`);
  }
  if (!isLinkReferences(linkReferences)) throw new Error(`${sourceName}:${contractName}: bad linkReferences`);
  return { sourceName, contractName, abi: abi as Abi, bytecode: `0x${object}`, linkReferences };
}

/**
 * The creation code with each library's address in place of its placeholder, at the offsets the
 * build-info's `linkReferences` give, as Hardhat's `linkBytecode` does. Refuses a library not
 * given and any placeholder left over.
 */
export function linkBytecode(contract: CompiledContract, addresses: Readonly<Record<string, string>>): Hex {
  let code = contract.bytecode.slice(2);
  for (const [source, libraries] of Object.entries(contract.linkReferences)) {
    for (const [name, refs] of Object.entries(libraries)) {
      const address = addresses[`${source}:${name}`];
      if (address === undefined || !/^0x[0-9a-f]{40}$/.test(address)) {
        throw new Error(`${contract.contractName} links ${source}:${name}: no address given for it`);
      }
      for (const { start, length } of refs) {
        if (length !== 20) throw new Error(`${contract.contractName}: a link reference of ${length} bytes`);
        code = code.slice(0, start * 2) + address.slice(2) + code.slice((start + length) * 2);
      }
    }
  }
  if (!/^([0-9a-f]{2})+$/.test(code)) throw new Error(`${contract.contractName}: a placeholder is left after linking`);
  return `0x${code}`;
}

function buildInfoPath(root: string): string {
  const dir = path.join(root, BUILD_INFO_DIR);
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter(f => f.endsWith('.json')) : [];
  if (files.length !== 1) {
    throw new Error(
      `expected one build-info in ${dir}, found ${files.length}: run node test/tools/make-abi-fixtures.mjs`,
    );
  }
  return path.join(BUILD_INFO_DIR, files[0]);
}

/** The sample's build-info, as `npm ci` (make-abi-fixtures.mjs) writes it. */
export function readSampleBuild(root = projectRoot()): SampleBuild {
  const file = buildInfoPath(root);
  const info = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as unknown;
  const id = member(info, 'id', file);
  const longVersion = member(info, 'solcLongVersion', file);
  if (typeof id !== 'string' || typeof longVersion !== 'string') throw new Error(`${file}: no id or solcLongVersion`);
  const output = member(info, 'output', file);
  return {
    solc: { longVersion, buildInfoId: id, buildInfoFile: file.split(path.sep).join('/') },
    token: compiledContract(output, 'contracts/MyToken.sol', 'MyToken'),
    vault: compiledContract(output, 'contracts/Vault.sol', 'Vault'),
    library: compiledContract(output, 'contracts/ProxySetup.sol', 'ProxySetup'),
    proxy: compiledContract(output, 'contracts/VaultProxy.sol', 'VaultProxy'),
    crowdfund: compiledContract(output, 'contracts/Crowdfund.sol', 'Crowdfund'),
  };
}

/** What the legacy-assembly compilation selects beside the build-info's own selection. */
const ASSEMBLY_OUTPUT = [
  'evm.legacyAssembly',
  'evm.bytecode.object',
  'evm.bytecode.sourceMap',
  'evm.deployedBytecode.object',
  'evm.deployedBytecode.sourceMap',
  'evm.deployedBytecode.immutableReferences',
];

/**
 * The sample compiled again from its build-info's input (same sources, optimizer, runs and EVM
 * version) with `evm.legacyAssembly` and the source maps selected: solc's own list of the
 * instructions of each contract's creation (`.code`) and deployed (`.data["0"][".code"]`) code with
 * their source ranges. The output selection does not change the code solc makes, so the objects
 * are the build-info's (a test can check it). Cached by solcCompile (seconds the first time).
 */
export function sampleLegacyAssembly(root = projectRoot()): StandardOutput {
  const file = buildInfoPath(root);
  const info = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as unknown;
  const input = member(info, 'input', file) as StandardInput;
  if (input.language !== 'Solidity' || typeof input.settings !== 'object') throw new Error(`${file}: no solc input`);
  return compileStandard({
    ...input,
    settings: { ...input.settings, outputSelection: { '*': { '*': ASSEMBLY_OUTPUT } } },
  });
}
