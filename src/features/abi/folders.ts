// Folder events for the ABI watcher (pure: no vscode). VS Code's recursive watcher reports a folder
// created after it started (a first compile's `artifacts/contracts/Foo.sol/`), but on Linux
// (inotify) it can miss the files written into that folder before the folder itself is watched, and
// a deleted folder is reported as the folder alone, never as the files it held. So the watcher also
// looks at created folders (scanned once the burst settles) and deleted ones (everything indexed
// under them forgotten). Paths are workspace-relative with forward slashes, as the index keeps them.
import { matchesAny, type GlobMatcher } from '../../abi/globs';

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

/** Of the files found under a new folder, those the include globs take and the exclude globs leave. */
export function artifactsAmong(
  files: readonly string[],
  include: readonly GlobMatcher[],
  exclude: readonly GlobMatcher[],
): string[] {
  return files.filter(f => matchesAny(f, include) && !matchesAny(f, exclude));
}

/**
 * Why the artifact files are not watched, or undefined when they are. Creating a watcher may throw
 * (`thrown`: its message). In a browser the web worker extension host gets change events only for
 * a remote's folders (`vscode-remote`: code-server, whose server watches the disk); a folder the
 * browser opened itself (`file` through the File System Access API, github.dev's `vscode-vfs`, an
 * in-memory one) is not watched for changes made outside this window.
 */
export function unwatchedReason(o: {
  readonly browser: boolean;
  readonly hostName: string;
  readonly schemes: readonly string[];
  readonly thrown?: string;
}): string | undefined {
  if (o.thrown !== undefined) return `the file watcher could not be created: ${o.thrown}`;
  if (!o.browser) return undefined;
  const unwatched = [...new Set(o.schemes.filter(s => s !== 'vscode-remote'))];
  if (unwatched.length === 0) return undefined;
  const which = unwatched.map(s => `${s}:`).join(', ');
  return `${o.hostName} gets no file events for ${which} folders`;
}
