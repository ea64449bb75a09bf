// zod schemas of the mirror node bodies this client reads. Objects are loose: a field the server
// adds later is kept, not rejected. int64 fields come out as bigint (see lossless.ts for how the
// digits survive JSON parsing); int32 fields stay numbers.
import { z } from 'zod';

// At most 19 digits: int64 never needs more, and a hostile 100,000-digit "balance" is refused
// before BigInt and digit grouping spend seconds on it.
const INT64_DIGITS = /^-?\d{1,19}$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT256_DIGITS = /^\d{1,78}$/;
const UINT256_MAX = 2n ** 256n - 1n;

/**
 * int64 on the wire: a JSON number, or (above 2^53) the digit string lossless.ts made of it; out
 * comes a bigint. One transform rather than a union of two schemas: a quarter faster on bodies
 * full of amounts. A value outside int64 is refused with a message saying so.
 */
export const int64 = z.unknown().transform((value, ctx): bigint => {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && INT64_DIGITS.test(value)) {
    const n = BigInt(value);
    if (n >= INT64_MIN && n <= INT64_MAX) return n;
  }
  const long = typeof value === 'string' && /^-?\d+$/.test(value.slice(0, 30));
  ctx.issues.push({
    code: 'custom',
    message: long ? 'expected an integer within int64 (at most 19 digits)' : 'expected an integer',
    input: typeof value === 'string' && value.length > 40 ? `${value.slice(0, 40)}…` : value,
  });
  return z.NEVER;
});

/** uint256 (EVM values) as a decimal string or a safe number; out comes a bigint, 0 ≤ n < 2^256. */
export const uint256 = z.unknown().transform((value, ctx): bigint => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && UINT256_DIGITS.test(value)) {
    const n = BigInt(value);
    if (n <= UINT256_MAX) return n;
  }
  ctx.issues.push({
    code: 'custom',
    message: 'expected an unsigned integer within uint256 (at most 78 digits)',
    input: typeof value === 'string' && value.length > 80 ? `${value.slice(0, 80)}…` : value,
  });
  return z.NEVER;
});
const int64Nullable = int64.nullable();
const int32 = z.number().int();

const entityId = z.string();
const entityIdNullable = z.string().nullable();
const timestamp = z.string();
const timestampNullable = z.string().nullable();

export const TRANSACTION_TYPES = [
  'ATOMICBATCH',
  'CONSENSUSCREATETOPIC',
  'CONSENSUSDELETETOPIC',
  'CONSENSUSSUBMITMESSAGE',
  'CONSENSUSUPDATETOPIC',
  'CONTRACTCALL',
  'CONTRACTCREATEINSTANCE',
  'CONTRACTDELETEINSTANCE',
  'CONTRACTUPDATEINSTANCE',
  'CRYPTOADDLIVEHASH',
  'CRYPTOAPPROVEALLOWANCE',
  'CRYPTOCREATEACCOUNT',
  'CRYPTODELETE',
  'CRYPTODELETEALLOWANCE',
  'CRYPTODELETELIVEHASH',
  'CRYPTOTRANSFER',
  'CRYPTOUPDATEACCOUNT',
  'ETHEREUMTRANSACTION',
  'FILEAPPEND',
  'FILECREATE',
  'FILEDELETE',
  'FILEUPDATE',
  'FREEZE',
  'HOOKSTORE',
  'LEDGERIDPUBLICATION',
  'NODECREATE',
  'NODEDELETE',
  'NODESTAKEUPDATE',
  'NODEUPDATE',
  'REGISTEREDNODECREATE',
  'REGISTEREDNODEDELETE',
  'REGISTEREDNODEUPDATE',
  'SCHEDULECREATE',
  'SCHEDULEDELETE',
  'SCHEDULESIGN',
  'SYSTEMDELETE',
  'SYSTEMUNDELETE',
  'TOKENAIRDROP',
  'TOKENASSOCIATE',
  'TOKENBURN',
  'TOKENCANCELAIRDROP',
  'TOKENCLAIMAIRDROP',
  'TOKENCREATION',
  'TOKENDELETION',
  'TOKENDISSOCIATE',
  'TOKENFEESCHEDULEUPDATE',
  'TOKENFREEZE',
  'TOKENGRANTKYC',
  'TOKENMINT',
  'TOKENPAUSE',
  'TOKENREJECT',
  'TOKENREVOKEKYC',
  'TOKENUNFREEZE',
  'TOKENUNPAUSE',
  'TOKENUPDATE',
  'TOKENUPDATENFTS',
  'TOKENWIPE',
  'UNCHECKEDSUBMIT',
  'UTILPRNG',
] as const;
/** A transaction type this client knows; a newer server may send others (kept as plain strings). */
export type KnownTransactionType = (typeof TRANSACTION_TYPES)[number];
// `string & {}` keeps editor completion for the known names while accepting any other.
export type TransactionType = KnownTransactionType | (string & {});
const KNOWN_TYPES: ReadonlySet<string> = new Set(TRANSACTION_TYPES);
export function isKnownTransactionType(name: string): name is KnownTransactionType {
  return KNOWN_TYPES.has(name);
}
const transactionType = z.string() as z.ZodType<TransactionType, string>;

export const KeySchema = z
  .looseObject({
    _type: z.string(),
    key: z.string(),
  })
  .nullable();

export const LinksSchema = z.looseObject({ next: z.string().nullable().optional() });

export const TimestampRangeSchema = z.looseObject({
  from: timestamp,
  to: timestampNullable.optional(),
});

// ---- transactions ----

export const CustomFeeLimitSchema = z.looseObject({
  account_id: entityIdNullable.optional(),
  amount: int64,
  denominating_token_id: entityIdNullable.optional(),
});

export const NftTransferSchema = z.looseObject({
  is_approval: z.boolean(),
  receiver_account_id: entityIdNullable,
  sender_account_id: entityIdNullable,
  serial_number: int64,
  token_id: entityIdNullable,
});

export const TokenTransferSchema = z.looseObject({
  token_id: entityIdNullable,
  account: entityIdNullable,
  amount: int64,
  is_approval: z.boolean().optional(),
});

export const TransferSchema = z.looseObject({
  account: entityIdNullable,
  amount: int64,
  is_approval: z.boolean().optional(),
});

export const StakingRewardTransferSchema = z.looseObject({
  // Older responses give the account as its bare number.
  account: z.union([entityId, z.number().int()]),
  amount: int64,
});

export const AssessedCustomFeeSchema = z.looseObject({
  amount: int64,
  collector_account_id: entityIdNullable.optional(),
  effective_payer_account_ids: z.array(entityId).optional(),
  token_id: entityIdNullable.optional(),
});

export const TransactionSchema = z.looseObject({
  // Older servers (v0.145, for one) write the batch key as the hex of its protobuf encoding; newer ones a Key.
  batch_key: z
    .union([
      KeySchema,
      z
        .string()
        .regex(/^(0x)?[0-9a-fA-F]*$/)
        .transform(hex => ({ _type: 'ProtobufEncoded', key: hex.replace(/^0x/i, '') })),
    ])
    .optional(),
  bytes: z.string().nullable().optional(),
  charged_tx_fee: int64.optional(),
  consensus_timestamp: timestamp.optional(),
  entity_id: entityIdNullable.optional(),
  high_volume: z.boolean().optional(),
  high_volume_pricing_multiplier: int64Nullable.optional(),
  max_custom_fees: z.array(CustomFeeLimitSchema).optional(),
  // A decimal string on the wire (tinybars); kept as the server wrote it.
  max_fee: z.string().optional(),
  memo_base64: z.string().nullable().optional(),
  name: transactionType.optional(),
  nft_transfers: z.array(NftTransferSchema).optional(),
  node: entityIdNullable.optional(),
  nonce: int64.optional(),
  parent_consensus_timestamp: timestampNullable.optional(),
  result: z.string().optional(),
  scheduled: z.boolean().optional(),
  staking_reward_transfers: z.array(StakingRewardTransferSchema).optional(),
  token_transfers: z.array(TokenTransferSchema).optional(),
  transaction_hash: z.string().optional(),
  transaction_id: z.string().optional(),
  transfers: z.array(TransferSchema).optional(),
  valid_duration_seconds: z.string().optional(),
  valid_start_timestamp: timestamp.optional(),
  assessed_custom_fees: z.array(AssessedCustomFeeSchema).optional(),
});

export const TransactionsResponseSchema = z.looseObject({
  transactions: z.array(TransactionSchema),
  links: LinksSchema.optional(),
});

// ---- accounts ----

export const TokenBalanceSchema = z.looseObject({ token_id: entityIdNullable, balance: int64 });

export const BalanceSchema = z
  .looseObject({
    timestamp: timestampNullable,
    balance: int64Nullable,
    tokens: z.array(TokenBalanceSchema).max(1000),
  })
  .nullable();

export const AccountInfoShape = {
  account: entityIdNullable,
  alias: z.string().nullable(),
  auto_renew_period: int64Nullable,
  balance: BalanceSchema,
  created_timestamp: timestampNullable,
  decline_reward: z.boolean(),
  deleted: z.boolean().nullable(),
  ethereum_nonce: int64Nullable,
  evm_address: z.string().nullable(),
  expiry_timestamp: timestampNullable,
  key: KeySchema,
  max_automatic_token_associations: int32.nullable(),
  memo: z.string().nullable(),
  pending_reward: int64.optional(),
  receiver_sig_required: z.boolean().nullable(),
  staked_account_id: entityIdNullable,
  staked_node_id: int64Nullable,
  stake_period_start: timestampNullable,
};

export const AccountResponseSchema = z.looseObject({
  ...AccountInfoShape,
  transactions: z.array(TransactionSchema),
  links: LinksSchema,
});

// ---- blocks ----

export const BlockSchema = z.looseObject({
  count: int64,
  gas_used: int64Nullable.optional(),
  hapi_version: z.string().nullable().optional(),
  hash: z.string(),
  logs_bloom: z.string().nullable().optional(),
  name: z.string(),
  number: int64,
  previous_hash: z.string(),
  size: int32.nullable().optional(),
  timestamp: TimestampRangeSchema,
});

export const BlocksResponseSchema = z.looseObject({
  blocks: z.array(BlockSchema),
  links: LinksSchema,
});

// ---- contract results ----

export const ContractResultSchema = z.looseObject({
  access_list: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
  amount: int64Nullable.optional(),
  block_gas_used: int64Nullable.optional(),
  block_hash: z.string().nullable().optional(),
  block_number: int64Nullable.optional(),
  bloom: z.string().nullable().optional(),
  call_result: z.string().nullable().optional(),
  chain_id: z.string().nullable().optional(),
  contract_id: entityIdNullable.optional(),
  created_contract_ids: z.array(entityId).nullable().optional(),
  error_message: z.string().nullable().optional(),
  failed_initcode: z.string().nullable().optional(),
  from: z.string().nullable().optional(),
  function_parameters: z.string().nullable().optional(),
  gas_consumed: int64Nullable.optional(),
  gas_limit: int64.optional(),
  // Hex strings ("0x4a817c800"), in tinybars or weibars depending on the `coin` parameter.
  gas_price: z.string().nullable().optional(),
  gas_used: int64Nullable.optional(),
  hash: z.string().optional(),
  max_fee_per_gas: z.string().nullable().optional(),
  max_priority_fee_per_gas: z.string().nullable().optional(),
  nonce: int64Nullable.optional(),
  r: z.string().nullable().optional(),
  result: z.string().optional(),
  s: z.string().nullable().optional(),
  // "0x1" for success, "0x0" otherwise (the recordings win over the seed's "integer").
  status: z.string().optional(),
  timestamp: timestamp.optional(),
  to: z.string().nullable().optional(),
  transaction_index: int64Nullable.optional(),
  type: int32.nullable().optional(),
  v: int32.nullable().optional(),
  authorization_list: z
    .array(z.looseObject({ nonce: int64Nullable.optional() }))
    .nullable()
    .optional(),
});

export const ContractResultsResponseSchema = z.looseObject({
  results: z.array(ContractResultSchema),
  links: LinksSchema,
});

/** One log of a contract result: who emitted it, its topics and data (hex). */
export const ContractLogSchema = z.looseObject({
  address: z.string(),
  bloom: z.string().nullable().optional(),
  contract_id: entityIdNullable.optional(),
  data: z.string().nullable(),
  index: int32.optional(),
  topics: z.array(z.string()),
});

/** `GET /contracts/results/{transactionIdOrHash}`: one result with its logs. */
export const ContractResultDetailSchema = z.looseObject({
  ...ContractResultSchema.shape,
  logs: z.array(ContractLogSchema).optional(),
});

// ---- other entities (hover resolves an id that is not an account) ----

const FixedFeeSchema = z.looseObject({
  amount: int64.optional(),
  collector_account_id: entityIdNullable.optional(),
  denominating_token_id: entityIdNullable.optional(),
});
const FractionSchema = z.looseObject({ numerator: int64.optional(), denominator: int64.optional() });

export const ContractInfoSchema = z.looseObject({
  admin_key: KeySchema.optional(),
  auto_renew_account: entityIdNullable.optional(),
  auto_renew_period: int64Nullable.optional(),
  contract_id: entityIdNullable,
  created_timestamp: timestampNullable.optional(),
  deleted: z.boolean().optional(),
  evm_address: z.string().nullable().optional(),
  expiration_timestamp: timestampNullable.optional(),
  file_id: entityIdNullable.optional(),
  max_automatic_token_associations: int32.nullable().optional(),
  memo: z.string().nullable().optional(),
  nonce: int64Nullable.optional(),
  obtainer_id: entityIdNullable.optional(),
  permanent_removal: z.boolean().nullable().optional(),
  proxy_account_id: entityIdNullable.optional(),
  timestamp: TimestampRangeSchema.optional(),
  bytecode: z.string().nullable().optional(),
  runtime_bytecode: z.string().nullable().optional(),
});

export const TokenInfoSchema = z.looseObject({
  admin_key: KeySchema.optional(),
  auto_renew_account: entityIdNullable.optional(),
  auto_renew_period: int64Nullable.optional(),
  created_timestamp: timestamp.optional(),
  // Decimal strings on the wire, kept as written.
  decimals: z.string().optional(),
  deleted: z.boolean().nullable().optional(),
  // Nanoseconds since the epoch (unlike other expiry timestamps).
  expiry_timestamp: int64Nullable.optional(),
  fee_schedule_key: KeySchema.optional(),
  freeze_default: z.boolean().optional(),
  freeze_key: KeySchema.optional(),
  initial_supply: z.string().optional(),
  kyc_key: KeySchema.optional(),
  max_supply: z.string().optional(),
  memo: z.string().optional(),
  metadata: z.string().optional(),
  metadata_key: KeySchema.optional(),
  modified_timestamp: timestamp.optional(),
  name: z.string(),
  pause_key: KeySchema.optional(),
  pause_status: z.string().optional(),
  supply_key: KeySchema.optional(),
  supply_type: z.string().optional(),
  symbol: z.string(),
  token_id: entityIdNullable,
  total_supply: z.string().optional(),
  treasury_account_id: entityIdNullable.optional(),
  type: z.string().optional(),
  wipe_key: KeySchema.optional(),
  custom_fees: z
    .looseObject({
      created_timestamp: timestamp.optional(),
      fixed_fees: z.array(FixedFeeSchema).optional(),
      fractional_fees: z
        .array(
          z.looseObject({
            amount: FractionSchema.optional(),
            maximum: int64Nullable.optional(),
            minimum: int64.optional(),
          }),
        )
        .optional(),
      royalty_fees: z
        .array(
          z.looseObject({
            amount: FractionSchema.optional(),
            fallback_fee: z.looseObject({ amount: int64.optional() }).nullable().optional(),
          }),
        )
        .optional(),
    })
    .optional(),
});

export const TopicInfoSchema = z.looseObject({
  admin_key: KeySchema.optional(),
  auto_renew_account: entityIdNullable.optional(),
  auto_renew_period: int64Nullable.optional(),
  created_timestamp: timestampNullable.optional(),
  custom_fees: z
    .looseObject({ created_timestamp: timestamp.optional(), fixed_fees: z.array(FixedFeeSchema).optional() })
    .nullable()
    .optional(),
  deleted: z.boolean().nullable().optional(),
  fee_exempt_key_list: z.array(KeySchema).nullable().optional(),
  fee_schedule_key: KeySchema.optional(),
  memo: z.string().nullable().optional(),
  submit_key: KeySchema.optional(),
  timestamp: TimestampRangeSchema.optional(),
  topic_id: entityIdNullable,
});

export const ScheduleInfoSchema = z.looseObject({
  admin_key: KeySchema.optional(),
  consensus_timestamp: timestamp.optional(),
  creator_account_id: entityIdNullable.optional(),
  deleted: z.boolean().optional(),
  executed_timestamp: timestampNullable.optional(),
  expiration_time: timestampNullable.optional(),
  memo: z.string().nullable().optional(),
  payer_account_id: entityIdNullable.optional(),
  schedule_id: entityIdNullable,
  signatures: z
    .array(
      z.looseObject({
        consensus_timestamp: timestamp.optional(),
        public_key_prefix: z.string().optional(),
        signature: z.string().optional(),
        type: z.string().optional(),
      }),
    )
    .optional(),
  transaction_body: z.string().optional(),
  wait_for_expiry: z.boolean().optional(),
});

// ---- an account's NFTs, the exchange rate ----

export const NftSchema = z.looseObject({
  account_id: entityIdNullable.optional(),
  created_timestamp: timestampNullable.optional(),
  delegating_spender: entityIdNullable.optional(),
  deleted: z.boolean().optional(),
  /** base64 as sent; decode it to show, never fetch what it names. */
  metadata: z.string().nullable().optional(),
  modified_timestamp: timestampNullable.optional(),
  serial_number: int64,
  spender: entityIdNullable.optional(),
  token_id: entityIdNullable,
});

export const NftsResponseSchema = z.looseObject({ nfts: z.array(NftSchema), links: LinksSchema });

/** `cent_equivalent` US cents buy `hbar_equivalent` ℏ until `expiration_time` (seconds). */
export const ExchangeRateSchema = z.looseObject({
  cent_equivalent: int64,
  expiration_time: int64,
  hbar_equivalent: int64,
});

export const ExchangeRateResponseSchema = z.looseObject({
  current_rate: ExchangeRateSchema,
  next_rate: ExchangeRateSchema.optional(),
  timestamp: timestampNullable.optional(),
});

// ---- errors ----

export const ErrorBodySchema = z.looseObject({
  _status: z.looseObject({
    messages: z.array(
      z.looseObject({
        message: z.string(),
        detail: z.string().nullable().optional(),
        data: z.string().nullable().optional(),
      }),
    ),
  }),
});

export type Key = z.output<typeof KeySchema>;
export type Links = z.output<typeof LinksSchema>;
export type TimestampRange = z.output<typeof TimestampRangeSchema>;
export type CustomFeeLimit = z.output<typeof CustomFeeLimitSchema>;
export type NftTransfer = z.output<typeof NftTransferSchema>;
export type TokenTransfer = z.output<typeof TokenTransferSchema>;
export type Transfer = z.output<typeof TransferSchema>;
export type StakingRewardTransfer = z.output<typeof StakingRewardTransferSchema>;
export type AssessedCustomFee = z.output<typeof AssessedCustomFeeSchema>;
export type Transaction = z.output<typeof TransactionSchema>;
export type TransactionsResponse = z.output<typeof TransactionsResponseSchema>;
export type TokenBalance = z.output<typeof TokenBalanceSchema>;
export type Balance = z.output<typeof BalanceSchema>;
export type AccountResponse = z.output<typeof AccountResponseSchema>;
export type Block = z.output<typeof BlockSchema>;
export type BlocksResponse = z.output<typeof BlocksResponseSchema>;
export type ContractResult = z.output<typeof ContractResultSchema>;
export type ContractResultsResponse = z.output<typeof ContractResultsResponseSchema>;
export type ContractLog = z.output<typeof ContractLogSchema>;
export type ContractResultDetail = z.output<typeof ContractResultDetailSchema>;
export type ContractInfo = z.output<typeof ContractInfoSchema>;
export type TokenInfo = z.output<typeof TokenInfoSchema>;
export type Nft = z.output<typeof NftSchema>;
export type NftsResponse = z.output<typeof NftsResponseSchema>;
export type ExchangeRateValue = z.output<typeof ExchangeRateSchema>;
export type ExchangeRateResponse = z.output<typeof ExchangeRateResponseSchema>;
export type TopicInfo = z.output<typeof TopicInfoSchema>;
export type ScheduleInfo = z.output<typeof ScheduleInfoSchema>;
export type ErrorBody = z.output<typeof ErrorBodySchema>;
