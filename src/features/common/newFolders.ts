// Created folders, looked into once their burst settles. VS Code's recursive watcher reports a folder
// created after it started (a first compile's `artifacts/…` or `out/`), but on Linux it can miss the
// files written into it before the folder itself was watched (inotify: a new folder gets its watch
// only once its own creation has been read, and nothing already inside is reported), and a folder
// made together with its parent (`mkdir -p`) may never be watched at all. So each created folder
// that may hold wanted files is searched after the burst; a file found there that no event
// announced is reported, and its folder is polled from then on (FolderPoller). Deletions are
// reported as they come: a deleted folder as the folder alone.
import * as vscode from 'vscode';
import type { FolderPoller } from './folderLook';
import { outermost } from '../../util/folderFiles';
import { errorMessage } from '../../util/errorMessage';

/** Wait after the last creation in a folder before looking into it (a compile writes in a burst). */
const FOLDER_DEBOUNCE_MS = 300;
/** Past this many created folders waiting at once, they are given up (`tooMany`). */
const MAX_PENDING_FOLDERS = 200;

export interface NewFolderHandlers {
  /** The workspace-relative path of a created path. */
  relative(uri: vscode.Uri): string;
  /** Whether a created path (workspace-relative) may be a folder holding wanted files. */
  mayHold(path: string): boolean;
  /** The files under `folder` to report: wanted, and not already known (no event is owed for them). */
  unannounced(folder: vscode.Uri): Promise<vscode.Uri[]>;
  changed(file: vscode.Uri): void;
  /** A path deleted: a file, or a folder with everything under it. */
  deleted(uri: vscode.Uri): void;
  /** More created folders than MAX_PENDING_FOLDERS at once (a checkout, an unpacked tree). */
  tooMany(): void;
  /** Why a search failed (logged by the caller). */
  failed(message: string): void;
}

/** Watches every path created or deleted (changes are left to the callers' file watchers). */
export function watchNewFolders(on: NewFolderHandlers, poller: FolderPoller): vscode.Disposable {
  const pending = new Map<string, vscode.Uri>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  const created = (uri: vscode.Uri): void => {
    const path = on.relative(uri);
    if (!on.mayHold(path)) return;
    pending.set(path, uri);
    clearTimeout(timer);
    timer = setTimeout(settle, FOLDER_DEBOUNCE_MS);
  };
  const settle = (): void => {
    timer = undefined;
    if (pending.size > MAX_PENDING_FOLDERS) {
      pending.clear();
      on.tooMany();
      return;
    }
    const batch = outermost(pending.keys()).flatMap(path => pending.get(path) ?? []);
    pending.clear();
    void search(batch).catch((e: unknown) => on.failed(`looking into new folders failed: ${errorMessage(e)}`));
  };
  const search = async (folders: readonly vscode.Uri[]): Promise<void> => {
    for (const folder of folders) {
      if (disposed || !(await isFolder(folder))) continue;
      const found = await on.unannounced(folder);
      if (disposed) return;
      for (const uri of found) {
        on.changed(uri);
        poller.add(vscode.Uri.joinPath(uri, '..')); // no event came for it: its folder may not be watched at all
      }
    }
  };

  const watcher = vscode.workspace.createFileSystemWatcher('**/*', false, true, false);
  return vscode.Disposable.from(
    watcher,
    watcher.onDidCreate(created),
    watcher.onDidDelete(uri => on.deleted(uri)),
    {
      dispose: () => {
        disposed = true;
        clearTimeout(timer);
        pending.clear();
      },
    },
  );
}

/** Whether the path is a folder now (false for a file, or when it is already gone). */
async function isFolder(uri: vscode.Uri): Promise<boolean> {
  try {
    return ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.Directory) !== 0;
  } catch {
    return false;
  }
}
