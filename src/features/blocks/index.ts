// The blocks feature: the Blocks view (latest blocks, Load more, refreshed while visible),
// "Lookup block", "Open block" and the block panel.
import * as vscode from 'vscode';
import { z } from 'zod';
import { Commands, Views } from '../../commands';
import { networkLabelOf } from '../../ledger';
import type { Block } from '../../mirror';
import type { FeatureContext } from '../context';
import { refuse, runLookup, warn, type LookupOutcome } from '../common/detailPanel/lookup';
import { defaultNetworkUrl } from '../common/detailPanel/networks';
import { targetOf } from '../common/targets';
import { BLOCK_INPUT_HELP, parseBlockLookup, type BlockQuery } from './input';
import { BlockPanels } from './panels';
import { BlockNode, BlocksProvider } from './tree';

/** How often the view re-reads the newest blocks while it is visible (a block closes every ~2 s). */
export const BLOCKS_REFRESH_MS = 10_000;

/** What integration tests reach through `exports.features.blocks`. */
export interface BlocksFeature {
  readonly provider: BlocksProvider;
  readonly panels: BlockPanels;
  readonly treeView: vscode.TreeView<unknown>;
}

export type BlockLookupOutcome = LookupOutcome;

const argSchema = z.union([z.string().max(300), z.object({ input: z.string().max(300) })]);

export function registerBlocks(ctx: FeatureContext): vscode.Disposable {
  const { services } = ctx;
  const client = () => services.mirror;
  const provider = new BlocksProvider({ client });
  const panels = new BlockPanels({
    extensionUri: ctx.extension.extensionUri,
    log: services.log,
    client,
    config: () => services.config.current,
    networkUrl: () => defaultNetworkUrl,
  });
  const treeView = vscode.window.createTreeView(Views.blocks, { treeDataProvider: provider, showCollapseAll: false });
  const feature: BlocksFeature = { provider, panels, treeView: treeView };
  ctx.exports.features['blocks'] = feature;

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
    const config = services.config.current;
    treeView.description = networkLabelOf(config.network, config.customMirror ? config.mirrorBaseUrl : undefined);
  };
  updateDescription();

  const show = async (arg: unknown): Promise<BlockLookupOutcome> => {
    if (arg instanceof BlockNode) return shown(arg.block);
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
        network: () => ({ name: services.config.current.network, client: services.mirror }),
        parse: parseBlockLookup,
        progressTitle: (_query, network) => `Looking up block ${typed} on ${network}`,
        fetch: (mirror, query, signal) => mirror.getBlock(query.hashOrNumber, { signal }),
        show: (network, _query, block) => panels.show(network, block).view,
        notFound: (_query, network) =>
          Promise.resolve({ kind: 'not-found', network, message: warn(`Block ${typed} was not found on ${network}.`) }),
      },
      text,
    );
  };

  const shown = (block: Block): BlockLookupOutcome => {
    const network = services.config.current.network;
    const panel = panels.show(network, block);
    return { kind: 'shown', network, view: panel.view };
  };

  return vscode.Disposable.from(
    provider,
    panels,
    treeView,
    { dispose: () => timer && clearInterval(timer) },
    treeView.onDidChangeVisibility(() => {
      updateTimer();
      if (treeView.visible) void provider.refresh();
    }),
    services.onDidChangeMirrorClient(() => {
      updateDescription();
      provider.reset();
    }),
    ctx.registerCommand(Commands.refreshBlocks, () => provider.refresh()),
    ctx.registerCommand(Commands.loadMoreBlocks, () => provider.loadMore()),
    ctx.registerCommand(Commands.lookupBlock, arg => show(arg)),
    ctx.registerCommand(Commands.openBlock, arg => show(arg ?? null)),
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
