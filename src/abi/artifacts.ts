// Reading one workspace file as ABIs: a Hardhat, Foundry or Truffle artifact, or a plain JSON ABI.
// Everything here is untrusted workspace text: parsed with zod, never executed, and a file that is
// not what it should be (half-written by a compile, not JSON, not an ABI) is skipped with a reason.
import type * as z from '../zod';
import { prepareCode } from './bytecode';
import {
  type AbiItemShape,
  type AbiParameterShape,
  abiSchema,
  compilationTarget,
  foundryArtifact,
  MAX_TYPE_DEPTH,
  stringCodeArtifact,
} from './schemas';
import { indexContract } from './signature';
import type { AbiOrigin, IndexedContract } from './types';

/** Larger files are not read: they are build-info dumps, not artifacts. */
export const MAX_ARTIFACT_BYTES = 5 * 1024 * 1024;

export type ArtifactOutcome =
  | { readonly kind: 'indexed'; readonly contracts: readonly IndexedContract[] }
  | { readonly kind: 'skipped'; readonly reason: string };

/** True for paths that are never artifacts: Hardhat's build-info and debug files. */
export function isIgnoredArtifactPath(file: string): boolean {
  const path = file.replace(/\\/g, '/');
  return /(^|\/)build-info\//.test(path) || path.endsWith('.dbg.json');
}

function baseName(file: string): string {
  const last = file.replace(/\\/g, '/').split('/').pop() ?? file;
  return last.replace(/\.abi\.json$/i, '').replace(/\.json$/i, '');
}

/** Parses one file. Never throws: anything unexpected is a skip with its reason. */
export function parseArtifact(file: string, text: string): ArtifactOutcome {
  if (isIgnoredArtifactPath(file)) return skip('a build-info or debug file, not an artifact');
  if (text.length > MAX_ARTIFACT_BYTES) return skip(`larger than ${MAX_ARTIFACT_BYTES / 1024 / 1024} MB`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return skip(`not JSON (${detail}); a compile may still be writing it`);
  }
  try {
    return Array.isArray(json) ? fromPlainAbi(file, json) : fromObject(file, json);
  } catch (error) {
    // A hostile file can nest deep enough to exhaust the stack in validation.
    return skip(`could not be read (${error instanceof Error ? error.message : String(error)})`);
  }
}

function skip(reason: string): ArtifactOutcome {
  return { kind: 'skipped', reason };
}

function fromPlainAbi(file: string, json: unknown[]): ArtifactOutcome {
  const abi = readAbi(json);
  if (typeof abi === 'string') return skip(`a JSON array that is not an ABI (${abi})`);
  const name = baseName(file);
  return indexed(indexContract({ kind: 'artifact', file, format: 'abi', contractName: name }, name, abi));
}

function fromObject(file: string, json: unknown): ArtifactOutcome {
  if (json === null || typeof json !== 'object' || !('abi' in json)) return skip('not an ABI (no "abi" array)');
  const foundry = foundryArtifact.safeParse(json);
  if (foundry.success) return fromFoundry(file, foundry.data);
  const plain = stringCodeArtifact.safeParse(json);
  if (!plain.success) return skip(`not an artifact (${describe(plain.error)})`);
  const abi = readAbi(plain.data.abi);
  if (typeof abi === 'string') return skip(`not an ABI (${abi})`);
  const { contractName, sourceName, sourcePath, deployedBytecode } = plain.data;
  const format =
    plain.data._format?.startsWith('hh-') || sourceName !== undefined ? 'hardhat' : sourcePath ? 'truffle' : 'abi';
  const name = contractName ?? baseName(file);
  const origin: AbiOrigin = {
    kind: 'artifact',
    file,
    format,
    contractName: name,
    ...((sourceName ?? sourcePath) !== undefined && { sourceName: sourceName ?? sourcePath }),
  };
  return indexed(indexContract(origin, name, abi, deployedBytecode ? prepareCode(deployedBytecode) : undefined));
}

function fromFoundry(file: string, data: z.infer<typeof foundryArtifact>): ArtifactOutcome {
  const abi = readAbi(data.abi);
  if (typeof abi === 'string') return skip(`not an ABI (${abi})`);
  const metadata = typeof data.metadata === 'string' ? safeJson(data.metadata) : data.metadata;
  const target = compilationTarget.safeParse(metadata);
  const [sourceName, contractName] = target.success
    ? (Object.entries(target.data.settings.compilationTarget)[0] ?? [])
    : [data.ast?.absolutePath, undefined];
  const name = contractName ?? baseName(file);
  const origin: AbiOrigin = {
    kind: 'artifact',
    file,
    format: 'foundry',
    contractName: name,
    ...(sourceName !== undefined && { sourceName }),
  };
  const immutables = Object.values(data.deployedBytecode.immutableReferences ?? {}).flat();
  return indexed(indexContract(origin, name, abi, prepareCode(data.deployedBytecode.object, immutables)));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function indexed(contract: IndexedContract): ArtifactOutcome {
  return { kind: 'indexed', contracts: [contract] };
}

/** The ABI items, or the reason they are not an ABI. */
export function readAbi(json: unknown): AbiItemShape[] | string {
  const parsed = abiSchema.safeParse(json);
  if (!parsed.success) return describe(parsed.error);
  for (const item of parsed.data) {
    if (item.type !== 'function' && item.type !== 'event' && item.type !== 'error') continue;
    const params: readonly AbiParameterShape[] = [...item.inputs, ...(item.type === 'function' ? item.outputs : [])];
    if (params.some(p => typeDepth(p) > MAX_TYPE_DEPTH))
      return `${item.name}: types nested deeper than ${MAX_TYPE_DEPTH}`;
  }
  return parsed.data;
}

function typeDepth(param: AbiParameterShape): number {
  const arrays = (param.type.match(/\[/g) ?? []).length;
  const inner = param.components ? Math.max(0, ...param.components.map(typeDepth)) : 0;
  return 1 + arrays + inner;
}

function describe(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const where = issue.path.length ? `at ${issue.path.map(String).join('.')}` : '';
  return `${where}${where ? ': ' : ''}${issue.message}`;
}
