// How dist/web/ is built for VS Code's web worker extension host (vscode.dev, github.dev, code-server
// serving a web extension): package.json's `browser` entry.
//
// That host loads ONE file (dist/web/extension.js) and gives it a `require` that knows only
// `vscode`: a second file cannot be required. So the split build's files (the same entries as the
// Node build: src/extension.web.ts and the parts loaded on first use, see extension-build.mjs) are
// linked here into a small module registry of our own:
//  - dist/web/extension.js holds the registry, the startup file's code and every chunk it needs;
//  - each part loaded on first use, dist/web/<part>.js, and each chunk the parts share that the
//    startup file lacks, dist/web/chunk-<hash>.js, is a module factory, read with
//    vscode.workspace.fs and handed to the registry by src/web/parts.ts before the first use that
//    needs it (src/lazyFeature.ts waits for it): each file read once, each module run once.
// A `require('./<part>.js')` in the code stays synchronous, as in Node: the registry answers it from
// what is loaded. Which parts each part may require (`needs`, from the metafile's run-time
// requires) is written into the registry, so a feature's first use loads all it can reach at once.
//
// Node-only modules never reach these files: `node:worker_threads` resolves to a twin whose Worker
// throws (the code asks `platform().workerThreads` first), undici's part is not built (the fetch
// transport never requires it), and test/unit/build/webBuild.test.ts fails on any Node built-in in
// the metafile and on any read of the global `Buffer` or `process`.
import * as esbuild from 'esbuild';
import { resolve } from 'node:path';
import { featureManifests, ISOLATED, lazyParts, lazyRequiresOf, toCommonJs } from './extension-build.mjs';

export const WEB_DIR = 'dist/web';
export const WEB_ENTRY = `${WEB_DIR}/extension.js`;
/** The id src/web/parts.ts requires to reach the registry (answered by the registry itself). */
export const REGISTRY_ID = 'ledger-lens:web-registry';

/** Parts of the Node build the browser build leaves out: their code only runs in Node. */
const NODE_ONLY_PARTS = new Set(['lazy-undici']);

/**
 * Parts no feature's first use loads: the code that needs one waits for it itself
 * (`partReady(name)`, src/util/platform.ts). The replay's EVM is large and most debug sessions never
 * replay.
 */
const ON_DEMAND = new Set(['lazy-replay-engine']);

/** Node modules the browser build answers with a twin of its own (the code checks the platform first). */
const TWINS = {
  'node:worker_threads': 'src/web/twins/workerThreads.ts',
  // @vscode/debugadapter (the transaction debugger's protocol) extends EventEmitter and takes URL.
  events: 'src/web/twins/events.ts',
  url: 'src/web/twins/url.ts',
};

function twins(root) {
  return {
    name: 'web-twins',
    setup(build) {
      for (const [specifier, twin] of Object.entries(TWINS)) {
        const filter = new RegExp(`^${specifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
        build.onResolve({ filter }, () => ({ path: resolve(root, twin) }));
      }
      build.onResolve({ filter: /^ledger-lens:web-registry$/ }, () => ({ path: REGISTRY_ID, external: true }));
    },
  };
}

/** The parts that are a feature's own code (its folder's index.ts and what only it loads). */
function featureParts(root) {
  return Object.entries(lazyParts(root))
    .filter(([src]) => src.startsWith('src/features/'))
    .map(([, name]) => name);
}

/** The web build's parts: every lazy part of the Node build but the Node-only ones. */
export function webParts(root) {
  return Object.fromEntries(Object.entries(lazyParts(root)).filter(([, name]) => !NODE_ONLY_PARTS.has(name)));
}

/** esbuild options: `split` (the startup entry and the lazy parts, ES modules) and `isolated` (viem, the replay engine). */
export function webOptions({ root, production, define = {} }) {
  const common = {
    define,
    absWorkingDir: root,
    outdir: WEB_DIR,
    bundle: true,
    platform: 'browser',
    target: 'es2022',
    external: ['vscode'],
    minify: production,
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    write: false,
  };
  const entries = parts => Object.fromEntries(Object.entries(parts).map(([s, n]) => [n, s]));
  // Every lazy part stays a run-time require of its own file, undici's too (never called here).
  const requires = lazyRequiresOf(
    Object.fromEntries(Object.entries({ ...lazyParts(root), ...ISOLATED }).map(([s, n]) => [resolve(root, s), n])),
  );
  return {
    split: {
      ...common,
      entryPoints: { extension: 'src/extension.web.ts', ...entries(webParts(root)) },
      chunkNames: 'chunk-[hash]',
      splitting: true,
      format: 'esm',
      plugins: [twins(root), featureManifests(root), requires],
    },
    isolated: {
      ...common,
      entryPoints: entries(ISOLATED),
      format: 'cjs',
      // @ethereumjs/util reads `process?.env?.DEBUG`, which throws where no `process` is declared
      // at all (a web worker): here one is declared, and empty, as the browser has none.
      banner: { js: 'var process;' },
      plugins: [twins(root), requires],
    },
  };
}

/**
 * Builds dist/web/ in memory: { files: [{ path, contents }], metafile (both builds'), parts: { name:
 * bytes }, needs: { part: [parts] } }.
 */
export async function buildWeb({ root, production, define, unlinked = false }) {
  const { split, isolated } = webOptions({ root, production, define });
  const [a, b] = await Promise.all([esbuild.build(split), esbuild.build(isolated)]);
  // esbuild's own output, each module headed by a `// <path>` comment (the tests' source of who reads what).
  if (unlinked) return { outputs: [...a.outputFiles, ...b.outputFiles].map(f => ({ path: f.path, contents: f.text })) };
  const cjs = await toCommonJs(a.outputFiles, { production, loadStart: WEB_LOAD_START });
  const isolatedFiles = b.outputFiles
    .filter(f => f.path.endsWith('.js'))
    .map(f => ({ path: f.path, contents: `"use strict";\n${f.text}` }));
  const metafile = {
    inputs: { ...a.metafile.inputs, ...b.metafile.inputs },
    outputs: { ...a.metafile.outputs, ...b.metafile.outputs },
  };
  return linkWeb(root, [...cjs, ...isolatedFiles], metafile);
}

// The web worker has no process.cpuUsage: the load's wall-clock time only.
const WEB_LOAD_START = 'var __ledgerLensLoadStart = performance.now(), __ledgerLensLoadCpu = undefined;';

const base = f => f.split(/[\\/]/).pop();
const idOf = f => `./${base(f)}`;
const partName = f => base(f).replace(/\.js$/, ''); // a part's or a chunk's file name

/** The file and every chunk it imports statically (metafile paths, relative to root). */
function staticClosure(metafile, file) {
  const seen = new Set();
  const visit = f => {
    if (seen.has(f) || !metafile.outputs[f]) return;
    seen.add(f);
    for (const i of metafile.outputs[f].imports) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit(file);
  return seen;
}

/** The parts a file's closure requires at run time (`require('./lazy-x.js')`, external). */
function directNeeds(metafile, closure) {
  const needs = new Set();
  for (const f of closure)
    for (const i of metafile.outputs[f]?.imports ?? [])
      if (i.external && /^\.\/lazy-[\w-]+\.js$/.test(i.path)) needs.add(partName(i.path));
  return needs;
}

function linkWeb(root, compiled, metafile) {
  const rel = f =>
    f
      .slice(resolve(root).length + 1)
      .split('\\')
      .join('/');
  const byPath = new Map(compiled.map(f => [rel(f.path), f.contents]));
  const startup = staticClosure(metafile, WEB_ENTRY);
  const partFiles = Object.keys(metafile.outputs).filter(
    f => f.endsWith('.js') && f !== WEB_ENTRY && /^lazy-/.test(base(f)),
  );
  const built = new Set(partFiles.map(partName));
  // Each part's needs, transitively, kept to the parts this build has (undici's never is).
  const direct = new Map(partFiles.map(f => [partName(f), directNeeds(metafile, staticClosure(metafile, f))]));
  const needs = {};
  for (const part of built) {
    const all = new Set([part]);
    const queue = [part];
    while (queue.length)
      for (const n of direct.get(queue.pop()) ?? [])
        if (built.has(n) && !all.has(n) && !ON_DEMAND.has(n)) {
          all.add(n);
          queue.push(n);
        }
    needs[part] = [...all].sort();
  }
  // The parts the startup code may require, but for the features' own (each loaded on first use).
  const features = new Set(featureParts(root));
  const startupNeeds = [...directNeeds(metafile, startup)].filter(n => built.has(n) && !features.has(n)).sort();
  const factory = f => `${JSON.stringify(idOf(f))}:function(module,exports,require){${byPath.get(f)}\n}`;
  // Every file outside the startup file's closure is a file of its own (one factory), read once
  // however many parts share it; `files` says which each part needs besides those already in the
  // startup file.
  const out = [];
  for (const f of Object.keys(metafile.outputs).filter(f => f.endsWith('.js') && !startup.has(f)))
    out.push({ path: resolve(root, f), contents: `{${factory(f)}}\n` });
  const files = Object.fromEntries(
    partFiles.map(f => [partName(f), [...staticClosure(metafile, f)].filter(c => !startup.has(c)).map(partName)]),
  );
  const entryCode = byPath.get(WEB_ENTRY);
  const [first, ...rest] = entryCode.split('\n');
  const startupDefs = [...startup].filter(f => f !== WEB_ENTRY).map(factory);
  out.push({
    path: resolve(root, WEB_ENTRY),
    contents: [
      first, // "use strict" and the load-time mark: still the file's first statement
      `var __llDefs={${startupDefs.join(',\n')}},__llDone={};`,
      `var __llRegistry={needs:${JSON.stringify(needs)},files:${JSON.stringify(files)},startupNeeds:${JSON.stringify(startupNeeds)},` +
        'has:function(id){return Object.prototype.hasOwnProperty.call(__llDefs,id)},' +
        'define:function(defs){for(var k in defs)if(!this.has(k))__llDefs[k]=defs[k]}};',
      'function __llRequire(id){if(id===' +
        JSON.stringify(REGISTRY_ID) +
        ')return __llRegistry;if(id==="vscode")return require(id);var d=__llDefs[id],m;' +
        'if(!d)throw new Error("Ledger Lens: "+id+" is not loaded yet (a part of the browser build, loaded before its first use)");' +
        'm=__llDone[id];if(!m){m=__llDone[id]={exports:{}};d(m,m.exports,__llRequire);}return m.exports;}',
      `(function(require){${rest.join('\n')}\n})(__llRequire);`,
      // For the tests (test/unit/shipping/webBuild.test.ts): the registry and its require.
      'Object.defineProperty(module.exports,"__ledgerLensRegistry",{value:{registry:__llRegistry,require:__llRequire}});',
      '',
    ].join('\n'),
  });
  const sizes = Object.fromEntries(out.map(f => [base(f.path), Buffer.byteLength(f.contents)]));
  return { files: out, metafile, needs, partFiles: files, startupNeeds, sizes };
}
