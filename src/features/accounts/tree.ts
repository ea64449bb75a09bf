// The Accounts view's TreeDataProvider: a thin adapter from the store's nodes (store.ts) to
// TreeItems. Tooltips are Markdown the store already escaped; nothing here is trusted markup.
import * as vscode from 'vscode';
import { AccountsStore, type AccountNode, type AccountsNode, type AccountsStoreOptions, type ItemData } from './store';
import { Disposable } from '../../util/lifecycle';

const COLLAPSIBLE = {
  none: vscode.TreeItemCollapsibleState.None,
  collapsed: vscode.TreeItemCollapsibleState.Collapsed,
  expanded: vscode.TreeItemCollapsibleState.Expanded,
} as const;

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

  /** The account node for an id, if listed. */
  find(id: string): AccountNode | undefined {
    return this.store.find(id);
  }
}

export function toTreeItem(node: AccountsNode, data: ItemData): vscode.TreeItem {
  const item = new vscode.TreeItem(data.label, COLLAPSIBLE[data.collapsible]);
  item.id = data.id;
  if (data.description !== undefined) item.description = data.description;
  if (data.icon) {
    item.iconPath = new vscode.ThemeIcon(data.icon, data.iconColor ? new vscode.ThemeColor(data.iconColor) : undefined);
  }
  if (data.contextValue) item.contextValue = data.contextValue;
  if (data.command) {
    item.command = {
      command: data.command.id,
      title: data.command.title,
      arguments: data.command.args ? [...data.command.args] : [node],
    };
  }
  item.accessibilityInformation = { label: data.description ? `${data.label}, ${data.description}` : data.label };
  return item;
}

/** Untrusted Markdown: no command links, no HTML, no theme icons. The text is already escaped. */
export function markdown(text: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(text);
  md.isTrusted = false;
  md.supportHtml = false;
  md.supportThemeIcons = false;
  return md;
}
