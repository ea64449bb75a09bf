// The VS Code side of network inference: which network the document in front of the user means,
// and why. The document's own text comes from the editor (cached per version); the configs come
// from its workspace folder only, through `workspace.fs`, re-read when a watcher sees them change.
// Workspace code is read, never executed, and nothing read becomes an endpoint: the answer only
// names a network, whose mirror node URL comes from our own table or the user's settings.
import * as vscode from 'vscode';
import type * as Infer from '../infer';
import type { ConfigFs, ConfigStat, DocumentEvidence, NetworkAnswer, WorkspaceEvidence } from '../infer';
import type { Network } from '../ledger/networks';
import { once } from '../util/once';
import { pathUnder } from '../util/uriPath';

// src/infer (the readers of hardhat, foundry, .env, compose files and code) is required with the
// first question (dist/lazy-infer.js), not when the extension starts.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
const infer = once(() => require('../infer') as typeof Infer);

/** The config files inference reads, as a watcher glob (see src/infer/workspace.ts). */
const CONFIG_GLOB =
  '**/{.env,.env.local,hardhat.config.ts,hardhat.config.js,hardhat.config.cjs,hardhat.config.mjs,foundry.toml,docker-compose.yml,docker-compose.yaml,compose.yml,compose.yaml,package.json}';

/** One workspace folder as the small file system inference reads through. */
function folderFs(folder: vscode.Uri): ConfigFs {
  const uriOf = (p: string) => vscode.Uri.joinPath(folder, ...p.split('/'));
  return {
    async stat(p: string): Promise<ConfigStat | undefined> {
      try {
        const s = await vscode.workspace.fs.stat(uriOf(p));
        return {
          size: s.size,
          mtime: s.mtime,
          file: (s.type & vscode.FileType.File) !== 0,
          symbolicLink: (s.type & vscode.FileType.SymbolicLink) !== 0,
        };
      } catch {
        return undefined; // missing, or not ours to see
      }
    },
    read: async (p: string) => vscode.workspace.fs.readFile(uriOf(p)),
  };
}

/** The document's path inside its workspace folder, `/`-separated, or undefined when outside. */
function relativeInside(folder: vscode.WorkspaceFolder, uri: vscode.Uri): string | undefined {
  if (folder.uri.scheme !== uri.scheme || folder.uri.authority !== uri.authority) return undefined;
  const rel = pathUnder(folder.uri.path, uri.path);
  return rel !== undefined && infer().isInsideFolder(rel) ? rel : undefined;
}

export class CodeNetwork implements vscode.Disposable {
  private documentEvidence: DocumentEvidence | undefined;
  private readonly folders = new Map<string, WorkspaceEvidence>();
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly disposables: vscode.Disposable[] = [this.changed];
  /** Fires when a config file changed: answers may differ now. */
  readonly onDidChange = this.changed.event;

  constructor(
    /** `auto`, or the network the user chose for this resource, as inference names it (`inferredNetworkOf`). */
    private readonly settingFor: (uri: vscode.Uri | undefined) => 'auto' | Network,
    private readonly log: (line: string) => void,
  ) {}

  /** What was read of open documents; the watchers start with the first question (nothing is cached before). */
  private get documents(): DocumentEvidence {
    if (this.documentEvidence) return this.documentEvidence;
    const documents = (this.documentEvidence = new (infer().DocumentEvidence)());
    const watcher = vscode.workspace.createFileSystemWatcher(CONFIG_GLOB);
    const onFile = (uri: vscode.Uri) => {
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      const rel = folder && relativeInside(folder, uri);
      if (folder && rel) this.folders.get(folder.uri.toString())?.invalidate(rel);
      this.changed.fire();
    };
    this.disposables.push(
      watcher,
      watcher.onDidChange(onFile),
      watcher.onDidCreate(onFile),
      watcher.onDidDelete(onFile),
      vscode.workspace.onDidCloseTextDocument(d => documents.forget(d.uri.toString())),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.folders.clear()),
    );
    return documents;
  }

  /** The network for `document` (or for no document: the settings, else the default) and why. */
  async answerFor(document: vscode.TextDocument | undefined): Promise<NetworkAnswer> {
    const setting = this.settingFor(document?.uri);
    if (setting !== 'auto') return infer().settingsAnswer(setting);
    const documents = this.documents;
    const file = document
      ? documents.of({
          uri: document.uri.toString(),
          version: document.version,
          languageId: document.languageId,
          fileName: document.fileName,
          getText: () => document.getText(),
        })
      : undefined;
    const folder = document && vscode.workspace.getWorkspaceFolder(document.uri);
    const rel = folder && document && relativeInside(folder, document.uri);
    const configs = folder && rel ? await this.evidenceOf(folder).configsFor(rel) : [];
    // An untrusted workspace may say which public network it means, never send us to a node.
    return infer().inferNetwork(file ? { file, configs } : { configs }, { publicOnly: !vscode.workspace.isTrusted });
  }

  private evidenceOf(folder: vscode.WorkspaceFolder): WorkspaceEvidence {
    const key = folder.uri.toString();
    let e = this.folders.get(key);
    if (!e) {
      e = new (infer().WorkspaceEvidence)(folderFs(folder.uri), this.log);
      this.folders.set(key, e);
    }
    return e;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    this.folders.clear();
  }
}

// Where an inferred network is asked, and the line that says why: pure, in src/infer/route.ts.
export { hostOf, localMirrorBaseUrl, mirrorNetworkFor, whyLine, type MirrorConfig } from '../infer/route';
