// One build script, two contexts: the extension (Node, CommonJS, `vscode` external) and the
// webviews (browser, ESM, one entry per bundle: every webview/<bundle>/main.ts; webview/detail serves
// both the transaction and the block panel).
//   node esbuild.mjs [--watch] [--production]
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { writeNotices } from './build/notices.mjs';
import { join } from 'node:path';
import { undiciTrim } from './build/undici-trim.mjs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

/** Logs each rebuild's outcome in the problem-matcher friendly form `[watch] build ...`. */
const reporter = {
  name: 'reporter',
  setup(build) {
    build.onStart(() => {
      if (watch) console.log('[watch] build started');
    });
    build.onEnd(result => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      if (watch) console.log('[watch] build finished');
    });
  },
};

const common = {
  bundle: true,
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'warning',
  legalComments: 'none',
  metafile: true,
  plugins: [reporter],
};

const panels = readdirSync('webview', { withFileTypes: true })
  .filter(d => d.isDirectory() && existsSync(join('webview', d.name, 'main.ts')))
  .map(d => d.name);

const contexts = await Promise.all([
  esbuild.context({
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    plugins: [...common.plugins, undiciTrim],
    // The first statement of the bundle: where src/extension.ts starts counting its load time.
    banner: { js: '"use strict";var __ledgerLensLoadStart = performance.now();' },
  }),
  esbuild.context({
    ...common,
    entryPoints: Object.fromEntries(panels.map(p => [p, join('webview', p, 'main.ts')])),
    outdir: 'dist/webview',
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
  }),
]);

if (watch) {
  await Promise.all(contexts.map(c => c.watch()));
} else {
  const results = await Promise.all(contexts.map(c => c.rebuild()));
  await Promise.all(contexts.map(c => c.dispose()));
  // What went into the bundles: out/meta.json (for esbuild's analyser; kept out of the .vsix), and
  // the licence texts of every bundled package in THIRD-PARTY-NOTICES.md (shipped in the .vsix; the
  // build fails without them).
  const [extension, webviews] = results.map(r => r.metafile);
  mkdirSync('out', { recursive: true });
  writeFileSync('out/meta.json', JSON.stringify({ extension, webviews }));
  writeNotices([extension, webviews], '.', 'THIRD-PARTY-NOTICES.md');
}
