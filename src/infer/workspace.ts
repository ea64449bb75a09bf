// The config files inference reads, in the order it trusts them, and the reader for any one of
// them. The VS Code side finds the files (in the document's folder, then each parent up to the
// workspace folder, never outside it) and hands their texts here.
import { inferFromEnv } from './env';
import { type ConfigEvidence, type WorkspaceFile, notText } from './evidence';
import { inferFromFoundry } from './foundry';
import { inferFromHardhat } from './hardhat';
import { inferFromCompose, inferFromPackageJson } from './localNode';

export type ConfigKind = 'env' | 'hardhat' | 'foundry' | 'compose' | 'package';

/**
 * The file names inference reads in each folder, strongest first. Within one folder a `.env` beats
 * a Hardhat config, which beats Foundry, which beats a local node's signs.
 */
export const CONFIG_FILES: ReadonlyArray<{ readonly name: string; readonly kind: ConfigKind }> = [
  { name: '.env', kind: 'env' },
  { name: '.env.local', kind: 'env' },
  { name: 'hardhat.config.ts', kind: 'hardhat' },
  { name: 'hardhat.config.js', kind: 'hardhat' },
  { name: 'hardhat.config.cjs', kind: 'hardhat' },
  { name: 'hardhat.config.mjs', kind: 'hardhat' },
  { name: 'foundry.toml', kind: 'foundry' },
  { name: 'docker-compose.yml', kind: 'compose' },
  { name: 'docker-compose.yaml', kind: 'compose' },
  { name: 'compose.yml', kind: 'compose' },
  { name: 'compose.yaml', kind: 'compose' },
  { name: 'package.json', kind: 'package' },
];

const KIND_BY_NAME = new Map(CONFIG_FILES.map(f => [f.name, f.kind]));
const RANK_BY_NAME = new Map(CONFIG_FILES.map((f, i) => [f.name, i]));

function baseName(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? path : path.slice(slash + 1);
}

function dirName(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

export function configKind(path: string): ConfigKind | undefined {
  return KIND_BY_NAME.get(baseName(path));
}

/**
 * The folders to look in for a document at `documentPath` (relative to its workspace folder):
 * its own folder, then each parent, ending with the workspace folder itself (`''`).
 */
export function foldersUpward(documentPath: string): string[] {
  const out: string[] = [];
  for (let dir = dirName(documentPath); ; dir = dirName(dir)) {
    out.push(dir);
    if (dir === '') return out;
  }
}

/** The relative paths to try for a document, nearest and strongest first. */
export function candidatePaths(documentPath: string): string[] {
  return foldersUpward(documentPath).flatMap(dir => CONFIG_FILES.map(f => (dir ? `${dir}/${f.name}` : f.name)));
}

/** Orders files nearest first (deepest folder), then by the strength of their kind. */
export function nearestFirst(files: readonly WorkspaceFile[]): WorkspaceFile[] {
  const depth = (p: string) => (p.match(/\//g) ?? []).length;
  return [...files].sort(
    (a, b) =>
      depth(b.path) - depth(a.path) ||
      (RANK_BY_NAME.get(baseName(a.path)) ?? 99) - (RANK_BY_NAME.get(baseName(b.path)) ?? 99),
  );
}

/** What one config file says; files that are not text or not a known config are skipped/none. */
export function inferFromConfig(file: WorkspaceFile): ConfigEvidence {
  const kind = configKind(file.path);
  if (kind === undefined) return { kind: 'none', path: file.path };
  const bad = notText(file.text);
  if (bad) return { kind: 'skipped', path: file.path, reason: bad };
  switch (kind) {
    case 'env':
      return inferFromEnv(file.path, file.text);
    case 'hardhat':
      return inferFromHardhat(file.path, file.text);
    case 'foundry':
      return inferFromFoundry(file.path, file.text);
    case 'compose':
      return inferFromCompose(file.path, file.text);
    case 'package':
      return inferFromPackageJson(file.path, file.text);
  }
}
