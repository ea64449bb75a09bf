// The real Hiero mirror node REST server (its own, unmodified `rest/` module) for the tests and for
// `npm start -- --real-mirror`: installs what it needs on first use (realMirrorInstall.ts), starts a
// private PostgreSQL with the server's schema (realMirrorDb.ts), loads named sets of the server's
// own spec data, one database per set, and serves each set from its own server process on a free
// loopback port. Everything it starts runs in watched process groups and stops with `stop()`, on
// Ctrl+C, or when this process dies.
//
//   node out/test/harness/realMirror.js [set...]    start the sets (default: all), print their URLs,
//                                                   stay up until Ctrl+C
// Env: LEDGER_LENS_REAL_MIRROR_CACHE (install cache), LEDGER_LENS_REAL_MIRROR_DATA (databases, logs;
//      default /var/tmp/ledger-lens-real-mirror), LEDGER_LENS_REAL_MIRROR_SRC (source tarball),
//      LEDGER_LENS_PG_BIN, LEDGER_LENS_REAL_MIRROR_KEEP=1 (keep the run's folder and logs)
import * as fs from 'fs';
import * as http from 'http';
import * as path from 'path';
import { DATASETS, type Dataset } from '../real-mirror/datasets';
import { OWN_SETUPS, type OwnSetup } from '../real-mirror/own';
import { freePort, PortBlocks } from './ports';
import { onInterrupt, sleep, spawnGroup, type GroupProcess } from './proc';
import { projectRoot } from '../support/paths';
import { startRunCluster, type RunCluster } from './realMirrorDb';
import {
  ensureRealMirrorInstalled,
  RealMirrorError,
  realMirrorDataDir,
  type RealMirrorInstall,
} from './realMirrorInstall';

export { RealMirrorError, RealMirrorUnavailable, unavailableReason } from './realMirrorInstall';

export interface LoadReport {
  readonly loaded: readonly { readonly spec: string; readonly notes: readonly string[] }[];
  readonly skipped: readonly { readonly spec: string; readonly reason: string }[];
  readonly config: Readonly<Record<string, unknown>>;
  readonly fakeTime: string | null;
}

export interface ServedSet {
  readonly name: string;
  readonly url: string;
  readonly logFile: string;
  readonly report: LoadReport;
}

export interface RealMirror {
  readonly sets: Readonly<Record<string, ServedSet>>;
  readonly timings: Readonly<{ installMs: number; databaseMs: number; loadMs: number; serversMs: number }>;
  /** What this start installed or built once (a cold start), in words; empty when warm. */
  readonly firstUse: readonly string[];
  stop(): Promise<void>;
}

export interface RealMirrorOptions {
  /** The sets to serve (names of DATASETS); default all. */
  readonly sets?: readonly string[];
  readonly log?: (line: string) => void;
  /** Bounded wait for each server to answer. */
  readonly readyTimeoutMs?: number;
}

const SERVER_DIR = (): string => path.join(projectRoot(), 'test', 'real-mirror', 'server');

function databaseOf(set: Dataset): string {
  return `ll_${set.name.replace(/\W/g, '_')}`;
}

/** Our own setups the sets name, built now (from the workspace's artifacts) and written as spec files. */
async function writeOwnSetups(
  runDir: string,
  sets: readonly Dataset[],
  step: string,
  specsDir: string,
): Promise<Record<string, string>> {
  const dir = path.join(runDir, 'own');
  fs.mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {};
  for (const name of new Set(sets.flatMap(s => s.own))) {
    const own: OwnSetup = OWN_SETUPS[name];
    let setup: Record<string, unknown>;
    try {
      setup = await own.build(projectRoot(), specsDir);
    } catch (e) {
      throw new RealMirrorError(
        step,
        `building our data "${name}" failed: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
    files[name] = path.join(dir, `${name}.json`);
    fs.writeFileSync(files[name], JSON.stringify({ description: own.description, setup }, null, 1));
  }
  return files;
}

/** One database per set, copied from the migrated mirror_node database, loaded by load-specs.mjs in one process. */
async function loadSets(
  install: RealMirrorInstall,
  pg: RunCluster,
  sets: readonly Dataset[],
): Promise<Record<string, LoadReport>> {
  for (const set of sets)
    await pg.psql(
      `creating the database of set "${set.name}"`,
      'postgres',
      `create database ${databaseOf(set)} template mirror_node owner mirror_node;`,
    );
  const logFile = path.join(pg.runDir, 'load.log');
  const outFile = path.join(pg.runDir, 'load.json');
  const specsDir = path.join(install.restDir, '__tests__', 'specs');
  const missing = (set: Dataset): string[] => set.specs.filter(s => !fs.existsSync(path.join(specsDir, s)));
  const step = 'loading the spec data';
  const ownFiles = await writeOwnSetups(pg.runDir, sets, step, specsDir);
  const args = sets.flatMap((set, i) => [
    ...(i ? ['--'] : []),
    set.name,
    databaseOf(set),
    ...set.specs.filter(s => !missing(set).includes(s)).map(s => path.join(specsDir, s)),
    ...set.own.map(name => ownFiles[name]),
  ]);
  // The loader's report is its last stdout line: stdout goes to its own file, stderr to the log.
  const out = fs.openSync(outFile, 'w');
  const err = fs.openSync(logFile, 'a');
  const proc = spawnGroup(
    install.node22,
    ['--import=extensionless/register', path.join(SERVER_DIR(), 'load-specs.mjs'), ...args],
    {
      cwd: install.restDir,
      env: { ...cleanEnv(), LL_REST_DIR: install.restDir, PGHOST: '127.0.0.1', PGPORT: String(pg.port) },
      stdio: ['ignore', out, err],
    },
  );
  fs.closeSync(out);
  fs.closeSync(err);
  const code = await new Promise<number | null>(resolve => {
    const timer = setTimeout(() => resolve(-1), 180_000);
    proc.child.on('exit', c => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  await proc.stop(500);
  const output = fs.readFileSync(outFile, 'utf8');
  fs.appendFileSync(logFile, output);
  if (code === -1) throw new RealMirrorError(step, 'the loader did not finish within 180 s', logFile);
  let parsed: { sets?: Record<string, LoadReport & { error?: string }> } = {};
  try {
    parsed = JSON.parse(output.trim().split('\n').pop() ?? '') as typeof parsed;
  } catch {
    // no report: said below
  }
  const reports: Record<string, LoadReport> = {};
  for (const set of sets) {
    const report = parsed.sets?.[set.name];
    if (!report)
      throw new RealMirrorError(step, `the loader exited with ${code} and no report for "${set.name}"`, logFile);
    if (report.error) throw new RealMirrorError(`loading set "${set.name}"`, report.error, logFile);
    reports[set.name] = {
      ...report,
      skipped: [...missing(set).map(spec => ({ spec, reason: 'no such spec file in the source' })), ...report.skipped],
    };
  }
  return reports;
}

function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env['NODE_OPTIONS'];
  for (const key of Object.keys(env)) if (/^(HIERO|HEDERA)_MIRROR_/.test(key)) delete env[key];
  return env;
}

function getStatus(url: string): Promise<number> {
  return new Promise(resolve => {
    const req = http.get(url, { timeout: 2000 }, res => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/** The unmodified server.js for one set's database, on a free loopback port; bounded wait for readiness. */
async function serveSet(
  install: RealMirrorInstall,
  pg: RunCluster,
  set: Dataset,
  report: LoadReport,
  readyTimeoutMs: number,
): Promise<{ url: string; logFile: string; proc: GroupProcess }> {
  const logFile = path.join(pg.runDir, `server-${set.name}.log`);
  const step = `starting the server of set "${set.name}"`;
  const faketime: Record<string, string> = {};
  if (report.fakeTime) {
    if (!install.faketime)
      throw new RealMirrorError(
        step,
        `its specs freeze the clock (${report.fakeTime}) and libfaketime is not installed (apt-get install faketime)`,
      );
    Object.assign(faketime, {
      LD_PRELOAD: install.faketime,
      FAKETIME: report.fakeTime, // frozen, as the spec tests' fake timers are
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
      TZ: 'UTC',
    });
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort(PortBlocks.spare);
    const out = fs.openSync(logFile, 'a');
    const proc = spawnGroup(install.node22, ['--import=extensionless/register', path.join(SERVER_DIR(), 'serve.mjs')], {
      cwd: install.restDir,
      env: {
        ...cleanEnv(),
        ...faketime,
        LL_REST_DIR: install.restDir,
        LL_CONFIG_OVERRIDE: JSON.stringify(report.config),
        HIERO_MIRROR_REST_PORT: String(port),
        HIERO_MIRROR_REST_DB_HOST: '127.0.0.1',
        HIERO_MIRROR_REST_DB_PORT: String(pg.port),
        HIERO_MIRROR_REST_DB_NAME: databaseOf(set),
        HIERO_MIRROR_REST_LOG_LEVEL: 'warn',
        HIERO_MIRROR_REST_METRICS_ENABLED: 'false',
        HIERO_MIRROR_REST_REDIS_ENABLED: 'false',
      },
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + readyTimeoutMs;
    while (Date.now() < deadline && proc.child.exitCode === null && proc.child.signalCode === null) {
      // Its readiness check wants an address book, which most sets lack: a query that reads the
      // database says the same.
      if (
        (await getStatus(`${url}/health/liveness`)) === 200 &&
        (await getStatus(`${url}/api/v1/accounts?limit=1`)) === 200
      )
        return { url, logFile, proc };
      await sleep(200);
    }
    await proc.stop(2000);
    const log = fs.readFileSync(logFile, 'utf8');
    if (!/EADDRINUSE/.test(log.slice(-3000)))
      throw new RealMirrorError(
        step,
        `the server did not answer /health/liveness and /api/v1/accounts within ${readyTimeoutMs} ms`,
        logFile,
      );
  }
  throw new RealMirrorError(step, 'three free ports in a row were taken meanwhile', logFile);
}

/** Installs (first use), starts PostgreSQL and one server per set. Throws RealMirrorUnavailable or RealMirrorError. */
export async function startRealMirror(options: RealMirrorOptions = {}): Promise<RealMirror> {
  const log = options.log ?? ((line: string) => console.log(`real-mirror: ${line}`));
  const names = options.sets ?? Object.keys(DATASETS);
  const unknown = names.filter(n => !(n in DATASETS));
  if (unknown.length)
    throw new Error(`no such data set: ${unknown.join(', ')} (have: ${Object.keys(DATASETS).join(', ')})`);
  const t0 = Date.now();
  const install = await ensureRealMirrorInstalled(log);
  const t1 = Date.now();
  const servers: GroupProcess[] = [];
  let pg: RunCluster | undefined;
  let stopping: Promise<void> | undefined;
  let failed = false;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      await Promise.all(servers.map(s => s.stop(3000)));
      await pg?.stop(failed);
    })());
  const unregister = onInterrupt(stop);
  try {
    pg = await startRunCluster(install, realMirrorDataDir(), log);
    const t2 = Date.now();
    const reports = await loadSets(
      install,
      pg,
      names.map(n => DATASETS[n]),
    );
    for (const name of names)
      for (const s of reports[name].skipped) log(`SKIPPED spec ${s.spec} of set "${name}": ${s.reason}`);
    const t3 = Date.now();
    const sets: Record<string, ServedSet> = {};
    const started = await Promise.allSettled(
      names.map(name => serveSet(install, pg!, DATASETS[name], reports[name], options.readyTimeoutMs ?? 60_000)),
    );
    started.forEach(r => r.status === 'fulfilled' && servers.push(r.value.proc));
    const refused = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (refused) throw refused.reason;
    names.forEach((name, i) => {
      const r = started[i] as PromiseFulfilledResult<{ url: string; logFile: string }>;
      sets[name] = { name, url: r.value.url, logFile: r.value.logFile, report: reports[name] };
    });
    const timings = { installMs: t1 - t0, databaseMs: t2 - t1, loadMs: t3 - t2, serversMs: Date.now() - t3 };
    const firstUse = [...install.installedNow, ...(pg.templateBuiltNow ? ['the database template'] : [])];
    return {
      sets,
      timings,
      firstUse,
      stop: async () => {
        await stop();
        unregister();
      },
    };
  } catch (e) {
    failed = true;
    await stop();
    unregister();
    throw e;
  }
}

/** Set name -> URL, as the suite reads it from LEDGER_LENS_REAL_MIRROR. */
export function urlsOf(mirror: RealMirror): Record<string, string> {
  return Object.fromEntries(Object.values(mirror.sets).map(s => [s.name, s.url]));
}

if (require.main === module) {
  const names = process.argv.slice(2);
  startRealMirror(names.length ? { sets: names } : {})
    .then(mirror => {
      const t = mirror.timings;
      console.log(
        `real-mirror: ready (install ${t.installMs} ms, database ${t.databaseMs} ms, load ${t.loadMs} ms, servers ${t.serversMs} ms)`,
      );
      for (const s of Object.values(mirror.sets))
        console.log(`  ${s.name.padEnd(14)} ${s.url}/api/v1  (log ${s.logFile})`);
      console.log('Press Ctrl+C to stop.');
      setInterval(() => undefined, 60_000);
    })
    .catch((e: unknown) => {
      console.error(e instanceof Error ? e.message : String(e));
      process.exit(1);
    });
}
