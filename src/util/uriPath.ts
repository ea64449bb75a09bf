// Paths of URIs (`/`-separated, as vscode.Uri.path gives them), without Node's `path` module, which
// the browser build does not have.

/** `path` relative to the folder `folder` when it is inside it (not the folder itself); undefined otherwise. */
export function pathUnder(folder: string, path: string): string | undefined {
  const prefix = folder.endsWith('/') ? folder : `${folder}/`;
  return path.startsWith(prefix) && path.length > prefix.length ? path.slice(prefix.length) : undefined;
}
