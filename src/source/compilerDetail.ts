// The detail pass over a standard-JSON compiler output (Hardhat and Foundry build-info, a solc
// output file): for one contract, read on demand, what a revert site needs: its deployed source
// map, its selectors, the generated (Yul) sources, and the AST and compiled text of each source
// its code runs through (its own and those its source map points at; the index pass noted which).
// Only those paths are taken; the rest of the file is skipped again. Pure: no Node APIs.
import type { CompiledContractDetail, CompiledSource } from './types';
import type { JsonKey, JsonSelection } from './jsonStream';
import { selectPaths, type JsonPattern } from './jsonPaths';
import {
  type IndexedContract,
  type IndexedFile,
  isRecord,
  outputPrefix,
  selectorsOf,
  shortString,
  userSourceName,
} from './outputParts';

const MAX_GENERATED_SOURCES = 1000;

/** What the detail pass reads of one contract in a standard-JSON output, and what it found. */
export class SolcDetailCollector {
  readonly select: (path: readonly JsonKey[]) => JsonSelection;
  /** The input's `sources` paths of the needed sources' text (a Hardhat 3 input file is read with it). */
  readonly selectText: (path: readonly JsonKey[]) => JsonSelection;
  /** Bytes of the values read (the detail's weight estimate). */
  bytes = 0;
  private readonly prefixLength: number;
  private readonly names: ReadonlySet<string>;
  private readonly ids = new Map<string, number>();
  private readonly asts = new Map<string, unknown>();
  private readonly texts = new Map<string, string>();
  private readonly generated = new Map<number, { id?: unknown; name?: unknown; contents?: unknown }>();
  private sourceMap: string | undefined;
  private selectors = new Map<string, string>();

  constructor(
    private readonly file: IndexedFile,
    private readonly contract: IndexedContract,
  ) {
    const prefix = outputPrefix(file.format);
    this.prefixLength = prefix.length;
    const wanted = new Set(contract.sourceIds);
    this.names = new Set([
      contract.outputSourceName,
      ...[...file.sourceIds].filter(([, id]) => wanted.has(id)).map(([name]) => name),
    ]);
    const own = [...prefix, 'contracts', contract.outputSourceName, contract.ref.contractName, 'evm'];
    const text: JsonPattern[] = [...this.names].map(n => ['input', 'sources', n, 'content']);
    this.selectText = selectPaths({ take: text });
    this.select = selectPaths({
      take: [
        [...own, 'deployedBytecode', 'sourceMap'],
        ...['id', 'name', 'contents'].map(k => [...own, 'deployedBytecode', 'generatedSources', '*', k]),
        [...own, 'methodIdentifiers'],
        ...[...this.names].flatMap(n => [
          [...prefix, 'sources', n, 'ast'],
          [...prefix, 'sources', n, 'id'],
        ]),
        ...text,
      ],
    });
  }

  onValue = (path: readonly JsonKey[], value: unknown, bytes: number): void => {
    this.bytes += bytes;
    if (path[0] === 'input') {
      if (path.length === 4 && typeof value === 'string') this.texts.set(String(path[2]), value);
      return;
    }
    const rest = path.slice(this.prefixLength);
    if (rest[0] === 'sources' && rest.length === 3) {
      const name = String(rest[1]);
      if (rest[2] === 'ast' && isRecord(value)) this.asts.set(name, value);
      else if (rest[2] === 'id' && Number.isSafeInteger(value) && (value as number) >= 0)
        this.ids.set(name, value as number);
    } else if (rest[0] === 'contracts' && rest[4] === 'methodIdentifiers') this.selectors = selectorsOf(value);
    else if (rest[0] === 'contracts' && rest[5] === 'sourceMap' && typeof value === 'string') this.sourceMap = value;
    else if (rest[0] === 'contracts' && rest[5] === 'generatedSources' && rest.length === 8) {
      const index = Number(rest[6]);
      if (index >= MAX_GENERATED_SOURCES) return;
      const entry = this.generated.get(index) ?? {};
      this.generated.set(index, { ...entry, [String(rest[7])]: value });
    }
  };

  /** The compiled text of `outputName`, when the file (or its Hardhat 3 input) had it. */
  textOf(outputName: string): string | undefined {
    return this.texts.get(outputName);
  }

  detail(): CompiledContractDetail {
    const { file, contract } = this;
    const sources = new Map<number, CompiledSource>();
    const asts = new Map<number, unknown>();
    for (const name of this.names) {
      const id = this.ids.get(name) ?? file.sourceIds.get(name);
      if (id === undefined) continue;
      const content = this.texts.get(name);
      const shown = userSourceName(file.userNames, file.format, name);
      sources.set(id, { id, name: shown, generated: false, ...(content !== undefined ? { content } : {}) });
      const ast = this.asts.get(name);
      if (ast !== undefined) asts.set(id, ast);
    }
    for (const g of this.generated.values()) {
      const name = shortString(g.name);
      if (!Number.isSafeInteger(g.id) || (g.id as number) < 0 || name === undefined || typeof g.contents !== 'string')
        continue;
      if (!sources.has(g.id as number))
        sources.set(g.id as number, { id: g.id as number, name, generated: true, content: g.contents });
    }
    return {
      ref: contract.ref,
      ...(this.sourceMap !== undefined ? { deployedSourceMap: this.sourceMap } : {}),
      sources,
      asts,
      selectors: this.selectors,
    };
  }
}
