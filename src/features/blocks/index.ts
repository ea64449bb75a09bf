// The blocks feature: the Blocks view (latest blocks, Load more, refreshed while visible),
// "Lookup block", "Open block" and the block panel.
import * as vscode from 'vscode';
import * as z from '../../zod';
import type { ViewSlot } from '../manifest';
import type { Block, MirrorClient } from '../../mirror';
import { notFoundNotice } from '../common/notices';
import type { FeatureHost, FeatureLog, Setting } from '../context';
import { refuse, runLookup, warn, type LookupNetwork, type LookupOutcome } from '../common/detailPanel/lookup';
import {
  networkForArgument,
  networkName,
  settingsChooser,
  type ClientFor,
  type DetailSettings,
  type NetworkChooser,
} from '../../app/panelNetworks';
import { targetOf } from '../common/targets';
import { BLOCK_INPUT_HELP, parseBlockLookup, type BlockQuery } from './input';
import { BlockPanels } from './panels';
import { BlockNode, BlocksProvider, type BlocksTreeNode } from './tree';

/** How often the view re-reads the newest blocks while it is visible (a block closes every ~2 s). */
export const BLOCKS_REFRESH_MS = 10_000;

/** What integration tests reach through `exports.features.blocks`. */
export interface BlocksFeature {
  readonly provider: BlocksProvider;
  readonly panels: BlockPanels;
  readonly treeView: vscode.TreeView<unknown>;
}

export type BlockLookupOutcome = LookupOutcome;

// Built on first use (z.lazy), not at activation.
const argSchema = z.lazy(() =>
  z.union([z.string().check(z.maxLength(300)), z.object({ input: z.string().check(z.maxLength(300)) })]),
);

/** The settings the feature reads: the detail panels' and the view's network label. */
export interface BlocksSettings extends DetailSettings {
  /** The network, or a custom mirror node's host (the view's description). */
  readonly networkLabel: string;
}

/** What the feature uses: the selected network's client, its settings slice, the client-change event, the log. */
export interface BlocksInputs {
  /** The selected network's client (the Blocks view). */
  readonly mirror: () => MirrorClient;
  /** Any network's shared client (a lookup on the network the code means, a restored panel). */
  readonly clientFor: ClientFor;
  /** Which network "Lookup block" asks and why (the active editor's code); default the settings'. */
  readonly chooseNetwork?: NetworkChooser;
  readonly settings: Setting<BlocksSettings>;
  readonly onDidChangeMirrorClient: vscode.Event<unknown>;
  readonly log: FeatureLog;
  /** The Blocks view, when it was created before the feature loaded (src/lazyFeature.ts). */
  readonly view?: ViewSlot<BlocksTreeNode>;
}

export function registerBlocks(host: FeatureHost, inputs: BlocksInputs): vscode.Disposable {
  const provider = new BlocksProvider({ client: inputs.mirror });
  const panels = new BlockPanels({
    extensionUri: host.extension.extensionUri,
    log: inputs.log,
    config: () => inputs.settings.current,
    clientFor: inputs.clientFor,
  });
  const attached = inputs.view?.attach(provider);
  const treeView =
    inputs.view?.treeView ??
    vscode.window.createTreeView('ledgerLens.blocks', { treeDataProvider: provider, showCollapseAll: false });
  const feature: BlocksFeature = { provider, panels, treeView: treeView };
  host.exports.features['blocks'] = feature;

  // Poll only while someone can see the view: a hidden view costs no requests.
  let timer: ReturnType<typeof setInterval> | undefined;
  const updateTimer = () => {
    if (treeView.visible && !timer) {
      timer = setInterval(() => void provider.refresh(), BLOCKS_REFRESH_MS);
    } else if (!treeView.visible && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  updateTimer();

  const updateDescription = () => {
    treeView.description = inputs.settings.current.networkLabel;
  };
  updateDescription();

  const show = (arg: unknown) => lookupBlock(inputs, panels, arg);

  return vscode.Disposable.from(
    provider,
    panels,
    attached ?? treeView,
    { dispose: () => timer && clearInterval(timer) },
    treeView.onDidChangeVisibility(() => {
      updateTimer();
      if (treeView.visible) void provider.refresh();
    }),
    inputs.onDidChangeMirrorClient(() => {
      updateDescription();
      provider.reset();
    }),
    host.registerCommand('ledgerLens.refreshBlocks', () => provider.refresh()),
    host.registerCommand('ledgerLens.loadMoreBlocks', () => provider.loadMore()),
    host.registerCommand('ledgerLens.lookupBlock', arg => show(arg)),
    host.registerCommand('ledgerLens.openBlock', arg => show(arg ?? null)),
  );
}

/** "Lookup block" and "Open block": a tree node, an EntityTarget, the typed text, or the input box. */
async function lookupBlock(inputs: BlocksInputs, panels: BlockPanels, arg: unknown): Promise<BlockLookupOutcome> {
  const network = () => inputs.settings.current.network;
  // A node of the Blocks view is on the view's network: the settings'.
  if (arg instanceof BlockNode) {
    const why = `${networkName(network())} · from settings (the Blocks view's network)`;
    return { kind: 'shown', network: network(), view: panels.show(network(), arg.block, why).view };
  }
  const choose = inputs.chooseNetwork ?? settingsChooser(() => inputs.settings.current);
  let text: string | undefined;
  const target = targetOf(arg);
  if (target?.kind === 'block') text = target.id;
  else if (arg !== undefined && arg !== null && !target) {
    const parsed = argSchema.safeParse(arg);
    if (!parsed.success) return refuse('Lookup block takes a block number or hash as its argument.');
    text = typeof parsed.data === 'string' ? parsed.data : parsed.data.input;
  }
  text ??= await askForBlock();
  if (text === undefined) return { kind: 'cancelled' };
  const typed = text.trim();
  return runLookup<BlockQuery, Block>(
    {
      network: async (): Promise<LookupNetwork> => {
        const chosen = await networkForArgument(arg, choose, () => inputs.settings.current);
        return { name: chosen.network, client: inputs.clientFor(chosen.network), why: chosen.why };
      },
      parse: parseBlockLookup,
      progressTitle: (_query, network) => `Looking up block ${typed} on ${network}`,
      fetch: (mirror, query, signal) => mirror.getBlock(query.hashOrNumber, { signal }),
      show: (where, _query, block) => panels.show(where.name, block, where.why).view,
      notFound: (_query, { name, why }) =>
        Promise.resolve({
          kind: 'not-found',
          network: name,
          message: warn(notFoundNotice(`Block ${typed}`, name, inputs.settings.current.endpoints, why)),
        }),
    },
    text,
  );
}

async function askForBlock(): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title: 'Ledger Lens: Lookup block',
    prompt: BLOCK_INPUT_HELP,
    placeHolder: '1234567 or 0x… block hash',
    validateInput: value => {
      if (value.trim() === '') return undefined;
      const r = parseBlockLookup(value);
      return r.ok ? undefined : { message: r.message, severity: vscode.InputBoxValidationSeverity.Error };
    },
  });
}
