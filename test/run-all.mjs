#!/usr/bin/env node
// `npm test`: every test of Ledger Lens, in order, each phase timed:
//   tools        install Node 24 + code-server on first use (test/tools/install.mjs), check Chromium
//   typecheck    the extension and the webviews type-checked (strict)       \  one process,
//   compile      the tests, the harness, the replay servers, emitted to out/  |  each program
//   lint         ESLint (typescript-eslint, type-aware), 0 warnings allowed    |  built once
//   format       Prettier --check over the sources, tests and configs         /  (static-checks.mjs)
//   replay-fixtures  the local replay's records and world, made on the reference EVM (gitignored)
//   build        npm run build
//   package      npm run package (ledger-lens.vsix, installed by the e2e tests)
//   unit, conformance, ...   mocha, one run per spec glob of test/.mocharc.json
//   browser-net  the net layer's contract suite in Chromium over fetch (test/browser/runNetContract.ts)
//   integration  the mocha suite inside code-server's extension host (test/harness/exthost.ts)
//   untrusted    the same in a workspace that is not trusted (test/integration/untrusted)
//   e2e          Chromium driving code-server with the .vsix installed (test/e2e/run.ts)
//   e2e-web      the same with a web-only package (no `main`): Ledger Lens in the browser's web
//                worker extension host, from dist/web/extension.js (test/e2e/web/run.ts)
//   start-offline  `npm start -- --offline` serves a workbench with Ledger Lens active
//   real-mirror  the real mirror node REST server on a local PostgreSQL with its own spec data
//                (test/real-mirror/run.ts): the integration suite against it, and
//                `npm start -- --real-mirror` in Chromium. Its first install starts in the
//                background right after the compile phase. Where the machine cannot run it (no
//                PostgreSQL 15, no ../shared) it is NOT RUN, said in the summary, and counts
//                nothing; with CI=true that is a failure (.ci/run installs what it needs).
// A check (typecheck, compile, build, package) counts as one test; a suite counts its tests; a
// suite that crashes before reporting counts as one failure. The last line is `N passed, N failed`.
// Exit code 1 if anything failed.
//
//   node test/run-all.mjs [--skip phase,phase] [--only phase,phase]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureTools } from './tools/install.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const listArg = flag => {
  const i = argv.indexOf(flag);
  return i >= 0 && argv[i + 1] ? argv[i + 1].split(',') : undefined;
};
const skip = new Set(listArg('--skip') ?? []);
const only = listArg('--only');
const enabled = name => !skip.has(name) && (!only || only.includes(name));

const results = [];
const children = new Set();
const t0 = Date.now();

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

function stopChildren() {
  for (const pid of children) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
}
process.on('exit', stopChildren);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    // The children clean up after themselves on SIGTERM (browser, code-server, replay servers).
    for (const pid of children) {
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        // gone
      }
    }
    setTimeout(() => process.exit(130), 8000).unref();
  });
}

/**
 * Runs a command in its own process group, bounded by `timeoutMs`. `stream` shows its output as it
 * comes (test suites); otherwise only the tail is shown, and only when it fails (checks).
 */
function run(command, args, { stream, timeoutMs, env, onOutput }) {
  return new Promise(resolve => {
    const child = spawn(command, args, {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', ...env },
    });
    children.add(child.pid);
    let output = '';
    const onData = chunk => {
      const text = chunk.toString('utf8');
      output += text;
      onOutput?.(output);
      if (stream) process.stdout.write(text.replace(/^npm warn Unknown (user|env) config.*\n/gm, ''));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // gone
      }
      setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // gone
        }
      }, 10_000).unref();
    }, timeoutMs);
    child.on('close', code => {
      clearTimeout(timer);
      children.delete(child.pid);
      // Whatever the command left in its group (it should have stopped it) goes now.
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone, as it should be
      }
      resolve({ code: timedOut ? 124 : code, output, timedOut });
    });
    child.on('error', e => {
      clearTimeout(timer);
      children.delete(child.pid);
      resolve({ code: 127, output: String(e), timedOut: false });
    });
  });
}

function tail(text, n = 30) {
  return text
    .split('\n')
    .filter(l => !/^npm warn Unknown (user|env) config/.test(l))
    .slice(-n)
    .join('\n');
}

function banner(name) {
  console.log(`\n=== ${name} (at ${seconds(Date.now() - t0)})`);
}

async function check(name, command, args, timeoutMs = 10 * 60_000) {
  if (!enabled(name)) return;
  banner(name);
  const s = Date.now();
  const r = await run(command, args, { stream: false, timeoutMs });
  const ok = r.code === 0;
  if (!ok) console.log(tail(r.output, 40) + (r.timedOut ? `\n(timed out after ${seconds(timeoutMs)})` : ''));
  console.log(`${name}: ${ok ? 'ok' : 'FAILED'} (${seconds(Date.now() - s)})`);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, ms: Date.now() - s, kind: 'check' });
}

/**
 * typecheck, compile, lint and format in one process (test/tools/static-checks.mjs), which builds
 * each TypeScript program once and hands it to ESLint, with Prettier beside it on the other core.
 * Each check still counts as one test, with its own time. `onCompiled` is called as soon as out/ is
 * written (lint and format go on); the returned promise records the outcomes when all are done.
 */
async function staticChecks(names, onCompiled) {
  if (!names.length) return;
  let compiled = false;
  banner(`${names.join(', ')} (one process; what needs only out/ starts beside lint and format)`);
  const s = Date.now();
  const r = await run(process.execPath, [join(ROOT, 'test', 'tools', 'static-checks.mjs'), '--only', names.join(',')], {
    stream: false,
    timeoutMs: 15 * 60_000,
    onOutput: output => {
      if (!compiled && /^static-check: compile ok /m.test(output)) {
        compiled = true;
        onCompiled();
      }
    },
  });
  const took = Date.now() - s;
  return () => {
    banner(names.join(', '));
    const reported = new Map(
      [...r.output.matchAll(/^static-check: (\S+) (ok|FAILED) (\d+)$/gm)].map(m => [
        m[1],
        { ok: m[2] === 'ok', ms: Number(m[3]) },
      ]),
    );
    if (r.code !== 0)
      console.log(tail(r.output.replace(/^static-check: .*$/gm, ''), 60) + (r.timedOut ? '\n(timed out)' : ''));
    for (const name of names) {
      // A check the script never reported (it crashed or timed out first) failed.
      const { ok, ms } = reported.get(name) ?? { ok: false, ms: Date.now() - s };
      console.log(`${name}: ${ok ? 'ok' : 'FAILED'} (${seconds(ms)})`);
      results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, ms, kind: 'check' });
    }
    console.log(`static checks: ${seconds(took)} in all (beside build, package and the mocha suites)`);
  };
}

/** A suite: its own `<label>: N passed, N failed` line (last one wins) or mocha's summary. */
function countsOf(output, label) {
  const lines = [...output.matchAll(new RegExp(`^${label}: (\\d+) passed, (\\d+) failed`, 'gm'))];
  if (lines.length) {
    const m = lines[lines.length - 1];
    return { passed: Number(m[1]), failed: Number(m[2]) };
  }
  const passing = /^\s*(\d+) passing/m.exec(output);
  if (passing) {
    const failing = /^\s*(\d+) failing/m.exec(output);
    return { passed: Number(passing[1]), failed: failing ? Number(failing[1]) : 0 };
  }
  return undefined;
}

async function suite(name, command, args, { timeoutMs = 15 * 60_000, label = name, needsTools = false } = {}) {
  if (!enabled(name)) return;
  banner(name);
  const s = Date.now();
  if (needsTools && toolsProblem) {
    console.log(`not run: ${toolsProblem.split('\n')[0]}`);
    results.push({ name, passed: 0, failed: 1, ms: 0, kind: 'suite' });
    return;
  }
  const r = await run(command, args, { stream: true, timeoutMs });
  const notRun = new RegExp(`^${label}: NOT RUN: (.*)$`, 'm').exec(r.output)?.[1];
  let counts = countsOf(r.output, label);
  if (!counts) {
    console.log(
      `${name} reported no counts (exit ${r.code}${r.timedOut ? ', timed out' : ''}): counted as one failure`,
    );
    counts = { passed: 0, failed: 1 };
  } else if (r.code !== 0 && counts.failed === 0) {
    // Exited non-zero with nothing failed: it crashed after counting (or timed out).
    console.log(`${name} exited with ${r.code}${r.timedOut ? ' (timed out)' : ''}: counted as one more failure`);
    counts = { passed: counts.passed, failed: 1 };
  }
  results.push({ name, ...counts, ms: Date.now() - s, kind: 'suite', ...(notRun ? { notRun } : {}) });
}

// --- phases -------------------------------------------------------------------------------------

// The tools (Node 24, code-server) are needed only from the integration phase on: when they are
// missing, they install in the background while the checks and the unit suites run.
let toolsProblem;
let toolsMs = 0;
let toolsInstall;
const needTools =
  enabled('tools') ||
  enabled('integration') ||
  enabled('e2e') ||
  enabled('e2e-web') ||
  enabled('start-offline') ||
  enabled('real-mirror');
if (needTools) {
  banner('tools');
  try {
    ensureTools({ install: false, quiet: true });
    console.log('tools: ready (already installed)');
    results.push({ name: 'tools', passed: 1, failed: 0, ms: 0, kind: 'check' });
  } catch {
    console.log(
      'tools: installing Node 24 and code-server in the background (first run only; its log follows at the integration phase)',
    );
    const s = Date.now();
    toolsInstall = run(process.execPath, [join(ROOT, 'test', 'tools', 'install.mjs')], {
      stream: false,
      timeoutMs: 30 * 60_000,
    }).then(r => {
      toolsMs = Date.now() - s;
      return r;
    });
  }
}

async function awaitTools() {
  if (!toolsInstall) return;
  const pending = toolsInstall;
  toolsInstall = undefined;
  banner('tools (background install)');
  const r = await pending;
  console.log(tail(r.output, r.code === 0 ? 10 : 40));
  if (r.code !== 0) {
    try {
      ensureTools({ install: false, quiet: true });
    } catch (e) {
      toolsProblem = e instanceof Error ? e.message : String(e);
    }
    toolsProblem ??= `the tool installer failed (exit ${r.code})`;
  }
  console.log(
    `tools: ${toolsProblem ? 'MISSING' : 'installed'} (${seconds(toolsMs)}, in parallel with the phases above)`,
  );
  results.push({
    name: 'tools',
    passed: toolsProblem ? 0 : 1,
    failed: toolsProblem ? 1 : 0,
    ms: toolsMs,
    kind: 'check',
  });
}

const npm = 'npm';
// The real mirror node's first install (Node 22, its npm dependencies, the database template) takes
// minutes: it runs in the background while the other phases do, as the tools' install does, from
// the moment the compiled harness is in out/.
let realMirrorPrepare;
const prepareRealMirror = () => {
  if (!enabled('real-mirror') || realMirrorPrepare) return;
  realMirrorPrepare = run(process.execPath, ['out/test/real-mirror/run.js', '--prepare'], {
    stream: false,
    timeoutMs: 20 * 60_000,
  });
};
let markCompiled;
const compiled = new Promise(resolve => (markCompiled = resolve));
const staticDone = staticChecks(['typecheck', 'compile', 'lint', 'format'].filter(enabled), () => {
  prepareRealMirror();
  markCompiled();
});
// The build, the package and the mocha suites need only out/ and the sources: they run as soon as
// out/ is written, on the core that lint (one thread) leaves free. A failed compile lets them run
// on whatever out/ holds, as before, once the static checks have ended.
await Promise.race([compiled, staticDone]);
if (!enabled('compile')) prepareRealMirror();
// The local replay's test ground: records and world made on the reference EVM
// (test/tools/make-replay-fixtures.ts), read by the unit suite's replay tests.
await check('replay-fixtures', process.execPath, ['out/test/tools/make-replay-fixtures.js'], 5 * 60_000);
await check('build', npm, ['run', '--silent', 'build']);
await check('package', npm, ['run', '--silent', 'package']);

// One mocha run per spec glob of test/.mocharc.json, named after its folder (unit, conformance...).
const mocharc = JSON.parse(readFileSync(join(ROOT, 'test', '.mocharc.json'), 'utf8'));
const mocha = join(ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js');
for (const spec of [].concat(mocharc.spec ?? [])) {
  const name = /out\/test\/([^/*]+)/.exec(spec)?.[1] ?? spec;
  await suite(name, process.execPath, [
    mocha,
    '--no-config',
    '--reporter',
    'spec',
    '--timeout',
    String(mocharc.timeout ?? 20000),
    spec,
  ]);
}

// The net layer's contract cases bundled for the browser and run in Chromium with its fetch
// (Chromium comes from the OS, not from the tools' install).
await suite('browser-net', process.execPath, ['out/test/browser/runNetContract.js'], {
  timeoutMs: 3 * 60_000,
  label: 'net contract in Chromium',
});

(await staticDone)?.();
await awaitTools();
await suite('integration', process.execPath, ['out/test/harness/exthost.js'], { needsTools: true });
// The same harness in a workspace that is not trusted (Restricted Mode): test/integration/untrusted.
await suite('untrusted', process.execPath, ['out/test/harness/exthost.js', '--untrusted'], {
  needsTools: true,
  label: 'integration',
});
await suite('e2e', process.execPath, ['out/test/e2e/run.js'], { needsTools: true, timeoutMs: 20 * 60_000 });
await suite('e2e-web', process.execPath, ['out/test/e2e/web/run.js'], { needsTools: true, timeoutMs: 10 * 60_000 });
await suite('start-offline', process.execPath, ['out/test/e2e/start-offline.js'], {
  needsTools: true,
  timeoutMs: 5 * 60_000,
});
if (realMirrorPrepare) {
  const prepared = await realMirrorPrepare;
  // A failed prepare is said by the suite itself (same set-up, same message, its log named).
  console.log(`\n${tail(prepared.output, 5)}`);
}
await suite('real-mirror', process.execPath, ['out/test/real-mirror/run.js'], {
  needsTools: true,
  timeoutMs: 15 * 60_000,
});

// --- summary ------------------------------------------------------------------------------------

const total = Date.now() - t0;
console.log('\n=== summary');
for (const r of results) {
  const what = r.notRun
    ? `NOT RUN${r.failed ? ' (FAILED)' : ''}`
    : r.kind === 'check'
      ? r.failed
        ? 'FAILED'
        : 'ok'
      : `${r.passed} passed, ${r.failed} failed`;
  console.log(`${r.name.padEnd(14)} ${what.padEnd(26)} ${seconds(r.ms).padStart(9)}`);
}
console.log(
  toolsMs
    ? `total time ${seconds(total)}; the one-time tool install took ${seconds(toolsMs)} of it, alongside the checks and unit suites`
    : `total time ${seconds(total)} (tools already installed)`,
);
for (const r of results.filter(x => x.notRun)) console.log(`!!! ${r.name} was NOT RUN: ${r.notRun}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
