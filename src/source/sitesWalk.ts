// What a function can run without leaving its contract's code: its body, the modifiers it invokes
// (their bodies around `_`), and the internal functions it calls (in its contract or a base, through
// `super`, internal library functions, free functions, user-defined operators), transitively. Each
// is walked once (a visited set), breadth first so the nearest sites come first, every node counted
// against one budget. External calls run in another frame (the trace has that frame): they are only
// noted, so a reason can say the error may have come from there.
import {
  booleanField,
  childNode,
  childNodes,
  childrenOf,
  integerField,
  sourceRange,
  stringField,
  typeIdentifier,
  type AstIndex,
  type AstNode,
} from './ast';
import type { MatchContext, SiteMatcher } from './sitesMatch';
import type { RevertSiteKind } from './types';

/** The most AST nodes one search visits. */
export const MAX_WALK_NODES = 250_000;

/** A node that can produce the revert, the statement around it, and how the function reaches it. */
export interface FoundSite {
  readonly node: AstNode;
  /** The simple statement the node is in (its text is the site's text), when there is one. */
  readonly statement: AstNode | undefined;
  readonly kind: RevertSiteKind;
  /** The chain from the called function: `modifier onlyOwner`, `_move → SafeSub.sub`. */
  readonly via: string | undefined;
}

export interface WalkResult {
  readonly sites: readonly FoundSite[];
  /** Whether what was walked makes external calls (their errors come back through this frame). */
  readonly externalCalls: boolean;
  /** Whether what was walked has inline assembly (it can revert with any data). */
  readonly assembly: boolean;
  /** Whether the node budget ran out before the walk ended. */
  readonly truncated: boolean;
}

/** Statements whose text stands for the sites inside them (compound statements are too long). */
const SIMPLE_STATEMENTS = new Set([
  'ExpressionStatement',
  'VariableDeclarationStatement',
  'Return',
  'RevertStatement',
  'EmitStatement',
]);
const EXTERNAL_CALL = /^t_function_(external|delegatecall|barecall|bare|creation)/;

interface Callable {
  readonly node: AstNode;
  readonly path: readonly string[];
}

interface Frame {
  readonly node: AstNode;
  readonly unchecked: boolean;
  readonly statement: AstNode | undefined;
}

/** The parameter types of a function, to find its overrides (same name, same types). */
function parameterTypes(fn: AstNode): string {
  const list = childNode(fn, 'parameters');
  return list
    ? childNodes(list, 'parameters')
        .map(p => typeIdentifier(p) ?? '?')
        .join(',')
    : '';
}

class Walk {
  private readonly queue: Callable[] = [];
  private readonly visited = new Set<AstNode>();
  private readonly sites: FoundSite[] = [];
  private externalCalls = false;
  private assembly = false;
  private nodes = 0;

  constructor(
    private readonly index: AstIndex,
    /** The contract's linearized bases, most derived first (virtual calls resolve in this order). */
    private readonly bases: readonly AstNode[],
    private readonly matcher: SiteMatcher,
    private readonly budget: number,
  ) {}

  run(entry: AstNode): WalkResult {
    this.enqueue(entry, []);
    for (let next = 0; next < this.queue.length && this.nodes < this.budget; next++) {
      const { node, path } = this.queue[next];
      if (node.nodeType === 'FunctionDefinition') {
        for (const invocation of childNodes(node, 'modifiers')) {
          for (const argument of childNodes(invocation, 'arguments')) this.walkBody(argument, path);
          const modifier = this.modifierOf(invocation);
          if (modifier) this.enqueue(modifier, [...path, `modifier ${stringField(modifier, 'name') ?? '?'}`]);
        }
      }
      const body = childNode(node, 'body');
      if (body) this.walkBody(body, path);
    }
    return {
      sites: this.sites,
      externalCalls: this.externalCalls,
      assembly: this.assembly,
      truncated: this.nodes >= this.budget,
    };
  }

  private enqueue(node: AstNode, path: readonly string[]): void {
    if (this.visited.has(node)) return;
    this.visited.add(node);
    this.queue.push({ node, path });
  }

  private walkBody(root: AstNode, path: readonly string[]): void {
    const via = path.length > 0 ? path.join(' → ') : undefined;
    const checked: MatchContext = { unchecked: false, byId: this.index.byId };
    const inUnchecked: MatchContext = { unchecked: true, byId: this.index.byId };
    const found: FoundSite[] = [];
    const stack: Frame[] = [{ node: root, unchecked: false, statement: undefined }];
    while (stack.length > 0) {
      if (this.nodes >= this.budget) break;
      this.nodes++;
      const frame = stack.pop() as Frame;
      const { node } = frame;
      if (node.nodeType === 'InlineAssembly') {
        this.assembly = true;
        continue;
      }
      const unchecked = frame.unchecked || node.nodeType === 'UncheckedBlock';
      const statement = SIMPLE_STATEMENTS.has(node.nodeType) ? node : frame.statement;
      const kind = this.matcher(node, unchecked ? inUnchecked : checked);
      if (kind) found.push({ node, statement, kind, via });
      this.follow(node, path);
      const children = childrenOf(node);
      for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], unchecked, statement });
    }
    // In the order of the source (solc writes a node's fields in alphabetical order, not the code's).
    const startOf = (site: FoundSite) => sourceRange(site.node)?.start ?? Number.MAX_SAFE_INTEGER;
    this.sites.push(...found.sort((a, b) => startOf(a) - startOf(b)));
  }

  /** Queues the function a call or a user-defined operator runs in this frame, and notes external calls. */
  private follow(node: AstNode, path: readonly string[]): void {
    if (node.nodeType === 'BinaryOperation' || node.nodeType === 'UnaryOperation') {
      const operator = this.functionById(integerField(node, 'function'));
      if (operator) this.enqueue(operator, [...path, this.label(operator, false)]);
      return;
    }
    if (node.nodeType !== 'FunctionCall' || stringField(node, 'kind') !== 'functionCall') return;
    const callee = childNode(node, 'expression');
    if (!callee) return;
    const type = typeIdentifier(callee) ?? '';
    if (EXTERNAL_CALL.test(type)) {
      this.externalCalls = true;
      return;
    }
    const declared = this.functionById(integerField(callee, 'referencedDeclaration'));
    if (!declared) return;
    // Without a type (an AST that leaves it out), only what is certainly internal is followed.
    const visibility = stringField(declared, 'visibility');
    if (type === '' && visibility !== 'internal' && visibility !== 'private') return;
    if (type !== '' && !type.startsWith('t_function_internal')) return;
    const viaSuper = callee.nodeType === 'MemberAccess' && childNode(callee, 'expression')?.['name'] === 'super';
    const target = callee.nodeType === 'Identifier' ? this.override(declared) : declared;
    this.enqueue(target, [...path, this.label(target, viaSuper)]);
  }

  private functionById(id: number | undefined): AstNode | undefined {
    const node = id === undefined ? undefined : this.index.byId.get(id);
    return node?.nodeType === 'FunctionDefinition' && childNode(node, 'body') ? node : undefined;
  }

  /** The function a plain call of a virtual one runs: the most derived override in the bases. */
  private override(declared: AstNode): AstNode {
    if (booleanField(declared, 'virtual') !== true) return declared;
    const name = stringField(declared, 'name');
    const types = parameterTypes(declared);
    for (const base of this.bases) {
      for (const member of childNodes(base, 'nodes')) {
        if (member === declared) return declared;
        if (
          member.nodeType === 'FunctionDefinition' &&
          stringField(member, 'name') === name &&
          childNode(member, 'body') &&
          parameterTypes(member) === types
        )
          return member;
      }
    }
    return declared;
  }

  /** The modifier an invocation runs (the most derived override of a virtual one), if it is one. */
  private modifierOf(invocation: AstNode): AstNode | undefined {
    const name = childNode(invocation, 'modifierName');
    const id = name ? integerField(name, 'referencedDeclaration') : undefined;
    const declared = id === undefined ? undefined : this.index.byId.get(id);
    // A base constructor's arguments (`constructor() Base(1)`) reference a contract, not a modifier.
    if (declared?.nodeType !== 'ModifierDefinition') return undefined;
    if (booleanField(declared, 'virtual') !== true) return declared;
    const modifierName = stringField(declared, 'name');
    for (const base of this.bases) {
      for (const member of childNodes(base, 'nodes'))
        if (member.nodeType === 'ModifierDefinition' && stringField(member, 'name') === modifierName)
          return childNode(member, 'body') ? member : declared;
    }
    return declared;
  }

  /** `_move`, `SafeSub.sub` (a library's), `super._move`. */
  private label(fn: AstNode, viaSuper: boolean): string {
    const name = stringField(fn, 'name') ?? '?';
    if (viaSuper) return `super.${name}`;
    const scope = integerField(fn, 'scope');
    const container = scope === undefined ? undefined : this.index.byId.get(scope);
    if (container?.nodeType === 'ContractDefinition' && stringField(container, 'contractKind') === 'library')
      return `${stringField(container, 'name') ?? '?'}.${name}`;
    return name;
  }
}

/** Every site `matcher` accepts that the function (or fallback, receive) `entry` can reach. */
export function walkReachable(
  entry: AstNode,
  bases: readonly AstNode[],
  index: AstIndex,
  matcher: SiteMatcher,
  budget: number = MAX_WALK_NODES,
): WalkResult {
  return new Walk(index, bases, matcher, budget).run(entry);
}
