// The call trace of one contract transaction: the mirror node's `/actions` records arranged as a
// tree of calls, each party named in the workspace's terms, each call and result decoded. Pure
// data: no vscode. Names, decoded values and notes are untrusted text; renderers escape them.
import type { RevertAnswer } from '../abi/types';

/** One side of a call: who called, or who was called. */
export interface TraceParty {
  /** `0.0.x`, when the server gave the entity. */
  readonly id?: string;
  /** `0x` + 40 hex, when the server gave it. */
  readonly address?: string;
  /**
   * How it reads: the workspace artifact its bytecode matches (`Vault`), a system contract
   * (`HTS precompile`), a token by symbol (`USDC`), else the id or address.
   */
  readonly label: string;
  /** Where the name comes from: `contracts/Vault.sol`, `system contract 0x167`, `token 0.0.5005`. */
  readonly detail?: string;
  readonly kind: 'artifact' | 'system' | 'token' | 'account' | 'contract' | 'unknown';
}

export type FrameResult =
  | { readonly kind: 'output'; readonly text: string }
  | { readonly kind: 'revert'; readonly text: string; readonly revert: RevertAnswer }
  | { readonly kind: 'error'; readonly text: string }
  | { readonly kind: 'none' };

export interface TraceFrame {
  /** The action's `index` as the server sent it. */
  readonly index: number;
  /** `call_depth` as sent. */
  readonly depth: number;
  /** The level in the tree (0 for a root), after any repair of depths that skip or go back. */
  readonly level: number;
  /** `CALL`, `STATICCALL`, `DELEGATECALL`, `CALLCODE`, `CREATE`, `CREATE2`, or the server's own word. */
  readonly operation: string;
  /** `CALL`, `CREATE`, `PRECOMPILE`, `SYSTEM`, `NO_ACTION`, or the server's own word. */
  readonly callType: string;
  readonly caller: TraceParty;
  readonly recipient: TraceParty;
  /** The function: decoded (`withdraw(amount: 1500)`), else the selector, else undefined (no input). */
  readonly call?: string;
  /** The called function's selector (`0x` + 8 hex), when the input has one. */
  readonly selector?: string;
  readonly valueTinybar: bigint;
  readonly gas: bigint;
  readonly gasUsed: bigint;
  readonly result: FrameResult;
  /** The server says it failed (`result_data_type` REVERT_REASON or ERROR). */
  readonly failed: boolean;
  /**
   * Where the failure started: a failed frame none of whose children failed (a parent that
   * reverted after all its children succeeded is this one).
   */
  readonly origin: boolean;
  readonly children: readonly TraceFrame[];
  /** What was repaired or is doubtful about this record, in words. */
  readonly notes: readonly string[];
}

export interface CallTrace {
  readonly roots: readonly TraceFrame[];
  /** Actions read. */
  readonly count: number;
  /** The first frame (in index order) that is a failure's origin; opened and highlighted by default. */
  readonly firstFailure?: TraceFrame;
  /** Why the trace is not whole (`links.next` ended before the last frame returned; a cap), in words. */
  readonly incomplete?: string;
  /** Notes about the whole trace. */
  readonly notes: readonly string[];
}
