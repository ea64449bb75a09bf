// Our own data for the real server (not a spec of its own, not a recording): MyToken of the sample
// workspace (test/workspace/hardhat-sample) deployed as contract 0.0.5025 with the artifact's runtime
// bytecode, one transfer() call to it and the two logs that call emits, a Transfer and a Memo. The
// calldata, result, topics and data are encoded with viem from the artifact's ABI when the set is
// loaded (topic0 is the keccak of the event's signature), so they always match the artifact the
// extension indexes. The rows are in the `setup` format of the server's spec files.
import * as fs from 'fs';
import * as path from 'path';
import { encodeAbiParameters, encodeEventTopics, encodeFunctionData, stringToHex, type Abi, type Hex } from 'viem';

export const MY_TOKEN_ARTIFACT = path.join(
  'test',
  'workspace',
  'hardhat-sample',
  'artifacts',
  'contracts',
  'MyToken.sol',
  'MyToken.json',
);

/** What the suite looks up and expects (ids as the server spells them). */
export const MY_TOKEN_CALL = {
  contract: '0.0.5025',
  contractAddress: '0x00000000000000000000000000000000000013a1',
  /** The payer and sender: 0.0.1001, long-zero 0x…03e9. */
  payer: '0.0.1001',
  to: '0x00000000000000000000000000000000000004d2',
  amount: 1500n,
  memo: 'lunch, split 3 ways',
  /** The Memo's bytes32 tag, as text (right-padded with zero bytes). */
  tag: 'LL-17',
  transactionId: '0.0.1001-1700000500-000000000',
  consensusTimestamp: '1700000500.000000001',
  block: 4242,
} as const;

const FROM = '0x00000000000000000000000000000000000003e9';
const CONSENSUS_NS = '1700000500000000001';
const VALID_START_NS = '1700000500000000000';
/** The call's Ethereum-style hash (32 bytes) and its Hedera transaction hash (48 bytes). */
const ETH_HASH = `0x${'17a5'.repeat(16)}`;
const TX_HASH = `0x${'5a17'.repeat(24)}`;

function artifact(root: string): { abi: Abi; deployedBytecode: Hex } {
  const file = path.join(root, MY_TOKEN_ARTIFACT);
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { abi?: Abi; deployedBytecode?: Hex };
  if (!parsed.abi || !parsed.deployedBytecode?.startsWith('0x')) throw new Error(`${file}: no abi or deployedBytecode`);
  return { abi: parsed.abi, deployedBytecode: parsed.deployedBytecode };
}

/** A topic of an event whose indexed arguments are all given: one value. */
function single(topic: Hex | Hex[] | null | undefined): Hex | null {
  if (Array.isArray(topic)) throw new Error('a topic with several values');
  return topic ?? null;
}

/** A contract_log row: topics beyond those the event has are null (the loader's defaults are not). */
function log(index: number, topics: readonly (Hex | Hex[] | null)[], data: Hex): Record<string, unknown> {
  return {
    consensus_timestamp: CONSENSUS_NS,
    contract_id: 5025,
    root_contract_id: 5025,
    payer_account_id: 1001,
    index,
    ...Object.fromEntries([0, 1, 2, 3].map(i => [`topic${i}`, single(topics[i])])),
    data,
    bloom: '0x00',
    transaction_hash: ETH_HASH,
    transaction_index: 3,
  };
}

/** The setup (spec-file format) of contract 0.0.5025, its transfer() call and its logs (`root`: the project's). */
export function myTokenSetup(root: string): Record<string, unknown> {
  const { abi, deployedBytecode } = artifact(root);
  const c = MY_TOKEN_CALL;
  const transfer = encodeEventTopics({ abi, eventName: 'Transfer', args: { from: FROM, to: c.to } });
  const memo = encodeEventTopics({ abi, eventName: 'Memo', args: { from: FROM } });
  return {
    contracts: [
      {
        num: 5025,
        evm_address: null,
        created_timestamp: '1700000400000000000',
        timestamp_range: '[1700000400000000000,)',
        runtime_bytecode: deployedBytecode,
        memo: 'MyToken of the sample workspace',
      },
    ],
    transactions: [
      {
        consensus_timestamp: CONSENSUS_NS,
        valid_start_timestamp: VALID_START_NS,
        payerAccountId: c.payer,
        nodeAccountId: '0.0.3',
        entity_id: c.contract,
        type: 7, // CONTRACTCALL
        transaction_hash: TX_HASH,
      },
    ],
    contractresults: [
      {
        amount: 0,
        consensus_timestamp: CONSENSUS_NS,
        contract_id: 5025,
        function_parameters: encodeFunctionData({ abi, functionName: 'transfer', args: [c.to, c.amount] }),
        call_result: encodeAbiParameters([{ type: 'bool' }], [true]),
        gas_consumed: 34567,
        gas_limit: 100000,
        gas_used: 34567,
        payer_account_id: 1001,
        sender_id: 1001,
        transaction_hash: ETH_HASH,
        transaction_index: 3,
        transaction_nonce: 0,
        transaction_result: 22, // SUCCESS
      },
    ],
    contractlogs: [
      log(0, transfer, encodeAbiParameters([{ type: 'uint256' }], [c.amount])),
      log(
        1,
        memo,
        encodeAbiParameters([{ type: 'string' }, { type: 'bytes32' }], [c.memo, stringToHex(c.tag, { size: 32 })]),
      ),
    ],
    recordFiles: [
      {
        index: c.block,
        count: 1,
        consensus_start: '1700000500000000000',
        consensus_end: '1700000500000000009',
        hash: `${'4242'.repeat(24)}`,
        prev_hash: `${'4141'.repeat(24)}`,
        name: '2023-11-14T22_15_00.000000000Z.rcd',
        gas_used: 34567,
      },
    ],
  };
}
