// What a feature says about itself, next to its code (src/features/<name>/manifest.ts): the
// commands, view, panels and providers it contributes, the settings it reads and how to load it.
// The root (src/extension.ts) mounts every manifest the build finds (build/extension-build.mjs);
// src/lazyFeature.ts puts a stand-in in VS Code for each contribution and loads the feature's
// module on first use. A manifest imports types only (and pure modules), so that startup costs
// nothing of the feature's code and a unit test can read every manifest without VS Code.
import type * as vscode from 'vscode';
import type { AbiIndex } from '../abi';
import type { Services } from '../app/services';
import type { LedgerLensConfig } from '../app/settings';
import type { PanelViewType } from '../../webview/panelKinds';
import type { CommandId, FeatureHost, Setting } from './context';

/** A stand-in provider's hand-over to the loaded feature (what it stored in `exports.features`). */
export interface Forward<F, T> {
  (feature: F): T;
}

export interface FeatureManifest<F = unknown, S = unknown> {
  /** Its key in `exports.features` (where the feature stores its testable parts) and in the log. */
  readonly name: string;
  /**
   * `activation`: loaded while the extension activates (the status item); `afterActivation`: on
   * the turn after (the workspace ABI scan); otherwise on first use of any contribution.
   */
  readonly start?: 'activation' | 'afterActivation';
  /** The command ids it registers; each has a stand-in until the feature is loaded. */
  readonly commands: readonly CommandId[];
  /** Its tree view, created at activation with a stand-in data provider (the first look loads it). */
  readonly view?: { readonly id: string; readonly showCollapseAll?: boolean };
  /** Its webview panel kinds: a restored panel goes to `revive` (the serializer is the stand-in's). */
  readonly panels?: readonly PanelRevival<F>[];
  /** A hover: `mayHover` is the cheap test the stand-in runs before loading anything. */
  readonly hover?: {
    mayHover(services: Services, line: string, character: number, languageId: string): boolean;
    provider(feature: F): vscode.HoverProvider;
  };
  /**
   * A CodeLens provider for the documents `selector` matches: the first document asked about loads
   * the feature (lenses are drawn for files the user has open, so this costs nothing before).
   */
  readonly codeLens?: { readonly selector: vscode.DocumentSelector; provider(feature: F): vscode.CodeLensProvider };
  /** A terminal link provider. */
  readonly terminalLinks?: { provider(feature: F): vscode.TerminalLinkProvider };
  /** A text document content provider for `scheme` (a document of it loads the feature). */
  readonly documents?: { readonly scheme: string; provider(feature: F): vscode.TextDocumentContentProvider };
  /**
   * Context keys its menus' `when` clauses read, from the settings: set at activation (before the
   * feature loads) and again whenever they change.
   */
  contextKeys?(config: LedgerLensConfig): Readonly<Record<`ledgerLens.${string}`, boolean>>;
  /** Its slice of the settings; its `Setting` is handed to `load` and disposed with the feature. */
  settings?(config: LedgerLensConfig): S;
  /** Requires the feature's module and registers it with the host it is given. */
  load(host: FeatureHost, mount: Mount<S>): vscode.Disposable;
}

export interface PanelRevival<F> {
  readonly viewType: PanelViewType;
  revive(feature: F, panel: vscode.WebviewPanel, state: unknown): Thenable<void> | void;
}

/** What a feature is loaded with, besides its host. */
export interface Mount<S> {
  readonly services: Services;
  readonly settings: Setting<S>;
  /** The ABI index every decoder reads (src/abi is required by the first feature that asks). */
  readonly abi: () => AbiIndex;
  /** The tree view its manifest declares, to attach its data provider to. */
  readonly view: ViewSlot | undefined;
}

/** The view a feature is handed instead of creating its own. */
export interface ViewSlot<T = unknown> {
  readonly treeView: vscode.TreeView<T>;
  /** Makes `provider` the view's data provider (once; the feature's own). */
  attach(provider: vscode.TreeDataProvider<T>): vscode.Disposable;
}

/** Types a manifest's `F` and `S` where it is written; the root holds them all alike. */
export function feature<F, S = undefined>(manifest: FeatureManifest<F, S>): FeatureManifest {
  return manifest;
}

/**
 * What the features that read the selected network take of the services: its client (read at call
 * time: it is replaced when the network changes), the event of that change, and the log.
 */
export function selectedMirror(services: Services): {
  readonly mirror: () => Services['mirror'];
  readonly onDidChangeMirrorClient: Services['onDidChangeMirrorClient'];
  readonly log: Services['log'];
} {
  return {
    mirror: () => services.mirror,
    onDidChangeMirrorClient: services.onDidChangeMirrorClient,
    log: services.log,
  };
}
