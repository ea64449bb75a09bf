// The Accounts view's commands: refresh, retry, Load more, the type filter (and its clear), the
// as-of view, copy, remove, relabel, reveal, and add (add.ts). Settings are changed through the writer only.
import * as vscode from 'vscode';
import { TRANSACTION_TYPES, type MirrorClient } from '../../mirror';
import type { AccountSetting } from '../../app/settings';
import type { FeatureHost, FeatureLog, Setting } from '../context';
import { LoadMoreNode, MessageNode } from '../common/nodes';
import { targetOf } from '../common/targets';
import { addAccount } from './add';
import type { AccountsSettings } from './index';
import {
  AS_OF_HELP,
  AS_OF_OPERATORS,
  AS_OF_WORDS,
  asOfParam,
  isAsOfOperator,
  parseAsOf,
  type AsOfOperator,
} from '../../ledger';
import { consensusTime, forNotification, plainText as plain, transactionTypeWords } from '../../present';
import { notify } from '../../app/notifications';
import { AS_OF_CAVEAT, NONCE_CAVEAT } from './model';
import { AccountNode, RowNode, SectionNode, type AccountsNode } from './nodes';
import { NftNode, TokenNode } from './tokens';
import type { AccountsSettingsWriter } from './settingsWriter';
import type { AccountsStore } from './store';
import { errorMessage } from '../../util/errorMessage';

export interface AccountCommandsInputs {
  readonly store: AccountsStore;
  readonly treeView: vscode.TreeView<AccountsNode>;
  readonly writer: AccountsSettingsWriter;
  readonly settings: Setting<AccountsSettings>;
  readonly mirror: () => MirrorClient;
  readonly log: FeatureLog;
}

export function registerAccountCommands(host: FeatureHost, inputs: AccountCommandsInputs): vscode.Disposable {
  const { store, treeView, writer } = inputs;
  const selected = (what: string): AccountNode => {
    const first = treeView.selection[0];
    const node = first ? accountOf(first) : undefined;
    if (!node) throw new Error(`${what} needs an account of the Accounts view`);
    return node;
  };
  const target = (arg: unknown, what: string): AccountNode => accountOf(arg) ?? selected(what);
  const notListed = (node: AccountNode) =>
    new Error(`${node.entry.id} is not in any ledgerLens.accounts setting this window can change`);

  return vscode.Disposable.from(
    host.registerCommand('ledgerLens.refreshAccounts', async arg => {
      const node = accountOf(arg);
      if (node) await store.load(node, true);
      else await store.refreshAll();
    }),
    host.registerCommand('ledgerLens.retry', async arg => {
      if ((await tokenSectionAction(store, arg)) !== undefined) return;
      if (arg instanceof MessageNode && (arg.retry === 'loadMore' || arg.retry === 'filter')) {
        const account = accountOf(arg);
        if (account) await (arg.retry === 'filter' ? store.retryFilter(account) : store.loadMore(account));
        return;
      }
      await store.load(target(arg, 'Retry'), true);
    }),
    host.registerCommand('ledgerLens.loadMore', async arg => {
      const shown = await tokenSectionAction(store, arg);
      if (shown !== undefined) return shown;
      const node = target(arg, 'Load more');
      await store.loadMore(node);
      return node.list.rows.length;
    }),
    host.registerCommand('ledgerLens.filterTransactionType', async (arg, type) => {
      const node = target(arg, 'Filter by transaction type');
      let pick: string | undefined | null;
      if (typeof type === 'string' || type === null) pick = type === '' ? null : type;
      else pick = await pickTransactionType(node);
      if (pick === undefined) return undefined;
      await store.setFilter(node, pick ?? undefined);
      if (node.account)
        void treeView
          .reveal(node.transactions, { expand: true, select: false, focus: false })
          .then(undefined, () => undefined);
      return pick;
    }),
    host.registerCommand('ledgerLens.clearTransactionTypeFilter', async arg => {
      const node = target(arg, 'Clear transaction type filter');
      await store.setFilter(node, undefined);
      return node.key;
    }),
    host.registerCommand('ledgerLens.toggleTransactionOrder', async (arg, oldest) => {
      const node = target(arg, 'Toggle oldest first');
      await store.setOldestFirst(node, typeof oldest === 'boolean' ? oldest : !node.oldestFirst);
      return node.oldestFirst;
    }),
    host.registerCommand('ledgerLens.showAsOf', (arg, text, operator) =>
      showAsOf(store, target(arg, 'Show as of timestamp'), text, operator),
    ),
    host.registerCommand('ledgerLens.copyValue', async arg => {
      if (!(arg instanceof RowNode || arg instanceof TokenNode || arg instanceof NftNode) || arg.copyText === undefined)
        throw new Error('Copy value needs a row of the Accounts view');
      await vscode.env.clipboard.writeText(arg.copyText);
      vscode.window.setStatusBarMessage(`Copied ${arg.row.label}`, 3000);
      return arg.copyText;
    }),
    host.registerCommand('ledgerLens.addAccount', (arg, label, scope) =>
      addAccount(inputs, typeof arg === 'string' ? arg : undefined, label, scope),
    ),
    host.registerCommand('ledgerLens.removeAccount', async arg => {
      const node = target(arg, 'Remove account');
      if (node.entry.temporary) {
        store.removeTemporary(node);
        return node.key;
      }
      if (!(await writer.edit(node.key, () => undefined))) throw notListed(node);
      return node.key;
    }),
    host.registerCommand('ledgerLens.renameAccount', async (arg, given) => {
      const node = target(arg, 'Edit label');
      const label = typeof given === 'string' ? given : await askLabel(node);
      if (label === undefined) return undefined;
      const entry = (id: string): AccountSetting | string => (label.trim() ? { id, label: label.trim() } : id);
      if (node.entry.temporary) {
        await writer.append(entry(node.entry.id), 'user');
        return label.trim();
      }
      if (!(await writer.edit(node.key, id => entry(id)))) throw notListed(node);
      return label.trim();
    }),
    host.registerCommand('ledgerLens.revealAccount', arg => revealAccount(inputs, arg)),
  );
}

async function revealAccount(inputs: AccountCommandsInputs, arg: unknown): Promise<string> {
  const { store, treeView, writer } = inputs;
  const target = targetOf(arg);
  if (!target || (target.kind !== 'account' && target.kind !== 'contract'))
    throw new Error('Open in sidebar needs an account id');
  let node = store.find(target.id) ?? (target.evmAddress ? store.find(target.evmAddress) : undefined);
  if (!node) {
    node = store.addTemporary(target.id);
    // Not awaited: the question waits for the user, the reveal does not.
    void notify(
      'information',
      `${forNotification(target.id, 200)} is shown in Accounts for this session. Add it to your accounts?`,
      'Add to ledgerLens.accounts',
    )
      .then(async pick => {
        if (pick) await writer.append(target.id, 'user');
      })
      .then(undefined, (e: unknown) => inputs.log.error(`revealAccount: ${errorMessage(e)}`));
  }
  await vscode.commands.executeCommand(`workbench.view.extension.${'ledgerLens'}`);
  await treeView.reveal(node, { select: true, focus: true, expand: true });
  return node.key;
}

/**
 * Show as of timestamp: the time (asked, or given with an optional `lt:`-style operator), then how
 * it bounds the lookup (given, typed, else picked; lte when a caller gives a time alone). Returns
 * the timestamp sent, null for "now", undefined when the user cancelled.
 */
async function showAsOf(
  store: AccountsStore,
  node: AccountNode,
  text: unknown,
  operator: unknown,
): Promise<string | null | undefined> {
  if (operator !== undefined && !isAsOfOperator(operator))
    throw new Error(`Show as of timestamp takes one of ${AS_OF_OPERATORS.join(', ')} as its operator`);
  const input = typeof text === 'string' ? text : await askAsOf(node);
  if (input === undefined) return undefined;
  const parsed = parseAsOf(input);
  if (!parsed.ok) throw new Error(parsed.message);
  let op = operator ?? parsed.operator;
  if (op === undefined && parsed.timestamp !== undefined)
    op = typeof text === 'string' ? 'lte' : await pickAsOfOperator(node, parsed.timestamp);
  // Escape on the operator keeps the view as it was.
  if (op === undefined && parsed.timestamp !== undefined) return undefined;
  await store.setAsOf(node, parsed.timestamp, op);
  return parsed.timestamp ?? null;
}

function askLabel(node: AccountNode): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title: `Label for ${plain(node.entry.id, 80)}`,
    prompt: 'Shown instead of the id in the Accounts view; empty to show the id.',
    value: node.entry.label ?? '',
  });
}

/** The types in words (the wire name beside), sorted by their words, the current one active. */
async function pickTransactionType(node: AccountNode): Promise<string | null | undefined> {
  type Item = vscode.QuickPickItem & { type: string | null };
  const current = (wire: string | null): string => (wire === (node.filter ?? null) ? ' (current)' : '');
  const types = TRANSACTION_TYPES.map(t => ({ label: transactionTypeWords(t), description: t + current(t), type: t }));
  types.sort((a, b) => a.label.localeCompare(b.label));
  const items: Item[] = [
    { label: 'All transaction types', description: current(null).trim(), type: null },
    { label: '', kind: vscode.QuickPickItemKind.Separator, type: null },
    ...types,
  ];
  const quickPick = vscode.window.createQuickPick<Item>();
  quickPick.items = items;
  quickPick.title = `Transactions of ${plain(node.title, 80)}`;
  quickPick.placeholder = 'Show only one transaction type (type its words or its wire name)';
  quickPick.matchOnDescription = true;
  // Enter keeps the filter as it is.
  const active = items.find(i => i.kind !== vscode.QuickPickItemKind.Separator && i.type === (node.filter ?? null));
  if (active) quickPick.activeItems = [active];
  try {
    return await new Promise<string | null | undefined>(resolve => {
      quickPick.onDidAccept(() => resolve(quickPick.selectedItems[0]?.type));
      quickPick.onDidHide(() => resolve(undefined));
      quickPick.show();
    });
  } finally {
    quickPick.dispose();
  }
}

async function askAsOf(node: AccountNode): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title: `Show ${plain(node.title, 80)} as of`,
    prompt: `${AS_OF_HELP} ${AS_OF_CAVEAT} ${NONCE_CAVEAT}`,
    value: node.asOf ? asOfParam(node.asOfOperator, node.asOf) : '',
    placeHolder: '1700000000.000000000 or 2023-11-14T22:13:20Z',
    validateInput: v => {
      const r = parseAsOf(v);
      return r.ok ? undefined : r.message;
    },
  });
}

/** Which `timestamp` operator bounds the view: the ones the account lookup takes that name a moment. */
async function pickAsOfOperator(node: AccountNode, timestamp: string): Promise<AsOfOperator | undefined> {
  type Item = vscode.QuickPickItem & { op: AsOfOperator };
  const current = node.asOf ? node.asOfOperator : 'lte';
  const items: Item[] = AS_OF_OPERATORS.map(op => ({
    label: `${AS_OF_WORDS[op].label} (${op})`,
    description: op === current ? '(current)' : '',
    detail: AS_OF_WORDS[op].detail,
    op,
  }));
  // The current operator first, so Enter keeps it.
  items.sort((a, b) => Number(b.op === current) - Number(a.op === current));
  const pick = await vscode.window.showQuickPick(items, {
    title: `Show ${plain(node.title, 80)} ${consensusTime(timestamp)}`,
    placeHolder: 'How the time bounds the lookup (the timestamp operator sent)',
  });
  return pick?.op;
}

/**
 * Load more or Retry on the Tokens or NFTs section: another page of token rows, the next page of
 * NFTs, or the failed NFT page again. Returns the rows now shown; undefined when `arg` is not theirs.
 */
async function tokenSectionAction(store: AccountsStore, arg: unknown): Promise<number | undefined> {
  if (arg instanceof MessageNode && arg.retry === 'nfts') {
    const account = accountOf(arg);
    if (!account) return undefined;
    await store.tokenWork.loadNfts(account);
    return account.nftList.rows.length;
  }
  const section = arg instanceof LoadMoreNode && arg.parent instanceof SectionNode ? arg.parent : undefined;
  if (section?.section === 'tokens') return store.tokenWork.showMore(section.parent);
  if (section?.section === 'nfts') {
    await store.tokenWork.loadNfts(section.parent);
    return section.parent.nftList.rows.length;
  }
  return undefined;
}

/** The account a command argument belongs to: the node itself or the account above it. */
export function accountOf(arg: unknown): AccountNode | undefined {
  let node: unknown = arg;
  for (let i = 0; i < 10 && node && typeof node === 'object'; i++) {
    if (node instanceof AccountNode) return node;
    node = (node as { parent?: unknown }).parent;
  }
  return undefined;
}
