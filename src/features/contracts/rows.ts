// A validated contract result as the panel's row: int64 and hex quantities become exact decimal
// strings (bigint cannot cross postMessage), long-zero addresses get their 0.0.x, and the call data
// and revert are read. Pure: no vscode.
import { formatEntityId, hexToBigint, longZeroToEntityId } from '../../ledger';
import type { ContractResult } from '../../mirror/schemas';
import type { ContractResultRow, DecodedCallText } from '../../../webview/protocol';
import {
  callOptions,
  decodeContractResult,
  formatCallAnswer,
  formatResult,
  formatRevert,
  type AbiIndex,
  type DecodedContractResult,
} from '../../abi';
import { decodeRevert, splitCallData } from './decode';

/** The fields a row carries by name; anything else the service sends goes to `extra`. */
const KNOWN = new Set([
  'access_list',
  'address',
  'amount',
  'block_gas_used',
  'block_hash',
  'block_number',
  'bloom',
  'call_result',
  'chain_id',
  'contract_id',
  'created_contract_ids',
  'error_message',
  'failed_initcode',
  'from',
  'function_parameters',
  'gas_consumed',
  'gas_limit',
  'gas_price',
  'gas_used',
  'hash',
  'max_fee_per_gas',
  'max_priority_fee_per_gas',
  'nonce',
  'r',
  'result',
  's',
  'status',
  'timestamp',
  'to',
  'transaction_index',
  'type',
  'v',
]);

function int(v: bigint | null | undefined): string | null {
  return v === null || v === undefined ? null : v.toString();
}

function text(v: string | null | undefined): string | null {
  return v === null || v === undefined ? null : v;
}

/** A hex quantity in decimal; `"0x"` (the service's "none"), null and non-hex give null. */
export function hexQuantity(v: string | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  const n = hexToBigint(v);
  return n === undefined ? null : n.toString();
}

function idOfAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  const id = longZeroToEntityId(address);
  return id ? formatEntityId(id) : null;
}

function jsonText(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2) ?? 'null';
}

export function toRow(r: ContractResult, key: string, abi?: AbiIndex): ContractResultRow {
  const call = splitCallData(r.function_parameters);
  const extra = Object.entries(r as Record<string, unknown>)
    .filter(([name]) => !KNOWN.has(name))
    .map(([name, value]) => ({ name, json: jsonText(value) }));
  return {
    key,
    timestamp: text(r.timestamp),
    from: text(r.from),
    fromId: idOfAddress(r.from),
    to: text(r.to),
    toId: idOfAddress(r.to),
    contractId: text(r.contract_id),
    result: text(r.result),
    status: text(r.status),
    amount: int(r.amount),
    gasPrice: hexQuantity(r.gas_price),
    maxFeePerGas: hexQuantity(r.max_fee_per_gas),
    maxPriorityFeePerGas: hexQuantity(r.max_priority_fee_per_gas),
    gasUsed: int(r.gas_used),
    gasLimit: int(r.gas_limit),
    gasConsumed: int(r.gas_consumed),
    blockGasUsed: int(r.block_gas_used),
    blockNumber: int(r.block_number),
    blockHash: text(r.block_hash),
    transactionIndex: int(r.transaction_index),
    hash: text(r.hash),
    nonce: int(r.nonce),
    type: r.type ?? null,
    v: r.v ?? null,
    r: text(r.r),
    s: text(r.s),
    chainId: text(r.chain_id),
    address: text(r.address),
    bloom: text(r.bloom),
    callResult: text(r.call_result),
    accessList: text(r.access_list),
    failedInitcode: text(r.failed_initcode),
    functionParameters: text(r.function_parameters),
    selector: call.selector,
    argumentWords: call.words,
    errorMessage: text(r.error_message),
    revert: decodeRevert(r.error_message) ?? null,
    decoded: abi ? decodedText(abi, r) : null,
    createdContractIds: r.created_contract_ids ?? [],
    extra,
  };
}

/** The row's call in words, decoded with the known ABIs (by selector, or the system contract's address). */
export function decodedText(abi: AbiIndex, r: ContractResult): DecodedCallText | null {
  if (!r.function_parameters || r.function_parameters === '0x') return null;
  return decodedCallText(
    decodeContractResult(abi, {
      to: r.to ?? null,
      function_parameters: r.function_parameters,
      call_result: r.call_result ?? null,
      error_message: r.error_message ?? null,
      result: r.result ?? null,
    }),
  );
}

/** A decoded result's call, outcome and contract in words (token amounts in units when resolved). */
export function decodedCallText(decoded: DecodedContractResult): DecodedCallText | null {
  if (!decoded.call) return null;
  const outcome = decoded.revert
    ? `reverted: ${formatRevert(decoded.revert, { maxChars: 200 })}`
    : decoded.outputs
      ? formatResult(decoded.outputs, { maxChars: 200 })
      : null;
  return {
    call: formatCallAnswer(decoded.call, callOptions(decoded, { maxChars: 200 })),
    outcome,
    contract: decoded.contract ?? null,
  };
}
