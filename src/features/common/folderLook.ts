// Looking at a folder's files by hand, for folders VS Code's file watcher does not report on
// (created after the watch began, or on a file system without events): each look stamps the files
// a caller wants, and the difference from the previous look says which changed and which went.
import * as vscode from 'vscode';
import { diffStamps, type FileStamp } from '../../util/folderFiles';

/**
 * Stamps the files of `folder` that `wanted` accepts (not its subfolders); `present` is false when
 * the folder itself is gone (everything it held then counts as gone). A file gone between the
 * listing and its stat is left out.
 */
export async function lookAtFolder(
  folder: vscode.Uri,
  wanted: (file: vscode.Uri) => boolean,
): Promise<{ stamps: Map<string, FileStamp>; present: boolean }> {
  const stamps = new Map<string, FileStamp>();
  let names: [string, vscode.FileType][];
  try {
    names = await vscode.workspace.fs.readDirectory(folder);
  } catch {
    return { stamps, present: false };
  }
  for (const [name, type] of names) {
    const uri = vscode.Uri.joinPath(folder, name);
    if (!(type & vscode.FileType.File) || !wanted(uri)) continue;
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      stamps.set(name, { mtime: stat.mtime, size: stat.size });
    } catch {
      // gone between the listing and the look: counted as gone
    }
  }
  return { stamps, present: true };
}

export interface FolderPollerOptions {
  /** Whether a file of a polled folder is one the caller watches. */
  wanted(file: vscode.Uri): boolean;
  changed(file: vscode.Uri): void;
  deleted(file: vscode.Uri): void;
  /** The most folders polled at once; later ones are not added (the first stay). */
  readonly maxFolders: number;
  readonly intervalMs: number;
}

/**
 * Folders the recursive watcher may not report on, looked at every few seconds instead. On Linux a
 * folder made in the same instant as its parent (`mkdir -p`, a project's first compile) never gets
 * an inotify watch, so neither its first files nor any later rebuild is reported until a reload.
 * Only the wanted files are stamped (time and size); a folder that is gone stops being polled after
 * what it held is reported deleted, and the timer stops when no folder is left.
 */
export class FolderPoller implements vscode.Disposable {
  private readonly folders = new Map<string, { readonly uri: vscode.Uri; stamps: Map<string, FileStamp> }>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private busy = false;
  private disposed = false;

  constructor(private readonly options: FolderPollerOptions) {}

  /** Polls `folder` from now on, its present files taken as already known. */
  add(folder: vscode.Uri): void {
    const key = folder.toString();
    if (this.disposed || this.folders.has(key) || this.folders.size >= this.options.maxFolders) return;
    const entry = { uri: folder, stamps: new Map<string, FileStamp>() };
    this.folders.set(key, entry);
    void this.look(entry, false).catch(() => undefined);
    this.timer ??= setInterval(() => void this.pollAll().catch(() => undefined), this.options.intervalMs);
  }

  dispose(): void {
    this.disposed = true;
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

  private async look(entry: { readonly uri: vscode.Uri; stamps: Map<string, FileStamp> }, report: boolean) {
    const { stamps: now, present } = await lookAtFolder(entry.uri, file => this.options.wanted(file));
    if (!present) this.folders.delete(entry.uri.toString()); // gone: what it held is reported deleted below
    const { changed, gone } = diffStamps(entry.stamps, now);
    entry.stamps = now;
    if (this.folders.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    if (!report || this.disposed) return;
    for (const name of changed) this.options.changed(vscode.Uri.joinPath(entry.uri, name));
    for (const name of gone) this.options.deleted(vscode.Uri.joinPath(entry.uri, name));
  }
}
