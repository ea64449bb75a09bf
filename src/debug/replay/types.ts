// The contracts between the parts of a local replay: what the host gathers from the mirror node
// (ReplayInput), what the engine asks it while the EVM runs (StateReader), and what the engine
// hands back (ReplayOutcome), which the faithfulness check compares with the record. Plain data
// only: every value here crosses a worker's message port. Pure: no vscode, no EVM library.

/** 0x + 40 lowercase hex digits. */
export type EvmAddress = string;
/** 64 lowercase hex digits, no 0x: a storage key or value, or a stack word. */
export type Word = string;

/** A call the replay cannot execute (a system contract or an HTS token's own address), as `/actions` recorded it. */
export interface RecordedCall {
  /** The action's `index`. */
  readonly index: number;
  /** Where it went (lowercase 0x address). */
  readonly to: EvmAddress;
  readonly kind: 'system' | 'token';
  /** The call's input as recorded (hex, 0x…), to tell two calls to one address apart. */
  readonly input: string;
  /** The recorded output (hex), or undefined when the record has none (the replay stops there). */
  readonly output: string | undefined;
  /** The recorded frame reverted (`result_data_type` REVERT_REASON) or halted (ERROR). */
  readonly failed: boolean;
  /** The gas the recorded frame used. */
  readonly gasUsed: bigint;
}

/** One slot's value just before the transaction (from `state_changes[].value_read`). */
export interface KnownSlot {
  readonly address: EvmAddress;
  readonly slot: Word;
  readonly value: Word;
}

/** The transaction to replay, checked from its contract result and its actions. */
export interface ReplayInput {
  /** The network, for the chain id and the messages. */
  readonly network: string;
  /** 295 mainnet, 296 testnet, 297 previewnet, 298 a local node. */
  readonly chainId: bigint;
  /** The sender (`from`): the transaction's payer, tx.origin and the top frame's caller. */
  readonly from: EvmAddress;
  /** The contract called (`to`). */
  readonly to: EvmAddress;
  /** Its id (`contract_id`), for messages. */
  readonly contractId: string;
  /** `function_parameters`: the call data. */
  readonly data: string;
  /** `amount` in tinybars; the EVM sees it ×10^10 (weibars). */
  readonly valueTinybar: bigint;
  /** `gas_limit`: the transaction's limit (the intrinsic gas is taken from it as the EVM does). */
  readonly gasLimit: bigint;
  /** `block_number`: the record file's index, NUMBER's answer. */
  readonly blockNumber: bigint;
  /** `timestamp`: the consensus timestamp `sss.nnnnnnnnn`; TIMESTAMP answers its seconds. */
  readonly timestamp: string;
  /** The touched slots' prior values, asked of nobody. */
  readonly knownSlots: readonly KnownSlot[];
  /** The recorded calls the replay answers from the record, in `index` order. */
  readonly recordedCalls: readonly RecordedCall[];
  /** Addresses of HTS tokens the transaction called (HIP-719 facades), lowercase. */
  readonly tokenAddresses: readonly EvmAddress[];
}

/** What the code at an address is, just before the transaction. */
export type CodeAnswer =
  | { readonly kind: 'code'; readonly code: string }
  /** An account with no code (or no entity at all): calls to it run nothing. */
  | { readonly kind: 'none' }
  /** An HTS token's address (its facade runs in the node, not here). */
  | { readonly kind: 'token' };

/**
 * What the engine asks the host while the EVM runs, each value as it was just before the
 * transaction. Rejects with a ReplayStopped-worthy Error whose message is meant for the user.
 */
export interface StateReader {
  code(address: EvmAddress): Promise<CodeAnswer>;
  /** The slot's value (64 hex), zero when never written before the transaction. */
  slot(address: EvmAddress, slot: Word): Promise<Word>;
  /** The account's balance in weibars (tinybars ×10^10). */
  balance(address: EvmAddress): Promise<bigint>;
}

export interface ReplayLimits {
  /** Instructions executed before the replay stops (said as a cap). */
  readonly maxSteps: number;
  /** State values asked of the mirror node (code, slots, balances together). */
  readonly maxFetches: number;
}

export const DEFAULT_REPLAY_LIMITS: ReplayLimits = { maxSteps: 200_000, maxFetches: 2_000 };

export interface ReplayOptions {
  readonly limits: ReplayLimits;
  /** Memory rows in the trace (the "Load memory" run). */
  readonly memory: boolean;
}

/** One frame the replay opened, in the order they opened (the `/actions` order). */
export interface ReplayFrame {
  readonly index: number;
  /** 0 for the transaction's own frame. */
  readonly depth: number;
  /** CALL, CALLCODE, DELEGATECALL, STATICCALL, CREATE, CREATE2 (the top frame: CALL). */
  readonly operation: string;
  /** Where the call went (a create: the address made). */
  readonly to: EvmAddress;
  /** 'replayed' ran here; 'recorded' took the record's output (a system contract or a token). */
  readonly how: 'replayed' | 'recorded';
  readonly outcome: 'success' | 'revert' | 'halt';
  /** The halt's reason as Hedera's records name it (INSUFFICIENT_GAS, …). */
  readonly error?: string;
  /** Its output or revert data (hex). */
  readonly output: string;
  readonly gasUsed: bigint;
  /** The opcode-trace entry that opened it (none for the top frame). */
  readonly openedAt: number | undefined;
}

export interface ReplayOutcome {
  /** The `/opcodes` answer the mirror node would give for `stack=true&storage=true` (and memory when asked), as JSON text. */
  readonly body: string;
  /** Entries in `body`. */
  readonly entries: number;
  readonly frames: readonly ReplayFrame[];
  readonly result: {
    readonly outcome: 'success' | 'revert' | 'halt';
    readonly error?: string;
    /** Return value or revert data (hex). */
    readonly output: string;
    /** Intrinsic gas + the execution's gas: `gas_consumed`'s counterpart. */
    readonly gasConsumed: bigint;
  };
  /** Every slot written, its value at the end (failed frames' writes undone). */
  readonly written: readonly KnownSlot[];
  /** Set when the replay could not finish: where (an entry index) and why, in words. */
  readonly stopped?: { readonly atEntry: number; readonly reason: string };
  /** What was asked of the host. */
  readonly fetched: { readonly code: number; readonly slots: number; readonly balances: number };
}

/** One difference between the replay and the record. */
export interface Divergence {
  /** The opcode-trace entry where it shows (the step users go to), when one can be named. */
  readonly atEntry: number | undefined;
  /** In words: "recorded CALL to 0.0.1003, replayed REVERT". */
  readonly text: string;
}

export interface ReplayVerdict {
  readonly faithful: boolean;
  readonly divergences: readonly Divergence[];
  /** What a replay cannot reproduce and did not (frames answered from the record), in words. */
  readonly notReplayed: readonly string[];
}
