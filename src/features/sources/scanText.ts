// The compiler-output scan's rules (pure: no vscode): what it writes to the log, which indexed files
// a deleted folder held, which created folders to look into, and which files changed between two
// looks. A workspace can have hundreds of files the index skips (every Foundry artifact compiled
// without `ast = true`): the log names the first ones and counts the rest.

/** The most skipped files named one by one in the log. */
export const NAMED_SKIPS = 20;

/** The log's lines for the skipped files: `Sources: skipped <file>: <reason>`, then how many more. */
export function skippedLines(skipped: readonly { readonly file: string; readonly reason: string }[]): string[] {
  const lines = skipped.slice(0, NAMED_SKIPS).map(s => `Sources: skipped ${s.file}: ${oneLine(s.reason)}`);
  const more = skipped.length - NAMED_SKIPS;
  if (more > 0) lines.push(`Sources: skipped ${more} more ${more === 1 ? 'file' : 'files'}`);
  return lines;
}

/** The files among `files` inside `folder` (not the folder itself). */
export function filesUnderFolder(folder: string, files: Iterable<string>): string[] {
  const prefix = folder.endsWith('/') ? folder : `${folder}/`;
  return [...files].filter(f => f.startsWith(prefix));
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

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

/** The folders to search, without those inside another one of the set (a search covers its subfolders). */
export function outermostFolders(folders: Iterable<string>): string[] {
  const all = [...new Set(folders)];
  return all.filter(f => !all.some(g => f.startsWith(`${g}/`))).sort();
}
