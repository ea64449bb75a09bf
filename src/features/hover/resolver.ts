// What a hover does between "the mouse is over this text" and "here is the Markdown", without
// vscode: find the reference, look it up through the mirror client (its cache, coalescing and rate
// cap), remember which kind an id turned out to be, and turn failures into words. The vscode
// provider (in index.ts) only adapts positions, cancellation and MarkdownString; the bench drives
// this class directly.
import { type EntityId, formatEntityId, formatTransactionIdDash, ledgerOf } from '../../ledger';
import {
  MirrorError,
  type AccountResponse,
  type ContractInfo,
  type MirrorClient,
  type TokenMetadata,
} from '../../mirror';
import type { ExchangeRates } from '../../mirror/rates';
import { asOfText, describeMirrorError } from '../../present';
import { type LedgerLensConfig, networkLabel } from '../../app/settings';
import { hashscanNetwork } from '../common/links';
import { codeSpan } from '../common/markdown';
import { revertDecoding } from '../common/revertData';
import {
  type Freshness,
  type HoverEnv,
  accountHover,
  contractHover,
  failureHover,
  notFoundHover as notFoundText,
  scheduleHover,
  tokenHover,
  topicHover,
  transactionHover,
  withLead,
  wrongChecksumHover,
} from './content';
import { type Reference, findReference } from '../../ledger/references';
import { Lru } from '../../util/lru';
import type { AbiIndex } from '../../abi';
import { contractArtifactLine, traceLeadLine, transactionCallLine } from './decoded';
import { lastMessageKey, lastTopicMessage, topicMessagesSection } from './topicMessages';

/** The lookups an entity id may need, in order of likelihood. */
export const ENTITY_KINDS = ['account', 'contract', 'token', 'topic', 'schedule'] as const;
export type EntityLookupKind = (typeof ENTITY_KINDS)[number];

export interface HoverResult {
  readonly markdown: string;
  /** Offsets of the reference in its line. */
  readonly start: number;
  readonly end: number;
  /** The reference the hover is about (tests and the bench read it). */
  readonly reference: Reference;
}

/** The settings a hover reads: the network (and custom mirror node), the hover switches, the timeout. */
export type HoverSettings = Pick<
  LedgerLensConfig,
  'network' | 'customMirror' | 'mirrorBaseUrl' | 'endpoints' | 'hover' | 'requestTimeoutMs'
>;

export interface ResolverDeps {
  client(): MirrorClient;
  config(): HoverSettings;
  /** The ABIs that decode a contract call's one line and name a contract's artifact. */
  abi?: AbiIndex;
  now?: () => number;
  /** The current network's exchange rates; undefined when dollars are off. */
  rates?: () => ExchangeRates | undefined;
  /** The token metadata of the resolver's network (units in a decoded ERC-20 call). */
  tokens?: () => TokenMetadata;
  /**
   * Where a transaction's call trace failed, on one line, when the trace was already read (a
   * panel read it); never a request.
   */
  traceLine?: (network: string, transactionId: string) => string | undefined;
}

const KIND_MEMORY = 2000;

function is404(error: unknown): boolean {
  return error instanceof MirrorError && error.kind === 'http' && error.status === 404;
}

export class HoverResolver {
  /** id (or EVM address) → the kind it was found to be, on the current network. */
  readonly kinds = new Lru<string, EntityLookupKind>(KIND_MEMORY);
  private readonly rendered = new WeakMap<object, { readonly key: string; readonly markdown: string }>();
  private readonly named = new WeakMap<HoverSettings, { readonly network: string; readonly hashscan: boolean }>();
  private readonly now: () => number;

  constructor(private readonly deps: ResolverDeps) {
    this.now = deps.now ?? (() => Date.now());
  }

  /** Forgets what was learnt about ids: call when the network (the mirror client) changes. */
  reset(): void {
    this.kinds.clear();
  }

  /** The reference under the position, or undefined (also when the settings turn hovers off here). */
  find(lineText: string, character: number, languageId: string): Reference | undefined {
    const { hover, network } = this.deps.config();
    if (!hover.enabled || hover.excludedLanguages.includes(languageId)) return undefined;
    // A local node has no ledger id: its checksums are reported, never checked (no HIP-15 for it).
    const ledger = ledgerOf(network);
    return findReference(lineText, character, { anyShardRealm: hover.anyShardRealm, ...(ledger ? { ledger } : {}) });
  }

  /** The hover for the reference under the position, or undefined when there is none or it was cancelled. */
  async hover(
    lineText: string,
    character: number,
    languageId: string,
    signal?: AbortSignal,
  ): Promise<HoverResult | undefined> {
    const reference = this.find(lineText, character, languageId);
    if (!reference) return undefined;
    const markdown = await this.describe(reference, signal);
    return markdown === undefined ? undefined : { markdown, start: reference.start, end: reference.end, reference };
  }

  /** The Markdown for a reference; undefined only when the caller cancelled. */
  async describe(ref: Reference, signal?: AbortSignal, outcome?: { notFound?: boolean }): Promise<string | undefined> {
    if (signal?.aborted) return undefined;
    const config = this.deps.config();
    const env = this.env(config);
    if ((ref.kind === 'entity' || ref.kind === 'transaction') && ref.checksumValid === false && ref.expectedChecksum) {
      const id = ref.kind === 'entity' ? ref.id : ref.transactionId.payer;
      return wrongChecksumHover(ref.text, id, ref.expectedChecksum, ledgerOf(config.network) ?? config.network);
    }

    // Our own deadline: the client retries failed attempts, and a hover must say "too slow" once
    // the configured timeout has passed rather than wait for every retry.
    const deadline = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      deadline.abort();
    }, config.requestTimeoutMs);
    const onAbort = () => deadline.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await this.lookup(ref, deadline.signal, env, outcome);
    } catch (error) {
      if (signal?.aborted) return undefined;
      const shown = ref.kind === 'evm' ? ref.address : ref.kind === 'entity' ? formatEntityId(ref.id) : ref.text;
      if (timedOut || (error instanceof MirrorError && error.kind === 'timeout')) {
        return failureHover(
          shown,
          `the mirror node did not answer within ${Math.round(config.requestTimeoutMs / 1000)} s`,
          env,
        );
      }
      const described = describeMirrorError(error, { network: env.network, ...revertDecoding(this.deps.abi) });
      return failureHover(shown, described.sentence, env);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private env(config: HoverSettings): HoverEnv {
    // The label parses a URL for a custom mirror node: once per settings snapshot, not per hover.
    let named = this.named.get(config);
    if (!named) {
      named = { network: networkLabel(config), hashscan: hashscanNetwork(config) !== undefined };
      this.named.set(config, named);
    }
    // The current rate as known now (a hover never waits for it); asked in the background.
    const rates = this.deps.rates?.();
    const rate = rates?.peekLatest();
    if (rates && !rate && !rates.isUnavailable) void rates.latest();
    return { ...named, mirrorNetwork: config.network, now: this.now(), ...(rate ? { rate } : {}) };
  }

  private async lookup(
    ref: Reference,
    signal: AbortSignal,
    env: HoverEnv,
    outcome: { notFound?: boolean } = {},
  ): Promise<string> {
    const client = this.deps.client();
    // Says "not found" and tells the caller so (the hover then asks the other networks).
    const notFoundHover = (text: string, what: string, e: HoverEnv): string => {
      outcome.notFound = true;
      return notFoundText(text, what, e);
    };
    const opts = { signal, allowStale: true };
    if (ref.kind === 'transaction') {
      const asked = formatTransactionIdDash(ref.transactionId);
      try {
        const body = await client.getTransaction(asked, undefined, opts);
        if (body.transactions.length === 0) return notFoundHover(asked, 'transaction with this id', env);
        const markdown = this.render(client, body, asked, env, (b, a, fresh, e) =>
          transactionHover(b.transactions, a, fresh, e),
        );
        const call = this.deps.abi
          ? await transactionCallLine(this.deps.abi, client, body, opts, this.deps.tokens?.())
          : undefined;
        const trace = traceLeadLine(this.deps.traceLine?.(this.deps.config().network, asked));
        return withLead(markdown, [call, trace].filter(Boolean).join('\n\n'));
      } catch (error) {
        if (is404(error)) return notFoundHover(asked, 'transaction with this id', env);
        throw error;
      }
    }
    if (ref.kind === 'evm' && !ref.longZero) {
      // Only accounts and contracts have EVM addresses of their own.
      const found = await this.lookupKinds(ref.address, ['account', 'contract'], opts, env);
      return found ?? notFoundHover(ref.address, 'account or contract with this EVM address', env);
    }
    const id: EntityId = ref.kind === 'evm' ? ref.longZero! : ref.id;
    const idText = formatEntityId(id);
    // A long-zero address is asked as written where the endpoint takes addresses (accounts,
    // contracts): the mirror node maps it to the entity itself. Tokens, topics and schedules take ids.
    const keyFor =
      ref.kind === 'evm'
        ? (kind: EntityLookupKind) => (kind === 'account' || kind === 'contract' ? ref.address : idText)
        : undefined;
    const found = await this.lookupKinds(idText, ENTITY_KINDS, opts, env, keyFor);
    const note = ref.kind === 'evm' ? `${codeSpan(ref.address)} is the long-zero address of ${codeSpan(idText)}.` : '';
    if (found) return withLead(found, note);
    const missing = notFoundHover(idText, 'account, contract, token, topic or schedule', env);
    return note ? `${note}\n\n${missing}` : missing;
  }

  /**
   * Tries the kinds in order (the remembered kind first) until one answers; a 404 moves on, any
   * other failure ends the search (it would fail the same way for the next kind). Undefined when
   * every kind said 404.
   */
  private async lookupKinds(
    key: string,
    kinds: readonly EntityLookupKind[],
    opts: { signal: AbortSignal; allowStale: boolean },
    env: HoverEnv,
    /** The path segment for a kind, when it is not `key` itself. */
    keyFor?: (kind: EntityLookupKind) => string,
  ): Promise<string | undefined> {
    const known = this.kinds.get(key);
    const order = known ? [known, ...kinds.filter(k => k !== known)] : kinds;
    const client = this.deps.client();
    for (const kind of order) {
      let markdown: string;
      try {
        markdown = await this.lookupOne(client, kind, keyFor ? keyFor(kind) : key, opts, env);
      } catch (error) {
        if (is404(error)) continue;
        throw error;
      }
      this.kinds.set(key, kind);
      return markdown;
    }
    return undefined;
  }

  private async lookupOne(
    client: MirrorClient,
    kind: EntityLookupKind,
    key: string,
    opts: { signal: AbortSignal; allowStale: boolean },
    env: HoverEnv,
  ): Promise<string> {
    switch (kind) {
      case 'account': {
        const account = await client.getAccount(key, { transactions: false }, opts);
        const contract = await this.contractBehind(client, account, key, opts);
        return contract
          ? this.contractMarkdown(client, contract, key, env, account)
          : this.render(client, account, key, env, accountHover);
      }
      case 'contract':
        return this.contractMarkdown(client, await client.getContract(key, opts), key, env);
      case 'token':
        return this.render(client, await client.getToken(key, opts), key, env, tokenHover);
      case 'topic': {
        // The last message is asked once the id is known to be a topic: one request more for a
        // topic, none for the ids of other kinds tried before it.
        const topic = await client.getTopic(key, opts);
        const last = await lastTopicMessage(client, key, opts);
        const id = topic.topic_id ?? key;
        return this.render(
          client,
          topic,
          key,
          env,
          (t, a, fresh, e) =>
            `${topicHover(t, a, fresh, e)}\n\n${topicMessagesSection(id, last, e.now, t.deleted === true)}`,
          lastMessageKey(last),
        );
      }
      case 'schedule':
        return this.render(client, await client.getSchedule(key, opts), key, env, scheduleHover);
    }
  }

  /**
   * The contract an `/accounts` answer is about, or undefined for a plain account. The mirror node
   * answers `/accounts/{id}` for contracts too, with nothing that says so but this: only a crypto
   * account has `receiver_sig_required` set (a contract's is null). Only then is `/contracts/{id}`
   * asked, so a plain account still costs one request; any failure leaves the account hover.
   */
  private async contractBehind(
    client: MirrorClient,
    account: AccountResponse,
    key: string,
    opts: { signal: AbortSignal; allowStale: boolean },
  ): Promise<ContractInfo | undefined> {
    if (account.receiver_sig_required !== null) return undefined;
    try {
      return await client.getContract(key, opts);
    } catch (error) {
      if (opts.signal.aborted) throw error;
      return undefined;
    }
  }

  private contractMarkdown(
    client: MirrorClient,
    contract: ContractInfo,
    key: string,
    env: HoverEnv,
    account?: AccountResponse,
  ): string {
    // The balance is the account answer's: it is part of what the text depends on.
    const balance = account?.balance?.balance;
    const markdown = this.render(
      client,
      contract,
      key,
      env,
      (c, a, fresh, e) => contractHover(c, a, fresh, e, account),
      balance === null || balance === undefined ? '' : balance.toString(),
    );
    const artifact = this.deps.abi ? contractArtifactLine(this.deps.abi, contract) : undefined;
    return withLead(markdown, artifact);
  }

  /**
   * Builds the Markdown of a result, or reuses it: the client hands out the same object for every
   * cache hit, so a warm hover costs a lookup in a WeakMap. The key holds everything else the text
   * depends on (the ages, of the data and of the times it shows, change at most once a second).
   */
  private render<T extends object>(
    client: MirrorClient,
    result: T,
    asked: string,
    env: HoverEnv,
    build: (result: T, asked: string, fresh: Freshness, env: HoverEnv) => string,
    /** Anything else the text shows (a contract's balance from its account answer). */
    extra = '',
  ): string {
    const fetchedAt = client.fetchedAt(result);
    const memoKey = `${asked}|${env.network}|${env.hashscan}|${asOfText(fetchedAt, env.now) ?? ''}|${Math.floor(env.now / 1000)}|${env.rate?.expiresAt ?? ''}|${extra}`;
    const memo = this.rendered.get(result);
    if (memo?.key === memoKey) return memo.markdown;
    const markdown = build(result, asked, { fetchedAt }, env);
    this.rendered.set(result, { key: memoKey, markdown });
    return markdown;
  }
}
