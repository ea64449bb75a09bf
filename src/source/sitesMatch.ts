// Which statements and expressions of solc's AST can produce a decoded revert: a custom error's
// `revert E(…)` and `require(cond, E(…))`; `Error(string)`'s `require(cond, "m")` and `revert("m")`;
// the compiler's Panic checks (assert, checked arithmetic, division, array bounds…); and the
// statements that revert without data. Only the node itself is judged here; the walk (sitesWalk.ts)
// decides which nodes the function can reach.
import { childNode, childNodes, integerField, stringField, typeIdentifier, typeString, type AstNode } from './ast';
import type { RevertSiteKind, RevertToFind } from './types';

/** What a matcher knows besides the node: whether it is inside `unchecked { }`, and the id index. */
export interface MatchContext {
  readonly unchecked: boolean;
  readonly byId: ReadonlyMap<number, AstNode>;
}

/** The kind of site `node` is for the revert looked for, or undefined when it cannot produce it. */
export type SiteMatcher = (node: AstNode, context: MatchContext) => RevertSiteKind | undefined;

const INTEGER = /^u?int\d*$/;
const OVERFLOW_BINARY = new Set(['+', '-', '*', '**']);
const OVERFLOW_ASSIGNMENT = new Set(['+=', '-=', '*=']);
const DIVISION_BINARY = new Set(['/', '%']);
const DIVISION_ASSIGNMENT = new Set(['/=', '%=']);
const INCREMENT = new Set(['++', '--']);

/** The name of the global function a call calls (`require`, `revert`, `assert`…), if it is one. */
function builtinCallee(node: AstNode): string | undefined {
  if (node.nodeType !== 'FunctionCall') return undefined;
  const callee = childNode(node, 'expression');
  if (!callee || callee.nodeType !== 'Identifier') return undefined;
  // Globals have negative declaration ids; a user's own function called `require` has its own id.
  const declaration = integerField(callee, 'referencedDeclaration');
  if (declaration !== undefined && declaration >= 0) return undefined;
  return stringField(callee, 'name');
}

function argumentsOf(call: AstNode): AstNode[] {
  return childNodes(call, 'arguments');
}

/** The custom error a call constructs (`E(…)`, `Lib.E(…)`), by name and selector when known. */
function errorConstructed(
  node: AstNode,
  byId: ReadonlyMap<number, AstNode>,
): { name: string; selector?: string } | undefined {
  if (node.nodeType !== 'FunctionCall') return undefined;
  const callee = childNode(node, 'expression');
  if (!callee) return undefined;
  const reference = integerField(callee, 'referencedDeclaration');
  const declaration = reference === undefined ? undefined : byId.get(reference);
  if (declaration?.nodeType === 'ErrorDefinition') {
    const name = stringField(declaration, 'name');
    const selector = stringField(declaration, 'errorSelector');
    return name === undefined ? undefined : { name, ...(selector !== undefined ? { selector } : {}) };
  }
  if (!typeIdentifier(callee)?.startsWith('t_function_error')) return undefined;
  const name = stringField(callee, callee.nodeType === 'MemberAccess' ? 'memberName' : 'name');
  return name === undefined ? undefined : { name };
}

function sameError(found: { name: string; selector?: string }, wanted: { name: string; selector: string }): boolean {
  if (found.name !== wanted.name) return false;
  return found.selector === undefined || `0x${found.selector.toLowerCase()}` === wanted.selector.toLowerCase();
}

function utf8Hex(text: string): string {
  let hex = '';
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * Whether a message argument can be `reason`: a string literal (or a constant holding one) that
 * says it, or an expression whose value the AST does not know.
 */
function messageCanBe(argument: AstNode, reason: string, byId: ReadonlyMap<number, AstNode>): boolean {
  let literal: AstNode | undefined = argument;
  if (argument.nodeType === 'Identifier') {
    const reference = integerField(argument, 'referencedDeclaration');
    const declaration = reference === undefined ? undefined : byId.get(reference);
    literal =
      declaration?.nodeType === 'VariableDeclaration' && declaration['constant'] === true
        ? childNode(declaration, 'value')
        : undefined;
  }
  if (literal?.nodeType !== 'Literal') return true;
  const value = stringField(literal, 'value');
  if (value !== undefined) return value === reason;
  const hex = stringField(literal, 'hexValue');
  return hex === undefined || hex.toLowerCase() === utf8Hex(reason);
}

function customErrorMatcher(wanted: { name: string; selector: string }): SiteMatcher {
  return (node, { byId }) => {
    if (node.nodeType === 'RevertStatement') {
      const call = childNode(node, 'errorCall');
      const error = call && errorConstructed(call, byId);
      return error && sameError(error, wanted) ? 'revert-error' : undefined;
    }
    if (builtinCallee(node) !== 'require') return undefined;
    const second = argumentsOf(node)[1];
    const error = second && errorConstructed(second, byId);
    return error && sameError(error, wanted) ? 'require-error' : undefined;
  };
}

function errorStringMatcher(reason: string): SiteMatcher {
  return (node, { byId }) => {
    const callee = builtinCallee(node);
    const args = callee === 'require' || callee === 'revert' ? argumentsOf(node) : [];
    const message = callee === 'require' ? args[1] : args[0];
    if (!message || args.length !== (callee === 'require' ? 2 : 1)) return undefined;
    if (typeIdentifier(message)?.startsWith('t_error') || errorConstructed(message, byId)) return undefined;
    if (!messageCanBe(message, reason, byId)) return undefined;
    return callee === 'require' ? 'require-message' : 'revert-message';
  };
}

/** `revert()` and `require(cond)`: the statements that revert with no data. */
const emptyMatcher: SiteMatcher = node => {
  const callee = builtinCallee(node);
  if (callee === 'revert' && argumentsOf(node).length === 0) return 'revert-message';
  if (callee === 'require' && argumentsOf(node).length === 1) return 'require-message';
  return undefined;
};

function isInteger(node: AstNode): boolean {
  return INTEGER.test(typeString(node) ?? '');
}

/** A user-defined operator (`using {add as +} for T`) calls its function: the walk follows that. */
function userOperator(node: AstNode): boolean {
  return integerField(node, 'function') !== undefined;
}

/** Panic(0x11): checked arithmetic on integers, outside `unchecked { }`. */
const overflowMatcher: SiteMatcher = (node, { unchecked }) => {
  if (unchecked || userOperator(node) || !isInteger(node)) return undefined;
  const operator = stringField(node, 'operator') ?? '';
  if (node.nodeType === 'BinaryOperation' && OVERFLOW_BINARY.has(operator)) return 'panic';
  if (node.nodeType === 'Assignment' && OVERFLOW_ASSIGNMENT.has(operator)) return 'panic';
  if (node.nodeType === 'UnaryOperation') {
    if (INCREMENT.has(operator)) return 'panic';
    // Negating the smallest signed value overflows; unsigned values cannot be negated.
    if (operator === '-' && (typeString(node) ?? '').startsWith('int')) return 'panic';
  }
  return undefined;
};

/** Panic(0x12): division or modulo by zero (checked in `unchecked { }` too), addmod and mulmod. */
const divisionMatcher: SiteMatcher = node => {
  const callee = builtinCallee(node);
  if (callee === 'addmod' || callee === 'mulmod') return 'panic';
  if (userOperator(node) || !isInteger(node)) return undefined;
  const operator = stringField(node, 'operator') ?? '';
  if (node.nodeType === 'BinaryOperation' && DIVISION_BINARY.has(operator)) return 'panic';
  if (node.nodeType === 'Assignment' && DIVISION_ASSIGNMENT.has(operator)) return 'panic';
  return undefined;
};

/** Panic(0x32): an index into an array or a byte array (mappings have no bounds). */
const boundsMatcher: SiteMatcher = node => {
  if (node.nodeType !== 'IndexAccess' || !childNode(node, 'indexExpression')) return undefined;
  const base = childNode(node, 'baseExpression');
  const type = base ? (typeIdentifier(base) ?? '') : '';
  return type.startsWith('t_array') || type.startsWith('t_bytes') ? 'panic' : undefined;
};

/** Panic(0x31): `.pop()` on an empty array. */
const popMatcher: SiteMatcher = node => {
  const callee = node.nodeType === 'FunctionCall' ? childNode(node, 'expression') : undefined;
  return callee?.nodeType === 'MemberAccess' && typeIdentifier(callee)?.startsWith('t_function_arraypop')
    ? 'panic'
    : undefined;
};

/** Panic(0x21): a number converted to an enum it has no member for. */
const enumMatcher: SiteMatcher = node => {
  if (node.nodeType !== 'FunctionCall' || stringField(node, 'kind') !== 'typeConversion') return undefined;
  const converted = argumentsOf(node)[0];
  return typeIdentifier(node)?.startsWith('t_enum') && converted && !typeIdentifier(converted)?.startsWith('t_enum')
    ? 'panic'
    : undefined;
};

const assertMatcher: SiteMatcher = node => (builtinCallee(node) === 'assert' ? 'assert' : undefined);

const PANIC_MATCHERS = new Map<bigint, SiteMatcher>([
  [0x01n, assertMatcher],
  [0x11n, overflowMatcher],
  [0x12n, divisionMatcher],
  [0x21n, enumMatcher],
  [0x31n, popMatcher],
  [0x32n, boundsMatcher],
]);

/** Why no statement is the site of the panic codes the compiler raises elsewhere than at one. */
const PANIC_WITHOUT_SITE = new Map<bigint, string>([
  [0x00n, 'Panic(0x00) is the generic panic solc inserts itself; no statement of the source raises it'],
  [
    0x22n,
    'Panic(0x22) means a storage byte array was incorrectly encoded: it comes from corrupted storage, not from a statement',
  ],
  [
    0x41n,
    'Panic(0x41) means too much memory was allocated (or an array too large was created): solc checks it wherever memory is allocated, not at one statement',
  ],
  [
    0x51n,
    'Panic(0x51) is a call to an internal function variable that was never set: the call site cannot be told from the AST',
  ],
]);

/** `0x11` for a panic code. */
export function panicCode(code: bigint): string {
  return `0x${code.toString(16).padStart(2, '0')}`;
}

/** The revert as the reasons name it: `InsufficientBalance`, `Error("…")`, `Panic(0x11)`, empty revert data. */
export function describeRevert(revert: RevertToFind): string {
  switch (revert.kind) {
    case 'custom':
      return revert.name;
    case 'error-string':
      return `Error(${JSON.stringify(revert.reason.length > 80 ? `${revert.reason.slice(0, 80)}…` : revert.reason)})`;
    case 'panic':
      return `Panic(${panicCode(revert.code)})`;
    case 'empty':
      return 'a revert without data';
  }
}

/** The matcher for `revert`, or why no statement can be its site. */
export function siteMatcher(revert: RevertToFind): SiteMatcher | { readonly reason: string } {
  switch (revert.kind) {
    case 'custom':
      return customErrorMatcher(revert);
    case 'error-string':
      return errorStringMatcher(revert.reason);
    case 'empty':
      return emptyMatcher;
    case 'panic': {
      const matcher = PANIC_MATCHERS.get(revert.code);
      if (matcher) return matcher;
      return {
        reason:
          PANIC_WITHOUT_SITE.get(revert.code) ??
          `Panic(${panicCode(revert.code)}) is not a panic code solc raises, so no statement of the source raises it`,
      };
    }
  }
}
