// The index pass over one compiler-output file: which format it is (Hardhat 2 build-info, Hardhat
// 3's split build-info, Foundry's build-info or per-contract artifact, a solc standard-JSON output
// with or without its input) and, for each compiled contract with deployed code, the little the
// index keeps: its code prepared for matching, whether the output has its AST and source map, and
// which sources its source maps point at (for the detail pass), and its creation code prepared
// for matching an initcode. Everything else in the file (the sources' text, the ASTs, assembly)
// is skipped by the streaming reader unbuilt.
// The file is untrusted: every value is checked before use. Pure: no Node APIs.
import type { CompilerOutputFile } from './api';
import type { CompiledContractRef } from './types';
import type { JsonKey, JsonSelection } from './jsonStream';
import { selectPaths } from './jsonPaths';
import { prepareCode } from '../abi/bytecode';
import { prepareCreation } from './creationCode';
import { FOUNDRY_INDEX_PATHS, FoundryIndexFacts } from './foundry';
import {
  type IndexedContract,
  type IndexedFile,
  type OutputFormat,
  type OutputPrefix,
  MAX_NAME_CHARS,
  immutableRanges,
  isRecord,
  originKind,
  safeBuildId,
  shortString,
  sourceMapFileIds,
  userSourceName,
} from './outputParts';

/** Where the standard-JSON output sits: at the top (solc's output file) or under `output`. */
const PREFIXES: readonly OutputPrefix[] = [[], ['output']];
const DEPLOYED = ['evm', 'deployedBytecode'];
const CREATION = ['evm', 'bytecode'];
const MAX_VERSION_CHARS = 100;
/**
 * The most contracts, and the most sources, the index pass keeps of one file: far beyond any
 * compile (a large project's build-info has a few thousand), so a file listing more cannot make
 * the index grow with it; the rest are left out, and the outcome says so.
 */
export const MAX_INDEXED_ENTRIES = 50_000;

const TOP_LEVEL = ['_format', 'id', 'solcVersion', 'solcLongVersion', 'userSourceNameMap', 'source_id_to_path'];

/** What the index pass reads of a file: the union of every format's paths (the format is known at the end). */
export const INDEX_SELECT = selectPaths({
  take: [
    ...TOP_LEVEL.map(k => [k]),
    ...PREFIXES.flatMap(p => [
      ...['object', 'immutableReferences', 'sourceMap'].map(k => [...p, 'contracts', '*', '*', ...DEPLOYED, k]),
      ...['object', 'sourceMap'].map(k => [...p, 'contracts', '*', '*', ...CREATION, k]),
      [...p, 'sources', '*', 'id'],
    ]),
    ...FOUNDRY_INDEX_PATHS,
  ],
  note: PREFIXES.map(p => [...p, 'sources', '*', 'ast']),
});

/** What a Hardhat 3 output's companion input file gives the index. */
export const COMPANION_SELECT = selectPaths({ take: TOP_LEVEL.map(k => [k]) });

interface RawDeployed {
  object?: unknown;
  immutableReferences?: unknown;
  sourceIds?: readonly number[];
  hasSourceMap?: boolean;
  creationObject?: unknown;
  creationSourceIds?: readonly number[];
}

/** The index pass's reading of one file: feed it to a JsonStreamReader, then `finish`. */
export class IndexCollector {
  /** INDEX_SELECT, noting each contract of a standard-JSON output (one without deployed code too). */
  readonly select = (path: readonly JsonKey[]): JsonSelection => {
    const at = path[0] === 'output' ? 1 : 0;
    if (path.length === at + 3 && path[at] === 'contracts' && this.rest(path) !== undefined)
      this.contract(String(path[at + 1]), String(path[at + 2]));
    return INDEX_SELECT(path);
  };
  private readonly top = new Map<string, unknown>();
  private readonly contracts = new Map<string, Map<string, RawDeployed>>();
  private readonly sources = new Map<string, { id?: number; ast: boolean }>();
  private readonly foundry = new FoundryIndexFacts();
  private prefix: OutputPrefix | undefined;
  private contractCount = 0;
  /** Contracts and sources past MAX_INDEXED_ENTRIES, not kept. */
  private leftOut = 0;

  onValue = (path: readonly JsonKey[], value: unknown): void => {
    if (path.length === 1 && TOP_LEVEL.includes(String(path[0]))) this.top.set(String(path[0]), value);
    const rest = this.rest(path);
    if (rest === undefined) {
      this.foundry.onValue(path, value);
      return;
    }
    if (rest[0] === 'contracts' && rest.length === 6 && rest[4] === 'bytecode') {
      const raw = this.contract(String(rest[1]), String(rest[2]));
      if (rest[5] === 'object') raw.creationObject = value;
      else raw.creationSourceIds = typeof value === 'string' ? sourceMapFileIds(value) : [];
    } else if (rest[0] === 'contracts' && rest.length === 6) {
      const raw = this.contract(String(rest[1]), String(rest[2]));
      if (rest[5] === 'sourceMap') {
        raw.hasSourceMap = typeof value === 'string' && value.length > 0;
        raw.sourceIds = typeof value === 'string' ? sourceMapFileIds(value) : [];
      } else if (rest[5] === 'object') raw.object = value;
      else raw.immutableReferences = value;
    } else if (rest[0] === 'sources' && rest.length === 3 && Number.isSafeInteger(value) && (value as number) >= 0)
      this.source(String(rest[1])).id = value as number;
  };

  onNote = (path: readonly JsonKey[], note: { kind: string }): void => {
    const rest = this.rest(path);
    if (rest?.[0] === 'sources' && rest.length === 3) this.source(String(rest[1])).ast = note.kind === 'object';
  };

  /** The path below the standard-JSON output (`output.` or the top), or undefined for other paths. */
  private rest(path: readonly JsonKey[]): readonly JsonKey[] | undefined {
    const nested = path[0] === 'output';
    const rest = nested ? path.slice(1) : path;
    if (rest[0] !== 'contracts' && rest[0] !== 'sources') return undefined;
    this.prefix ??= nested ? ['output'] : [];
    return rest;
  }

  private contract(source: string, name: string): RawDeployed {
    let byName = this.contracts.get(source);
    let raw = byName?.get(name);
    if (raw !== undefined) return raw;
    raw = {};
    if (this.contractCount >= MAX_INDEXED_ENTRIES) {
      this.leftOut++;
      return raw;
    }
    if (byName === undefined) this.contracts.set(source, (byName = new Map<string, RawDeployed>()));
    byName.set(name, raw);
    this.contractCount++;
    return raw;
  }

  private source(name: string): { id?: number; ast: boolean } {
    let s = this.sources.get(name);
    if (s !== undefined) return s;
    s = { ast: false };
    if (this.sources.size >= MAX_INDEXED_ENTRIES) this.leftOut++;
    else this.sources.set(name, s);
    return s;
  }

  private format(): OutputFormat {
    const tag = this.top.get('_format');
    if (tag === 'hh-sol-build-info-1') return 'hardhat-build-info';
    if (tag === 'hh3-sol-build-info-output-1') return 'hardhat3-output';
    if (tag === 'hh3-sol-build-info-1') return 'hardhat3-input';
    if (tag === 'ethers-rs-sol-build-info-1' || this.top.has('source_id_to_path')) return 'foundry-build-info';
    if (this.foundry.isArtifact) return 'foundry-artifact';
    if (this.prefix !== undefined) return this.prefix.length === 0 ? 'solc-output' : 'solc-json';
    return 'unknown';
  }

  /** The build id of a Hardhat 3 output (its input is `<id>.json` beside it). */
  get hardhat3BuildId(): string | undefined {
    return this.format() === 'hardhat3-output' ? safeBuildId(this.top.get('id')) : undefined;
  }

  /**
   * What the file gives the index. `companion`: the top-level values of a Hardhat 3 output's input
   * file (`solcLongVersion`, `userSourceNameMap`), read separately.
   */
  finish(source: CompilerOutputFile, companion?: ReadonlyMap<string, unknown>): IndexedFile {
    const format = this.format();
    if (format === 'foundry-artifact') return this.foundry.finish(source);
    const top = companion ?? this.top;
    const solcVersion =
      shortString(top.get('solcLongVersion'), MAX_VERSION_CHARS) ??
      shortString(top.get('solcVersion'), MAX_VERSION_CHARS);
    const userNames = new Map<string, string>();
    const map = top.get('userSourceNameMap');
    if (isRecord(map))
      for (const [user, input] of Object.entries(map)) if (typeof input === 'string') userNames.set(input, user);
    const sourceIds = new Map<string, number>();
    for (const [name, s] of this.sources) if (s.id !== undefined) sourceIds.set(name, s.id);
    const base = { source, format, sourceIds, userNames, solcVersion, buildId: this.hardhat3BuildId };
    const contracts: IndexedContract[] = [];
    const lacking = { code: 0, hex: 0 };
    for (const [src, byName] of this.contracts)
      for (const [name, raw] of byName) {
        const code =
          typeof raw.object === 'string'
            ? prepareCode(raw.object, immutableRanges(raw.immutableReferences))
            : undefined;
        if (code === undefined || name.length > MAX_NAME_CHARS || src.length > MAX_NAME_CHARS) {
          if (raw.object === undefined) lacking.code++;
          else if (typeof raw.object !== 'string' || !/^(0x)?[0-9a-fA-F_$]*$/.test(raw.object)) lacking.hex++;
          continue;
        }
        const sourceName = userSourceName(userNames, format, src);
        const ref: CompiledContractRef = {
          key: `${source.file}#${sourceName}:${name}`,
          contractName: name,
          sourceName,
          origin: { kind: originKind(format), file: source.file },
          ...(solcVersion !== undefined ? { solcVersion } : {}),
          code,
          hasAst: this.sources.get(src)?.ast === true,
          hasSourceMap: raw.hasSourceMap === true,
        };
        const creation = prepareCreation(raw.creationObject);
        contracts.push({
          ref,
          outputSourceName: src,
          sourceIds: raw.sourceIds ?? [],
          creationSourceIds: raw.creationSourceIds ?? [],
          ...(creation !== undefined ? { creation } : {}),
        });
      }
    return { ...base, contracts, note: this.note(format, contracts.length, lacking) };
  }

  private note(format: OutputFormat, contracts: number, lacking: { code: number; hex: number }): string | undefined {
    if (format === 'unknown')
      return 'not compiler output: no `output.contracts`, `contracts` or `deployedBytecode.object` in it';
    if (this.leftOut > 0)
      return `more than ${MAX_INDEXED_ENTRIES} contracts or sources: only the first ${MAX_INDEXED_ENTRIES} of each were read`;
    if (format === 'foundry-build-info' && this.prefix === undefined)
      return 'a Foundry build-info without the compiler output (`forge build --build-info` writes it)';
    if (contracts > 0) return undefined;
    if (lacking.hex > 0) return `the deployed bytecode of ${lacking.hex} contract(s) is not hex code`;
    if (lacking.code > 0)
      return 'no deployed bytecode in the output (its outputSelection lacks `evm.deployedBytecode.object`)';
    return undefined;
  }
}
