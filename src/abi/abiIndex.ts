// Every ABI Ledger Lens knows, indexed for the questions decoding asks: which artifact has this
// runtime bytecode, which system contract lives at this address, which functions/errors have this
// selector and which events this topic0, across all ABIs. Workspace files come and go (a compile
// rewrites them); the lookup maps are rebuilt from the per-file entries, lazily, on the next query.
import type * as Builtin from './builtin';
import { chainCode, matchesCode } from './bytecode';
import { decodeCall, decodeLog, decodeResult, decodeRevert } from './decode';
import { eventKey } from './signature';
import type {
  AbiError,
  AbiEvent,
  AbiFunction,
  CallAnswer,
  DecodedCall,
  EventAnswer,
  IndexedContract,
  IndexedItem,
  LogInput,
  ResultAnswer,
  RevertAnswer,
} from './types';

/**
 * How a contract was recognised: its bytecode matched an artifact, it is a system contract, or it
 * is an HTS token speaking ERC-20 at its long-zero address (HIP-218; known from its token metadata).
 */
export interface ContractMatch {
  readonly kind: 'bytecode' | 'system' | 'token';
  /** The matching contract; `others` are further artifacts with the same code (copies, other tools). */
  readonly contract: IndexedContract;
  readonly others: readonly IndexedContract[];
}

interface Maps {
  readonly functions: Map<string, IndexedItem<AbiFunction>[]>;
  readonly events: Map<string, IndexedItem<AbiEvent>[]>;
  readonly errors: Map<string, IndexedItem<AbiError>[]>;
  readonly byCodeLength: Map<number, IndexedContract[]>;
  readonly byAddress: Map<string, IndexedContract>;
}

/** The built-in ABIs (builtin.ts, with viem), loaded when first needed: a file of its own in the bundle. */
function builtin(): typeof Builtin {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  return require('./builtin') as typeof Builtin;
}

export class AbiIndex {
  private readonly files = new Map<string, readonly IndexedContract[]>();
  private maps: Maps | undefined;
  private readonly listeners = new Set<() => void>();
  /** Bumped on every change, so callers can key caches of decoded answers on it. */
  version = 0;

  /** The built-in ABIs; by default parsed on first use (or by {@link warm}, in turns). */
  constructor(private builtinsGiven?: readonly IndexedContract[]) {}

  private get builtins(): readonly IndexedContract[] {
    this.builtinsGiven ??= builtin().builtinContracts();
    return this.builtinsGiven;
  }

  /** Parses the built-in ABIs without a long task, so the first decoding does not pay for it. */
  async warm(): Promise<void> {
    if (this.builtinsGiven) return;
    const builtins = await builtin().builtinContractsInTurns();
    this.builtinsGiven ??= builtins;
    this.maps = undefined;
  }

  /** Sets (or replaces) what one file contributes. */
  setFile(file: string, contracts: readonly IndexedContract[]): void {
    this.files.set(file, contracts);
    this.changed();
  }

  removeFile(file: string): void {
    if (this.files.delete(file)) this.changed();
  }

  clear(): void {
    this.files.clear();
    this.changed();
  }

  /** Called after every change; returns the unsubscribe function. */
  onDidChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.maps = undefined;
    this.version++;
    for (const listener of this.listeners) listener();
  }

  get fileCount(): number {
    return this.files.size;
  }

  /** Workspace contracts (ABIs), not counting the built-in ones. */
  get contractCount(): number {
    let n = 0;
    for (const contracts of this.files.values()) n += contracts.length;
    return n;
  }

  workspaceContracts(): IndexedContract[] {
    return [...this.files.values()].flat();
  }

  private lookup(): Maps {
    if (this.maps) return this.maps;
    const maps: Maps = {
      functions: new Map(),
      events: new Map(),
      errors: new Map(),
      byCodeLength: new Map(),
      byAddress: new Map(),
    };
    const seen = { functions: new Set<string>(), events: new Set<string>(), errors: new Set<string>() };
    // Workspace ABIs first: when two give the same signature, the project's own names win.
    for (const contract of [...this.workspaceContracts(), ...this.builtins]) {
      addItems(maps.functions, seen.functions, contract.functions, i => i.signature);
      addItems(maps.events, seen.events, contract.events, eventKey);
      addItems(maps.errors, seen.errors, contract.errors, i => i.signature);
      if (contract.code) push(maps.byCodeLength, contract.code.hex.length, contract);
      if (contract.origin.kind === 'builtin' && contract.origin.address)
        maps.byAddress.set(contract.origin.address, contract);
    }
    this.maps = maps;
    return maps;
  }

  /**
   * Recognises a contract: first by runtime bytecode (equal to an artifact's deployed bytecode,
   * ignoring the metadata hash, immutables and library links), then by system-contract address,
   * then, when the caller knows the address is a fungible HTS token, as the built-in ERC-20.
   */
  matchContract(query: {
    readonly address?: string;
    readonly runtimeBytecode?: string;
    readonly fungibleToken?: boolean;
  }): ContractMatch | undefined {
    const maps = this.lookup();
    const code = query.runtimeBytecode ? chainCode(query.runtimeBytecode) : undefined;
    if (code) {
      const found = (maps.byCodeLength.get(code.length) ?? []).filter(c => c.code && matchesCode(c.code, code));
      if (found.length > 0) return { kind: 'bytecode', contract: found[0], others: found.slice(1) };
    }
    const system = query.address ? maps.byAddress.get(query.address.toLowerCase()) : undefined;
    if (system) return { kind: 'system', contract: system, others: [] };
    const erc20 = query.fungibleToken ? this.builtins.find(c => c.name === 'ERC-20') : undefined;
    return erc20 ? { kind: 'token', contract: erc20, others: [] } : undefined;
  }

  functionsFor(selector: string, match?: ContractMatch): readonly IndexedItem<AbiFunction>[] {
    const own = match?.contract.functions.filter(f => f.selector === selector) ?? [];
    return own.length > 0 ? own : (this.lookup().functions.get(selector) ?? []);
  }

  eventsFor(topic0: string, match?: ContractMatch): readonly IndexedItem<AbiEvent>[] {
    const own = match?.contract.events.filter(e => e.selector === topic0) ?? [];
    return own.length > 0 ? own : (this.lookup().events.get(topic0) ?? []);
  }

  errorsFor(selector: string, match?: ContractMatch): readonly IndexedItem<AbiError>[] {
    const own = match?.contract.errors.filter(e => e.selector === selector) ?? [];
    return own.length > 0 ? own : (this.lookup().errors.get(selector) ?? []);
  }

  /** Decodes calldata: with the matched contract's ABI when it has the selector, else every known ABI. */
  decodeCall(calldata: string, match?: ContractMatch): CallAnswer {
    return decodeCall(calldata, this.functionsFor(selectorOf(calldata), match));
  }

  decodeResult(call: DecodedCall, result: string): ResultAnswer {
    return decodeResult(call.item, result);
  }

  decodeRevert(data: string, match?: ContractMatch): RevertAnswer {
    return decodeRevert(data, this.errorsFor(selectorOf(data), match));
  }

  /** Decodes a log; `match` is what the *emitting* contract was recognised as, if anything. */
  decodeLog(log: LogInput, match?: ContractMatch): EventAnswer {
    return decodeLog(log, this.eventsFor((log.topics[0] ?? '').toLowerCase(), match));
  }
}

// Only the first 4 bytes are read: calldata may be a megabyte.
function selectorOf(hex: string): string {
  const t = hex.trimStart().slice(0, 10).toLowerCase();
  return (t.startsWith('0x') ? t : `0x${t}`).slice(0, 10);
}

// The first item with a key wins (workspace before built-in). `seen` holds every key added so far,
// so each item costs one key and one set lookup, however many share its selector.
function addItems<T>(
  map: Map<string, IndexedItem<T>[]>,
  seen: Set<string>,
  items: readonly IndexedItem<T>[],
  key: (i: IndexedItem<T>) => string,
): void {
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) continue;
    seen.add(k);
    push(map, item.selector, item);
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
