// The messages between the extension host's SourceIndex and its worker thread (src/source/worker.ts).
// Only small things cross: files to index, refs, answers (a code's debug information as typed
// arrays, checked with isCodeDebugInfo in debugInfo.ts). Each side checks what it receives: the
// other end is our own code, but a message that is not one of these is refused, not trusted.
import type { CompilerOutputFile } from './api';
import type { CompiledContractRef, RevertToFind, SiteAnswer } from './types';
import type { IndexOutcome } from './indexer';
import { isCreationCodeOf } from './creationCode';

export type WorkerRequest =
  | { readonly type: 'index'; readonly id: number; readonly file: CompilerOutputFile }
  | { readonly type: 'remove'; readonly id: number; readonly files: readonly string[] }
  | {
      readonly type: 'sites';
      readonly id: number;
      readonly key: string;
      readonly selector?: string;
      readonly revert: RevertToFind;
    }
  | { readonly type: 'compiledText'; readonly id: number; readonly key: string; readonly sourceName: string }
  | { readonly type: 'compiledKeccak256'; readonly id: number; readonly key: string; readonly sourceName: string }
  | { readonly type: 'debugInfo'; readonly id: number; readonly key: string; readonly kind: 'deployed' | 'creation' }
  | { readonly type: 'stats'; readonly id: number };

export type WorkerReply =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: string };

/** The worker's memory, for tests and the bench. */
export interface WorkerStats {
  /** Its heap now, and the most it held at any chunk read so far (bytes). */
  readonly heapUsed: number;
  readonly peakHeapUsed: number;
  /** The process's peak resident set (all threads), bytes. */
  readonly maxRss: number;
  /** Details (ASTs, maps, texts) held in its LRU. */
  readonly details: number;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isFile(value: unknown): value is CompilerOutputFile {
  return (
    isObject(value) &&
    typeof value.file === 'string' &&
    typeof value.projectRoot === 'string' &&
    (value.fsPath === undefined || typeof value.fsPath === 'string')
  );
}

function isRevert(value: unknown): value is RevertToFind {
  if (!isObject(value)) return false;
  switch (value.kind) {
    case 'custom':
      return typeof value.name === 'string' && typeof value.selector === 'string';
    case 'error-string':
      return typeof value.reason === 'string';
    case 'panic':
      return typeof value.code === 'bigint';
    default:
      return value.kind === 'empty';
  }
}

/** A request as the worker receives it, or undefined when it is not one. */
export function parseRequest(value: unknown): WorkerRequest | undefined {
  if (!isObject(value) || !Number.isSafeInteger(value.id)) return undefined;
  switch (value.type) {
    case 'index':
      return isFile(value.file) ? (value as WorkerRequest) : undefined;
    case 'remove':
      return Array.isArray(value.files) && value.files.every(f => typeof f === 'string')
        ? (value as WorkerRequest)
        : undefined;
    case 'sites':
      return typeof value.key === 'string' &&
        (value.selector === undefined || typeof value.selector === 'string') &&
        isRevert(value.revert)
        ? (value as WorkerRequest)
        : undefined;
    case 'compiledText':
    case 'compiledKeccak256':
      return typeof value.key === 'string' && typeof value.sourceName === 'string'
        ? (value as WorkerRequest)
        : undefined;
    case 'debugInfo':
      return typeof value.key === 'string' && (value.kind === 'deployed' || value.kind === 'creation')
        ? (value as WorkerRequest)
        : undefined;
    case 'stats':
      return value as WorkerRequest;
    default:
      return undefined;
  }
}

/** A reply as the host receives it, or undefined when it is not one. */
export function parseReply(value: unknown): WorkerReply | undefined {
  if (!isObject(value) || !Number.isSafeInteger(value.id)) return undefined;
  if (value.ok === true) return value as WorkerReply;
  return value.ok === false && typeof value.error === 'string' ? (value as WorkerReply) : undefined;
}

function isRef(value: unknown): value is CompiledContractRef {
  if (!isObject(value) || !isObject(value.code) || !isObject(value.origin)) return false;
  return (
    typeof value.key === 'string' &&
    typeof value.contractName === 'string' &&
    typeof value.sourceName === 'string' &&
    typeof value.origin.file === 'string' &&
    typeof value.code.hex === 'string' &&
    Array.isArray(value.code.masks) &&
    typeof value.hasAst === 'boolean' &&
    typeof value.hasSourceMap === 'boolean'
  );
}

export function isIndexOutcome(value: unknown): value is IndexOutcome {
  return (
    isObject(value) &&
    typeof value.file === 'string' &&
    Array.isArray(value.refs) &&
    value.refs.every(isRef) &&
    (value.skipped === undefined || typeof value.skipped === 'string') &&
    (value.creation === undefined || (Array.isArray(value.creation) && value.creation.every(isCreationCodeOf)))
  );
}

export function isSiteAnswer(value: unknown): value is SiteAnswer {
  if (!isObject(value)) return false;
  if (value.kind === 'none') return typeof value.reason === 'string';
  if (value.kind === 'exact') return isObject(value.site);
  return value.kind === 'inferred' && Array.isArray(value.sites) && value.sites.every(isObject);
}

export function isWorkerStats(value: unknown): value is WorkerStats {
  return (
    isObject(value) &&
    typeof value.heapUsed === 'number' &&
    typeof value.peakHeapUsed === 'number' &&
    typeof value.maxRss === 'number' &&
    typeof value.details === 'number'
  );
}
