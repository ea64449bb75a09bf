// Who the parties of a call trace are, in the workspace's terms: the artifact whose bytecode a
// contract runs (`Vault`, from `contracts/Vault.sol`), a system contract by its address, an HTS
// token by its symbol, else its id or address. The runtime bytecode comes from
// `GET /api/v1/contracts/{id}`, asked once per contract and network (ContractCodes). Pure: no vscode.
import { joinShared, type SharedWork } from './shared';
import type { AbiIndex, ContractMatch } from '../abi/abiIndex';
import { visibleText } from '../abi/text';
import {
  entityIdToLongZero,
  formatEntityId,
  longZeroToEntityId,
  normalizeEvmAddress,
  parseEntityId,
} from '../ledger/index';
import { MirrorError, MirrorInputError } from '../mirror/errors';
import { PerNetwork } from '../mirror/perNetwork';
import type { RequestOptions } from '../mirror/api';
import type { ContractInfo } from '../mirror/schemas';
import type { TokenLookup } from '../mirror/tokens';
import { Lru } from '../util/lru';
import type { TraceParty } from './types';

/** One side of an action as the server gave it. */
export interface PartyRef {
  /** `0.0.x` (`caller`, `recipient`). */
  readonly id?: string | null;
  /** `0x` + 40 hex (`from`, `to`). */
  readonly address?: string | null;
  /** `ACCOUNT`, `CONTRACT` or the server's own word (`caller_type`, `recipient_type`). */
  readonly type?: string | null;
  /** The action's `call_type`: `PRECOMPILE` and `SYSTEM` calls go to system contracts. */
  readonly callType?: string | null;
}

/** The runtime bytecode known of a contract: the code, null (not a contract, or no code), undefined (not known). */
export interface CodeBook {
  peek(idOrAddress: string): string | null | undefined;
}

/** What naming a party reads: the known ABIs, the codes already fetched, the token metadata known. */
export interface NamingContext {
  readonly abi: AbiIndex;
  readonly codes: CodeBook;
  /** What is known of a token (TokenMetadata.peek); never a request. */
  readonly tokens?: (tokenId: string) => TokenLookup | undefined;
}

// Hedera keeps entity numbers up to 1000 for the system: what lives there is not a user contract
// (the EVM's precompiles at 0x1–0xa, Hedera's system contracts at 0x167–0x16a): never asked for code.
export const MAX_SYSTEM_NUM = 1000n;
const HEX = /^0x[0-9a-fA-F]*$/;
/** A runtime bytecode longer than this (in hex digits) is not kept: EIP-170 caps code at 24 KiB. */
const MAX_CODE_HEX = 256 * 1024;

const EVM_PRECOMPILES: Readonly<Record<string, string>> = {
  '1': 'ecrecover',
  '2': 'sha256',
  '3': 'ripemd160',
  '4': 'identity',
  '5': 'modexp',
  '6': 'ecAdd',
  '7': 'ecMul',
  '8': 'ecPairing',
  '9': 'blake2f',
  '10': 'pointEvaluation',
};

/**
 * The key a party's code is kept under: its id (`0.0.x`, also for a long-zero address), else its
 * EVM address in lowercase; undefined when neither is usable.
 */
export function codeKey(idOrAddress: string | null | undefined): string | undefined {
  if (!idOrAddress) return undefined;
  // Every action names its caller and recipient: each distinct one is parsed once (bounded memo).
  let known = CODE_KEYS.get(idOrAddress);
  if (known === undefined) {
    known = parseCodeKey(idOrAddress) ?? null;
    if (CODE_KEYS.size >= MAX_REMEMBERED_KEYS) CODE_KEYS.clear();
    CODE_KEYS.set(idOrAddress, known);
  }
  return known ?? undefined;
}

const CODE_KEYS = new Map<string, string | null>();
const MAX_REMEMBERED_KEYS = 4096;

function parseCodeKey(idOrAddress: string): string | undefined {
  const id = parseEntityId(idOrAddress);
  if (id) return formatEntityId(id);
  const address = normalizeEvmAddress(idOrAddress);
  if (!address) return undefined;
  const longZero = longZeroToEntityId(address);
  return longZero ? formatEntityId(longZero) : address;
}

/** The key of a party: its id when given, else its address's. */
export function partyKey(ref: PartyRef): string | undefined {
  return codeKey(ref.id) ?? codeKey(ref.address);
}

/** The entity number of a key, when it is an id. */
function entityNum(key: string | undefined): bigint | undefined {
  return key ? parseEntityId(key)?.num : undefined;
}

/** A system entity (0.0.1–0.0.1000), a system call, or the address of a built-in system contract. */
export function isSystemParty(ref: PartyRef): boolean {
  const num = entityNum(partyKey(ref));
  if (num !== undefined && num <= MAX_SYSTEM_NUM) return true;
  return ref.callType === 'PRECOMPILE' || ref.callType === 'SYSTEM';
}

type Pending = SharedWork<string | null | undefined>;

export interface ContractCodesOptions {
  /** Contracts remembered at most. Default 2000. */
  readonly maxEntries?: number;
  /** Hex digits of code remembered at most. Default 32 M. */
  readonly maxHexDigits?: number;
}

/** What `getContract` needs: a mirror client, or a stand-in in tests. */
export interface ContractSource {
  getContract(id: string, opts?: RequestOptions): Promise<ContractInfo>;
}

/**
 * The runtime bytecode of the contracts of one network, asked once per contract: callers asking at
 * the same time share the request, the answers are kept (least recently used go first), a 404 is
 * kept as "not a contract". A failure (network, 5xx) is not kept: a later ask tries again.
 */
export class ContractCodes implements CodeBook {
  private readonly known: Lru<string, string | null>;
  private readonly pending = new Map<string, Pending>();
  /** Requests sent (for tests and the bench). */
  readonly stats = { requests: 0 };

  constructor(
    private readonly source: ContractSource,
    options: ContractCodesOptions = {},
  ) {
    this.known = new Lru(options.maxEntries ?? 2000, options.maxHexDigits ?? 32 * 1024 * 1024);
  }

  peek(idOrAddress: string): string | null | undefined {
    const key = codeKey(idOrAddress);
    return key === undefined ? undefined : this.known.get(key);
  }

  /** Records what is known without asking (an account: null). */
  remember(idOrAddress: string, code: string | null): void {
    const key = codeKey(idOrAddress);
    if (key !== undefined) this.keep(key, code);
  }

  /**
   * The contract's runtime bytecode: known, or asked once (shared with any caller asking at the
   * same time). null: not a contract (404) or no code; undefined: the request failed (not kept).
   * Rejects only when `signal` aborts.
   */
  get(idOrAddress: string, opts: { readonly signal?: AbortSignal } = {}): Promise<string | null | undefined> {
    const key = codeKey(idOrAddress);
    if (key === undefined) return Promise.resolve(null);
    if (this.known.has(key)) return Promise.resolve(this.known.get(key));
    let pending = this.pending.get(key);
    if (!pending) pending = this.start(key);
    return joinShared(pending, opts.signal, key, () => {
      if (this.pending.get(key) === pending) this.pending.delete(key);
    });
  }

  /**
   * Asks the code of every party that may be a contract and is not known yet (one request each,
   * in parallel): not system contracts, not accounts (remembered as null without asking).
   */
  async resolve(refs: Iterable<PartyRef>, opts: { readonly signal?: AbortSignal } = {}): Promise<void> {
    const asks = new Map<string, Promise<unknown>>();
    for (const ref of refs) {
      const key = partyKey(ref);
      if (key === undefined || asks.has(key) || this.known.has(key) || isSystemParty(ref)) continue;
      if (ref.type === 'ACCOUNT') this.keep(key, null);
      else asks.set(key, this.get(key, opts));
    }
    await Promise.all(asks.values());
  }

  clear(): void {
    for (const p of this.pending.values()) p.controller.abort();
    this.pending.clear();
    this.known.clear();
  }

  private keep(key: string, code: string | null): void {
    this.known.set(key, code, code?.length ?? 0);
  }

  private start(key: string): Pending {
    const controller = new AbortController();
    this.stats.requests++;
    const promise = this.source.getContract(key, { signal: controller.signal }).then(
      info => {
        const code = usableCode(info.runtime_bytecode);
        this.keep(key, code);
        const address = codeKey(info.evm_address);
        if (address !== undefined && address !== key) this.keep(address, code);
        return code;
      },
      (error: unknown) => {
        // Not found, or an id the client refuses: not a contract it can ask about.
        const notFound = error instanceof MirrorError && error.kind === 'http' && error.status === 404;
        if (notFound || error instanceof MirrorInputError) {
          this.keep(key, null);
          return null;
        }
        return undefined;
      },
    );
    const pending: Pending = { promise, controller, waiters: 0 };
    this.pending.set(key, pending);
    void promise.then(() => {
      if (this.pending.get(key) === pending) this.pending.delete(key);
    });
    return pending;
  }
}

/** The code as sent, when it is hex of a usable size and not empty; else null. */
function usableCode(code: string | null | undefined): string | null {
  if (!code || !HEX.test(code) || code.length <= 2 || code.length > MAX_CODE_HEX) return null;
  return code.toLowerCase();
}

/** One ContractCodes per network for the session (a contract id means another contract elsewhere). */
export class ContractCodesByNetwork extends PerNetwork<ContractSource, ContractCodes> {
  constructor(options: ContractCodesOptions = {}) {
    super(
      source => new ContractCodes(source, options),
      codes => codes.clear(),
    );
  }
}

/** The token a long-zero address stands for, with what is known of it (never a request). */
function tokenOf(key: string | undefined, ctx: NamingContext): TokenLookup | undefined {
  const num = entityNum(key);
  if (key === undefined || num === undefined || num <= MAX_SYSTEM_NUM || !ctx.tokens) return undefined;
  return ctx.tokens(key);
}

/** What a party runs, recognised: an artifact by bytecode, a system contract, an HTS token (as ERC-20). */
export function matchParty(ref: PartyRef, ctx: NamingContext): ContractMatch | undefined {
  const key = partyKey(ref);
  const address = normalizeEvmAddress(ref.address ?? '') ?? longZeroOf(key);
  const code = key === undefined ? undefined : ctx.codes.peek(key);
  const token = tokenOf(key, ctx);
  const fungible = token?.status === 'found' && token.meta.type !== 'NON_FUNGIBLE_UNIQUE';
  return ctx.abi.matchContract({
    ...(address ? { address } : {}),
    ...(code ? { runtimeBytecode: code } : {}),
    fungibleToken: fungible,
  });
}

/** The long-zero address of an id key (`0.0.359` → `0x…0167`). */
function longZeroOf(key: string | undefined): string | undefined {
  const id = key ? parseEntityId(key) : undefined;
  if (!id) return undefined;
  try {
    return entityIdToLongZero(id);
  } catch {
    return undefined; // a shard beyond 4 bytes has no long-zero address
  }
}

/** How a party reads: see TraceParty. `match` is matchParty's answer for it, when already known. */
export function nameParty(ref: PartyRef, ctx: NamingContext, match = matchParty(ref, ctx)): TraceParty {
  const key = partyKey(ref);
  const id = key !== undefined && parseEntityId(key) ? key : undefined;
  const address = normalizeEvmAddress(ref.address ?? '') ?? longZeroOf(key);
  const where = { ...(id ? { id } : {}), ...(address ? { address } : {}) };
  const plain = id ?? address ?? 'unknown';
  if (match?.kind === 'bytecode') {
    const origin = match.contract.origin;
    const source = origin.kind === 'artifact' ? (origin.sourceName ?? origin.file) : origin.reference;
    const more = match.others.length > 0 ? ` (and ${match.others.length} more artifact(s) with the same code)` : '';
    return { ...where, label: visibleText(match.contract.name), detail: visibleText(source) + more, kind: 'artifact' };
  }
  const num = entityNum(key);
  const hex = num !== undefined ? `0x${num.toString(16)}` : plain;
  if (match?.kind === 'system')
    return { ...where, label: match.contract.name, detail: `system contract ${hex}`, kind: 'system' };
  const precompile = num !== undefined ? EVM_PRECOMPILES[num.toString()] : undefined;
  if (precompile) return { ...where, label: precompile, detail: `EVM precompile ${hex}`, kind: 'system' };
  const token = tokenOf(key, ctx);
  if (token?.status === 'found') return { ...where, label: token.meta.symbol, detail: `token ${key}`, kind: 'token' };
  if (ref.type === 'ACCOUNT') return { ...where, label: plain, kind: 'account' };
  if (num !== undefined && num <= MAX_SYSTEM_NUM)
    return { ...where, label: plain, detail: `system entity ${hex}`, kind: 'system' };
  const code = key === undefined ? undefined : ctx.codes.peek(key);
  if (code) return { ...where, label: plain, detail: 'no workspace artifact matches its bytecode', kind: 'contract' };
  if (ref.type === 'CONTRACT' || code === null)
    return {
      ...where,
      label: plain,
      detail: code === null ? 'no contract code at this address' : 'its bytecode is not known',
      kind: ref.type === 'CONTRACT' ? 'contract' : 'unknown',
    };
  return { ...where, label: plain, kind: 'unknown' };
}
