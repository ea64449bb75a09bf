// What the panels and the hover use of the session's call trace bundle (`services.trace`, a
// TraceSession): declared here by shape, so the features depend on these few members only and a
// test can hand in stand-ins. No vscode.
import type { CompiledContractRef, RevertSite, RevertToFind, SiteAnswer } from '../../../source/types';
import type { SiteTarget } from '../../../trace/marks';
import type { CodeBook, ContractCodes } from '../../../trace/names';
import type { TraceDeps } from '../../../trace/store';
import type { CallTrace } from '../../../trace/types';

/** The traces read this session (TraceStore). */
export interface TraceStoreAccess {
  /** The trace, or the error its reading ended with, when it is in memory; never a request. */
  peek(network: string, idOrHash: string): CallTrace | Error | undefined;
  /** The trace: from memory, else read once (callers asking at the same time share the reading). */
  load(network: string, idOrHash: string, deps: TraceDeps, signal?: AbortSignal): Promise<CallTrace>;
  /** Forgets what is kept (a failure is then read again). */
  forget(network: string, idOrHash: string): void;
}

/** The compiler-output index, as far as the revert sites need it (SourceIndexApi). */
export interface SiteSources {
  findByCode(runtimeBytecode: string): CompiledContractRef | undefined;
  sites(ref: CompiledContractRef, selector: string | undefined, revert: RevertToFind): Promise<SiteAnswer>;
  onDidChange(listener: () => void): () => void;
}

/** `services.trace`: the store, each network's contract codes, the index, the site keys and marks. */
export interface TraceBundle {
  readonly store: TraceStoreAccess;
  codes(network: string): ContractCodes;
  readonly sources: SiteSources;
  /** Issues the keys the site links carry (SiteRegistry). */
  readonly sites: { issue(target: SiteTarget): string };
  /** The editor's revert marks (RevertMarks). */
  readonly marks: { add(target: SiteTarget): void };
  /** Sites a debugger session found exactly (ExactSites), by network, transaction id or hash, and action index. */
  readonly exactSites?: {
    get(network: string, idOrHash: string, actionIndex: number): RevertSite | undefined;
    onDidChange(listener: () => void): () => void;
  };
}

/** What the revert sites read of a network's codes: the runtime bytecode known of a party. */
export type TraceCodes = CodeBook;

/** What reading a trace on a network needs besides its codes: its client, the ABIs, its tokens. */
export type TraceReader = Omit<TraceDeps, 'codes'>;
