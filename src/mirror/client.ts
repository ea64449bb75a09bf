// The mirror node client: typed lookups over the transport, with local parameter checks, lossless
// parsing, schema validation, a max-age cache (with stale-while-revalidate on request), in-flight
// coalescing and pagination (clientCore.ts), and contract calls (contractCall.ts).
import {
  accountPath,
  accountQuery,
  blockPath,
  blocksQuery,
  contractActionsPath,
  contractActionsQuery,
  contractPath,
  contractResultPath,
  contractResultQuery,
  contractResultsQuery,
  entityPath,
  exchangeRateQuery,
  nftsQuery,
  transactionPath,
  transactionQuery,
  type AccountParams,
  type BlocksParams,
  type ContractActionsParams,
  type ContractResultKey,
  type ContractResultsParams,
  type ExchangeRateParams,
  type NftsParams,
  type TransactionParams,
} from './params';
import {
  contractLogsQuery,
  contractResultsOfQuery,
  contractStateQuery,
  networkFeesQuery,
  type ContractLogsParams,
  type ContractResultsOfParams,
  type ContractStateParams,
  type NetworkFeesParams,
} from './contractParams';
import { contractCallBody, type ContractCallAnswer, type ContractCallRequest } from './contractCall';
import { schemas } from './lazySchemas';
import type {
  AccountResponse,
  Block,
  BlocksResponse,
  ContractActionsResponse,
  ContractInfo,
  ContractLogsResponse,
  ContractResultsResponse,
  ContractResultDetail,
  ContractStateResponse,
  ExchangeRateResponse,
  NetworkFeesResponse,
  NftsResponse,
  ScheduleInfo,
  TokenInfo,
  TopicInfo,
  TopicMessageEntry,
  TopicMessagesResponse,
  TransactionsResponse,
} from './schemas';
import {
  topicMessageAtPath,
  topicMessagePath,
  topicMessagesPath,
  topicMessagesQuery,
  type TopicMessagesParams,
} from './topicParams';
import { ClientCore } from './clientCore';

export type { MirrorClientOptions, RequestOptions, RequestOutcome } from './api';
import type { MirrorClientOptions, RequestOptions } from './api';

export function createMirrorClient(options: MirrorClientOptions): MirrorClient {
  return new Client(options);
}

/**
 * A mirror client: the class's public members, so a new endpoint is one method here (plus its
 * response schema in schemas.ts), not a second declaration elsewhere.
 */
export type MirrorClient = { readonly [K in keyof Client]: Client[K] };

class Client extends ClientCore {
  getAccount(id: string, params?: AccountParams, opts?: RequestOptions): Promise<AccountResponse> {
    return this.call(
      () => this.url(`/accounts/${enc(accountPath(id))}`, accountQuery(params)),
      schemas().AccountResponseSchema,
      'transactions',
      opts,
    );
  }

  getTransaction(id: string, params?: TransactionParams, opts?: RequestOptions): Promise<TransactionsResponse> {
    return this.call(
      () => this.url(`/transactions/${enc(transactionPath(id))}`, transactionQuery(params)),
      schemas().TransactionsResponseSchema,
      'transactions',
      opts,
    );
  }

  listBlocks(params?: BlocksParams, opts?: RequestOptions): Promise<BlocksResponse> {
    return this.call(() => this.url('/blocks', blocksQuery(params)), schemas().BlocksResponseSchema, 'blocks', opts);
  }

  getBlock(hashOrNumber: string | bigint, opts?: RequestOptions): Promise<Block> {
    return this.call(
      () => this.url(`/blocks/${enc(blockPath(hashOrNumber))}`, []),
      schemas().BlockSchema,
      undefined,
      opts,
    );
  }

  listContractResults(params?: ContractResultsParams, opts?: RequestOptions): Promise<ContractResultsResponse> {
    return this.call(
      () => this.url('/contracts/results', contractResultsQuery(params)),
      // hbar=false: `amount` comes in weibars, beyond int64 for any call above ~9.22 ℏ.
      params?.coin === false ? schemas().ContractResultsWeibarResponseSchema : schemas().ContractResultsResponseSchema,
      'results',
      opts,
    );
  }

  /**
   * One contract result with its logs: `GET /contracts/results/{transactionIdOrHash}` (`nonce` > 0:
   * a child record), or by contract and consensus timestamp (`/contracts/{id}/results/{timestamp}`).
   * `coin: false` asks for weibars (`hbar=false`).
   */
  getContractResult(key: ContractResultKey, params?: { nonce?: number; coin?: boolean }, opts?: RequestOptions) {
    return this.call<ContractResultDetail>(
      () => this.url(contractResultPath(key), contractResultQuery(params?.nonce, params?.coin)),
      params?.coin === false ? schemas().ContractResultDetailWeibarSchema : schemas().ContractResultDetailSchema,
      undefined,
      opts,
    );
  }

  /**
   * The actions of a contract transaction, a page at a time (next() follows links.next, which pages
   * by `index`): the transaction as getContractResult takes it (id or hash).
   */
  listContractActions(
    idOrHash: string,
    params?: ContractActionsParams,
    opts?: RequestOptions,
  ): Promise<ContractActionsResponse> {
    return this.call(
      () => this.url(contractActionsPath(idOrHash), contractActionsQuery(params)),
      schemas().ContractActionsResponseSchema,
      'actions',
      opts,
    );
  }

  getContract(id: string, opts?: RequestOptions): Promise<ContractInfo> {
    return this.call(
      () => this.url(`/contracts/${enc(contractPath(id))}`, []),
      schemas().ContractInfoSchema,
      undefined,
      opts,
    );
  }

  getToken(id: string, opts?: RequestOptions): Promise<TokenInfo> {
    return this.call(
      () => this.url(`/tokens/${enc(entityPath(id, 'tokenId'))}`, []),
      schemas().TokenInfoSchema,
      undefined,
      opts,
    );
  }

  getTopic(id: string, opts?: RequestOptions): Promise<TopicInfo> {
    return this.call(
      () => this.url(`/topics/${enc(entityPath(id, 'topicId'))}`, []),
      schemas().TopicInfoSchema,
      undefined,
      opts,
    );
  }

  /**
   * `GET /topics/{id}/messages`: a topic's messages, oldest first by default, a page at a time
   * (next() follows links.next, which pages by timestamp). Each entry is decoded by src/topics.
   */
  listTopicMessages(id: string, params?: TopicMessagesParams, opts?: RequestOptions): Promise<TopicMessagesResponse> {
    return this.call(
      () => this.url(topicMessagesPath(id), topicMessagesQuery(params)),
      schemas().TopicMessagesResponseSchema,
      'messages',
      opts,
    );
  }

  /** `GET /topics/{id}/messages/{sequenceNumber}`: one message (sequence numbers start at 1). */
  getTopicMessage(id: string, sequenceNumber: string | bigint, opts?: RequestOptions): Promise<TopicMessageEntry> {
    return this.call(
      () => this.url(topicMessagePath(id, sequenceNumber), []),
      schemas().TopicMessageEntrySchema,
      undefined,
      opts,
    );
  }

  /** `GET /topics/messages/{consensusTimestamp}`: the message submitted at that consensus time. */
  getTopicMessageAt(consensusTimestamp: string, opts?: RequestOptions): Promise<TopicMessageEntry> {
    return this.call(
      () => this.url(topicMessageAtPath(consensusTimestamp), []),
      schemas().TopicMessageEntrySchema,
      undefined,
      opts,
    );
  }

  getSchedule(id: string, opts?: RequestOptions): Promise<ScheduleInfo> {
    return this.call(
      () => this.url(`/schedules/${enc(entityPath(id, 'scheduleId'))}`, []),
      schemas().ScheduleInfoSchema,
      undefined,
      opts,
    );
  }

  /** `GET /accounts/{id}/nfts`: the account's NFTs, a page at a time (next() follows links.next). */
  listAccountNfts(id: string, params?: NftsParams, opts?: RequestOptions): Promise<NftsResponse> {
    return this.call(
      () => this.url(`/accounts/${enc(accountPath(id))}/nfts`, nftsQuery(params)),
      schemas().NftsResponseSchema,
      'nfts',
      opts,
    );
  }

  /** `GET /network/exchangerate`: the ℏ↔US cent rate now, or in force at `timestamp`. */
  getExchangeRate(params?: ExchangeRateParams, opts?: RequestOptions): Promise<ExchangeRateResponse> {
    return this.call(
      () => this.url('/network/exchangerate', exchangeRateQuery(params)),
      schemas().ExchangeRateResponseSchema,
      undefined,
      opts,
    );
  }

  // ---- contracts on the network ----

  /**
   * `POST /contracts/call`: a read-only call, a simulation (`estimate: false`) or a gas estimate
   * (`estimate: true`), checked against the public limits first (a MirrorInputError, nothing sent).
   * A revert is an answer (`kind: 'revert'`); anything else the node refuses is a MirrorError in
   * its words. Never sent twice once the body may have reached the node, except after a 429 or 503.
   */
  async callContract(request: ContractCallRequest, opts?: RequestOptions): Promise<ContractCallAnswer> {
    const { body, fixedBlock } = contractCallBody(request);
    return this.postCall(this.url('/contracts/call', []), body, fixedBlock, opts);
  }

  /**
   * `GET /contracts/{id}/state`: the contract's storage slots (`0x` + 64 hex each), now or as of a
   * timestamp, a page at a time (next() follows links.next, which pages by slot).
   */
  getContractState(
    idOrAddress: string,
    params?: ContractStateParams,
    opts?: RequestOptions,
  ): Promise<ContractStateResponse> {
    return this.call(
      () => this.url(`/contracts/${enc(contractPath(idOrAddress))}/state`, contractStateQuery(params)),
      schemas().ContractStateResponseSchema,
      'state',
      opts,
    );
  }

  /** `GET /contracts/{id}/results`: one contract's results, newest first by default, a page at a time. */
  listContractResultsOf(
    idOrAddress: string,
    params?: ContractResultsOfParams,
    opts?: RequestOptions,
  ): Promise<ContractResultsResponse> {
    return this.call(
      () => this.url(`/contracts/${enc(contractPath(idOrAddress))}/results`, contractResultsOfQuery(params)),
      schemas().ContractResultsResponseSchema,
      'results',
      opts,
    );
  }

  /** `GET /contracts/{id}/results/logs`: the events one contract emitted, newest first by default, a page at a time. */
  listContractLogs(
    idOrAddress: string,
    params?: ContractLogsParams,
    opts?: RequestOptions,
  ): Promise<ContractLogsResponse> {
    return this.call(
      () => this.url(`/contracts/${enc(contractPath(idOrAddress))}/results/logs`, contractLogsQuery(params)),
      schemas().ContractLogsResponseSchema,
      'logs',
      opts,
    );
  }

  /** `GET /network/fees`: the gas price (tinybars per gas) of each contract transaction type, now or at a timestamp. */
  getNetworkFees(params?: NetworkFeesParams, opts?: RequestOptions): Promise<NetworkFeesResponse> {
    return this.call(
      () => this.url('/network/fees', networkFeesQuery(params)),
      schemas().NetworkFeesResponseSchema,
      undefined,
      opts,
    );
  }
}

const enc = encodeURIComponent;
