// The ABI index's file watchers: one per include glob for the artifact files themselves (created,
// changed, deleted), and one over every path for folders. VS Code's recursive watcher reports a folder created after it
// started (a first compile's `artifacts/contracts/Foo.sol/`), but on Linux it can miss the files
// written into it before the folder itself was watched (inotify: a new folder gets its watch only
// once its own creation has been read, and nothing already inside is reported), and it reports a
// deleted folder as the folder alone. So created folders are searched once the burst settles, and a
// deleted folder takes along whatever was indexed under it (see folders.ts for the pure rules).
import * as vscode from 'vscode';
import type { FeatureLog } from '../context';
import { globMatcher, joinGlobs, type AbiGlobs, type GlobMatcher } from '../../abi/globs';
import type { FolderPoller } from '../common/folderLook';
import { artifactsAmong, MAX_PENDING_FOLDERS, mayBeArtifactFolder } from './folders';
import { outermost } from '../../util/folderFiles';
import { errorMessage } from '../../util/errorMessage';

/** Wait after the last creation in a folder before looking into it (a compile writes in a burst). */
const FOLDER_DEBOUNCE_MS = 300;

export interface WatchHandlers {
  /** The workspace-relative path the index uses for a file. */
  relative(uri: vscode.Uri): string;
  /** An artifact file created or changed (or found under a new folder). */
  changed(uri: vscode.Uri): void;
  /** A path deleted: a file, or a folder with everything under it. */
  deleted(uri: vscode.Uri): void;
  /** Whether the index already has (or is about to read) this workspace-relative file. */
  isIndexed(file: string): boolean;
  /** Too many new folders at once (a checkout, an unpacked tree): scan the whole workspace instead. */
  rescanAll(): void;
  readonly log: FeatureLog;
}

/**
 * Watches with `globs`. `poller` is the feature's, not the watchers': a settings change replaces the
 * watchers but must not forget the folders no event reaches (a new watcher does not watch them either).
 */
export function watchArtifacts(globs: AbiGlobs, on: WatchHandlers, poller: FolderPoller): vscode.Disposable {
  const files = globs.include.map(pattern => fileWatcher(pattern, on));
  const include = globs.include.map(globMatcher);
  const exclude = globs.exclude.map(globMatcher);
  return vscode.Disposable.from(
    ...files,
    watchFolders({ include, exclude, excludeGlob: joinGlobs(globs.exclude) }, on, poller),
  );
}

function fileWatcher(pattern: string, on: WatchHandlers): vscode.Disposable {
  const w = vscode.workspace.createFileSystemWatcher(pattern);
  return vscode.Disposable.from(
    w,
    w.onDidCreate(uri => on.changed(uri)),
    w.onDidChange(uri => on.changed(uri)),
    w.onDidDelete(uri => on.deleted(uri)),
  );
}

interface FolderGlobs {
  readonly include: readonly GlobMatcher[];
  readonly exclude: readonly GlobMatcher[];
  /** The exclude globs as one pattern for findFiles. */
  readonly excludeGlob: string;
}

function watchFolders(globs: FolderGlobs, inputs: WatchHandlers, poller: FolderPoller): vscode.Disposable {
  const pending = new Map<string, vscode.Uri>();
  let timer: NodeJS.Timeout | undefined;
  let disposed = false;

  function created(uri: vscode.Uri): void {
    const path = inputs.relative(uri);
    if (!mayBeArtifactFolder(path, globs.include, globs.exclude)) return;
    pending.set(path, uri);
    clearTimeout(timer);
    timer = setTimeout(settle, FOLDER_DEBOUNCE_MS);
  }

  function settle(): void {
    timer = undefined;
    if (pending.size > MAX_PENDING_FOLDERS) {
      pending.clear();
      inputs.rescanAll();
      return;
    }
    const batch = outermost(pending.keys()).flatMap(path => pending.get(path) ?? []);
    pending.clear();
    void scan(batch).catch((e: unknown) =>
      inputs.log.error(`ABIs: looking into new folders failed: ${errorMessage(e)}`),
    );
  }

  async function scan(folders: readonly vscode.Uri[]): Promise<void> {
    for (const folder of folders) {
      if (disposed || !(await isFolder(folder))) continue;
      const found = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/*'), globs.excludeGlob);
      if (disposed) return;
      const byPath = new Map(found.map(uri => [inputs.relative(uri), uri]));
      for (const path of artifactsAmong([...byPath.keys()], globs.include, globs.exclude)) {
        const uri = byPath.get(path);
        if (!uri || inputs.isIndexed(path)) continue; // reported by the watcher: its folder is watched
        inputs.changed(uri);
        poller.add(vscode.Uri.joinPath(uri, '..')); // no event came for it: its folder may not be watched at all
      }
    }
  }

  // Every path, created or deleted: change events are left to the include watchers.
  const watcher = vscode.workspace.createFileSystemWatcher('**/*', false, true, false);
  return vscode.Disposable.from(
    watcher,
    watcher.onDidCreate(created),
    watcher.onDidDelete(uri => inputs.deleted(uri)),
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
