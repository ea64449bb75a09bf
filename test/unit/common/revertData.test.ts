// A server error whose `data` is revert data is shown decoded beside `message` and `detail`, with
// the ABI decoder the feature layer hands to describeMirrorError (src/present never imports src/abi):
// Error(string), a custom error from a workspace artifact, and data that is not revert data (kept
// as hex). Revert data is encoded by viem's encoder, a different code path from the decoder.
import * as assert from 'assert';
import { encodeErrorResult } from 'viem';
import { MirrorError } from '../../../src/mirror';
import { describeMirrorError, isRevertData, serverMessageText } from '../../../src/present';
import { revertDataDecoder } from '../../../src/features/common/revertData';
import { MY_TOKEN, abiOf, indexOf } from '../abi/helpers';

const url = 'http://127.0.0.1/api/v1/contracts/call';
const entry = (data: string) => ({ message: 'CONTRACT_REVERT_EXECUTED', detail: 'execution reverted', data });
const failure = (data: string) =>
  new MirrorError('http', 400, ['CONTRACT_REVERT_EXECUTED'], url, 'CONTRACT_REVERT_EXECUTED', [entry(data)]);

const ERROR_STRING_ABI = [{ type: 'error', name: 'Error', inputs: [{ name: 'reason', type: 'string' }] }] as const;

describe('server error data: revert data decoded beside message and detail', () => {
  const index = indexOf(MY_TOKEN);
  const decodeData = revertDataDecoder(index);
  const describe400 = (data: string) => describeMirrorError(failure(data), { network: 'testnet', decodeData });

  it('Error(string): the reason beside message and detail, in the sentence and the panel list', () => {
    const data = encodeErrorResult({ abi: ERROR_STRING_ABI, errorName: 'Error', args: ['not enough <b>HBAR</b>'] });
    const d = describe400(data);
    const expected = `CONTRACT_REVERT_EXECUTED — execution reverted — reverted: Error("not enough <b>HBAR</b>") (data 0x08c379a0…, ${(data.length - 2) / 2} bytes)`;
    assert.deepStrictEqual(d.serverMessages, [expected]);
    assert.strictEqual(d.sentence, `The mirror node of testnet answered 400: ${expected}`);
    assert.deepStrictEqual(d.server, [entry(data)], 'the raw entry is kept as sent');
  });

  it('a custom error from a workspace artifact: its name and arguments', () => {
    const data = encodeErrorResult({
      abi: abiOf(MY_TOKEN),
      errorName: 'InsufficientBalance',
      args: ['0x00000000000000000000000000000000000003e9', 5n, 7n],
    });
    const [text] = describe400(data).serverMessages;
    assert.match(
      text,
      /— reverted: InsufficientBalance\(account: 0\.0\.1001, balance: 5, needed: 7\) \(data 0x[0-9a-f]{8}…, 100 bytes\)$/,
    );
  });

  it('data that is not revert data, or that no ABI knows, stays hex as sent', () => {
    for (const data of ['0x1234', 'not hex', '0xdeadbeef' + '00'.repeat(32), '0x08c379a0zz']) {
      const [text] = describe400(data).serverMessages;
      assert.strictEqual(text, `CONTRACT_REVERT_EXECUTED — execution reverted (data ${data})`, data);
    }
    assert.ok(!isRevertData('0x1234') && !isRevertData('0x08c379a') && isRevertData('0x08c379a0'));
  });

  it('without a decoder nothing changes; a decoder that throws leaves the hex', () => {
    const data = encodeErrorResult({ abi: ERROR_STRING_ABI, errorName: 'Error', args: ['x'] });
    assert.strictEqual(serverMessageText(entry(data)), `CONTRACT_REVERT_EXECUTED — execution reverted (data ${data})`);
    const throwing = () => {
      throw new Error('bad ABI');
    };
    assert.strictEqual(
      serverMessageText(entry(data), throwing),
      `CONTRACT_REVERT_EXECUTED — execution reverted (data ${data})`,
    );
  });
});
