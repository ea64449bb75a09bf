// The EVM's state, read from the host on first touch: an account's code and balance, a storage
// slot's value, each as it was just before the transaction, each asked once. SimpleStateManager
// keeps the transaction's own writes in its checkpoint layers; a value read late is put into every
// layer that has not written it, as if it had been there from the start.
import { SimpleStateManager } from '@ethereumjs/statemanager';
import { Account, bigIntToBytes, bytesToHex, createAddressFromString, type Address } from '@ethereumjs/util';
import type { EvmAddress, KnownSlot, StateReader } from '../types';
import { isEthereumPrecompile, SYSTEM_CONTRACTS } from './hedera';
import { ReplayStop, word64 } from './words';

/**
 * What a token's address holds for EXTCODESIZE and EXTCODEHASH: one INVALID byte. The node
 * answers its calls (HIP-719's facade); the facade's real bytes are not in the record.
 */
const TOKEN_CODE = new Uint8Array([0xfe]);

export interface FetchCounts {
  code: number;
  slots: number;
  balances: number;
}

/** Where the state manager tells about tokens it found (their calls are answered from the record). */
export interface TokenSink {
  isToken(address: EvmAddress): boolean;
  addToken(address: EvmAddress): void;
}

const storageValue = (value: bigint): Uint8Array => (value === 0n ? new Uint8Array(0) : bigIntToBytes(value));

function parseWord(text: string): bigint | undefined {
  return /^(0x)?[0-9a-fA-F]{1,64}$/.test(text) ? BigInt(text.startsWith('0x') ? text : `0x${text}`) : undefined;
}

export class ReaderStateManager extends SimpleStateManager {
  readonly fetched: FetchCounts = { code: 0, slots: 0, balances: 0 };
  private readonly loadedAccounts = new Set<string>();
  private readonly loadedSlots = new Set<string>();
  private readonly hasher = new SimpleStateManager();

  constructor(
    private readonly reader: StateReader,
    knownSlots: readonly KnownSlot[],
    private readonly tokens: TokenSink,
    /** Called before each value is asked of the host; throws to refuse it (the fetch cap). */
    private readonly onFetch: () => void,
  ) {
    super();
    for (const known of knownSlots) {
      const slot = parseWord(known.slot);
      const value = parseWord(known.value);
      if (slot === undefined || value === undefined) {
        throw new ReplayStop(`the record's prior value of slot ${known.slot} of ${known.address} is not a word`);
      }
      const id = `${known.address.toLowerCase()}_0x${word64(slot)}`;
      this.settle(this.storageStack, id, storageValue(value));
      this.loadedSlots.add(id);
    }
  }

  override async getAccount(address: Address): Promise<Account | undefined> {
    await this.loadAccount(address);
    return super.getAccount(address);
  }

  override async getCode(address: Address): Promise<Uint8Array> {
    await this.loadAccount(address);
    return super.getCode(address);
  }

  override async getCodeSize(address: Address): Promise<number> {
    return (await this.getCode(address)).length;
  }

  override async getStorage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    const id = `${address.toString()}_${bytesToHex(key)}`;
    if (!this.loadedSlots.has(id)) {
      this.loadedSlots.add(id);
      this.onFetch();
      this.fetched.slots++;
      const answer = await this.reader.slot(address.toString(), bytesToHex(key).slice(2));
      const value = parseWord(answer);
      if (value === undefined)
        throw new ReplayStop(
          `the value of slot ${bytesToHex(key)} of ${address.toString()} is not a word: ${answer.slice(0, 80)}`,
        );
      this.settle(this.storageStack, id, storageValue(value));
    }
    return super.getStorage(address, key);
  }

  /** Puts a value read from the host into every layer that has not written the key since. */
  private settle<K extends string, V>(stack: Map<K, V>[], key: K, value: V): void {
    for (const layer of stack) if (!layer.has(key)) layer.set(key, value);
  }

  private async loadAccount(address: Address): Promise<void> {
    const key = address.toString();
    if (this.loadedAccounts.has(key)) return;
    this.loadedAccounts.add(key);
    // Precompiles and the node's contracts hold nothing the replay needs: "Precompile contract
    // addresses will report no code, including HTS System contract" (Hedera's opcode table).
    if (isEthereumPrecompile(key) || SYSTEM_CONTRACTS.has(key)) return;
    if (this.tokens.isToken(key)) {
      await this.settleAccount(key, 0n, TOKEN_CODE);
      return;
    }
    this.onFetch();
    this.onFetch();
    this.fetched.code++;
    this.fetched.balances++;
    const [code, balance] = await Promise.all([this.reader.code(key), this.reader.balance(key)]);
    let bytes = new Uint8Array(0);
    if (code.kind === 'token') {
      this.tokens.addToken(key);
      bytes = TOKEN_CODE;
    } else if (code.kind === 'code') {
      const hex = code.code.startsWith('0x') ? code.code.slice(2) : code.code;
      if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new ReplayStop(`the code of ${key} is not hex`);
      bytes = Uint8Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
    }
    if (balance < 0n) throw new ReplayStop(`the balance of ${key} is negative`);
    await this.settleAccount(key, balance, bytes);
  }

  /**
   * The code's hash (EXTCODEHASH), as a scratch state manager computes it when code is put: with the
   * keccak ethereumjs bundles. viem's would tie the engine's file to chunks the editor's startup
   * file holds, which a worker thread cannot load (they require vscode).
   */
  private async codeHashOf(key: EvmAddress, code: Uint8Array): Promise<Uint8Array> {
    const address = createAddressFromString(key);
    await this.hasher.putCode(address, code);
    const hash = (await this.hasher.getAccount(address))?.codeHash;
    if (!hash) throw new ReplayStop(`the code of ${key} could not be hashed`);
    return hash;
  }

  private async settleAccount(key: EvmAddress, balance: bigint, code: Uint8Array): Promise<void> {
    // An address with no code and nothing in it does not exist for the EVM (as an untouched one).
    if (code.length === 0 && balance === 0n) return;
    const codeHash = code.length === 0 ? undefined : await this.codeHashOf(key, code);
    // Contracts start at nonce 1 (EIP-161); accounts at 0.
    const account = () => new Account(code.length === 0 ? 0n : 1n, balance, undefined, codeHash);
    for (const layer of this.accountStack)
      if (!layer.has(key as `0x${string}`)) layer.set(key as `0x${string}`, account());
    if (code.length > 0) this.settle(this.codeStack, key as `0x${string}`, code);
  }
}
