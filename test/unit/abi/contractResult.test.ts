// A contract result decoded as a whole, as the panels and the hover use it: the contract matched
// by its bytecode, the call with its outputs or revert, and each log.
import * as assert from 'assert';
import { encodeAbiParameters, encodeErrorResult, encodeEventTopics } from 'viem';
import { contractResultLine, decodeContractResult, eventSummaries } from '../../../src/abi';
import { decodedText } from '../../../src/features/contracts/rows';
import { MY_TOKEN, abiOf, call, indexOf, longZero, readJson, word } from './helpers';

const TOKEN_ADDRESS = longZero(5025);
const code = () => readJson(MY_TOKEN).deployedBytecode as string;

describe('contract result decoding', () => {
  const index = indexOf(MY_TOKEN);
  const transferLog = {
    address: TOKEN_ADDRESS,
    topics: encodeEventTopics({
      abi: abiOf(MY_TOKEN),
      eventName: 'Transfer',
      args: { from: longZero(1001), to: longZero(1234) },
    }) as string[],
    data: encodeAbiParameters([{ type: 'uint256' }], [150000n]),
  };

  it('matches the contract by bytecode and decodes call, outputs and events', () => {
    const decoded = decodeContractResult(
      index,
      {
        to: TOKEN_ADDRESS,
        function_parameters: call(MY_TOKEN, 'transfer', [longZero(1234), 150000n]),
        call_result: `0x${word(1)}`,
        result: 'SUCCESS',
        logs: [transferLog],
      },
      code(),
    );
    assert.strictEqual(decoded.match?.kind, 'bytecode');
    assert.strictEqual(
      decoded.contract,
      'MyToken, contracts/MyToken.sol (test/workspace/hardhat-sample/artifacts/contracts/MyToken.sol/MyToken.json)',
    );
    assert.strictEqual(
      contractResultLine(decoded, { units: { decimals: 2, symbol: 'MTK' } }),
      'MyToken.transfer(to: 0.0.1234, amount: 1,500.00 MTK) → true',
    );
    assert.deepStrictEqual(eventSummaries(decoded, { units: null }), [
      'Transfer(from: 0.0.1001, to: 0.0.1234, value: 150,000 (raw units))',
    ]);
  });

  it('a revert: the custom error by name, and no outputs', () => {
    const decoded = decodeContractResult(
      index,
      {
        to: TOKEN_ADDRESS,
        function_parameters: call(MY_TOKEN, 'transfer', [longZero(1234), 5n]),
        call_result: '0x',
        result: 'CONTRACT_REVERT_EXECUTED',
        error_message: encodeErrorResult({
          abi: abiOf(MY_TOKEN),
          errorName: 'InsufficientBalance',
          args: [longZero(1001), 1n, 5n],
        }),
      },
      code(),
    );
    assert.strictEqual(decoded.outputs, undefined);
    assert.strictEqual(
      contractResultLine(decoded),
      'MyToken.transfer(to: 0.0.1234, amount: 5) → reverted: InsufficientBalance(account: 0.0.1001, balance: 1, needed: 5)',
    );
  });

  it('a plain-text failure message, an unknown contract, and no call at all', () => {
    const failed = decodeContractResult(index, {
      to: longZero(77),
      function_parameters: '0xdeadbeef',
      result: 'INSUFFICIENT_GAS',
      error_message: 'INSUFFICIENT_GAS',
    });
    assert.strictEqual(failed.match, undefined);
    assert.strictEqual(
      contractResultLine(failed),
      'not decoded: no known function has the selector 0xdeadbeef → failed: INSUFFICIENT_GAS',
    );
    assert.strictEqual(
      contractResultLine(decodeContractResult(index, { to: longZero(77), function_parameters: '0x' })),
      undefined,
    );
  });

  it('a call to a system contract is recognised by its address', () => {
    const decoded = decodeContractResult(index, {
      to: longZero(0x169),
      function_parameters: '0xd83bf9a1',
      call_result: `0x${'ab'.repeat(32)}`,
      result: 'SUCCESS',
    });
    assert.strictEqual(decoded.match?.kind, 'system');
    assert.strictEqual(
      contractResultLine(decoded),
      `PRNG system contract.getPseudorandomSeed() → (seedBytes: 0x${'ab'.repeat(32)})`,
    );
  });
});

describe('contract results panel rows', () => {
  it('carry the call decoded in words, with outcome and contract, as plain text', () => {
    const index = indexOf(MY_TOKEN);
    const row = decodedText(index, {
      to: TOKEN_ADDRESS,
      function_parameters: call(MY_TOKEN, 'transfer', [longZero(1234), 7n]),
      call_result: `0x${word(1)}`,
      result: 'SUCCESS',
    });
    assert.deepStrictEqual(row, { call: 'transfer(to: 0.0.1234, amount: 7)', outcome: 'true', contract: null });
    assert.strictEqual(decodedText(index, { function_parameters: '0x' }), null);
    const prng = decodedText(index, {
      to: longZero(0x169),
      function_parameters: '0xd83bf9a1',
      call_result: '0x',
      result: 'CONTRACT_REVERT_EXECUTED',
      error_message: `0x4e487b71${word(1)}`,
    });
    assert.deepStrictEqual(prng, {
      call: 'getPseudorandomSeed()',
      outcome: 'reverted: Panic(0x1): assert() failed',
      contract: 'PRNG system contract (built in: hedera-smart-contracts: IPrngSystemContract.sol; HIP-351)',
    });
  });
});
