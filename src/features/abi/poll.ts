// Folders the recursive watcher may not watch at all, looked at every few seconds instead. On Linux a
// folder made in the same instant as its parent (`mkdir -p`, a project's first compile making
// `artifacts/contracts/Foo.sol/` at once) never gets an inotify watch, so neither its first files nor
// any later recompile is reported until a reload. A folder lands here when a search found artifacts
// in it that no event announced; only its artifact files are stamped (mtime and size), and at most
// MAX_POLLED_FOLDERS folders are kept.
import * as vscode from 'vscode';
import { lookAtFolder } from '../common/folderLook';
import { diffStamps, type FileStamp } from '../../util/folderFiles';

export const MAX_POLLED_FOLDERS = 100;
const POLL_MS = 2000;

export interface PollInputs {
  /** Whether a file in a polled folder is an artifact (include globs, not excluded). */
  isArtifact(uri: vscode.Uri): boolean;
  changed(uri: vscode.Uri): void;
  deleted(uri: vscode.Uri): void;
}

export class FolderPoller implements vscode.Disposable {
  private readonly folders = new Map<string, { uri: vscode.Uri; stamps: Map<string, FileStamp> }>();
  private timer: NodeJS.Timeout | undefined;
  private busy = false;

  constructor(private readonly inputs: PollInputs) {}

  /** Starts polling the folder holding `file` (its present state taken as already indexed). */
  add(file: vscode.Uri): void {
    const uri = vscode.Uri.joinPath(file, '..');
    const key = uri.toString();
    if (this.folders.has(key) || this.folders.size >= MAX_POLLED_FOLDERS) return;
    const entry = { uri, stamps: new Map<string, FileStamp>() };
    this.folders.set(key, entry);
    void this.look(entry, false).catch(() => undefined);
    this.timer ??= setInterval(() => void this.pollAll().catch(() => undefined), POLL_MS);
  }

  dispose(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.folders.clear();
  }

  private async pollAll(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      for (const entry of [...this.folders.values()]) await this.look(entry, true);
    } finally {
      this.busy = false;
    }
  }

  /** Stamps the folder's artifacts; with `report`, tells what changed since the last look. */
  private async look(entry: { uri: vscode.Uri; stamps: Map<string, FileStamp> }, report: boolean): Promise<void> {
    const { stamps: now, present } = await lookAtFolder(entry.uri, uri => this.inputs.isArtifact(uri));
    // A folder gone: everything it held is reported deleted, and it is dropped.
    if (!present) this.folders.delete(entry.uri.toString());
    const { changed, gone } = diffStamps(entry.stamps, now);
    entry.stamps = now;
    if (!report || this.timer === undefined) return; // a first look, or disposed meanwhile
    for (const name of changed) this.inputs.changed(vscode.Uri.joinPath(entry.uri, name));
    for (const name of gone) this.inputs.deleted(vscode.Uri.joinPath(entry.uri, name));
  }
}
