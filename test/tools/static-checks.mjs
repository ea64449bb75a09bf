#!/usr/bin/env node
// The static checks of `npm test` in one pass: typecheck, compile, lint and format.
//
// Each TypeScript program is built and type-checked once. Run one by one, `tsc -p .`, `tsc -p
// webview`, `tsc -p test/tsconfig.json` and type-aware ESLint each worked out the types of src/ again
// (ESLint's own program cost as much as the check itself): here the tests' program (which holds
// src/ and webview/protocol.ts) is checked and emitted to out/, the webviews' program is checked, and
// ESLint is handed both (`parserOptions.programs`), so its type-aware rules read types already
// computed. Prettier needs no types: it runs as its own process from the start, on the other core.
//
//   node test/tools/static-checks.mjs [--only typecheck,compile,lint,format]
// Prints each check's outcome as `static-check: <name> ok|FAILED <ms>` (with the failing output
// before it); exit 1 if any failed.
import { spawn } from 'node:child_process';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const argv = process.argv.slice(2);
const onlyAt = argv.indexOf('--only');
const only = onlyAt >= 0 ? new Set((argv[onlyAt + 1] ?? '').split(',')) : undefined;
const wanted = name => !only || only.has(name);

const outcomes = [];
function report(name, ok, ms, output = '') {
  if (!ok && output.trim()) console.log(output.trimEnd());
  console.log(`static-check: ${name} ${ok ? 'ok' : 'FAILED'} ${Math.round(ms)}`);
  outcomes.push({ name, ok });
}

// --- format: Prettier in its own process, beside the type work ---------------------------------
let formatDone;
if (wanted('format')) {
  const started = Date.now();
  formatDone = new Promise(resolve => {
    const child = spawn(
      process.execPath,
      [join(ROOT, 'node_modules', 'prettier', 'bin', 'prettier.cjs'), '--check', '.'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', c => (output += c));
    child.stderr.on('data', c => (output += c));
    child.on('error', e => resolve({ ok: false, output: String(e), ms: Date.now() - started }));
    child.on('close', code => resolve({ ok: code === 0, output, ms: Date.now() - started }));
  });
}

// --- the TypeScript programs -------------------------------------------------------------------
function programOf(configPath) {
  const diagnostics = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, configPath),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: d => diagnostics.push(d) },
  );
  if (!parsed) return { program: undefined, configDiagnostics: diagnostics };
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
  });
  return { program, configDiagnostics: [...diagnostics, ...parsed.errors] };
}

const host = {
  getCanonicalFileName: f => f,
  getCurrentDirectory: () => ROOT,
  getNewLine: () => '\n',
};
const describe = diagnostics => ts.formatDiagnostics(diagnostics, host);
const inFolder = (diagnostic, folders) => {
  const file = diagnostic.file?.fileName;
  if (!file) return true;
  const rel = relative(ROOT, file).split(sep).join('/');
  return folders.some(f => rel.startsWith(f));
};

const needTypes = wanted('typecheck') || wanted('compile') || wanted('lint');
let testsProgram;
let webviewProgram;
if (needTypes) {
  let started = Date.now();
  const tests = programOf('test/tsconfig.json');
  testsProgram = tests.program;
  const testsDiagnostics = testsProgram
    ? [...tests.configDiagnostics, ...ts.getPreEmitDiagnostics(testsProgram)]
    : tests.configDiagnostics;
  const checkMs = Date.now() - started;

  started = Date.now();
  const webview = programOf('webview/tsconfig.json');
  webviewProgram = webview.program;
  const webviewDiagnostics = webviewProgram
    ? [...webview.configDiagnostics, ...ts.getPreEmitDiagnostics(webviewProgram)]
    : webview.configDiagnostics;
  const webviewMs = Date.now() - started;

  if (wanted('typecheck')) {
    // The extension and the webviews: what `tsc -p .` and `tsc -p webview` checked.
    const ours = [...testsDiagnostics.filter(d => inFolder(d, ['src/', 'webview/'])), ...webviewDiagnostics];
    report('typecheck', ours.length === 0 && !!webviewProgram, checkMs + webviewMs, describe(ours));
  }
  if (wanted('compile')) {
    // The tests, the harness and the replay servers, with src/ beside them, emitted to out/ (as
    // `tsc -p test/tsconfig.json`: emitted even when a file has an error, which fails the check).
    started = Date.now();
    const emitted = testsProgram?.emit();
    const all = [...testsDiagnostics, ...(emitted?.diagnostics ?? [])];
    report(
      'compile',
      !!testsProgram && all.length === 0 && !emitted?.emitSkipped,
      checkMs + Date.now() - started,
      describe(all),
    );
  }
}

// --- lint: ESLint over the programs just checked -----------------------------------------------
if (wanted('lint')) {
  const started = Date.now();
  let ok = false;
  let output;
  try {
    if (!testsProgram || !webviewProgram) throw new Error('no TypeScript program to lint with (see typecheck)');
    const { ESLint } = await import('eslint');
    const { ledgerLensConfig } = await import(join(ROOT, 'eslint.config.mjs'));
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: ledgerLensConfig({ programs: [testsProgram, webviewProgram] }),
    });
    const results = await eslint.lintFiles(['.']);
    const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
    const formatter = await eslint.loadFormatter('stylish');
    output = await formatter.format(results);
    // --max-warnings 0: a warning fails the check as an error does.
    ok = problems === 0;
  } catch (e) {
    output = e instanceof Error ? (e.stack ?? e.message) : String(e);
  }
  report('lint', ok, Date.now() - started, output);
}

if (formatDone) {
  const { ok, output, ms } = await formatDone;
  report('format', ok, ms, output);
}

process.exitCode = outcomes.every(o => o.ok) ? 0 : 1;
