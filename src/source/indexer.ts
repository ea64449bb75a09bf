// The compiler-output index of one thread: the worker's (files on disk, streamed) or the extension
// host's own (files read through the workspace, in slices, capped). It reads each file once for the
// index (small facts per contract, see compilerOutput.ts), and a contract's detail (source map, ASTs,
// texts) on demand, keeping the recently loaded details in an LRU bounded by an estimate of their
// size. Revert sites are answered here (inferSites), and a code's debug information (debugInfo.ts)
// is built here, so nothing large leaves this thread: only refs, answers and typed arrays do. How
// bytes are read is the caller's (OutputFileAccess). Pure: no Node APIs.
import type { CompilerOutputFile } from './api';
import type { CompiledContractDetail, CompiledContractRef, RevertToFind, SiteAnswer } from './types';
import type { JsonKey, JsonNote, JsonSelection } from './jsonStream';
import { JsonLimitError, JsonStreamError, JsonStreamReader } from './jsonStream';
import { selectPaths } from './jsonPaths';
import { COMPANION_SELECT, IndexCollector } from './compilerOutput';
import { SolcDetailCollector } from './compilerDetail';
import {
  FOUNDRY_AST_SELECT,
  FOUNDRY_DETAIL_SELECT,
  FoundryDetailCollector,
  foundrySiblings,
  foundryUserSources,
} from './foundry';
import type { IndexedContract, IndexedFile } from './outputParts';
import { isRecord, userSourceName } from './outputParts';
import { inferSites } from './sites';
import type { CodeDebugInfo } from './debugTypes';
import type { CreationCodeOf } from './creationCode';
import { type CodeKind, FoundryDebugCollector, SolcDebugCollector, mapSourceIds } from './debugRead';
import { type DebugParts, buildDebugInfo, debugInfoWeight, unreadDebugInfo } from './debugInfo';
import { Lru } from '../util/lru';
import { errorMessage } from '../util/errorMessage';

/** How this thread reads files. */
export interface OutputFileAccess {
  /** Streams a file's bytes into `write`, chunk by chunk. Rejects with FileSkipped for a file not to read. */
  pump(file: CompilerOutputFile, write: (chunk: Uint8Array) => void): Promise<void>;
  /** The file `name` in the same folder (Hardhat 3's input beside its output). */
  sibling(file: CompilerOutputFile, name: string): CompilerOutputFile;
  /** The current text of a source of `file`'s project (`sourceName` relative to its project root), bounded. */
  sourceText(file: CompilerOutputFile, sourceName: string): Promise<string | undefined>;
  /** The most bytes of one value taken from a file (an AST, a source text). */
  readonly maxValueBytes: number;
}

/** A file not read, and why (in words). */
export class FileSkipped extends Error {}

export interface IndexOutcome {
  readonly file: string;
  readonly refs: readonly CompiledContractRef[];
  /** Why the file was not indexed, or only partly. */
  readonly skipped?: string;
  /** The creation code of the refs whose output has it (left out when none has). */
  readonly creation?: readonly CreationCodeOf[];
}

export interface IndexerOptions {
  /** The most estimated bytes of loaded details kept. */
  readonly detailBudgetBytes: number;
  /** The most details kept. */
  readonly detailEntries?: number;
}

/** Estimated heap bytes per byte of JSON text read into a detail (objects and UTF-16 strings). */
const HEAP_PER_JSON_BYTE = 3;
/** The most sources whose workspace text one answer reads (the sources a contract's code runs through). */
const MAX_TEXTS_READ = 64;

interface Loaded {
  readonly detail: CompiledContractDetail;
  /** Its estimated size on the heap, in bytes (the LRU's weight). */
  readonly weight: number;
}

/** A code's debug information, kept in the same LRU as the details (its own key: debugKey). */
interface DebugLoaded {
  readonly debug: CodeDebugInfo;
  readonly weight: number;
}

function debugKey(key: string, kind: CodeKind): string {
  return `debug\0${kind}\0${key}`;
}

/** Why a file could not be read, in words. */
export function skipReason(e: unknown): string {
  if (e instanceof FileSkipped) return e.message;
  if (e instanceof JsonStreamError) return `not valid JSON: ${e.message}`;
  if (e instanceof JsonLimitError) return `not read: ${e.message}`;
  const code = isRecord(e) ? e.code : undefined;
  if (code === 'ENOENT' || code === 'FileNotFound') return 'the file is gone (deleted or moved)';
  return `could not be read: ${errorMessage(e)}`;
}

export class CompilerOutputIndexer {
  private readonly files = new Map<string, IndexedFile>();
  private readonly byKey = new Map<string, { readonly file: IndexedFile; readonly contract: IndexedContract }>();
  private readonly details: Lru<string, Loaded | DebugLoaded>;
  private readonly loading = new Map<string, Promise<Loaded | string>>();
  private readonly loadingDebug = new Map<string, Promise<CodeDebugInfo>>();

  constructor(
    private readonly access: OutputFileAccess,
    options: IndexerOptions,
  ) {
    this.details = new Lru(options.detailEntries ?? 64, options.detailBudgetBytes);
  }

  /** How many loaded details the LRU holds. */
  get detailsHeld(): number {
    return this.details.size;
  }

  /** Indexes (or re-indexes) one file; a file that cannot be read is dropped, with the reason. */
  async index(source: CompilerOutputFile): Promise<IndexOutcome> {
    try {
      const collector = new IndexCollector();
      await this.read(source, collector.select, collector.onValue, collector.onNote);
      const buildId = collector.hardhat3BuildId;
      const companion = buildId === undefined ? undefined : await this.companionFacts(source, buildId);
      const indexed = collector.finish(source, companion);
      this.remove(source.file);
      this.files.set(source.file, indexed);
      for (const contract of indexed.contracts) this.byKey.set(contract.ref.key, { file: indexed, contract });
      const refs = indexed.contracts.map(c => c.ref);
      const creation = indexed.contracts.flatMap(c => (c.creation ? [{ key: c.ref.key, code: c.creation }] : []));
      return {
        file: source.file,
        refs,
        ...(indexed.note !== undefined ? { skipped: indexed.note } : {}),
        ...(creation.length > 0 ? { creation } : {}),
      };
    } catch (e) {
      this.remove(source.file);
      return { file: source.file, refs: [], skipped: skipReason(e) };
    }
  }

  remove(file: string): void {
    const indexed = this.files.get(file);
    if (indexed === undefined) return;
    this.files.delete(file);
    for (const contract of indexed.contracts) {
      this.byKey.delete(contract.ref.key);
      this.details.delete(contract.ref.key);
      this.details.delete(debugKey(contract.ref.key, 'deployed'));
      this.details.delete(debugKey(contract.ref.key, 'creation'));
    }
  }

  /** The detail of an indexed contract, loaded on demand, or why it cannot be. */
  async detail(key: string): Promise<CompiledContractDetail | string> {
    const loaded = await this.load(key);
    return typeof loaded === 'string' ? loaded : loaded.detail;
  }

  async sites(key: string, selector: string | undefined, revert: RevertToFind): Promise<SiteAnswer> {
    const loaded = await this.load(key);
    if (typeof loaded === 'string') return { kind: 'none', reason: loaded };
    const entry = this.byKey.get(key);
    const texts =
      entry === undefined ? new Map<number, string>() : await this.workspaceTexts(entry.file, loaded.detail);
    try {
      return inferSites(loaded.detail, selector, revert, { text: s => s.content ?? texts.get(s.id) });
    } catch (e) {
      return { kind: 'none', reason: `the revert site could not be inferred: ${errorMessage(e)}` };
    }
  }

  /** The keccak-256 of the text compiled for `sourceName`, from the metadata (Foundry keeps no text). */
  async compiledKeccak256(key: string, sourceName: string): Promise<string | undefined> {
    if (!this.byKey.has(key)) return undefined;
    const loaded = await this.load(key);
    if (typeof loaded === 'string') return undefined;
    for (const s of loaded.detail.sources.values()) if (!s.generated && s.name === sourceName) return s.keccak256;
    return undefined;
  }

  /** The text the compiler compiled for `sourceName` (as the project names it), when the output has it. */
  async compiledText(key: string, sourceName: string): Promise<string | undefined> {
    const entry = this.byKey.get(key);
    if (entry === undefined) return undefined;
    const loaded = await this.load(key);
    if (typeof loaded !== 'string')
      for (const s of loaded.detail.sources.values()) if (!s.generated && s.name === sourceName) return s.content;
    const { file } = entry;
    if (file.format === 'foundry-artifact') return undefined;
    const outputName =
      [...file.sourceIds.keys()].find(n => userSourceName(file.userNames, file.format, n) === sourceName) ?? sourceName;
    const where = file.buildId !== undefined ? this.access.sibling(file.source, `${file.buildId}.json`) : file.source;
    let text: string | undefined;
    try {
      const select = selectPaths({ take: [['input', 'sources', outputName, 'content']] });
      await this.read(where, select, (_p, v) => (text = typeof v === 'string' ? v : undefined));
    } catch {
      return undefined;
    }
    return text;
  }

  /**
   * The decoded source map, sources and storage layout of a contract's code, read on demand and
   * kept within the detail budget; undefined when the contract is not indexed. A file that cannot
   * be read again gives empty arrays and the reason in `problems` (not kept).
   */
  async debugInfo(key: string, kind: CodeKind): Promise<CodeDebugInfo | undefined> {
    const entry = this.byKey.get(key);
    if (entry === undefined || (kind !== 'deployed' && kind !== 'creation')) return undefined;
    const cacheKey = debugKey(key, kind);
    const cached = this.details.get(cacheKey);
    if (cached !== undefined && 'debug' in cached) return cached.debug;
    let pending = this.loadingDebug.get(cacheKey);
    if (pending === undefined) {
      const { file, contract } = entry;
      pending = (
        file.format === 'foundry-artifact'
          ? this.foundryDebug(file, contract, kind)
          : this.solcDebug(file, contract, kind)
      )
        .then(parts => {
          const debug = buildDebugInfo(parts);
          const weight = debugInfoWeight(debug);
          if (this.byKey.get(key) === entry) this.details.set(cacheKey, { debug, weight }, weight);
          return debug;
        })
        .catch((e: unknown) =>
          unreadDebugInfo(contract.ref, kind, `the compiler output could not be read again: ${skipReason(e)}`),
        )
        .finally(() => this.loadingDebug.delete(cacheKey));
      this.loadingDebug.set(cacheKey, pending);
    }
    return pending;
  }

  private async solcDebug(file: IndexedFile, contract: IndexedContract, kind: CodeKind): Promise<DebugParts> {
    const collector = new SolcDebugCollector(file, contract, kind);
    await this.read(file.source, collector.select, collector.onValue);
    if (file.buildId !== undefined) {
      const input = this.access.sibling(file.source, `${file.buildId}.json`);
      await this.read(input, collector.selectText, collector.onValue).catch(() => undefined);
    }
    return collector.parts();
  }

  private async foundryDebug(file: IndexedFile, contract: IndexedContract, kind: CodeKind): Promise<DebugParts> {
    const collector = new FoundryDebugCollector(kind);
    await this.read(file.source, collector.select, collector.onValue);
    const names = new Map<number, string>();
    const own = file.foundry;
    if (own?.sourceId !== undefined) names.set(own.sourceId, own.sourceName);
    for (const [id, sibling] of foundrySiblings(file, mapSourceIds(contract, kind), this.files.values(), false))
      if (sibling.foundry !== undefined) names.set(id, sibling.foundry.sourceName);
    return collector.parts(contract, names, foundryUserSources(file, this.files.values()));
  }

  private async load(key: string): Promise<Loaded | string> {
    const cached = this.details.get(key);
    if (cached !== undefined && 'detail' in cached) return cached;
    const entry = this.byKey.get(key);
    if (entry === undefined) return 'the contract is no longer indexed (its compiler output changed or was removed)';
    let pending = this.loading.get(key);
    if (pending === undefined) {
      pending = (
        entry.file.format === 'foundry-artifact'
          ? this.foundryDetail(entry.file, entry.contract)
          : this.solcDetail(entry.file, entry.contract)
      )
        .then(loaded => {
          if (this.byKey.get(key) === entry) this.details.set(key, loaded, loaded.weight);
          return loaded;
        })
        .catch((e: unknown) => `the compiler output could not be read again: ${skipReason(e)}`)
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async solcDetail(file: IndexedFile, contract: IndexedContract): Promise<Loaded> {
    const collector = new SolcDetailCollector(file, contract);
    await this.read(file.source, collector.select, collector.onValue);
    if (file.buildId !== undefined) {
      const input = this.access.sibling(file.source, `${file.buildId}.json`);
      // Without its input the output still has maps and ASTs: the texts are then the workspace's.
      await this.read(input, collector.selectText, collector.onValue).catch(() => undefined);
    }
    return { detail: collector.detail(), weight: collector.bytes * HEAP_PER_JSON_BYTE };
  }

  private async foundryDetail(file: IndexedFile, contract: IndexedContract): Promise<Loaded> {
    const own = new FoundryDetailCollector();
    await this.read(file.source, FOUNDRY_DETAIL_SELECT, own.onValue);
    const sources = new Map<number, ReturnType<FoundryDetailCollector['source']>>();
    const asts = new Map<number, unknown>();
    const ownId = file.foundry?.sourceId;
    if (ownId !== undefined && file.foundry !== undefined) {
      sources.set(ownId, own.source(ownId, file.foundry.sourceName));
      if (own.ast !== undefined) asts.set(ownId, own.ast);
    }
    let bytes = own.bytes;
    for (const [id, sibling] of foundrySiblings(file, contract.sourceIds, this.files.values())) {
      let ast: unknown;
      await this.read(sibling.source, FOUNDRY_AST_SELECT, (_p, v, n) => {
        ast = v;
        bytes += n;
      }).catch(() => undefined);
      if (sibling.foundry === undefined || !isRecord(ast)) continue;
      sources.set(id, own.source(id, sibling.foundry.sourceName));
      asts.set(id, ast);
    }
    const detail: CompiledContractDetail = {
      ref: contract.ref,
      ...(own.sourceMap !== undefined ? { deployedSourceMap: own.sourceMap } : {}),
      sources,
      asts,
      selectors: own.selectors,
    };
    return { detail, weight: bytes * HEAP_PER_JSON_BYTE };
  }

  /** Hardhat 3: the input file's top-level facts (compiler version, user source names). */
  private async companionFacts(source: CompilerOutputFile, buildId: string): Promise<Map<string, unknown> | undefined> {
    const top = new Map<string, unknown>();
    try {
      const input = this.access.sibling(source, `${buildId}.json`);
      await this.read(input, COMPANION_SELECT, (p, v) => top.set(String(p[0]), v));
    } catch {
      return undefined; // the output alone still indexes: names then lose their `project/` prefix only
    }
    return top;
  }

  /** The workspace's text of each source the detail has no compiled text for (Foundry), bounded. */
  private async workspaceTexts(file: IndexedFile, detail: CompiledContractDetail): Promise<Map<number, string>> {
    const texts = new Map<number, string>();
    const wanted = [...detail.sources.values()].filter(s => !s.generated && s.content === undefined);
    for (const s of wanted.slice(0, MAX_TEXTS_READ)) {
      const text = await this.access.sourceText(file.source, s.name).catch(() => undefined);
      if (text !== undefined) texts.set(s.id, text);
    }
    return texts;
  }

  private async read(
    file: CompilerOutputFile,
    select: (path: readonly JsonKey[]) => JsonSelection,
    onValue: (path: readonly JsonKey[], value: unknown, bytes: number) => void,
    onNote?: (path: readonly JsonKey[], note: JsonNote) => void,
  ): Promise<void> {
    const reader = new JsonStreamReader({ select, onValue, onNote, maxValueBytes: this.access.maxValueBytes });
    await this.access.pump(file, chunk => reader.write(chunk));
    reader.end();
  }
}
