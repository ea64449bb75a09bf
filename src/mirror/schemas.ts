// zod schemas of the mirror node bodies this client reads. Objects are loose: a field the server
// adds later is kept, not rejected. int64 fields come out as bigint (see lossless.ts for how the
// digits survive JSON parsing); int32 fields stay numbers.
import * as z from '../zod';
import {
  TRANSACTION_TYPES,
  isKnownTransactionType,
  type KnownTransactionType,
  type TransactionType,
} from './transactionTypes';

// At most 19 digits: int64 never needs more, and a hostile 100,000-digit "balance" is refused
// before BigInt and digit grouping spend seconds on it.
const INT64_DIGITS = /^-?\d{1,19}$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT256_DIGITS = /^\d{1,78}$/;
const UINT256_MAX = 2n ** 256n - 1n;

/**
 * A signed integer on the wire: a JSON number, or (above 2^53) the digit string lossless.ts made of
 * it, at most as many digits as `digits` allows and within [min, max]; out comes a bigint. One
 * transform rather than a union of two schemas: a quarter faster on bodies full of amounts. A value
 * outside the range is refused with `outside` (a long digit string) or "expected an integer".
 */
function boundedInteger(digits: RegExp, min: bigint, max: bigint, longAt: number, outside: string) {
  return z.pipe(
    z.unknown(),
    z.transform((value, ctx): bigint => {
      if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
      if (typeof value === 'string' && digits.test(value)) {
        const n = BigInt(value);
        if (n >= min && n <= max) return n;
      }
      const long = typeof value === 'string' && /^-?\d+$/.test(value.slice(0, longAt));
      ctx.issues.push({
        code: 'custom',
        message: long ? outside : 'expected an integer',
        input: typeof value === 'string' && value.length > 40 ? `${value.slice(0, 40)}…` : value,
      });
      return z.NEVER;
    }),
  );
}

/** int64: a value outside it is refused with a message saying so. */
export const int64 = boundedInteger(
  INT64_DIGITS,
  INT64_MIN,
  INT64_MAX,
  30,
  'expected an integer within int64 (at most 19 digits)',
);

/** uint256 (EVM values) as a decimal string or a safe number; out comes a bigint, 0 ≤ n < 2^256. */
export const uint256 = z.pipe(
  z.unknown(),
  z.transform((value, ctx): bigint => {
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
  }),
);

// Weibars (1 tinybar = 10^10 weibars) for the monetary fields of contract results asked with
// hbar=false: the server converts an int64 of tinybars, so the bound is int64 × 10^10 (29 digits),
// and any call that sent more than ~9.22 ℏ already passes int64 in weibars.
const WEIBAR_DIGITS = /^-?\d{1,29}$/;
const WEIBAR_MAX = INT64_MAX * 10_000_000_000n;
const WEIBAR_MIN = INT64_MIN * 10_000_000_000n;

/** A weibar amount: as int64, but within int64 × 10^10 (what the server's conversion can give). */
export const weibar = boundedInteger(
  WEIBAR_DIGITS,
  WEIBAR_MIN,
  WEIBAR_MAX,
  40,
  'expected a weibar amount within int64 × 10^10 (at most 29 digits)',
);
const int64Nullable = z.nullable(int64);
const int32 = z.int();

const entityId = z.string();
const entityIdNullable = z.nullable(z.string());
const timestamp = z.string();
const timestampNullable = z.nullable(z.string());

// The transaction type names live in a module of their own, loaded at startup (params and the
// Accounts filter use them); re-exported here for the schemas' users.
export { TRANSACTION_TYPES, isKnownTransactionType, type KnownTransactionType, type TransactionType };
const transactionType = z.string() as z.ZodMiniType<TransactionType, string>;

export const KeySchema = z.nullable(
  z.looseObject({
    _type: z.string(),
    key: z.string(),
  }),
);

export const LinksSchema = z.looseObject({ next: z.optional(z.nullable(z.string())) });

export const TimestampRangeSchema = z.looseObject({
  from: timestamp,
  to: z.optional(timestampNullable),
});

// ---- transactions ----

export const CustomFeeLimitSchema = z.looseObject({
  account_id: z.optional(entityIdNullable),
  amount: int64,
  denominating_token_id: z.optional(entityIdNullable),
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
  is_approval: z.optional(z.boolean()),
});

export const TransferSchema = z.looseObject({
  account: entityIdNullable,
  amount: int64,
  is_approval: z.optional(z.boolean()),
});

export const StakingRewardTransferSchema = z.looseObject({
  // Older responses give the account as its bare number.
  account: z.union([entityId, z.int()]),
  amount: int64,
});

export const AssessedCustomFeeSchema = z.looseObject({
  amount: int64,
  collector_account_id: z.optional(entityIdNullable),
  effective_payer_account_ids: z.optional(z.array(entityId)),
  token_id: z.optional(entityIdNullable),
});

export const TransactionSchema = z.looseObject({
  // Older servers (v0.145, for one) write the batch key as the hex of its protobuf encoding; newer ones a Key.
  batch_key: z.optional(
    z.union([
      KeySchema,
      z.pipe(
        z.string().check(z.regex(/^(0x)?[0-9a-fA-F]*$/)),
        z.transform((hex: string) => ({ _type: 'ProtobufEncoded', key: hex.replace(/^0x/i, '') })),
      ),
    ]),
  ),
  bytes: z.optional(z.nullable(z.string())),
  charged_tx_fee: z.optional(int64),
  consensus_timestamp: z.optional(timestamp),
  entity_id: z.optional(entityIdNullable),
  high_volume: z.optional(z.boolean()),
  high_volume_pricing_multiplier: z.optional(int64Nullable),
  max_custom_fees: z.optional(z.array(CustomFeeLimitSchema)),
  // A decimal string on the wire (tinybars); kept as the server wrote it.
  max_fee: z.optional(z.string()),
  memo_base64: z.optional(z.nullable(z.string())),
  name: z.optional(transactionType),
  nft_transfers: z.optional(z.array(NftTransferSchema)),
  node: z.optional(entityIdNullable),
  nonce: z.optional(int64),
  parent_consensus_timestamp: z.optional(timestampNullable),
  result: z.optional(z.string()),
  scheduled: z.optional(z.boolean()),
  staking_reward_transfers: z.optional(z.array(StakingRewardTransferSchema)),
  token_transfers: z.optional(z.array(TokenTransferSchema)),
  transaction_hash: z.optional(z.string()),
  transaction_id: z.optional(z.string()),
  transfers: z.optional(z.array(TransferSchema)),
  valid_duration_seconds: z.optional(z.string()),
  valid_start_timestamp: z.optional(timestamp),
  assessed_custom_fees: z.optional(z.array(AssessedCustomFeeSchema)),
});

export const TransactionsResponseSchema = z.looseObject({
  transactions: z.array(TransactionSchema),
  links: z.optional(LinksSchema),
});

// ---- accounts ----

export const TokenBalanceSchema = z.looseObject({ token_id: entityIdNullable, balance: int64 });

export const BalanceSchema = z.nullable(
  z.looseObject({
    timestamp: timestampNullable,
    balance: int64Nullable,
    tokens: z.array(TokenBalanceSchema).check(z.maxLength(1000)),
  }),
);

export const AccountInfoShape = {
  account: entityIdNullable,
  alias: z.nullable(z.string()),
  auto_renew_period: int64Nullable,
  balance: BalanceSchema,
  created_timestamp: timestampNullable,
  decline_reward: z.boolean(),
  deleted: z.nullable(z.boolean()),
  ethereum_nonce: int64Nullable,
  evm_address: z.nullable(z.string()),
  expiry_timestamp: timestampNullable,
  key: KeySchema,
  max_automatic_token_associations: z.nullable(int32),
  memo: z.nullable(z.string()),
  pending_reward: z.optional(int64),
  receiver_sig_required: z.nullable(z.boolean()),
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
  gas_used: z.optional(int64Nullable),
  hapi_version: z.optional(z.nullable(z.string())),
  hash: z.string(),
  logs_bloom: z.optional(z.nullable(z.string())),
  name: z.string(),
  number: int64,
  previous_hash: z.string(),
  size: z.optional(z.nullable(int32)),
  timestamp: TimestampRangeSchema,
});

export const BlocksResponseSchema = z.looseObject({
  blocks: z.array(BlockSchema),
  links: LinksSchema,
});

// ---- contract results ----

/** The fields of a contract result; `money` reads `amount` (int64 of tinybars, or weibars). */
function contractResultShape(money: typeof int64) {
  return {
    access_list: z.optional(z.nullable(z.string())),
    address: z.optional(z.nullable(z.string())),
    // Tinybars, or weibars when asked with hbar=false.
    amount: z.optional(z.nullable(money)),
    block_gas_used: z.optional(int64Nullable),
    block_hash: z.optional(z.nullable(z.string())),
    block_number: z.optional(int64Nullable),
    bloom: z.optional(z.nullable(z.string())),
    call_result: z.optional(z.nullable(z.string())),
    chain_id: z.optional(z.nullable(z.string())),
    contract_id: z.optional(entityIdNullable),
    created_contract_ids: z.optional(z.nullable(z.array(entityId))),
    error_message: z.optional(z.nullable(z.string())),
    failed_initcode: z.optional(z.nullable(z.string())),
    from: z.optional(z.nullable(z.string())),
    function_parameters: z.optional(z.nullable(z.string())),
    gas_consumed: z.optional(int64Nullable),
    gas_limit: z.optional(int64),
    // Hex strings ("0x4a817c800"), in tinybars or weibars depending on the `coin` parameter.
    gas_price: z.optional(z.nullable(z.string())),
    gas_used: z.optional(int64Nullable),
    hash: z.optional(z.string()),
    max_fee_per_gas: z.optional(z.nullable(z.string())),
    max_priority_fee_per_gas: z.optional(z.nullable(z.string())),
    nonce: z.optional(int64Nullable),
    r: z.optional(z.nullable(z.string())),
    result: z.optional(z.string()),
    s: z.optional(z.nullable(z.string())),
    // "0x1" for success, "0x0" otherwise (the recordings win over the seed's "integer").
    status: z.optional(z.string()),
    timestamp: z.optional(timestamp),
    to: z.optional(z.nullable(z.string())),
    transaction_index: z.optional(int64Nullable),
    type: z.optional(z.nullable(int32)),
    v: z.optional(z.nullable(int32)),
    authorization_list: z.optional(z.nullable(z.array(z.looseObject({ nonce: z.optional(int64Nullable) })))),
  };
}

/** A contract result in tinybars (the default, hbar=true): `amount` within int64. */
export const ContractResultSchema = z.looseObject(contractResultShape(int64));
/** A contract result asked with hbar=false: `amount` in weibars, within int64 × 10^10. */
export const ContractResultWeibarSchema = z.looseObject(contractResultShape(weibar));

export const ContractResultsResponseSchema = z.looseObject({
  results: z.array(ContractResultSchema),
  links: LinksSchema,
});

export const ContractResultsWeibarResponseSchema = z.looseObject({
  results: z.array(ContractResultWeibarSchema),
  links: LinksSchema,
});

/** One log of a contract result: who emitted it, its topics and data (hex). */
export const ContractLogSchema = z.looseObject({
  address: z.string(),
  bloom: z.optional(z.nullable(z.string())),
  contract_id: z.optional(entityIdNullable),
  data: z.nullable(z.string()),
  index: z.optional(int32),
  topics: z.array(z.string()),
});

/** `GET /contracts/results/{transactionIdOrHash}`: one result with its logs. */
export const ContractResultDetailSchema = z.looseObject({
  ...ContractResultSchema.shape,
  logs: z.optional(z.array(ContractLogSchema)),
});

/** The same, asked with hbar=false (`amount` in weibars). */
export const ContractResultDetailWeibarSchema = z.looseObject({
  ...ContractResultWeibarSchema.shape,
  logs: z.optional(z.array(ContractLogSchema)),
});

// ---- contract actions (the call trace) ----

/**
 * One action of a contract transaction (`GET /contracts/results/{id}/actions`): a call, create or
 * system-contract call at its depth. Tolerant: the enumerations (`call_type`, `call_operation_type`,
 * `result_data_type`, the entity types) are kept as the server's own words, a field missing or null
 * is allowed (the trace builder says what it could not read), and int64 amounts stay exact.
 */
export const ContractActionSchema = z.looseObject({
  call_depth: z.optional(z.nullable(int32)),
  call_operation_type: z.optional(z.nullable(z.string())),
  call_type: z.optional(z.nullable(z.string())),
  caller: z.optional(entityIdNullable),
  caller_type: z.optional(z.nullable(z.string())),
  from: z.optional(z.nullable(z.string())),
  gas: z.optional(int64Nullable),
  gas_used: z.optional(int64Nullable),
  index: z.optional(z.nullable(int32)),
  input: z.optional(z.nullable(z.string())),
  recipient: z.optional(entityIdNullable),
  recipient_type: z.optional(z.nullable(z.string())),
  result_data: z.optional(z.nullable(z.string())),
  result_data_type: z.optional(z.nullable(z.string())),
  timestamp: z.optional(timestampNullable),
  to: z.optional(z.nullable(z.string())),
  value: z.optional(int64Nullable),
});

export const ContractActionsResponseSchema = z.looseObject({
  actions: z.array(ContractActionSchema),
  links: z.optional(LinksSchema),
});

// ---- other entities (hover resolves an id that is not an account) ----

const FixedFeeSchema = z.looseObject({
  amount: z.optional(int64),
  collector_account_id: z.optional(entityIdNullable),
  denominating_token_id: z.optional(entityIdNullable),
});
const FractionSchema = z.looseObject({ numerator: z.optional(int64), denominator: z.optional(int64) });

export const ContractInfoSchema = z.looseObject({
  admin_key: z.optional(KeySchema),
  auto_renew_account: z.optional(entityIdNullable),
  auto_renew_period: z.optional(int64Nullable),
  contract_id: entityIdNullable,
  created_timestamp: z.optional(timestampNullable),
  deleted: z.optional(z.boolean()),
  evm_address: z.optional(z.nullable(z.string())),
  expiration_timestamp: z.optional(timestampNullable),
  file_id: z.optional(entityIdNullable),
  max_automatic_token_associations: z.optional(z.nullable(int32)),
  memo: z.optional(z.nullable(z.string())),
  nonce: z.optional(int64Nullable),
  obtainer_id: z.optional(entityIdNullable),
  permanent_removal: z.optional(z.nullable(z.boolean())),
  proxy_account_id: z.optional(entityIdNullable),
  timestamp: z.optional(TimestampRangeSchema),
  bytecode: z.optional(z.nullable(z.string())),
  runtime_bytecode: z.optional(z.nullable(z.string())),
});

export const TokenInfoSchema = z.looseObject({
  admin_key: z.optional(KeySchema),
  auto_renew_account: z.optional(entityIdNullable),
  auto_renew_period: z.optional(int64Nullable),
  created_timestamp: z.optional(timestamp),
  // Decimal strings on the wire, kept as written.
  decimals: z.optional(z.string()),
  deleted: z.optional(z.nullable(z.boolean())),
  // Nanoseconds since the epoch (unlike other expiry timestamps).
  expiry_timestamp: z.optional(int64Nullable),
  fee_schedule_key: z.optional(KeySchema),
  freeze_default: z.optional(z.boolean()),
  freeze_key: z.optional(KeySchema),
  initial_supply: z.optional(z.string()),
  kyc_key: z.optional(KeySchema),
  max_supply: z.optional(z.string()),
  memo: z.optional(z.string()),
  metadata: z.optional(z.string()),
  metadata_key: z.optional(KeySchema),
  modified_timestamp: z.optional(timestamp),
  name: z.string(),
  pause_key: z.optional(KeySchema),
  pause_status: z.optional(z.string()),
  supply_key: z.optional(KeySchema),
  supply_type: z.optional(z.string()),
  symbol: z.string(),
  token_id: entityIdNullable,
  total_supply: z.optional(z.string()),
  treasury_account_id: z.optional(entityIdNullable),
  type: z.optional(z.string()),
  wipe_key: z.optional(KeySchema),
  custom_fees: z.optional(
    z.looseObject({
      created_timestamp: z.optional(timestamp),
      fixed_fees: z.optional(z.array(FixedFeeSchema)),
      fractional_fees: z.optional(
        z.array(
          z.looseObject({
            amount: z.optional(FractionSchema),
            maximum: z.optional(int64Nullable),
            minimum: z.optional(int64),
          }),
        ),
      ),
      royalty_fees: z.optional(
        z.array(
          z.looseObject({
            amount: z.optional(FractionSchema),
            fallback_fee: z.optional(z.nullable(z.looseObject({ amount: z.optional(int64) }))),
          }),
        ),
      ),
    }),
  ),
});

export const TopicInfoSchema = z.looseObject({
  admin_key: z.optional(KeySchema),
  auto_renew_account: z.optional(entityIdNullable),
  auto_renew_period: z.optional(int64Nullable),
  created_timestamp: z.optional(timestampNullable),
  custom_fees: z.optional(
    z.nullable(
      z.looseObject({ created_timestamp: z.optional(timestamp), fixed_fees: z.optional(z.array(FixedFeeSchema)) }),
    ),
  ),
  deleted: z.optional(z.nullable(z.boolean())),
  fee_exempt_key_list: z.optional(z.nullable(z.array(KeySchema))),
  fee_schedule_key: z.optional(KeySchema),
  memo: z.optional(z.nullable(z.string())),
  submit_key: z.optional(KeySchema),
  timestamp: z.optional(TimestampRangeSchema),
  topic_id: entityIdNullable,
});

/**
 * One entry of `/topics/{id}/messages` (and the single-message endpoints), as parsed losslessly: its
 * members are checked one by one by src/topics (decodeTopicMessage), so a page with one bad entry
 * still shows the others, each error in its place. Here only: it is an object.
 */
export const TopicMessageEntrySchema = z.looseObject({});

export const TopicMessagesResponseSchema = z.looseObject({
  messages: z.array(TopicMessageEntrySchema),
  links: z.optional(LinksSchema),
});

export const ScheduleInfoSchema = z.looseObject({
  admin_key: z.optional(KeySchema),
  consensus_timestamp: z.optional(timestamp),
  creator_account_id: z.optional(entityIdNullable),
  deleted: z.optional(z.boolean()),
  executed_timestamp: z.optional(timestampNullable),
  expiration_time: z.optional(timestampNullable),
  memo: z.optional(z.nullable(z.string())),
  payer_account_id: z.optional(entityIdNullable),
  schedule_id: entityIdNullable,
  signatures: z.optional(
    z.array(
      z.looseObject({
        consensus_timestamp: z.optional(timestamp),
        public_key_prefix: z.optional(z.string()),
        signature: z.optional(z.string()),
        type: z.optional(z.string()),
      }),
    ),
  ),
  transaction_body: z.optional(z.string()),
  wait_for_expiry: z.optional(z.boolean()),
});

// ---- an account's NFTs, the exchange rate ----

export const NftSchema = z.looseObject({
  account_id: z.optional(entityIdNullable),
  created_timestamp: z.optional(timestampNullable),
  delegating_spender: z.optional(entityIdNullable),
  deleted: z.optional(z.boolean()),
  /** base64 as sent; decode it to show, never fetch what it names. */
  metadata: z.optional(z.nullable(z.string())),
  modified_timestamp: z.optional(timestampNullable),
  serial_number: int64,
  spender: z.optional(entityIdNullable),
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
  next_rate: z.optional(ExchangeRateSchema),
  timestamp: z.optional(timestampNullable),
});

// ---- contracts on the network: calls, state, logs; the network's gas price ----

/** `POST /contracts/call`: the return data (or, for an estimate, the gas) as hex. */
export const ContractCallResponseSchema = z.looseObject({ result: z.string() });

/** One storage slot of `GET /contracts/{id}/state`: `0x` + 64 hex each, as the node pads them. */
export const ContractStateSchema = z.looseObject({
  address: z.string(),
  contract_id: entityIdNullable,
  timestamp: timestamp,
  slot: z.string(),
  value: z.string(),
});

export const ContractStateResponseSchema = z.looseObject({
  state: z.array(ContractStateSchema),
  links: LinksSchema,
});

/** A log of `GET /contracts/{id}/results/logs`: the log with where and when it was emitted. */
export const ContractLogEntrySchema = z.looseObject({
  ...ContractLogSchema.shape,
  block_hash: z.optional(z.nullable(z.string())),
  block_number: z.optional(int64Nullable),
  root_contract_id: z.optional(entityIdNullable),
  timestamp: z.optional(timestamp),
  transaction_hash: z.optional(z.nullable(z.string())),
  transaction_index: z.optional(z.nullable(int32)),
});

export const ContractLogsResponseSchema = z.looseObject({
  logs: z.array(ContractLogEntrySchema),
  links: LinksSchema,
});

/** The gas price of one transaction type, in tinybars per gas (`ContractCall`, `ContractCreate`, `EthereumTransaction`). */
export const NetworkFeeSchema = z.looseObject({
  gas: z.optional(int64),
  transaction_type: z.optional(z.string()),
});

export const NetworkFeesResponseSchema = z.looseObject({
  fees: z.optional(z.array(NetworkFeeSchema)),
  timestamp: z.optional(timestampNullable),
});

// ---- errors ----

export const ErrorBodySchema = z.looseObject({
  _status: z.looseObject({
    messages: z.array(
      z.looseObject({
        message: z.string(),
        detail: z.optional(z.nullable(z.string())),
        data: z.optional(z.nullable(z.string())),
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
export type ContractAction = z.output<typeof ContractActionSchema>;
export type ContractActionsResponse = z.output<typeof ContractActionsResponseSchema>;
export type TokenInfo = z.output<typeof TokenInfoSchema>;
export type Nft = z.output<typeof NftSchema>;
export type NftsResponse = z.output<typeof NftsResponseSchema>;
export type ExchangeRateValue = z.output<typeof ExchangeRateSchema>;
export type ExchangeRateResponse = z.output<typeof ExchangeRateResponseSchema>;
export type TopicInfo = z.output<typeof TopicInfoSchema>;
export type ScheduleInfo = z.output<typeof ScheduleInfoSchema>;
export type TopicMessageEntry = z.output<typeof TopicMessageEntrySchema>;
export type TopicMessagesResponse = z.output<typeof TopicMessagesResponseSchema>;
export type ErrorBody = z.output<typeof ErrorBodySchema>;
export type ContractState = z.output<typeof ContractStateSchema>;
export type ContractStateResponse = z.output<typeof ContractStateResponseSchema>;
export type ContractLogEntry = z.output<typeof ContractLogEntrySchema>;
export type ContractLogsResponse = z.output<typeof ContractLogsResponseSchema>;
export type NetworkFee = z.output<typeof NetworkFeeSchema>;
export type NetworkFeesResponse = z.output<typeof NetworkFeesResponseSchema>;
