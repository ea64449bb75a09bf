// Reading one workspace folder's configs for inference, through a small file-system interface the
// VS Code side implements with `workspace.fs` (and the tests with a map). Paths are relative to the
// folder and built here from the document's own relative path, so nothing outside the folder is
// ever named; symbolic links are not followed (one could point outside). Sizes are checked before
// reading. Each file's evidence (or its absence) is kept until `invalidate` says the file changed:
// the VS Code side calls it from a file watcher, so a hover costs no file-system call.
import { type ConfigEvidence, type WorkspaceFile, tooLarge } from './evidence';
import { candidatePaths, inferFromConfig } from './workspace';
import { errorMessage } from '../util/errorMessage';

export interface ConfigStat {
  readonly size: number;
  readonly mtime: number;
  readonly file: boolean;
  readonly symbolicLink: boolean;
}

/** One workspace folder, addressed by `/`-separated paths relative to it. */
export interface ConfigFs {
  /** Undefined when nothing is there. */
  stat(path: string): Promise<ConfigStat | undefined>;
  read(path: string): Promise<Uint8Array>;
}

/** True for a relative path that stays inside its folder. */
export function isInsideFolder(path: string): boolean {
  if (path === '' || path.startsWith('/') || path.includes('\\') || /^[a-zA-Z]:/.test(path)) return false;
  return path.split('/').every(part => part !== '..' && part !== '.' && part !== '');
}

interface Entry {
  readonly stamp: string;
  readonly evidence: ConfigEvidence | undefined;
}

export class WorkspaceEvidence {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<ConfigEvidence | undefined>>();
  private readonly logged = new Set<string>();

  constructor(
    private readonly fs: ConfigFs,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  /**
   * The configs that say something about `documentPath` (relative to the folder), nearest and
   * strongest first; files that are missing say nothing and are left out.
   */
  async configsFor(documentPath: string): Promise<ConfigEvidence[]> {
    if (!isInsideFolder(documentPath)) return [];
    const paths = candidatePaths(documentPath);
    const found = await Promise.all(paths.map(p => this.evidenceOf(p)));
    return found.filter((e): e is ConfigEvidence => e !== undefined && e.kind !== 'none');
  }

  /** Forgets a file (the watcher saw it change), or everything. */
  invalidate(path?: string): void {
    if (path === undefined) this.entries.clear();
    else this.entries.delete(path);
  }

  private evidenceOf(path: string): Promise<ConfigEvidence | undefined> {
    const running = this.pending.get(path);
    if (running) return running;
    const p = this.load(path).finally(() => this.pending.delete(path));
    this.pending.set(path, p);
    return p;
  }

  private async load(path: string): Promise<ConfigEvidence | undefined> {
    const hit = this.entries.get(path);
    if (hit) return hit.evidence;
    let stat: ConfigStat | undefined;
    try {
      stat = await this.fs.stat(path);
    } catch {
      stat = undefined;
    }
    const evidence = stat === undefined ? undefined : await this.read(path, stat);
    const stamp = stat ? `${stat.size}:${stat.mtime}` : 'missing';
    this.entries.set(path, { stamp, evidence });
    if (evidence?.kind === 'skipped' && !this.logged.has(`${path}:${stamp}`)) {
      this.logged.add(`${path}:${stamp}`);
      this.log(`network inference: skipped ${path}: ${evidence.reason}`);
    }
    return evidence;
  }

  private async read(path: string, stat: ConfigStat): Promise<ConfigEvidence | undefined> {
    if (stat.symbolicLink)
      return { kind: 'skipped', path, reason: 'a symbolic link (it may point outside the workspace)' };
    if (!stat.file) return undefined;
    const big = tooLarge(stat.size);
    if (big) return { kind: 'skipped', path, reason: big };
    let bytes: Uint8Array;
    try {
      bytes = await this.fs.read(path);
    } catch (error) {
      return {
        kind: 'skipped',
        path,
        reason: `cannot be read (${errorMessage(error)})`,
      };
    }
    // The file may have grown between the stat and the read.
    const after = tooLarge(bytes.byteLength);
    if (after) return { kind: 'skipped', path, reason: after };
    const file: WorkspaceFile = { path, text: new TextDecoder('utf-8').decode(bytes) };
    return inferFromConfig(file);
  }
}
