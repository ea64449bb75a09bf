// The accounts feature: the Accounts view (configured and temporary accounts, their details,
// tokens and recent transactions), and the commands that add, remove, label, filter, page,
// retry and reveal accounts.
import * as vscode from 'vscode';
import { Commands, Views } from '../../commands';
import { TRANSACTION_TYPES, isAbortError, type AccountResponse } from '../../mirror';
import { networkLabel, type AccountSetting } from '../../settings';
import { SECTION } from '../../config';
import type { FeatureContext } from '../context';
import { targetOf } from '../common/targets';
import { AS_OF_HELP, AS_OF_CAVEAT, NONCE_CAVEAT, checkAccountEntry, parseAsOf, plain } from './model';
import { AccountNode, RowNode, type AccountsNode } from './nodes';
import { describeProblem } from './problem';
import type { AccountsStore } from './store';
import { MessageNode } from '../common/nodes';
import { noticeText } from '../common/markdown';
import { AccountsProvider } from './tree';

/** The shortest automatic refresh interval, whatever the setting says: the public node is rate-limited. */
export const MIN_REFRESH_SECONDS = 10;

/** What integration tests reach through `exports.features.accounts`. */
export interface AccountsFeature {
  readonly provider: AccountsProvider;
  readonly store: AccountsStore;
  readonly treeView: vscode.TreeView<AccountsNode>;
}

export function registerAccounts(ctx: FeatureContext): vscode.Disposable {
  const { services } = ctx;
  const provider = new AccountsProvider({
    client: () => services.mirror,
    settings: () => ({
      network: services.config.current.network,
      networkLabel: networkLabel(services.config.current),
      transactionsLimit: services.config.current.transactionsLimit,
    }),
    log: message => services.log.warn(message),
    progress: work =>
      void vscode.window.withProgress({ location: { viewId: Views.accounts } }, () => work.catch(() => undefined)),
  });
  const store = provider.store;
  const treeView = vscode.window.createTreeView(Views.accounts, { treeDataProvider: provider, showCollapseAll: true });
  const feature: AccountsFeature = { provider, store, treeView };
  ctx.exports.features['accounts'] = feature;

  const updateDescription = () => {
    treeView.description = networkLabel(services.config.current);
  };
  updateDescription();
  store.setConfigured(services.config.current.accounts);

  // The optional interval runs only while someone can see the view: a hidden view costs nothing.
  let timer: ReturnType<typeof setInterval> | undefined;
  const updateTimer = () => {
    const seconds = services.config.current.accountsRefreshIntervalSeconds;
    if (timer) clearInterval(timer);
    timer = undefined;
    if (seconds > 0 && treeView.visible)
      timer = setInterval(() => void store.refreshAll(), Math.max(MIN_REFRESH_SECONDS, seconds) * 1000);
  };
  updateTimer();

  const disposables: vscode.Disposable[] = [
    provider,
    treeView,
    treeView.onDidChangeVisibility(updateTimer),
    new vscode.Disposable(() => timer && clearInterval(timer)),
    services.config.onDidChange(({ previous, current, affects }) => {
      updateDescription();
      if (previous.accountsRefreshIntervalSeconds !== current.accountsRefreshIntervalSeconds) updateTimer();
      if (affects('accounts') || previous.network !== current.network) store.setConfigured(current.accounts);
      if (previous.transactionsLimit !== current.transactionsLimit) {
        for (const node of store.accounts) if (node.status !== 'idle') void store.load(node);
      }
    }),
    // A new client means another network or endpoint: everything shown belongs to the old one.
    services.onDidChangeMirrorClient(() => {
      updateDescription();
      store.reset();
    }),
    ctx.registerCommand(Commands.refreshAccounts, async arg => {
      const node = accountOf(arg);
      if (node) await store.load(node, true);
      else await store.refreshAll();
    }),
    ctx.registerCommand(Commands.retry, async arg => {
      if (arg instanceof MessageNode && arg.retry === 'loadMore') {
        const account = accountOf(arg);
        if (account) {
          account.moreProblem = undefined;
          await store.loadMore(account);
        }
        return;
      }
      const node = accountOf(arg) ?? selectedAccount();
      if (!node) throw new Error('Retry needs an account of the Accounts view');
      await store.load(node, true);
    }),
    ctx.registerCommand(Commands.loadMore, async arg => {
      const node = accountOf(arg) ?? selectedAccount();
      if (!node) throw new Error('Load more needs an account of the Accounts view');
      await store.loadMore(node);
      return node.pager.transactions.length;
    }),
    ctx.registerCommand(Commands.filterTransactionType, async (arg, type) => {
      const node = accountOf(arg) ?? selectedAccount();
      if (!node) throw new Error('Filter by transaction type needs an account of the Accounts view');
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
    ctx.registerCommand(Commands.showAsOf, async (arg, text) => {
      const node = accountOf(arg) ?? selectedAccount();
      if (!node) throw new Error('Show as of timestamp needs an account of the Accounts view');
      const input = typeof text === 'string' ? text : await askAsOf(node);
      if (input === undefined) return undefined;
      const parsed = parseAsOf(input);
      if (!parsed.ok) throw new Error(parsed.message);
      await store.setAsOf(node, parsed.timestamp);
      return parsed.timestamp ?? null;
    }),
    ctx.registerCommand(Commands.copyValue, async arg => {
      if (!(arg instanceof RowNode) || arg.copyText === undefined)
        throw new Error('Copy value needs a row of the Accounts view');
      await vscode.env.clipboard.writeText(arg.copyText);
      vscode.window.setStatusBarMessage(`Copied ${arg.row.label}`, 3000);
      return arg.copyText;
    }),
    ctx.registerCommand(Commands.addAccount, (arg, label, scope) =>
      addAccount(typeof arg === 'string' ? arg : undefined, label, scope),
    ),
    ctx.registerCommand(Commands.removeAccount, async arg => {
      const node = accountOf(arg) ?? selectedAccount();
      if (!node) throw new Error('Remove account needs an account of the Accounts view');
      if (node.entry.temporary) {
        store.removeTemporary(node);
        return node.key;
      }
      const removed = await editSettingEntries(node.key, () => undefined);
      if (!removed)
        throw new Error(`${node.entry.id} is not in any ledgerLens.accounts setting this window can change`);
      return node.key;
    }),
    ctx.registerCommand(Commands.renameAccount, async (arg, given) => {
      const node = accountOf(arg) ?? selectedAccount();
      if (!node) throw new Error('Edit label needs an account of the Accounts view');
      const label =
        typeof given === 'string'
          ? given
          : await vscode.window.showInputBox({
              title: `Label for ${plain(node.entry.id, 80)}`,
              prompt: 'Shown instead of the id in the Accounts view; empty to show the id.',
              value: node.entry.label ?? '',
            });
      if (label === undefined) return undefined;
      const entry = (id: string): AccountSetting | string => (label.trim() ? { id, label: label.trim() } : id);
      if (node.entry.temporary) {
        await writeEntry(entry(node.entry.id), vscode.ConfigurationTarget.Global);
        return label.trim();
      }
      const done = await editSettingEntries(node.key, id => entry(id));
      if (!done) throw new Error(`${node.entry.id} is not in any ledgerLens.accounts setting this window can change`);
      return label.trim();
    }),
    ctx.registerCommand(Commands.revealAccount, async arg => {
      const target = targetOf(arg);
      if (!target || (target.kind !== 'account' && target.kind !== 'contract'))
        throw new Error('Open in sidebar needs an account id');
      let node = store.find(target.id) ?? (target.evmAddress ? store.find(target.evmAddress) : undefined);
      if (!node) {
        node = store.addTemporary(target.id);
        // Not awaited: the question waits for the user, the reveal does not.
        void vscode.window
          .showInformationMessage(
            `${noticeText(target.id, 200)} is shown in Accounts for this session. Add it to your accounts?`,
            'Add to ledgerLens.accounts',
          )
          .then(async pick => {
            if (pick) await writeEntry(target.id, vscode.ConfigurationTarget.Global);
          })
          .then(undefined, (e: unknown) =>
            services.log.error(`revealAccount: ${e instanceof Error ? e.message : String(e)}`),
          );
      }
      await vscode.commands.executeCommand(`workbench.view.extension.${Views.container}`);
      await treeView.reveal(node, { select: true, focus: true, expand: true });
      return node.key;
    }),
  ];

  function selectedAccount(): AccountNode | undefined {
    const first = treeView.selection[0];
    return first ? accountOf(first) : undefined;
  }

  async function pickTransactionType(node: AccountNode): Promise<string | null | undefined> {
    type Item = vscode.QuickPickItem & { type: string | null };
    const items: Item[] = [
      { label: 'All transaction types', description: node.filter ? '' : '(current)', type: null },
      { label: '', kind: vscode.QuickPickItemKind.Separator, type: null },
      ...TRANSACTION_TYPES.map(t => ({ label: t, description: t === node.filter ? '(current)' : '', type: t })),
    ];
    const pick = await vscode.window.showQuickPick(items, {
      title: `Transactions of ${plain(node.title, 80)}`,
      placeHolder: 'Show only one transaction type',
      matchOnDescription: false,
    });
    return pick ? pick.type : undefined;
  }

  async function askAsOf(node: AccountNode): Promise<string | undefined> {
    return vscode.window.showInputBox({
      title: `Show ${plain(node.title, 80)} as of`,
      prompt: `${AS_OF_HELP} ${AS_OF_CAVEAT} ${NONCE_CAVEAT}`,
      value: node.asOf ?? '',
      placeHolder: '1700000000.000000000 or 2023-11-14T22:13:20Z',
      validateInput: v => {
        const r = parseAsOf(v);
        return r.ok ? undefined : r.message;
      },
    });
  }

  /**
   * Asks for an account (validated as typed), checks it exists on the current network, asks for
   * an optional label and the settings scope, then writes `ledgerLens.accounts`. The lookup made
   * to check the account is the one the view would make, so the new node shows without another.
   */
  async function addAccount(
    given: string | undefined,
    givenLabel: unknown,
    givenScope: unknown,
  ): Promise<string | undefined> {
    const found = given === undefined ? await askForAccount() : await checkExists(given);
    if (!found) return undefined;
    const label =
      typeof givenLabel === 'string'
        ? givenLabel
        : await vscode.window.showInputBox({
            title: `Label for ${found.path} (optional)`,
            prompt: 'Shown instead of the id in the Accounts view. Leave empty to show the id.',
          });
    if (label === undefined) return undefined;
    const scope = givenScope === 'workspace' || givenScope === 'user' ? givenScope : await pickScope();
    if (!scope) return undefined;
    store.seed(found.path, found.account);
    await writeEntry(
      label.trim() ? { id: found.request, label: label.trim() } : found.request,
      scope === 'workspace' ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global,
    );
    const node = store.find(found.path);
    if (node)
      await treeView.reveal(node, { select: true, focus: false, expand: false }).then(undefined, () => undefined);
    return found.path;
  }

  async function checkExists(
    text: string,
  ): Promise<{ path: string; request: string; account: AccountResponse } | undefined> {
    const r = await lookup(text, undefined);
    if ('message' in r) throw new Error(r.message);
    return r;
  }

  type Lookup = { path: string; request: string; account: AccountResponse } | { message: string };

  async function lookup(text: string, signal: AbortSignal | undefined): Promise<Lookup> {
    const network = services.config.current.network;
    const check = checkAccountEntry(text, network);
    if (!check.ok) return { message: check.message };
    if (store.find(check.path) && !store.find(check.path)!.entry.temporary)
      return { message: `${check.path} is already in the Accounts view.` };
    try {
      const account = await services.mirror.getAccount(
        check.request,
        store.queryFor(undefined),
        signal ? { signal } : {},
      );
      return { path: check.path, request: check.request, account };
    } catch (e) {
      if (isAbortError(e)) return { message: 'Cancelled' };
      const p = describeProblem(e, networkLabel(services.config.current));
      return {
        message:
          p.status === 404
            ? `No account ${check.path} on ${networkLabel(services.config.current)}: ${p.detail}`
            : `${p.title}: ${p.detail}`,
      };
    }
  }

  function askForAccount(): Promise<{ path: string; request: string; account: AccountResponse } | undefined> {
    return new Promise(resolve => {
      const box = vscode.window.createInputBox();
      box.title = `Ledger Lens: add account (${networkLabel(services.config.current)})`;
      box.placeholder = '0.0.1234, an EVM address (0x…) or an account alias';
      box.prompt = 'Enter an account id, EVM address or alias; it is checked on the current network.';
      box.ignoreFocusOut = true;
      let controller: AbortController | undefined;
      let settled = false;
      const finish = (value: { path: string; request: string; account: AccountResponse } | undefined) => {
        if (settled) return;
        settled = true;
        controller?.abort();
        resolve(value);
        box.dispose();
      };
      box.onDidChangeValue(v => {
        const check = v.trim() === '' ? undefined : checkAccountEntry(v, services.config.current.network);
        box.validationMessage = check && !check.ok ? check.message : undefined;
      });
      box.onDidAccept(async () => {
        const text = box.value.trim();
        if (!text || box.busy) return;
        controller?.abort();
        controller = new AbortController();
        box.busy = true;
        box.enabled = false;
        const r = await lookup(text, controller.signal);
        if (settled) return;
        box.busy = false;
        box.enabled = true;
        if ('message' in r) box.validationMessage = r.message;
        else finish(r);
      });
      box.onDidHide(() => finish(undefined));
      box.show();
    });
  }

  async function pickScope(): Promise<'user' | 'workspace' | undefined> {
    if (!vscode.workspace.workspaceFolders?.length) return 'user';
    const pick = await vscode.window.showQuickPick(
      [
        { label: 'User settings', description: 'every window', scope: 'user' as const },
        { label: 'Workspace settings', description: 'this workspace only', scope: 'workspace' as const },
      ],
      { title: 'Save the account in' },
    );
    return pick?.scope;
  }

  async function writeEntry(entry: AccountSetting | string, target: vscode.ConfigurationTarget): Promise<void> {
    const cfg = vscode.workspace.getConfiguration(SECTION);
    const i = cfg.inspect<unknown[]>('accounts');
    const current = (target === vscode.ConfigurationTarget.Workspace ? i?.workspaceValue : i?.globalValue) ?? [];
    await cfg.update('accounts', [...(Array.isArray(current) ? current : []), entry], target);
  }

  /**
   * Rewrites every settings scope that lists the account: `change` returns the new entry, or
   * undefined to remove it. True when some scope had it.
   */
  async function editSettingEntries(
    key: string,
    change: (id: string) => AccountSetting | string | undefined,
  ): Promise<boolean> {
    const cfg = vscode.workspace.getConfiguration(SECTION);
    const i = cfg.inspect<unknown[]>('accounts');
    const network = services.config.current.network;
    const keyOf = (id: string) => {
      const c = checkAccountEntry(id, network);
      return c.ok ? c.path : `invalid:${id}`;
    };
    let found = false;
    const scopes: [unknown, vscode.ConfigurationTarget][] = [
      [i?.globalValue, vscode.ConfigurationTarget.Global],
      [i?.workspaceValue, vscode.ConfigurationTarget.Workspace],
      [i?.workspaceFolderValue, vscode.ConfigurationTarget.WorkspaceFolder],
    ];
    for (const [value, target] of scopes) {
      if (!Array.isArray(value)) continue;
      let hit = false;
      const next: unknown[] = [];
      for (const e of value) {
        const id =
          typeof e === 'string'
            ? e
            : e && typeof e === 'object' && typeof (e as { id?: unknown }).id === 'string'
              ? (e as { id: string }).id
              : undefined;
        if (id !== undefined && keyOf(id.trim()) === key) {
          hit = true;
          const replaced = change(id.trim());
          if (replaced !== undefined) next.push(replaced);
        } else next.push(e);
      }
      if (hit) {
        found = true;
        await cfg.update('accounts', next, target);
      }
    }
    return found;
  }

  return vscode.Disposable.from(...disposables);
}

/** The account a command argument belongs to: the node itself or the account above it. */
function accountOf(arg: unknown): AccountNode | undefined {
  let node: unknown = arg;
  for (let i = 0; i < 10 && node && typeof node === 'object'; i++) {
    if (node instanceof AccountNode) return node;
    node = (node as { parent?: unknown }).parent;
  }
  return undefined;
}
