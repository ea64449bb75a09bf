// The ABI index's file watchers: one per include glob for the artifact files themselves (created,
// changed, deleted), and the new-folder watcher (features/common/newFolders.ts: a first compile's
// `artifacts/contracts/Foo.sol/` may be written before a recursive watcher on Linux sees into it).
// A deleted folder takes along whatever was indexed under it (see folders.ts for the pure rules).
// Where the host cannot watch (folders.ts, unwatchedReason), a file saved in this window is
// re-indexed all the same, and decoding reads the files again on demand (freshness.ts).
import * as vscode from 'vscode';
import type { FeatureLog } from '../context';
import { globMatcher, joinGlobs, matchesAny, type AbiGlobs, type GlobMatcher } from '../../abi/globs';
import type { FolderPoller } from '../common/folderLook';
import { artifactsAmong, mayBeArtifactFolder, unwatchedReason } from './folders';
import { watchNewFolders } from '../common/newFolders';
import { inBrowser, platform } from '../../util/platform';
import { errorMessage } from '../../util/errorMessage';

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

/** The watchers, and why files are not watched when they are not. */
export interface Watching extends vscode.Disposable {
  readonly unwatched: string | undefined;
}

/**
 * Watches with `globs`. `poller` is the feature's, not the watchers': a settings change replaces the
 * watchers but must not forget the folders no event reaches (a new watcher does not watch them either).
 */
export function watchArtifacts(globs: AbiGlobs, on: WatchHandlers, poller: FolderPoller): Watching {
  const include = globs.include.map(globMatcher);
  const exclude = globs.exclude.map(globMatcher);
  const parts: vscode.Disposable[] = [];
  let thrown: string | undefined;
  try {
    for (const pattern of globs.include) parts.push(fileWatcher(pattern, on));
    parts.push(watchFolders({ include, exclude, excludeGlob: joinGlobs(globs.exclude) }, on, poller));
  } catch (e) {
    thrown = errorMessage(e);
  }
  const schemes = (vscode.workspace.workspaceFolders ?? []).map(f => f.uri.scheme);
  const unwatched = unwatchedReason({ browser: inBrowser(), hostName: platform().hostName, schemes, thrown });
  // Unwatched: a save in this window still reaches us (a watcher's event for it, if any, is debounced with it).
  if (unwatched !== undefined) parts.push(reindexOnSave(include, exclude, on));
  const all = vscode.Disposable.from(...parts);
  return {
    unwatched,
    dispose: () => {
      all.dispose();
    },
  };
}

function reindexOnSave(
  include: readonly GlobMatcher[],
  exclude: readonly GlobMatcher[],
  on: WatchHandlers,
): vscode.Disposable {
  return vscode.workspace.onDidSaveTextDocument(doc => {
    if (!vscode.workspace.getWorkspaceFolder(doc.uri)) return;
    const file = on.relative(doc.uri);
    if (matchesAny(file, include) && !matchesAny(file, exclude)) on.changed(doc.uri);
  });
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
  return watchNewFolders(
    {
      relative: uri => inputs.relative(uri),
      mayHold: path => mayBeArtifactFolder(path, globs.include, globs.exclude),
      unannounced: async folder => {
        const found = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/*'), globs.excludeGlob);
        const byPath = new Map(found.map(uri => [inputs.relative(uri), uri]));
        // Indexed: the watcher reported it, so its folder is watched.
        return artifactsAmong([...byPath.keys()], globs.include, globs.exclude)
          .filter(path => !inputs.isIndexed(path))
          .flatMap(path => byPath.get(path) ?? []);
      },
      changed: uri => inputs.changed(uri),
      deleted: uri => inputs.deleted(uri),
      tooMany: () => inputs.rescanAll(),
      failed: message => inputs.log.error(`ABIs: ${message}`),
    },
    poller,
  );
}
