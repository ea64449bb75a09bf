// One compiled code's debug information built from what the debug pass read (debugRead.ts): the
// code's instructions (instructionStarts) paired with the decoded source map's entries, as typed
// arrays (a contract of 24 KB has about 12,000 instructions: a few hundred kilobytes, cheap to send
// from the worker), the sources the map names, and the storage layout. The object and the map come
// from workspace files: what is wrong with them becomes a problem in words, never an exception.
// Pure: no Node APIs.
import { stripMetadata } from '../abi/bytecode';
import type { CompiledContractRef, CompiledSource } from './types';
import type { CodeDebugInfo, StorageLayout } from './debugTypes';
import { JUMP_IN, JUMP_OUT, JUMP_REGULAR } from './debugTypes';
import { MAX_SOURCE_MAP_ENTRIES, decodeSourceMap, instructionStarts } from './sourceMap';
import type { SourceMapEntry } from './types';
import { isStorageLayout } from './storageLayout';
import { isRecord } from './outputParts';
import { errorMessage } from '../util/errorMessage';

/** What the debug pass found for one contract's code. */
export interface DebugParts {
  readonly ref: CompiledContractRef;
  readonly kind: CodeDebugInfo['kind'];
  /** The compiled object (hex, link placeholders possible), as read: unchecked. */
  readonly object: unknown;
  /** The compressed source map, as read: unchecked. */
  readonly sourceMap: unknown;
  readonly userSources: number;
  /** The sources the output gives, by id (user ones with or without text, generated ones). */
  readonly sources: ReadonlyMap<number, CompiledSource>;
  readonly layout?: StorageLayout;
  readonly problems: readonly string[];
  /** Why the output may lack a source the map names (said with the ids), in words. */
  readonly missingSources?: string;
}

const MAX_MODIFIER_DEPTH = 0xffff;
/** Estimated heap bytes per instruction of the typed arrays (4 + 4 + 4 + 4 + 1 + 2). */
const BYTES_PER_INSTRUCTION = 19;

function jumpCode(jump: SourceMapEntry['jump']): number {
  return jump === 'i' ? JUMP_IN : jump === 'o' ? JUMP_OUT : JUMP_REGULAR;
}

function what(kind: CodeDebugInfo['kind']): { code: string; path: string } {
  return kind === 'deployed'
    ? { code: 'deployed code', path: 'evm.deployedBytecode' }
    : { code: 'creation code', path: 'evm.bytecode' };
}

/** The instructions' starts, or none with the problem said. */
function startsOf(parts: DebugParts, problems: string[]): Uint32Array {
  const { code, path } = what(parts.kind);
  if (typeof parts.object !== 'string' || parts.object.length === 0) {
    problems.push(`the output has no ${code} for ${parts.ref.contractName} (\`${path}.object\`)`);
    return new Uint32Array(0);
  }
  try {
    return instructionStarts(parts.object);
  } catch (e) {
    problems.push(`the ${code} could not be read: ${errorMessage(e)}`);
    return new Uint32Array(0);
  }
}

/** The map's entries (at most one per instruction), or none with the problem said. */
function entriesOf(parts: DebugParts, instructions: number, problems: string[]): SourceMapEntry[] {
  const { code, path } = what(parts.kind);
  if (typeof parts.sourceMap !== 'string') {
    problems.push(`the output has no source map for the ${code} (\`${path}.sourceMap\`)`);
    return [];
  }
  // One entry per instruction: a map with more is another code's (and is not decoded at all).
  let entries = parts.sourceMap.length === 0 ? 0 : 1;
  for (let at = parts.sourceMap.indexOf(';'); at >= 0; at = parts.sourceMap.indexOf(';', at + 1)) entries++;
  if (entries > instructions) {
    problems.push(
      `the source map of the ${code} has ${entries} entries, more than its ${instructions} instructions: it is not this code's map`,
    );
    return [];
  }
  try {
    return decodeSourceMap(parts.sourceMap, Math.min(MAX_SOURCE_MAP_ENTRIES, instructions));
  } catch (e) {
    problems.push(`the source map of the ${code} could not be read: ${errorMessage(e)}`);
    return [];
  }
}

/** The debug information of one compiled code; what was wrong is in `problems`. */
export function buildDebugInfo(parts: DebugParts): CodeDebugInfo {
  const problems = [...parts.problems];
  const pcs = startsOf(parts, problems);
  const entries = pcs.length > 0 ? entriesOf(parts, pcs.length, problems) : [];
  const n = pcs.length;
  const start = new Int32Array(n).fill(-1);
  const length = new Int32Array(n).fill(-1);
  const fileIndex = new Int32Array(n).fill(-1);
  const jump = new Uint8Array(n);
  const modifierDepth = new Uint16Array(n);
  const named = new Set<number>();
  for (let k = 0; k < entries.length; k++) {
    const e = entries[k];
    // solc writes 32-bit values; past 2^31 they are not offsets into any source read here.
    start[k] = e.start <= 0x7fff_ffff ? e.start : -1;
    length[k] = e.length <= 0x7fff_ffff ? e.length : -1;
    fileIndex[k] = e.fileIndex <= 0x7fff_ffff ? e.fileIndex : -1;
    jump[k] = jumpCode(e.jump);
    modifierDepth[k] = Math.min(e.modifierDepth, MAX_MODIFIER_DEPTH);
    if (fileIndex[k] >= 0) named.add(fileIndex[k]);
  }
  const sources: CompiledSource[] = [];
  const missing: number[] = [];
  for (const id of [...named].sort((a, b) => a - b)) {
    const source = parts.sources.get(id);
    if (source !== undefined) sources.push(source);
    else missing.push(id);
  }
  if (missing.length > 0) {
    const ids = missing.slice(0, 10).join(', ') + (missing.length > 10 ? ', …' : '');
    const why = parts.missingSources !== undefined ? ` (${parts.missingSources})` : '';
    problems.push(`the source map names source id(s) ${ids} that the output does not give${why}`);
  }
  return {
    ref: parts.ref,
    kind: parts.kind,
    pcs,
    start,
    length,
    fileIndex,
    jump,
    modifierDepth,
    userSources: parts.userSources,
    sources,
    ...(parts.layout !== undefined ? { storageLayout: parts.layout } : {}),
    ...(metadataOf(parts.object) !== undefined ? { metadata: metadataOf(parts.object) } : {}),
    problems,
  };
}

/** The CBOR metadata at the end of a compiled object (hex, lowercase), when it has one. */
export function metadataOf(object: unknown): string | undefined {
  if (typeof object !== 'string') return undefined;
  const hex = (object.startsWith('0x') ? object.slice(2) : object).toLowerCase();
  if (hex.length % 2 !== 0 || hex.length < 4 || !/^[0-9a-f]+$/.test(hex.slice(-4))) return undefined;
  const bare = stripMetadata(hex);
  return bare.length < hex.length ? hex.slice(bare.length) : undefined;
}

/** The debug info of a code whose output could not be read: empty, with the reason. */
export function unreadDebugInfo(ref: CompiledContractRef, kind: CodeDebugInfo['kind'], reason: string): CodeDebugInfo {
  return {
    ref,
    kind,
    pcs: new Uint32Array(0),
    start: new Int32Array(0),
    length: new Int32Array(0),
    fileIndex: new Int32Array(0),
    jump: new Uint8Array(0),
    modifierDepth: new Uint16Array(0),
    userSources: 0,
    sources: [],
    problems: [reason],
  };
}

/** The estimated heap bytes of a debug info (its weight in the detail LRU). */
export function debugInfoWeight(info: CodeDebugInfo): number {
  let texts = 0;
  for (const s of info.sources) texts += (s.content?.length ?? 0) * 2 + s.name.length * 2;
  const layout = info.storageLayout;
  const entries = layout === undefined ? 0 : layout.storage.length + Object.keys(layout.types).length;
  return 1024 + info.pcs.length * BYTES_PER_INSTRUCTION + texts + entries * 256;
}

function isSource(value: unknown): value is CompiledSource {
  return (
    isRecord(value) &&
    Number.isSafeInteger(value.id) &&
    typeof value.name === 'string' &&
    typeof value.generated === 'boolean' &&
    (value.content === undefined || typeof value.content === 'string') &&
    (value.keccak256 === undefined || typeof value.keccak256 === 'string')
  );
}

/** Whether `value` is the debug info of `kind` as the worker builds it (typed arrays, equal lengths). */
export function isCodeDebugInfo(value: unknown, kind: CodeDebugInfo['kind']): value is CodeDebugInfo {
  if (!isRecord(value) || value.kind !== kind || !isRecord(value.ref)) return false;
  const { pcs, start, length, fileIndex, jump, modifierDepth } = value;
  if (!(pcs instanceof Uint32Array) || !(start instanceof Int32Array) || !(length instanceof Int32Array)) return false;
  if (!(fileIndex instanceof Int32Array) || !(jump instanceof Uint8Array) || !(modifierDepth instanceof Uint16Array))
    return false;
  const n = pcs.length;
  if ([start, length, fileIndex, jump, modifierDepth].some(a => a.length !== n)) return false;
  return (
    Number.isSafeInteger(value.userSources) &&
    Array.isArray(value.sources) &&
    value.sources.every(isSource) &&
    Array.isArray(value.problems) &&
    value.problems.every(p => typeof p === 'string') &&
    (value.storageLayout === undefined || isStorageLayout(value.storageLayout)) &&
    (value.metadata === undefined || (typeof value.metadata === 'string' && /^[0-9a-f]{0,2048}$/.test(value.metadata)))
  );
}
