// The compiler-output index the feature keeps: files on this machine's disk are read by the worker
// thread the extension ships (dist/source-worker.js), streamed; the others (a virtual workspace)
// through workspace.fs in this thread, in slices, under the index's stated cap; in a browser (no
// worker threads) every file is.
import * as vscode from 'vscode';
import { platform } from '../../util/platform';
import type { SourceIndexApi } from '../../source/api';
import { SourceIndex } from '../../source/sourceIndex';
import { workspaceUri } from './locate';

/** Where the index finds a workspace-relative file it was given (or a file beside it). */
export interface IndexedFiles {
  uriOf(file: string): vscode.Uri | undefined;
}

export function createSourceIndex(extension: vscode.ExtensionContext, files: IndexedFiles): SourceIndexApi {
  const uriOf = (file: string): vscode.Uri => {
    const uri = files.uriOf(file) ?? workspaceUri(file);
    if (!uri) throw new Error(`${file} is not in the workspace`);
    return uri;
  };
  const workerCanStart = extension.extensionUri.scheme === 'file' && platform().workerThreads;
  return new SourceIndex({
    ...(workerCanStart
      ? { workerPath: vscode.Uri.joinPath(extension.extensionUri, 'dist', 'source-worker.js').fsPath }
      : {}),
    read: async file => vscode.workspace.fs.readFile(uriOf(file)),
    size: async file => {
      try {
        return (await vscode.workspace.fs.stat(uriOf(file))).size;
      } catch {
        return undefined;
      }
    },
  });
}
