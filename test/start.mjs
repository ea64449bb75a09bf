#!/usr/bin/env node
// `npm start [-- --offline | --real-mirror] [--scenario <name>] [--port <n>] [--fresh] [--no-build]`
// Builds and packages Ledger Lens, installs the tools on first use (Node 24 and code-server, see
// test/tools/install.mjs), then serves test/workspace in a local VS Code with the extension
// installed and prints the URL (127.0.0.1 only). Testnet by default; --offline uses a bundled replay
// of recorded mirror node responses and status pages, so it works with no network at all.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureTools } from './tools/install.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
// The start time it prints counts from here (test/harness/startTiming.ts).
const startedAt = Date.now();
const phases = [];
const firstUse = [];

function run(what, command, commandArgs, phase) {
  const t0 = Date.now();
  process.stdout.write(`${what}... `);
  const r = spawnSync(command, commandArgs, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const ok = r.status === 0;
  if (phase) phases.push({ name: phase, ms: Date.now() - t0 });
  console.log(ok ? `done (${((Date.now() - t0) / 1000).toFixed(1)} s)` : 'FAILED');
  if (!ok)
    process.stdout.write(
      `${r.stdout ?? ''}${r.stderr ?? ''}`
        .split('\n')
        .filter(l => !/Unknown (user|env) config/.test(l))
        .slice(-40)
        .join('\n') + '\n',
    );
  return ok;
}

if (!args.includes('--no-build')) {
  if (
    !run(
      'Building and packaging the extension (npm run package)',
      'npm',
      ['run', '--silent', 'package'],
      'build and package',
    )
  )
    process.exit(1);
  // The harness and the replay server are TypeScript too. A type error elsewhere still emits
  // JavaScript: carry on if what we need was written.
  if (
    !run(
      'Compiling the harness (tsc -p test/tsconfig.json)',
      process.execPath,
      [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'test/tsconfig.json'],
      'harness',
    )
  ) {
    if (!existsSync(join(ROOT, 'out', 'test', 'harness', 'start.js'))) process.exit(1);
    console.log('(type errors above; starting with what was compiled)');
  }
}

try {
  const tTools = Date.now();
  try {
    ensureTools({ quiet: true, install: false });
  } catch {
    firstUse.push('the VS Code tools (Node 24, code-server)');
  }
  ensureTools();
  phases.push({ name: 'VS Code tools', ms: Date.now() - tTools });
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}

const require = createRequire(import.meta.url);
const start = require(join(ROOT, 'out', 'test', 'harness', 'start.js'));
start
  .main(
    args.filter(a => a !== '--no-build'),
    { startedAt, phases, firstUse },
  )
  .catch(e => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  });
