// What the rest of the extension asks of the compiler-output index (implemented in
// src/source/sourceIndex.ts: a worker thread in Node, bounded in-thread reading where only
// workspace.fs exists). The panels find a failed frame's compiled contract by its runtime code and
// ask for the revert's site; the editor asks for the compiled text when the file has changed since.
import type { CompiledContractRef, RevertToFind, SiteAnswer } from './types';
import type { CodeDebugInfo, CreationMatch } from './debugTypes';

/** A compiler-output file to index: where it is for the workspace, and how to read it. */
export interface CompilerOutputFile {
  /** Workspace-relative path, forward slashes (`artifacts/build-info/1a2b.json`). */
  readonly file: string;
  /** Absolute path on this machine's disk, when it has one (read by the worker, streamed). */
  readonly fsPath?: string;
  /**
   * The project root the compiler's source names are relative to, workspace-relative (`` for the
   * workspace root, `packages/contracts`): Hardhat's and Foundry's project folder.
   */
  readonly projectRoot: string;
}

export interface SourceIndexReport {
  readonly files: number;
  /** Compiled contracts indexed (those with deployed code). */
  readonly contracts: number;
  /** Files not indexed or only partly, with the reason in words. */
  readonly skipped: readonly { readonly file: string; readonly reason: string }[];
}

export interface SourceIndexApi {
  /** Indexes (or re-indexes) these files; resolves when done. Files not given stay indexed. */
  update(files: readonly CompilerOutputFile[]): Promise<SourceIndexReport>;
  /** Forgets these files. */
  remove(files: readonly string[]): void;
  /** The compiled contract whose deployed code matches (metadata, immutables and links ignored). */
  findByCode(runtimeBytecode: string): CompiledContractRef | undefined;
  /** Where the revert of a call to `selector` (undefined: no calldata) with this error can come from. */
  sites(ref: CompiledContractRef, selector: string | undefined, revert: RevertToFind): Promise<SiteAnswer>;
  /** The text the compiler compiled for `sourceName`, when the output carries it (drift: open this). */
  compiledText(ref: CompiledContractRef, sourceName: string): Promise<string | undefined>;
  /**
   * keccak-256 (`0x` + 64 hex) of the text compiled for `sourceName`, from the metadata, for an
   * output that has no text (Foundry's): the editor hashes the workspace file to tell whether it
   * changed since. Optional: without it such a file's drift is reported as unknown.
   */
  compiledKeccak256?(ref: CompiledContractRef, sourceName: string): Promise<string | undefined>;
  /** The decoded source map, sources and storage layout of a compiled contract's code, read on demand (cached within the detail budget). */
  debugInfo?(ref: CompiledContractRef, kind: 'deployed' | 'creation'): Promise<CodeDebugInfo | undefined>;
  /** The compiled contract whose creation code is the start of `initcode` (hex, 0x optional), metadata, immutables and library links ignored as findByCode ignores them; the rest is the constructor's arguments. */
  findByCreationCode?(initcode: string): CreationMatch | undefined;
  /** The project root (workspace-relative) of the output `ref` came from. */
  projectRootOf(ref: CompiledContractRef): string | undefined;
  /** Fires after every change of what is indexed. */
  onDidChange(listener: () => void): () => void;
  dispose(): void;
}
