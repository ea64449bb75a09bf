// Where the project and the read-only shared fixtures are, wherever the repository is checked out.
// The compiled file runs from out/test/support, the sources from test/support: walking up to the
// manifest works for both, and for any later move of the output folder.
import * as fs from 'fs';
import * as path from 'path';

let cachedRoot: string | undefined;

export function projectRoot(): string {
  if (cachedRoot !== undefined) return cachedRoot;
  let dir = __dirname;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const parsed = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: unknown };
      if (parsed.name === 'ledger-lens') return (cachedRoot = dir);
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no ledger-lens package.json above ${__dirname}`);
    dir = parent;
  }
}

/** `<root>/../shared`, or `LEDGER_LENS_SHARED` when a checkout keeps the shared folder elsewhere. */
export function sharedRoot(): string {
  const override = process.env['LEDGER_LENS_SHARED'];
  if (override !== undefined && override.trim() !== '') return path.resolve(override);
  return path.resolve(projectRoot(), '..', 'shared');
}

export function mirrorFixturesFile(): string {
  return path.join(sharedRoot(), 'fixtures', 'mirror-node', 'responses.jsonl');
}

export function statuspageFixturesDir(): string {
  return path.join(sharedRoot(), 'fixtures', 'statuspage');
}

/** A contract's Hardhat artifact in the sample workspace: `sampleArtifact('MyToken.sol', 'MyToken')`. */
export function sampleArtifact(sourceFile: string, contract: string): string {
  return path.join(
    projectRoot(),
    'test',
    'workspace',
    'hardhat-sample',
    'artifacts',
    'contracts',
    sourceFile,
    `${contract}.json`,
  );
}
