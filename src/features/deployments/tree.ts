// The Contracts view: the workspace's deployments by network, and under each contract its Read
// and Simulate functions (with their last answers), its State, its History and where it was found.
// The State and History groups are read from the mirror node when expanded (state.ts, history.ts);
// everything else is the model the workspace's records make (discovery.ts).
import * as vscode from 'vscode';
import type { AbiFunction, IndexedItem } from '../../abi';
import { Disposable } from '../../util/lifecycle';
import { MessageNode, type TreeNode } from '../common/nodes';
import { markdown, toTreeItem } from '../common/treeItem';
import { EMPTY_MODEL, networksOf, type DeploymentsModel, type KnownDeployment } from './model';
import {
  DeploymentNode,
  FunctionNode,
  GroupNode,
  NetworkNode,
  OutcomeNode,
  RecordNode,
  type CallOutcome,
  type DeploymentsTreeNode,
} from './nodes';

/** A group read when expanded (State, History): its rows, or a message row. */
export interface GroupLoader {
  children(group: GroupNode): Promise<TreeNode[]>;
}

/** A row that has rows under it (a struct in State, a result's detail in History). */
export interface ParentNode extends TreeNode {
  children(): TreeNode[] | Promise<TreeNode[]>;
}

function hasChildren(node: TreeNode): node is ParentNode {
  return typeof (node as Partial<ParentNode>).children === 'function';
}

export interface DeploymentsProviderOptions {
  readonly state: GroupLoader;
  readonly history: GroupLoader;
}

/** Whether a function only reads (its Read row) or may write (its Simulate row). */
export function readsOnly(fn: AbiFunction): boolean {
  return fn.stateMutability === 'view' || fn.stateMutability === 'pure';
}

export class DeploymentsProvider extends Disposable implements vscode.TreeDataProvider<DeploymentsTreeNode> {
  private readonly changed = this._register(new vscode.EventEmitter<DeploymentsTreeNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private model: DeploymentsModel = EMPTY_MODEL;
  /** Whether the first discovery finished (the view says "Looking…" until then). */
  private discovered = false;
  private readonly outcomes = new Map<string, CallOutcome>();
  private networkNodes = new Map<string, NetworkNode>();
  private deploymentNodes = new Map<string, DeploymentNode>();
  private readonly notes = new Map<string, string>();

  constructor(private readonly options: DeploymentsProviderOptions) {
    super();
  }

  get current(): DeploymentsModel {
    return this.model;
  }

  /** Takes a new model (the records changed, or the ABI index did); the view redraws. */
  setModel(model: DeploymentsModel): void {
    this.model = model;
    this.discovered = true;
    this.networkNodes = new Map();
    this.deploymentNodes = new Map();
    for (const network of networksOf(model)) {
      const count = model.deployments.filter(d => d.network === network).length;
      this.networkNodes.set(network, new NetworkNode(network, count));
    }
    for (const d of model.deployments) {
      const parent = this.networkNodes.get(d.network);
      if (parent) this.deploymentNodes.set(d.key, new DeploymentNode(parent, d, this.notes.get(d.key)));
    }
    this.changed.fire(undefined);
  }

  /** A line about a deployment from the mirror node (its code differs from the artifact, not found). */
  setNote(key: string, note: string | undefined): void {
    if (note === undefined) this.notes.delete(key);
    else this.notes.set(key, note);
    const node = this.deploymentNodes.get(key);
    if (node) {
      const fresh = new DeploymentNode(node.parent, node.deployment, note);
      this.deploymentNodes.set(key, fresh);
      this.changed.fire(undefined);
    }
  }

  /** The node of a deployment, for reveal (the CodeLens opens it). */
  nodeOf(key: string): DeploymentNode | undefined {
    return this.deploymentNodes.get(key);
  }

  /** Records a function's answer; its row redraws with it. */
  setOutcome(d: KnownDeployment, mode: 'read' | 'simulate', fn: IndexedItem<AbiFunction>, outcome: CallOutcome): void {
    this.outcomes.set(outcomeKey(d, mode, fn), outcome);
    this.changed.fire(undefined);
  }

  outcomeOf(d: KnownDeployment, mode: 'read' | 'simulate', fn: IndexedItem<AbiFunction>): CallOutcome | undefined {
    return this.outcomes.get(outcomeKey(d, mode, fn));
  }

  /** Redraws one row (undefined: the whole view). */
  refreshNode(node?: DeploymentsTreeNode): void {
    this.changed.fire(node);
  }

  getTreeItem(node: DeploymentsTreeNode): vscode.TreeItem {
    return toTreeItem(node, node.item());
  }

  resolveTreeItem(item: vscode.TreeItem, node: DeploymentsTreeNode): vscode.TreeItem {
    const tip = node.tooltip();
    if (tip !== undefined) item.tooltip = markdown(tip);
    return item;
  }

  getParent(node: DeploymentsTreeNode): DeploymentsTreeNode | undefined {
    return node.parent;
  }

  async getChildren(node?: DeploymentsTreeNode): Promise<DeploymentsTreeNode[]> {
    if (node === undefined) return this.roots();
    if (node instanceof NetworkNode) {
      return [...this.deploymentNodes.values()].filter(d => d.parent.network === node.network);
    }
    if (node instanceof DeploymentNode) return this.groups(node);
    if (node instanceof GroupNode) return this.groupChildren(node);
    if (node instanceof FunctionNode) {
      return (node.outcome?.lines ?? []).map(
        (l, i) => new OutcomeNode(node, `${node.item().id}:out:${i}`, l.label, l.value),
      );
    }
    if (hasChildren(node)) return node.children();
    return [];
  }

  private roots(): DeploymentsTreeNode[] {
    if (!this.discovered)
      return [
        new MessageNode(undefined, 'deployments:looking', 'Looking for deployment records…', '', {
          icon: 'loading~spin',
        }),
      ];
    const nodes: DeploymentsTreeNode[] = [...this.networkNodes.values()];
    const problems = this.model.problems.length;
    if (problems > 0) {
      const first = this.model.problems[0];
      nodes.push(
        new MessageNode(
          undefined,
          'deployments:problems',
          `${problems} record${problems === 1 ? '' : 's'} not read`,
          `${first.file}: ${first.message}`,
          { icon: 'warning', context: 'problems' },
        ),
      );
    }
    // An empty view shows its welcome content (package.json viewsWelcome) instead of rows.
    return nodes;
  }

  private groups(node: DeploymentNode): DeploymentsTreeNode[] {
    const fns = node.deployment.contract?.functions ?? [];
    const reads = fns.filter(f => readsOnly(f.item)).length;
    const writes = fns.length - reads;
    const groups: DeploymentsTreeNode[] = [];
    if (!node.deployment.contract) {
      groups.push(
        new MessageNode(
          node,
          `deployment:${node.deployment.key}:noAbi`,
          'No ABI in the workspace for this contract',
          'compile the project, or add its artifact',
          { icon: 'info' },
        ),
      );
    }
    if (reads > 0) groups.push(new GroupNode(node, 'read', `${reads}`));
    if (writes > 0) groups.push(new GroupNode(node, 'simulate', `${writes}`));
    groups.push(new GroupNode(node, 'state'), new GroupNode(node, 'history'));
    groups.push(new GroupNode(node, 'found', `${node.deployment.sources.length}`));
    return groups;
  }

  private async groupChildren(group: GroupNode): Promise<DeploymentsTreeNode[]> {
    const d = group.deployment;
    switch (group.group) {
      case 'read':
      case 'simulate': {
        const mode = group.group;
        const fns = (d.contract?.functions ?? []).filter(f => readsOnly(f.item) === (mode === 'read'));
        return [...fns]
          .sort((a, b) => a.item.name.localeCompare(b.item.name) || a.signature.localeCompare(b.signature))
          .map(f => new FunctionNode(group, f, mode, this.outcomeOf(d, mode, f)));
      }
      case 'state':
        return this.options.state.children(group);
      case 'history':
        return this.options.history.children(group);
      case 'found':
        return d.sources.map(s => new RecordNode(group, s));
    }
  }
}

function outcomeKey(d: KnownDeployment, mode: 'read' | 'simulate', fn: IndexedItem<AbiFunction>): string {
  return `${d.key}\n${mode}\n${fn.signature}`;
}
