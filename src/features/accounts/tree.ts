// The Accounts view's TreeDataProvider: a thin adapter from the store's nodes (store.ts) to
// TreeItems (common/treeItem.ts). Tooltips are Markdown the nodes already escaped.
import * as vscode from 'vscode';
import { AccountsStore, type AccountsStoreOptions } from './store';
import type { AccountNode, AccountsNode } from './nodes';
import { markdown, toTreeItem } from '../common/treeItem';
import { Disposable } from '../../util/lifecycle';

export class AccountsProvider extends Disposable implements vscode.TreeDataProvider<AccountsNode> {
  private readonly changed = this._register(new vscode.EventEmitter<AccountsNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  readonly store: AccountsStore;

  constructor(options: Omit<AccountsStoreOptions, 'changed'>) {
    super();
    this.store = new AccountsStore({ ...options, changed: node => this.changed.fire(node) });
    this._register({ dispose: () => this.store.dispose() });
  }

  getTreeItem(node: AccountsNode): vscode.TreeItem {
    return toTreeItem(node, node.item());
  }

  /** Tooltips are built on hover only: 1000 token rows should not each format Markdown up front. */
  resolveTreeItem(item: vscode.TreeItem, node: AccountsNode): vscode.TreeItem {
    const tooltip = node.tooltip();
    if (tooltip !== undefined) item.tooltip = markdown(tooltip);
    return item;
  }

  getChildren(node?: AccountsNode): Promise<AccountsNode[]> {
    return this.store.children(node);
  }

  getParent(node: AccountsNode): AccountsNode | undefined {
    return node.parent;
  }

  /** Redraws every node (what is shown changed, not what was loaded). */
  refresh(): void {
    this.changed.fire(undefined);
  }

  /**
   * Redraws the rows that show an age (`5 min ago`), so it stays true while the view is shown; no
   * request: the rows are rebuilt from what was loaded.
   */
  redrawAges(): void {
    for (const account of this.store.accounts) {
      if (account.list.rows.length > 0) this.changed.fire(account.transactions);
    }
  }

  /** The account node for an id, if listed. */
  find(id: string): AccountNode | undefined {
    return this.store.find(id);
  }
}
