// What the bundles contain, for the notices test and the footprint bench: the build's own notices
// module (build/notices.mjs, loaded through Node's require of ES modules) and a fresh esbuild run
// over the same entry points as esbuild.mjs (build/extension-build.mjs for the extension, every
// webview/<panel>/main.ts), minified and not written, so neither depends on an earlier `npm run build`.
import * as esbuild from 'esbuild';
import * as fs from 'fs';
import * as path from 'path';
import { projectRoot } from './paths';

export interface Metafile {
  readonly inputs: Readonly<Record<string, { readonly bytes: number }>>;
  readonly outputs: Readonly<
    Record<
      string,
      {
        readonly bytes: number;
        readonly inputs: Readonly<Record<string, { bytesInOutput: number }>>;
        readonly imports: ReadonlyArray<{ readonly path: string; readonly kind: string; readonly external?: boolean }>;
      }
    >
  >;
}

export interface PackageNotice {
  readonly name: string;
  readonly dir: string;
  readonly version: string;
  readonly licence: string;
  readonly source?: string;
  readonly text?: string;
}

export interface NoticesModule {
  packageOf(input: string): { name: string; dir: string } | undefined;
  bytesByPackage(metafile: Metafile): Map<string, number>;
  noticeSection(text: string, name: string): { version: string; text: string } | undefined;
  collectNotices(metafiles: readonly Metafile[], root: string): { packages: PackageNotice[]; missing: string[] };
  renderNotices(packages: readonly PackageNotice[]): string;
}

export function noticesModule(): NoticesModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- an ES module of the build, required at run time
  return require(path.join(projectRoot(), 'build', 'notices.mjs')) as NoticesModule;
}

export interface Bundles {
  readonly extension: Metafile;
  /** The extension's files as written to dist/ (CommonJS): 'dist/<file>' → bytes. */
  readonly extensionFiles: ReadonlyMap<string, number>;
  readonly webviews: Metafile;
}

interface ExtensionBuild {
  buildExtension(o: {
    root: string;
    production: boolean;
  }): Promise<{ metafile: Metafile; files: Array<{ path: string; contents: string }> }>;
  startupFiles(metafile: Metafile, entry?: string): Set<string>;
  lazyParts(root: string): Readonly<Record<string, string>>;
  featureFolders(root: string): string[];
  /** The esbuild plugin that answers `ledger-lens:features` (every feature's manifest). */
  featureManifests(root: string): unknown;
  readonly ISOLATED: Readonly<Record<string, string>>;
}

/** build/extension-build.mjs: how esbuild.mjs builds the extension's files (split, lazy parts). */
export function extensionBuild(): ExtensionBuild {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- an ES module of the build, required at run time
  return require(path.join(projectRoot(), 'build', 'extension-build.mjs')) as ExtensionBuild;
}

/** Builds both bundles in memory (minified, as `npm run package` does) and returns their metafiles. */
export async function buildMetafiles(): Promise<Bundles> {
  const root = projectRoot();
  const panels = fs
    .readdirSync(path.join(root, 'webview'), { withFileTypes: true })
    .filter(d => d.isDirectory() && fs.existsSync(path.join(root, 'webview', d.name, 'main.ts')))
    .map(d => d.name);
  const common = {
    absWorkingDir: root,
    bundle: true,
    minify: true,
    write: false,
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
  } as const;
  const [ext, web] = await Promise.all([
    // As esbuild.mjs: the startup file, the lazy parts and their shared chunks (build/extension-build.mjs).
    extensionBuild().buildExtension({ root, production: true }),
    esbuild.build({
      ...common,
      entryPoints: Object.fromEntries(panels.map(p => [p, path.join('webview', p, 'main.ts')])),
      outdir: 'dist/webview',
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
    }),
  ]);
  const extensionFiles = new Map(
    ext.files.map(f => [path.relative(root, f.path).replace(/\\/g, '/'), Buffer.byteLength(f.contents)] as const),
  );
  return { extension: ext.metafile, extensionFiles, webviews: web.metafile };
}
