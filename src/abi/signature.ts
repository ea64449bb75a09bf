// Canonical signatures and selectors of ABI items, and the indexed form of one contract's ABI.
import { keccak256, stringToBytes } from './viem';
import type { AbiItemShape, AbiParameterShape } from './schemas';
import type {
  AbiError,
  AbiEvent,
  AbiFunction,
  AbiOrigin,
  AbiParameter,
  IndexedContract,
  IndexedItem,
  PreparedCode,
} from './types';

/** The canonical type of a parameter: tuples spelled out, `uint` and `int` widened to 256 bits. */
export function canonicalType(param: AbiParameterShape): string {
  const suffix = /(\[\d*\])*$/.exec(param.type)?.[0] ?? '';
  const base = param.type.slice(0, param.type.length - suffix.length);
  if (base === 'tuple') return `(${(param.components ?? []).map(canonicalType).join(',')})${suffix}`;
  if (base === 'uint' || base === 'int') return `${base}256${suffix}`;
  if (base === 'fixed' || base === 'ufixed') return `${base}128x18${suffix}`;
  return param.type;
}

export function signatureOf(name: string, inputs: readonly AbiParameterShape[]): string {
  return `${name}(${inputs.map(canonicalType).join(',')})`;
}

// Artifacts of one project repeat the same signatures (every ERC-20, every recompile), and keccak
// in JavaScript costs tens of microseconds: hashes are remembered, up to a bound.
const hashes = new Map<string, string>();
const MAX_REMEMBERED = 50_000;

export function hashSignature(signature: string): string {
  let hash = hashes.get(signature);
  if (hash === undefined) {
    hash = keccak256(stringToBytes(signature));
    if (hashes.size >= MAX_REMEMBERED) hashes.clear();
    hashes.set(signature, hash);
  }
  return hash;
}

/** Parameters as viem expects them: names always present (empty when the ABI gives none). */
function toViemParams(params: readonly AbiParameterShape[]): AbiParameter[] {
  return params.map(p => {
    const out: { name: string; type: string; indexed?: boolean; components?: AbiParameter[] } = {
      name: p.name ?? '',
      type: p.type,
    };
    if (p.indexed !== undefined) out.indexed = p.indexed;
    if (p.components) out.components = toViemParams(p.components);
    return out;
  });
}

/**
 * What tells two events with one topic0 apart: indexed arguments change a log's shape, so ERC-20's
 * and ERC-721's Transfer are two entries.
 */
export function eventKey(e: Pick<IndexedItem<AbiEvent>, 'signature' | 'item'>): string {
  return `${e.signature}/${e.item.inputs.map(i => (i.indexed ? 'i' : 'd')).join('')}`;
}

/** Indexes one contract's ABI: each function, event and error with its selector, computed once. */
export function indexContract(
  origin: AbiOrigin,
  name: string,
  abi: readonly AbiItemShape[],
  code?: PreparedCode,
): IndexedContract {
  return runSteps(indexContractSteps(origin, name, abi, code));
}

/** Runs a stepwise computation to its end in one go. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * {@link indexContract} one item per step (hashing a signature costs tens of microseconds, and an
 * artifact may list tens of thousands), for a caller that yields to the event loop between steps.
 * An item listed again with the same signature (and, for events, the same indexed arguments) is
 * the same item: only its first listing is kept, so a padded artifact cannot multiply the answers.
 */
export function* indexContractSteps(
  origin: AbiOrigin,
  name: string,
  abi: readonly AbiItemShape[],
  code?: PreparedCode,
): Generator<void, IndexedContract> {
  const functions: IndexedItem<AbiFunction>[] = [];
  const events: IndexedItem<AbiEvent>[] = [];
  const errors: IndexedItem<AbiError>[] = [];
  const contract: IndexedContract = { origin, name, functions, events, errors, code };
  const seen = new Set<string>();
  for (const entry of abi) {
    yield;
    if (entry.type === 'function') {
      const signature = signatureOf(entry.name, entry.inputs);
      if (seen.has(`function ${signature}`)) continue;
      seen.add(`function ${signature}`);
      const item: AbiFunction = {
        type: 'function',
        name: entry.name,
        inputs: toViemParams(entry.inputs),
        outputs: toViemParams(entry.outputs),
        stateMutability: entry.stateMutability,
      };
      functions.push({ item, signature, selector: hashSignature(signature).slice(0, 10), contract });
    } else if (entry.type === 'event') {
      if (entry.anonymous) continue; // no topic0 to find it by
      const signature = signatureOf(entry.name, entry.inputs);
      const item: AbiEvent = {
        type: 'event',
        name: entry.name,
        inputs: toViemParams(entry.inputs),
      };
      const key = `event ${eventKey({ signature, item })}`;
      if (seen.has(key)) continue;
      seen.add(key);
      events.push({ item, signature, selector: hashSignature(signature), contract });
    } else if (entry.type === 'error') {
      const signature = signatureOf(entry.name, entry.inputs);
      if (seen.has(`error ${signature}`)) continue;
      seen.add(`error ${signature}`);
      const item: AbiError = { type: 'error', name: entry.name, inputs: toViemParams(entry.inputs) };
      errors.push({ item, signature, selector: hashSignature(signature).slice(0, 10), contract });
    }
  }
  return contract;
}
