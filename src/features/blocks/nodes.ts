// The Blocks view's nodes: a block, and the shared message and Load more rows (common/nodes.ts).
// Each describes its tree item as plain `ItemData`, as the Accounts view's nodes do, and
// common/treeItem.ts builds the TreeItem. Pure (no vscode).
import type { Block } from '../../mirror';
import type { EntityTarget, HasTarget } from '../../ledger';
import { escapeMarkdown } from '../common/markdown';
import { LoadMoreNode, MessageNode, type ItemData, type TreeNode } from '../common/nodes';
import { blockRow } from './model';

export { LoadMoreNode, MessageNode };

export class BlockNode implements TreeNode, HasTarget {
  readonly kind = 'block';
  readonly parent = undefined;
  readonly target: EntityTarget;
  constructor(readonly block: Block) {
    this.target = { kind: 'block', id: block.number.toString() };
  }

  item(): ItemData {
    const row = blockRow(this.block, Date.now());
    return {
      id: `block:${this.block.number}`,
      label: row.label,
      description: row.description,
      icon: 'package',
      contextValue: 'block',
      collapsible: 'none',
      command: { id: 'ledgerLens.openBlock', title: 'Open block' },
      accessibilityLabel: `Block ${this.block.number}, ${row.date}, ${row.description.replace(' · ', ', ')}`,
    };
  }

  /** The block's fields, one a line (the heading first). */
  tooltip(): string {
    const [heading, ...lines] = blockRow(this.block).tooltip.split('\n');
    return [`**${escapeMarkdown(heading)}**`, '', ...lines.map(line => `- ${escapeMarkdown(line)}`)].join('\n');
  }
}

export type BlocksTreeNode = BlockNode | LoadMoreNode<undefined> | MessageNode<'blocks', undefined>;
