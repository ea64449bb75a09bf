// What the test mirror serves for an EVM-made scenario (test/support/evmTraces.ts): the transaction,
// its contract result, its actions, the contracts' code by id and by address, and its opcode trace
// (with stack and storage; and with memory too, as Load memory asks).
import { aContract, aTransaction, aTransactionsBody, recordFor } from './builders';
import { opcodesBodyText } from './evmOpcodes';
import { actionsPage, longZeroAddress, type EvmScenario } from './evmTraces';
import type { ExtraRecord } from './mirrorReplay';

/** The transaction, its result, its actions and the contracts' code. */
export function traceRecords(s: EvmScenario): ExtraRecord[] {
  const contract = s.contractResult.contract_id;
  const records: ExtraRecord[] = [
    recordFor(
      `/api/v1/transactions/${s.transactionId}`,
      aTransactionsBody(
        aTransaction({
          name: 'CONTRACTCALL',
          result: s.contractResult.status === '0x1' ? 'SUCCESS' : 'CONTRACT_REVERT_EXECUTED',
          transaction_id: s.transactionId,
          entity_id: contract,
          consensus_timestamp: s.timestamp,
        }),
      ),
    ),
    { url: `/api/v1/contracts/results/${s.transactionId}`, bodyText: JSON.stringify(s.contractResult) },
    {
      url: `/api/v1/contracts/results/${s.transactionId}/actions?limit=100&order=asc`,
      bodyText: JSON.stringify(actionsPage(s, 100)),
    },
  ];
  for (const c of s.contracts) {
    const body = aContract({
      contract_id: c.contract_id,
      evm_address: c.evm_address,
      runtime_bytecode: c.runtime_bytecode,
    });
    records.push(recordFor(`/api/v1/contracts/${c.contract_id}`, body));
    records.push(recordFor(`/api/v1/contracts/${longZeroAddress(c.contract_id)}`, body));
  }
  return records;
}

/** The transaction id as users paste it: `0.0.1001@1700000160.000000000` of `0.0.1001-1700000160-000000000`. */
export function sdkForm(transactionId: string): string {
  const [payer, seconds, nanos] = transactionId.split('-');
  return `${payer}@${seconds}.${nanos}`;
}

/** The path of the scenario's opcode trace as the debugger asks for it. */
export function opcodesPath(s: EvmScenario, memory = false): string {
  return `/api/v1/contracts/results/${s.transactionId}/opcodes?stack=true&memory=${memory}&storage=true`;
}

/** The opcode trace records: as first asked (no memory), and with memory. */
export function opcodesRecords(s: EvmScenario): ExtraRecord[] {
  return [false, true].map(memory => ({
    url: opcodesPath(s, memory),
    bodyText: opcodesBodyText(s, { stack: true, memory, storage: true }),
  }));
}

/** Everything the debugger reads of the scenario. */
export function debugRecords(s: EvmScenario): ExtraRecord[] {
  return [...traceRecords(s), ...opcodesRecords(s)];
}
