// The contract results panel's messages (src/features/contracts ↔ webview/contractResults), its
// value lists and the validators both sides share. int64 values travel as decimal strings.
import { PANEL_KINDS } from '../panelKinds';
import * as v from '../shared/validate';
import { type BigintString, ENTITY_ID, sized } from './common';
import { TRACE_SITE_KEY, type TraceDetail } from './trace';

export const CONTRACT_RESULTS_VIEW_TYPE = PANEL_KINDS.contractResults;

/** How monetary fields are shown: exact tinybars, exact weibars (×10^10), or tinybars read as ℏ. */
export const AMOUNT_UNITS = ['tinybar', 'weibar', 'hbar'] as const;
export type AmountUnit = (typeof AMOUNT_UNITS)[number];
export const unitValidator: v.Validator<AmountUnit> = v.literal(...AMOUNT_UNITS);

export const TIMESTAMP_OPERATORS = ['eq', 'gt', 'gte', 'lt', 'lte', 'ne'] as const;
export type TimestampOperator = (typeof TIMESTAMP_OPERATORS)[number];
export const operatorValidator: v.Validator<TimestampOperator> = v.literal(...TIMESTAMP_OPERATORS);

export interface TimestampFilter {
  readonly operator: TimestampOperator;
  /** seconds.nanoseconds or a date, as the user typed it (the host converts a date before sending). */
  readonly value: string;
}

/** The form's values; an empty string means "no filter". Named after the seed's parameters. */
export interface ContractResultsFilters {
  readonly from: string;
  readonly blockNumber: string;
  readonly blockHash: string;
  readonly timestamps: readonly TimestampFilter[];
  readonly transactionIndex: string;
  readonly internal: boolean;
  readonly order: 'asc' | 'desc';
  /** Rows per page as typed; empty means the service's default (25). */
  readonly limit: string;
}

/** The form fields a refusal can be shown beside: the parameters' names on the wire. */
export const CONTRACT_RESULTS_FIELDS = [
  'from',
  'block.number',
  'block.hash',
  'timestamp',
  'transaction.index',
  'internal',
  'order',
  'limit',
] as const;

export type ContractResultsField = (typeof CONTRACT_RESULTS_FIELDS)[number];

/** The form with no filter set: the service's defaults. */
export const EMPTY_CONTRACT_RESULTS_FILTERS: ContractResultsFilters = {
  from: '',
  blockNumber: '',
  blockHash: '',
  timestamps: [],
  transactionIndex: '',
  internal: false,
  order: 'desc',
  limit: '',
};

/** What identifies the panel: kept by the webview (setState) and handed to the serializer. */
export interface ContractResultsPanelState {
  readonly filters: ContractResultsFilters;
  readonly unit: AmountUnit;
}

/** A decoded call in words (see ContractResultRow.decoded). */
export interface DecodedCallText {
  readonly call: string;
  readonly outcome: string | null;
  readonly contract: string | null;
}

/** A Solidity revert reason read from `error_message`. */
export type RevertReason =
  | { readonly kind: 'error'; readonly reason: string }
  | { readonly kind: 'panic'; readonly code: BigintString; readonly meaning: string }
  | { readonly kind: 'custom'; readonly selector: string };

/**
 * One contract result. Monetary fields are tinybars (the panel converts locally), null when the
 * service gave none (`"0x"` or null). Hex fields are passed whole.
 */
export interface ContractResultRow {
  /** Unique among the loaded rows. */
  readonly key: string;
  readonly timestamp: string | null;
  readonly from: string | null;
  /** `0.0.x` when `from` is a long-zero address. */
  readonly fromId: string | null;
  readonly to: string | null;
  readonly toId: string | null;
  readonly contractId: string | null;
  readonly result: string | null;
  readonly status: string | null;
  readonly amount: BigintString | null;
  readonly gasPrice: BigintString | null;
  readonly maxFeePerGas: BigintString | null;
  readonly maxPriorityFeePerGas: BigintString | null;
  readonly gasUsed: BigintString | null;
  readonly gasLimit: BigintString | null;
  readonly gasConsumed: BigintString | null;
  readonly blockGasUsed: BigintString | null;
  readonly blockNumber: BigintString | null;
  readonly blockHash: string | null;
  readonly transactionIndex: BigintString | null;
  readonly hash: string | null;
  readonly nonce: BigintString | null;
  readonly type: number | null;
  readonly v: number | null;
  readonly r: string | null;
  readonly s: string | null;
  readonly chainId: string | null;
  readonly address: string | null;
  readonly bloom: string | null;
  readonly callResult: string | null;
  readonly accessList: string | null;
  readonly failedInitcode: string | null;
  readonly functionParameters: string | null;
  /** The 4-byte function selector split out of function_parameters, and the 32-byte words after it. */
  readonly selector: string | null;
  readonly argumentWords: readonly string[];
  readonly errorMessage: string | null;
  readonly revert: RevertReason | null;
  /** The call decoded with the known ABIs (src/abi) as plain text: call, outputs or revert, contract. */
  readonly decoded?: DecodedCallText | null;
  readonly createdContractIds: readonly string[];
  /** Fields this panel does not know by name, as JSON text (e.g. authorization_list). */
  readonly extra: readonly { readonly name: string; readonly json: string }[];
}

/** One log of a contract result, decoded with the known ABIs (plain text, shown as text). */
export interface DecodedEventText {
  /** The log's index in the result. */
  readonly index: number;
  /** The emitter's EVM address, and its `0.0.x` when long-zero. */
  readonly address: string | null;
  readonly addressId: string | null;
  /** The event's name; null when the log stayed raw (unknown topic0, bad data). */
  readonly name: string | null;
  /** `Transfer(from: 0.0.1001, to: 0.0.1234, value: 1,500.00 MTK)`, or why it stayed raw. */
  readonly summary: string;
  /** Each argument: name, type, whether it came from a topic, the value in words. */
  readonly args: readonly {
    readonly name: string;
    readonly type: string;
    readonly indexed: boolean;
    readonly value: string;
  }[];
  /** The raw log, when it was not decoded. */
  readonly topics: readonly string[];
  readonly data: string | null;
  /** The ABI that decoded it (`MyToken, contracts/MyToken.sol (…)` or a built-in interface). */
  readonly contract: string | null;
}

/** The detail of one row, fetched when it is opened (GET /contracts/…/results/…, with the logs). */
export type ContractResultDetailText =
  | { readonly status: 'loading' }
  | { readonly status: 'failed'; readonly message: string }
  | {
      readonly status: 'loaded';
      /** The call decoded again with the contract's runtime bytecode (a workspace artifact's name). */
      readonly call: DecodedCallText | null;
      readonly events: readonly DecodedEventText[];
      /** The call trace (GET /contracts/results/{id}/actions): asked with the detail, it may come later. */
      readonly trace?: TraceDetail;
    };

export interface FieldIssue {
  readonly field: ContractResultsField;
  /** For `timestamp`: which of the filters' timestamps (0-based) the issue is about. */
  readonly index?: number;
  readonly message: string;
}

export type ContractResultsToWebview =
  /** The host replaced the filters (the panel was opened again from elsewhere). */
  | { readonly type: 'filters'; readonly filters: ContractResultsFilters }
  | { readonly type: 'loading'; readonly append: boolean }
  | {
      readonly type: 'rows';
      readonly rows: readonly ContractResultRow[];
      /** true: add after the loaded rows (Load more); false: replace them. */
      readonly append: boolean;
      readonly hasMore: boolean;
      readonly network: string;
      readonly hashscan: boolean; // HashScan can have these ids' pages (else ids are plain text)
    }
  /** Refused before any request: each issue names the field and the rule it breaks. */
  | { readonly type: 'invalid'; readonly issues: readonly FieldIssue[] }
  /** A request failed: `serverMessages` are the service's own words. */
  | {
      readonly type: 'failed';
      readonly message: string;
      readonly serverMessages: readonly string[];
      readonly status: number;
    }
  /** The detail of the row `key` (its events): loading, failed or loaded. */
  | { readonly type: 'detail'; readonly key: string; readonly detail: ContractResultDetailText }
  /** The clipboard took `text` (the page's copy control says "Copied" on this answer only). */
  | { readonly type: 'copied'; readonly text: string };

export type ContractResultsToHost =
  /** The webview is listening; `filters` are the ones it shows (restored from its state). */
  | { readonly type: 'ready'; readonly filters: ContractResultsFilters }
  | { readonly type: 'search'; readonly filters: ContractResultsFilters }
  | { readonly type: 'loadMore' }
  | { readonly type: 'retry' }
  | { readonly type: 'copy'; readonly text: string }
  | { readonly type: 'openEntity'; readonly kind: 'account' | 'contract'; readonly id: string }
  /** A row's detail was opened: fetch its events (once; the host keeps them). */
  | { readonly type: 'detail'; readonly key: string }
  /** A call trace's revert site link: the key the host issued for it. */
  | { readonly type: 'openSite'; readonly key: string }
  /** A row detail's call trace "Debug": the debugger on that row's transaction (the host knows which). */
  | { readonly type: 'debug'; readonly key: string };

// What the host accepts (`strict`) and the page checks: the saved state and what the page sends.

function filtersShape(strict: boolean) {
  return {
    from: sized(strict, 0, 200),
    blockNumber: sized(strict, 0, 200),
    blockHash: sized(strict, 0, 200),
    timestamps: v.array(v.object({ operator: operatorValidator, value: sized(strict, 0, 64) }), 20),
    transactionIndex: sized(strict, 0, 64),
    internal: v.boolean,
    order: v.literal('asc', 'desc'),
    limit: sized(strict, 0, 32),
  };
}

export function contractResultsFiltersValidator(strict: boolean): v.Validator<ContractResultsFilters> {
  return v.object(filtersShape(strict));
}

export function contractResultsStateValidator(strict: boolean): v.Validator<ContractResultsPanelState> {
  return v.object({ filters: contractResultsFiltersValidator(strict), unit: unitValidator });
}

/** The filters another feature (or a command argument) opens the panel with: any subset, no other key. */
export const contractResultsFilterInitValidator = v.strictObject(v.partial(filtersShape(true)));

/** What the host accepts from the contract results page. */
export const contractResultsToHostValidator = v.tagged<'type', ContractResultsToHost>('type', {
  ready: v.object({ type: v.literal('ready'), filters: contractResultsFiltersValidator(true) }),
  search: v.object({ type: v.literal('search'), filters: contractResultsFiltersValidator(true) }),
  loadMore: v.object({ type: v.literal('loadMore') }),
  retry: v.object({ type: v.literal('retry') }),
  copy: v.object({ type: v.literal('copy'), text: v.text(0, 100_000) }),
  openEntity: v.object({
    type: v.literal('openEntity'),
    kind: v.literal('account', 'contract'),
    id: v.pattern(ENTITY_ID),
  }),
  detail: v.object({ type: v.literal('detail'), key: v.text(0, 100) }),
  openSite: v.object({ type: v.literal('openSite'), key: v.pattern(TRACE_SITE_KEY) }),
  // The row's key only: the host finds the row's transaction and network itself.
  debug: v.strictObject({ type: v.literal('debug'), key: v.text(0, 100) }),
});
