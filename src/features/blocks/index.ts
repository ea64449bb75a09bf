// The blocks feature: the Blocks view (latest blocks, Load more, refreshed while visible),
// "Lookup block", "Open block" and the block panel.
import * as vscode from 'vscode';
import { z } from 'zod';
import { Commands, Views } from '../../commands';
import { MirrorError, MirrorInputError, isAbortError, type Block } from '../../mirror';
import type { DetailView } from '../../../webview/protocol';
import type { FeatureContext } from '../context';
import { targetOf } from '../common/targets';
import { defaultNetworkUrl } from '../transactions/networks';
import { BLOCK_INPUT_HELP, parseBlockLookup } from './input';
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

export type BlockLookupOutcome =
  | { readonly kind: 'shown'; readonly network: string; readonly view: DetailView }
  | { readonly kind: 'invalid'; readonly message: string }
  | { readonly kind: 'not-found'; readonly network: string; readonly message: string }
  | { readonly kind: 'failed'; readonly message: string; readonly serverMessages: readonly string[] }
  | { readonly kind: 'cancelled' };

const argSchema = z.union([z.string().max(300), z.object({ input: z.string().max(300) })]);

export function registerBlocks(ctx: FeatureContext): vscode.Disposable {
  const { services } = ctx;
  const provider = new BlocksProvider({ client: () => services.mirror });
  const panels = new BlockPanels(ctx, () => defaultNetworkUrl);
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
    treeView.description = services.config.current.customMirror
      ? new URL(services.config.current.mirrorBaseUrl).host
      : services.config.current.network;
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
    const parsed = parseBlockLookup(text);
    if (!parsed.ok) return refuse(parsed.message);
    const network = services.config.current.network;
    const client = services.mirror;
    try {
      const block = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: `Looking up block ${text.trim()} on ${network}`,
          cancellable: true,
        },
        (_p, token) => {
          const controller = new AbortController();
          token.onCancellationRequested(() => controller.abort());
          return client.getBlock(parsed.query.hashOrNumber, { signal: controller.signal });
        },
      );
      return shown(block);
    } catch (e) {
      if (isAbortError(e)) return { kind: 'cancelled' };
      if (e instanceof MirrorInputError) return refuse(e.message);
      if (e instanceof MirrorError && e.status === 404) {
        const message = `Block ${text.trim()} was not found on ${network}.`;
        void vscode.window.showWarningMessage(message);
        return { kind: 'not-found', network, message };
      }
      const serverMessages = e instanceof MirrorError ? e.messages : [];
      const head =
        e instanceof MirrorError && e.kind === 'http'
          ? `The mirror node of ${network} answered ${e.status}`
          : e instanceof Error
            ? e.message
            : String(e);
      const message = serverMessages.length > 0 ? `${head}: ${serverMessages.join('; ')}` : head;
      void vscode.window.showErrorMessage(`Ledger Lens: ${message}`);
      return { kind: 'failed', message, serverMessages };
    }
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

function refuse(message: string): BlockLookupOutcome {
  void vscode.window.showErrorMessage(`Ledger Lens: ${message}`);
  return { kind: 'invalid', message };
}
