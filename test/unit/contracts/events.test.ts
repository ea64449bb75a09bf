// A contract results row's detail, over the loopback replay: the result fetched once by contract
// and timestamp (the list carries no logs), the contract's bytecode matched to MyToken's artifact,
// each log decoded (or raw, with its topics and data), ERC-20 amounts in the units of the HTS token
// that emitted them, and a failure said in the server's words, asked again next time.
import * as assert from 'assert';
import { encodeAbiParameters, encodeErrorResult, encodeEventTopics, encodeFunctionData } from 'viem';
import { RowDetails } from '../../../src/features/contracts/events';
import { toRow } from '../../../src/features/contracts/rows';
import { TokenMetadata, createMirrorClient, type MirrorClient } from '../../../src/mirror';
import type { ContractResultDetailText, ContractResultRow } from '../../../webview/protocol';
import {
  aContract,
  aContractResult,
  aContractResultsBody,
  aToken,
  anErrorBody,
  JsonDoc,
  recordFor,
  toJsonText,
} from '../../support/builders';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';
import { MY_TOKEN, abiOf, indexOf, longZero, readJson } from '../abi/helpers';

const CONTRACT = longZero(5025);
const TOKEN = longZero(5005);
const ALICE = longZero(1234);
const T1 = '1700000700.000000001';
const HASH = '0x' + '7c'.repeat(32);
const LIST = '/api/v1/contracts/results?from=0.0.1001';
const REVERTED = '0x' + '7d'.repeat(32);

function transferLog(address: string, value: bigint, index: number) {
  return {
    address,
    bloom: '0x',
    contract_id: null,
    data: encodeAbiParameters([{ type: 'uint256' }], [value]),
    index,
    topics: encodeEventTopics({
      abi: abiOf(MY_TOKEN),
      eventName: 'Transfer',
      args: { from: longZero(1001), to: ALICE },
    }),
  };
}

const unknownLog = { address: CONTRACT, bloom: '0x', data: '0x1234', index: 2, topics: ['0x' + 'ee'.repeat(32)] };

function loaded(d: ContractResultDetailText): Extract<ContractResultDetailText, { status: 'loaded' }> {
  assert.strictEqual(d.status, 'loaded', JSON.stringify(d));
  return d;
}

describe('contracts/events: a row’s detail with its logs', () => {
  let replay: MirrorReplay;
  let client: MirrorClient;
  let rows: ContractResultRow[];
  const index = indexOf(MY_TOKEN);

  before(async () => {
    const transfer = encodeFunctionData({ abi: abiOf(MY_TOKEN), functionName: 'transfer', args: [ALICE, 150000n] });
    replay = await startMirrorReplay({ port: 0 });
    replay.addRecords([
      recordFor(
        LIST,
        aContractResultsBody([
          aContractResult({ timestamp: T1, function_parameters: transfer }),
          aContractResult({ timestamp: '1700000700.000000002', contract_id: null, hash: HASH }),
        ]),
      ),
      recordFor(
        `/api/v1/contracts/0.0.5025/results/${T1}`,
        aContractResult({
          timestamp: T1,
          function_parameters: transfer,
          call_result: `0x${'1'.padStart(64, '0')}`,
          logs: [transferLog(CONTRACT, 1500n, 0), transferLog(TOKEN, 150000n, 1), unknownLog],
        }),
      ),
      recordFor(
        '/api/v1/contracts/0.0.5025',
        aContract({ runtime_bytecode: readJson(MY_TOKEN).deployedBytecode as string }),
      ),
      recordFor('/api/v1/tokens/0.0.5005', aToken({ token_id: '0.0.5005', decimals: '2', symbol: 'MTK' })),
      recordFor(`/api/v1/contracts/results/${HASH}`, anErrorBody('The database is resting'), 503),
      recordFor(
        `/api/v1/contracts/results/${REVERTED}`,
        new JsonDoc(
          toJsonText({
            _status: {
              messages: [
                {
                  message: 'CONTRACT_REVERT_EXECUTED',
                  detail: 'the call reverted',
                  data: encodeErrorResult({
                    abi: abiOf(MY_TOKEN),
                    errorName: 'InsufficientBalance',
                    args: [ALICE, 5n, 7n],
                  }),
                },
              ],
            },
          }),
        ),
        400,
      ),
    ]);
    client = createMirrorClient({ baseUrl: replay.url, retries: 0 });
    const page = await client.listContractResults({ from: '0.0.1001' });
    rows = page.results.map((r, i) => toRow(r, `r${i}`, index));
  });

  after(async () => {
    client.dispose();
    await replay.close();
  });

  function details(): RowDetails {
    // A fresh client each time: the client's own max-age cache must not hide the requests counted.
    client.dispose();
    client = createMirrorClient({ baseUrl: replay.url, retries: 0 });
    const tokens = new TokenMetadata({ getToken: (id, o) => client.getToken(id, o) });
    return new RowDetails({ client: () => client, abi: index, tokens: () => tokens, networkLabel: () => 'testnet' });
  }

  it('decodes the call with the matched artifact and every log, amounts in their token’s units', async () => {
    const d = loaded(await details().detail(rows[0]));
    assert.ok(d.call);
    assert.match(d.call.contract ?? '', /^MyToken, contracts\/MyToken\.sol/);
    // 0.0.5025 is a contract, not a token (its metadata is a 404): raw units, labelled.
    assert.strictEqual(d.call.call, 'transfer(to: 0.0.1234, amount: 150,000 (raw units))');
    assert.strictEqual(d.call.outcome, 'true');
    assert.deepStrictEqual(
      d.events.map(e => [e.index, e.name, e.addressId]),
      [
        [0, 'Transfer', '0.0.5025'],
        [1, 'Transfer', '0.0.5005'],
        [2, null, '0.0.5025'],
      ],
    );
    assert.deepStrictEqual(d.events[0].args, [
      { name: 'from', type: 'address', indexed: true, value: '0.0.1001' },
      { name: 'to', type: 'address', indexed: true, value: '0.0.1234' },
      { name: 'value', type: 'uint256', indexed: false, value: '1,500 (raw units)' },
    ]);
    // Emitted by the HTS token 0.0.5005: its decimals and symbol.
    assert.strictEqual(d.events[1].summary, 'Transfer(from: 0.0.1001, to: 0.0.1234, value: 1,500.00 MTK)');
    assert.strictEqual(d.events[1].args[2].value, '1,500.00 MTK');
    assert.match(d.events[0].contract ?? '', /^MyToken/);
    // The token speaks ERC-20 at its long-zero address (HIP-218): decoded with the built-in ERC-20,
    // not credited to the first workspace ABI that has a Transfer.
    assert.match(d.events[1].contract ?? '', /^ERC-20 \(built in/);
    // An unknown topic0: raw topics and data, and why.
    assert.deepStrictEqual(d.events[2].topics, unknownLog.topics);
    assert.strictEqual(d.events[2].data, '0x1234');
    assert.match(d.events[2].summary, /no known event has the topic 0xeeee/);
  });

  it('fetches a row’s result once, however often it is opened', async () => {
    const rowDetails = details();
    replay.resetRequests();
    const [a, b] = await Promise.all([rowDetails.detail(rows[0]), rowDetails.detail(rows[0])]);
    await rowDetails.detail(rows[0]);
    assert.deepStrictEqual(a, b);
    const asked = replay.requests.filter(r => r.url.includes(`/results/${T1}`));
    assert.strictEqual(asked.length, 1);
  });

  it('a row without a contract id is asked by hash; a failure says the server’s words and is retried', async () => {
    const rowDetails = details();
    replay.resetRequests();
    const d = await rowDetails.detail(rows[1]);
    assert.strictEqual(d.status, 'failed');
    assert.match(d.status === 'failed' ? d.message : '', /The database is resting/);
    await rowDetails.detail(rows[1]);
    assert.strictEqual(replay.requests.filter(r => r.url.endsWith(`/contracts/results/${HASH}`)).length, 2);
  });

  it('revert data in a failure body is read with the ABIs: the custom error by name, beside the words', async () => {
    const row: ContractResultRow = { ...rows[1], hash: REVERTED };
    const d = await details().detail(row);
    assert.strictEqual(d.status, 'failed');
    const message = d.status === 'failed' ? d.message : '';
    assert.match(message, /CONTRACT_REVERT_EXECUTED — the call reverted/);
    assert.match(message, /reverted: InsufficientBalance\(account: 0\.0\.1234, balance: 5, needed: 7\)/);
    const plain = await new RowDetails({ client: () => client, networkLabel: () => 'testnet' }).detail(row);
    assert.doesNotMatch(plain.status === 'failed' ? plain.message : '', /InsufficientBalance/);
  });

  it('without ABIs the logs are listed raw', async () => {
    const plain = new RowDetails({ client: () => client, networkLabel: () => 'testnet' });
    const d = loaded(await plain.detail(rows[0]));
    assert.strictEqual(d.call, null);
    assert.deepStrictEqual(
      d.events.map(e => [e.name, e.topics.length]),
      [
        [null, 3],
        [null, 3],
        [null, 1],
      ],
    );
  });
});
