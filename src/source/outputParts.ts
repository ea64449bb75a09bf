// The shapes and small checks the compiler-output readers share (compilerOutput.ts: the index
// pass; compilerDetail.ts and foundry.ts: the detail pass). Values come from workspace files:
// untrusted, checked here before use. Pure: no Node APIs.
import type { CompilerOutputFile } from './api';
import type { CompiledContractRef, CompilerOutputOrigin } from './types';
import type { PreparedCreation } from './creationCode';

export type OutputFormat =
  | 'hardhat-build-info' // hh-sol-build-info-1: input and output in one file
  | 'hardhat3-output' // hh3-sol-build-info-output-1: `<id>.output.json`, its input in `<id>.json`
  | 'hardhat3-input' // hh3-sol-build-info-1: the input half, no contracts
  | 'foundry-build-info' // ethers-rs-sol-build-info-1 (forge build --build-info), or the small default one
  | 'foundry-artifact' // out/<File>.sol/<Name>.json
  | 'solc-json' // a standard-JSON output under `output`, with its `input`
  | 'solc-output' // a standard-JSON output (`contracts`, `sources` at the top)
  | 'unknown';

export interface IndexedContract {
  readonly ref: CompiledContractRef;
  /** Its source's name as the output spells it (Hardhat 3: `project/contracts/Vault.sol`). */
  readonly outputSourceName: string;
  /** Ids of the sources its deployed source map points at. */
  readonly sourceIds: readonly number[];
  /** Ids of the sources its creation code's source map points at. */
  readonly creationSourceIds: readonly number[];
  /** Its creation code prepared for matching an initcode, when the output has it. */
  readonly creation?: PreparedCreation;
}

/** What the index keeps of one file, in the thread that reads it. */
export interface IndexedFile {
  readonly source: CompilerOutputFile;
  readonly format: OutputFormat;
  readonly contracts: readonly IndexedContract[];
  /** Output source name → source id (standard-JSON outputs). */
  readonly sourceIds: ReadonlyMap<string, number>;
  /** Output source name → the name the project knows it by, where they differ (Hardhat 3). */
  readonly userNames: ReadonlyMap<string, string>;
  readonly solcVersion?: string;
  /** Hardhat 3: the build id; its input (with the sources' text) is `<id>.json` beside it. */
  readonly buildId?: string;
  /** A Foundry artifact: its source, for the artifacts of the same compilation that need its AST. */
  readonly foundry?: FoundrySourceFacts;
  /** Why the file gave less than it might: no contracts, no deployed code. */
  readonly note?: string;
}

/** A Foundry artifact's own source, for the artifacts of the same compilation that need its AST. */
export interface FoundrySourceFacts {
  readonly sourceName: string;
  /** Its id in the compilation (the artifact's `id`). */
  readonly sourceId?: number;
  /** keccak-256 of its compiled text (metadata), `0x` + 64 hex. */
  readonly keccak256?: string;
  /** keccak-256 of every source the compilation of this contract read, by name (metadata). */
  readonly dependencies: ReadonlyMap<string, string>;
  readonly hasAst: boolean;
}

/** Where the standard-JSON output sits: at the top (solc's output file) or under `output`. */
export type OutputPrefix = readonly string[];

const COLON = 0x3a;
const SEMICOLON = 0x3b;
/** The longest source or contract name kept. */
export const MAX_NAME_CHARS = 1024;
const MAX_IMMUTABLES = 10_000;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A short string, or undefined. */
export function shortString(value: unknown, max = MAX_NAME_CHARS): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined;
}

/** The immutable references of a deployed bytecode (`{ astId: [{ start, length }] }`), flattened and checked. */
export function immutableRanges(value: unknown): { start: number; length: number }[] {
  if (!isRecord(value)) return [];
  const out: { start: number; length: number }[] = [];
  for (const list of Object.values(value)) {
    if (!Array.isArray(list)) continue;
    for (const r of list as unknown[]) {
      if (out.length >= MAX_IMMUTABLES) return out;
      if (isRecord(r) && Number.isSafeInteger(r.start) && Number.isSafeInteger(r.length))
        if ((r.start as number) >= 0 && (r.length as number) > 0)
          out.push({ start: r.start as number, length: r.length as number });
    }
  }
  return out;
}

/**
 * The source ids a compressed source map (`s:l:f:j:m;…`) points at: each entry's third field,
 * carried over from the entry before when empty or missing; -1 (no source) left out.
 */
export function sourceMapFileIds(map: string): number[] {
  const ids = new Set<number>();
  let current = -1;
  let field = 0;
  let start = 0;
  for (let i = 0; i <= map.length; i++) {
    const c = i < map.length ? map.charCodeAt(i) : SEMICOLON;
    if (c !== COLON && c !== SEMICOLON) continue;
    if (field === 2 && i > start) {
      const id = Number(map.slice(start, i));
      if (Number.isSafeInteger(id)) current = id;
    }
    if (c === COLON) field++;
    else {
      if (current >= 0) ids.add(current);
      field = 0;
    }
    start = i + 1;
  }
  return [...ids].sort((a, b) => a - b);
}

/** The origin kind a format's contracts are shown with. */
export function originKind(format: OutputFormat): CompilerOutputOrigin['kind'] {
  if (format === 'foundry-artifact' || format === 'foundry-build-info') return 'foundry';
  return format.startsWith('hardhat') ? 'hardhat-build-info' : 'solc-json';
}

/** The name the project knows an output source by: Hardhat 3's user source name, else as given. */
export function userSourceName(names: ReadonlyMap<string, string>, format: OutputFormat, name: string): string {
  const mapped = names.get(name);
  if (mapped !== undefined) return mapped;
  return format === 'hardhat3-output' && name.startsWith('project/') ? name.slice('project/'.length) : name;
}

/** A Hardhat 3 build id, when it is safe as a file name. */
export function safeBuildId(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : undefined;
}

/** The prefix of a format's standard-JSON output. */
export function outputPrefix(format: OutputFormat): OutputPrefix {
  return format === 'solc-output' ? [] : ['output'];
}

const SELECTOR_HEX = /^[0-9a-fA-F]{8}$/;

/** `methodIdentifiers` (`{ "withdraw(uint256)": "2e1a7d4d" }`) as selector (`0x` + 8 hex) → signature. */
export function selectorsOf(value: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (!isRecord(value)) return out;
  for (const [signature, hex] of Object.entries(value))
    if (typeof hex === 'string' && SELECTOR_HEX.test(hex) && signature.length <= MAX_NAME_CHARS)
      out.set(`0x${hex.toLowerCase()}`, signature);
  return out;
}
