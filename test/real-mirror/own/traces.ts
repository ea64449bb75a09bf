// Call traces for the real server, as contract_action rows:
//   - `actions-spec`: the server's own /actions spec data (no-params.json), whose two transactions
//     the spec types 11 (CRYPTOCREATEACCOUNT) although they carry contract results and actions.
//     Their type is made 7 (CONTRACTCALL), the one change, so the transaction panel asks for their
//     trace as it does for a contract call; /actions itself does not read the type.
//   - `vault-trace`: the sample workspace's MyToken and Vault run on a real EVM (test/support/
//     evmTraces.ts): a withdrawal that reverts inside MyToken. Every row is the EVM's own record,
//     turned into the table's columns (the inverse of the server's ContractActionViewModel).
import * as fs from 'fs';
import * as path from 'path';
import { evmTraces, type ContractActionRecord, type EvmScenario } from '../../support/evmTraces';

export const ACTIONS_SPEC = 'contracts/results/{id}/actions/no-params.json';

/** What the suite looks up in the spec's data. */
export const SPEC_TRACE = {
  transactionId: '0.0.5001-1676540001-234390005',
  actions: 2,
} as const;

export function actionsSpecSetup(_root: string, specsDir: string): Record<string, unknown> {
  const spec = JSON.parse(fs.readFileSync(path.join(specsDir, ACTIONS_SPEC), 'utf8')) as {
    setup: Record<string, unknown> & { transactions: Record<string, unknown>[] };
  };
  const transactions = spec.setup.transactions.map(t => ({ ...t, type: 7 }));
  return { ...spec.setup, transactions };
}

/** The EVM scenario the suite reads, by name. */
export const VAULT_TRACE_SCENARIO = 'withdrawAboveVaultBalance';

// The table's codes (the server's ContractActionViewModel and hedera protobufs, inverted).
const CALL_TYPES: Record<string, number> = { NO_ACTION: 0, CALL: 1, CREATE: 2, PRECOMPILE: 3, SYSTEM: 4 };
const OPERATIONS: Record<string, number> = {
  UNKNOWN: 0,
  CALL: 1,
  CALLCODE: 2,
  DELEGATECALL: 3,
  STATICCALL: 4,
  CREATE: 5,
  CREATE2: 6,
};
const RESULT_TYPES: Record<string, number> = { OUTPUT: 11, REVERT_REASON: 12, ERROR: 13 };
const CONTRACT_REVERT_EXECUTED = 33;
const SUCCESS = 22;

const num = (id: string): number => Number(id.split('.')[2]);
const ns = (timestamp: string): string => {
  const [seconds, nanos = '0'] = timestamp.split('.');
  return `${seconds}${nanos.padEnd(9, '0')}`;
};

function actionRow(a: ContractActionRecord, consensusNs: string, payer: number): Record<string, unknown> {
  const code = (table: Record<string, number>, word: string, what: string): number => {
    const value = table[word];
    if (value === undefined) throw new Error(`no table code for ${what} ${word}`);
    return value;
  };
  const toAccount = a.recipient_type === 'ACCOUNT';
  return {
    call_depth: a.call_depth,
    call_type: code(CALL_TYPES, a.call_type, 'call type'),
    call_operation_type: code(OPERATIONS, a.call_operation_type, 'operation'),
    caller: num(a.caller),
    caller_type: a.caller_type,
    consensus_timestamp: consensusNs,
    gas: a.gas,
    gas_used: a.gas_used,
    index: a.index,
    input: a.input ?? null,
    payer_account_id: payer,
    recipient_account: a.recipient && toAccount ? num(a.recipient) : null,
    recipient_contract: a.recipient && !toAccount ? num(a.recipient) : null,
    recipient_address: a.recipient ? null : (a.to ?? null),
    result_data: a.result_data ?? null,
    result_data_type: code(RESULT_TYPES, a.result_data_type, 'result data type'),
    value: a.value,
  };
}

function scenarioSetup(s: EvmScenario, payer: number): Record<string, unknown> {
  const consensusNs = ns(s.timestamp);
  const [, validStartSeconds = '0', validStartNanos = '0'] = s.transactionId.split('-');
  const r = s.contractResult;
  const failed = r.status === '0x0';
  return {
    transactions: [
      {
        consensus_timestamp: consensusNs,
        valid_start_timestamp: `${validStartSeconds}${validStartNanos.padStart(9, '0')}`,
        payerAccountId: `0.0.${payer}`,
        nodeAccountId: '0.0.3',
        entity_id: r.contract_id,
        type: 7, // CONTRACTCALL
        result: failed ? CONTRACT_REVERT_EXECUTED : SUCCESS,
        transaction_hash: r.hash.slice(0, 2) + r.hash.slice(2).padEnd(96, '0'),
      },
    ],
    contractresults: [
      {
        amount: r.amount,
        consensus_timestamp: consensusNs,
        contract_id: num(r.contract_id),
        function_parameters: r.function_parameters,
        call_result: r.call_result === '0x' ? null : r.call_result,
        error_message: r.error_message ?? '',
        gas_consumed: r.gas_consumed,
        gas_limit: r.gas_limit,
        gas_used: r.gas_used,
        payer_account_id: payer,
        sender_id: payer,
        transaction_hash: r.hash,
        transaction_index: r.transaction_index,
        transaction_nonce: 0,
        transaction_result: failed ? CONTRACT_REVERT_EXECUTED : SUCCESS,
      },
    ],
    contractactions: s.actions.map(a => actionRow(a, consensusNs, payer)),
  };
}

export async function vaultTraceSetup(): Promise<Record<string, unknown>> {
  const traces = await evmTraces();
  const scenario = traces.byName[VAULT_TRACE_SCENARIO];
  const payer = num(scenario.transactionId.split('-')[0] ?? '0.0.1001');
  const parts = scenarioSetup(scenario, payer);
  return {
    ...parts,
    contracts: scenario.contracts.map(c => ({
      num: num(c.contract_id),
      evm_address: null,
      created_timestamp: '1700000100000000000',
      timestamp_range: '[1700000100000000000,)',
      runtime_bytecode: c.runtime_bytecode,
      memo: `${c.contract_id} of the sample workspace, run on a real EVM`,
    })),
  };
}
