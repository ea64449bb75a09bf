// The Accounts view's nodes: an account, its sections (details, tokens, recent transactions), and
// their rows. Nodes hold data and describe their tree item as plain `ItemData`; the shared
// message and Load more rows come from common/nodes.ts. Pure (no vscode).
import type { AccountResponse, Transaction } from '../../mirror';
import type { AsOfOperator, EntityTarget, HasTarget } from '../../ledger';
import type { RateInForce } from '../../mirror/rates';
import { asOfRangeWords } from './asOf';
import { codeSpan, escapeMarkdown } from '../common/markdown';
import { LoadMoreNode, MessageNode, type ItemData, type TreeNode } from '../common/nodes';
import type { CheckedEntry } from '../../ledger';
import { plainText as plain, transactionTypeWords } from '../../present';
import { TOKEN_BALANCE_CAP, accountView, type Row } from './model';
import { middleTruncate, shortHex } from '../../present/hex';
import { transactionTooltip, transactionView } from './transactionView';
import type { TransactionList } from './pages';
import type { NftList } from './nftList';
import { TOKEN_PAGE, type NftNode, type TokenNode } from './tokens';
import type { Problem } from './problem';

export type AccountsNode =
  | AccountNode
  | SectionNode
  | RowNode
  | TokenNode
  | NftNode
  | TransactionNode
  | LoadMoreNode<SectionNode>
  | MessageNode<AccountRetry, AccountNode | SectionNode>;

/** What Retry redoes: the account's load, its Load more, its NFTs, or its type filter's list. */
export type AccountRetry = 'account' | 'loadMore' | 'nfts' | 'filter';

/** A message row below an account node; `retry` makes it a failure the Retry command redoes. */
export function accountMessage(
  parent: AccountNode | SectionNode,
  name: string,
  text: string,
  detail: string,
  retry?: AccountRetry,
  icon?: string,
  context?: string,
): MessageNode<AccountRetry, AccountNode | SectionNode> {
  return new MessageNode<AccountRetry, AccountNode | SectionNode>(
    parent,
    `${parent.id}/message/${name}`,
    text,
    detail,
    {
      ...(retry ? { retry: { reason: retry, command: 'ledgerLens.retry' } } : {}),
      ...(icon ? { icon } : {}),
      ...(context ? { context } : {}),
    },
  );
}

/** The Load more row of an account's transactions. */
export function transactionsLoadMore(section: SectionNode): LoadMoreNode<SectionNode> {
  const account = section.parent;
  return new LoadMoreNode<SectionNode>(
    section,
    `account/${account.key}/loadMore`,
    'ledgerLens.loadMore',
    () => ({ loading: account.loadingMore, loaded: account.list.rows.length }),
    'transactions',
  );
}

export interface AccountEntry {
  readonly id: string;
  readonly label?: string;
  /** Shown for this session only (opened from a hover), not in the settings. */
  readonly temporary: boolean;
}

export type AccountStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export class AccountNode implements TreeNode, HasTarget {
  readonly kind = 'account';
  readonly parent = undefined;
  /** The account's transactions; its first page is the account lookup (the list owns the requests). */
  readonly pager: TransactionList;
  /**
   * The transactions of one type (`filter`), asked apart from the account: a type the mirror node
   * refuses fails this list only, and the account keeps its balance, details and tokens.
   */
  readonly filtered: TransactionList;
  /** The account's NFTs, loaded when the section is first expanded. */
  readonly nftList: NftList;
  /** A TransactionTypes wire name, or undefined for all; it filters Recent transactions only. */
  filter: string | undefined;
  /** Transactions oldest first (`order=asc`), else the server's newest first. */
  oldestFirst = false;
  /** `sss.nnnnnnnnn`: show the account as of this consensus time. */
  asOf: string | undefined;
  /** How `asOf` bounds the lookup: `lte` (at or before), `lt`, `eq`, `gte`, `gt`. */
  asOfOperator: AsOfOperator = 'lte';
  /** The rate its balance is shown in dollars at, when known (set by the store). */
  balanceRate: () => RateInForce | undefined = () => undefined;
  readonly details = new SectionNode(this, 'details');
  readonly tokens = new SectionNode(this, 'tokens');
  readonly nfts = new SectionNode(this, 'nfts');
  /** Token rows shown (Load more adds a page): only these have their metadata asked. */
  tokensShown = TOKEN_PAGE;
  readonly transactions = new SectionNode(this, 'transactions');

  constructor(
    public entry: AccountEntry,
    readonly check: CheckedEntry,
    readonly key: string,
    private readonly networkLabel: () => string,
    /** Its two lists, made by the store (they ask through its client). */
    lists: (node: AccountNode) => {
      readonly transactions: TransactionList;
      readonly filtered: TransactionList;
      readonly nfts: NftList;
    },
  ) {
    const made = lists(this);
    this.pager = made.transactions;
    this.filtered = made.filtered;
    this.nftList = made.nfts;
  }

  /**
   * The transactions Recent transactions shows: the filter's once a page of it landed, else the
   * account's own (the last good rows stay while a filter loads or is refused).
   */
  get list(): TransactionList {
    return this.filter && this.filtered.loaded ? this.filtered : this.pager;
  }

  /** Why the filter's list failed, while it stands (the rows shown are then the last good ones). */
  get filterProblem(): Problem | undefined {
    const failed = this.filtered.failed;
    return this.filter && failed?.which === 'first' ? failed.problem : undefined;
  }

  /** The account as last looked up (the first page of its transactions). */
  get account(): AccountResponse | undefined {
    return this.pager.first;
  }

  get status(): AccountStatus {
    if (this.pager.busy === 'first') return 'loading';
    if (this.pager.failed?.which === 'first') return 'failed';
    return this.pager.loaded ? 'loaded' : 'idle';
  }

  /** Why the lookup failed, while it stands. */
  get problem(): Problem | undefined {
    const failed = this.pager.failed;
    return failed?.which === 'first' ? failed.problem : undefined;
  }

  /** Why the last Load more of the list shown failed, while it stands. */
  get moreProblem(): Problem | undefined {
    const failed = this.list.failed;
    return failed?.which === 'more' ? failed.problem : undefined;
  }

  /** The lookup on its way, if any. */
  get loading(): Promise<void> | undefined {
    return this.pager.busy === 'first' ? this.pager.pending : undefined;
  }

  get loadingMore(): boolean {
    return this.list.busy === 'more';
  }

  /** The query the lookup answered (filter, as-of, limit). */
  get queryKey(): string {
    return this.pager.query;
  }

  get id(): string {
    return `account/${this.key}`;
  }

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

  /** The title as a row shows it: a label as given, an EVM address or alias cut in the middle. */
  get shortTitle(): string {
    if (this.entry.label !== undefined) return plain(this.entry.label, 100);
    const id = plain(this.entry.id, 100);
    if (/^(0x)?[0-9a-fA-F]{40}$/.test(id)) return shortHex(id);
    return id.length > 24 ? middleTruncate(id, 10, 4) : id;
  }

  item(): ItemData {
    const where = this.entry.temporary ? 'temporary' : 'configured';
    const label = this.shortTitle;
    const id = this.id;
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
      ...this.viewOptions(),
    });
    const extra = [
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

  /** The as-of view and the balance's rate, as accountView and the Details rows take them. */
  viewOptions(): { asOf?: string; asOfOperator?: AsOfOperator; rate?: RateInForce } {
    const rate = this.balanceRate();
    return {
      ...(this.asOf ? { asOf: this.asOf, asOfOperator: this.asOfOperator } : {}),
      ...(rate ? { rate } : {}),
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
      ...this.viewOptions(),
    });
    return view.tooltip + (this.entry.temporary ? '\n\n*Opened from a hover; not in `ledgerLens.accounts`.*' : '');
  }
}

export type SectionKind = 'details' | 'tokens' | 'nfts' | 'transactions';

export class SectionNode implements TreeNode {
  readonly kind = 'section';
  constructor(
    readonly parent: AccountNode,
    readonly section: SectionKind,
  ) {}

  get id(): string {
    return `${this.parent.id}/${this.section}`;
  }

  item(): ItemData {
    const account = this.parent;
    const id = this.id;
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
      case 'nfts': {
        const list = account.nftList;
        return {
          id,
          label: 'NFTs',
          ...(list.loaded ? { description: `${list.rows.length}${list.hasMore ? '+' : ''}` } : {}),
          icon: 'file-media',
          contextValue: 'section:nfts',
          collapsible: 'collapsed',
        };
      }
      case 'transactions': {
        const list = account.list;
        const parts = [`${list.rows.length}${list.hasMore ? '+' : ''}`];
        if (account.filter) parts.push(plain(transactionTypeWords(account.filter), 60));
        if (account.filter && account.filtered.busy === 'first') parts.push('filtering…');
        if (account.oldestFirst) parts.push('oldest first');
        if (account.asOf) parts.push(asOfRangeWords(account.asOf, account.asOfOperator));
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
      ? `Only *${escapeMarkdown(transactionTypeWords(filter))}* transactions (${codeSpan(filter)}). ` +
          'Use *Filter by transaction type* to change, *Clear transaction type filter* (✕) to show every type.'
      : 'All transaction types. Use *Filter by transaction type* to show one type.';
  }
}

export class RowNode implements TreeNode, Partial<HasTarget> {
  readonly kind = 'row';
  readonly target: EntityTarget | undefined;
  constructor(
    readonly parent: AccountsNode,
    readonly row: Row,
    private readonly idPrefix: string,
  ) {
    this.target = row.target;
  }

  get id(): string {
    return `${this.idPrefix}/${this.row.key}`;
  }

  /** What "Copy value" copies. */
  get copyText(): string | undefined {
    return this.row.copy;
  }

  item(): ItemData {
    const r = this.row;
    const kinds = [r.copy !== undefined ? 'copy' : '', r.target ? r.target.kind : ''].filter(Boolean);
    return {
      id: this.id,
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

export class TransactionNode implements TreeNode, HasTarget {
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
      // The shape says the result (a tick, a cross); the colour only repeats it.
      icon: view.icon,
      ...(view.failed
        ? { iconColor: 'errorForeground' }
        : view.icon === 'pass'
          ? { iconColor: 'testing.iconPassed' }
          : {}),
      contextValue: this.tx.transaction_id ? 'transaction' : 'transaction:noid',
      collapsible: 'collapsed',
      accessibilityLabel: view.accessibilityLabel,
    };
  }

  tooltip(): string {
    return transactionTooltip(this.tx, this.parent.parent.accountId);
  }
}
