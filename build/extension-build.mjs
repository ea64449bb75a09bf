// How dist/ is built for the extension host: one esbuild run over the startup entry
// (src/extension.ts) and the parts loaded on first use (lazyParts below: every feature folder's index.ts and a few modules), with code splitting, so every
// module is bundled once: a module both the startup code and a lazy part use goes to a shared chunk.
// esbuild splits only ES modules, and the extension host loads CommonJS synchronously (its
// codeLoadingTime is then the real cost of loading, not a wait), so each file esbuild writes is
// then turned into CommonJS by esbuild's own transform: `import` becomes `require`, `export`
// becomes `module.exports`. The startup code reaches a lazy part with a plain
// `require('./<module>')` in src/ (a real module in the unit tests' tsc output); in the bundle that
// require is left to run time and names the part's own file (`./lazy-<name>.js`).
//
// Used by esbuild.mjs (the build), test/support/bundles.ts (the notices test, the footprint bench)
// and test/unit/net/bundle.test.ts.
import * as esbuild from 'esbuild';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { undiciTrim } from './undici-trim.mjs';

/** Each feature folder: src/features/<name>/ with a manifest.ts (its index.ts is loaded on first use). */
export function featureFolders(root) {
  const dir = resolve(root, 'src/features');
  return readdirSync(dir, { withFileTypes: true })
    .filter(e => e.isDirectory() && existsSync(resolve(dir, e.name, 'manifest.ts')))
    .map(e => e.name)
    .sort();
}

/**
 * Modules loaded on first use: source → output name (dist/<name>.js). Every feature's index.ts is
 * one, except a feature its manifest mounts at activation (`start: 'activation'`), whose code is
 * in the startup file.
 */
export function lazyParts(root) {
  return {
    'src/net/undiciParts.ts': 'lazy-undici',
    'src/mirror/schemas.ts': 'lazy-mirror-schemas',
    'src/abi/builtin.ts': 'lazy-abi-builtins',
    // The settings' schemas and zod, for the first value that is not its default (src/app/settings.ts).
    'src/app/settingsSchemas.ts': 'lazy-settings-schemas',
    'src/app/clients.ts': 'lazy-clients',
    'src/infer/index.ts': 'lazy-infer',
    'src/abi/index.ts': 'lazy-abi-index',
    // The call trace's session (services.trace), for the first panel that shows a trace.
    'src/trace/session.ts': 'lazy-trace',
    // The transaction debugger's adapter, loader and input, for the first debug session.
    'src/features/debug/lazy.ts': 'lazy-debug',
    ...Object.fromEntries(
      featureFolders(root)
        .filter(
          name =>
            !/\bstart: 'activation'/.test(readFileSync(resolve(root, 'src/features', name, 'manifest.ts'), 'utf8')),
        )
        .map(name => [`src/features/${name}/index.ts`, `lazy-${name}`]),
    ),
  };
}

/** `ledger-lens:features` (required by src/composition.ts): every feature's manifest, by folder. */
export function featureManifests(root) {
  return {
    name: 'feature-manifests',
    setup(build) {
      build.onResolve({ filter: /^ledger-lens:features$/ }, () => ({ path: 'features', namespace: 'ledger-lens' }));
      build.onLoad({ filter: /.*/, namespace: 'ledger-lens' }, () => {
        const names = featureFolders(root);
        const lines = names.map((n, i) => `import { manifest as m${i} } from './${n}/manifest';`);
        lines.push(`export const MANIFESTS = [${names.map((_, i) => `m${i}`).join(', ')}];`);
        return { contents: lines.join('\n'), loader: 'ts', resolveDir: resolve(root, 'src/features') };
      });
    },
  };
}

/**
 * Lazy parts bundled on their own (CommonJS, no splitting), because they share nothing with the
 * rest: viem is reached only through src/abi/viemParts.ts. Split, viem would cost 3× as much: code
 * splitting turns each dynamic import() inside viem (ccip, secp256k1, ws) into a chunk kept whole.
 * The build checks that no input is in both builds.
 */
export const ISOLATED = {
  'src/abi/viemParts.ts': 'lazy-viem',
  // The local replay's EVM (@ethereumjs/evm and what it needs), loaded by the replay's worker thread,
  // or by the host's thread where no worker starts. Split, it would require the runtime helpers the
  // startup file holds (and with them vscode), which a worker thread cannot load.
  'src/debug/replay/engine/run.ts': 'lazy-replay-engine',
};

/**
 * Worker threads' entries, each bundled on its own (CommonJS, no splitting) as dist/<name>.js. A
 * worker runs in a thread of its own, so a module it shares with the extension host's files is
 * loaded once per thread, never twice in one: its metafile is kept apart from the host's (whose
 * check refuses a module in two outputs). The lazy parts it reaches (viem) stay their own files.
 */
export const WORKERS = {
  'src/source/worker.ts': 'source-worker',
  'src/deploy/worker.ts': 'deploy-worker',
  'src/debug/replay/worker.ts': 'replay-worker',
};

/** Marks `require('<lazy module>')` as a run-time require of its own output file. */
function lazyRequires(root) {
  return lazyRequiresOf(
    Object.fromEntries(Object.entries({ ...lazyParts(root), ...ISOLATED }).map(([s, n]) => [resolve(root, s), n])),
  );
}

/** The same for a given map of absolute source paths (or paths under the working directory) → part names. */
export function lazyRequiresOf(parts) {
  const byPath = new Map(Object.entries(parts).map(([src, name]) => [resolve(src), name]));
  return {
    name: 'lazy-parts',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, async args => {
        if (args.kind !== 'require-call' || args.pluginData === 'lazy-parts') return undefined;
        const found = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: 'lazy-parts',
        });
        const name = byPath.get(found.path);
        return name ? { path: `./${name}.js`, external: true } : undefined;
      });
    },
  };
}

/**
 * esbuild options for the extension's files: `split` (ES modules, split; its files go through
 * toCommonJs), `isolated` (CommonJS, see ISOLATED) and `workers` (CommonJS, see WORKERS).
 * @param {{ root: string, production: boolean, plugins?: esbuild.Plugin[] }} o
 * @returns {{ split: esbuild.BuildOptions, isolated: esbuild.BuildOptions, workers: esbuild.BuildOptions }}
 */
export function extensionOptions({ root, production, plugins = [] }) {
  const common = {
    absWorkingDir: root,
    outdir: 'dist',
    bundle: true,
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
    minify: production,
    sourcemap: !production,
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    write: false,
  };
  const entries = parts => Object.fromEntries(Object.entries(parts).map(([s, n]) => [n, s]));
  return {
    split: {
      ...common,
      entryPoints: { extension: 'src/extension.ts', ...entries(lazyParts(root)) },
      chunkNames: 'chunk-[hash]',
      splitting: true,
      format: 'esm',
      plugins: [...plugins, undiciTrim, featureManifests(root), lazyRequires(root)],
    },
    isolated: { ...common, entryPoints: entries(ISOLATED), format: 'cjs', plugins: [...plugins, lazyRequires(root)] },
    workers: { ...common, entryPoints: entries(WORKERS), format: 'cjs', plugins: [...plugins, lazyRequires(root)] },
  };
}

/** Both builds' metafiles as one; throws when an input is in both (it would be loaded twice). */
export function mergeMetafiles(split, isolated) {
  const twice = Object.keys(isolated.inputs).filter(i => i in split.inputs);
  if (twice.length) throw new Error(`bundled twice (in a split chunk and in an isolated part): ${twice.join(', ')}`);
  return { inputs: { ...split.inputs, ...isolated.inputs }, outputs: { ...split.outputs, ...isolated.outputs } };
}

/**
 * Builds the extension's files in memory: { metafile, workerMetafile, files: [{ path, contents }] }
 * as written to dist/ (`metafile`: the extension host's files; `workerMetafile`: WORKERS').
 */
export async function buildExtension({ root, production, plugins = [] }) {
  const { split, isolated, workers } = extensionOptions({ root, production, plugins });
  const [a, b, c] = await Promise.all([esbuild.build(split), esbuild.build(isolated), esbuild.build(workers)]);
  const cjs = await toCommonJs(a.outputFiles, { production });
  const files = [
    ...(production ? joinStartup(cjs, a.metafile) : cjs),
    ...plainFiles(b.outputFiles),
    ...plainFiles(c.outputFiles),
  ];
  return { metafile: mergeMetafiles(a.metafile, b.metafile), workerMetafile: c.metafile, files };
}

/** Output files already CommonJS, as { path, contents }. */
export function plainFiles(outputFiles) {
  return outputFiles.map(f => ({ path: f.path, contents: f.text }));
}

/** The files of the build as CommonJS: [{ path, contents }], source maps kept aligned in development. */
export async function toCommonJs(outputFiles, { production, loadStart = LOAD_START }) {
  const maps = new Map(outputFiles.filter(f => f.path.endsWith('.map')).map(f => [f.path, f.text]));
  const out = [];
  for (const file of outputFiles.filter(f => f.path.endsWith('.js'))) {
    const map = maps.get(file.path + '.map');
    const { code, map: transformMap } = await esbuild.transform(oneVscode(stripMapComment(file.text)), {
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      minify: production,
      legalComments: 'none',
      sourcemap: map ? 'external' : false,
    });
    // ES modules are strict: so are the CommonJS files. The first statement of extension.js stays
    // first: src/extension.ts counts its load time from it.
    const text = (file.path.endsWith('/extension.js') ? `"use strict";${loadStart}\n` : '"use strict";\n') + code;
    out.push({ path: file.path, contents: map ? `${stripMapComment(text)}\n${mapComment(file.path)}\n` : text });
    if (map) out.push({ path: file.path + '.map', contents: composeMaps(map, transformMap) });
  }
  return out;
}

/**
 * Each source file's `import * as vscode from 'vscode'` stays an import of its own in esbuild's
 * output, and each would become a `__toESM(require("vscode"))`: a copy, getter by getter, of the
 * whole API object (~30 copies at startup). One plain require per file instead.
 */
function oneVscode(text) {
  let first;
  return text.replace(/import\s*\*\s*as\s*([\w$]+)\s*from\s*"vscode";?/g, (_m, name) => {
    if (first) return `const ${name} = ${first};`;
    first = name;
    return `const ${name} = require("vscode");`;
  });
}

/**
 * Production: the chunks the startup file requires are folded into it, so the extension host reads
 * and compiles one file at startup, not one per chunk (each is a resolution, a read and a wrapper
 * compile through the host's require interception). Each chunk's CommonJS code becomes a function
 * in dist/extension.js, run when first required, as Node would; the chunk's own file on disk then
 * only forwards to it (`require('./extension.js').__ledgerLensChunk(...)`), so a lazy part that
 * shares the chunk gets the same module, never a second copy. Development builds keep the chunks
 * as files (their source maps stay exact).
 * @param {{ path: string, contents: string }[]} files the CommonJS files (toCommonJs)
 * @param {esbuild.Metafile} metafile the split build's
 */
export function joinStartup(files, metafile, entry = 'dist/extension.js') {
  const name = f => f.split(/[\\/]/).pop();
  const chunks = new Set([...startupFiles(metafile, entry)].filter(f => f !== entry).map(name));
  if (!chunks.size) return files;
  const defs = files
    .filter(f => chunks.has(name(f.path)))
    .map(f => `${JSON.stringify(`./${name(f.path)}`)}:function(module,exports,require){${f.contents}\n}`);
  return files.map(f => {
    if (chunks.has(name(f.path)))
      return {
        path: f.path,
        contents: `"use strict";module.exports=require("./${name(entry)}").__ledgerLensChunk("./${name(f.path)}");\n`,
      };
    if (name(f.path) !== name(entry)) return f;
    const [first, ...rest] = f.contents.split('\n');
    return {
      path: f.path,
      contents: [
        first, // "use strict" and the load-time mark: still the file's first statement
        `var __llDefs={${defs.join(',')}},__llDone={};`,
        'function __llRequire(id){var d=__llDefs[id],m;if(!d)return require(id);m=__llDone[id];' +
          'if(!m){m=__llDone[id]={exports:{}};d(m,m.exports,__llRequire);}return m.exports;}',
        `(function(require){${rest.join('\n')}\n})(__llRequire);`,
        'Object.defineProperty(module.exports,"__ledgerLensChunk",{value:__llRequire});',
        '',
      ].join('\n'),
    };
  });
}

const LOAD_START = 'var __ledgerLensLoadStart = performance.now(), __ledgerLensLoadCpu = process.cpuUsage();';

function stripMapComment(text) {
  return text.replace(/\n\/\/# sourceMappingURL=.*\n?$/, '\n');
}

function mapComment(path) {
  return `//# sourceMappingURL=${path.split(/[\\/]/).pop()}.map`;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's `mappings` as lines of absolute segments [genCol, source, line, col]. */
function decodeMappings(mappings) {
  const state = [0, 0, 0, 0];
  return mappings.split(';').map(line => {
    state[0] = 0;
    return line
      .split(',')
      .filter(Boolean)
      .map(seg => {
        const values = [];
        for (let i = 0, v = 0, shift = 0; i < seg.length; i++) {
          const d = B64.indexOf(seg[i]);
          v += (d & 31) << shift;
          if (d & 32) shift += 5;
          else {
            values.push(v & 1 ? -(v >>> 1) : v >>> 1);
            v = shift = 0;
          }
        }
        values.forEach((v, k) => k < 4 && (state[k] += v));
        return values.length >= 4 ? [...state] : [state[0]];
      });
  });
}

function encodeMappings(lines) {
  const vlq = n => {
    let v = n < 0 ? (-n << 1) | 1 : n << 1;
    let out = '';
    do {
      const d = v & 31;
      v >>>= 5;
      out += B64[v ? d | 32 : d];
    } while (v);
    return out;
  };
  const prev = [0, 0, 0, 0];
  return lines
    .map(segs => {
      prev[0] = 0;
      return segs
        .map(seg => {
          const text = seg.map((v, k) => vlq(v - prev[k])).join('');
          seg.forEach((v, k) => (prev[k] = v));
          return text;
        })
        .join(',');
    })
    .join(';');
}

/**
 * The map of the CommonJS file: the transform's map (CommonJS → esbuild's ES module output) composed
 * with esbuild's (ES module output → src/). Development builds only.
 */
function composeMaps(bundleMap, transformMap) {
  const a = JSON.parse(bundleMap);
  const esm = decodeMappings(a.mappings);
  const cjs = decodeMappings(JSON.parse(transformMap).mappings);
  const lines = cjs.map(segs =>
    segs.flatMap(seg => {
      if (seg.length < 4) return [];
      const candidates = esm[seg[2]] ?? [];
      let hit;
      for (const c of candidates) if (c.length >= 4 && c[0] <= seg[3]) hit = c;
      return hit ? [[seg[0], hit[1], hit[2], hit[3]]] : [];
    }),
  );
  // The file starts with one line of ours ("use strict"…) before the transform's output.
  return JSON.stringify({ version: 3, sources: a.sources, names: [], mappings: ';' + encodeMappings(lines) });
}

/** The startup file and every chunk it loads before running (its static closure); the rest is lazy. */
export function startupFiles(metafile, entry = 'dist/extension.js') {
  const seen = new Set();
  const visit = file => {
    if (seen.has(file) || !metafile.outputs[file]) return;
    seen.add(file);
    for (const i of metafile.outputs[file].imports) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit(entry);
  return seen;
}
