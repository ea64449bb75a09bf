// Typed builders for mirror node bodies the recordings lack (huge balances, hostile memos, 1000
// token balances, entity kinds later issues add). They write JSON TEXT, not objects, so an int64
// above 2^53 given as a bigint reaches the client with every digit, as the real server sends it.
// Defaults follow the recorded bodies' shapes; a test overrides only what matters to it.
import type { ExtraRecord } from './mirrorReplay';

/** A finished JSON document. Nest it in another builder's overrides: it is embedded verbatim. */
export class JsonDoc {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type JsonIn =
  | string
  | number
  | bigint
  | boolean
  | null
  | JsonDoc
  | readonly JsonIn[]
  | { readonly [key: string]: JsonIn | undefined };

/** Serialises with bigints as exact digits; `undefined` members are left out. */
export function toJsonText(value: JsonIn): string {
  if (value === null) return 'null';
  if (value instanceof JsonDoc) return value.text;
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'number':
      if (!Number.isFinite(value)) throw new RangeError(`not a JSON number: ${value}`);
      // An unsafe integer given as a number has already lost digits: make the test say bigint.
      if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
        throw new RangeError(`${value} is not a safe integer; pass a bigint to keep its digits`);
      }
      return JSON.stringify(value);
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    default:
      break;
  }
  if (Array.isArray(value)) return `[${(value as readonly JsonIn[]).map(toJsonText).join(',')}]`;
  const members: string[] = [];
  for (const [k, v] of Object.entries(value as { readonly [key: string]: JsonIn | undefined })) {
    if (v === undefined) continue;
    members.push(`${JSON.stringify(k)}:${toJsonText(v)}`);
  }
  return `{${members.join(',')}}`;
}

function build<T extends object>(defaults: T, overrides: Partial<T> | undefined): JsonDoc {
  // Explicit `undefined` in overrides removes the member (to test a missing optional field).
  const merged: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [k, v] of Object.entries(overrides ?? {})) merged[k] = v;
  return new JsonDoc(toJsonText(merged as { [key: string]: JsonIn | undefined }));
}

type Int = number | bigint;
type Nullable<T> = T | null;
type Entity = Nullable<string>;
type Doc<T> = T | JsonDoc;
export type KeyIn = Nullable<{ _type: string; key: string }>;
export type LinksIn = {
  next: Nullable<string>;
};

// ---------------------------------------------------------------------------------------------
// Accounts

export type TokenBalanceIn = {
  token_id: string;
  balance: Int;
};
export function aTokenBalance(overrides?: Partial<TokenBalanceIn>): JsonDoc {
  return build<TokenBalanceIn>({ token_id: '0.0.90000', balance: 100 }, overrides);
}

export interface AccountIn {
  account: Entity;
  alias: Nullable<string>;
  auto_renew_period: Nullable<Int>;
  balance: Nullable<
    Doc<{ timestamp: Nullable<string>; balance: Nullable<Int>; tokens: readonly Doc<TokenBalanceIn>[] }>
  >;
  created_timestamp: Nullable<string>;
  decline_reward: boolean;
  deleted: Nullable<boolean>;
  ethereum_nonce: Nullable<Int>;
  evm_address: Nullable<string>;
  expiry_timestamp: Nullable<string>;
  key: KeyIn;
  max_automatic_token_associations: Nullable<number>;
  memo: Nullable<string>;
  pending_reward: Int;
  receiver_sig_required: Nullable<boolean>;
  staked_account_id: Entity;
  staked_node_id: Nullable<Int>;
  stake_period_start: Nullable<string>;
  transactions: readonly Doc<Partial<TransactionIn>>[];
  links: LinksIn;
  [extra: string]: JsonIn | undefined;
}

export function anAccount(overrides?: Partial<AccountIn>): JsonDoc {
  return build<AccountIn>(
    {
      account: '0.0.1001',
      alias: null,
      auto_renew_period: 7776000,
      balance: { timestamp: '1700000000.000000000', balance: 100_000_000, tokens: [] },
      created_timestamp: '1690000000.000000001',
      decline_reward: false,
      deleted: false,
      ethereum_nonce: 0,
      evm_address: '0x00000000000000000000000000000000000003e9',
      expiry_timestamp: '1797776000.000000001',
      key: { _type: 'ED25519', key: '7934b3c7c0d9ad8a5c0c8b2f58f3a3e6e2a2c7d8b7c0a1e6f3d2c1b0a9f8e7d6' },
      max_automatic_token_associations: 0,
      memo: '',
      pending_reward: 0,
      receiver_sig_required: false,
      staked_account_id: null,
      staked_node_id: null,
      stake_period_start: null,
      transactions: [],
      links: { next: null },
    },
    overrides,
  );
}

// ---------------------------------------------------------------------------------------------
// Transactions

export type TransferIn = {
  account: string;
  amount: Int;
  is_approval?: boolean;
};
export type TokenTransferIn = TransferIn & {
  token_id: string;
};
export type NftTransferIn = {
  is_approval: boolean;
  receiver_account_id: Entity;
  sender_account_id: Entity;
  serial_number: Int;
  token_id: string;
};

export interface TransactionIn {
  batch_key: KeyIn;
  bytes: Nullable<string>;
  charged_tx_fee: Int;
  consensus_timestamp: string;
  entity_id: Entity;
  high_volume: boolean;
  high_volume_pricing_multiplier: Nullable<Int>;
  max_custom_fees: readonly { account_id: Entity; amount: Int; denominating_token_id: Entity }[];
  max_fee: string;
  memo_base64: Nullable<string>;
  name: string;
  nft_transfers: readonly NftTransferIn[];
  node: Entity;
  nonce: Int;
  parent_consensus_timestamp: Nullable<string>;
  result: string;
  scheduled: boolean;
  staking_reward_transfers: readonly { account: string | number; amount: Int }[];
  token_transfers: readonly TokenTransferIn[];
  transaction_hash: string;
  transaction_id: string;
  transfers: readonly TransferIn[];
  valid_duration_seconds: string;
  valid_start_timestamp: string;
  assessed_custom_fees?: readonly {
    amount: Int;
    collector_account_id: Entity;
    effective_payer_account_ids: readonly string[];
    token_id: Entity;
  }[];
  [extra: string]: JsonIn | undefined;
}

export function aTransaction(overrides?: Partial<TransactionIn>): JsonDoc {
  return build<TransactionIn>(
    {
      batch_key: null,
      bytes: null,
      charged_tx_fee: 84_650,
      consensus_timestamp: '1700000000.000000009',
      entity_id: null,
      high_volume: false,
      high_volume_pricing_multiplier: 1000,
      max_custom_fees: [],
      max_fee: '100000000',
      memo_base64: null,
      name: 'CRYPTOTRANSFER',
      nft_transfers: [],
      node: '0.0.3',
      nonce: 0,
      parent_consensus_timestamp: null,
      result: 'SUCCESS',
      scheduled: false,
      staking_reward_transfers: [],
      token_transfers: [],
      transaction_hash: 'AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSYnKCkqKywtLi8w',
      transaction_id: '0.0.1001-1700000000-000000000',
      transfers: [
        { account: '0.0.3', amount: 4_650, is_approval: false },
        { account: '0.0.98', amount: 80_000, is_approval: false },
        { account: '0.0.1001', amount: -84_650, is_approval: false },
      ],
      valid_duration_seconds: '120',
      valid_start_timestamp: '1700000000.000000000',
    },
    overrides,
  );
}

/** The body of GET /transactions/{id}: `{"transactions":[...]}`. */
export function aTransactionsBody(...transactions: JsonDoc[]): JsonDoc {
  return new JsonDoc(toJsonText({ transactions: transactions.length > 0 ? transactions : [aTransaction()] }));
}

// ---------------------------------------------------------------------------------------------
// Contract results and blocks

export interface ContractResultIn {
  access_list: Nullable<string>;
  address: Nullable<string>;
  amount: Nullable<Int>;
  block_gas_used: Nullable<Int>;
  block_hash: Nullable<string>;
  block_number: Nullable<Int>;
  bloom: Nullable<string>;
  call_result: Nullable<string>;
  chain_id: Nullable<string>;
  contract_id: Entity;
  created_contract_ids: Nullable<readonly string[]>;
  error_message: Nullable<string>;
  failed_initcode: Nullable<string>;
  from: Nullable<string>;
  function_parameters: Nullable<string>;
  gas_consumed: Nullable<Int>;
  gas_limit: Int;
  gas_price: Nullable<string>;
  gas_used: Nullable<Int>;
  hash: string;
  max_fee_per_gas: Nullable<string>;
  max_priority_fee_per_gas: Nullable<string>;
  nonce: Nullable<Int>;
  r: Nullable<string>;
  result: string;
  s: Nullable<string>;
  status: string;
  timestamp: string;
  to: Nullable<string>;
  transaction_index: Nullable<Int>;
  type: Nullable<number>;
  v: Nullable<number>;
  [extra: string]: JsonIn | undefined;
}

export function aContractResult(overrides?: Partial<ContractResultIn>): JsonDoc {
  return build<ContractResultIn>(
    {
      access_list: '0x',
      address: '0x00000000000000000000000000000000000013a1',
      amount: 0,
      block_gas_used: 400_000,
      block_hash: '0x' + 'ab'.repeat(48),
      block_number: 10,
      bloom: '0x',
      call_result: '0x',
      chain_id: '0x128',
      contract_id: '0.0.5025',
      created_contract_ids: [],
      error_message: null,
      failed_initcode: null,
      from: '0x00000000000000000000000000000000000003e9',
      function_parameters: '0x',
      gas_consumed: 21_000,
      gas_limit: 300_000,
      gas_price: '0x',
      gas_used: 21_000,
      hash: '0x' + '5a'.repeat(32),
      max_fee_per_gas: '0x',
      max_priority_fee_per_gas: '0x',
      nonce: 0,
      r: '0x',
      result: 'SUCCESS',
      s: '0x',
      status: '0x1',
      timestamp: '1700000000.000000009',
      to: '0x00000000000000000000000000000000000013a1',
      transaction_index: 1,
      type: 2,
      v: 0,
    },
    overrides,
  );
}

/** The body of GET /contracts/results. */
export function aContractResultsBody(results: readonly JsonDoc[], next: string | null = null): JsonDoc {
  return new JsonDoc(toJsonText({ results, links: { next } }));
}

export interface BlockIn {
  count: Int;
  gas_used: Nullable<Int>;
  hapi_version: Nullable<string>;
  hash: string;
  logs_bloom: Nullable<string>;
  name: string;
  number: Int;
  previous_hash: string;
  size: Nullable<Int>;
  timestamp: { from: string; to: Nullable<string> };
  [extra: string]: JsonIn | undefined;
}

export function aBlock(overrides?: Partial<BlockIn>): JsonDoc {
  return build<BlockIn>(
    {
      count: 5,
      gas_used: 0,
      hapi_version: '0.47.0',
      hash: '0x' + 'cd'.repeat(48),
      logs_bloom: '0x',
      name: '2024-01-01T00_00_00.000000000Z.rcd.gz',
      number: 17,
      previous_hash: '0x' + 'ef'.repeat(48),
      size: 6,
      timestamp: { from: '1704067200.000000000', to: '1704067201.999999999' },
    },
    overrides,
  );
}

/** The body of GET /blocks. */
export function aBlocksBody(blocks: readonly JsonDoc[], next: string | null = null): JsonDoc {
  return new JsonDoc(toJsonText({ blocks, links: { next } }));
}

// ---------------------------------------------------------------------------------------------
// Entities later issues look up (tokens, topics, contracts, schedules)

export interface TokenIn {
  admin_key: KeyIn;
  auto_renew_account: Entity;
  auto_renew_period: Nullable<Int>;
  created_timestamp: string;
  decimals: string;
  deleted: Nullable<boolean>;
  expiry_timestamp: Nullable<Int>;
  freeze_default: boolean;
  initial_supply: string;
  max_supply: string;
  memo: string;
  name: string;
  supply_type: string;
  symbol: string;
  token_id: string;
  total_supply: string;
  treasury_account_id: Entity;
  type: string;
  [extra: string]: JsonIn | undefined;
}

export function aToken(overrides?: Partial<TokenIn>): JsonDoc {
  return build<TokenIn>(
    {
      admin_key: null,
      auto_renew_account: '0.0.1001',
      auto_renew_period: 7776000,
      created_timestamp: '1690000000.000000002',
      decimals: '8',
      deleted: false,
      expiry_timestamp: 1797776000000000002n,
      freeze_default: false,
      initial_supply: '1000000000000',
      max_supply: '0',
      memo: '',
      name: 'Lens Token',
      supply_type: 'INFINITE',
      symbol: 'LENS',
      token_id: '0.0.90000',
      total_supply: '1000000000000',
      treasury_account_id: '0.0.1001',
      type: 'FUNGIBLE_COMMON',
    },
    overrides,
  );
}

export interface TopicIn {
  admin_key: KeyIn;
  auto_renew_account: Entity;
  auto_renew_period: Nullable<Int>;
  created_timestamp: Nullable<string>;
  custom_fees: { created_timestamp: string; fixed_fees: readonly JsonIn[] };
  deleted: Nullable<boolean>;
  fee_exempt_key_list: readonly KeyIn[];
  fee_schedule_key: KeyIn;
  memo: string;
  submit_key: KeyIn;
  timestamp: { from: string; to: Nullable<string> };
  topic_id: string;
  [extra: string]: JsonIn | undefined;
}

export function aTopic(overrides?: Partial<TopicIn>): JsonDoc {
  return build<TopicIn>(
    {
      admin_key: null,
      auto_renew_account: null,
      auto_renew_period: 7776000,
      created_timestamp: '1690000000.000000003',
      custom_fees: { created_timestamp: '1690000000.000000003', fixed_fees: [] },
      deleted: false,
      fee_exempt_key_list: [],
      fee_schedule_key: null,
      memo: 'topic memo',
      submit_key: null,
      timestamp: { from: '1690000000.000000003', to: null },
      topic_id: '0.0.7000',
    },
    overrides,
  );
}

export interface ContractIn {
  admin_key: KeyIn;
  auto_renew_account: Entity;
  auto_renew_period: Nullable<Int>;
  contract_id: string;
  created_timestamp: Nullable<string>;
  deleted: boolean;
  evm_address: string;
  expiration_timestamp: Nullable<string>;
  file_id: Entity;
  max_automatic_token_associations: Nullable<number>;
  memo: string;
  nonce: Nullable<Int>;
  obtainer_id: Entity;
  permanent_removal: Nullable<boolean>;
  proxy_account_id: Entity;
  timestamp: { from: string; to: Nullable<string> };
  [extra: string]: JsonIn | undefined;
}

export function aContract(overrides?: Partial<ContractIn>): JsonDoc {
  return build<ContractIn>(
    {
      admin_key: null,
      auto_renew_account: null,
      auto_renew_period: 7776000,
      contract_id: '0.0.5025',
      created_timestamp: '1690000000.000000004',
      deleted: false,
      evm_address: '0x00000000000000000000000000000000000013a1',
      expiration_timestamp: '1797776000.000000004',
      file_id: '0.0.5024',
      max_automatic_token_associations: 0,
      memo: 'contract memo',
      nonce: 1,
      obtainer_id: null,
      permanent_removal: null,
      proxy_account_id: null,
      timestamp: { from: '1690000000.000000004', to: null },
    },
    overrides,
  );
}

export interface ScheduleIn {
  admin_key: KeyIn;
  consensus_timestamp: string;
  creator_account_id: string;
  deleted: boolean;
  executed_timestamp: Nullable<string>;
  expiration_time: Nullable<string>;
  memo: string;
  payer_account_id: string;
  schedule_id: string;
  signatures: readonly { consensus_timestamp: string; public_key_prefix: string; signature: string }[];
  transaction_body: string;
  wait_for_expiry: boolean;
  [extra: string]: JsonIn | undefined;
}

export function aSchedule(overrides?: Partial<ScheduleIn>): JsonDoc {
  return build<ScheduleIn>(
    {
      admin_key: null,
      consensus_timestamp: '1690000000.000000005',
      creator_account_id: '0.0.1001',
      deleted: false,
      executed_timestamp: null,
      expiration_time: null,
      memo: 'created by a builder',
      payer_account_id: '0.0.1001',
      schedule_id: '0.0.8000',
      signatures: [],
      transaction_body: 'Kd6tvu8=',
      wait_for_expiry: false,
    },
    overrides,
  );
}

// ---------------------------------------------------------------------------------------------
// Errors, records, hostile text

/** A mirror node error body: `{"_status":{"messages":[{"message": ...}]}}`. */
export function anErrorBody(...messages: string[]): JsonDoc {
  return new JsonDoc(toJsonText({ _status: { messages: messages.map(message => ({ message })) } }));
}

/** A record for MirrorReplay.addRecords. */
export function recordFor(url: string, body: JsonDoc, status = 200, source = 'builder'): ExtraRecord {
  return { url, status, bodyText: body.text, source };
}

/** The int64 edges, as exact bigints. */
export const INT64_MAX = 9223372036854775807n;
export const INT64_MIN = -9223372036854775808n;
/** The first integer a double cannot hold: 2^53 + 1. */
export const ABOVE_2_53 = 9007199254740993n;

/**
 * Text an attacker can put in a memo, a token name or an error message. A view that shows any of
 * these must show the characters, never act on them.
 */
export const hostileText = {
  markdownLink: '[click me](https://evil.example/phish) **bold** _it_ # heading',
  markdownImage: '![x](https://evil.example/track.png)',
  html: '<img src=x onerror="alert(1)"><script>alert(2)</script>',
  commandLink: '[run](command:workbench.action.terminal.new) command:ledgerLens.refresh?%5B%22x%22%5D',
  bidi: 'safe\u202Etxt.exe\u202C and \u2066isolated\u2069',
  backticks: '``` code fence ``` and `inline` ~~~',
  zeroWidth: 'a\u200Bb\u200Cc\u200Dd\uFEFF',
  newlines: 'line one\nline two\r\n| table | cell |',
  entities: '&lt;b&gt; &amp; &#x3C;script&#x3E;',
  quotes: `"double" 'single' \\backslash`,
  long: 'L'.repeat(100_000),
} as const;

export type HostileSample = keyof typeof hostileText;

/** Every hostile sample, for a loop over all of them. */
export function hostileSamples(): readonly [HostileSample, string][] {
  return Object.entries(hostileText) as [HostileSample, string][];
}

/** For `memo_base64` and other base64 fields. */
export function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}
