// The watchers of the compiler output: one per glob for the files themselves, and one over every
// path for folders. A project's first compile makes `artifacts/build-info/` (or `out/`) and writes
// into it at once; VS Code's recursive watcher on Linux (inotify) reports the new folder but can
// miss the files written before the folder itself is watched, and a folder made together with its
// parent (`mkdir -p`) may never be watched at all, so a later compile's new build-info would go
// unseen. So a created folder is searched once its burst settles, and a folder where that search
// found output no event announced is looked at every few seconds (FolderPoller). A deleted
// folder is reported as the folder alone: the caller forgets what was indexed under it.
import * as vscode from 'vscode';
import type { FeatureLog } from '../context';
import { errorMessage } from '../../util/errorMessage';
import type { FolderPoller } from '../common/folderLook';
import { outermost } from '../../util/folderFiles';

/** Wait after the last creation in a folder before looking into it (a compile writes in a burst). */
const FOLDER_DEBOUNCE_MS = 300;
/** Past this many created folders waiting, they are dropped: the next full scan finds what they hold. */
const MAX_PENDING_FOLDERS = 200;
/** The most folders looked at by polling, and how often. */
/** How many output folders are polled at most, and how often. */
export const MAX_POLLED_FOLDERS = 20;
export const POLL_MS = 3000;

export interface OutputWatchHandlers {
  /** The workspace-relative path the index uses for a file. */
  relative(uri: vscode.Uri): string;
  /** Whether a workspace-relative file is compiler output to index (a glob takes it, not excluded). */
  isOutput(file: string): boolean;
  /** Whether a workspace-relative path is never looked into (`node_modules`). */
  isExcluded(path: string): boolean;
  /** Whether the index already has (or is about to read) this file. */
  isKnown(file: string): boolean;
  changed(uri: vscode.Uri): void;
  /** A path deleted: a file, or a folder with everything under it. */
  deleted(uri: vscode.Uri): void;
  readonly log: FeatureLog;
}

export function watchCompilerOutput(
  globs: readonly string[],
  on: OutputWatchHandlers,
  poller: FolderPoller,
): vscode.Disposable {
  const files = globs.map(pattern => {
    const w = vscode.workspace.createFileSystemWatcher(pattern, false, false, true);
    return vscode.Disposable.from(
      w,
      w.onDidCreate(uri => on.changed(uri)),
      w.onDidChange(uri => on.changed(uri)),
    );
  });
  return vscode.Disposable.from(...files, watchFolders(on, poller));
}

function watchFolders(on: OutputWatchHandlers, poller: FolderPoller): vscode.Disposable {
  const pending = new Map<string, vscode.Uri>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  const created = (uri: vscode.Uri) => {
    const path = on.relative(uri);
    if (path === '' || on.isOutput(path) || on.isExcluded(path) || pending.size >= MAX_PENDING_FOLDERS) return;
    pending.set(path, uri);
    clearTimeout(timer);
    timer = setTimeout(settle, FOLDER_DEBOUNCE_MS);
  };
  const settle = () => {
    timer = undefined;
    const batch = outermost(pending.keys()).flatMap(path => pending.get(path) ?? []);
    pending.clear();
    void search(batch).catch((e: unknown) =>
      on.log.error(`Sources: looking into new folders failed: ${errorMessage(e)}`),
    );
  };
  const search = async (folders: readonly vscode.Uri[]) => {
    for (const folder of folders) {
      if (disposed || !(await isFolder(folder))) continue;
      const found = await vscode.workspace.findFiles(
        new vscode.RelativePattern(folder, '**/*.json'),
        '**/node_modules/**',
      );
      if (disposed) return;
      for (const uri of found) {
        const file = on.relative(uri);
        if (!on.isOutput(file) || on.isKnown(file)) continue; // known: an event came, its folder is watched
        on.changed(uri);
        poller.add(vscode.Uri.joinPath(uri, '..'));
      }
    }
  };

  // Every path created or deleted; changes are the file watchers'.
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
