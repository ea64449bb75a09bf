// Guarded reading of solc's compact AST (the `ast` of each source in standard JSON). The AST comes
// from workspace files: every field is checked where it is read, walks are iterative with a node
// budget (no recursion a deep or hostile tree could overflow), and an AST in a form this reader
// does not know (solc's legacy `name`/`children` form before 0.5, or no `nodeType` at all) is said
// to be one, with the compiler's version when known, instead of being half-read.
import type { CompiledContractDetail } from './types';

/** An AST node: an object with a string `nodeType`; every other field unknown until checked. */
export interface AstNode {
  readonly nodeType: string;
  readonly [field: string]: unknown;
}

/** The most nodes an index reads over all the sources of one compilation. */
export const MAX_AST_NODES = 2_000_000;

export function isAstNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as { nodeType?: unknown }).nodeType === 'string';
}

export function stringField(node: AstNode, field: string): string | undefined {
  const value = node[field];
  return typeof value === 'string' ? value : undefined;
}

export function integerField(node: AstNode, field: string): number | undefined {
  const value = node[field];
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
}

export function booleanField(node: AstNode, field: string): boolean | undefined {
  const value = node[field];
  return typeof value === 'boolean' ? value : undefined;
}

export function childNode(node: AstNode, field: string): AstNode | undefined {
  const value = node[field];
  return isAstNode(value) ? value : undefined;
}

/** The nodes of an array field (what is not a node is left out). */
export function childNodes(node: AstNode, field: string): AstNode[] {
  const value = node[field];
  return Array.isArray(value) ? value.filter(isAstNode) : [];
}

/** The integers of an array field (ids: `linearizedBaseContracts`, `usedErrors`…). */
export function integerList(node: AstNode, field: string): number[] {
  const value = node[field];
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number' && Number.isSafeInteger(v)) : [];
}

/** `typeDescriptions.typeIdentifier` (`t_uint256`, `t_array$_t_uint256_$dyn_storage`…). */
export function typeIdentifier(node: AstNode): string | undefined {
  const types = node['typeDescriptions'];
  if (typeof types !== 'object' || types === null) return undefined;
  const id = (types as { typeIdentifier?: unknown }).typeIdentifier;
  return typeof id === 'string' ? id : undefined;
}

/** `typeDescriptions.typeString` (`uint256`, `int_const 3`, `bytes memory`…). */
export function typeString(node: AstNode): string | undefined {
  const types = node['typeDescriptions'];
  if (typeof types !== 'object' || types === null) return undefined;
  const text = (types as { typeString?: unknown }).typeString;
  return typeof text === 'string' ? text : undefined;
}

/** A node's place: `src` is "start:length:sourceIndex" in UTF-8 bytes. */
export interface SourceRange {
  readonly start: number;
  readonly length: number;
  readonly sourceIndex: number;
}

const SRC = /^(\d{1,10}):(\d{1,10}):(-?\d{1,10})$/;

/** The node's `src`, or undefined when it has none or not in solc's form. */
export function sourceRange(node: AstNode): SourceRange | undefined {
  const src = stringField(node, 'src');
  const match = src === undefined ? null : SRC.exec(src);
  if (!match) return undefined;
  return { start: Number(match[1]), length: Number(match[2]), sourceIndex: Number(match[3]) };
}

/** A source's AST read as far as this reader can: its root, or why it cannot be read. */
export type AstReading =
  { readonly kind: 'readable'; readonly unit: AstNode } | { readonly kind: 'unreadable'; readonly reason: string };

function unknownForm(detail: string, solcVersion: string | undefined): string {
  const version = solcVersion ? ` (solc ${solcVersion})` : '';
  return `an AST of a solc version Ledger Lens does not read${version}: ${detail}`;
}

/** Checks the root of one source's AST: a compact `SourceUnit`, or why not. */
export function readSourceUnit(ast: unknown, solcVersion?: string): AstReading {
  if (typeof ast !== 'object' || ast === null || Array.isArray(ast))
    return { kind: 'unreadable', reason: unknownForm('it is not a JSON object', solcVersion) };
  const root = ast as Record<string, unknown>;
  if (typeof root['nodeType'] !== 'string') {
    const legacy = typeof root['name'] === 'string' && Array.isArray(root['children']);
    const detail = legacy
      ? 'the legacy form (`name` and `children`) of solc before 0.5; compile with a newer solc'
      : 'its nodes have no `nodeType`';
    return { kind: 'unreadable', reason: unknownForm(detail, solcVersion) };
  }
  if (root['nodeType'] !== 'SourceUnit')
    return {
      kind: 'unreadable',
      reason: unknownForm(`its root is a ${String(root['nodeType']).slice(0, 40)}, not a SourceUnit`, solcVersion),
    };
  return { kind: 'readable', unit: root as AstNode };
}

/** Every node of a compilation's ASTs that has an id, found once per compilation. */
export interface AstIndex {
  /** Node id → node (ids are unique across one compilation's sources). */
  readonly byId: ReadonlyMap<number, AstNode>;
  /** Source id → its SourceUnit, for the readable ASTs. */
  readonly units: ReadonlyMap<number, AstNode>;
  /** Why an AST could not be read (the first one found), when one could not. */
  readonly unreadable?: string;
  /** Whether the node budget ran out before every node was read. */
  readonly truncated: boolean;
  readonly nodes: number;
}

/**
 * The nodes directly under `node`, in field order: every field holding a node or an array of them
 * (the compact AST keeps children under many names: `nodes`, `body`, `statements`, `expression`,
 * `arguments`, `leftHandSide`…).
 */
export function childrenOf(node: AstNode): AstNode[] {
  const out: AstNode[] = [];
  for (const key in node) {
    const value = node[key];
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (isAstNode(item)) out.push(item);
    } else if (isAstNode(value)) out.push(value);
  }
  return out;
}

const indexes = new WeakMap<ReadonlyMap<number, unknown>, AstIndex>();

/**
 * The id index of the detail's ASTs, built on first use and kept while the detail's `asts` map
 * lives (details that share one map share the index).
 */
export function astIndex(detail: CompiledContractDetail, budget: number = MAX_AST_NODES): AstIndex {
  const cached = indexes.get(detail.asts);
  if (cached) return cached;
  const index = buildIndex(detail.asts, detail.ref.solcVersion, budget);
  indexes.set(detail.asts, index);
  return index;
}

function buildIndex(asts: ReadonlyMap<number, unknown>, solcVersion: string | undefined, budget: number): AstIndex {
  const byId = new Map<number, AstNode>();
  const units = new Map<number, AstNode>();
  let unreadable: string | undefined;
  let nodes = 0;
  let truncated = false;
  for (const [sourceId, ast] of asts) {
    const reading = readSourceUnit(ast, solcVersion);
    if (reading.kind === 'unreadable') {
      unreadable ??= reading.reason;
      continue;
    }
    units.set(sourceId, reading.unit);
    const stack: AstNode[] = [reading.unit];
    while (stack.length > 0) {
      if (nodes >= budget) {
        truncated = true;
        break;
      }
      const node = stack.pop() as AstNode;
      nodes++;
      const id = integerField(node, 'id');
      if (id !== undefined && !byId.has(id)) byId.set(id, node);
      const children = childrenOf(node);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
    if (truncated) break;
  }
  return { byId, units, truncated, nodes, ...(unreadable !== undefined ? { unreadable } : {}) };
}
