// Foundry's per-contract artifacts (out/<File>.sol/<Name>.json): the deployed bytecode, its source
// map, the AST of the contract's own source (with `ast = true`), the source id, and the metadata
// (an object, or the `rawMetadata` string) with the compiler version, the compilation target and
// each source's keccak-256. Foundry keeps no source text (unless `use_literal_content`): the
// keccak-256 goes to the caller, who compares it with the workspace file. A contract whose code
// runs through other sources (a base contract, a library) finds their ASTs in the artifacts of the
// same compilation: the artifact whose own source has that id and the keccak-256 this one's
// metadata gives. Pure: no Node APIs.
import type { CompilerOutputFile } from './api';
import type { CompiledContractRef, CompiledSource } from './types';
import type { JsonKey } from './jsonStream';
import { JsonStreamReader } from './jsonStream';
import { selectPaths, type JsonPattern } from './jsonPaths';
import { prepareCode } from '../abi/bytecode';
import { prepareCreation } from './creationCode';
import {
  type IndexedContract,
  type IndexedFile,
  type FoundrySourceFacts,
  immutableRanges,
  isRecord,
  selectorsOf,
  shortString,
  sourceMapFileIds,
} from './outputParts';

const KECCAK = /^0x[0-9a-fA-F]{64}$/;
const METADATA_PATHS: JsonPattern[] = [
  ['compiler', 'version'],
  ['settings', 'compilationTarget'],
  ['sources', '*', 'keccak256'],
];

/** What the index pass takes of a Foundry artifact (beside the standard-JSON paths). */
export const FOUNDRY_INDEX_PATHS: readonly JsonPattern[] = [
  ...['object', 'immutableReferences', 'sourceMap'].map(k => ['deployedBytecode', k]),
  ...['object', 'sourceMap'].map(k => ['bytecode', k]),
  ['id'],
  ['ast', 'nodeType'],
  ['ast', 'absolutePath'],
  ...METADATA_PATHS.map(p => ['metadata', ...p]),
  ['rawMetadata'],
];

/** The metadata's facts, from the `metadata` object's values or the `rawMetadata` string. */
export class MetadataFacts {
  version: string | undefined;
  target: [string, string] | undefined;
  readonly keccaks = new Map<string, string>();
  readonly contents = new Map<string, string>();

  onValue(path: readonly JsonKey[], value: unknown): void {
    if (path[0] === 'compiler' && path[1] === 'version') this.version = shortString(value, 100);
    else if (path[0] === 'settings' && isRecord(value)) {
      const entries = Object.entries(value);
      if (entries.length === 1 && shortString(entries[0][0]) !== undefined && shortString(entries[0][1]) !== undefined)
        this.target = [entries[0][0], entries[0][1] as string];
    } else if (path[0] === 'sources' && path.length === 3) {
      const name = shortString(path[1]);
      if (name === undefined) return;
      if (path[2] === 'keccak256' && typeof value === 'string' && KECCAK.test(value))
        this.keccaks.set(name, value.toLowerCase());
      else if (path[2] === 'content' && typeof value === 'string') this.contents.set(name, value);
    }
  }

  /** Reads the `rawMetadata` string (a JSON text of its own); a malformed one gives nothing. */
  readRaw(text: string, withContent = false): void {
    const take = withContent ? [...METADATA_PATHS, ['sources', '*', 'content']] : METADATA_PATHS;
    const found: [readonly JsonKey[], unknown][] = [];
    try {
      const reader = new JsonStreamReader({ select: selectPaths({ take }), onValue: (p, v) => found.push([p, v]) });
      reader.write(text);
      reader.end();
    } catch {
      return;
    }
    for (const [p, v] of found) this.onValue(p, v);
  }
}

/** The index pass's facts of a Foundry artifact. */
export class FoundryIndexFacts {
  private object: unknown;
  private immutables: unknown;
  private sourceIds: readonly number[] = [];
  private creationObject: unknown;
  private creationSourceIds: readonly number[] = [];
  private hasSourceMap = false;
  private astNodeType: unknown;
  private absolutePath: unknown;
  private id: unknown;
  private readonly metadata = new MetadataFacts();

  onValue(path: readonly JsonKey[], value: unknown): void {
    const [first, second] = path;
    if (first === 'deployedBytecode' && path.length === 2) {
      if (second === 'object') this.object = value;
      else if (second === 'immutableReferences') this.immutables = value;
      else if (typeof value === 'string') {
        this.hasSourceMap = value.length > 0;
        this.sourceIds = sourceMapFileIds(value);
      }
    } else if (first === 'bytecode' && path.length === 2) {
      if (second === 'object') this.creationObject = value;
      else if (typeof value === 'string') this.creationSourceIds = sourceMapFileIds(value);
    } else if (first === 'ast' && path.length === 2) {
      if (second === 'nodeType') this.astNodeType = value;
      else this.absolutePath = value;
    } else if (first === 'id' && path.length === 1) this.id = value;
    else if (first === 'metadata') this.metadata.onValue(path.slice(1), value);
    else if (first === 'rawMetadata' && typeof value === 'string') this.metadata.readRaw(value);
  }

  /** Whether the file had `deployedBytecode.object`: a Foundry artifact. */
  get isArtifact(): boolean {
    return this.object !== undefined;
  }

  finish(source: CompilerOutputFile): IndexedFile {
    const fileName = source.file.split('/').pop() ?? source.file;
    const sourceName = this.metadata.target?.[0] ?? shortString(this.absolutePath);
    const contractName = this.metadata.target?.[1] ?? fileName.replace(/\.json$/i, '');
    const sourceId = Number.isSafeInteger(this.id) && (this.id as number) >= 0 ? (this.id as number) : undefined;
    const hasAst = this.astNodeType === 'SourceUnit';
    const base = {
      source,
      format: 'foundry-artifact' as const,
      sourceIds: new Map<string, number>(
        sourceName !== undefined && sourceId !== undefined ? [[sourceName, sourceId]] : [],
      ),
      userNames: new Map<string, string>(),
      ...(this.metadata.version !== undefined ? { solcVersion: this.metadata.version } : {}),
    };
    if (sourceName === undefined)
      return {
        ...base,
        contracts: [],
        note: 'no source name: neither `metadata.settings.compilationTarget` nor `ast.absolutePath`',
      };
    const foundry: FoundrySourceFacts = {
      sourceName,
      ...(sourceId !== undefined ? { sourceId } : {}),
      ...(this.metadata.keccaks.has(sourceName) ? { keccak256: this.metadata.keccaks.get(sourceName) } : {}),
      dependencies: this.metadata.keccaks,
      hasAst,
    };
    const code =
      typeof this.object === 'string' ? prepareCode(this.object, immutableRanges(this.immutables)) : undefined;
    if (code === undefined) return { ...base, contracts: [], foundry };
    const ref: CompiledContractRef = {
      key: `${source.file}#${sourceName}:${contractName}`,
      contractName,
      sourceName,
      origin: { kind: 'foundry', file: source.file },
      ...(this.metadata.version !== undefined ? { solcVersion: this.metadata.version } : {}),
      code,
      hasAst,
      hasSourceMap: this.hasSourceMap,
    };
    const creation = prepareCreation(this.creationObject);
    const contract: IndexedContract = {
      ref,
      outputSourceName: sourceName,
      sourceIds: this.sourceIds,
      creationSourceIds: this.creationSourceIds,
      ...(creation !== undefined ? { creation } : {}),
    };
    return { ...base, contracts: [contract], foundry };
  }
}

/** What the detail pass reads of the contract's own artifact. */
export const FOUNDRY_DETAIL_SELECT = selectPaths({
  take: [
    ['deployedBytecode', 'sourceMap'],
    ['methodIdentifiers'],
    ['ast'],
    ['id'],
    ...[...METADATA_PATHS, ['sources', '*', 'content']].map(p => ['metadata', ...p]),
    ['rawMetadata'],
  ],
});

/** What the detail pass reads of an artifact of the same compilation: its source's AST. */
export const FOUNDRY_AST_SELECT = selectPaths({ take: [['ast']] });

/** The detail pass's reading of the contract's own artifact. */
export class FoundryDetailCollector {
  sourceMap: string | undefined;
  selectors = new Map<string, string>();
  ast: unknown;
  /** Bytes of the values read (the detail's weight estimate). */
  bytes = 0;
  private readonly metadata = new MetadataFacts();

  onValue = (path: readonly JsonKey[], value: unknown, bytes: number): void => {
    this.bytes += bytes;
    const [first] = path;
    if (first === 'deployedBytecode' && typeof value === 'string') this.sourceMap = value;
    else if (first === 'methodIdentifiers') this.selectors = selectorsOf(value);
    else if (first === 'ast' && isRecord(value) && value.nodeType === 'SourceUnit') this.ast = value;
    else if (first === 'metadata') this.metadata.onValue(path.slice(1), value);
    else if (first === 'rawMetadata' && typeof value === 'string') this.metadata.readRaw(value, true);
  };

  /** A source of this contract's compilation: its text when the metadata has it, else its keccak-256. */
  source(id: number, name: string): CompiledSource {
    const content = this.metadata.contents.get(name);
    const keccak256 = this.metadata.keccaks.get(name);
    return {
      id,
      name,
      generated: false,
      ...(content !== undefined ? { content } : {}),
      ...(content === undefined && keccak256 !== undefined ? { keccak256 } : {}),
    };
  }
}

/**
 * The artifacts of the other sources a source map points at (`ids`): same project, same compiler,
 * own source with that id and with the keccak-256 this contract's compilation read, and (unless
 * `needAst` is false) an AST. Ids nobody matches are left out (their source is then unknown).
 */
export function foundrySiblings(
  file: IndexedFile,
  ids: readonly number[],
  all: Iterable<IndexedFile>,
  needAst = true,
): Map<number, IndexedFile> {
  const own = file.foundry;
  const wanted = new Set(ids.filter(id => id !== own?.sourceId));
  const found = new Map<number, IndexedFile>();
  if (own === undefined || wanted.size === 0) return found;
  for (const other of all) {
    const theirs = other.foundry;
    if (theirs === undefined || theirs.sourceId === undefined || !wanted.has(theirs.sourceId)) continue;
    if (found.has(theirs.sourceId) || (needAst && !theirs.hasAst)) continue;
    if (other.source.projectRoot !== file.source.projectRoot || other.solcVersion !== file.solcVersion) continue;
    const expected = own.dependencies.get(theirs.sourceName);
    if (expected === undefined || expected !== theirs.keccak256) continue;
    found.set(theirs.sourceId, other);
  }
  return found;
}

/**
 * The number of user sources of the compilation `file` came from, as far as its artifacts tell:
 * one more than the largest source id of the artifacts of the same project and compiler. Ids from
 * there up are taken for generated sources (Foundry's artifacts do not list them).
 */
export function foundryUserSources(file: IndexedFile, all: Iterable<IndexedFile>): number {
  let count = file.foundry?.sourceId !== undefined ? file.foundry.sourceId + 1 : 0;
  for (const other of all) {
    const id = other.foundry?.sourceId;
    if (id === undefined || other.source.projectRoot !== file.source.projectRoot) continue;
    if (other.solcVersion === file.solcVersion) count = Math.max(count, id + 1);
  }
  return count;
}
