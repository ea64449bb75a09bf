// What the call trace needs for the whole session, in one bundle (`services.trace`, made on first
// use): the traces read so far, each network's contract codes, the workspace's compiler-output
// index, the keys of the revert-site links the panels show, and the revert marks the editor draws.
// The index is kept by the sources feature (it watches the workspace); the session asks for it
// the first time a caller reads `sources`, which is what starts the workspace scan. Pure: no vscode.
import type { CompilerOutputFile, SourceIndexApi, SourceIndexReport } from '../source/api';
import type { CodeDebugInfo, CreationMatch } from '../source/debugTypes';
import type { CompiledContractRef, RevertToFind, SiteAnswer } from '../source/types';
import { ExactSites, RevertMarks, SiteRegistry } from './marks';
import { ContractCodesByNetwork, type ContractCodes, type ContractSource } from './names';
import { TraceStore } from './store';

export interface TraceSessionInputs {
  /**
   * Where `network`'s contract codes are asked: the endpoint (codes are kept per endpoint: a
   * network served elsewhere is other contracts) and the client, read at call time (it is
   * replaced when the settings change).
   */
  readonly contractSource: (network: string) => { readonly endpoint: string; readonly source: ContractSource };
  /** The compiler-output index, from whoever keeps it; undefined while nobody does (asked again later). */
  readonly sources: () => SourceIndexApi | undefined;
  /** The workspace's source files as the index's keeper finds them; undefined while nobody keeps it. */
  readonly files?: () => WorkspaceSourceFiles | undefined;
}

/** A compiled source as the workspace has it now. */
export interface SourceFileAnswer {
  /** The file on this machine (absent: not in the workspace, or changed: `text` is the compiled one). */
  readonly path?: string;
  /** The text solc's offsets count in: the file's, or the compiled text when the file changed. */
  readonly text: string;
  /** Why the compiled text is given instead of the file's, in words. */
  readonly drift?: string;
}

/** What the debugger asks of the workspace: a compiled source's file, and when the scan is done. */
export interface WorkspaceSourceFiles {
  /** Settles when the workspace scan and the indexing queued behind it are done. */
  ready(): Promise<void>;
  /** The workspace file of `sourceName` as compiled into `ref`; undefined when neither it nor the compiled text is there. */
  file(ref: CompiledContractRef, sourceName: string): Promise<SourceFileAnswer | undefined>;
}

export class TraceSession {
  /** The keys of the revert-site links the panels show (`ledgerLens.openRevertSite` takes one). */
  readonly sites = new SiteRegistry();
  /** The revert sites the editor marks. */
  readonly marks = new RevertMarks();
  /** The revert sites debugger sessions found exactly: they replace the inferred ones. */
  readonly exactSites = new ExactSites();
  private storeBuilt: TraceStore | undefined;
  private readonly codesByEndpoint = new ContractCodesByNetwork();
  private readonly sourcesForwarder: ForwardingSources;

  constructor(private readonly inputs: TraceSessionInputs) {
    this.sourcesForwarder = new ForwardingSources(inputs.sources);
  }

  /** The traces read this session (made on first use). */
  get store(): TraceStore {
    return (this.storeBuilt ??= new TraceStore());
  }

  /** The workspace's source files (the sources feature's); undefined while it is not loaded. */
  get files(): WorkspaceSourceFiles | undefined {
    this.sourcesForwarder.connect();
    return this.inputs.files?.();
  }

  /** The contract codes of `network` at the endpoint the settings give it now. */
  codes(network: string): ContractCodes {
    const { endpoint } = this.inputs.contractSource(network);
    const source: ContractSource = {
      // Through the current client, not the one the codes were first made with.
      getContract: (id, opts) => this.inputs.contractSource(network).source.getContract(id, opts),
    };
    return this.codesByEndpoint.for(`${network} ${endpoint}`, source);
  }

  /**
   * The workspace's compiler-output index. The first read starts the workspace scan; until the
   * index is kept by someone it answers as an empty index does, and its `onDidChange` fires once
   * the real one is there.
   */
  get sources(): SourceIndexApi {
    this.sourcesForwarder.connect();
    return this.sourcesForwarder;
  }

  dispose(): void {
    this.storeBuilt?.clear();
    this.codesByEndpoint.clear();
    this.sourcesForwarder.dispose();
  }
}

const NOT_YET = 'the workspace compiler output is not indexed yet';

/** The index the session hands out: the kept one once there is one, an empty one before. */
class ForwardingSources implements SourceIndexApi {
  private index: SourceIndexApi | undefined;
  private readonly listeners = new Set<() => void>();
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly open: () => SourceIndexApi | undefined) {}

  /** Asks for the index when there is none yet; listeners hear when it arrives. */
  connect(): SourceIndexApi | undefined {
    if (this.index) return this.index;
    const index = this.open();
    if (!index) return undefined;
    this.index = index;
    this.unsubscribe = index.onDidChange(() => this.fire());
    this.fire();
    return index;
  }

  update(files: readonly CompilerOutputFile[]): Promise<SourceIndexReport> {
    const index = this.connect();
    return index ? index.update(files) : Promise.resolve({ files: 0, contracts: 0, skipped: [] });
  }

  remove(files: readonly string[]): void {
    this.connect()?.remove(files);
  }

  findByCode(runtimeBytecode: string): CompiledContractRef | undefined {
    return this.connect()?.findByCode(runtimeBytecode);
  }

  sites(ref: CompiledContractRef, selector: string | undefined, revert: RevertToFind): Promise<SiteAnswer> {
    const index = this.connect();
    return index ? index.sites(ref, selector, revert) : Promise.resolve({ kind: 'none', reason: NOT_YET });
  }

  compiledText(ref: CompiledContractRef, sourceName: string): Promise<string | undefined> {
    const index = this.connect();
    return index ? index.compiledText(ref, sourceName) : Promise.resolve(undefined);
  }

  projectRootOf(ref: CompiledContractRef): string | undefined {
    return this.connect()?.projectRootOf(ref);
  }

  debugInfo(ref: CompiledContractRef, kind: 'deployed' | 'creation'): Promise<CodeDebugInfo | undefined> {
    const index = this.connect();
    return index?.debugInfo ? index.debugInfo(ref, kind) : Promise.resolve(undefined);
  }

  findByCreationCode(initcode: string): CreationMatch | undefined {
    return this.connect()?.findByCreationCode?.(initcode);
  }

  compiledKeccak256(ref: CompiledContractRef, sourceName: string): Promise<string | undefined> {
    const index = this.connect();
    return index?.compiledKeccak256 ? index.compiledKeccak256(ref, sourceName) : Promise.resolve(undefined);
  }

  onDidChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The session ends: listeners go; the index itself belongs to whoever keeps it. */
  dispose(): void {
    this.unsubscribe?.();
    this.listeners.clear();
  }

  // A listener that throws must not keep the others from hearing, nor reach whoever asked first.
  private fire(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch {
        // the listener's own failure: the index changed all the same
      }
    }
  }
}
