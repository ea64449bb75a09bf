// Every feature's manifest (src/features/<name>/manifest.ts), read from the tests' tsc output: the
// same folders the build finds (build/extension-build.mjs, featureFolders). A manifest imports
// types and pure modules only, so this needs no VS Code.
import * as fs from 'fs';
import * as path from 'path';
import type { FeatureManifest } from '../../src/features/manifest';
import { projectRoot } from './paths';

export interface FoundManifest {
  /** Its folder under src/features. */
  readonly folder: string;
  readonly manifest: FeatureManifest;
}

export function featureManifests(): FoundManifest[] {
  const dir = path.join(projectRoot(), 'src', 'features');
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter(e => e.isDirectory() && fs.existsSync(path.join(dir, e.name, 'manifest.ts')))
    .map(e => e.name)
    .sort()
    .map(folder => {
      const compiled = path.join(__dirname, '..', '..', 'src', 'features', folder, 'manifest.js');
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the compiled manifest, found by folder
      const { manifest } = require(compiled) as { manifest: FeatureManifest };
      return { folder, manifest };
    });
}
