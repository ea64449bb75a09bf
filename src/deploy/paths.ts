// Where the deployment tools write their records, as workspace-relative paths (forward slashes):
//   Hardhat Ignition  ignition/deployments/<deployment id>/deployed_addresses.json, the id
//                     `chain-<chain id>` by default (with artifacts/<future id>.json and a journal)
//   hardhat-deploy    deployments/<network name>/<deployment name>.json, with the folder's chain id
//                     in deployments/<network name>/.chainId
//   Foundry           broadcast/<Script>.s.sol/<chain id>/run-latest.json (dry-run/ is a
//                     simulation, never a deployment)
// Pure.

/** Workspace-relative globs (forward slashes) of every record this module reads, for a FileSystemWatcher and findFiles. */
export const DEPLOYMENT_RECORD_GLOBS: readonly string[] = [
  '**/ignition/deployments/*/deployed_addresses.json',
  '**/deployments/*/*.json',
  '**/deployments/*/.chainId',
  '**/broadcast/*.s.sol/*/run-latest.json',
];

export type RecordTool = 'ignition' | 'hardhat-deploy' | 'foundry';

export interface RecordKind {
  readonly tool: RecordTool;
  /** The chain id the path names (Ignition's `chain-296`, Foundry's `296`), when it names one. */
  readonly chainId?: number;
  /** The network name the path names (hardhat-deploy's folder), when it names one. */
  readonly networkName?: string;
}

const CHAIN_FOLDER = /^chain-(\d{1,15})$/;
const CHAIN_DIGITS = /^\d{1,15}$/;

/** Which record a workspace-relative path is (undefined: none), with the network its path names when it does. */
export function deploymentRecordKind(file: string): RecordKind | undefined {
  const parts = file.split('/');
  if (parts.includes('node_modules')) return undefined;
  const n = parts.length;
  const name = parts[n - 1];
  if (n >= 4 && name === 'run-latest.json' && parts[n - 4] === 'broadcast' && parts[n - 3].endsWith('.s.sol')) {
    const folder = parts[n - 2];
    return CHAIN_DIGITS.test(folder) ? { tool: 'foundry', chainId: Number(folder) } : undefined;
  }
  if (n < 3 || parts[n - 3] !== 'deployments') return undefined;
  const folder = parts[n - 2];
  if (n >= 4 && parts[n - 4] === 'ignition') {
    if (name !== 'deployed_addresses.json') return undefined; // the journal, deployment_stamps.json...
    const chain = CHAIN_FOLDER.exec(folder);
    return chain ? { tool: 'ignition', chainId: Number(chain[1]) } : { tool: 'ignition' };
  }
  // hardhat-deploy keeps its own files as dot files (.chainId, .migrations.json).
  if (!name.endsWith('.json') || name.startsWith('.') || name === '.json') return undefined;
  return { tool: 'hardhat-deploy', networkName: folder };
}

/** The folder part of a path, with its trailing separator (`a/b/` of `a/b/c.json`; `` for `c.json`). */
export function folderOf(path: string): string {
  const at = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return at < 0 ? '' : path.slice(0, at + 1);
}

/** The last part of a path (`c.json` of `a/b/c.json`). */
export function baseName(path: string): string {
  return path.slice(folderOf(path).length);
}

/**
 * A file beside `path` (a workspace path or a path on disk): `relative` uses forward slashes and is
 * written with the separator `path` uses (a Windows path keeps its backslashes).
 */
export function besidePath(path: string, relative: string): string {
  const folder = folderOf(path);
  const separator = folder.endsWith('\\') ? '\\' : '/';
  return folder + (separator === '/' ? relative : relative.split('/').join('\\'));
}

/** The deployment id of an Ignition record (`chain-296`), or the network folder of a hardhat-deploy one. */
export function recordFolderName(file: string): string {
  const parts = file.split('/');
  return parts.length >= 2 ? parts[parts.length - 2] : '';
}
