// The opcode trace of one transaction, as the mirror node's `GET /contracts/results/{id}/opcodes`
// answers (openapi.yml `OpcodesResponse`), held compactly: one typed-array slot per entry, stack
// and storage words pooled (a 20,000-entry trace repeats most of its words), no object per word.
// Every value came from the network: checked while parsed, problems said in words.

/** A 32-byte word as 64 lowercase hex digits (no `0x`), or undefined for an index the pool lacks. */
export interface WordPool {
  readonly size: number;
  word(index: number): string | undefined;
}

/**
 * The entries of a trace. Entry `i`'s stack is `stackWords[stackStart[i] .. stackStart[i + 1])`
 * (pool indices, bottom of the stack first, as the server lists it); its storage is given as the
 * changes from the entry before it at the same depth (`storageStart`, `storageKeys`/`storageValues`),
 * since the server repeats the contract's whole written storage on every entry. A frame's first
 * entry (deeper than the entry before it) lists its storage whole, so a frame's storage is rebuilt
 * from its own entries; a value `NO_WORD` (0xffffffff, parse.ts) is a key no longer listed.
 */
export interface OpcodeTrace {
  readonly length: number;
  readonly pc: Uint32Array;
  /** Index into `opNames`: 0..255 are the opcode bytes by their names; unknown names follow. */
  readonly op: Uint16Array;
  /** Name of each op index; for 0..255 the EVM name of that byte (`UNKNOWN_0x0c` where unassigned). */
  readonly opNames: readonly string[];
  /** Gas left after the entry, as sent (exact below 2^53; larger values are clamped and noted). */
  readonly gas: Float64Array;
  readonly gasCost: Float64Array;
  /** `depth` as sent (the server's base; frames come from its changes). */
  readonly depth: Uint16Array;
  readonly stackStart: Uint32Array;
  readonly stackWords: Uint32Array;
  readonly storageStart: Uint32Array;
  readonly storageKeys: Uint32Array;
  readonly storageValues: Uint32Array;
  /** Memory rows (32 bytes each) per entry, present only when asked for with `memory=true`. */
  readonly memoryStart?: Uint32Array;
  readonly memoryWords?: Uint32Array;
  readonly words: WordPool;
  /** `reason` (hex, as sent) by entry index, for the entries that carry one. */
  readonly reasons: ReadonlyMap<number, string>;
}

/** The response's own members beside `opcodes`. */
export interface OpcodeTraceHeader {
  readonly address?: string;
  readonly contractId?: string;
  readonly failed?: boolean;
  readonly gas?: bigint;
  readonly returnValue?: string;
}

export interface OpcodeTraceResult {
  readonly trace: OpcodeTrace;
  readonly header: OpcodeTraceHeader;
  /** What was wrong but could be read past (a stack word that is not 32 bytes of hex), bounded. */
  readonly problems: readonly string[];
  /** Bytes of JSON read (decompressed). */
  readonly bytes: number;
}
