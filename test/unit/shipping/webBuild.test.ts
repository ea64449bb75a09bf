// The browser entry as build/web-build.mjs builds it for the .vsix (package.json `browser`): a
// startup file of at most 150 KB, no Node built-in and no undici anywhere in the build, no read of
// the global `Buffer` or `process` in any file, and, evaluated in a context that has neither (as VS
// Code's web worker extension host does), a startup file that loads on its own; each part then
// loads through src/web/parts.ts with what it needs, sharing the startup file's modules.
import * as assert from 'assert';
import * as path from 'path';
import * as vm from 'vm';
import { isNodeOnly } from '../../browser/browserBundle';
import { featureManifests } from '../../support/manifests';
import { fakeVscode } from '../../support/fakeVscode';
import { projectRoot } from '../../support/paths';
import { ACTIVATION_PARTS, WebParts, type WebRegistry } from '../../../src/web/parts';

interface BuiltFile {
  readonly path: string;
  readonly contents: string;
}
interface WebMetafile {
  readonly inputs: Record<string, { imports: { path: string; kind: string; external?: boolean; original?: string }[] }>;
  readonly outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }>;
}
interface WebBuild {
  buildWeb(o: { root: string; production: boolean; define?: Record<string, string>; unlinked?: boolean }): Promise<{
    files: BuiltFile[];
    outputs?: BuiltFile[];
    metafile: WebMetafile;
    needs: Record<string, string[]>;
    startupNeeds: string[];
    sizes: Record<string, number>;
  }>;
  readonly WEB_ENTRY: string;
}

function webBuild(): WebBuild {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- an ES module of the build, required at run time
  return require(path.join(projectRoot(), 'build', 'web-build.mjs')) as WebBuild;
}

/** Node's globals a browser lacks: a read of one leaves its marker in the checking build. */
const MARKERS = {
  Buffer: '__LEDGER_LENS_GLOBAL_BUFFER_READ__',
  process: '__LEDGER_LENS_GLOBAL_PROCESS_READ__',
  setImmediate: '__LEDGER_LENS_GLOBAL_SET_IMMEDIATE_READ__',
  clearImmediate: '__LEDGER_LENS_GLOBAL_CLEAR_IMMEDIATE_READ__',
};
/** The one module of ours that reads each, guarded (absent in a browser). */
const GUARDED_READS = new Set([
  'src/util/platform.ts reads process',
  'src/util/nextTurn.ts reads setImmediate',
  // The replay engine is bundled on its own and shares no module with the rest.
  'src/debug/replay/engine/run.ts reads setImmediate',
]);

/**
 * The reads of a global `Buffer` or `process` in bundled packages, each looked at: guarded by a
 * typeof test, or on a path the browser build never takes.
 */
const PACKAGE_READS = new Map<string, string>([
  [
    'node_modules/@vscode/debugadapter/lib/protocol.js reads Buffer',
    'only in start()/stream reading: the adapter runs inline (DebugAdapterInlineImplementation), its messages never go through streams',
  ],
  [
    'node_modules/@vscode/debugadapter/lib/debugSession.js reads process',
    'shutdown() outside inline mode; path↔URI conversion only when client and debugger path formats differ (both are paths)',
  ],
  ['node_modules/debug/src/browser.js reads process', 'typeof process !== "undefined" first'],
  [
    'node_modules/@ethereumjs/util/dist/esm/env.js reads process',
    'process?.env: the isolated build declares an empty `process` (banner)',
  ],
  [
    'node_modules/@ethereumjs/statemanager/node_modules/lru-cache/dist/esm/index.js reads process',
    'typeof process === "object" first',
  ],
  [
    'node_modules/@ethereumjs/mpt/node_modules/lru-cache/dist/esm/index.js reads process',
    'typeof process === "object" first',
  ],
  [
    'node_modules/@ethereumjs/binarytree/node_modules/lru-cache/dist/esm/index.js reads process',
    'typeof process === "object" first',
  ],
]);

describe('the browser build (package.json `browser`)', function () {
  this.timeout(180_000);
  let built: Awaited<ReturnType<WebBuild['buildWeb']>>;
  const byName = new Map<string, string>();

  before(async () => {
    built = await webBuild().buildWeb({ root: projectRoot(), production: true });
    for (const f of built.files) byName.set(path.basename(f.path), f.contents);
  });

  it('has a startup file of at most 150 KB, every other file loaded on first use', () => {
    const startup = Buffer.byteLength(byName.get('extension.js') ?? '');
    assert.ok(startup > 10 * 1024, `the startup file is built (${startup} bytes)`);
    assert.ok(startup <= 150 * 1024, `dist/web/extension.js: ${(startup / 1024).toFixed(1)} KB`);
    // No feature is in the startup file: each is a part of its own, loaded with its first use.
    const lazy = featureManifests().filter(f => f.manifest.start !== 'activation');
    for (const { folder } of lazy) assert.ok(byName.has(`lazy-${folder}.js`), `lazy-${folder}.js is built`);
    assert.ok(!byName.has('lazy-undici.js'), "undici's part is Node's only");
  });

  it('pulls in no Node built-in and no undici, anywhere: the three it names are answered by twins of ours', () => {
    const found: string[] = [];
    const twinned = new Set<string>();
    for (const [file, input] of Object.entries(built.metafile.inputs)) {
      if (isNodeOnly(file)) found.push(`${file} is bundled`);
      for (const i of input.imports) {
        const name = i.original ?? i.path;
        if (i.external && (name.startsWith('.') || name === 'vscode' || name === 'ledger-lens:web-registry')) continue;
        if (!i.external && i.path.startsWith('src/web/twins/')) twinned.add(`${name} → ${i.path}`);
        else if (isNodeOnly(name) || isNodeOnly(i.path)) found.push(`${file} imports ${name}`);
      }
    }
    assert.deepStrictEqual(found, []);
    assert.deepStrictEqual([...twinned].sort(), [
      'events → src/web/twins/events.ts',
      'node:worker_threads → src/web/twins/workerThreads.ts',
      'url → src/web/twins/url.ts',
    ]);
  });

  it('reads no global Buffer, process or setImmediate in our code, and only the listed guarded or unreached reads in packages', async () => {
    const define = Object.fromEntries(
      Object.entries(MARKERS).flatMap(([name, marker]) =>
        ['', 'globalThis.', 'global.', 'self.'].map(on => [`${on}${name}`, marker]),
      ),
    );
    const { outputs } = await webBuild().buildWeb({ root: projectRoot(), production: false, define, unlinked: true });
    const reads = new Set<string>();
    for (const f of outputs ?? []) {
      let source = '(prelude)';
      for (const line of f.contents.split('\n')) {
        const head = /^\s*\/\/ ((?:src|node_modules)\/\S+)$/.exec(line);
        if (head?.[1]) source = head[1];
        for (const [name, marker] of Object.entries(MARKERS))
          if (line.includes(marker)) reads.add(`${source} reads ${name}`);
      }
    }
    assert.deepStrictEqual(
      [...reads].filter(r => !r.startsWith('node_modules/') && !GUARDED_READS.has(r)),
      [],
      'our own code asks src/util/platform.ts (nodeProcess, processEnv) and src/util/nextTurn.ts instead',
    );
    assert.deepStrictEqual(
      [...reads].filter(r => r.startsWith('node_modules/') && !PACKAGE_READS.has(r)).sort(),
      [],
      'a package read not yet looked at: is it guarded, or on a path the browser never takes?',
    );
  });

  it('loads its startup file where there is no process and no Buffer, then each part with what it needs', async () => {
    const context = vm.createContext({ performance, TextDecoder, TextEncoder, URL, console, setTimeout, clearTimeout });
    assert.strictEqual(vm.runInContext('typeof process + typeof Buffer', context), 'undefinedundefined');
    const wrapper = vm.runInContext(
      `(function (module, exports, require) {${byName.get('extension.js') ?? ''}\n})`,
      context,
    ) as (m: { exports: Record<string, unknown> }, e: unknown, r: (id: string) => unknown) => void;
    const module = { exports: {} as Record<string, unknown> };
    const fake = fakeVscode();
    wrapper(module, module.exports, id => {
      if (id === 'vscode') return fake;
      throw new Error(`the host's require knows only vscode, not ${id}`);
    });
    assert.strictEqual(typeof module.exports['activate'], 'function');
    const { registry, require: registryRequire } = module.exports['__ledgerLensRegistry'] as {
      registry: WebRegistry;
      require: (id: string) => Record<string, unknown>;
    };
    const read: string[] = [];
    const parts = new WebParts(registry, async name => {
      read.push(name);
      const text = byName.get(`${name}.js`);
      if (text === undefined) throw new Error(`no ${name}.js`);
      return text;
    });
    // Before its part is read, a require of a feature says what is missing.
    assert.throws(() => registryRequire('./lazy-accounts.js'), /lazy-accounts\.js is not loaded yet/);
    for (const p of ACTIVATION_PARTS)
      assert.ok(registry.startupNeeds.includes(p), `${p} is one the startup code may require`);
    await parts.load(ACTIVATION_PARTS);
    const files = new Set(ACTIVATION_PARTS.flatMap(n => registry.needs[n] ?? []).flatMap(p => registry.files[p] ?? []));
    assert.deepStrictEqual([...read].sort(), [...files].sort(), 'each file read once');
    assert.ok(
      !read.some(n => featureManifests().some(f => `lazy-${f.folder}` === n)),
      'no feature is read at activation',
    );
    const activationBytes = read.reduce((n, f) => n + Buffer.byteLength(byName.get(`${f}.js`) ?? ''), 0);
    assert.ok(activationBytes <= 150 * 1024, `read while activating: ${(activationBytes / 1024).toFixed(1)} KB`);
    const { settingsSchemas } = registryRequire('./lazy-settings-schemas.js') as {
      settingsSchemas: { bool(): { safeParse(v: unknown): { success: boolean } } };
    };
    assert.strictEqual(settingsSchemas.bool().safeParse('yes').success, false);
    for (const { folder, manifest } of featureManifests()) {
      if (manifest.start === 'activation') continue;
      read.length = 0;
      await Promise.all([parts.forFeature(folder), parts.forFeature(folder)]);
      assert.ok(read.filter(n => n === `lazy-${folder}`).length <= 1, `lazy-${folder} read once`);
      const part = registryRequire(`./lazy-${folder}.js`);
      const register = Object.keys(part).filter(k => k.startsWith('register') && typeof part[k] === 'function');
      assert.ok(register.length > 0, `lazy-${folder}.js exports its registration`);
    }
    const viem = registryRequire('./lazy-viem.js') as { keccak256(s: string): string };
    assert.strictEqual(viem.keccak256('0x'), '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
  });

  it('tries a part again after a failed read, and says which part it was', async () => {
    const registry: WebRegistry = {
      needs: { 'lazy-a': ['lazy-a'] },
      files: { 'lazy-a': ['lazy-a'] },
      startupNeeds: [],
      has: id => defined.has(id),
      define: factories => Object.keys(factories).forEach(k => defined.add(k)),
    };
    const defined = new Set<string>();
    let attempts = 0;
    const parts = new WebParts(registry, async () => {
      if (++attempts === 1) throw new Error('the file system is not ready');
      return '{"./lazy-a.js":function(module){module.exports=1}}';
    });
    await assert.rejects(parts.load(['lazy-a']), /file lazy-a\.js could not be loaded: the file system is not ready/);
    await parts.load(['lazy-a']);
    assert.ok(defined.has('./lazy-a.js'));
    await assert.rejects(
      new WebParts(registry, async () => '42').load(['lazy-b']),
      /lazy-b\.js is not a part of the browser build/,
    );
  });
});
