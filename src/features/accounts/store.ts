// The state behind the Accounts view: which accounts are listed, what each one loaded, its
// transaction pages, filter and as-of timestamp. The nodes are in nodes.ts; tree.ts turns them
// into vscode.TreeItems. Pure (no vscode), so the bench and unit tests drive it with a real
// mirror client and no editor.
//
// One request per account: the account lookup returns the balance, the token balances and the
// first page of transactions together, so expanding an account (or its sections) never fetches.
// A transaction type filter is a second list of the account's transactions, asked apart (the same
// lookup with `transactiontype`, of which only the transactions are used): a type the mirror node
// refuses fails that list alone, and Recent transactions keeps its last good rows beside the words.
import { ACCOUNT_FORMS_HELP } from '../../ledger';
import { type AccountParams, type AccountResponse, type MirrorClient, type TokenMetadata } from '../../mirror';
import type { ExchangeRates } from '../../mirror/rates';
import type { AccountSetting, Network } from '../../app/settings';
import { SERVER_DEFAULT_LIMIT, TOKEN_BALANCE_CAP, accountDetailRows } from './model';
import { transactionRows } from './transactionView';
import { asOfParam, checkAccountEntry, type AsOfOperator } from '../../ledger';
import { transactionTypeWords } from '../../present';
import { asOfCaveat, asOfHeading, asOfQueryText } from './asOf';
import {
  AccountNode,
  RowNode,
  TransactionNode,
  accountMessage,
  transactionsLoadMore,
  type AccountEntry,
  type AccountsNode,
  type SectionNode,
} from './nodes';
import { TransactionList } from './pages';
import { describeProblem } from './problem';
import { TOKEN_PAGE, tokenRows } from './tokens';
import { AccountTokens } from './tokenStore';

// The nodes and the failure words moved out of this file; what imported them from here still can.
export * from './nodes';
export * from './tokens';
export { describeProblem, type Problem } from './problem';
export { LoadMoreNode, MessageNode, type ItemData } from '../common/nodes';

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
  /** The token metadata service of the current network (units and symbols of token rows). */
  readonly tokens?: () => TokenMetadata;
  /** The current network's exchange rates; undefined when dollars are off. */
  readonly rates?: () => ExchangeRates | undefined;
}

export class AccountsStore {
  private nodes: AccountNode[] = [];
  private temporary: AccountEntry[] = [];
  private configured: readonly AccountSetting[] = [];
  private disposed = false;
  /** Lookups made before the account was listed (Add account checks it exists), keyed by path. */
  private readonly seeded = new Map<string, AccountResponse>();

  /** Token metadata asks and the NFTs sections (tokenStore.ts). */
  readonly tokenWork: AccountTokens;

  constructor(private readonly options: AccountsStoreOptions) {
    this.tokenWork = new AccountTokens({
      client: options.client,
      tokens: options.tokens,
      rates: options.rates,
      networkLabel: () => options.settings().networkLabel,
      changed: options.changed,
      ...(options.log ? { log: options.log } : {}),
    });
  }

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
        this.tokenWork.askForTransaction(node);
        return transactionRows(node.tx, node.parent.parent.accountId, this.tokenWork.money).map(
          r => new RowNode(node, r, node.id),
        );
      case 'row':
        return (node.row.children ?? []).map(r => new RowNode(node, r, node.id));
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
    if (reload) node.nftList.reset(); // asked again when the section shows
    const work = this.restart(node, node.pager, this.params(node), reload);
    if (!node.filter) return work;
    return Promise.all([work, this.loadFiltered(node, reload)]).then(() => undefined);
  }

  /** Follows `links.next` of the last page of the list shown and appends it (joins the request on its way). */
  loadMore(node: AccountNode): Promise<void> {
    const list = node.list;
    const asked = list.busy === undefined;
    const work = list.loadMore();
    if (asked && list.busy) this.options.progress?.(work);
    return work;
  }

  /**
   * Shows only one transaction type in Recent transactions (undefined: all, at once, with no
   * request: the account's own rows are the unfiltered list). The account itself is not asked again.
   */
  setFilter(node: AccountNode, type: string | undefined): Promise<void> {
    node.filter = type;
    if (type === undefined) {
      node.filtered.reset();
      this.options.changed(node.transactions);
      return Promise.resolve();
    }
    return this.loadFiltered(node, false);
  }

  /** Asks the filter's failed page again, as it was (Retry on its message row). */
  retryFilter(node: AccountNode): Promise<void> {
    const work = node.filtered.retry();
    this.options.progress?.(work);
    return work;
  }

  /** Lists the account's transactions oldest first (`order=asc`) or newest first, and reloads it. */
  setOldestFirst(node: AccountNode, oldestFirst: boolean): Promise<void> {
    node.oldestFirst = oldestFirst;
    return this.load(node);
  }

  /** Shows the account as of a consensus timestamp (undefined: now), bounded by `operator`, and reloads it. */
  setAsOf(node: AccountNode, timestamp: string | undefined, operator: AsOfOperator = 'lte'): Promise<void> {
    node.asOf = timestamp;
    node.asOfOperator = timestamp === undefined ? 'lte' : operator;
    return this.load(node);
  }

  /** Reloads every account past the cache; Load more pages survive where the new page reaches them. */
  refreshAll(): Promise<void> {
    return Promise.all(this.nodes.map(n => this.load(n, true))).then(() => undefined);
  }

  /** The network changed: what was loaded belongs to the old one. Cancels what is in flight. */
  reset(): void {
    for (const node of this.nodes) {
      node.pager.reset();
      node.filtered.reset();
      node.nftList.reset();
      node.tokensShown = TOKEN_PAGE;
    }
    this.options.changed(undefined);
    // "Switching network refreshes everything", seen or not.
    this.roots();
  }

  dispose(): void {
    this.disposed = true;
    this.tokenWork.dispose();
    for (const node of this.nodes) dispose(node);
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

  /** The account lookup's parameters: never the type filter, which is the filtered list's alone. */
  private params(node: AccountNode | undefined): AccountParams {
    const limit = this.options.settings().transactionsLimit;
    return {
      // The server's default is 25: leaving it out keeps the URL the one every client shares.
      ...(limit !== SERVER_DEFAULT_LIMIT ? { limit } : {}),
      ...(node?.oldestFirst ? { order: 'asc' as const } : {}),
      ...(node?.asOf ? { timestamp: asOfParam(node.asOfOperator, node.asOf) } : {}),
    };
  }

  /** The account's transactions of its filter's type, in a list of their own. */
  private loadFiltered(node: AccountNode, reload: boolean): Promise<void> {
    const type = node.filter;
    if (type === undefined || !node.check.ok || this.disposed) return Promise.resolve();
    return this.restart(node, node.filtered, { ...this.params(node), transactiontype: type }, reload);
  }

  /** A new first page of one of an account's lists: the lookup with `params`. */
  private restart(node: AccountNode, list: TransactionList, params: AccountParams, reload: boolean): Promise<void> {
    if (!node.check.ok) return Promise.resolve();
    const path = node.check.request;
    const work = list.restart(
      signal =>
        this.options.client().getAccount(path, params, { signal, ...(reload ? { cache: 'reload' as const } : {}) }),
      // The pager merges a refreshed first page by newest-first position: oldest first starts over.
      { query: JSON.stringify(params), merge: !node.oldestFirst },
    );
    this.options.progress?.(work);
    return work;
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
        const node = new AccountNode(
          entry,
          check,
          key,
          () => this.options.settings().networkLabel,
          n => ({
            transactions: this.transactionList(n, false),
            filtered: this.transactionList(n, true),
            nfts: this.tokenWork.nftList(n),
          }),
        );
        node.balanceRate = () => this.tokenWork.balanceRate(node);
        const seeded = this.seeded.get(key);
        if (seeded) node.pager.seed(seeded, JSON.stringify(this.params(node)));
        next.push(node);
      }
      this.seeded.delete(key);
      old.delete(key);
    }
    for (const gone of old.values()) dispose(gone);
    // A temporary account that is now configured is no longer temporary.
    this.temporary = this.temporary.filter(t => !this.configured.some(c => this.keyOf(c.id) === this.keyOf(t.id)));
    this.nodes = next;
    this.options.changed(undefined);
  }

  /**
   * An account's transactions (`filtered`: those of its filter's type): Load more follows
   * links.next; the view hears what happens. The filtered list redraws only Recent transactions.
   */
  private transactionList(node: AccountNode, filtered: boolean): TransactionList {
    const label = () => this.options.settings().networkLabel;
    return new TransactionList({
      more: ({ last, signal }) => this.options.client().next(last, { signal }),
      describe: e => describeProblem(e, label()),
      changed: event => {
        if (event.state === 'failed') {
          const first = event.which === 'first' ? (node.check.ok ? node.check.request : node.key) : undefined;
          const where = `${first ?? `${node.key}, next page`}${filtered ? `, ${node.filter ?? ''} transactions` : ''}`;
          this.options.log?.(`account ${where}: ${event.problem.title}: ${event.problem.detail}`);
        }
        this.options.changed(event.which === 'first' && !filtered ? node : node.transactions);
      },
    });
  }

  private async accountChildren(node: AccountNode): Promise<AccountsNode[]> {
    if (!node.check.ok) {
      return [accountMessage(node, 'invalid', 'Not an account id', ACCOUNT_FORMS_HELP, undefined, 'error')];
    }
    if (!node.account && node.status !== 'failed') await this.load(node);
    if (node.status === 'failed' && node.problem) {
      return [accountMessage(node, 'problem', node.problem.title, node.problem.detail, 'account')];
    }
    if (!node.account) return [accountMessage(node, 'empty', 'Not loaded', '', 'account')];
    const out: AccountsNode[] = [];
    if (node.asOf)
      out.push(
        accountMessage(
          node,
          'asOf',
          `${asOfHeading(node.asOf, node.asOfOperator)} · ${asOfQueryText(node.asOf, node.asOfOperator)}`,
          asOfCaveat(node.asOfOperator),
          undefined,
          'history',
        ),
      );
    out.push(node.details, node.tokens, node.nfts, node.transactions);
    return out;
  }

  private sectionChildren(section: SectionNode): AccountsNode[] | Promise<AccountsNode[]> {
    const account = section.parent;
    const a = account.account;
    if (!a) return [];
    const prefix = section.id;
    switch (section.section) {
      case 'details':
        return accountDetailRows(a, account.viewOptions()).map(r => new RowNode(section, r, prefix));
      case 'tokens': {
        const tokens = a.balance?.tokens ?? [];
        const { rows, more } = tokenRows(section, tokens, account.tokensShown, this.tokenWork.peek);
        this.tokenWork.ask(
          section,
          rows.map(r => r.tokenId),
        );
        const out: AccountsNode[] = [...rows];
        if (more) out.push(more);
        if (tokens.length === 0) out.push(accountMessage(section, 'none', 'No token balances', '', undefined));
        else if (tokens.length >= TOKEN_BALANCE_CAP && !more) {
          out.push(
            accountMessage(
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
      case 'nfts':
        return this.tokenWork.nftChildren(section);
      case 'transactions': {
        const list = account.list;
        const out: AccountsNode[] = [];
        const refused = account.filterProblem;
        // Above the rows it explains: they are the last good ones, not the filter's.
        if (refused && account.filter)
          out.push(
            accountMessage(
              section,
              'filterProblem',
              `${transactionTypeWords(account.filter)} not shown: ${refused.title}`,
              refused.detail,
              'filter',
              undefined,
              'filter',
            ),
          );
        out.push(...list.rows.map(tx => new TransactionNode(section, tx)));
        if (list.rows.length === 0 && !list.hasMore && !refused) {
          const words = account.filter && list === account.filtered ? transactionTypeWords(account.filter) : '';
          out.push(
            accountMessage(section, 'none', words ? `No ${words} transactions` : 'No transactions', '', undefined),
          );
        }
        if (account.moreProblem)
          out.push(
            accountMessage(section, 'moreProblem', account.moreProblem.title, account.moreProblem.detail, 'loadMore'),
          );
        else if (list.hasMore) out.push(transactionsLoadMore(section));
        return out;
      }
    }
  }
}

/** An account no longer listed, or the store going: nothing it asked is wanted. */
function dispose(node: AccountNode): void {
  node.pager.dispose();
  node.filtered.dispose();
  node.nftList.dispose();
}
