// Folder events for the ABI watcher (pure: no vscode). VS Code's recursive watcher reports a folder
// created after it started (a first compile's `artifacts/contracts/Foo.sol/`), but on Linux
// (inotify) it can miss the files written into that folder before the folder itself is watched, and
// a deleted folder is reported as the folder alone, never as the files it held. So the watcher also
// looks at created folders (scanned once the burst settles) and deleted ones (everything indexed
// under them forgotten). Paths are workspace-relative with forward slashes, as the index keeps them.
import { matchesAny, type GlobMatcher } from '../../abi/globs';

/** Past this many created paths waiting to be looked at, one full scan is cheaper than each one. */
export const MAX_PENDING_FOLDERS = 200;

/**
 * Whether a created path may be a folder worth scanning: not an artifact path itself (the include
 * watchers take those), and neither it nor anything under it excluded (`node_modules/`, `build-info/`).
 */
export function mayBeArtifactFolder(
  path: string,
  include: readonly GlobMatcher[],
  exclude: readonly GlobMatcher[],
): boolean {
  if (path === '' || matchesAny(path, include)) return false;
  return !matchesAny(path, exclude) && !matchesAny(`${path}/`, exclude);
}

/** The files among `files` inside `folder` (not the folder itself). */
export function filesUnder(folder: string, files: Iterable<string>): string[] {
  const prefix = folder.endsWith('/') ? folder : `${folder}/`;
  return [...files].filter(f => f.startsWith(prefix));
}

/** The folders to scan, without those inside another one of the set (a scan covers its subfolders). */
export function outermost(folders: Iterable<string>): string[] {
  const all = [...new Set(folders)];
  return all.filter(f => !all.some(g => f.startsWith(`${g}/`))).sort();
}

/** Of the files found under a new folder, those the include globs take and the exclude globs leave. */
export function artifactsAmong(
  files: readonly string[],
  include: readonly GlobMatcher[],
  exclude: readonly GlobMatcher[],
): string[] {
  return files.filter(f => matchesAny(f, include) && !matchesAny(f, exclude));
}

/** What a look at a file in a polled folder saw. */
export interface FileStamp {
  readonly mtime: number;
  readonly size: number;
}

/** Between two looks at a folder: the files new or changed since, and the files gone. */
export function diffStamps(
  before: ReadonlyMap<string, FileStamp>,
  now: ReadonlyMap<string, FileStamp>,
): { changed: string[]; gone: string[] } {
  const changed = [...now].filter(([file, s]) => {
    const b = before.get(file);
    return !b || b.mtime !== s.mtime || b.size !== s.size;
  });
  return { changed: changed.map(([file]) => file), gone: [...before.keys()].filter(file => !now.has(file)) };
}
