// The call traces loaded this session, per network and transaction: each read from the mirror
// node once (callers asking at the same time share the reading), kept in a bounded LRU with the
// actions and contract codes it was built from, so that a recompile (the AbiIndex changes) renames
// and re-decodes it without asking the network again. `peek` answers from memory only: the hover
// shows a trace's one-liner when it is already here and never causes a request. Pure: no vscode.
import { joinShared, type SharedWork } from './shared';
import type { AbiIndex } from '../abi/abiIndex';
import { formatTransactionIdDash, parseEntityId, parseTransactionHash, parseTransactionId } from '../ledger/index';
import { MirrorError, isAbortError } from '../mirror/errors';
import type { AskOptions, TokenLookup } from '../mirror/tokens';
import type { ContractAction } from '../mirror/schemas';
import { Lru } from '../util/lru';
import { loadActions, type ActionsClient } from './load';
import {
  MAX_SYSTEM_NUM,
  codeKey,
  isSystemParty,
  partyKey,
  type CodeBook,
  type ContractCodes,
  type PartyRef,
} from './names';
import { buildCallTrace, buildCallTraceSliced, type TraceContext } from './tree';
import type { CallTrace } from './types';

/** What TraceStore needs of token metadata (TokenMetadata for the network). */
export interface TokenSourceForTrace {
  peek(tokenId: string): TokenLookup | undefined;
  get(tokenId: string, opts?: AskOptions): Promise<TokenLookup>;
}

/** What a load reads with: the network's mirror client, the ABIs, its contract codes and tokens. */
export interface TraceDeps {
  readonly client: ActionsClient;
  readonly abi: AbiIndex;
  readonly codes: ContractCodes;
  readonly tokens?: TokenSourceForTrace;
}

export interface TraceStoreOptions {
  /** Traces kept at most (default 50). */
  readonly maxTraces?: number;
  /** Actions kept across all traces at most (default 20,000): a trace holds its actions and frames. */
  readonly maxKeptActions?: number;
  /** Actions read per trace at most (default 10,000). */
  readonly maxActions?: number;
}

interface Built {
  readonly kind: 'trace';
  readonly actions: readonly ContractAction[];
  readonly incomplete?: string;
  /** The codes the names came from, as they were when it was loaded (the codes' LRU may forget them). */
  readonly codes: CodeBook;
  readonly tokens?: (tokenId: string) => TokenLookup | undefined;
  abi: AbiIndex;
  version: number;
  trace: CallTrace;
  /** A rebuild in progress (after the ABIs changed), shared by whoever loads meanwhile. */
  rebuilding?: Promise<CallTrace>;
}

type Kept = Built | { readonly kind: 'error'; readonly error: Error };

type Pending = SharedWork<CallTrace>;

/**
 * A trace is rebuilt by `peek` (synchronously, on a recompile) only up to this size: a cold build of
 * 1,000 distinct calls took 24–65 ms here, too long for the extension host's thread. Panels rebuild
 * larger ones through `load`, in slices.
 */
const PEEK_REBUILD_MAX = 250;

/**
 * One spelling per transaction: `0.0.x-sss-nnnnnnnnn` for an id (either form), `0x` + lowercase
 * hex for a hash; other text as given (trimmed), which the client then refuses.
 */
export function normalizeTransactionKey(idOrHash: string): string {
  const text = idOrHash.trim();
  const id = parseTransactionId(text);
  if (id) return formatTransactionIdDash(id);
  if (/^(0x)?[0-9a-fA-F]{64}$/.test(text)) return `0x${text.replace(/^0x/, '').toLowerCase()}`;
  return parseTransactionHash(text) ?? text;
}

export class TraceStore {
  private readonly kept: Lru<string, Kept>;
  private readonly pending = new Map<string, Pending>();
  private readonly maxActions: number | undefined;

  constructor(options: TraceStoreOptions = {}) {
    this.kept = new Lru(options.maxTraces ?? 50, options.maxKeptActions ?? 20_000);
    this.maxActions = options.maxActions;
  }

  /** The trace (or the error its loading ended with) when it is here; never a request. */
  peek(network: string, idOrHash: string): CallTrace | Error | undefined {
    const kept = this.kept.get(`${network}|${normalizeTransactionKey(idOrHash)}`);
    if (!kept) return undefined;
    if (kept.kind === 'error') return kept.error;
    if (kept.version !== kept.abi.version && kept.actions.length <= PEEK_REBUILD_MAX) this.rebuild(kept, kept.abi);
    return kept.trace;
  }

  /**
   * The trace: from memory (rebuilt when the ABIs changed since), else read once. Rejects with
   * the loading's error (kept, except a cancellation), or a MirrorError `aborted` when `signal`
   * aborts (the shared reading stops when no caller waits for it any more).
   */
  load(network: string, idOrHash: string, deps: TraceDeps, signal?: AbortSignal): Promise<CallTrace> {
    const id = normalizeTransactionKey(idOrHash);
    const key = `${network}|${id}`;
    const kept = this.kept.get(key);
    if (kept?.kind === 'trace') {
      if (kept.version === deps.abi.version && kept.abi === deps.abi) return Promise.resolve(kept.trace);
      kept.rebuilding ??= this.rebuildSliced(kept, deps.abi).finally(() => (kept.rebuilding = undefined));
      return kept.rebuilding;
    }
    if (kept?.kind === 'error' && lasting(kept.error)) return Promise.reject(kept.error);
    let pending = this.pending.get(key);
    if (!pending) pending = this.start(key, id, deps);
    return joinShared(pending, signal, key, () => {
      if (this.pending.get(key) === pending) this.pending.delete(key);
    });
  }

  /** The actions a kept trace was built from (the debugger matches them to the opcode trace); never a request. */
  actionsOf(network: string, idOrHash: string): readonly ContractAction[] | undefined {
    const kept = this.kept.get(`${network}|${normalizeTransactionKey(idOrHash)}`);
    return kept?.kind === 'trace' ? kept.actions : undefined;
  }

  forget(network: string, idOrHash: string): void {
    this.kept.delete(`${network}|${normalizeTransactionKey(idOrHash)}`);
  }

  clear(): void {
    for (const p of this.pending.values()) p.controller.abort();
    this.pending.clear();
    this.kept.clear();
  }

  /** Builds again from what the trace kept, in one go (peek: small traces only). */
  private rebuild(built: Built, abi: AbiIndex): void {
    built.trace = buildCallTrace(built.actions, contextOf(built, abi));
    built.abi = abi;
    built.version = abi.version;
  }

  /** Builds again a slice at a time (a large trace must not hold the extension host's thread). */
  private async rebuildSliced(built: Built, abi: AbiIndex, signal?: AbortSignal): Promise<CallTrace> {
    const version = abi.version;
    const trace = await buildCallTraceSliced(built.actions, contextOf(built, abi), signal);
    built.trace = trace;
    built.abi = abi;
    built.version = version;
    return trace;
  }

  private start(key: string, id: string, deps: TraceDeps): Pending {
    const controller = new AbortController();
    const promise = this.read(key, id, deps, controller.signal);
    const pending: Pending = { promise, controller, waiters: 0 };
    this.pending.set(key, pending);
    const done = () => {
      if (this.pending.get(key) === pending) this.pending.delete(key);
    };
    promise.then(done, done);
    return pending;
  }

  private async read(key: string, id: string, deps: TraceDeps, signal: AbortSignal): Promise<CallTrace> {
    try {
      const loaded = await loadActions(deps.client, id, {
        signal,
        ...(this.maxActions !== undefined ? { maxActions: this.maxActions } : {}),
      });
      const codes = await resolveNames(loaded.actions, deps, signal);
      const tokens = deps.tokens ? (tokenId: string) => deps.tokens?.peek(tokenId) : undefined;
      const built: Built = {
        kind: 'trace',
        actions: loaded.actions,
        ...(loaded.incomplete ? { incomplete: loaded.incomplete } : {}),
        codes,
        ...(tokens ? { tokens } : {}),
        abi: deps.abi,
        version: -1,
        trace: { roots: [], count: 0, notes: [] },
      };
      await this.rebuildSliced(built, deps.abi, signal);
      this.kept.set(key, built, loaded.actions.length + 1);
      return built.trace;
    } catch (error) {
      const e = error instanceof Error ? error : new Error(String(error));
      if (!isAbortError(e) && !signal.aborted) this.kept.set(key, { kind: 'error', error: e }, 1);
      throw e;
    }
  }
}

function contextOf(built: Built, abi: AbiIndex): TraceContext {
  return {
    abi,
    codes: built.codes,
    ...(built.tokens ? { tokens: built.tokens } : {}),
    ...(built.incomplete ? { incomplete: built.incomplete } : {}),
  };
}

/** An error worth remembering: the server said no (4xx); a network failure or a 5xx is asked again. */
function lasting(error: Error): boolean {
  return error instanceof MirrorError && error.kind === 'http' && error.status >= 400 && error.status < 500;
}

/**
 * Asks the code of every contract party and the metadata of every token a call went to, then
 * returns the codes as they are now, for this trace to keep.
 */
async function resolveNames(
  actions: readonly ContractAction[],
  deps: TraceDeps,
  signal: AbortSignal,
): Promise<CodeBook> {
  const refs: PartyRef[] = [];
  for (const a of actions) {
    refs.push({ id: a.recipient, address: a.to, type: a.recipient_type, callType: a.call_type });
    if (a.caller_type === 'CONTRACT') refs.push({ id: a.caller, address: a.from, type: a.caller_type });
  }
  await deps.codes.resolve(refs, { signal });
  const snapshot = new Map<string, string | null>();
  const tokenIds = new Set<string>();
  for (const ref of refs) {
    const key = partyKey(ref);
    if (key === undefined || snapshot.has(key)) continue;
    const code = deps.codes.peek(key);
    if (code !== undefined) snapshot.set(key, code);
    // An HTS token answers at its long-zero address: not a contract there (404), or a system call.
    const num = parseEntityId(key)?.num;
    const notAContract = code === null || isSystemParty(ref);
    if (num !== undefined && num > MAX_SYSTEM_NUM && ref.type !== 'ACCOUNT' && notAContract) tokenIds.add(key);
  }
  if (deps.tokens && tokenIds.size > 0) {
    const tokens = deps.tokens;
    await Promise.all([...tokenIds].filter(t => !tokens.peek(t)).map(t => tokens.get(t, { signal })));
    if (signal.aborted) throw new MirrorError('aborted', 0, [], '', 'The request was cancelled');
  }
  return { peek: (idOrAddress: string) => snapshot.get(codeKey(idOrAddress) ?? '') };
}
