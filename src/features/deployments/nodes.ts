// The Contracts view's rows: a network, its deployed contracts, and under each contract its Read
// functions, the functions it can Simulate, its State, its History and where it was found. Each
// row describes its item (common/nodes.ts ItemData); text from workspace files and the network is
// plain text here and escaped in tooltips. Pure: no vscode.
import type { AbiFunction, IndexedItem } from '../../abi';
import { visibleText } from '../../abi/text';
import { plainText as plain } from '../../present';
import type { Network } from '../../ledger/networks';
import { escapeMarkdown } from '../common/markdown';
import { type MessageNode, type ItemData, type TreeNode } from '../common/nodes';
import { addressLine, type KnownDeployment } from './model';
import type { DeploymentSource } from '../../deploy/types';

export type GroupKind = 'read' | 'simulate' | 'state' | 'history' | 'found';

export type DeploymentsTreeNode =
  | NetworkNode
  | DeploymentNode
  | GroupNode
  | FunctionNode
  | OutcomeNode
  | RecordNode
  | MessageNode<string, TreeNode | undefined>
  | TreeNode;

const TOOL_WORDS: Readonly<Record<DeploymentSource['tool'], string>> = {
  ignition: 'Hardhat Ignition',
  'hardhat-deploy': 'hardhat-deploy',
  foundry: 'Foundry broadcast',
  code: 'named in code (bytecode matched)',
};

export class NetworkNode implements TreeNode {
  readonly kind = 'network';
  readonly parent = undefined;
  constructor(
    readonly network: Network,
    readonly count: number,
  ) {}

  item(): ItemData {
    return {
      id: `deployments:${this.network}`,
      label: this.network,
      description: `${this.count} contract${this.count === 1 ? '' : 's'}`,
      icon: 'globe',
      contextValue: 'deploymentsNetwork',
      collapsible: 'expanded',
    };
  }

  tooltip(): string {
    return `Contracts the workspace records as deployed on **${escapeMarkdown(this.network)}**.`;
  }
}

export class DeploymentNode implements TreeNode {
  readonly kind = 'deployment';
  constructor(
    readonly parent: NetworkNode,
    readonly deployment: KnownDeployment,
    /** A line under the name when the mirror node said something about it (code differs, not found). */
    readonly note?: string,
  ) {}

  /** What the shared commands (Copy id, Open in HashScan) read. */
  get target(): { kind: 'contract'; id: string; evmAddress: string } {
    const d = this.deployment;
    return { kind: 'contract', id: d.entityId ?? d.evmAddress, evmAddress: d.evmAddress };
  }

  get network(): Network {
    return this.deployment.network;
  }

  item(): ItemData {
    const d = this.deployment;
    return {
      id: `deployment:${d.key}`,
      label: plain(d.name, 120),
      description: addressLine(d),
      icon: d.contract ? 'file-code' : 'question',
      contextValue: d.contract ? 'deployment:abi' : 'deployment',
      collapsible: 'collapsed',
    };
  }

  tooltip(): string {
    const d = this.deployment;
    const lines = [
      `**${escapeMarkdown(d.name)}** on ${escapeMarkdown(d.network)}`,
      `${d.entityId !== undefined ? `${escapeMarkdown(d.entityId)} · ` : ''}\`${d.evmAddress}\``,
    ];
    if (d.contract?.origin.kind === 'artifact') lines.push(`Artifact: ${escapeMarkdown(d.contract.origin.file)}`);
    else lines.push('No artifact in the workspace matches this contract: Read and State need its ABI.');
    if (d.sourceName !== undefined) lines.push(`Source: ${escapeMarkdown(d.sourceName)}`);
    for (const s of d.sources) lines.push(`Found by ${TOOL_WORDS[s.tool]} in ${escapeMarkdown(placeOf(s))}`);
    if (this.note) lines.push(escapeMarkdown(this.note));
    return lines.join('\n\n');
  }
}

const GROUP_LOOK: Readonly<Record<GroupKind, { label: string; icon: string; tooltip: string }>> = {
  read: {
    label: 'Read',
    icon: 'eye',
    tooltip:
      'Its view and pure functions, called through the mirror node (`POST /api/v1/contracts/call`): free, nothing is sent to the network.',
  },
  simulate: {
    label: 'Simulate',
    icon: 'beaker',
    tooltip:
      'Its other functions, simulated or estimated by the mirror node without sending a transaction: would it revert, and what would it cost.',
  },
  state: {
    label: 'State',
    icon: 'database',
    tooltip: 'Its storage (`/api/v1/contracts/{id}/state`), decoded with the storage layout of the compiler output.',
  },
  history: {
    label: 'History',
    icon: 'history',
    tooltip: 'Its recent contract results and events, newest first.',
  },
  found: { label: 'Found in', icon: 'references', tooltip: 'The workspace files that record this deployment.' },
};

export class GroupNode implements TreeNode {
  readonly kind = 'group';
  constructor(
    readonly parent: DeploymentNode,
    readonly group: GroupKind,
    readonly description?: string,
  ) {}

  get deployment(): KnownDeployment {
    return this.parent.deployment;
  }

  item(): ItemData {
    const look = GROUP_LOOK[this.group];
    return {
      id: `deployment:${this.deployment.key}:${this.group}`,
      label: look.label,
      ...(this.description !== undefined ? { description: this.description } : {}),
      icon: look.icon,
      contextValue: `deploymentGroup:${this.group}`,
      collapsible: 'collapsed',
    };
  }

  tooltip(): string {
    return GROUP_LOOK[this.group].tooltip;
  }
}

/** The last answer of a function: its result rows, a revert, or a failure, with when. */
export interface CallOutcome {
  readonly kind: 'result' | 'revert' | 'estimate' | 'failed';
  /** The rows shown under the function: `name: value`, one per output (or one line). */
  readonly lines: readonly { readonly label: string; readonly value: string }[];
  /** One line for the function's own description. */
  readonly summary: string;
  /** The arguments it was called with, as the user typed them. */
  readonly args: readonly string[];
  readonly at: number;
}

export class FunctionNode implements TreeNode {
  readonly kind = 'function';
  constructor(
    readonly parent: GroupNode,
    readonly fn: IndexedItem<AbiFunction>,
    readonly mode: 'read' | 'simulate',
    readonly outcome: CallOutcome | undefined,
  ) {}

  get deployment(): KnownDeployment {
    return this.parent.deployment;
  }

  /** `shareOf(uint256 amount) → uint256 basisPoints`. */
  get signatureLine(): string {
    const params = (list: AbiFunction['inputs']) => list.map(p => (p.name ? `${p.type} ${p.name}` : p.type)).join(', ');
    const outputs = this.fn.item.outputs.length > 0 ? ` → ${params(this.fn.item.outputs)}` : '';
    return visibleText(`${this.fn.item.name}(${params(this.fn.item.inputs)})${outputs}`);
  }

  item(): ItemData {
    const o = this.outcome;
    const icon = o === undefined ? (this.mode === 'read' ? 'symbol-method' : 'debug-alt') : OUTCOME_ICON[o.kind];
    return {
      id: `deployment:${this.deployment.key}:${this.mode}:${this.fn.signature}`,
      label: plain(`${this.fn.item.name}(${this.fn.item.inputs.map(p => p.type).join(', ')})`, 200),
      description: plain(
        o?.summary ?? (this.fn.item.outputs.length > 0 ? `→ ${this.fn.item.outputs.map(p => p.type).join(', ')}` : ''),
        200,
      ),
      icon,
      ...(o?.kind === 'revert' || o?.kind === 'failed' ? { iconColor: 'errorForeground' } : {}),
      contextValue: `deploymentFunction:${this.mode}`,
      collapsible: o !== undefined && o.lines.length > 0 ? 'expanded' : 'none',
      command: {
        id: this.mode === 'read' ? 'ledgerLens.callFunction' : 'ledgerLens.simulateFunction',
        title: this.mode === 'read' ? 'Call' : 'Simulate',
      },
    };
  }

  tooltip(): string {
    const lines = [`\`${escapeMarkdown(this.signatureLine)}\``, `selector \`${this.fn.selector}\``];
    if (this.outcome) {
      const args =
        this.outcome.args.length > 0 ? ` with (${this.outcome.args.map(a => escapeMarkdown(a, 200)).join(', ')})` : '';
      lines.push(
        `Last ${this.outcome.kind === 'estimate' ? 'estimate' : 'call'}${args}: ${escapeMarkdown(this.outcome.summary)}`,
      );
    }
    lines.push(
      this.mode === 'read'
        ? 'Click to call it (arguments are asked and checked first).'
        : 'Click to simulate it; right-click to estimate its gas.',
    );
    return lines.join('\n\n');
  }
}

const OUTCOME_ICON: Readonly<Record<CallOutcome['kind'], string>> = {
  result: 'pass',
  revert: 'error',
  estimate: 'dashboard',
  failed: 'warning',
};

/** One row of an answer (`basisPoints: 30000`), copyable. */
export class OutcomeNode implements TreeNode {
  readonly kind = 'outcome';
  constructor(
    readonly parent: TreeNode,
    readonly id: string,
    readonly label: string,
    readonly value: string,
  ) {}

  /** What Copy value copies. */
  get copyText(): string {
    return this.value;
  }

  item(): ItemData {
    return {
      id: this.id,
      label: plain(this.label, 200),
      description: plain(this.value, 400),
      contextValue: 'deploymentValue',
      collapsible: 'none',
    };
  }

  tooltip(): string {
    return `${escapeMarkdown(this.label)}\n\n\`\`\`\n${this.value.slice(0, 4000).replace(/`/g, "'")}\n\`\`\``;
  }
}

/** Where a deployment was found: opens the file (at its line). */
export class RecordNode implements TreeNode {
  readonly kind = 'record';
  constructor(
    readonly parent: GroupNode,
    readonly source: DeploymentSource,
  ) {}

  item(): ItemData {
    return {
      id: `deployment:${this.parent.deployment.key}:found:${this.source.file}:${this.source.line ?? 0}`,
      label: plain(placeOf(this.source), 200),
      description: TOOL_WORDS[this.source.tool],
      icon: 'go-to-file',
      contextValue: 'deploymentRecord',
      collapsible: 'none',
      command: {
        id: 'ledgerLens.openDeploymentRecord',
        title: 'Open',
        args: [{ file: this.source.file, line: this.source.line }],
      },
    };
  }

  tooltip(): string {
    return `Opens ${escapeMarkdown(placeOf(this.source))}.`;
  }
}

function placeOf(s: DeploymentSource): string {
  return s.line !== undefined ? `${s.file}:${s.line}` : s.file;
}
