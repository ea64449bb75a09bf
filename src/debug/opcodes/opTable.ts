// The EVM's opcodes through Cancun: each byte's name, the bytes of data it carries in the code
// (PUSH1..PUSH32) and the stack words it takes and leaves. Names come from traces the mirror node
// sends, written by its EVM (Besu): older spellings (`SHA3`, `DIFFICULTY`, `SUICIDE`) are the same
// ops as today's. A name no table knows is not refused: a trace keeps it under an index of its own
// (256 and up), since a newer EVM than this table may have run the transaction.

/** What one assigned opcode byte is. */
export interface OpInfo {
  readonly byte: number;
  readonly name: string;
  /** Bytes of data after the opcode in the code (PUSH1..PUSH32: 1..32). */
  readonly immediate: number;
  /** Stack words it takes (from the top). */
  readonly inputs: number;
  /** Stack words it leaves. */
  readonly outputs: number;
}

/** `[name, inputs, outputs]` by byte, for the ops that are not a numbered family. */
const SINGLES: ReadonlyArray<readonly [number, string, number, number]> = [
  [0x00, 'STOP', 0, 0],
  [0x01, 'ADD', 2, 1],
  [0x02, 'MUL', 2, 1],
  [0x03, 'SUB', 2, 1],
  [0x04, 'DIV', 2, 1],
  [0x05, 'SDIV', 2, 1],
  [0x06, 'MOD', 2, 1],
  [0x07, 'SMOD', 2, 1],
  [0x08, 'ADDMOD', 3, 1],
  [0x09, 'MULMOD', 3, 1],
  [0x0a, 'EXP', 2, 1],
  [0x0b, 'SIGNEXTEND', 2, 1],
  [0x10, 'LT', 2, 1],
  [0x11, 'GT', 2, 1],
  [0x12, 'SLT', 2, 1],
  [0x13, 'SGT', 2, 1],
  [0x14, 'EQ', 2, 1],
  [0x15, 'ISZERO', 1, 1],
  [0x16, 'AND', 2, 1],
  [0x17, 'OR', 2, 1],
  [0x18, 'XOR', 2, 1],
  [0x19, 'NOT', 1, 1],
  [0x1a, 'BYTE', 2, 1],
  [0x1b, 'SHL', 2, 1],
  [0x1c, 'SHR', 2, 1],
  [0x1d, 'SAR', 2, 1],
  [0x20, 'KECCAK256', 2, 1],
  [0x30, 'ADDRESS', 0, 1],
  [0x31, 'BALANCE', 1, 1],
  [0x32, 'ORIGIN', 0, 1],
  [0x33, 'CALLER', 0, 1],
  [0x34, 'CALLVALUE', 0, 1],
  [0x35, 'CALLDATALOAD', 1, 1],
  [0x36, 'CALLDATASIZE', 0, 1],
  [0x37, 'CALLDATACOPY', 3, 0],
  [0x38, 'CODESIZE', 0, 1],
  [0x39, 'CODECOPY', 3, 0],
  [0x3a, 'GASPRICE', 0, 1],
  [0x3b, 'EXTCODESIZE', 1, 1],
  [0x3c, 'EXTCODECOPY', 4, 0],
  [0x3d, 'RETURNDATASIZE', 0, 1],
  [0x3e, 'RETURNDATACOPY', 3, 0],
  [0x3f, 'EXTCODEHASH', 1, 1],
  [0x40, 'BLOCKHASH', 1, 1],
  [0x41, 'COINBASE', 0, 1],
  [0x42, 'TIMESTAMP', 0, 1],
  [0x43, 'NUMBER', 0, 1],
  [0x44, 'PREVRANDAO', 0, 1],
  [0x45, 'GASLIMIT', 0, 1],
  [0x46, 'CHAINID', 0, 1],
  [0x47, 'SELFBALANCE', 0, 1],
  [0x48, 'BASEFEE', 0, 1],
  [0x49, 'BLOBHASH', 1, 1],
  [0x4a, 'BLOBBASEFEE', 0, 1],
  [0x50, 'POP', 1, 0],
  [0x51, 'MLOAD', 1, 1],
  [0x52, 'MSTORE', 2, 0],
  [0x53, 'MSTORE8', 2, 0],
  [0x54, 'SLOAD', 1, 1],
  [0x55, 'SSTORE', 2, 0],
  [0x56, 'JUMP', 1, 0],
  [0x57, 'JUMPI', 2, 0],
  [0x58, 'PC', 0, 1],
  [0x59, 'MSIZE', 0, 1],
  [0x5a, 'GAS', 0, 1],
  [0x5b, 'JUMPDEST', 0, 0],
  [0x5c, 'TLOAD', 1, 1],
  [0x5d, 'TSTORE', 2, 0],
  [0x5e, 'MCOPY', 3, 0],
  [0x5f, 'PUSH0', 0, 1],
  [0xf0, 'CREATE', 3, 1],
  [0xf1, 'CALL', 7, 1],
  [0xf2, 'CALLCODE', 7, 1],
  [0xf3, 'RETURN', 2, 0],
  [0xf4, 'DELEGATECALL', 6, 1],
  [0xf5, 'CREATE2', 4, 1],
  [0xfa, 'STATICCALL', 6, 1],
  [0xfd, 'REVERT', 2, 0],
  [0xfe, 'INVALID', 0, 0],
  [0xff, 'SELFDESTRUCT', 1, 0],
];

/** Older names of the same ops, as EVMs and tracers of earlier forks wrote them. */
const ALIASES: Readonly<Record<string, string>> = {
  SHA3: 'KECCAK256',
  DIFFICULTY: 'PREVRANDAO',
  SUICIDE: 'SELFDESTRUCT',
};

export const PUSH1 = 0x60;
export const PUSH32 = 0x7f;

function buildTable(): (OpInfo | undefined)[] {
  const table: (OpInfo | undefined)[] = new Array<OpInfo | undefined>(256).fill(undefined);
  for (const [byte, name, inputs, outputs] of SINGLES) table[byte] = { byte, name, immediate: 0, inputs, outputs };
  for (let n = 1; n <= 32; n++)
    table[0x5f + n] = { byte: 0x5f + n, name: `PUSH${n}`, immediate: n, inputs: 0, outputs: 1 };
  for (let n = 1; n <= 16; n++) {
    table[0x7f + n] = { byte: 0x7f + n, name: `DUP${n}`, immediate: 0, inputs: n, outputs: n + 1 };
    table[0x8f + n] = { byte: 0x8f + n, name: `SWAP${n}`, immediate: 0, inputs: n + 1, outputs: n + 1 };
  }
  for (let n = 0; n <= 4; n++)
    table[0xa0 + n] = { byte: 0xa0 + n, name: `LOG${n}`, immediate: 0, inputs: n + 2, outputs: 0 };
  return table;
}

const TABLE: readonly (OpInfo | undefined)[] = buildTable();

/** The name of each byte: the op's, or `UNKNOWN_0x0c` for a byte no fork assigns. */
export const OPCODE_NAMES: readonly string[] = TABLE.map(
  (info, byte) => info?.name ?? `UNKNOWN_0x${byte.toString(16).padStart(2, '0')}`,
);

const BY_NAME: ReadonlyMap<string, number> = new Map([
  ...TABLE.flatMap(info => (info ? [[info.name, info.byte] as const] : [])),
  ...Object.entries(ALIASES).map(([alias, name]) => [alias, OPCODE_NAMES.indexOf(name)] as const),
]);

/** The op of an assigned byte; undefined for an unassigned byte or a value that is not a byte. */
export function opInfo(byte: number): OpInfo | undefined {
  return Number.isInteger(byte) && byte >= 0 && byte < 256 ? TABLE[byte] : undefined;
}

/** The byte of an op's name (today's or an older one, any letter case); undefined for a name no fork has. */
export function opcodeByName(name: string): number | undefined {
  return BY_NAME.get(name) ?? BY_NAME.get(name.toUpperCase());
}

/** Bytes of data the opcode carries after it in the code (0 for all but PUSH1..PUSH32). */
export function immediateSize(byte: number): number {
  return byte >= PUSH1 && byte <= PUSH32 ? byte - PUSH1 + 1 : 0;
}

/** The most names beyond the 256 bytes one trace keeps; the rest share one index (`MORE_OPS_NAME`). */
export const MAX_EXTRA_OP_NAMES = 1024;
/** The index shared by the names past `MAX_EXTRA_OP_NAMES`. */
export const MORE_OPS_NAME = '(other unknown op)';

/**
 * The op names of one trace: indices 0..255 are the bytes (by their names, aliases included),
 * each name no byte has gets the next index from 256, in the order first seen, up to
 * MAX_EXTRA_OP_NAMES of them (names from the network: a hostile trace cannot grow it without end).
 */
export class OpNameTable {
  private readonly extra = new Map<string, number>();
  private readonly list: string[] = [...OPCODE_NAMES];
  /** Set once a name had to share the overflow index. */
  overflowed = false;

  /** The names by index, for `OpcodeTrace.opNames`. */
  get names(): readonly string[] {
    return this.list;
  }

  indexOf(name: string): number {
    const byte = opcodeByName(name);
    if (byte !== undefined) return byte;
    const known = this.extra.get(name);
    if (known !== undefined) return known;
    let kept = name;
    if (this.extra.size >= MAX_EXTRA_OP_NAMES) {
      this.overflowed = true;
      kept = MORE_OPS_NAME;
      const shared = this.extra.get(kept);
      if (shared !== undefined) return shared;
    }
    const index = this.list.length;
    this.list.push(kept);
    this.extra.set(kept, index);
    return index;
  }
}
