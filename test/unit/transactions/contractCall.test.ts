// The transaction panel's Call and Events sections, over the loopback replay: a contract call's
// result fetched once, its ERC-20 amount in the units of the HTS token it was sent to, and its
// child records (nonce > 0: the system-contract calls the contract made) decoded too, each from
// `GET /contracts/results/{id}?nonce=n`; a child without a contract result shows nothing.
import * as assert from 'assert';
import { encodeFunctionData, parseAbi } from 'viem';
import {
  ContractCallCache,
  contractSectionsFor,
  isContractTransaction,
} from '../../../src/features/transactions/contractCall';
import { TokenMetadata, createMirrorClient, type MirrorClient, type Transaction } from '../../../src/mirror';
import type { DetailSection } from '../../../webview/protocol';
import { aContractResult, aToken, aTransaction, aTransactionsBody, recordFor } from '../../support/builders';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';
import { MY_TOKEN, abiOf, indexOf, longZero } from '../abi/helpers';

const TX = '0.0.1001-1700000800-000000000';
type Hex = `0x${string}`;
const TOKEN = longZero(5005) as Hex;
const ALICE = longZero(1234) as Hex;
const HTS = longZero(0x167);

const hts = parseAbi([
  'function transferToken(address token, address sender, address recipient, int64 amount) returns (int64 responseCode)',
]);

describe('transactions/contractCall: decoded sections, child records included', () => {
  let replay: MirrorReplay;
  let client: MirrorClient;
  let transactions: Transaction[];
  const index = indexOf(MY_TOKEN);

  before(async () => {
    replay = await startMirrorReplay({ port: 0 });
    const tx = (nonce: number, name: string) =>
      aTransaction({ name, transaction_id: TX, nonce, consensus_timestamp: `1700000800.00000000${nonce + 1}` });
    replay.addRecords([
      recordFor(
        `/api/v1/transactions/${TX}`,
        aTransactionsBody(tx(0, 'CONTRACTCALL'), tx(1, 'CRYPTOTRANSFER'), tx(2, 'CRYPTOCREATEACCOUNT')),
      ),
      recordFor(
        `/api/v1/contracts/results/${TX}`,
        aContractResult({
          to: TOKEN,
          contract_id: '0.0.5005',
          function_parameters: encodeFunctionData({
            abi: abiOf(MY_TOKEN),
            functionName: 'transfer',
            args: [ALICE, 150000n],
          }),
          call_result: `0x${'1'.padStart(64, '0')}`,
          logs: [],
        }),
      ),
      recordFor(
        `/api/v1/contracts/results/${TX}?nonce=1`,
        aContractResult({
          to: HTS,
          contract_id: '0.0.359',
          function_parameters: encodeFunctionData({
            abi: hts,
            functionName: 'transferToken',
            args: [TOKEN, longZero(1001) as Hex, ALICE, 25n],
          }),
          call_result: `0x${'16'.padStart(64, '0')}`,
          logs: [],
        }),
      ),
      recordFor('/api/v1/tokens/0.0.5005', aToken({ token_id: '0.0.5005', decimals: '2', symbol: 'MTK' })),
    ]);
    client = createMirrorClient({ baseUrl: replay.url, retries: 0 });
    transactions = (await client.getTransaction(TX)).transactions;
  });

  after(async () => {
    client.dispose();
    await replay.close();
  });

  it('a child record of a contract call has a contract result to decode; of a transfer, not', () => {
    const [parent, child] = transactions;
    assert.strictEqual(isContractTransaction(parent, transactions), true);
    assert.strictEqual(isContractTransaction(child, transactions), true);
    assert.strictEqual(isContractTransaction(child, [child]), false, 'no contract parent among the siblings');
    const plain = { ...parent, name: 'CRYPTOTRANSFER' };
    assert.strictEqual(isContractTransaction({ ...child }, [plain, child]), false);
  });

  async function sections(t: Transaction, cache: ContractCallCache, tokens: TokenMetadata): Promise<DetailSection[]> {
    let loaded!: () => void;
    const done = new Promise<void>(resolve => (loaded = resolve));
    const request = {
      abi: index,
      cache,
      transaction: t,
      siblings: transactions,
      id: `t${String(t.nonce)}`,
      network: 'testnet',
      selectedNetwork: 'testnet',
      client: () => client,
      tokens: () => tokens,
      onLoaded: () => loaded(),
    };
    const first = contractSectionsFor(request);
    assert.match(JSON.stringify(first), /loading…/);
    await done;
    return contractSectionsFor(request);
  }

  it('the parent: the ERC-20 amount in the units of the HTS token it was sent to', async () => {
    const tokens = new TokenMetadata({ getToken: (id, o) => client.getToken(id, o) });
    const [call] = await sections(transactions[0], new ContractCallCache(), tokens);
    const text = JSON.stringify(call);
    assert.match(text, /transfer\(address,uint256\)/);
    assert.match(text, /amount \(uint256\): 1,500\.00 MTK = 150000 in the token's smallest unit/);
  });

  it('a child record: the system-contract call the contract made, asked with its nonce', async () => {
    const tokens = new TokenMetadata({ getToken: (id, o) => client.getToken(id, o) });
    replay.resetRequests();
    const [call, events] = await sections(transactions[1], new ContractCallCache(), tokens);
    assert.ok(replay.requests.some(r => r.url.endsWith(`/contracts/results/${TX}?nonce=1`)));
    const text = JSON.stringify(call);
    assert.match(text, /IHederaTokenService|token service/i);
    assert.match(text, /transferToken\(address,address,address,int64\)/);
    assert.match(text, /token \(address\): 0\.0\.5005/);
    // The amount in the units of the token the call names.
    assert.match(text, /amount \(int64\): 0\.25 MTK = 25 in the token's smallest unit/);
    assert.match(text, /"Outputs","value":"\(responseCode: 22\)"/);
    assert.strictEqual(events.title, 'Events');
  });

  it('a child record the mirror node has no contract result for shows no section', async () => {
    const tokens = new TokenMetadata({ getToken: (id, o) => client.getToken(id, o) });
    assert.deepStrictEqual(await sections(transactions[2], new ContractCallCache(), tokens), []);
  });
});
