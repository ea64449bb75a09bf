// The stand-ins a mounted feature (src/lazyFeature.ts) puts in VS Code for the providers VS Code
// calls, one per contribution kind of its manifest: panel serializers, the hover, a CodeLens
// provider, terminal links, a document provider, and its tree view's data provider. Each loads
// the feature on first use and hands it the call; events the feature fires are forwarded.
import * as vscode from 'vscode';
import type { Services } from '../app/services';
import type { FeatureManifest, ViewSlot } from './manifest';

/** The stand-ins of the providers VS Code calls: panel serializers, hover, CodeLens, terminal links, documents. */
export function providerStandIns(
  { panels, hover, codeLens, terminalLinks, documents }: FeatureManifest,
  services: Services,
  forward: <T>(use: (feature: never) => T) => T,
  forwardLoaded: <T>(use: (feature: never) => T) => T,
  afterLoad: (() => void)[],
): vscode.Disposable[] {
  const standIns: vscode.Disposable[] = [];
  for (const panel of panels ?? []) {
    standIns.push(
      vscode.window.registerWebviewPanelSerializer(panel.viewType, {
        deserializeWebviewPanel: async (webview, state: unknown) => forward(f => panel.revive(f, webview, state)),
      }),
    );
  }
  if (hover) {
    const mayHover = (d: vscode.TextDocument, p: vscode.Position) =>
      hover.mayHover(services, d.lineAt(p.line).text, p.character, d.languageId);
    standIns.push(
      vscode.languages.registerHoverProvider(
        { scheme: '*' },
        {
          provideHover: (d, p, token) =>
            mayHover(d, p) ? forward(f => hover.provider(f).provideHover(d, p, token)) : undefined,
        },
      ),
    );
  }
  if (codeLens) {
    const changed = new vscode.EventEmitter<void>();
    afterLoad.push(() => forwardLoaded(f => codeLens.provider(f).onDidChangeCodeLenses?.(() => changed.fire())));
    standIns.push(
      changed,
      vscode.languages.registerCodeLensProvider(codeLens.selector, {
        onDidChangeCodeLenses: changed.event,
        provideCodeLenses: (d, token) => forward(f => codeLens.provider(f).provideCodeLenses(d, token)),
        resolveCodeLens: (lens, token) => forward(f => codeLens.provider(f).resolveCodeLens?.(lens, token) ?? lens),
      }),
    );
  }
  if (terminalLinks) {
    standIns.push(
      vscode.window.registerTerminalLinkProvider({
        provideTerminalLinks: (context, token) =>
          forward(f => terminalLinks.provider(f).provideTerminalLinks(context, token)),
        handleTerminalLink: link => forward(f => terminalLinks.provider(f).handleTerminalLink(link)),
      }),
    );
  }
  if (documents) {
    // A document of the scheme loads the feature (a tab restored after a reload asks for its text).
    const changed = new vscode.EventEmitter<vscode.Uri>();
    afterLoad.push(() => forwardLoaded(f => documents.provider(f).onDidChange?.(uri => changed.fire(uri))));
    const provideTextDocumentContent = (uri: vscode.Uri, token: vscode.CancellationToken) =>
      forward(f => documents.provider(f).provideTextDocumentContent(uri, token));
    standIns.push(
      changed,
      vscode.workspace.registerTextDocumentContentProvider(documents.scheme, {
        onDidChange: changed.event,
        provideTextDocumentContent,
      }),
    );
  }
  return standIns;
}

/**
 * The view, created now (VS Code needs its data provider at once) with a stand-in provider: the
 * first thing VS Code asks it (the view shown) loads the feature, which attaches its own.
 */
export function treeViewStandIn(
  spec: NonNullable<FeatureManifest['view']>,
  load: () => unknown,
  standIns: vscode.Disposable[],
  whenReady: <T>(then: () => T) => T | Promise<T> = then => then(),
): ViewSlot {
  const changed = new vscode.EventEmitter<unknown>();
  let real: vscode.TreeDataProvider<unknown> | undefined;
  const provider = (): vscode.TreeDataProvider<unknown> | undefined => {
    if (!real) load();
    return real;
  };
  const treeView = vscode.window.createTreeView<unknown>(spec.id, {
    showCollapseAll: spec.showCollapseAll ?? false,
    treeDataProvider: {
      onDidChangeTreeData: changed.event,
      // The first thing VS Code asks (the roots); the rest is asked of what it returned.
      getChildren: element =>
        whenReady(() => provider()?.getChildren(element) ?? []) as vscode.ProviderResult<unknown[]>,
      getTreeItem: element => provider()?.getTreeItem(element) ?? new vscode.TreeItem('…'),
      getParent: element => provider()?.getParent?.(element),
      resolveTreeItem: (item, element, token) => provider()?.resolveTreeItem?.(item, element, token) ?? item,
    },
  });
  standIns.push(treeView, changed);
  return {
    treeView,
    attach: p => {
      if (real) throw new Error(`${spec.id} already has its provider`);
      real = p;
      const forwarding = p.onDidChangeTreeData?.(e => changed.fire(e));
      return new vscode.Disposable(() => {
        forwarding?.dispose();
        real = undefined;
      });
    },
  };
}
