// The Blocks view: the latest blocks, newest first, paged with a "Load more" node, and refreshed
// on a timer only while the view is visible. The list is the shared pager (common/pager.ts): a
// refresh adds the new blocks on top and, past BLOCKS_CAP rows, drops the oldest, so a view left
// open for a day stays the same size; Load more then goes on from the oldest block kept.
import * as vscode from 'vscode';
import { Commands } from '../../commands';
import { MirrorError, isAbortError, type Block, type BlocksResponse, type MirrorClient } from '../../mirror';
import { describeMirrorError } from '../../present';
import { Disposable } from '../../util/lifecycle';
import type { EntityTarget, HasTarget } from '../../ledger';
import { LoadMoreNode, MessageNode } from '../common/nodes';
import type { Pager } from '../common/pager';
import { markdown, toTreeItem } from '../common/treeItem';
import { BLOCKS_CAP, blockRow, blocksPager } from './model';

export const BLOCKS_PAGE_SIZE = 25;
export { BLOCKS_CAP };

export { LoadMoreNode, MessageNode };

export class BlockNode implements HasTarget {
  readonly kind = 'block';
  readonly target: EntityTarget;
  constructor(readonly block: Block) {
    this.target = { kind: 'block', id: block.number.toString() };
  }
}

export type BlocksTreeNode = BlockNode | LoadMoreNode<undefined> | MessageNode<'blocks', undefined>;

export interface BlocksProviderOptions {
  readonly client: () => MirrorClient;
  readonly pageSize?: number;
  /** The most rows a refresh leaves; BLOCKS_CAP unless given (tests use a small one). */
  readonly cap?: number;
}

export class BlocksProvider extends Disposable implements vscode.TreeDataProvider<BlocksTreeNode> {
  private readonly changed = this._register(new vscode.EventEmitter<BlocksTreeNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;

  private pager: Pager<Block, BlocksResponse, bigint>;
  private error: { text: string; detail: string } | undefined;
  private loaded = false;
  private loading: Promise<void> | undefined;
  private loadingMore = false;
  private controller = new AbortController();

  constructor(private readonly options: BlocksProviderOptions) {
    super();
    this.pager = blocksPager(options.cap ?? BLOCKS_CAP);
  }

  /** The blocks shown, newest first (tests read it). */
  get shown(): readonly Block[] {
    return this.pager.rows;
  }

  get canLoadMore(): boolean {
    return this.pager.hasMore;
  }

  private get pageSize(): number {
    return this.options.pageSize ?? BLOCKS_PAGE_SIZE;
  }

  getTreeItem(node: BlocksTreeNode): vscode.TreeItem {
    if (node instanceof BlockNode) {
      const row = blockRow(node.block);
      const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
      item.id = `block:${node.block.number}`;
      item.description = row.description;
      item.tooltip = row.tooltip;
      item.iconPath = new vscode.ThemeIcon('package');
      item.contextValue = 'block';
      item.command = { command: Commands.openBlock, title: 'Open block', arguments: [node] };
      item.accessibilityInformation = { label: `Block ${node.block.number}, ${row.description}` };
      return item;
    }
    const item = toTreeItem(node, node.item());
    item.tooltip = markdown(node.tooltip());
    return item;
  }

  async getChildren(node?: BlocksTreeNode): Promise<BlocksTreeNode[]> {
    if (node) return [];
    if (!this.loaded) await this.refresh(false);
    const nodes: BlocksTreeNode[] = this.pager.rows.map(b => new BlockNode(b));
    if (this.error) {
      const retry = { reason: 'blocks' as const, command: Commands.refreshBlocks };
      nodes.push(new MessageNode(undefined, 'blocks:message', this.error.text, this.error.detail, { retry }));
    } else if (this.pager.rows.length === 0) {
      nodes.push(new MessageNode<'blocks', undefined>(undefined, 'blocks:message', 'No blocks yet', ''));
    }
    if (this.pager.hasMore && !this.error) {
      const state = () => ({ loading: this.loadingMore });
      nodes.push(new LoadMoreNode(undefined, 'blocks:loadMore', Commands.loadMoreBlocks, state, 'blocks'));
    }
    return nodes;
  }

  /**
   * Reads the newest page. Blocks already shown are kept when the new page reaches them, so a
   * refresh adds the new blocks on top without losing pages loaded with "Load more".
   */
  refresh(fire = true): Promise<void> {
    if (this.loading) return this.loading;
    const controller = this.controller;
    this.loading = (async () => {
      try {
        const page = await this.options.client().listBlocks(this.limit(), {
          signal: controller.signal,
          cache: 'reload',
        });
        this.pager.refreshFirst(page);
        this.error = undefined;
      } catch (e) {
        if (isAbortError(e)) return;
        this.error = describe(e);
      } finally {
        // A refresh a reset cancelled says nothing about the list that replaced it.
        if (this.controller === controller) {
          this.loaded = true;
          this.loading = undefined;
        }
      }
    })();
    return this.loading.then(() => {
      if (fire) this.changed.fire(undefined);
    });
  }

  /**
   * Follows the last page's `next` link and appends it; when the cap dropped the oldest blocks,
   * asks for the page below the oldest block kept instead.
   */
  async loadMore(): Promise<void> {
    const last = this.pager.lastPage;
    if (!last || !this.pager.hasMore || this.loadingMore) return;
    this.loadingMore = true;
    this.changed.fire(undefined);
    try {
      const client = this.options.client();
      const oldest = this.pager.rows.at(-1);
      const signal = this.controller.signal;
      const page =
        this.pager.trimmed && oldest
          ? await client.listBlocks({ ...this.limit(), 'block.number': `lt:${oldest.number}` }, { signal })
          : await client.next(last, { signal });
      this.pager.append(page);
      this.error = undefined;
    } catch (e) {
      if (!isAbortError(e)) this.error = describe(e);
    } finally {
      this.loadingMore = false;
      this.changed.fire(undefined);
    }
  }

  /** Forgets everything (the network changed) and reloads when next shown. */
  reset(): void {
    this.controller.abort();
    this.controller = new AbortController();
    this.pager = blocksPager(this.options.cap ?? BLOCKS_CAP);
    this.error = undefined;
    this.loaded = false;
    this.loading = undefined;
    this.changed.fire(undefined);
  }

  override dispose(): void {
    this.controller.abort();
    super.dispose();
  }

  /** Newest first and 25 a page are the service's defaults: sent only when different, so the
   * request is the plain `/blocks` a browser would make (and the cache shares it). */
  private limit(): { limit?: number } {
    return this.pageSize === BLOCKS_PAGE_SIZE ? {} : { limit: this.pageSize };
  }
}

/** The message row of a failed load: the one describer's detail (the server's own words). */
function describe(e: unknown): { text: string; detail: string } {
  const { detail } = describeMirrorError(e, { network: 'the mirror node' });
  const http = e instanceof MirrorError && e.kind === 'http';
  return { text: http ? `Could not load blocks (${e.status})` : 'Could not load blocks', detail };
}
