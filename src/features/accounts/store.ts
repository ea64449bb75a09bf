// The Accounts view's nodes and the state behind them: which accounts are listed, what each one
// loaded, its transaction pages, filter and as-of timestamp. Nodes hold data and describe their
// tree item as plain `ItemData`; tree.ts turns that into a vscode.TreeItem. Pure (no vscode), so
// the bench and unit tests drive it with a real mirror client and no editor.
//
// One request per account: the account lookup returns the balance, the token balances and the
// first page of transactions together, so expanding an account (or its sections) never fetches.
import { Commands, type CommandId } from '../../commands';
import { ACCOUNT_FORMS_HELP } from '../../ledger';
import {
  MirrorError,
  MirrorInputError,
  isAbortError,
  type AccountParams,
  type AccountResponse,
  type MirrorClient,
} from '../../mirror';
import type { AccountSetting, Network } from '../../settings';
import type { EntityTarget, HasTarget } from '../context';
import { codeSpan, escapeMarkdown } from '../common/markdown';
import {
  AS_OF_CAVEAT,
  NONCE_CAVEAT,
  SERVER_DEFAULT_LIMIT,
  TOKEN_BALANCE_CAP,
  accountDetailRows,
  accountView,
  checkAccountEntry,
  consensusTime,
  plain,
  transactionRows,
  transactionTooltip,
  transactionView,
  type CheckedEntry,
  type Row,
} from './model';
import { TransactionPager } from './pages';
import type { Transaction } from '../../mirror';
import { formatGrouped } from '../../ledger';

/** What tree.ts needs to build a TreeItem. Text is already safe for where it goes. */
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
}

export interface Problem {
  /** Short: the node's description. */
  readonly title: string;
  /** The server's own words where it gave any. */
  readonly detail: string;
  readonly status?: number;
}

export interface AccountsStoreOptions {
  readonly client: () => MirrorClient;
  readonly settings: () => {
    readonly network: Network;
    readonly networkLabel: string;
    readonly transactionsLimit: number;
  };
  /** A node (and what is below it) changed; undefined: the whole tree. */
  readonly changed: (node: AccountsNode | undefined) => void;
  readonly log?: (message: string) => void;
  /** Shows a load in the view's progress bar. */
  readonly progress?: (work: Promise<unknown>) => void;
}

export type AccountsNode =
  AccountNode | SectionNode | RowNode | TokenNode | TransactionNode | LoadMoreNode | MessageNode;

interface NodeBase {
  readonly parent: AccountsNode | undefined;
  item(): ItemData;
  /** Markdown, escaped; built only when the user hovers the node (resolveTreeItem). */
  tooltip(): string | undefined;
}

// ---------------------------------------------------------------------------------------------
// Nodes

export interface AccountEntry {
  readonly id: string;
  readonly label?: string;
  /** Shown for this session only (opened from a hover), not in the settings. */
  readonly temporary: boolean;
}

export type AccountStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export class AccountNode implements NodeBase, HasTarget {
  readonly kind = 'account';
  readonly parent = undefined;
  status: AccountStatus = 'idle';
  account: AccountResponse | undefined;
  problem: Problem | undefined;
  pager = new TransactionPager<AccountResponse>();
  /** A TransactionTypes name, or undefined for all. */
  filter: string | undefined;
  /** `sss.nnnnnnnnn`: show the account as of this consensus time. */
  asOf: string | undefined;
  loading: Promise<void> | undefined;
  controller = new AbortController();
  /** Bumped on every load, so a Load more that finishes after a reload is dropped. */
  generation = 0;
  /** The query the pager's pages answer (filter, as-of, limit). */
  queryKey = '';
  loadingMore = false;
  moreProblem: Problem | undefined;
  readonly details = new SectionNode(this, 'details');
  readonly tokens = new SectionNode(this, 'tokens');
  readonly transactions = new SectionNode(this, 'transactions');

  constructor(
    public entry: AccountEntry,
    readonly check: CheckedEntry,
    readonly key: string,
    private readonly networkLabel: () => string,
  ) {}

  /** The label the user gave, else the id as configured. */
  get title(): string {
    return this.entry.label ?? this.entry.id;
  }

  get target(): EntityTarget {
    const id = this.account?.account ?? (this.check.ok ? this.check.path : this.entry.id);
    const evm = this.account?.evm_address;
    return evm && /^0x[0-9a-fA-F]{40}$/.test(evm) ? { kind: 'account', id, evmAddress: evm } : { kind: 'account', id };
  }

  /** The id the transfers of this account's transactions name it by. */
  get accountId(): string | undefined {
    return this.account?.account ?? (this.check.ok && this.check.ref.kind === 'id' ? this.check.path : undefined);
  }

  item(): ItemData {
    const where = this.entry.temporary ? 'temporary' : 'configured';
    const label = plain(this.title, 100);
    const id = `account/${this.key}`;
    if (!this.check.ok) {
      return {
        id,
        label,
        description: 'not an account id',
        icon: 'error',
        iconColor: 'errorForeground',
        contextValue: `account:invalid:${where}`,
        collapsible: 'collapsed',
      };
    }
    if (this.status === 'failed' && this.problem) {
      return {
        id,
        label,
        description: `${this.problem.title}: ${plain(this.problem.detail, 120)}`,
        icon: this.problem.status === 404 ? 'question' : 'error',
        iconColor: 'errorForeground',
        contextValue: `account:failed:${where}`,
        collapsible: 'collapsed',
      };
    }
    const a = this.account;
    if (!a) {
      return {
        id,
        label,
        description: 'loading…',
        icon: 'loading~spin',
        contextValue: `account:loading:${where}`,
        collapsible: 'collapsed',
      };
    }
    const view = accountView(a, this.title, {
      network: this.networkLabel(),
      ...(this.asOf ? { asOf: this.asOf } : {}),
    });
    const extra = [
      ...(this.filter ? [plain(this.filter, 40)] : []),
      ...(this.entry.temporary ? ['not saved'] : []),
      ...(this.status === 'loading' ? ['refreshing…'] : []),
    ];
    return {
      id,
      label,
      description: [view.description, ...extra].join(' · '),
      icon: this.status === 'loading' ? 'loading~spin' : a.deleted ? 'trash' : this.asOf ? 'history' : 'account',
      ...(a.deleted ? { iconColor: 'disabledForeground' } : {}),
      contextValue: `account:loaded${this.target.evmAddress ? ':evm' : ''}:${where}`,
      collapsible: 'collapsed',
    };
  }

  tooltip(): string {
    const title = escapeMarkdown(this.title);
    if (!this.check.ok) return `**${title}**\n\n${escapeMarkdown(this.check.message)}`;
    const network = escapeMarkdown(this.networkLabel());
    if (this.status === 'failed' && this.problem) {
      return `**${title}** · ${network}\n\n${escapeMarkdown(this.problem.title)}: ${escapeMarkdown(this.problem.detail)}`;
    }
    if (!this.account) return `**${title}**: loading from ${network}`;
    const view = accountView(this.account, this.title, {
      network: this.networkLabel(),
      ...(this.asOf ? { asOf: this.asOf } : {}),
    });
    return view.tooltip + (this.entry.temporary ? '\n\n*Opened from a hover; not in `ledgerLens.accounts`.*' : '');
  }
}

export type SectionKind = 'details' | 'tokens' | 'transactions';

export class SectionNode implements NodeBase {
  readonly kind = 'section';
  constructor(
    readonly parent: AccountNode,
    readonly section: SectionKind,
  ) {}

  item(): ItemData {
    const account = this.parent;
    const id = `account/${account.key}/${this.section}`;
    switch (this.section) {
      case 'details':
        return { id, label: 'Details', icon: 'info', contextValue: 'section:details', collapsible: 'collapsed' };
      case 'tokens': {
        const n = account.account?.balance?.tokens.length ?? 0;
        return {
          id,
          label: 'Tokens',
          description: n >= TOKEN_BALANCE_CAP ? `${n} (the service's cap)` : String(n),
          icon: 'symbol-constant',
          contextValue: 'section:tokens',
          collapsible: 'collapsed',
        };
      }
      case 'transactions': {
        const n = account.pager.transactions.length;
        const parts = [`${n}${account.pager.hasMore ? '+' : ''}`];
        if (account.filter) parts.push(plain(account.filter, 40));
        if (account.asOf) parts.push(`to ${consensusTime(account.asOf)}`);
        return {
          id,
          label: 'Recent transactions',
          description: parts.join(' · '),
          icon: account.filter ? 'filter' : 'list-unordered',
          contextValue: `section:transactions${account.filter ? ':filtered' : ''}`,
          collapsible: 'collapsed',
        };
      }
    }
  }

  tooltip(): string | undefined {
    if (this.section !== 'transactions') return undefined;
    const filter = this.parent.filter;
    return filter
      ? `Only ${codeSpan(filter)} transactions. Use *Filter by transaction type* to change.`
      : 'All transaction types. Use *Filter by transaction type* to show one type.';
  }
}

export class RowNode implements NodeBase, Partial<HasTarget> {
  readonly kind = 'row';
  readonly target: EntityTarget | undefined;
  constructor(
    readonly parent: AccountsNode,
    readonly row: Row,
    private readonly idPrefix: string,
  ) {
    this.target = row.target;
  }

  /** What "Copy value" copies. */
  get copyText(): string | undefined {
    return this.row.copy;
  }

  item(): ItemData {
    const r = this.row;
    const kinds = [r.copy !== undefined ? 'copy' : '', r.target ? r.target.kind : ''].filter(Boolean);
    return {
      id: `${this.idPrefix}/${r.key}`,
      label: r.label,
      description: r.value,
      ...(r.icon ? { icon: r.icon } : {}),
      contextValue: `row${kinds.map(k => `:${k}`).join('')}`,
      collapsible: r.children && r.children.length > 0 ? 'collapsed' : 'none',
    };
  }

  tooltip(): string | undefined {
    return this.row.tooltip;
  }
}

export class TokenNode implements NodeBase, HasTarget {
  readonly kind = 'token';
  readonly target: EntityTarget;
  constructor(
    readonly parent: SectionNode,
    readonly tokenId: string,
    readonly balance: bigint,
    private readonly index: number,
  ) {
    this.target = { kind: 'token', id: tokenId };
  }

  item(): ItemData {
    return {
      id: `account/${this.parent.parent.key}/tokens/${this.index}`,
      label: plain(this.tokenId, 40),
      description: formatGrouped(this.balance),
      icon: 'symbol-constant',
      contextValue: 'token',
      collapsible: 'none',
    };
  }

  tooltip(): string {
    return `Token ${codeSpan(this.tokenId)}: balance ${escapeMarkdown(formatGrouped(this.balance))} in the token's smallest unit`;
  }
}

export class TransactionNode implements NodeBase, HasTarget {
  readonly kind = 'transaction';
  readonly target: EntityTarget;
  constructor(
    readonly parent: SectionNode,
    readonly tx: Transaction,
  ) {
    this.target = { kind: 'transaction', id: tx.transaction_id ?? '' };
  }

  get id(): string {
    return `account/${this.parent.parent.key}/tx/${this.tx.consensus_timestamp ?? this.tx.transaction_id ?? ''}`;
  }

  item(): ItemData {
    const view = transactionView(this.tx, this.parent.parent.accountId);
    return {
      id: this.id,
      label: view.label,
      description: view.description,
      icon: view.failed ? 'error' : 'arrow-swap',
      ...(view.failed ? { iconColor: 'errorForeground' } : {}),
      contextValue: this.tx.transaction_id ? 'transaction' : 'transaction:noid',
      collapsible: 'collapsed',
    };
  }

  tooltip(): string {
    return transactionTooltip(this.tx, this.parent.parent.accountId);
  }
}

export class LoadMoreNode implements NodeBase {
  readonly kind = 'loadMore';
  constructor(readonly parent: SectionNode) {}

  item(): ItemData {
    const account = this.parent.parent;
    const loading = account.loadingMore;
    return {
      id: `account/${account.key}/loadMore`,
      label: loading ? 'Loading…' : 'Load more',
      description: loading ? '' : `${account.pager.transactions.length} loaded`,
      icon: loading ? 'loading~spin' : 'ellipsis',
      contextValue: 'loadMore',
      collapsible: 'none',
      ...(loading ? {} : { command: { id: Commands.loadMore, title: 'Load more' } }),
    };
  }

  tooltip(): string {
    return 'Loads the next page of transactions (the `links.next` of the last page).';
  }
}

export class MessageNode implements NodeBase {
  readonly kind = 'message';
  constructor(
    readonly parent: AccountsNode,
    readonly name: string,
    readonly text: string,
    readonly detail: string,
    /** A failure the Retry command can redo (its account reloads, or Load more retries). */
    readonly retry: 'account' | 'loadMore' | undefined,
    readonly icon: string = retry ? 'error' : 'info',
  ) {}

  item(): ItemData {
    const parentId = this.parent.item().id;
    return {
      id: `${parentId}/message/${this.name}`,
      label: plain(this.text, 200),
      ...(this.detail ? { description: plain(this.detail, 200) } : {}),
      icon: this.icon,
      ...(this.retry ? { iconColor: 'errorForeground' } : {}),
      contextValue: this.retry ? 'message:retry' : 'message',
      collapsible: 'none',
      ...(this.retry ? { command: { id: Commands.retry, title: 'Retry' } } : {}),
    };
  }

  tooltip(): string {
    return this.detail ? `${escapeMarkdown(this.text)}\n\n${escapeMarkdown(this.detail)}` : escapeMarkdown(this.text);
  }
}

// ---------------------------------------------------------------------------------------------
// The store

export class AccountsStore {
  private nodes: AccountNode[] = [];
  private temporary: AccountEntry[] = [];
  private configured: readonly AccountSetting[] = [];
  private disposed = false;
  /** Lookups made before the account was listed (Add account checks it exists), keyed by path. */
  private readonly seeded = new Map<string, AccountResponse>();

  constructor(private readonly options: AccountsStoreOptions) {}

  /** The accounts listed, configured first, then the temporary ones. */
  get accounts(): readonly AccountNode[] {
    return this.nodes;
  }

  /** Takes the `ledgerLens.accounts` list; accounts still listed keep what they loaded. */
  setConfigured(settings: readonly AccountSetting[]): void {
    this.configured = settings;
    this.rebuild();
  }

  /** Lists an account for this session only (unless it is already listed). Returns its node. */
  addTemporary(id: string): AccountNode {
    const existing = this.find(id);
    if (existing) return existing;
    this.temporary.push({ id, temporary: true });
    this.rebuild();
    return this.find(id)!;
  }

  /** Drops a temporary account; false when `node` is not one. */
  removeTemporary(node: AccountNode): boolean {
    const before = this.temporary.length;
    this.temporary = this.temporary.filter(e => this.keyOf(e.id) !== node.key);
    if (this.temporary.length === before) return false;
    this.rebuild();
    return true;
  }

  /** The listed account an id (any accepted form, or its EVM address) refers to. */
  find(id: string): AccountNode | undefined {
    const key = this.keyOf(id);
    const lower = id.toLowerCase();
    return this.nodes.find(
      n =>
        n.key === key ||
        n.account?.account === id ||
        (n.account?.evm_address ? n.account.evm_address.toLowerCase() === lower : false),
    );
  }

  /** Top-level nodes; starts loading the accounts not loaded yet (not awaited). */
  roots(): AccountNode[] {
    for (const node of this.nodes) {
      if (node.check.ok && node.status === 'idle') void this.load(node);
    }
    return [...this.nodes];
  }

  async children(node: AccountsNode | undefined): Promise<AccountsNode[]> {
    if (!node) return this.roots();
    switch (node.kind) {
      case 'account':
        return this.accountChildren(node);
      case 'section':
        return this.sectionChildren(node);
      case 'transaction':
        return transactionRows(node.tx, node.parent.parent.accountId).map(r => new RowNode(node, r, node.id));
      case 'row':
        return (node.row.children ?? []).map(r => new RowNode(node, r, node.item().id));
      default:
        return [];
    }
  }

  /**
   * Loads (or, with `reload`, reloads past the cache) one account with its current filter and
   * as-of timestamp. Concurrent calls share the load in flight unless `reload` starts over.
   */
  load(node: AccountNode, reload = false): Promise<void> {
    if (!node.check.ok || this.disposed) return Promise.resolve();
    if (node.loading && !reload) return node.loading;
    node.controller.abort();
    const controller = new AbortController();
    node.controller = controller;
    const generation = ++node.generation;
    node.status = 'loading';
    node.loadingMore = false;
    this.options.changed(node);
    const path = node.check.request;
    const params = this.params(node);
    const queryKey = JSON.stringify(params);
    const work = (async () => {
      try {
        const account = await this.options.client().getAccount(path, params, {
          signal: controller.signal,
          ...(reload ? { cache: 'reload' as const } : {}),
        });
        if (generation !== node.generation) return;
        if (node.account && node.queryKey === queryKey) node.pager.refreshFirst(account);
        else node.pager.reset(account);
        node.account = account;
        node.queryKey = queryKey;
        node.status = 'loaded';
        node.problem = undefined;
        node.moreProblem = undefined;
      } catch (e) {
        if (generation !== node.generation || isAbortError(e)) return;
        node.status = 'failed';
        node.problem = describeProblem(e, this.options.settings().networkLabel);
        this.options.log?.(`account ${path}: ${node.problem.title}: ${node.problem.detail}`);
      } finally {
        if (generation === node.generation) {
          node.loading = undefined;
          this.options.changed(node);
        }
      }
    })();
    node.loading = work;
    this.options.progress?.(work);
    return work;
  }

  /** Follows `links.next` of the last page loaded and appends it. */
  async loadMore(node: AccountNode): Promise<void> {
    const last = node.pager.lastPage;
    if (!last || !node.pager.hasMore || node.loadingMore || node.loading) return;
    const generation = node.generation;
    node.loadingMore = true;
    node.moreProblem = undefined;
    this.options.changed(node.transactions);
    const work = (async () => {
      try {
        const page = await this.options.client().next(last, { signal: node.controller.signal });
        if (generation !== node.generation) return;
        node.pager.append(page);
      } catch (e) {
        if (generation !== node.generation || isAbortError(e)) return;
        node.moreProblem = describeProblem(e, this.options.settings().networkLabel);
        this.options.log?.(`account ${node.key}, next page: ${node.moreProblem.title}: ${node.moreProblem.detail}`);
      } finally {
        if (generation === node.generation) {
          node.loadingMore = false;
          this.options.changed(node.transactions);
        }
      }
    })();
    this.options.progress?.(work);
    return work;
  }

  /** Shows only one transaction type (undefined: all) and reloads the account. */
  setFilter(node: AccountNode, type: string | undefined): Promise<void> {
    node.filter = type;
    return this.load(node);
  }

  /** Shows the account as of a consensus timestamp (undefined: now) and reloads it. */
  setAsOf(node: AccountNode, timestamp: string | undefined): Promise<void> {
    node.asOf = timestamp;
    return this.load(node);
  }

  /** Reloads every account past the cache; Load more pages survive where the new page reaches them. */
  refreshAll(): Promise<void> {
    return Promise.all(this.nodes.map(n => this.load(n, true))).then(() => undefined);
  }

  /** The network changed: what was loaded belongs to the old one. Cancels what is in flight. */
  reset(): void {
    for (const node of this.nodes) {
      node.controller.abort();
      node.controller = new AbortController();
      node.generation++;
      node.status = 'idle';
      node.account = undefined;
      node.problem = undefined;
      node.moreProblem = undefined;
      node.loading = undefined;
      node.loadingMore = false;
      node.pager = new TransactionPager<AccountResponse>();
      node.queryKey = '';
    }
    this.options.changed(undefined);
    // "Switching network refreshes everything", seen or not.
    this.roots();
  }

  dispose(): void {
    this.disposed = true;
    for (const node of this.nodes) node.controller.abort();
  }

  // ---- internals ----

  /**
   * Hands the store an account fetched with queryFor(undefined) before it is listed, so listing it
   * costs no second request.
   */
  seed(path: string, account: AccountResponse): void {
    this.seeded.set(path, account);
  }

  /** The lookup parameters of an account (undefined: one with no filter or as-of timestamp). */
  queryFor(node: AccountNode | undefined): AccountParams {
    return this.params(node);
  }

  private params(node: AccountNode | undefined): AccountParams {
    const limit = this.options.settings().transactionsLimit;
    return {
      // The server's default is 25: leaving it out keeps the URL the one every client shares.
      ...(limit !== SERVER_DEFAULT_LIMIT ? { limit } : {}),
      ...(node?.filter ? { transactiontype: node.filter } : {}),
      ...(node?.asOf ? { timestamp: `lte:${node.asOf}` } : {}),
    };
  }

  private keyOf(id: string): string {
    const check = checkAccountEntry(id, this.options.settings().network);
    return check.ok ? check.path : `invalid:${id}`;
  }

  private rebuild(): void {
    const network = this.options.settings().network;
    const old = new Map(this.nodes.map(n => [n.key, n]));
    const next: AccountNode[] = [];
    const keys = new Set<string>();
    const entries: AccountEntry[] = [
      ...this.configured.map(s => ({ id: s.id, ...(s.label ? { label: s.label } : {}), temporary: false })),
      ...this.temporary,
    ];
    for (const entry of entries) {
      const check = checkAccountEntry(entry.id, network);
      const key = check.ok ? check.path : `invalid:${entry.id}`;
      if (keys.has(key)) continue; // listed twice (or saved after being temporary): show it once
      keys.add(key);
      const reuse = old.get(key);
      if (reuse) {
        reuse.entry = entry;
        next.push(reuse);
      } else {
        const node = new AccountNode(entry, check, key, () => this.options.settings().networkLabel);
        const seeded = this.seeded.get(key);
        if (seeded) {
          node.account = seeded;
          node.pager.reset(seeded);
          node.queryKey = JSON.stringify(this.params(node));
          node.status = 'loaded';
        }
        next.push(node);
      }
      this.seeded.delete(key);
      old.delete(key);
    }
    for (const gone of old.values()) gone.controller.abort();
    // A temporary account that is now configured is no longer temporary.
    this.temporary = this.temporary.filter(t => !this.configured.some(c => this.keyOf(c.id) === this.keyOf(t.id)));
    this.nodes = next;
    this.options.changed(undefined);
  }

  private async accountChildren(node: AccountNode): Promise<AccountsNode[]> {
    if (!node.check.ok) {
      return [new MessageNode(node, 'invalid', 'Not an account id', ACCOUNT_FORMS_HELP, undefined, 'error')];
    }
    if (!node.account && node.status !== 'failed') await this.load(node);
    if (node.status === 'failed' && node.problem) {
      return [new MessageNode(node, 'problem', node.problem.title, node.problem.detail, 'account')];
    }
    if (!node.account) return [new MessageNode(node, 'empty', 'Not loaded', '', 'account')];
    const out: AccountsNode[] = [];
    if (node.asOf)
      out.push(
        new MessageNode(
          node,
          'asOf',
          `As of ${consensusTime(node.asOf)}`,
          `${AS_OF_CAVEAT} ${NONCE_CAVEAT}`,
          undefined,
          'history',
        ),
      );
    out.push(node.details, node.tokens, node.transactions);
    return out;
  }

  private sectionChildren(section: SectionNode): AccountsNode[] {
    const account = section.parent;
    const a = account.account;
    if (!a) return [];
    const prefix = section.item().id;
    switch (section.section) {
      case 'details':
        return accountDetailRows(a, account.asOf ? { asOf: account.asOf } : {}).map(
          r => new RowNode(section, r, prefix),
        );
      case 'tokens': {
        const tokens = a.balance?.tokens ?? [];
        const out: AccountsNode[] = tokens.map((t, i) => new TokenNode(section, t.token_id ?? '', t.balance, i));
        if (tokens.length === 0) out.push(new MessageNode(section, 'none', 'No token balances', '', undefined));
        else if (tokens.length >= TOKEN_BALANCE_CAP) {
          out.push(
            new MessageNode(
              section,
              'cap',
              `Showing the first ${TOKEN_BALANCE_CAP} token balances`,
              'the mirror node returns no more with an account',
              undefined,
            ),
          );
        }
        return out;
      }
      case 'transactions': {
        const out: AccountsNode[] = account.pager.transactions.map(tx => new TransactionNode(section, tx));
        if (out.length === 0 && !account.pager.hasMore) {
          out.push(
            new MessageNode(
              section,
              'none',
              account.filter ? `No ${account.filter} transactions` : 'No transactions',
              '',
              undefined,
            ),
          );
        }
        if (account.moreProblem)
          out.push(
            new MessageNode(section, 'moreProblem', account.moreProblem.title, account.moreProblem.detail, 'loadMore'),
          );
        else if (account.pager.hasMore) out.push(new LoadMoreNode(section));
        return out;
      }
    }
  }
}

/** A failure in the words the user needs: what happened, and the server's own message. */
export function describeProblem(e: unknown, network: string): Problem {
  if (e instanceof MirrorInputError) return { title: 'Refused before sending', detail: e.message };
  if (e instanceof MirrorError) {
    const server = e.messages.length > 0 ? e.messages.join('; ') : e.message;
    switch (e.kind) {
      case 'http':
        if (e.status === 404) return { title: `Not found on ${network}`, detail: server, status: 404 };
        if (e.status === 429) return { title: 'Rate limited (429)', detail: server, status: 429 };
        if (e.status >= 500) return { title: `Mirror node error (${e.status})`, detail: server, status: e.status };
        return { title: `Refused (${e.status})`, detail: server, status: e.status };
      case 'timeout':
        return { title: 'Timed out', detail: e.message };
      case 'network':
        return { title: 'Cannot reach the mirror node', detail: e.message };
      case 'invalid-response':
        return { title: 'Unusable answer', detail: e.message };
      case 'aborted':
        return { title: 'Cancelled', detail: e.message };
    }
  }
  return { title: 'Failed', detail: e instanceof Error ? e.message : String(e) };
}
