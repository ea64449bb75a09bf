// Turning a shared node's `ItemData` (common/nodes.ts) into a vscode.TreeItem, for every view.
// Tooltips are Markdown the nodes already escaped; nothing here is trusted markup.
import * as vscode from 'vscode';
import type { ItemData } from './nodes';

const COLLAPSIBLE = {
  none: vscode.TreeItemCollapsibleState.None,
  collapsed: vscode.TreeItemCollapsibleState.Collapsed,
  expanded: vscode.TreeItemCollapsibleState.Expanded,
} as const;

export function toTreeItem(node: unknown, data: ItemData): vscode.TreeItem {
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
  item.accessibilityInformation = {
    label: data.accessibilityLabel ?? (data.description ? `${data.label}, ${data.description}` : data.label),
  };
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
