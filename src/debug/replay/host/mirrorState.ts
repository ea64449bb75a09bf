// The state a local replay reads, asked of the mirror node as it was just BEFORE the transaction:
// `timestamp=lt:T` (a bare timestamp means `lte`, which would include the transaction's own
// writes). The slots the record already gives (`state_changes[].value_read`) are never asked; any
// other value is asked once per replay (a promise per code, slot or balance: a failed ask is not
// tried again), at background priority in the origin's shared budget, up to a cap. Every failure
// is an Error whose message is for the user: a slot the node could not answer is never taken as
// zero (only an empty answer is). Pure: the mirror client is given.
import type { MirrorClient } from '../../../mirror/client';
import { MirrorError, isAbortError } from '../../../mirror/errors';
import type { ContractInfo, ContractStateResponse } from '../../../mirror/schemas';
import { compareTimestamps, parseTimestamp } from '../../../ledger/timestamp';
import type { CodeAnswer, EvmAddress, KnownSlot, StateReader, Word } from '../types';
import { idOrAddress, longZeroNum } from './addresses';

/** The four lookups the reader makes; a MirrorClient has them. */
export type ReplayStateMirror = Pick<MirrorClient, 'getContract' | 'getContractState' | 'getAccount' | 'getToken'>;

export interface MirrorStateOptions {
  /** The transaction's consensus timestamp (`sss.nnnnnnnnn`): state is read just before it. */
  readonly timestamp: string;
  /** Values the record gives: answered without asking. */
  readonly knownSlots: readonly KnownSlot[];
  /** Values asked (code, slots and balances together) before the next ask is refused. */
  readonly maxFetches: number;
  /** Stops every ask in flight and refuses new ones. */
  readonly signal: AbortSignal;
  /**
   * Addresses known to hold no code (the transaction's sender: a transaction is signed by an
   * account), whose code is not asked; their balance still is.
   */
  readonly accounts?: readonly EvmAddress[];
}

export interface FetchCounts {
  readonly code: number;
  readonly slots: number;
  readonly balances: number;
}

const ZERO_WORD = '0'.repeat(64);
const WEIBARS_PER_TINYBAR = 10_000_000_000n;
const PRIORITY = 'background';
const MAX_SYSTEM_NUM = 1000n;

export class MirrorStateReader implements StateReader {
  private readonly known = new Map<string, Word>();
  private readonly asked = new Map<string, Promise<unknown>>();
  private readonly counts = { code: 0, slots: 0, balances: 0 };
  private readonly before: string;
  private readonly accounts: ReadonlySet<string>;

  constructor(
    private readonly mirror: ReplayStateMirror,
    private readonly options: MirrorStateOptions,
  ) {
    if (parseTimestamp(options.timestamp) === undefined)
      throw new RangeError(`"${options.timestamp}" is not a consensus timestamp`);
    this.before = `lt:${options.timestamp}`;
    this.accounts = new Set((options.accounts ?? []).map(a => a.toLowerCase()));
    for (const k of options.knownSlots) this.known.set(slotKey(k.address, k.slot), k.value);
  }

  /** What was asked of the mirror node so far. */
  get fetched(): FetchCounts {
    return { ...this.counts };
  }

  code(address: EvmAddress): Promise<CodeAnswer> {
    if (this.accounts.has(address.toLowerCase())) return Promise.resolve({ kind: 'none' });
    return this.once(`code:${address.toLowerCase()}`, 'code', () => this.askCode(address.toLowerCase()));
  }

  slot(address: EvmAddress, slot: Word): Promise<Word> {
    const a = address.toLowerCase();
    const s = slot.toLowerCase().padStart(64, '0');
    const known = this.known.get(slotKey(a, s));
    if (known !== undefined) return Promise.resolve(known);
    return this.once(`slot:${slotKey(a, s)}`, 'slots', () => this.askSlot(a, s));
  }

  balance(address: EvmAddress): Promise<bigint> {
    return this.once(`balance:${address.toLowerCase()}`, 'balances', () => this.askBalance(address.toLowerCase()));
  }

  private once<T>(key: string, kind: keyof FetchCounts, ask: () => Promise<T>): Promise<T> {
    const seen = this.asked.get(key);
    // Each key maps to the promise its own kind of ask made.
    if (seen !== undefined) return seen as Promise<T>;
    let answer: Promise<T>;
    const total = this.counts.code + this.counts.slots + this.counts.balances;
    if (this.options.signal.aborted) answer = Promise.reject(abortError(this.options.signal));
    else if (total >= this.options.maxFetches)
      answer = Promise.reject(
        new Error(
          `the replay needed more than ${this.options.maxFetches.toLocaleString('en-US')} values from the mirror node (code, storage slots and balances together), the cap of one replay`,
        ),
      );
    else {
      this.counts[kind]++;
      answer = ask();
    }
    // A rejection nobody awaits yet must not be reported as unhandled; the caller still sees it.
    answer.catch(() => undefined);
    this.asked.set(key, answer);
    return answer;
  }

  private async askCode(address: string): Promise<CodeAnswer> {
    const what = `the code of ${idOrAddress(address)}`;
    let contract: ContractInfo;
    try {
      contract = await this.mirror.getContract(pathOf(address), this.requestOptions());
    } catch (error) {
      if (notFound(error)) return this.tokenOrNothing(address);
      throw this.failure(error, what);
    }
    if (this.createdAfter(contract.created_timestamp)) return { kind: 'none' };
    const id = contract.contract_id ?? idOrAddress(address);
    if (contract.deleted === true)
      throw new Error(
        `the contract ${id} was deleted (or self-destructed) since; the mirror node no longer gives the code it had before ${this.options.timestamp}`,
      );
    const code = contract.runtime_bytecode;
    if (code === undefined || code === null)
      throw new Error(`the mirror node gives no runtime bytecode for the contract ${id} (it may have self-destructed)`);
    if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(code)) throw new Error(`the runtime bytecode of ${id} is not hex`);
    return code === '0x' ? { kind: 'none' } : { kind: 'code', code: code.toLowerCase() };
  }

  /** No contract at the address: an HTS token's long-zero address, or nothing that runs code. */
  private async tokenOrNothing(address: string): Promise<CodeAnswer> {
    const num = longZeroNum(address);
    // The reserved numbers (system accounts and contracts, up to 0.0.1000) are never tokens.
    if (num === undefined || num <= MAX_SYSTEM_NUM) return { kind: 'none' };
    try {
      const token = await this.mirror.getToken(`0.0.${num}`, this.requestOptions());
      return this.createdAfter(token.created_timestamp) ? { kind: 'none' } : { kind: 'token' };
    } catch (error) {
      if (notFound(error)) return { kind: 'none' };
      throw this.failure(error, `whether ${idOrAddress(address)} is a token`);
    }
  }

  private async askSlot(address: string, slot: Word): Promise<Word> {
    const what = `slot 0x${slot} of ${idOrAddress(address)}`;
    let answer: ContractStateResponse;
    try {
      answer = await this.mirror.getContractState(
        pathOf(address),
        { slot: `0x${slot}`, timestamp: this.before },
        this.requestOptions(),
      );
    } catch (error) {
      throw this.failure(error, what);
    }
    const entry = answer.state.find(s => /^(?:0x)?[0-9a-fA-F]{1,64}$/.test(s.slot) && sameWord(s.slot, slot));
    if (entry === undefined) {
      if (answer.state.length > 0) throw new Error(`the mirror node answered ${what} with another slot`);
      return ZERO_WORD;
    }
    const value = entry.value.replace(/^0x/i, '').toLowerCase();
    if (!/^[0-9a-f]{0,64}$/.test(value)) throw new Error(`the mirror node's value of ${what} is not a 32-byte word`);
    return value.padStart(64, '0');
  }

  private async askBalance(address: string): Promise<bigint> {
    try {
      const account = await this.mirror.getAccount(
        pathOf(address),
        { timestamp: this.before, transactions: false },
        this.requestOptions(),
      );
      const tinybars = account.balance?.balance ?? 0n;
      return tinybars * WEIBARS_PER_TINYBAR;
    } catch (error) {
      if (notFound(error)) return 0n;
      throw this.failure(error, `the balance of ${idOrAddress(address)}`);
    }
  }

  private requestOptions() {
    return { signal: this.options.signal, priority: PRIORITY } as const;
  }

  /** Created after the transaction: it did not exist before it. */
  private createdAfter(created: string | null | undefined): boolean {
    const at = typeof created === 'string' ? parseTimestamp(created) : undefined;
    const t = parseTimestamp(this.options.timestamp);
    return at !== undefined && t !== undefined && compareTimestamps(at, t) > 0;
  }

  private failure(error: unknown, what: string): Error {
    if (isAbortError(error) || this.options.signal.aborted) return abortError(this.options.signal, error);
    if (error instanceof MirrorError && error.status === 429)
      return new Error(
        `the mirror node kept refusing requests (429, too many requests) while the replay read ${what}; try again later`,
      );
    const words = error instanceof Error ? error.message : String(error);
    return new Error(`the mirror node could not answer ${what} before ${this.options.timestamp}: ${words}`);
  }
}

function slotKey(address: string, slot: Word): string {
  return `${address}:${slot}`;
}

function sameWord(a: string, b: string): boolean {
  return a.replace(/^0x/i, '').toLowerCase().padStart(64, '0') === b.padStart(64, '0');
}

/** The path the mirror node takes for an address: `0.0.x` for a long-zero one, else the address. */
function pathOf(address: string): string {
  return idOrAddress(address);
}

function notFound(error: unknown): boolean {
  return error instanceof MirrorError && error.kind === 'http' && error.status === 404;
}

/** The cancellation, as the caller's signal gave it (an Error named AbortError otherwise). */
function abortError(signal: AbortSignal, cause?: unknown): Error {
  if (signal.reason instanceof Error) return signal.reason;
  if (cause instanceof Error && isAbortError(cause)) return cause;
  const error = new Error('The replay was cancelled');
  error.name = 'AbortError';
  return error;
}
