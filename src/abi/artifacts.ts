// Reading one workspace file as ABIs: a Hardhat, Foundry or Truffle artifact, or a plain JSON ABI.
// Everything here is untrusted workspace text: parsed with zod, never executed, and a file that is
// not what it should be (half-written by a compile, not JSON, not an ABI) is skipped with a reason.
import type * as z from '../zod';
import { prepareCode } from './bytecode';
import { parseJsonSteps } from './jsonSteps';
import {
  type AbiItemShape,
  type AbiParameterShape,
  abiItem,
  abiSchema,
  compilationTarget,
  foundryArtifact,
  MAX_TYPE_DEPTH,
  stringCodeArtifact,
} from './schemas';
import { indexContractSteps, runSteps } from './signature';
import type { AbiOrigin, IndexedContract } from './types';
import { errorMessage } from '../util/errorMessage';

/** Larger files are not read: they are build-info dumps, not artifacts. */
export const MAX_ARTIFACT_BYTES = 5 * 1024 * 1024;

/** Deeper JSON is refused before it is parsed (artifacts nest a few dozen levels, Foundry's AST included). */
export const MAX_JSON_DEPTH = 512;

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
  return runSteps(parseArtifactSteps(file, text));
}

/**
 * {@link parseArtifact} in steps of bounded work (a few KB of JSON, one ABI item), for the indexer
 * to yield to the event loop between them: an artifact may list tens of thousands of items.
 */
export function* parseArtifactSteps(file: string, text: string): Generator<void, ArtifactOutcome> {
  if (isIgnoredArtifactPath(file)) return skip('a build-info or debug file, not an artifact');
  if (text.length > MAX_ARTIFACT_BYTES) return skip(`larger than ${MAX_ARTIFACT_BYTES / 1024 / 1024} MB`);
  const parsed = yield* parseJsonSteps(text, MAX_JSON_DEPTH);
  if ('error' in parsed) return skip(`not JSON (${parsed.error}); a compile may still be writing it`);
  const json = parsed.value;
  try {
    return Array.isArray(json) ? yield* fromPlainAbi(file, json) : yield* fromObject(file, json);
  } catch (error) {
    // A hostile file can nest deep enough to exhaust the stack in validation.
    return skip(`could not be read (${errorMessage(error)})`);
  }
}

function skip(reason: string): ArtifactOutcome {
  return { kind: 'skipped', reason };
}

function* fromPlainAbi(file: string, json: unknown[]): Generator<void, ArtifactOutcome> {
  const abi = yield* readAbiSteps(json);
  if (typeof abi === 'string') return skip(`a JSON array that is not an ABI (${abi})`);
  const name = baseName(file);
  return indexed(yield* indexContractSteps({ kind: 'artifact', file, format: 'abi', contractName: name }, name, abi));
}

function* fromObject(file: string, json: unknown): Generator<void, ArtifactOutcome> {
  if (json === null || typeof json !== 'object' || !('abi' in json)) return skip('not an ABI (no "abi" array)');
  const foundry = foundryArtifact.safeParse(json);
  if (foundry.success) return yield* fromFoundry(file, foundry.data);
  const plain = stringCodeArtifact.safeParse(json);
  if (!plain.success) return skip(`not an artifact (${describe(plain.error)})`);
  const abi = yield* readAbiSteps(plain.data.abi);
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
  const code = deployedBytecode ? prepareCode(deployedBytecode) : undefined;
  return indexed(yield* indexContractSteps(origin, name, abi, code));
}

function* fromFoundry(file: string, data: z.infer<typeof foundryArtifact>): Generator<void, ArtifactOutcome> {
  const abi = yield* readAbiSteps(data.abi);
  if (typeof abi === 'string') return skip(`not an ABI (${abi})`);
  const metadata = typeof data.metadata === 'string' ? yield* safeJson(data.metadata) : data.metadata;
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
  const code = prepareCode(data.deployedBytecode.object, immutables);
  return indexed(yield* indexContractSteps(origin, name, abi, code));
}

// Foundry's metadata as a JSON string (older releases): parsed in steps too, it may be large.
function* safeJson(text: string): Generator<void, unknown> {
  const parsed = yield* parseJsonSteps(text, MAX_JSON_DEPTH);
  return 'value' in parsed ? parsed.value : undefined;
}

function indexed(contract: IndexedContract): ArtifactOutcome {
  return { kind: 'indexed', contracts: [contract] };
}

/** The ABI items, or the reason they are not an ABI. */
export function readAbi(json: unknown): AbiItemShape[] | string {
  return runSteps(readAbiSteps(json));
}

// One item per step: each is checked against the schema on its own, as abiSchema would check it.
function* readAbiSteps(json: unknown): Generator<void, AbiItemShape[] | string> {
  if (!Array.isArray(json)) return describe(abiSchema.safeParse(json).error);
  const items: AbiItemShape[] = [];
  for (let i = 0; i < json.length; i++) {
    yield;
    const parsed = abiItem.safeParse(json[i]);
    if (!parsed.success) return describe(parsed.error, [i]);
    items.push(parsed.data);
  }
  for (const item of items) {
    yield;
    if (item.type !== 'function' && item.type !== 'event' && item.type !== 'error') continue;
    const params: readonly AbiParameterShape[] = [...item.inputs, ...(item.type === 'function' ? item.outputs : [])];
    if (params.some(p => typeDepth(p) > MAX_TYPE_DEPTH))
      return `${item.name}: types nested deeper than ${MAX_TYPE_DEPTH}`;
  }
  return items;
}

function typeDepth(param: AbiParameterShape): number {
  const arrays = (param.type.match(/\[/g) ?? []).length;
  const inner = param.components ? Math.max(0, ...param.components.map(typeDepth)) : 0;
  return 1 + arrays + inner;
}

/** The first issue in words; `at` is where the checked value sits in the whole (an item's index). */
function describe(error: z.core.$ZodError | undefined, at: readonly PropertyKey[] = []): string {
  const issue = error?.issues[0];
  if (!issue) return 'invalid';
  const path = [...at, ...issue.path];
  const where = path.length ? `at ${path.map(String).join('.')}` : '';
  return `${where}${where ? ': ' : ''}${issue.message}`;
}
