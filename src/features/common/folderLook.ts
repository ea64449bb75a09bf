// Looking at a folder's files by hand, for folders VS Code's file watcher does not report on
// (created after the watch began, or on a file system without events): each look stamps the files
// a caller wants, and the difference from the previous look says which changed and which went.
import * as vscode from 'vscode';
import type { FileStamp } from '../../util/folderFiles';

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
