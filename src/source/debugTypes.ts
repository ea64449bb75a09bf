// What the debugger asks of the compiler-output index for one compiled contract's code: the
// decoded source map by instruction, the sources it refers to, and the storage layout. Computed
// where the output is read (the worker) and sent over as typed arrays: a contract of 24 KB has
// about 12,000 instructions. Pure data; names and texts come from workspace files (untrusted).
import type { CompiledContractRef, CompiledSource } from './types';

/** `jump` of a source map entry: 0 `-`, 1 `i` (into a function), 2 `o` (out of one). */
export const JUMP_REGULAR = 0;
export const JUMP_IN = 1;
export const JUMP_OUT = 2;

/** One member of solc's `storageLayout.storage`. */
export interface StorageVariable {
  readonly label: string;
  /** Decimal, as solc writes it. */
  readonly slot: string;
  /** Byte offset within the slot (packed variables). */
  readonly offset: number;
  /** Key into `StorageLayout.types` (`t_mapping(t_address,t_uint256)`). */
  readonly type: string;
  /** `contracts/Vault.sol:Vault`. */
  readonly contract: string;
}

/** One member of solc's `storageLayout.types`. */
export interface StorageType {
  readonly encoding: 'inplace' | 'mapping' | 'dynamic_array' | 'bytes';
  /** `uint256`, `mapping(address => uint256)`, `struct Vault.Entry`. */
  readonly label: string;
  /** Decimal. */
  readonly numberOfBytes: string;
  readonly key?: string;
  readonly value?: string;
  readonly base?: string;
  readonly members?: readonly StorageVariable[];
}

export interface StorageLayout {
  readonly storage: readonly StorageVariable[];
  readonly types: Readonly<Record<string, StorageType>>;
}

/**
 * The source map of one compiled code, decoded: instruction `k` starts at byte `pcs[k]` and came
 * from bytes `start[k] .. start[k] + length[k]` of source `fileIndex[k]` (-1: none). Instructions
 * past the map's entries (the metadata, data after the code) have fileIndex -1.
 */
export interface CodeDebugInfo {
  readonly ref: CompiledContractRef;
  /** `deployed`: the runtime code; `creation`: the constructor's code (initcode without its arguments). */
  readonly kind: 'deployed' | 'creation';
  readonly pcs: Uint32Array;
  readonly start: Int32Array;
  readonly length: Int32Array;
  readonly fileIndex: Int32Array;
  /** JUMP_REGULAR, JUMP_IN or JUMP_OUT. */
  readonly jump: Uint8Array;
  readonly modifierDepth: Uint16Array;
  /** The number of user sources: ids from here up are generated (`#utility.yul`). */
  readonly userSources: number;
  /** Every source `fileIndex` names, by id; user sources with their text when the output carries it. */
  readonly sources: readonly CompiledSource[];
  /** The contract's storage layout, when the output has one (`storageLayout` in outputSelection). */
  readonly storageLayout?: StorageLayout;
  /**
   * The compiled code's CBOR metadata (hex, no `0x`; it holds the hash of the compiled sources):
   * code matched with another metadata is the same code from another compile.
   */
  readonly metadata?: string;
  /** What was wrong with the map or the layout, in words (decoding stopped, a source missing). */
  readonly problems: readonly string[];
}

/** A creation code matched: the contract, and the constructor arguments after its code (hex, no 0x). */
export interface CreationMatch {
  readonly ref: CompiledContractRef;
  readonly constructorArgs: string;
}
