// A tree view whose feature loads on first use: the view is created at activation (VS Code needs
// its data provider then) with a stand-in provider, and the first call VS Code makes to it (the view
// shown, so its children asked) loads the feature, whose own provider the stand-in then forwards
// to. A view nobody opens costs its feature's code nothing; a command of the feature or a read of
// `exports.features[name]` loads it too (lazyFeature.ts), and it takes the same view.
import * as vscode from 'vscode';

/** The view a lazily loaded feature is handed instead of creating its own. */
export interface ViewSlot<T> {
  readonly treeView: vscode.TreeView<T>;
  /** Makes `provider` the view's data provider (once; the feature's own). */
  attach(provider: vscode.TreeDataProvider<T>): vscode.Disposable;
}

export interface LazyView<T> extends vscode.Disposable {
  readonly slot: ViewSlot<T>;
}

/**
 * Creates the view `viewId` at once and calls `load` (which must attach a provider to `slot`) the
 * first time VS Code asks the view for anything.
 */
export function lazyTreeView<T>(viewId: string, options: { showCollapseAll?: boolean }, load: () => void): LazyView<T> {
  const changed = new vscode.EventEmitter<T | T[] | undefined | null | void>();
  let real: vscode.TreeDataProvider<T> | undefined;
  let forwarding: vscode.Disposable | undefined;
  const provider = (): vscode.TreeDataProvider<T> | undefined => {
    if (!real) load();
    return real;
  };
  const standIn: vscode.TreeDataProvider<T> = {
    onDidChangeTreeData: changed.event,
    getChildren: element => provider()?.getChildren(element) ?? [],
    getTreeItem: element => {
      const p = provider();
      if (!p) throw new Error(`${viewId}: its feature did not load`);
      return p.getTreeItem(element);
    },
    getParent: element => provider()?.getParent?.(element),
    resolveTreeItem: (item, element, token) => provider()?.resolveTreeItem?.(item, element, token) ?? item,
  };
  const treeView = vscode.window.createTreeView(viewId, { treeDataProvider: standIn, ...options });
  const slot: ViewSlot<T> = {
    treeView,
    attach: p => {
      if (real) throw new Error(`${viewId} already has its provider`);
      real = p;
      forwarding = p.onDidChangeTreeData?.(e => changed.fire(e));
      return new vscode.Disposable(() => {
        forwarding?.dispose();
        forwarding = undefined;
        real = undefined;
      });
    },
  };
  return {
    slot,
    dispose: () => {
      forwarding?.dispose();
      changed.dispose();
      treeView.dispose();
    },
  };
}
