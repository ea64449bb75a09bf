// Workspace-relative folder rules the watchers share (the ABI scan, the compiler-output scan): the
// files under a folder, the outermost of several folders, and what two looks at a folder's files
// tell apart (new or changed by time or size, gone). Pure: the looking is features/common/folderLook.ts.

/** What a look at a file saw. */
export interface FileStamp {
  readonly mtime: number;
  readonly size: number;
}

/** Whether a file seen now needs reading: never read, or its time or size changed since. */
export function needsReading(read: FileStamp | undefined, now: FileStamp): boolean {
  return read === undefined || read.mtime !== now.mtime || read.size !== now.size;
}

/** Between two looks at a folder: the files new or changed since, and the files gone. */
export function diffStamps(
  before: ReadonlyMap<string, FileStamp>,
  now: ReadonlyMap<string, FileStamp>,
): { changed: string[]; gone: string[] } {
  const changed = [...now].filter(([file, stamp]) => needsReading(before.get(file), stamp)).map(([file]) => file);
  return { changed, gone: [...before.keys()].filter(file => !now.has(file)) };
}

/** The paths of `files` under `folder` (a workspace-relative folder, with or without its final `/`). */
export function filesUnder(folder: string, files: Iterable<string>): string[] {
  const prefix = folder.endsWith('/') ? folder : `${folder}/`;
  return [...files].filter(f => f.startsWith(prefix));
}

/** The folders to look into, without those inside another one of the set (a look covers its subfolders). */
export function outermost(folders: Iterable<string>): string[] {
  const all = [...new Set(folders)];
  return all.filter(f => !all.some(g => f.startsWith(`${g}/`))).sort();
}
