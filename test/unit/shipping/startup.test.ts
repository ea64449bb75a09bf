// What the extension host loads at startup, as build/extension-build.mjs builds it for the .vsix: at
// most 400 KB, no module in two files, none of the parts meant for first use (undici, viem, the
// built-in ABIs, the mirror response schemas, every feature its manifest loads on first use
// (src/lazyFeature.ts), the clients and the HTTP layer, src/infer's readers, the ABI layer, zod), and, when the startup file is really
// required (with a stand-in `vscode` module), one file read (the startup chunks are folded into it)
// and no lazy file loaded; each lazy file then loads on its own, sharing the startup file's modules.
import * as assert from 'assert';
import * as fs from 'fs';
import Module from 'module';
import * as os from 'os';
import * as path from 'path';
import { extensionBuild, type Metafile } from '../../support/bundles';
import { featureManifests } from '../../support/manifests';
import { fakeVscode } from '../../support/fakeVscode';
import { projectRoot } from '../../support/paths';
import type * as SettingsSchemas from '../../../src/app/settingsSchemas';

const LAZY_PACKAGES = ['undici', 'viem', 'abitype', '@noble/hashes', 'zod'];
const LAZY_SOURCES = [
  // zod and the settings' schemas, required for the first value that is not its default.
  'src/zod.ts',
  'src/app/settingsSchemas.ts',
  'src/mirror/schemas.ts',
  'src/abi/builtin.ts',
  'src/net/undiciParts.ts',
  'src/abi/viemParts.ts',
  // The clients and the one HTTP layer: the services build them with the first request.
  'src/app/clients.ts',
  'src/mirror/index.ts',
  'src/mirror/client.ts',
  'src/mirror/params.ts',
  'src/mirror/transport.ts',
  'src/mirror/tokens.ts',
  'src/mirror/rates.ts',
  'src/status/index.ts',
  'src/status/client.ts',
  'src/status/schemas.ts',
  'src/net/index.ts',
  'src/net/http.ts',
  'src/net/budget.ts',
];
/** The features loaded on first use (each one's file exports its registration). */
const LAZY_FEATURES = featureManifests().filter(f => f.manifest.start !== 'activation');

/** Folders whose every module is loaded on first use, with the few small ones startup code shares. */
const LAZY_FOLDERS: Record<string, readonly string[]> = {
  // Each feature's manifest (a few lines, types and pure modules) is in the startup file; the rest
  // of its folder loads with its first use (views: when first shown, src/lazyFeature.ts).
  ...Object.fromEntries(
    LAZY_FEATURES.map(f => [`src/features/${f.folder}/`, [`src/features/${f.folder}/manifest.ts`]]),
  ),
  // The shared commands' folder also holds what every feature uses: the notices' words and their
  // Markdown (the commands' failures at startup go through them).
  'src/features/common/': [
    'src/features/common/manifest.ts',
    'src/features/common/notices.ts',
    'src/features/common/markdown.ts',
  ],
  // Which network answers (route.ts, resolve.ts) is asked by the status item; the readers are lazy.
  'src/infer/': ['src/infer/route.ts', 'src/infer/resolve.ts'],
  // The settings hold the defaults of `ledgerLens.abi.include` / `exclude` (globs.ts), and the root
  // the index's getter (onFirstUse.ts); the decoders are lazy.
  'src/abi/': ['src/abi/globs.ts', 'src/abi/onFirstUse.ts'],
};
/** Lazy files other than the features' and what each exports. */
const LAZY_MODULES: Record<string, string> = {
  'lazy-clients.js': 'createMirrorClient',
  'lazy-infer.js': 'inferNetwork',
  'lazy-abi-index.js': 'AbiIndex',
};

type Load = (request: string, parent: unknown, isMain: boolean) => unknown;

describe('startup: what the extension host loads before activate()', function () {
  this.timeout(120_000);
  const build = extensionBuild();
  let metafile: Metafile;
  let dir: string;
  let startup: Set<string>;

  before(async () => {
    const root = projectRoot();
    const result = await build.buildExtension({ root, production: true });
    metafile = result.metafile;
    startup = build.startupFiles(metafile);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-startup-'));
    for (const f of result.files) fs.writeFileSync(path.join(dir, path.basename(f.path)), f.contents);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is at most 400 KB, with no module bundled twice', () => {
    const bytes = [...startup].reduce((n, f) => n + fs.statSync(path.join(dir, path.basename(f))).size, 0);
    assert.ok(bytes <= 400 * 1024, `startup files: ${Math.round(bytes / 1024)} KB`);
    const where = new Map<string, string[]>();
    for (const [file, out] of Object.entries(metafile.outputs))
      for (const [input, { bytesInOutput }] of Object.entries(out.inputs))
        if (bytesInOutput > 0) where.set(input, [...(where.get(input) ?? []), file]);
    const twice = [...where].filter(([, files]) => files.length > 1).map(([i, files]) => `${i}: ${files.join(', ')}`);
    assert.deepStrictEqual(twice, []);
  });

  it('leaves undici, viem, the ABI layer, the mirror schemas and the lazy features to their own files', () => {
    const inputs = [...startup].flatMap(f => Object.keys(metafile.outputs[f]?.inputs ?? {}));
    for (const pkg of LAZY_PACKAGES)
      assert.ok(!inputs.some(i => i.includes(`node_modules/${pkg}/`)), `${pkg} is loaded at startup`);
    for (const src of LAZY_SOURCES) assert.ok(!inputs.includes(src), `${src} is loaded at startup`);
    for (const [folder, shared] of Object.entries(LAZY_FOLDERS)) {
      const early = inputs.filter(i => i.startsWith(folder) && !shared.includes(i));
      assert.deepStrictEqual(early, [], `${folder} is loaded at startup`);
    }
    const names = Object.values({ ...build.lazyParts(projectRoot()), ...build.ISOLATED });
    for (const name of names) assert.ok(metafile.outputs[`dist/${name}.js`], `dist/${name}.js is built`);
    for (const f of LAZY_FEATURES) assert.ok(names.includes(`lazy-${f.folder}`), f.folder);
    for (const file of Object.keys(LAZY_MODULES)) assert.ok(names.includes(file.replace(/\.js$/, '')), file);
  });

  it('requires no lazy file when the startup file loads; each lazy file loads on its own', () => {
    const mod = Module as unknown as { _load: Load };
    const load = mod._load;
    const fake = fakeVscode();
    mod._load = function (this: unknown, request, parent, isMain) {
      return request === 'vscode' ? fake : load.call(this, request, parent, isMain);
    };
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle just built
      const ext = require(path.join(dir, 'extension.js')) as { activate?: unknown };
      assert.strictEqual(typeof ext.activate, 'function');
      const loaded = Object.keys(require.cache).filter(k => k.startsWith(dir + path.sep));
      // One file: the chunks the startup code needs are folded into extension.js.
      assert.deepStrictEqual(
        loaded.map(k => path.basename(k)),
        ['extension.js'],
      );
      // A chunk's own file forwards to the module inside extension.js: the same object, not a copy.
      const chunkOf = (ext as { __ledgerLensChunk?: (id: string) => unknown }).__ledgerLensChunk;
      assert.strictEqual(typeof chunkOf, 'function');
      for (const f of [...startup].filter(f => f !== 'dist/extension.js')) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle just built
        const viaFile = require(path.join(dir, path.basename(f))) as unknown;
        assert.strictEqual(viaFile, chunkOf?.(`./${path.basename(f)}`), f);
      }
      for (const [file, name] of Object.entries(LAZY_MODULES)) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle just built
        const part = require(path.join(dir, file)) as Record<string, unknown>;
        assert.strictEqual(typeof part[name], 'function', `${file} exports ${name}`);
      }
      for (const { folder } of LAZY_FEATURES) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle just built
        const part = require(path.join(dir, `lazy-${folder}.js`)) as Record<string, unknown>;
        const register = Object.keys(part).filter(k => k.startsWith('register') && typeof part[k] === 'function');
        assert.ok(register.length > 0, `lazy-${folder}.js exports its registration`);
      }
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle just built
      const undici = require(path.join(dir, 'lazy-undici.js')) as { Agent?: unknown };
      assert.strictEqual(typeof undici.Agent, 'function');
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle just built
      const viem = require(path.join(dir, 'lazy-viem.js')) as { keccak256(s: string): string };
      // The settings' schemas, with zod's English messages, as a value that is not its default needs.
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle just built
      const { settingsSchemas } = require(path.join(dir, 'lazy-settings-schemas.js')) as typeof SettingsSchemas;
      const wrong = settingsSchemas.bool().safeParse('yes');
      assert.ok(!wrong.success && /expected boolean, received string/.test(wrong.error.issues[0]?.message ?? ''));
      assert.strictEqual(
        viem.keccak256('0x'),
        '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
        'keccak256 of nothing',
      );
    } finally {
      mod._load = load;
      for (const k of Object.keys(require.cache)) if (k.startsWith(dir + path.sep)) delete require.cache[k];
    }
  });
});
