// The form's filters as the mirror client's parameters, and their validation. The rules are the
// client's own (contractResultsQuery, which refuses with MirrorInputError before any request): the
// form only maps each refused parameter back to the field it is shown beside.
import { MirrorInputError } from '../../mirror/errors';
import { contractResultsQuery, type ContractResultsParams } from '../../mirror/params';
import type {
  ContractResultsField,
  ContractResultsFilters,
  FieldIssue,
  TimestampFilter,
} from '../../../webview/protocol';
import { CONTRACT_RESULTS_FIELDS, EMPTY_CONTRACT_RESULTS_FILTERS } from '../../../webview/protocol';
import { parseTimestampInput } from '../../present/timestampInput';

export const DEFAULT_LIMIT = 25;

export const EMPTY_FILTERS = EMPTY_CONTRACT_RESULTS_FILTERS;

/** What other features open the panel with; everything left out is the default. */
export type ContractResultsFilterInit = Partial<ContractResultsFilters>;

export function filtersWith(init: ContractResultsFilterInit = {}): ContractResultsFilters {
  return { ...EMPTY_FILTERS, ...init };
}

function timestampParam(t: TimestampFilter): string {
  const typed = t.value.trim();
  // A date goes out as the seconds.nanos it means; what is not a timestamp goes as typed, for the
  // client to refuse with its rule (validateFilters refuses it first, in the words of the grammar).
  const parsed = parseTimestampInput(typed);
  const value = parsed.ok ? parsed.timestamp : typed;
  // Without an operator the service reads equality; the plain form is what its own links use.
  return t.operator === 'eq' ? value : `${t.operator}:${value}`;
}

/** The timestamp filters that are not timestamps, each with its position among `f.timestamps`. */
export function timestampIssues(f: ContractResultsFilters): FieldIssue[] {
  const issues: FieldIssue[] = [];
  f.timestamps.forEach((t, index) => {
    if (t.value.trim() === '') return;
    const parsed = parseTimestampInput(t.value);
    if (!parsed.ok) issues.push({ field: 'timestamp', index, message: `Timestamp ${index + 1}: ${parsed.message}` });
  });
  return issues;
}

/**
 * The client parameters for the filters. Defaults are left out (the service applies them), so the
 * URL stays the one a user would write.
 */
export function filtersToParams(f: ContractResultsFilters): ContractResultsParams {
  const params: ContractResultsParams = {};
  const from = f.from.trim();
  if (from) params.from = from;
  const blockNumber = f.blockNumber.trim();
  if (blockNumber) params['block.number'] = blockNumber;
  const blockHash = f.blockHash.trim();
  if (blockHash) params['block.hash'] = blockHash;
  const timestamps = f.timestamps.filter(t => t.value.trim() !== '').map(timestampParam);
  if (timestamps.length === 1) params.timestamp = timestamps[0]!;
  else if (timestamps.length > 1) params.timestamp = timestamps;
  const index = f.transactionIndex.trim();
  if (index) params['transaction.index'] = index;
  if (f.internal) params.internal = true;
  if (f.order !== 'desc') params.order = f.order;
  const limit = f.limit.trim();
  // Number() of anything but an integer is not one, and the client refuses it with its rule.
  if (limit && Number(limit) !== DEFAULT_LIMIT) params.limit = Number(limit);
  return params;
}

const FIELDS: ReadonlySet<string> = new Set<ContractResultsField>(CONTRACT_RESULTS_FIELDS);

/** The issues of a MirrorInputError, each placed on the form field of its parameter. */
export function fieldIssues(error: MirrorInputError): FieldIssue[] {
  return error.issues.map(i => ({
    // A parameter the form has no field for can only come from a bug here: show it at the top.
    field: (FIELDS.has(i.parameter) ? i.parameter : 'from') as ContractResultsField,
    message: i.message,
  }));
}

/**
 * Validates the filters with the client's rules. Returns the parameters to request, or the issues
 * that refuse them (no request must be made then).
 */
export function validateFilters(
  f: ContractResultsFilters,
): { ok: true; params: ContractResultsParams } | { ok: false; issues: FieldIssue[] } {
  const own = timestampIssues(f);
  // The timestamps the grammar refused are left out of what the client checks, so each is told once.
  const params = filtersToParams(
    own.length === 0 ? f : { ...f, timestamps: f.timestamps.filter((_, i) => !own.some(o => o.index === i)) },
  );
  try {
    contractResultsQuery(params);
    return own.length === 0 ? { ok: true, params } : { ok: false, issues: own };
  } catch (e) {
    if (e instanceof MirrorInputError)
      return { ok: false, issues: [...own, ...fieldIssues(e), ...blockRuleIssues(params, e)] };
    throw e;
  }
}

const BLOCK_RULE_FIELDS = ['block.hash', 'block.number', 'transaction.index'] as const;

/**
 * The client checks how the block filters combine only once every value is well-formed (the
 * server's order). The form marks every field at once, so with other fields refused the
 * combination is checked here too, by the client, on the block filters alone, when none of them
 * is malformed itself.
 */
function blockRuleIssues(params: ContractResultsParams, refused: MirrorInputError): FieldIssue[] {
  if (refused.issues.some(i => (BLOCK_RULE_FIELDS as readonly string[]).includes(i.parameter))) return [];
  const block: ContractResultsParams = {};
  for (const k of BLOCK_RULE_FIELDS) if (params[k] !== undefined) Object.assign(block, { [k]: params[k] });
  try {
    contractResultsQuery(block);
    return [];
  } catch (e) {
    if (e instanceof MirrorInputError) return fieldIssues(e);
    throw e;
  }
}
