// The Blocks view: the latest blocks, newest first, paged with a "Load more" node, and refreshed
// on a timer only while the view is visible. Nodes hold data; getTreeItem builds the items.
import * as vscode from 'vscode';
import { Commands } from '../../commands';
import { MirrorError, isAbortError, type Block, type BlocksResponse, type MirrorClient } from '../../mirror';
import { Disposable } from '../../util/lifecycle';
import type { EntityTarget, HasTarget } from '../context';
import { blockRow } from './model';

export const BLOCKS_PAGE_SIZE = 25;

export class BlockNode implements HasTarget {
  readonly kind = 'block';
  readonly target: EntityTarget;
  constructor(readonly block: Block) {
    this.target = { kind: 'block', id: block.number.toString() };
  }
}

export class LoadMoreNode {
  readonly kind = 'loadMore';
  constructor(readonly loading: boolean) {}
}

export class MessageNode {
  readonly kind = 'message';
  constructor(
    readonly text: string,
    readonly detail: string,
    readonly failed: boolean,
  ) {}
}

export type BlocksTreeNode = BlockNode | LoadMoreNode | MessageNode;

export interface BlocksProviderOptions {
  readonly client: () => MirrorClient;
  readonly pageSize?: number;
}

export class BlocksProvider extends Disposable implements vscode.TreeDataProvider<BlocksTreeNode> {
  private readonly changed = this._register(new vscode.EventEmitter<BlocksTreeNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;

  private blocks: Block[] = [];
  /** The last page loaded: the client follows its `links.next` for "Load more". */
  private lastPage: BlocksResponse | undefined;
  private hasMore = false;
  private error: { text: string; detail: string } | undefined;
  private loaded = false;
  private loading: Promise<void> | undefined;
  private loadingMore = false;
  private controller = new AbortController();

  constructor(private readonly options: BlocksProviderOptions) {
    super();
  }

  /** The blocks shown, newest first (tests read it). */
  get shown(): readonly Block[] {
    return this.blocks;
  }

  get canLoadMore(): boolean {
    return this.hasMore;
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
    if (node instanceof LoadMoreNode) {
      const item = new vscode.TreeItem(node.loading ? 'Loading…' : 'Load more', vscode.TreeItemCollapsibleState.None);
      item.id = 'blocks:loadMore';
      item.iconPath = new vscode.ThemeIcon(node.loading ? 'loading~spin' : 'ellipsis');
      item.contextValue = 'loadMore';
      if (!node.loading) item.command = { command: Commands.loadMoreBlocks, title: 'Load more' };
      return item;
    }
    const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
    item.id = `blocks:message`;
    item.description = node.detail;
    item.tooltip = node.detail ? `${node.text}\n${node.detail}` : node.text;
    item.iconPath = new vscode.ThemeIcon(node.failed ? 'error' : 'info');
    if (node.failed) item.command = { command: Commands.refreshBlocks, title: 'Retry' };
    return item;
  }

  async getChildren(node?: BlocksTreeNode): Promise<BlocksTreeNode[]> {
    if (node) return [];
    if (!this.loaded) await this.refresh(false);
    const nodes: BlocksTreeNode[] = this.blocks.map(b => new BlockNode(b));
    if (this.error) nodes.push(new MessageNode(this.error.text, this.error.detail, true));
    else if (this.blocks.length === 0) nodes.push(new MessageNode('No blocks yet', '', false));
    if (this.hasMore && !this.error) nodes.push(new LoadMoreNode(this.loadingMore));
    return nodes;
  }

  /**
   * Reads the newest page. Blocks already shown are kept when the new page reaches them, so a
   * refresh adds the new blocks on top without losing pages loaded with "Load more".
   */
  refresh(fire = true): Promise<void> {
    if (this.loading) return this.loading;
    this.loading = (async () => {
      try {
        // Newest first and 25 a page are the service's defaults: sent only when different, so the
        // request is the plain `/blocks` a browser would make (and the cache shares it).
        const size = this.options.pageSize ?? BLOCKS_PAGE_SIZE;
        const page = await this.options.client().listBlocks(size === BLOCKS_PAGE_SIZE ? {} : { limit: size }, {
          signal: this.controller.signal,
          cache: 'reload',
        });
        const newest = page.blocks;
        const oldestNew = newest.at(-1)?.number;
        const topShown = this.blocks[0]?.number;
        if (topShown !== undefined && oldestNew !== undefined && oldestNew <= topShown) {
          const fresh = newest.filter(b => b.number > topShown);
          this.blocks = [...fresh, ...this.blocks];
        } else {
          this.blocks = [...newest];
          this.lastPage = page;
          this.hasMore = !!page.links.next;
        }
        this.error = undefined;
      } catch (e) {
        if (isAbortError(e)) return;
        this.error = describe(e);
      } finally {
        this.loaded = true;
        this.loading = undefined;
      }
    })();
    return this.loading.then(() => {
      if (fire) this.changed.fire(undefined);
    });
  }

  /** Follows the last page's `next` link and appends it. */
  async loadMore(): Promise<void> {
    if (!this.lastPage || !this.hasMore || this.loadingMore) return;
    this.loadingMore = true;
    this.changed.fire(undefined);
    try {
      const page = await this.options.client().next(this.lastPage, { signal: this.controller.signal });
      if (page) {
        const lowest = this.blocks.at(-1)?.number;
        this.blocks.push(...page.blocks.filter(b => lowest === undefined || b.number < lowest));
        this.lastPage = page;
        this.hasMore = !!page.links.next;
      } else {
        this.hasMore = false;
      }
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
    this.blocks = [];
    this.lastPage = undefined;
    this.hasMore = false;
    this.error = undefined;
    this.loaded = false;
    this.loading = undefined;
    this.changed.fire(undefined);
  }

  override dispose(): void {
    this.controller.abort();
    super.dispose();
  }
}

function describe(e: unknown): { text: string; detail: string } {
  if (e instanceof MirrorError) {
    const detail = e.messages.length > 0 ? e.messages.join('; ') : e.message;
    return { text: e.kind === 'http' ? `Could not load blocks (${e.status})` : 'Could not load blocks', detail };
  }
  return { text: 'Could not load blocks', detail: e instanceof Error ? e.message : String(e) };
}
