// The watchers of the compiler output: one per glob for the files themselves, and the new-folder
// watcher (features/common/newFolders.ts): a project's first compile makes `artifacts/build-info/`
// (or `out/`) and writes into it at once, which a recursive watcher on Linux can miss. A deleted
// folder is reported as the folder alone: the caller forgets what was indexed under it.
import * as vscode from 'vscode';
import type { FeatureLog } from '../context';
import type { FolderPoller } from '../common/folderLook';
import { watchNewFolders } from '../common/newFolders';

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
  /** Too many new folders at once (a checkout, an unpacked tree): search the whole workspace instead. */
  rescanAll(): void;
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
  return watchNewFolders(
    {
      relative: uri => on.relative(uri),
      mayHold: path => path !== '' && !on.isOutput(path) && !on.isExcluded(path),
      unannounced: async folder => {
        const found = await vscode.workspace.findFiles(
          new vscode.RelativePattern(folder, '**/*.json'),
          '**/node_modules/**',
        );
        // Known: an event came for it, so its folder is watched.
        return found.filter(uri => on.isOutput(on.relative(uri)) && !on.isKnown(on.relative(uri)));
      },
      changed: uri => on.changed(uri),
      deleted: uri => on.deleted(uri),
      tooMany: () => on.rescanAll(),
      failed: message => on.log.error(`Sources: ${message}`),
    },
    poller,
  );
}
