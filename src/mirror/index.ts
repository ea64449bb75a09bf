// Public surface of the mirror node client (no vscode here: tools and tests use it directly).
export { createMirrorClient } from './client';
export type { MirrorClient, MirrorClientOptions, RequestOptions, RequestOutcome } from './client';
export { MirrorError, MirrorInputError, isAbortError } from './errors';
export type { InputIssue, MirrorErrorKind, ServerMessage } from './errors';
export type {
  AccountParams,
  BlocksParams,
  ContractActionsParams,
  ContractResultsParams,
  ExchangeRateParams,
  NftsParams,
  Order,
  TransactionParams,
} from './params';
export type { TopicMessageEncoding, TopicMessagesParams } from './topicParams';
export { MAX_CALL_DATA_CHARS, MAX_CALL_GAS } from './contractCall';
export type { ContractCallAnswer, ContractCallRequest } from './contractCall';
export type {
  ContractLogsParams,
  ContractResultsOfParams,
  ContractStateParams,
  NetworkFeesParams,
} from './contractParams';
export { parseLossless, quoteLongIntegers, hasUnsafeIntegers } from './lossless';
export { TRANSACTION_TYPES, isKnownTransactionType } from './transactionTypes';
export type { KnownTransactionType, TransactionType } from './transactionTypes';
export type {
  AccountResponse,
  AssessedCustomFee,
  Balance,
  Block,
  BlocksResponse,
  ContractAction,
  ContractActionsResponse,
  ContractInfo,
  ContractResult,
  ContractResultsResponse,
  ContractResultDetail,
  ContractLog,
  ContractLogEntry,
  ContractLogsResponse,
  ContractState,
  ContractStateResponse,
  CustomFeeLimit,
  ErrorBody,
  ExchangeRateResponse,
  ExchangeRateValue,
  Key,
  Links,
  NetworkFee,
  NetworkFeesResponse,
  Nft,
  NftTransfer,
  NftsResponse,
  ScheduleInfo,
  StakingRewardTransfer,
  TimestampRange,
  TokenBalance,
  TokenInfo,
  TokenTransfer,
  TopicInfo,
  TopicMessageEntry,
  TopicMessagesResponse,
  Transaction,
  TransactionsResponse,
  Transfer,
} from './schemas';
export { TokenMetadata, TokenMetadataByNetwork, toMeta } from './tokens';
export type { AskOptions, TokenLookup, TokenMeta, TokenMetadataOptions, TokenSource } from './tokens';
