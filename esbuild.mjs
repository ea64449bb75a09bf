// One build script, two contexts: the extension (Node, CommonJS, `vscode` external: the startup file
// dist/extension.js, the parts loaded on first use and the chunks they share; see
// build/extension-build.mjs) and the webviews (browser, ESM, one entry per bundle: every
// webview/<bundle>/main.ts; webview/detail serves both the transaction and the block panel).
//   node esbuild.mjs [--watch] [--production]
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { writeNotices } from './build/notices.mjs';
import { join } from 'node:path';
import { extensionOptions, joinStartup, mergeMetafiles, plainFiles, toCommonJs } from './build/extension-build.mjs';
import { buildWeb, WEB_DIR } from './build/web-build.mjs';

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

/** Writes the extension's files (as CommonJS when `esm`), removing the chunks of the previous build (their names change). */
const writer = esm => ({
  name: 'write-extension',
  setup(build) {
    build.onEnd(async result => {
      if (result.errors.length || !result.outputFiles) return;
      let files = esm ? await toCommonJs(result.outputFiles, { production }) : plainFiles(result.outputFiles);
      // Production: the startup chunks folded into extension.js (see joinStartup).
      if (esm && production && result.metafile) files = joinStartup(files, result.metafile);
      mkdirSync('dist', { recursive: true });
      if (esm) for (const f of readdirSync('dist')) if (/^chunk-.*\.js(\.map)?$/.test(f)) rmSync(join('dist', f));
      for (const f of files) writeFileSync(f.path, f.contents);
    });
  },
});

const extension = extensionOptions({ root: process.cwd(), production });

const panels = readdirSync('webview', { withFileTypes: true })
  .filter(d => d.isDirectory() && existsSync(join('webview', d.name, 'main.ts')))
  .map(d => d.name);

const contexts = await Promise.all([
  esbuild.context({ ...extension.split, plugins: [reporter, writer(true), ...extension.split.plugins] }),
  esbuild.context({ ...extension.isolated, plugins: [reporter, writer(false), ...extension.isolated.plugins] }),
  esbuild.context({
    ...common,
    entryPoints: Object.fromEntries(panels.map(p => [p, join('webview', p, 'main.ts')])),
    outdir: 'dist/webview',
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
  }),
  esbuild.context({ ...extension.workers, plugins: [reporter, writer(false), ...extension.workers.plugins] }),
]);

if (watch) {
  await Promise.all(contexts.map(c => c.watch()));
} else {
  const results = await Promise.all(contexts.map(c => c.rebuild()));
  await Promise.all(contexts.map(c => c.dispose()));
  // What went into the bundles: out/meta.json (for esbuild's analyser; kept out of the .vsix), and
  // the licence texts of every bundled package in THIRD-PARTY-NOTICES.md (shipped in the .vsix; the
  // build fails without them).
  const [split, isolated, webviews, workers] = results.map(r => r.metafile);
  const metafile = mergeMetafiles(split, isolated);
  // The browser entry (package.json `browser`): dist/web/, linked into our own module registry
  // (build/web-build.mjs). Not watched: `npm run build` writes it.
  const web = await buildWeb({ root: process.cwd(), production });
  rmSync(WEB_DIR, { recursive: true, force: true });
  mkdirSync(WEB_DIR, { recursive: true });
  for (const f of web.files) writeFileSync(f.path, f.contents);
  mkdirSync('out', { recursive: true });
  writeFileSync('out/meta.json', JSON.stringify({ extension: metafile, webviews, workers, web: web.metafile }));
  writeNotices([metafile, webviews, workers, web.metafile], '.', 'THIRD-PARTY-NOTICES.md');
}
