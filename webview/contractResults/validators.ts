// The contract results protocol checked on arrival in the browser. Each validator is declared with
// its protocol type, so the compiler keeps the two in step.
import type {
  ContractResultDetailText,
  ContractResultRow,
  DecodedEventText,
  ContractResultsFilters,
  ContractResultsPanelState,
  ContractResultsToWebview,
  FieldIssue,
  RevertReason,
} from '../protocol';
import { CONTRACT_RESULTS_FIELDS, contractResultsFiltersValidator, contractResultsStateValidator } from '../protocol';
import {
  array,
  bigintString,
  boolean,
  integer,
  literal,
  nullable,
  object,
  optional,
  string,
  tagged,
  type Validator,
} from '../shared/validate';
import { traceDetailValidator } from '../protocol/trace';

const str = nullable(string);
const big = nullable(bigintString);

export { unitValidator } from '../protocol';

export const filtersValidator: Validator<ContractResultsFilters> = contractResultsFiltersValidator(false);

export const stateValidator: Validator<ContractResultsPanelState> = contractResultsStateValidator(false);

const revert: Validator<RevertReason> = tagged<'kind', RevertReason>('kind', {
  error: object({ kind: literal('error'), reason: string }),
  panic: object({ kind: literal('panic'), code: bigintString, meaning: string }),
  custom: object({ kind: literal('custom'), selector: string }),
});

const callText = object({ call: string, outcome: str, contract: str });

const row: Validator<ContractResultRow> = object({
  key: string,
  timestamp: str,
  from: str,
  fromId: str,
  to: str,
  toId: str,
  contractId: str,
  result: str,
  status: str,
  amount: big,
  gasPrice: big,
  maxFeePerGas: big,
  maxPriorityFeePerGas: big,
  gasUsed: big,
  gasLimit: big,
  gasConsumed: big,
  blockGasUsed: big,
  blockNumber: big,
  blockHash: str,
  transactionIndex: big,
  hash: str,
  nonce: big,
  type: nullable(integer),
  v: nullable(integer),
  r: str,
  s: str,
  chainId: str,
  address: str,
  bloom: str,
  callResult: str,
  accessList: str,
  failedInitcode: str,
  functionParameters: str,
  selector: str,
  argumentWords: array(string),
  errorMessage: str,
  revert: nullable(revert),
  decoded: optional(nullable(callText)),
  createdContractIds: array(string),
  extra: array(object({ name: string, json: string })),
});

const eventText: Validator<DecodedEventText> = object({
  index: integer,
  address: str,
  addressId: str,
  name: str,
  summary: string,
  args: array(object({ name: string, type: string, indexed: boolean, value: string }), 1000),
  topics: array(string, 16),
  data: str,
  contract: str,
});

const detailText: Validator<ContractResultDetailText> = tagged<'status', ContractResultDetailText>('status', {
  loading: object({ status: literal('loading') }),
  failed: object({ status: literal('failed'), message: string }),
  loaded: object({
    status: literal('loaded'),
    call: nullable(callText),
    events: array(eventText, 10_000),
    trace: optional(traceDetailValidator),
  }),
});

const field: Validator<FieldIssue['field']> = literal(...CONTRACT_RESULTS_FIELDS);

export const toWebviewValidator: Validator<ContractResultsToWebview> = tagged<'type', ContractResultsToWebview>(
  'type',
  {
    filters: object({ type: literal('filters'), filters: filtersValidator }),
    loading: object({ type: literal('loading'), append: boolean }),
    rows: object({
      type: literal('rows'),
      rows: array(row, 1000),
      append: boolean,
      hasMore: boolean,
      network: string,
      hashscan: boolean,
    }),
    invalid: object({
      type: literal('invalid'),
      issues: array(object({ field, index: optional(integer), message: string })),
    }),
    failed: object({ type: literal('failed'), message: string, serverMessages: array(string), status: integer }),
    detail: object({ type: literal('detail'), key: string, detail: detailText }),
    copied: object({ type: literal('copied'), text: string }),
  },
);
