// Finding the workspace's deployment records (src/deploy reads them, off the extension host's
// thread) and keeping the Contracts view's model current: the records are looked for once the
// view is first shown, watched from then on (a changed record is read again after a short pause),
// and paired again with the workspace's ABIs whenever those change. Deployments found in code
// (the "Find contracts named in code" command) are kept beside the records' until the next run.
import * as vscode from 'vscode';
import type { AbiIndex } from '../../abi';
import { DEPLOYMENT_RECORD_GLOBS, DeploymentFinder, type DeploymentProblem, type FoundDeployment } from '../../deploy';
import { Disposable } from '../../util/lifecycle';
import { errorMessage } from '../../util/errorMessage';
import type { FeatureLog } from '../context';
import { buildModel, type DeploymentsModel } from './model';

/** A record changed: read them again after this pause (a tool writes several files in a row). */
const SETTLE_MS = 400;
/** Most records read: a workspace with more is said in the log. */
export const MAX_RECORDS = 5_000;
const EXCLUDE = '{**/node_modules/**,**/.git/**}';

export interface DiscoveryOptions {
  readonly abi: () => AbiIndex;
  readonly log: FeatureLog;
  readonly onModel: (model: DeploymentsModel) => void;
  /** The worker the records are read in (dist/deploy-worker.js), when the build has one. */
  readonly workerScript?: string;
}

export class DeploymentDiscovery extends Disposable {
  private readonly finder: DeploymentFinder;
  private found: readonly FoundDeployment[] = [];
  private problems: readonly DeploymentProblem[] = [];
  private inCode: readonly FoundDeployment[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private started = false;
  private generation = 0;
  private abort = new AbortController();
  /** The records of the last look, by workspace path (for files with no disk path: a remote workspace). */
  private readonly uris = new Map<string, vscode.Uri>();

  constructor(private readonly options: DiscoveryOptions) {
    super();
    // The finder names a file by its disk path when it has one, else by its workspace path.
    const uriOf = (file: string) => this.uris.get(file) ?? vscode.Uri.file(file);
    this.finder = new DeploymentFinder({
      readFile: async file => vscode.workspace.fs.readFile(uriOf(file)),
      size: async file => (await vscode.workspace.fs.stat(uriOf(file))).size,
      ...(options.workerScript !== undefined ? { workerScript: options.workerScript } : {}),
    });
    this._register({ dispose: () => (this.abort.abort(), clearTimeout(this.timer), this.finder.dispose()) });
    this._register({ dispose: options.abi().onDidChange(() => this.publish()) });
  }

  /** Looks for the records (once) and watches them from then on; resolves when the first look is done. */
  start(): Promise<void> {
    if (!this.started) {
      this.started = true;
      for (const glob of DEPLOYMENT_RECORD_GLOBS) {
        const watcher = this._register(vscode.workspace.createFileSystemWatcher(glob));
        const later = () => this.later();
        this._register(watcher.onDidCreate(later));
        this._register(watcher.onDidChange(later));
        this._register(watcher.onDidDelete(later));
      }
      this._register(vscode.workspace.onDidChangeWorkspaceFolders(() => this.later()));
      return this.refresh();
    }
    return this.running ?? Promise.resolve();
  }

  /** Reads every record again (a run under way finishes first, then one more). */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.readAll()
      .catch((e: unknown) => this.options.log.error(`Contracts: reading deployment records failed: ${errorMessage(e)}`))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          void this.refresh();
        }
      });
    return this.running;
  }

  /** Deployments the workspace's code names (checked against the network by the caller). */
  setFoundInCode(found: readonly FoundDeployment[]): void {
    this.inCode = found;
    this.publish();
  }

  private later(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), SETTLE_MS);
  }

  private async readAll(): Promise<void> {
    const mine = ++this.generation;
    this.abort.abort();
    this.abort = new AbortController();
    const signal = this.abort.signal;
    const uris = (
      await Promise.all(DEPLOYMENT_RECORD_GLOBS.map(glob => vscode.workspace.findFiles(glob, EXCLUDE, MAX_RECORDS)))
    ).flat();
    this.uris.clear();
    const files: { file: string; fsPath?: string }[] = [];
    for (const uri of uris) {
      const file = relative(uri);
      if (this.uris.has(file)) continue;
      this.uris.set(file, uri);
      files.push({ file, ...(uri.scheme === 'file' ? { fsPath: uri.fsPath } : {}) });
    }
    files.sort((a, b) => a.file.localeCompare(b.file));
    if (files.length >= MAX_RECORDS)
      this.options.log.warn(
        `Contracts: more than ${MAX_RECORDS} deployment records; the first ${MAX_RECORDS} were read`,
      );
    const result = await this.finder.discover(files, signal);
    if (mine !== this.generation) return;
    this.found = result.deployments;
    this.problems = result.problems;
    for (const p of result.problems) this.options.log.warn(`Contracts: ${p.file}: ${p.message}`);
    this.options.log.info(`Contracts: ${result.deployments.length} deployments in ${files.length} records`);
    this.publish();
  }

  private publish(): void {
    if (!this.started) return;
    const contracts = this.options.abi().workspaceContracts();
    this.options.onModel(buildModel([...this.found, ...this.inCode], this.problems, contracts));
  }
}

function relative(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
}
