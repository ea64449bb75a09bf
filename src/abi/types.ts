// The shapes the ABI layer hands out. Pure data: no vscode, no viem types across this boundary
// except the ABI item shapes themselves (abitype's, re-exported by viem).
//
// Decoded values are plain data taken from the network (calldata, results, logs): strings and
// bytes shown as text are *untrusted text*. This module never escapes them; every renderer
// (Markdown hovers, trees, webviews, documents) must escape them for its own medium, and should
// pass text through `visibleText()` (text.ts) so control and bidi characters appear as code points.
import type { AbiEvent, AbiFunction, AbiParameter } from 'viem';

export type { AbiEvent, AbiFunction, AbiParameter };

/** A custom error (viem does not export abitype's own type for it). */
export interface AbiError {
  readonly type: 'error';
  readonly name: string;
  readonly inputs: readonly AbiParameter[];
}

/** Where an ABI came from: a workspace file or one of the ABIs built into Ledger Lens. */
export type AbiOrigin =
  | {
      readonly kind: 'artifact';
      /** Workspace-relative path of the artifact file (forward slashes). */
      readonly file: string;
      readonly format: 'hardhat' | 'foundry' | 'truffle' | 'abi';
      /** Contract name, when the artifact names one (plain ABI files: the file's base name). */
      readonly contractName: string;
      /** Source file the compiler compiled, as the artifact names it (e.g. `contracts/MyToken.sol`). */
      readonly sourceName?: string;
    }
  | {
      readonly kind: 'builtin';
      readonly name: string;
      /** Where the interface is defined (standard, repository file, HIP). */
      readonly reference: string;
      /** The system contract's long-zero address, for those that live at one. */
      readonly address?: string;
    };

/** One contract's ABI as indexed: its items with their selectors computed once. */
export interface IndexedContract {
  readonly origin: AbiOrigin;
  /** Display name: the contract name, or the built-in interface's name. */
  readonly name: string;
  readonly functions: readonly IndexedItem<AbiFunction>[];
  readonly events: readonly IndexedItem<AbiEvent>[];
  readonly errors: readonly IndexedItem<AbiError>[];
  /** Runtime bytecode prepared for matching (see bytecode.ts), when the artifact carries any. */
  readonly code?: PreparedCode;
}

export interface IndexedItem<T> {
  readonly item: T;
  /** `0x` + 8 hex digits for functions and errors, `0x` + 64 for events (topic0). */
  readonly selector: string;
  /** Canonical signature, types only: `transfer(address,uint256)`. */
  readonly signature: string;
  readonly contract: IndexedContract;
}

export interface PreparedCode {
  /** Lowercase hex without `0x`, the trailing CBOR metadata removed. */
  readonly hex: string;
  /** Byte ranges (start, length) in `hex` that may differ on chain: immutables and library links. */
  readonly masks: readonly (readonly [number, number])[];
}

/** A decoded ABI value. Integers are bigint whatever their width. */
export type DecodedValue =
  | { readonly kind: 'int'; readonly type: string; readonly value: bigint }
  | { readonly kind: 'bool'; readonly type: 'bool'; readonly value: boolean }
  | {
      readonly kind: 'address';
      readonly type: 'address';
      /** `0x` + 40 lowercase hex digits. */
      readonly value: string;
      /** `0.0.x` when the address is a long-zero (entity number) address. */
      readonly entityId?: string;
    }
  | {
      /** `bytes`, `bytesN` and `string`: the raw bytes, and the text when they are printable UTF-8. */
      readonly kind: 'bytes';
      readonly type: string;
      readonly hex: string;
      readonly text?: string;
    }
  | { readonly kind: 'array'; readonly type: string; readonly items: readonly DecodedValue[] }
  | { readonly kind: 'tuple'; readonly type: string; readonly fields: readonly NamedValue[] };

export interface NamedValue {
  /** The parameter's name in the ABI; empty when the ABI gives none. */
  readonly name: string;
  readonly type: string;
  readonly value: DecodedValue;
  /** Events only: whether the argument came from a topic. */
  readonly indexed?: boolean;
  /**
   * Events only: an indexed `string`, `bytes`, array or tuple, of which the log holds only the
   * keccak-256 hash (the value is that hash, as `bytes32`).
   */
  readonly hashed?: boolean;
}

/** Why something stayed raw, with the hex it was. */
export interface RawAnswer {
  readonly kind: 'raw';
  readonly hex: string;
  /** Plain-language reason, e.g. "argument 2 (amount): offset beyond the data". */
  readonly reason: string;
  /** The 4-byte selector when the data had one. */
  readonly selector?: string;
}

export interface DecodedCall {
  readonly name: string;
  readonly signature: string;
  readonly selector: string;
  readonly args: readonly NamedValue[];
  /** The contract (artifact or built-in interface) whose ABI decoded it. */
  readonly contract: string;
  readonly origin: AbiOrigin;
  readonly item: AbiFunction;
}

export type CallAnswer =
  | {
      readonly kind: 'call';
      /** At least one. More than one when several signatures share the selector and all fit. */
      readonly candidates: readonly DecodedCall[];
    }
  | RawAnswer;

export type ResultAnswer =
  { readonly kind: 'result'; readonly outputs: readonly NamedValue[] } | { readonly kind: 'empty' } | RawAnswer;

export type RevertAnswer =
  | { readonly kind: 'error-string'; readonly reason: string }
  | { readonly kind: 'panic'; readonly code: bigint; readonly meaning: string }
  | {
      readonly kind: 'custom';
      readonly candidates: readonly {
        readonly name: string;
        readonly signature: string;
        readonly selector: string;
        readonly args: readonly NamedValue[];
        readonly contract: string;
        readonly origin: AbiOrigin;
      }[];
    }
  | { readonly kind: 'empty' }
  | RawAnswer;

export interface LogInput {
  readonly address?: string;
  readonly topics: readonly string[];
  readonly data: string;
}

export type EventAnswer =
  | {
      readonly kind: 'event';
      readonly candidates: readonly {
        readonly name: string;
        readonly signature: string;
        readonly topic0: string;
        readonly args: readonly NamedValue[];
        readonly contract: string;
        readonly origin: AbiOrigin;
      }[];
    }
  | {
      readonly kind: 'raw-log';
      readonly topics: readonly string[];
      readonly data: string;
      readonly reason: string;
    };
