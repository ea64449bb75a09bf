// Child processes the harness starts (code-server, replay servers, npm start) run in their own
// process group, so stopping one stops every helper it forked. Every group is also killed when this
// process exits or is interrupted, so no test leaves anything running behind it.
import { spawn, type ChildProcess, type SpawnOptions } from 'child_process';

const groups = new Set<number>();
const cleanups = new Set<() => Promise<void> | void>();
let signalled = false;

function killAllGroupsNow(): void {
  for (const pid of groups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  groups.clear();
}

process.on('exit', killAllGroupsNow);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  // Our own handler: playwright-core's closes the browser but leaves the process running.
  process.on(sig, () => {
    if (signalled) return;
    signalled = true;
    process.stderr.write(`\n${sig}: stopping what the tests started\n`);
    const all = [...cleanups].map(fn =>
      Promise.resolve()
        .then(fn)
        .catch(() => undefined),
    );
    void withTimeout(Promise.all(all), 10_000, 'cleanup')
      .catch(() => undefined)
      .finally(() => {
        killAllGroupsNow();
        process.exit(130);
      });
  });
}

/** Runs `fn` on SIGINT/SIGTERM before the process exits; returns a function that unregisters it. */
export function onInterrupt(fn: () => Promise<void> | void): () => void {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

export interface GroupProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** SIGTERM to the group, then SIGKILL after `graceMs`; resolves when the group is gone. */
  stop(graceMs?: number): Promise<void>;
}

// Started in the new group beside the command: if this harness process disappears without
// cleaning up (SIGKILL, a crash), the watcher takes the whole group down within a second.
const REAPER = 'parent=$1; shift; ( while kill -0 "$parent" 2>/dev/null; do sleep 1; done; kill -KILL 0 ) & exec "$@"';

/** Spawns `command` detached, as the leader of a new process group the harness tracks. */
export function spawnGroup(command: string, args: readonly string[], options: SpawnOptions = {}): GroupProcess {
  const child = spawn('/bin/sh', ['-c', REAPER, 'sh', String(process.pid), command, ...args], {
    ...options,
    detached: true,
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${command}`);
  groups.add(pid);
  let stopping: Promise<void> | undefined;
  const stop = (graceMs = 5000): Promise<void> => {
    stopping ??= (async () => {
      signalGroup(pid, 'SIGTERM');
      const deadline = Date.now() + graceMs;
      while (groupAlive(pid) && Date.now() < deadline) await sleep(100);
      signalGroup(pid, 'SIGKILL');
      for (let i = 0; i < 20 && groupAlive(pid); i++) await sleep(50);
      groups.delete(pid);
    })();
    return stopping;
  };
  return { child, pid, stop };
}

function signalGroup(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(-pid, sig);
  } catch {
    // group already gone
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise(resolve => setTimeout(resolve, ms));
}

/** Rejects with "<what> did not finish within N ms" if `promise` takes longer than `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Kept for the files that still import it from here: the one helper is test/support/paths.ts. */
export { projectRoot } from '../support/paths';
