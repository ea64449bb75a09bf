// Public surface of the mirror node client (no vscode here: tools and tests use it directly).
export { createMirrorClient } from './client';
export type { MirrorClient, MirrorClientOptions, RequestOptions, RequestOutcome } from './client';
export { MirrorError, MirrorInputError, isAbortError } from './errors';
export type { InputIssue, MirrorErrorKind, ServerMessage } from './errors';
export type { AccountParams, BlocksParams, ContractResultsParams, Order, TransactionParams } from './params';
export { parseLossless, quoteLongIntegers, hasUnsafeIntegers } from './lossless';
export { TRANSACTION_TYPES, isKnownTransactionType } from './schemas';
export type {
  AccountResponse,
  AssessedCustomFee,
  Balance,
  Block,
  BlocksResponse,
  ContractInfo,
  ContractResult,
  ContractResultsResponse,
  CustomFeeLimit,
  ErrorBody,
  Key,
  KnownTransactionType,
  Links,
  NftTransfer,
  ScheduleInfo,
  StakingRewardTransfer,
  TimestampRange,
  TokenBalance,
  TokenInfo,
  TokenTransfer,
  TopicInfo,
  Transaction,
  TransactionType,
  TransactionsResponse,
  Transfer,
} from './schemas';
