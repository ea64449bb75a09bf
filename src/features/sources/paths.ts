// Where a compiled source is in the workspace (pure: no vscode). The compiler names each source by
// its source unit name (`contracts/Vault.sol`, `@openzeppelin/contracts/token/ERC20/ERC20.sol`,
// Hardhat 3's `project/contracts/Vault.sol` and `npm/@openzeppelin/contracts@5.0.2/…`), relative to
// the project the compiler ran in. Paths here are workspace-relative with forward slashes, as the
// index keeps them; a source name comes from a workspace file, so it is untrusted: one that climbs
// out (`..`), is absolute or is not a plain path gives no candidate at all.

/** The longest source name looked up (a real one is far shorter). */
const MAX_SOURCE_NAME = 500;

/**
 * The project root a compiler-output file belongs to, workspace-relative (`` for the workspace
 * root): Hardhat's is the folder holding `artifacts/`, Foundry's the folder holding `out/`, and a
 * solc standard-JSON file elsewhere is taken to sit in its project's folder.
 */
import { trimTrailing } from '../../util/trim';
export function projectRootOf(file: string): string {
  const parts = file.split('/');
  const folders = parts.slice(0, -1);
  for (const marker of ['artifacts', 'out']) {
    const at = folders.lastIndexOf(marker);
    if (at >= 0) return folders.slice(0, at).join('/');
  }
  return folders.join('/');
}

/** `a` and `b` joined as one workspace-relative path (either may be empty). */
export function joinPath(a: string, b: string): string {
  if (a === '') return b;
  if (b === '') return a;
  return `${trimTrailing(a, '/')}/${b.replace(/^\/+/, '')}`;
}

/**
 * The source name as plain path segments (`./` dropped), or undefined when it is not a path the
 * workspace could hold: empty, too long, absolute (`/…`, `C:…`, a URL), with `..`, a backslash, a
 * control character, or a segment that reads as a drive or a scheme.
 */
export function sourcePathSegments(sourceName: string): string[] | undefined {
  if (sourceName.length === 0 || sourceName.length > MAX_SOURCE_NAME) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\u0000-\u001f\u007f\\]/.test(sourceName)) return undefined;
  if (sourceName.startsWith('/')) return undefined;
  const segments = sourceName.split('/').filter(s => s !== '' && s !== '.');
  if (segments.length === 0 || segments.includes('..')) return undefined;
  // No segment may read as a drive or a scheme: `./C:/x` once `./` is gone, `project/C:/x` once the
  // Hardhat 3 prefix is.
  if (segments.some(s => /^[A-Za-z][A-Za-z0-9+.-]*:/.test(s))) return undefined;
  return segments;
}

/** Hardhat 3's `npm/<package>@<version>/<path>` as `<package>/<path>` (a scoped package keeps its scope). */
function npmPackagePath(segments: readonly string[]): string | undefined {
  if (segments[0] !== 'npm' || segments.length < 3) return undefined;
  const scoped = segments[1].startsWith('@');
  const nameAt = scoped ? 2 : 1;
  if (segments.length <= nameAt + 1) return undefined;
  const versioned = segments[nameAt];
  const at = versioned.lastIndexOf('@');
  const name = at > 0 ? versioned.slice(0, at) : versioned;
  return [...segments.slice(1, nameAt), name, ...segments.slice(nameAt + 1)].join('/');
}

/** The folders from `root` up to the workspace root, `root` first (`a/b` → `a/b`, `a`, ``). */
function ancestors(root: string): string[] {
  const parts = root.split('/').filter(Boolean);
  const out: string[] = [];
  for (let n = parts.length; n >= 0; n--) out.push(parts.slice(0, n).join('/'));
  return out;
}

/**
 * The workspace files a source may be, most likely first: the project root joined with the source
 * name; for a package's source (`@scope/…`, `node_modules/…`, Hardhat 3's `npm/…`) the
 * `node_modules/` of the project and of each folder above it (a monorepo hoists packages), and
 * Foundry's `lib/`. Empty when the name is not a safe relative path.
 */
export function sourceCandidates(projectRoot: string, sourceName: string): string[] {
  const segments = sourcePathSegments(sourceName);
  if (!segments) return [];
  const name = segments.join('/');
  const out: string[] = [];
  const add = (path: string) => {
    if (!out.includes(path)) out.push(path);
  };
  // Hardhat 3 names the project's own files `project/<path>`.
  if (segments[0] === 'project' && segments.length > 1) add(joinPath(projectRoot, segments.slice(1).join('/')));
  add(joinPath(projectRoot, name));
  const npm = npmPackagePath(segments);
  const inPackages = segments[0] === 'node_modules' ? segments.slice(1).join('/') : undefined;
  const packagePath = npm ?? inPackages ?? (segments[0].startsWith('@') ? name : undefined);
  if (packagePath !== undefined && packagePath !== '') {
    for (const folder of ancestors(projectRoot)) add(joinPath(folder, `node_modules/${packagePath}`));
    add(joinPath(projectRoot, `lib/${packagePath}`));
  }
  return out;
}
