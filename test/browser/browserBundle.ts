// The net layer bundled for a browser, in memory, with the two checks a browser bundle must pass:
// no Node built-in and no undici among what it pulls in (the metafile), and no read of a global
// `Buffer` (which a browser does not have).
import { builtinModules } from 'module';
import * as path from 'path';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';

/** What the global `Buffer` is renamed to in the checking build: a read of it leaves this name. */
const BUFFER_MARKER = '__LEDGER_LENS_GLOBAL_BUFFER_READ__';
/** The same for the global `process`: said, not failed (a read may sit on a path fetch never takes). */
const PROCESS_MARKER = '__LEDGER_LENS_GLOBAL_PROCESS_READ__';

export interface BrowserBundle {
  readonly code: string;
  /** One line per import of a Node built-in or of undici: `<importer> imports <module>`. */
  readonly nodeModules: readonly string[];
  /** The source files whose bundled code reads a global `Buffer`, with how many lines do. */
  readonly bufferReads: readonly string[];
  /** The same for the global `process` (Node's; a browser has none). */
  readonly processReads: readonly string[];
}

const BUILTINS = new Set(builtinModules.map(m => m.replace(/^node:/, '')));

/** True for `node:x`, a bare Node built-in (`zlib`, `fs/promises`) or undici (by name or by file). */
export function isNodeOnly(specifier: string): boolean {
  if (specifier.startsWith('node:')) return true;
  const top = specifier.split('/')[0] ?? specifier;
  if (BUILTINS.has(specifier) || BUILTINS.has(top)) return true;
  return top === 'undici' || /(^|[\\/])node_modules[\\/]undici[\\/]/.test(specifier);
}

/**
 * Who brings Node-only code in: each import of a built-in or of undici from outside undici, then
 * how many of undici's files and which built-ins ended up in the bundle.
 */
function nodeOnlyImports(metafile: Metafile): string[] {
  const found = new Set<string>();
  const builtins = new Set<string>();
  let undiciFiles = 0;
  for (const [file, input] of Object.entries(metafile.inputs)) {
    const insideUndici = isNodeOnly(file);
    if (insideUndici) undiciFiles++;
    for (const imported of input.imports) {
      const name = imported.original ?? imported.path;
      if (!isNodeOnly(name) && !isNodeOnly(imported.path)) continue;
      if (!insideUndici) found.add(`${file} imports ${name}`);
      if (imported.external) builtins.add(name.replace(/^node:/, ''));
    }
  }
  if (undiciFiles) found.add(`${undiciFiles} files of undici are in the bundle`);
  if (builtins.size) found.add(`built-ins reached: ${[...builtins].sort().join(', ')}`);
  return [...found];
}

/**
 * The reads of the marker, counted per source file: esbuild heads each module of the bundle with a
 * `// <path>` comment line.
 */
function markerReads(code: string, marker: string): string[] {
  const perFile = new Map<string, number>();
  let file = '(bundle prelude)';
  for (const line of code.split('\n')) {
    const head = /^\s*\/\/ ((?:src|test|webview|node_modules)\/\S+)$/.exec(line);
    if (head?.[1]) file = head[1];
    else if (line.includes(marker)) perFile.set(file, (perFile.get(file) ?? 0) + 1);
  }
  return [...perFile].map(([f, n]) => `${f} (${n} line${n === 1 ? '' : 's'})`);
}

/**
 * undici's lazy part (src/net/undiciParts.ts: undici and the reading of Node's streams) stays out of
 * the bundle, a `require` left to run time, as the extension's build makes it a file of its own
 * (build/extension-build.mjs, lazyParts). The fetch transport must never load it: in the page such
 * a load throws (esbuild's "Dynamic require ... is not supported"), failing the case that did it.
 */
const lazyUndiciLeftOut: Plugin = {
  name: 'lazy-undici-left-out',
  setup(b) {
    b.onResolve({ filter: /^\.\/undiciParts$/ }, args =>
      /[\\/]src[\\/]net[\\/]undici\.ts$/.test(args.importer) ? { path: args.path, external: true } : undefined,
    );
  },
};

/**
 * Bundles `entry` (a TypeScript file under `root`) for the browser as an IIFE. Node built-ins are
 * left external rather than failing the build, so that the check can name who imports which.
 */
export async function bundleForBrowser(root: string, entry: string): Promise<BrowserBundle> {
  const common: BuildOptions = {
    absWorkingDir: root,
    entryPoints: [path.join(root, entry)],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
    external: ['node:*', ...BUILTINS],
    plugins: [lazyUndiciLeftOut],
  };
  const plain = await build(common);
  // esbuild's `define` replaces only names that are not declared in scope: a local `Buffer` (an
  // import, a parameter) stays as it is, every read of the global one becomes the marker.
  const marked = await build({
    ...common,
    define: Object.fromEntries(
      ['Buffer', 'process'].flatMap(name =>
        ['', 'globalThis.', 'global.', 'window.', 'self.'].map(on => [
          `${on}${name}`,
          name === 'Buffer' ? BUFFER_MARKER : PROCESS_MARKER,
        ]),
      ),
    ),
  });
  const markedCode = marked.outputFiles?.[0]?.text ?? '';
  if (!plain.metafile || !plain.outputFiles?.[0]) throw new Error('esbuild wrote no bundle or metafile');
  return {
    code: plain.outputFiles[0].text,
    nodeModules: nodeOnlyImports(plain.metafile),
    bufferReads: markerReads(markedCode, BUFFER_MARKER),
    processReads: markerReads(markedCode, PROCESS_MARKER),
  };
}
