// The real-mirror suite: starts the real mirror node REST server with the suite's data sets
// (test/harness/realMirror.ts), runs test/real-mirror/suite inside code-server's extension host
// pointed at it, then checks `npm start -- --real-mirror` in Chromium (e2e.ts).
//
//   node out/test/real-mirror/run.js [--grep <regexp>] [--no-e2e]
//   node out/test/real-mirror/run.js --prepare     only install and build the database template
//                                                  (run-all starts it early, in the background)
// Prints the set-up's timings, each part's counts, and `real-mirror: N passed, N failed`.
//
// When this machine cannot run the real server (no PostgreSQL 15, no ../shared source, not
// linux-x64) the suite is NOT RUN and says why on its last line, counting nothing, unless CI=true
// or LEDGER_LENS_REAL_MIRROR=require: there .ci/run installs what it needs, so its absence is a
// failure. A set-up that starts and breaks (PostgreSQL, the install, a load, a server) is always a
// failure, with the step and its log named.
import { runExtensionHostTests } from '../harness/exthost';
import { projectRoot } from '../support/paths';
import { startRealMirror, unavailableReason, urlsOf, type RealMirror } from '../harness/realMirror';
import { SUITE_SETS } from './datasets';
import { checkStartRealMirror } from './e2e';
import * as path from 'path';

function required(): boolean {
  return process.env['CI'] === 'true' || process.env['LEDGER_LENS_REAL_MIRROR'] === 'require';
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

export async function runRealMirror(options: { grep?: string; e2e?: boolean } = {}): Promise<{
  passed: number;
  failed: number;
  notRun?: string;
}> {
  const why = unavailableReason();
  if (why) {
    const line = `real-mirror: NOT RUN: ${why}`;
    console.log(`\n${'!'.repeat(100)}\n${line}\n${'!'.repeat(100)}`);
    return required() ? { passed: 0, failed: 1 } : { passed: 0, failed: 0, notRun: why };
  }
  const t0 = Date.now();
  let mirror: RealMirror;
  try {
    mirror = await startRealMirror({ sets: SUITE_SETS });
  } catch (e) {
    console.log(e instanceof Error ? e.message : String(e));
    return { passed: 0, failed: 1 };
  }
  const t = mirror.timings;
  console.log(
    `real-mirror: set-up ${seconds(Date.now() - t0)} (install ${seconds(t.installMs)}, PostgreSQL ${seconds(t.databaseMs)}, ` +
      `load ${seconds(t.loadMs)}, servers ${seconds(t.serversMs)})`,
  );
  for (const s of Object.values(mirror.sets))
    console.log(`  ${s.name.padEnd(13)} ${s.url}  ${s.report.loaded.map(l => l.spec).join(', ')}`);
  let passed = 0;
  let failed = 0;
  try {
    const r = await runExtensionHostTests({
      testsPath: path.join(projectRoot(), 'out', 'test', 'real-mirror'),
      env: { LEDGER_LENS_REAL_MIRROR: JSON.stringify(urlsOf(mirror)) },
      ...(options.grep ? { grep: options.grep } : {}),
      timeoutMs: 8 * 60_000,
    });
    console.log(
      `real-mirror integration: ${r.passed} passed, ${r.failed} failed${r.pending ? `, ${r.pending} pending` : ''} (${seconds(r.ms)})`,
    );
    passed += r.passed;
    failed += r.failed;
  } catch (e) {
    console.log(`the integration part could not run: ${e instanceof Error ? e.message : String(e)}`);
    failed++;
  } finally {
    await mirror.stop();
  }
  if (options.e2e !== false) {
    const s = Date.now();
    try {
      const r = await checkStartRealMirror();
      console.log(
        `real-mirror e2e (npm start -- --real-mirror): ${r.passed} passed, ${r.failed} failed (${seconds(Date.now() - s)})`,
      );
      passed += r.passed;
      failed += r.failed;
    } catch (e) {
      console.log(`the e2e part could not run: ${e instanceof Error ? e.message : String(e)}`);
      failed++;
    }
  }
  return { passed, failed };
}

/** Installs what is missing and builds the database template, so the suite's set-up is the warm one. */
export async function prepareRealMirror(): Promise<void> {
  const why = unavailableReason();
  if (why) {
    console.log(`real-mirror prepare: nothing to do (${why})`);
    return;
  }
  const t0 = Date.now();
  const mirror = await startRealMirror({ sets: [] });
  await mirror.stop();
  console.log(`real-mirror prepare: ready in ${seconds(Date.now() - t0)}`);
}

if (require.main === module && process.argv.includes('--prepare')) {
  prepareRealMirror().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : String(e));
      process.exit(1);
    },
  );
} else if (require.main === module) {
  const args = process.argv.slice(2);
  const grepAt = args.indexOf('--grep');
  runRealMirror({
    ...(grepAt >= 0 && args[grepAt + 1] ? { grep: args[grepAt + 1] } : {}),
    e2e: !args.includes('--no-e2e'),
  })
    .then(r => {
      console.log(`real-mirror: ${r.passed} passed, ${r.failed} failed${r.notRun ? ` (NOT RUN: ${r.notRun})` : ''}`);
      process.exit(r.failed ? 1 : 0);
    })
    .catch((e: unknown) => {
      console.error(e instanceof Error ? e.message : String(e));
      console.log('real-mirror: 0 passed, 1 failed');
      process.exit(1);
    });
}
