// The Blocks view: the latest blocks, newest first, paged with a "Load more" node, and refreshed
// on a timer only while the view is visible. The list is the shared paged list (common/pager.ts),
// which owns the requests: a refresh adds the new blocks on top and, past BLOCKS_CAP rows, drops
// the oldest, so a view left open for a day stays the same size; Load more then goes on from the
// oldest block kept. The nodes describe their items (nodes.ts), as the Accounts view's do.
import * as vscode from 'vscode';
import { MirrorError, type Block, type BlocksResponse, type MirrorClient } from '../../mirror';
import { describeMirrorError } from '../../present';
import { Disposable } from '../../util/lifecycle';
import { PagedList } from '../common/pager';
import { markdown, toTreeItem } from '../common/treeItem';
import { BLOCKS_CAP, blocksRules } from './model';
import { BlockNode, LoadMoreNode, MessageNode, type BlocksTreeNode } from './nodes';

export const BLOCKS_PAGE_SIZE = 25;
export { BLOCKS_CAP };

export { BlockNode, LoadMoreNode, MessageNode, type BlocksTreeNode };

export interface BlocksProviderOptions {
  readonly client: () => MirrorClient;
  readonly pageSize?: number;
  /** The most rows a refresh leaves; BLOCKS_CAP unless given (tests use a small one). */
  readonly cap?: number;
}

/** A failed load as the message row says it. */
interface BlocksProblem {
  readonly text: string;
  readonly detail: string;
}

export class BlocksProvider extends Disposable implements vscode.TreeDataProvider<BlocksTreeNode> {
  private readonly changed = this._register(new vscode.EventEmitter<BlocksTreeNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly list: PagedList<Block, BlocksResponse, bigint, BlocksProblem>;

  constructor(private readonly options: BlocksProviderOptions) {
    super();
    this.list = new PagedList({
      rules: blocksRules(options.cap ?? BLOCKS_CAP),
      // When the cap dropped the oldest blocks, the last page's link no longer follows the list:
      // the page below the oldest block kept is asked instead.
      more: ({ last, oldest, trimmed, signal }) => {
        const client = this.options.client();
        return trimmed && oldest
          ? client.listBlocks({ ...this.limit(), 'block.number': `lt:${oldest.number}` }, { signal })
          : client.next(last, { signal });
      },
      describe,
      // Load more shows "Loading…" while its page comes; a refresh redraws when it is done.
      changed: event => {
        if (event.which === 'more') this.changed.fire(undefined);
      },
    });
    this._register({ dispose: () => this.list.dispose() });
  }

  /** The blocks shown, newest first (tests read it). */
  get shown(): readonly Block[] {
    return this.list.rows;
  }

  get canLoadMore(): boolean {
    return this.list.hasMore;
  }

  private get pageSize(): number {
    return this.options.pageSize ?? BLOCKS_PAGE_SIZE;
  }

  getTreeItem(node: BlocksTreeNode): vscode.TreeItem {
    return toTreeItem(node, node.item());
  }

  /** Tooltips are built on hover only. */
  resolveTreeItem(item: vscode.TreeItem, node: BlocksTreeNode): vscode.TreeItem {
    item.tooltip = markdown(node.tooltip());
    return item;
  }

  async getChildren(node?: BlocksTreeNode): Promise<BlocksTreeNode[]> {
    if (node) return [];
    if (!this.list.loaded && !this.list.failed) await this.refresh(false);
    const nodes: BlocksTreeNode[] = this.list.rows.map(b => new BlockNode(b));
    const failed = this.list.failed?.problem;
    if (failed) {
      nodes.push(
        new MessageNode<'blocks', undefined>(undefined, 'blocks:message', failed.text, failed.detail, {
          retry: { reason: 'blocks', command: 'ledgerLens.refreshBlocks' },
        }),
      );
    } else if (this.list.rows.length === 0) {
      nodes.push(new MessageNode<'blocks', undefined>(undefined, 'blocks:message', 'No blocks yet', ''));
    }
    if (this.list.hasMore && !failed) {
      const state = () => ({ loading: this.list.busy === 'more' });
      nodes.push(new LoadMoreNode(undefined, 'blocks:loadMore', 'ledgerLens.loadMoreBlocks', state, 'blocks'));
    }
    return nodes;
  }

  /**
   * Reads the newest page. Blocks already shown are kept when the new page reaches them, so a
   * refresh adds the new blocks on top without losing pages loaded with "Load more".
   */
  refresh(fire = true): Promise<void> {
    const work = this.list.refresh(signal =>
      this.options.client().listBlocks(this.limit(), { signal, cache: 'reload' }),
    );
    return fire ? work.then(() => this.changed.fire(undefined)) : work;
  }

  /** The next page, appended (see the list's `more` above). */
  loadMore(): Promise<void> {
    return this.list.loadMore();
  }

  /** Forgets everything (the network changed) and reloads when next shown. */
  reset(): void {
    this.list.reset();
    this.changed.fire(undefined);
  }

  /** Newest first and 25 a page are the service's defaults: sent only when different, so the
   * request is the plain `/blocks` a browser would make (and the cache shares it). */
  private limit(): { limit?: number } {
    return this.pageSize === BLOCKS_PAGE_SIZE ? {} : { limit: this.pageSize };
  }
}

/** The message row of a failed load: the one describer's detail (the server's own words). */
function describe(e: unknown): BlocksProblem {
  const { detail } = describeMirrorError(e, { network: 'the mirror node' });
  const http = e instanceof MirrorError && e.kind === 'http';
  return { text: http ? `Could not load blocks (${e.status})` : 'Could not load blocks', detail };
}
