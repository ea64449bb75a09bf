// The tree pieces every view shares: what a node says about itself (`ItemData`, turned into a
// vscode.TreeItem by treeItem.ts), a message row (empty, failed with a Retry, or a note) and the
// "Load more" row. Pure (no vscode), so stores and their tests use them without an editor.
import type { CommandId } from '../context';
import { plainText as plain } from '../../present';
import { escapeMarkdown } from './markdown';

/** What treeItem.ts needs to build a TreeItem. Text is already safe for where it goes. */
export interface ItemData {
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  /** A codicon id (`account`, `loading~spin`...). */
  readonly icon?: string;
  /** A theme colour id for the icon. */
  readonly iconColor?: string;
  readonly contextValue?: string;
  readonly collapsible: 'none' | 'collapsed' | 'expanded';
  /** Run on click; the node itself is the argument unless `args` is given. */
  readonly command?: { readonly id: CommandId; readonly title: string; readonly args?: readonly unknown[] };
  /** What a screen reader says; the label and description unless given. */
  readonly accessibilityLabel?: string;
}

/** A node of one of our trees: it describes its item, and builds its tooltip only when hovered. */
export interface TreeNode {
  readonly parent: TreeNode | undefined;
  item(): ItemData;
  /** Markdown, escaped; built only when the user hovers the node (resolveTreeItem). */
  tooltip(): string | undefined;
}

export interface MessageLook<R extends string> {
  /** A failure the Retry command can redo; the view's Retry command reads it back. */
  readonly retry?: { readonly reason: R; readonly command: CommandId };
  /** A codicon id; `error` for a retryable failure, else `info`. */
  readonly icon?: string;
  /** Added to the context value (`message:retry:filter`), so a menu can offer the row's own action. */
  readonly context?: string;
}

/** A row that says something: nothing to show, a failure (clicking retries), or a note. */
export class MessageNode<
  R extends string = string,
  N extends TreeNode | undefined = TreeNode | undefined,
> implements TreeNode {
  readonly kind = 'message';
  /** Why it can be retried, or undefined when it cannot. */
  readonly retry: R | undefined;
  private readonly retryCommand: CommandId | undefined;
  private readonly icon: string;
  private readonly context: string;

  constructor(
    readonly parent: N,
    /** The tree item id: stable across refreshes, so the view keeps its place. */
    readonly id: string,
    readonly text: string,
    readonly detail: string,
    look: MessageLook<R> = {},
  ) {
    this.retry = look.retry?.reason;
    this.retryCommand = look.retry?.command;
    this.icon = look.icon ?? (look.retry ? 'error' : 'info');
    this.context = look.context ? `:${look.context}` : '';
  }

  /** True when the message reports a failure (it offers Retry). */
  get failed(): boolean {
    return this.retry !== undefined;
  }

  item(): ItemData {
    return {
      id: this.id,
      label: plain(this.text, 200),
      ...(this.detail ? { description: plain(this.detail, 200) } : {}),
      icon: this.icon,
      ...(this.retry ? { iconColor: 'errorForeground' } : {}),
      contextValue: `${this.retry ? 'message:retry' : 'message'}${this.context}`,
      collapsible: 'none',
      ...(this.retryCommand ? { command: { id: this.retryCommand, title: 'Retry' } } : {}),
    };
  }

  tooltip(): string {
    return this.detail ? `${escapeMarkdown(this.text)}\n\n${escapeMarkdown(this.detail)}` : escapeMarkdown(this.text);
  }
}

export interface LoadMoreState {
  readonly loading: boolean;
  /** How many rows are loaded, shown beside "Load more"; left out when undefined. */
  readonly loaded?: number;
}

/** The "Load more" row at the end of a paged list (see pager.ts); "Loading…" while a page comes. */
export class LoadMoreNode<N extends TreeNode | undefined = TreeNode | undefined> implements TreeNode {
  readonly kind = 'loadMore';
  constructor(
    readonly parent: N,
    readonly id: string,
    private readonly command: CommandId,
    /** Read when the item is built, so the row shows the state of that moment. */
    private readonly state: () => LoadMoreState,
    /** What a page holds, for the tooltip: "transactions", "blocks". */
    private readonly what: string,
  ) {}

  get loading(): boolean {
    return this.state().loading;
  }

  item(): ItemData {
    const { loading, loaded } = this.state();
    return {
      id: this.id,
      label: loading ? 'Loading…' : 'Load more',
      ...(loaded !== undefined ? { description: loading ? '' : `${loaded} loaded` } : {}),
      icon: loading ? 'loading~spin' : 'ellipsis',
      contextValue: 'loadMore',
      collapsible: 'none',
      ...(loading ? {} : { command: { id: this.command, title: 'Load more' } }),
    };
  }

  tooltip(): string {
    return `Loads the next page of ${this.what} (the \`links.next\` of the last page).`;
  }
}
