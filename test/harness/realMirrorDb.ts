// PostgreSQL for the real mirror node: a private cluster on a free loopback port, run as the
// `postgres` user when we are root (PostgreSQL refuses root), in a watched process group.
//
// The schema is built once: a "template" cluster (initdb + the server's 252 SQL migrations applied
// with psql in Flyway's order) is kept in the data folder; each run copies it (a few seconds) and
// starts its copy, so runs never share a live database and never wait for migrations again.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { freePort, PortBlocks } from './ports';
import { sleep, spawnGroup, type GroupProcess } from './proc';
import { RealMirrorError, runCommand, type RealMirrorInstall } from './realMirrorInstall';
import { migrationOrder, migrationScript } from './realMirrorSql';

const TEMPLATE_DONE = '.ledger-lens-migrated';

export interface Postgres {
  readonly port: number;
  readonly dataDir: string;
  readonly logFile: string;
  /** psql as the cluster's superuser; throws a RealMirrorError naming `step`. */
  psql(step: string, database: string, sql: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

interface Owner {
  readonly uid: number;
  readonly gid: number;
}

/** The postgres user's ids when we are root (PostgreSQL will not run as root), else undefined. */
function postgresUser(): Owner | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const r = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const g = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  const uid = Number(r.stdout.trim());
  const gid = Number(g.stdout.trim());
  if (r.status !== 0 || g.status !== 0 || !Number.isInteger(uid) || !Number.isInteger(gid))
    throw new RealMirrorError('finding the postgres user', 'running as root needs a `postgres` user to run PostgreSQL');
  return { uid, gid };
}

function chownTree(dir: string, owner: Owner | undefined): void {
  if (!owner) return;
  fs.chownSync(dir, owner.uid, owner.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(p, owner);
    else fs.chownSync(p, owner.uid, owner.gid);
  }
}

function psqlOnce(install: RealMirrorInstall, port: number, database: string, sql: string): boolean {
  const r = spawnSync(
    path.join(install.pgBin, 'psql'),
    ['-X', '-q', '-At', '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-c', sql],
    { encoding: 'utf8', timeout: 5000, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return r.status === 0;
}

/** Starts `postgres -D dataDir` on a free loopback port; bounded wait until it answers a query. */
async function startCluster(install: RealMirrorInstall, dataDir: string, logFile: string): Promise<Postgres> {
  const owner = postgresUser();
  const socketDir = path.join(path.dirname(dataDir), 'sock');
  fs.mkdirSync(socketDir, { recursive: true, mode: 0o755 });
  chownTree(socketDir, owner);
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort(PortBlocks.spare);
    const out = fs.openSync(logFile, 'a');
    const args = ['-D', dataDir, '-p', String(port), '-k', socketDir, '-c', 'listen_addresses=127.0.0.1'];
    const postgres = path.join(install.pgBin, 'postgres');
    // setpriv execs in place: the group leader is the postmaster, which a SIGINT shuts down fast.
    const proc: GroupProcess = owner
      ? spawnGroup(
          'setpriv',
          [`--reuid=${owner.uid}`, `--regid=${owner.gid}`, '--clear-groups', '--', postgres, ...args],
          {
            stdio: ['ignore', out, out],
          },
        )
      : spawnGroup(postgres, args, { stdio: ['ignore', out, out] });
    fs.closeSync(out);
    const deadline = Date.now() + 30_000;
    let ready = false;
    while (Date.now() < deadline && proc.child.exitCode === null && proc.child.signalCode === null) {
      if (psqlOnce(install, port, 'postgres', 'select 1')) {
        ready = true;
        break;
      }
      await sleep(200);
    }
    if (ready) return clusterHandle(install, proc, port, dataDir, logFile);
    const exit = proc.child.exitCode ?? proc.child.signalCode;
    await stopCluster(proc);
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
    if (!/already in use/i.test(log.slice(-2000))) {
      const last = log.trim().split('\n').pop() ?? '';
      const why = exit === null ? 'it did not accept connections within 30 s' : `postgres exited (${exit}): ${last}`;
      throw new RealMirrorError('starting PostgreSQL', why, logFile);
    }
  }
  throw new RealMirrorError('starting PostgreSQL', 'three free ports in a row were taken meanwhile', logFile);
}

async function stopCluster(proc: GroupProcess): Promise<void> {
  try {
    process.kill(proc.pid, 'SIGINT'); // "fast" shutdown: ends sessions, checkpoints, exits
  } catch {
    // already gone
  }
  for (let i = 0; i < 100 && proc.child.exitCode === null && proc.child.signalCode === null; i++) await sleep(100);
  await proc.stop(2000);
}

function clusterHandle(
  install: RealMirrorInstall,
  proc: GroupProcess,
  port: number,
  dataDir: string,
  logFile: string,
): Postgres {
  let stopping: Promise<void> | undefined;
  return {
    port,
    dataDir,
    logFile,
    psql: (step, database, sql, timeoutMs = 60_000) =>
      runCommand(
        step,
        path.join(install.pgBin, 'psql'),
        ['-X', '-q', '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1'],
        { input: sql, timeoutMs, logFile },
      ),
    stop: () => (stopping ??= stopCluster(proc)),
  };
}

async function migrate(install: RealMirrorInstall, pg: Postgres, log: (line: string) => void): Promise<number> {
  await pg.psql(
    'creating the mirror_node database',
    'postgres',
    "create user mirror_node superuser login password 'mirror_node_pass';\ncreate database mirror_node owner mirror_node;\n",
  );
  const asOwner = (sql: string): string => `set role mirror_node;\n${sql}`;
  await pg.psql('init.sql', 'mirror_node', asOwner(fs.readFileSync(path.join(install.testSqlDir, 'init.sql'), 'utf8')));
  // Flyway's history table: a migration reads it.
  await pg.psql(
    'creating flyway_schema_history',
    'mirror_node',
    asOwner(`create table flyway_schema_history (installed_rank integer primary key, version varchar(50),
      description varchar(200) not null, type varchar(20) not null, script varchar(1000) not null, checksum integer,
      installed_by varchar(100) not null, installed_on timestamp not null default now(), execution_time integer not null,
      success boolean not null);`),
  );
  const files = migrationOrder(fs.readdirSync(install.migrationsDir));
  log(`applying ${files.length} schema migrations with psql`);
  // One psql session for all of them (a process per file costs minutes on a busy machine).
  const script = migrationScript(
    files.map(file => ({ file, sql: fs.readFileSync(path.join(install.migrationsDir, file), 'utf8') })),
  );
  await pg.psql('applying the schema migrations', 'mirror_node', asOwner(script), 10 * 60_000);
  return files.length;
}

/** The migrated template cluster (built on first use), for this source and this PostgreSQL. */
async function ensureTemplate(
  install: RealMirrorInstall,
  dataRoot: string,
  log: (line: string) => void,
): Promise<{ readonly pgdata: string; readonly builtNow: boolean }> {
  const key = `${path.basename(path.dirname(install.restDir))}-pg${path.basename(path.dirname(install.pgBin))}`;
  const template = path.join(dataRoot, `template-${key}`);
  if (fs.existsSync(path.join(template, TEMPLATE_DONE)))
    return { pgdata: path.join(template, 'pgdata'), builtNow: false };
  const owner = postgresUser();
  const tmp = `${template}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true, mode: 0o755 });
  const logFile = path.join(dataRoot, `template-${key}.log`);
  fs.writeFileSync(logFile, '');
  if (owner) fs.chownSync(logFile, owner.uid, owner.gid);
  const pgdata = path.join(tmp, 'pgdata');
  fs.mkdirSync(pgdata, { mode: 0o700 });
  chownTree(tmp, owner);
  let pg: Postgres | undefined;
  try {
    log(`building the database template in ${template} (initdb + migrations; once)`);
    await runCommand(
      'initdb',
      path.join(install.pgBin, 'initdb'),
      ['-D', pgdata, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'],
      { timeoutMs: 120_000, logFile, ...(owner ? { as: owner } : {}) },
    );
    // A throw-away test database: durability off, room for every server of a run.
    fs.appendFileSync(
      path.join(pgdata, 'postgresql.conf'),
      '\nmax_connections = 100\nfsync = off\nsynchronous_commit = off\nfull_page_writes = off\n',
    );
    pg = await startCluster(install, pgdata, logFile);
    const n = await migrate(install, pg, log);
    await pg.stop();
    pg = undefined;
    fs.writeFileSync(path.join(tmp, TEMPLATE_DONE), `${n} migrations, ${new Date().toISOString()}\n`);
    fs.rmSync(template, { recursive: true, force: true });
    fs.renameSync(tmp, template);
  } finally {
    await pg?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return { pgdata: path.join(template, 'pgdata'), builtNow: true };
}

export interface RunCluster extends Postgres {
  readonly runDir: string;
  /** This run built the migrated template (first use). */
  readonly templateBuiltNow: boolean;
  /** Stops the cluster; deletes the run's folder unless `keepFiles` (a failed set-up keeps its logs). */
  stop(keepFiles?: boolean): Promise<void>;
}

/** A private copy of the template, started on a free loopback port. `stop()` also deletes the copy. */
export async function startRunCluster(
  install: RealMirrorInstall,
  dataRoot: string,
  log: (line: string) => void,
): Promise<RunCluster> {
  const template = await ensureTemplate(install, dataRoot, log);
  const templateData = template.pgdata;
  const runsDir = path.join(dataRoot, 'runs');
  fs.mkdirSync(runsDir, { recursive: true, mode: 0o755 });
  // Half-built templates of a run that was killed meanwhile.
  for (const old of fs.readdirSync(dataRoot)) {
    const pid = Number(/\.tmp-(\d+)$/.exec(old)?.[1]);
    if (Number.isInteger(pid) && pid !== process.pid && !alive(pid))
      fs.rmSync(path.join(dataRoot, old), { recursive: true, force: true });
  }
  // Copies left by a run that was killed before it could clean up (its pid is gone).
  for (const old of fs.readdirSync(runsDir)) {
    const pid = Number(old.split('-')[0]);
    if (Number.isInteger(pid) && pid !== process.pid && !alive(pid))
      fs.rmSync(path.join(runsDir, old), { recursive: true, force: true });
  }
  const runDir = path.join(runsDir, `${process.pid}-${Date.now()}`);
  fs.mkdirSync(runDir, { mode: 0o755 });
  const logFile = path.join(runDir, 'postgres.log');
  fs.writeFileSync(logFile, '');
  // On a failure the folder stays for its logs; a later run removes it (its pid is gone by then).
  await runCommand('copying the database template', 'cp', ['-a', templateData, path.join(runDir, 'pgdata')], {
    timeoutMs: 120_000,
    logFile,
  });
  const pg = await startCluster(install, path.join(runDir, 'pgdata'), logFile);
  let stopping: Promise<void> | undefined;
  return {
    ...pg,
    runDir,
    templateBuiltNow: template.builtNow,
    stop: (keepFiles = false) =>
      (stopping ??= pg.stop().finally(() => {
        if (!keepFiles && process.env['LEDGER_LENS_REAL_MIRROR_KEEP'] !== '1')
          fs.rmSync(runDir, { recursive: true, force: true });
      })),
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
