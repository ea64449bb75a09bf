// The inferred revert site: from the function a call selected and the error its revert decoded to,
// the statements of the contract's source (read from solc's AST) that can produce that error. One
// left: it is the site; several: all of them ("one of"); none: why, in words. The AST and the source
// text come from workspace files: read through the guarded accessors of ast.ts, with budgets, and
// every way they can fail to fit (no AST, an AST of another form, offsets outside the text) ends in
// an answer, never an exception. Answers are kept per detail, so a panel redrawing asks once.
import { keccak256, stringToBytes } from '../abi/viem';
import { astIndex, childNodes, integerList, sourceRange, stringField, type AstIndex, type AstNode } from './ast';
import { SourceLines } from './lines';
import { describeRevert, siteMatcher } from './sitesMatch';
import { walkReachable, type FoundSite, type WalkResult } from './sitesWalk';
import type { CompiledContractDetail, CompiledSource, RevertSite, RevertToFind, SiteAnswer } from './types';

export interface InferSitesOptions {
  /**
   * The text of a source whose compiled text the output does not carry (Foundry's out/): the
   * workspace file. Asked once per source and detail; when the output has the source's keccak-256,
   * a text that does not hash to it is not used (the file changed since it was compiled).
   */
  text?(source: CompiledSource): string | undefined;
}

/** The longest source text read (in UTF-16 code units): far beyond any real Solidity file. */
export const MAX_SOURCE_TEXT_CHARS = 16 * 1024 * 1024;
/** Answers kept per detail before the oldest are dropped. */
const MAX_CACHED_ANSWERS = 512;
const SELECTOR = /^0x[0-9a-fA-F]{8}$/;

interface DetailState {
  readonly answers: Map<string, SiteAnswer>;
  /** Per source id: its line table, or why its text cannot be used. */
  readonly lines: Map<number, SourceLines | string>;
  /** Whether the answer being made met a workspace text it could not use (then neither is kept). */
  missedWorkspaceText: boolean;
}

const states = new WeakMap<CompiledContractDetail, DetailState>();

function stateOf(detail: CompiledContractDetail): DetailState {
  let state = states.get(detail);
  if (!state) {
    state = { answers: new Map(), lines: new Map(), missedWorkspaceText: false };
    states.set(detail, state);
  }
  return state;
}

function revertKey(revert: RevertToFind): string {
  switch (revert.kind) {
    case 'custom':
      return `c:${revert.name}:${revert.selector.toLowerCase()}`;
    case 'error-string':
      return `s:${revert.reason}`;
    case 'panic':
      return `p:${revert.code}`;
    case 'empty':
      return 'e';
  }
}

/**
 * Where in the contract's source the revert of a call to `selector` (undefined: a call without a
 * selector, which runs `receive` or `fallback`) with the decoded error `revert` can come from.
 */
export function inferSites(
  detail: CompiledContractDetail,
  selector: string | undefined,
  revert: RevertToFind,
  options: InferSitesOptions = {},
): SiteAnswer {
  const state = stateOf(detail);
  const key = `${selector?.toLowerCase() ?? '-'}|${revertKey(revert)}`;
  const cached = state.answers.get(key);
  if (cached) return cached;
  state.missedWorkspaceText = false;
  const answer = answerFor(detail, selector, revert, options, state);
  // The workspace file may be the compiled text again by the next ask (an edit undone).
  if (state.missedWorkspaceText) return answer;
  if (state.answers.size >= MAX_CACHED_ANSWERS) state.answers.delete(state.answers.keys().next().value as string);
  state.answers.set(key, answer);
  return answer;
}

function none(reason: string): SiteAnswer {
  return { kind: 'none', reason };
}

/** Where the AST comes from, for the compiler output at hand. */
function noAstReason(detail: CompiledContractDetail): string {
  const { contractName, sourceName, origin } = detail.ref;
  const setting =
    origin.kind === 'hardhat-build-info'
      ? "Hardhat's build-info has it by default: recompile with `npx hardhat compile --force`"
      : origin.kind === 'foundry'
        ? 'Foundry writes it with `ast = true` in foundry.toml, or with `forge build --build-info`'
        : 'solc writes it when the outputSelection asks for it: `"*": { "": ["ast"] }`';
  return `The compiler output of ${contractName} (${sourceName}, ${origin.file}) has no AST, which the inferred revert site needs. ${setting}.`;
}

function answerFor(
  detail: CompiledContractDetail,
  selector: string | undefined,
  revert: RevertToFind,
  options: InferSitesOptions,
  state: DetailState,
): SiteAnswer {
  if (detail.asts.size === 0) return none(noAstReason(detail));
  const index = astIndex(detail);
  if (index.unreadable !== undefined)
    return none(`The compiler output of ${detail.ref.contractName} has ${index.unreadable}.`);
  const contract = findContract(index, detail);
  if (!contract) return none(missingContractReason(index, detail));
  const bases = linearized(contract, index);
  const entry = findEntry(detail, bases, selector);
  if (entry.kind === 'none') return none(entry.reason);
  if (entry.kind === 'getter') return getterAnswer(detail, entry.node, entry.label, revert, options, state);
  const matcher = siteMatcher(revert);
  if (typeof matcher !== 'function') return none(`${matcher.reason}.`);
  const walk = walkReachable(entry.node, bases, index, matcher);
  return placed(walk.sites, detail, options, state) ?? none(noSiteReason(entry.label, revert, walk, index));
}

function findContract(index: AstIndex, detail: CompiledContractDetail): AstNode | undefined {
  const { contractName, sourceName } = detail.ref;
  const named = (unit: AstNode | undefined) =>
    unit &&
    childNodes(unit, 'nodes').find(n => n.nodeType === 'ContractDefinition' && stringField(n, 'name') === contractName);
  for (const source of detail.sources.values())
    if (!source.generated && source.name === sourceName) {
      const found = named(index.units.get(source.id));
      if (found) return found;
    }
  // Sources listed under other ids than the AST's: the unit that says it is that file.
  for (const unit of index.units.values())
    if (stringField(unit, 'absolutePath') === sourceName) {
      const found = named(unit);
      if (found) return found;
    }
  return undefined;
}

function missingContractReason(index: AstIndex, detail: CompiledContractDetail): string {
  const { contractName, sourceName } = detail.ref;
  const hasUnit =
    [...detail.sources.values()].some(s => s.name === sourceName && index.units.has(s.id)) ||
    [...index.units.values()].some(unit => stringField(unit, 'absolutePath') === sourceName);
  return hasUnit
    ? `The AST of ${sourceName} has no contract ${contractName} (an AST of another shape?).`
    : `The compiler output has no AST for ${sourceName}, where ${contractName} is.`;
}

/** The contract and its bases, most derived first (solc's `linearizedBaseContracts`). */
function linearized(contract: AstNode, index: AstIndex): AstNode[] {
  const bases = integerList(contract, 'linearizedBaseContracts')
    .map(id => index.byId.get(id))
    .filter((n): n is AstNode => n?.nodeType === 'ContractDefinition');
  return bases.includes(contract) ? bases : [contract, ...bases];
}

type Entry =
  | { readonly kind: 'function' | 'getter'; readonly node: AstNode; readonly label: string }
  | { readonly kind: 'none'; readonly reason: string };

function findEntry(detail: CompiledContractDetail, bases: readonly AstNode[], selector: string | undefined): Entry {
  const contractName = detail.ref.contractName;
  const members = bases.flatMap(base => childNodes(base, 'nodes'));
  const label = (node: AstNode) =>
    `${contractName}.${stringField(node, 'name') || stringField(node, 'kind') || 'function'}`;
  if (selector !== undefined) {
    if (!SELECTOR.test(selector))
      return { kind: 'none', reason: `${JSON.stringify(selector.slice(0, 20))} is not a function selector.` };
    const wanted = selector.slice(2).toLowerCase();
    for (const node of members) {
      if (stringField(node, 'functionSelector')?.toLowerCase() !== wanted) continue;
      if (node.nodeType === 'VariableDeclaration') return { kind: 'getter', node, label: label(node) };
      if (node.nodeType === 'FunctionDefinition' && node['body'] !== undefined)
        return { kind: 'function', node, label: label(node) };
    }
    const signature = detail.selectors.get(selector.toLowerCase());
    if (signature !== undefined)
      return { kind: 'none', reason: `The AST has no body for ${contractName}.${signature} (${selector}).` };
  }
  const byKind = (kind: string) =>
    members.find(
      n => n.nodeType === 'FunctionDefinition' && stringField(n, 'kind') === kind && n['body'] !== undefined,
    );
  const fallback = (selector === undefined ? byKind('receive') : undefined) ?? byKind('fallback');
  if (fallback) return { kind: 'function', node: fallback, label: label(fallback) };
  const call = selector === undefined ? 'a call without a selector' : `a call to ${selector}`;
  const missing = selector === undefined ? 'no receive or fallback function' : 'no such function and no fallback';
  return {
    kind: 'none',
    reason: `${contractName} has ${missing}: ${call} reverts in the dispatcher solc generates, not at a statement of the source.`,
  };
}

/** A public state variable's getter: its only site is an array index (Panic 0x32) on the way. */
function getterAnswer(
  detail: CompiledContractDetail,
  variable: AstNode,
  label: string,
  revert: RevertToFind,
  options: InferSitesOptions,
  state: DetailState,
): SiteAnswer {
  const type = variable['typeDescriptions'] as { typeIdentifier?: unknown } | undefined;
  const indexesArray = typeof type?.typeIdentifier === 'string' && type.typeIdentifier.includes('t_array');
  if (revert.kind === 'panic' && revert.code === 0x32n && indexesArray) {
    const site = placed(
      [{ node: variable, statement: undefined, kind: 'panic', via: undefined }],
      detail,
      options,
      state,
    );
    if (site) return site;
  }
  return none(
    `${label} is a public state variable's getter, generated by the compiler: it has no statement that raises ${describeRevert(revert)}` +
      (indexesArray ? ' (it raises only Panic(0x32), for an index past the end)' : '') +
      '. Without data it reverts when sent value or given calldata that does not decode.',
  );
}

function noSiteReason(label: string, revert: RevertToFind, walk: WalkResult, index: AstIndex): string {
  const parts = [
    `No statement that ${label} runs (with its modifiers and the internal functions it calls) raises ${describeRevert(revert)}`,
  ];
  if (revert.kind === 'empty')
    parts.push(
      'solc also reverts without data on its own checks: value sent to a function that is not payable, calldata that does not decode, a call to an address without code',
    );
  if (walk.externalCalls)
    parts.push('it makes external calls, whose revert comes back through it: see the failed call in the trace');
  if (walk.assembly) parts.push('it has inline assembly, which can revert with any data');
  if (walk.truncated || index.truncated) parts.push('the search stopped at its node budget, so this is not certain');
  return `${parts.join('; ')}.`;
}

/** The sites as places in their sources, or undefined for none; sites that cannot be placed make the reason. */
function placed(
  found: readonly FoundSite[],
  detail: CompiledContractDetail,
  options: InferSitesOptions,
  state: DetailState,
): SiteAnswer | undefined {
  if (found.length === 0) return undefined;
  const sites: RevertSite[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const one of found) {
    const site = place(one, detail, options, state);
    if (typeof site === 'string') {
      problems.push(site);
      continue;
    }
    const key = `${site.sourceName}:${site.start}:${site.length}:${site.kind}`;
    if (!seen.has(key)) sites.push(site);
    seen.add(key);
  }
  if (sites.length > 0) return { kind: 'inferred', sites };
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return none(`The revert can come from ${found.length} statement(s) that cannot be shown: ${problems[0]}${more}.`);
}

/** One site in its source, or why it cannot be placed. */
function place(
  found: FoundSite,
  detail: CompiledContractDetail,
  options: InferSitesOptions,
  state: DetailState,
): RevertSite | string {
  const range = sourceRange(found.node);
  if (!range) return `a ${found.node.nodeType} of the AST has no source range`;
  const source = detail.sources.get(range.sourceIndex);
  if (!source) return `the AST points to source ${range.sourceIndex}, which the compiler output does not list`;
  const lines = linesOf(source, options, state);
  if (typeof lines === 'string') return lines;
  const where = lines.range(range.start, range.length);
  if (!where)
    return `the AST points outside ${source.name} (bytes ${range.start}–${range.start + range.length} of ${lines.byteLength})`;
  const statement = found.statement ? sourceRange(found.statement) : undefined;
  const text =
    statement && statement.sourceIndex === range.sourceIndex
      ? lines.excerpt(statement.start, statement.length)
      : undefined;
  return {
    sourceName: source.name,
    start: range.start,
    length: range.length,
    ...where,
    text: text ?? where.text,
    kind: found.kind,
    ...(found.via !== undefined ? { via: found.via } : {}),
  };
}

function linesOf(source: CompiledSource, options: InferSitesOptions, state: DetailState): SourceLines | string {
  const known = state.lines.get(source.id);
  if (known !== undefined) return known;
  const lines = readLines(source, options);
  if (typeof lines === 'string' && source.content === undefined) state.missedWorkspaceText = true;
  else state.lines.set(source.id, lines);
  return lines;
}

function readLines(source: CompiledSource, options: InferSitesOptions): SourceLines | string {
  let text = source.content;
  if (text === undefined) {
    text = options.text?.(source);
    if (text === undefined) return `the text of ${source.name} is neither in the compiler output nor in the workspace`;
    if (source.keccak256 !== undefined && text.length <= MAX_SOURCE_TEXT_CHARS) {
      if (keccak256(stringToBytes(text)).toLowerCase() !== source.keccak256.toLowerCase())
        return `${source.name} has changed since it was compiled (its keccak-256 is not the compiler's)`;
    }
  }
  if (typeof text !== 'string' || text.length > MAX_SOURCE_TEXT_CHARS)
    return `the text of ${source.name} is over the ${MAX_SOURCE_TEXT_CHARS} characters read`;
  return new SourceLines(text);
}
