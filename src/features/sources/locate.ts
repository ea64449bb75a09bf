// Finds a compiled source in the workspace and tells whether it is still what was compiled. The
// project root the index gives (else the one the output file's path implies) joined with the
// source name, then the package folders (paths.ts); the first that is a file wins. Answers are
// kept until the index changes or a source file comes or goes; drift answers per document version.
import * as vscode from 'vscode';
import type { SourceIndexApi } from '../../source/api';
import type { CompiledContractRef } from '../../source/types';
import { compareWithCompiled, type CompiledEvidence, type DriftAnswer } from './drift';
import { projectRootOf, sourceCandidates } from './paths';

/** Hashes text's UTF-8 bytes with keccak-256 (`0x` + 64 hex). */
export type Keccak = (text: string) => string;

/** The most answers of each kind kept (a workspace has far fewer sources open at once). */
const KEPT = 500;

export class SourceLocator implements vscode.Disposable {
  private readonly files = new Map<string, Promise<vscode.Uri | undefined>>();
  private readonly drift = new Map<string, Promise<DriftAnswer>>();
  private readonly compiled = new Map<string, Promise<CompiledEvidence>>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly sources: () => SourceIndexApi,
    private readonly keccak: Keccak,
  ) {
    const forget = () => this.forget();
    // Sources that come or go on disk (a checkout, a deleted folder) as well as through the editor.
    const solidity = vscode.workspace.createFileSystemWatcher('**/*.sol', false, true, false);
    this.subscriptions = [
      solidity,
      solidity.onDidCreate(forget),
      solidity.onDidDelete(forget),
      vscode.workspace.onDidCreateFiles(forget),
      vscode.workspace.onDidDeleteFiles(forget),
      vscode.workspace.onDidRenameFiles(forget),
      vscode.workspace.onDidChangeWorkspaceFolders(forget),
    ];
  }

  /** Forgets every answer (the index changed, files came or went). */
  forget(): void {
    this.files.clear();
    this.drift.clear();
    this.compiled.clear();
  }

  /**
   * The workspace file of `sourceName` as compiled into `ref`, or undefined when it is not there.
   * `fresh`: looked for again, not taken from what was kept (a folder deleted or made outside the
   * editor reports no event for the files in it).
   */
  fileOf(ref: CompiledContractRef, sourceName: string, fresh = false): Promise<vscode.Uri | undefined> {
    const key = `${ref.origin.file}\n${sourceName}`;
    let found = fresh ? undefined : this.files.get(key);
    if (!found) {
      found = this.find(ref, sourceName);
      keep(this.files, key, found);
    }
    return found;
  }

  /**
   * What the compiler output says about the text it compiled: the text, else its hash. Kept until
   * the index changes, so typing in a marked file does not ask the index again at every edit.
   */
  evidence(ref: CompiledContractRef, sourceName: string): Promise<CompiledEvidence> {
    const key = `${ref.origin.file}\n${sourceName}`;
    let found = this.compiled.get(key);
    if (!found) {
      found = this.askEvidence(ref, sourceName);
      keep(this.compiled, key, found);
    }
    return found;
  }

  /** Whether `document` (its text now, unsaved edits included) is what was compiled into `ref`. */
  driftOf(document: vscode.TextDocument, ref: CompiledContractRef, sourceName: string): Promise<DriftAnswer> {
    const key = `${document.uri.toString()}\n${document.version}\n${ref.origin.file}\n${sourceName}`;
    let answer = this.drift.get(key);
    if (!answer) {
      answer = this.evidence(ref, sourceName).then(e => compareWithCompiled(document.getText(), e, this.keccak));
      keep(this.drift, key, answer);
    }
    return answer;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.forget();
  }

  private async askEvidence(ref: CompiledContractRef, sourceName: string): Promise<CompiledEvidence> {
    const index = this.sources();
    const text = await index.compiledText(ref, sourceName);
    if (text !== undefined) return { text };
    const hash = index.compiledKeccak256 ? await index.compiledKeccak256(ref, sourceName) : undefined;
    return hash === undefined ? {} : { keccak256: hash };
  }

  private async find(ref: CompiledContractRef, sourceName: string): Promise<vscode.Uri | undefined> {
    const root = this.sources().projectRootOf(ref) ?? projectRootOf(ref.origin.file);
    for (const path of sourceCandidates(root, sourceName)) {
      const uri = workspaceUri(path);
      if (uri && (await isFile(uri))) return uri;
    }
    return undefined;
  }
}

/** Keeps `value` under `key`, the oldest answers going first past KEPT. */
function keep<T>(map: Map<string, T>, key: string, value: T): void {
  map.set(key, value);
  if (map.size > KEPT) {
    const oldest = map.keys().next();
    if (oldest.done !== true) map.delete(oldest.value);
  }
}

/**
 * The URI of a workspace-relative path as the index keeps them: under the one folder, or in a
 * multi-root workspace under the folder its first segment names.
 */
export function workspaceUri(path: string): vscode.Uri | undefined {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const segments = path.split('/').filter(Boolean);
  if (folders.length === 1) return vscode.Uri.joinPath(folders[0].uri, ...segments);
  const folder = folders.find(f => f.name === segments[0]);
  return folder ? vscode.Uri.joinPath(folder.uri, ...segments.slice(1)) : undefined;
}

async function isFile(uri: vscode.Uri): Promise<boolean> {
  try {
    return ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.File) !== 0;
  } catch {
    return false;
  }
}
