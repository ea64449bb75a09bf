// One contract result with its logs, three ways: by transaction id (and the nonce of a child
// record), by Ethereum hash, and by contract and consensus timestamp (what a list row gives);
// a bad timestamp or nonce is refused before any request.
import * as assert from 'assert';
import { MirrorInputError, createMirrorClient, type MirrorClient } from '../../../src/mirror';
import { aContractResult, recordFor } from '../../support/builders';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';

const TX = '0.0.1001-1700000900-000000000';
const HASH = '0x' + '3d'.repeat(32);

describe('mirror client: the contract result of one transaction', () => {
  let replay: MirrorReplay;
  let client: MirrorClient;

  before(async () => {
    replay = await startMirrorReplay({ port: 0 });
    replay.addRecords([
      recordFor(`/api/v1/contracts/results/${TX}`, aContractResult({ timestamp: '1700000900.000000001' })),
      recordFor(`/api/v1/contracts/results/${TX}?nonce=2`, aContractResult({ timestamp: '1700000900.000000003' })),
      recordFor(`/api/v1/contracts/results/${HASH}`, aContractResult({ timestamp: '1700000900.000000004' })),
      recordFor(
        '/api/v1/contracts/0.0.5025/results/1700000900.000000005',
        aContractResult({ timestamp: '1700000900.000000005' }),
      ),
    ]);
    client = createMirrorClient({ baseUrl: replay.url, retries: 0 });
  });

  after(async () => {
    client.dispose();
    await replay.close();
  });

  it('by transaction id, by a child record’s nonce, by hash, by contract and timestamp', async () => {
    assert.strictEqual((await client.getContractResult(TX)).timestamp, '1700000900.000000001');
    assert.strictEqual((await client.getContractResult(TX, { nonce: 0 })).timestamp, '1700000900.000000001');
    assert.strictEqual((await client.getContractResult(TX, { nonce: 2 })).timestamp, '1700000900.000000003');
    assert.strictEqual((await client.getContractResult(HASH)).timestamp, '1700000900.000000004');
    const at = await client.getContractResult({ contract: '0.0.5025', timestamp: '1700000900.000000005' });
    assert.strictEqual(at.timestamp, '1700000900.000000005');
  });

  it('refuses a bad timestamp, contract or nonce before any request', async () => {
    replay.resetRequests();
    const refused = async (p: Promise<unknown>, parameter: string) =>
      assert.rejects(p, (e: unknown) => e instanceof MirrorInputError && e.message.includes(parameter));
    await refused(client.getContractResult({ contract: '0.0.5025', timestamp: '../../accounts' }), 'timestamp');
    await refused(client.getContractResult({ contract: 'x/../y', timestamp: '1700000900.1' }), 'contractIdOrAddress');
    await refused(client.getContractResult(TX, { nonce: -1 }), 'nonce');
    await refused(client.getContractResult(TX, { nonce: 1.5 }), 'nonce');
    assert.strictEqual(replay.requests.length, 0);
  });
});
