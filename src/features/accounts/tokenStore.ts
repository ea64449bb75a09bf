// The Accounts view's token work, beside the store: asks the metadata of the token rows shown
// (the first rows first, each token once for the session, never more than the service's cap in
// flight) and refreshes the section once as answers land; loads an account's NFTs a page at a
// time and the names of their collections. Pure (no vscode).
import { isAbortError, type MirrorClient, type TokenLookup, type TokenMetadata } from '../../mirror';
import type { ExchangeRates, RateInForce } from '../../mirror/rates';
import { AS_OF_WORDS } from '../../ledger';
import type { RowMoney } from './transactionView';
import { LoadMoreNode } from '../common/nodes';
import { accountMessage, type AccountNode, type AccountsNode, type SectionNode, type TransactionNode } from './nodes';
import { NFT_PAGE, nftRules, type NftList } from './nftList';
import { PagedList } from '../common/pager';
import { describeProblem } from './problem';
import { NftNode, TOKEN_FIRST_ROWS, TOKEN_PAGE } from './tokens';

export interface TokenStoreOptions {
  readonly client: () => MirrorClient;
  readonly tokens: (() => TokenMetadata) | undefined;
  readonly rates: (() => ExchangeRates | undefined) | undefined;
  readonly networkLabel: () => string;
  readonly changed: (node: AccountsNode | undefined) => void;
  readonly log?: (message: string) => void;
}

/** Answers landing within this many ms refresh their section once. */
const REFRESH_BATCH_MS = 60;
/** A balance's rate that could not be had is asked again at most this often. */
const RATE_RETRY_MS = 60_000;

export class AccountTokens {
  private readonly pendingRefresh = new Map<string, SectionNode>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  /** Per network's rates: when the rate of a moment (`now` or an as-of time) was last asked for a balance. */
  private readonly rateAsked = new WeakMap<ExchangeRates, Map<string, number>>();

  constructor(private readonly options: TokenStoreOptions) {}

  /**
   * The rate an account's balance is shown in dollars at: the current one, or in a past as-of view
   * the one in force at that time. Only a known rate (a tree item never waits): a missing one is
   * asked in the background (at most once a minute per moment) and the view refreshed when it lands.
   */
  balanceRate(account: AccountNode): RateInForce | undefined {
    const rates = this.options.rates?.();
    if (!rates || this.disposed) return undefined;
    const at = account.asOf && AS_OF_WORDS[account.asOfOperator].past ? account.asOf : undefined;
    const known = at ? rates.peekAt(at) : rates.peekLatest();
    if (known || rates.isUnavailable) return known;
    const key = at ?? 'now';
    const now = Date.now();
    let asked = this.rateAsked.get(rates);
    if (!asked) this.rateAsked.set(rates, (asked = new Map<string, number>()));
    if ((asked.get(key) ?? -Infinity) + RATE_RETRY_MS > now) return undefined;
    asked.set(key, now);
    void (at ? rates.at(at) : rates.latest()).then(r => {
      // Every account shows the current rate: all are refreshed; a past rate is this account's.
      if (r.status === 'found' && !this.disposed) this.options.changed(at ? account : undefined);
    });
    return undefined;
  }

  /** What the service knows about a token now (no request). */
  readonly peek = (tokenId: string): TokenLookup | undefined => this.options.tokens?.().peek(tokenId);

  /**
   * Asks the metadata of the tokens of rows just shown, the first rows at a higher priority; the
   * service asks each token once and keeps at most its cap in flight. The section is refreshed once
   * per batch of answers.
   */
  ask(section: SectionNode, tokenIds: readonly string[]): void {
    const service = this.options.tokens?.();
    if (!service || this.disposed) return;
    tokenIds.forEach((id, i) => {
      if (!id || service.peek(id)) return;
      void service
        // No per-row signal (50 listeners on one account signal): an answer outliving the rows
        // only fills the network's cache, which the next showing reads.
        .get(id, { priority: i < TOKEN_FIRST_ROWS ? 2 : 1 })
        .then(r => {
          if (r.status === 'failed' && !isAbortError(r.error)) this.options.log?.(`token ${id}: ${String(r.error)}`);
          this.refreshSoon(section);
        });
    });
  }

  /** What a transaction's rows read without a request: token metadata and the rate at its time. */
  readonly money: RowMoney = {
    token: id => this.peek(id),
    rate: ts => (ts ? this.options.rates?.()?.peekAt(ts) : undefined),
  };

  /**
   * A transaction node was expanded: asks its tokens' metadata and the rate at its consensus time
   * (one request per rate period for the session), then refreshes the node once.
   */
  askForTransaction(node: TransactionNode): void {
    if (this.disposed) return;
    const tx = node.tx;
    const service = this.options.tokens?.();
    const rates = this.options.rates?.();
    const ids = new Set<string>();
    for (const t of tx.token_transfers ?? []) if (t.token_id) ids.add(t.token_id);
    for (const t of tx.nft_transfers ?? []) if (t.token_id) ids.add(t.token_id);
    const asks: Promise<unknown>[] = [];
    if (service) for (const id of ids) if (!service.peek(id)) asks.push(service.get(id, { priority: 2 }));
    const ts = tx.consensus_timestamp;
    if (rates && ts && !rates.peekAt(ts) && !rates.isUnavailable) asks.push(rates.at(ts));
    if (asks.length > 0) void Promise.all(asks).then(() => !this.disposed && this.options.changed(node));
  }

  /** Load more on the Tokens section: another page of rows (their metadata asked as they show). */
  showMore(account: AccountNode): number {
    const total = account.account?.balance?.tokens.length ?? 0;
    account.tokensShown = Math.min(total, account.tokensShown + TOKEN_PAGE);
    this.options.changed(account.tokens);
    return account.tokensShown;
  }

  /** The NFTs section: loads the first page when first expanded; rows, then Load more or a failure. */
  async nftChildren(section: SectionNode): Promise<AccountsNode[]> {
    const account = section.parent;
    const list = account.nftList;
    if (!list.loaded && !list.failed) await this.loadNfts(account);
    const out: AccountsNode[] = list.rows.map((n, i) => new NftNode(section, n, i, this.peek));
    this.ask(section, [...new Set(list.rows.map(n => n.token_id ?? ''))]);
    const problem = list.failed?.problem;
    if (problem) out.push(accountMessage(section, 'nftProblem', problem.title, problem.detail, 'nfts'));
    else if (list.loaded && list.rows.length === 0) out.push(accountMessage(section, 'none', 'No NFTs', ''));
    else if (list.hasMore)
      out.push(
        new LoadMoreNode<SectionNode>(
          section,
          `${section.id}/loadMore`,
          'ledgerLens.loadMore',
          () => ({ loading: list.busy !== undefined, loaded: list.rows.length }),
          'NFTs',
        ),
      );
    return out;
  }

  /** The first page (or, once loaded, the next one through links.next; the failed one again). */
  loadNfts(account: AccountNode): Promise<void> {
    const list = account.nftList;
    if (list.loaded) return list.loadMore();
    const path = nftPath(account);
    return list.refresh(signal => this.options.client().listAccountNfts(path, { limit: NFT_PAGE }, { signal }));
  }

  /** An account's NFTs list (made once per account node; the list owns its requests). */
  nftList(account: AccountNode): NftList {
    return new PagedList({
      rules: nftRules,
      more: ({ last, signal }) => this.options.client().next(last, { signal }),
      describe: e => describeProblem(e, this.options.networkLabel()),
      changed: event => {
        if (event.state === 'failed') {
          this.options.log?.(`NFTs of ${nftPath(account)}: ${event.problem.title}: ${event.problem.detail}`);
        }
        // The first page's rows show when it lands; a next page's "Loading…" shows at once.
        if (event.state !== 'loading' || event.which === 'more') this.options.changed(account.nfts);
      },
    });
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private refreshSoon(section: SectionNode): void {
    if (this.disposed) return;
    this.pendingRefresh.set(section.id, section);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      const sections = [...this.pendingRefresh.values()];
      this.pendingRefresh.clear();
      for (const s of sections) this.options.changed(s);
    }, REFRESH_BATCH_MS);
  }
}

function nftPath(account: AccountNode): string {
  return account.accountId ?? (account.check.ok ? account.check.request : '');
}
