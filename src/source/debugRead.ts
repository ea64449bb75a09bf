// The debug pass over a compiler-output file: for one contract's code (deployed or creation), read
// on demand, what a transaction debugger needs: the compiled object (its instructions), its source
// map, the generated (Yul) sources of that code, the storage layout, and the user sources the map
// points at (their text, from a build-info's input; Foundry keeps none: its metadata's keccak-256
// instead). Only those paths are taken; the rest of the file is skipped. Pure: no Node APIs.
import type { CompiledSource } from './types';
import type { CodeDebugInfo } from './debugTypes';
import type { JsonKey, JsonSelection } from './jsonStream';
import { selectPaths, type JsonPattern } from './jsonPaths';
import { MetadataFacts } from './foundry';
import { StorageLayoutCollector, layoutPatterns } from './storageLayout';
import type { DebugParts } from './debugInfo';
import { type IndexedContract, type IndexedFile, outputPrefix, shortString, userSourceName } from './outputParts';

export type CodeKind = CodeDebugInfo['kind'];

const MAX_GENERATED_SOURCES = 1000;
const METADATA_PATHS: JsonPattern[] = [
  ['sources', '*', 'keccak256'],
  ['sources', '*', 'content'],
];

/** `deployedBytecode` or `bytecode`: where a kind's code sits in the output. */
function codeKey(kind: CodeKind): string {
  return kind === 'deployed' ? 'deployedBytecode' : 'bytecode';
}

/** The source ids a kind's source map points at, as the index pass noted them. */
export function mapSourceIds(contract: IndexedContract, kind: CodeKind): readonly number[] {
  return kind === 'deployed' ? contract.sourceIds : contract.creationSourceIds;
}

/** A select that first lets the layout collector count (and cut) its entries under `own`. */
function withLayout(
  own: readonly string[],
  layout: StorageLayoutCollector,
  base: (path: readonly JsonKey[]) => JsonSelection,
): (path: readonly JsonKey[]) => JsonSelection {
  return path => {
    if (path.length > own.length && path[own.length] === 'storageLayout' && own.every((k, i) => path[i] === k)) {
      const said = layout.admit(path.slice(own.length));
      if (said !== undefined) return said;
    }
    return base(path);
  };
}

/** What the debug pass reads of one contract's code in a standard-JSON output. */
export class SolcDebugCollector {
  readonly select: (path: readonly JsonKey[]) => JsonSelection;
  /** The input's `sources` paths of the needed sources' text (a Hardhat 3 input file is read with it). */
  readonly selectText: (path: readonly JsonKey[]) => JsonSelection;
  /** Bytes of the values read. */
  bytes = 0;
  private readonly prefixLength: number;
  private readonly names: ReadonlySet<string>;
  private readonly ids = new Map<string, number>();
  private readonly texts = new Map<string, string>();
  private readonly generated = new Map<number, { id?: unknown; name?: unknown; contents?: unknown }>();
  private readonly layout = new StorageLayoutCollector();
  private object: unknown;
  private sourceMap: unknown;

  constructor(
    private readonly file: IndexedFile,
    private readonly contract: IndexedContract,
    private readonly kind: CodeKind,
  ) {
    const prefix = outputPrefix(file.format);
    this.prefixLength = prefix.length;
    const wanted = new Set(mapSourceIds(contract, kind));
    this.names = new Set([
      contract.outputSourceName,
      ...[...file.sourceIds].filter(([, id]) => wanted.has(id)).map(([name]) => name),
    ]);
    const own = [...prefix, 'contracts', contract.outputSourceName, contract.ref.contractName];
    const code = [...own, 'evm', codeKey(kind)];
    const text: JsonPattern[] = [...this.names].map(n => ['input', 'sources', n, 'content']);
    this.selectText = selectPaths({ take: text });
    const base = selectPaths({
      take: [
        [...code, 'object'],
        [...code, 'sourceMap'],
        ...['id', 'name', 'contents'].map(k => [...code, 'generatedSources', '*', k]),
        ...layoutPatterns(own),
        ...[...this.names].map(n => [...prefix, 'sources', n, 'id']),
        ...text,
      ],
    });
    this.select = withLayout(own, this.layout, base);
  }

  onValue = (path: readonly JsonKey[], value: unknown, bytes: number): void => {
    this.bytes += bytes;
    if (path[0] === 'input') {
      if (path.length === 4 && typeof value === 'string') this.texts.set(String(path[2]), value);
      return;
    }
    const rest = path.slice(this.prefixLength);
    if (rest[0] === 'sources' && rest.length === 3) {
      if (Number.isSafeInteger(value) && (value as number) >= 0) this.ids.set(String(rest[1]), value as number);
    } else if (rest[0] === 'contracts' && rest[3] === 'storageLayout') this.layout.onValue(rest.slice(3), value);
    else if (rest[0] === 'contracts' && rest.length === 6) {
      if (rest[5] === 'object') this.object = value;
      else this.sourceMap = value;
    } else if (rest[0] === 'contracts' && rest[5] === 'generatedSources' && rest.length === 8) {
      const index = Number(rest[6]);
      if (index >= MAX_GENERATED_SOURCES) return;
      this.generated.set(index, { ...this.generated.get(index), [String(rest[7])]: value });
    }
  };

  parts(): DebugParts {
    const { file, contract } = this;
    const sources = new Map<number, CompiledSource>();
    for (const name of this.names) {
      const id = this.ids.get(name) ?? file.sourceIds.get(name);
      if (id === undefined) continue;
      const content = this.texts.get(name);
      const shown = userSourceName(file.userNames, file.format, name);
      sources.set(id, { id, name: shown, generated: false, ...(content !== undefined ? { content } : {}) });
    }
    // solc numbers the generated sources from the number of user sources up.
    let userSources = 0;
    for (const id of file.sourceIds.values()) userSources = Math.max(userSources, id + 1);
    for (const g of this.generated.values()) {
      const name = shortString(g.name);
      const id = g.id as number;
      if (!Number.isSafeInteger(id) || id < 0 || name === undefined || typeof g.contents !== 'string') continue;
      if (sources.has(id)) continue;
      sources.set(id, { id, name, generated: true, content: g.contents });
      userSources = Math.min(userSources, id);
    }
    const { layout, problems } = this.layout.finish();
    return {
      ref: contract.ref,
      kind: this.kind,
      object: this.object,
      sourceMap: this.sourceMap,
      userSources,
      sources,
      ...(layout !== undefined ? { layout } : {}),
      problems,
    };
  }
}

/** What the debug pass reads of a Foundry artifact (out/<File>.sol/<Name>.json). */
export class FoundryDebugCollector {
  readonly select: (path: readonly JsonKey[]) => JsonSelection;
  bytes = 0;
  private readonly layout = new StorageLayoutCollector();
  private readonly metadata = new MetadataFacts();
  private object: unknown;
  private sourceMap: unknown;

  constructor(private readonly kind: CodeKind) {
    const base = selectPaths({
      take: [
        [codeKey(kind), 'object'],
        [codeKey(kind), 'sourceMap'],
        ...layoutPatterns([]),
        ...METADATA_PATHS.map(p => ['metadata', ...p]),
        ['rawMetadata'],
      ],
    });
    this.select = withLayout([], this.layout, base);
  }

  onValue = (path: readonly JsonKey[], value: unknown, bytes: number): void => {
    this.bytes += bytes;
    const [first, second] = path;
    if (first === 'storageLayout') this.layout.onValue(path, value);
    else if (first === codeKey(this.kind) && second === 'object') this.object = value;
    else if (first === codeKey(this.kind)) this.sourceMap = value;
    else if (first === 'metadata') this.metadata.onValue(path.slice(1), value);
    else if (first === 'rawMetadata' && typeof value === 'string') this.metadata.readRaw(value, true);
  };

  /**
   * The parts, with the sources the map names that the index knows (`names`: id → source name, from
   * the artifacts of the same compilation). Foundry keeps no generated sources, and no text unless
   * the metadata has it: the keccak-256 of the compiled text instead.
   */
  parts(contract: IndexedContract, names: ReadonlyMap<number, string>, userSources: number): DebugParts {
    const sources = new Map<number, CompiledSource>();
    for (const [id, name] of names) {
      const content = this.metadata.contents.get(name);
      const keccak256 = this.metadata.keccaks.get(name);
      sources.set(id, {
        id,
        name,
        generated: false,
        ...(content !== undefined ? { content } : {}),
        ...(content === undefined && keccak256 !== undefined ? { keccak256 } : {}),
      });
    }
    const { layout, problems } = this.layout.finish();
    return {
      ref: contract.ref,
      kind: this.kind,
      object: this.object,
      sourceMap: this.sourceMap,
      userSources,
      sources,
      ...(layout !== undefined ? { layout } : {}),
      problems,
      missingSources: "Foundry's artifacts carry no generated sources, and a source without an artifact is unknown",
    };
  }
}
