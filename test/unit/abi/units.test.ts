// Token amounts in decoded ERC-20 calls and events: in the units of the HTS token that the call was
// addressed to (or that emitted the log), from its metadata; raw units, labelled, for any other
// contract; the plain integer when the caller resolves no units at all.
import * as assert from 'assert';
import { encodeAbiParameters, encodeEventTopics, encodeFunctionData, parseAbi } from 'viem';
import {
  RAW_UNITS,
  contractResultLine,
  decodeContractResult,
  decodeReport,
  eventSummaries,
  pastedTokenAddresses,
  peekUnits,
  readPasted,
  resolveUnits,
  tokenAddresses,
  tokenIdOfAddress,
  unitsOfLookup,
  withUnits,
} from '../../../src/abi';
import { MirrorError, toMeta, type TokenLookup } from '../../../src/mirror';
import { MY_TOKEN, abiOf, call, indexOf, longZero, word } from './helpers';

const TOKEN = longZero(5005);
const OTHER_TOKEN = longZero(5006);
const CONTRACT = '0x' + 'ab'.repeat(20);

function found(tokenId: string, decimals: string, symbol: string, type = 'FUNGIBLE_COMMON'): TokenLookup {
  return { status: 'found', meta: toMeta(tokenId, { token_id: tokenId, name: symbol, symbol, decimals, type }) };
}

const notFound = (tokenId: string): TokenLookup => ({
  status: 'not-found',
  tokenId,
  error: new MirrorError('http', 404, [], '', 'Not found'),
});

function transferLog(address: string, value: bigint) {
  return {
    address,
    topics: encodeEventTopics({
      abi: abiOf(MY_TOKEN),
      eventName: 'Transfer',
      args: { from: longZero(1001), to: longZero(1234) },
    }) as string[],
    data: encodeAbiParameters([{ type: 'uint256' }], [value]),
  };
}

describe('abi/units: token amounts in the token’s units', () => {
  const index = indexOf(MY_TOKEN);
  const transfer = call(MY_TOKEN, 'transfer', [longZero(1234), 150000n]);

  it('a long-zero address is a token id; anything else is not', () => {
    assert.strictEqual(tokenIdOfAddress(TOKEN), '0.0.5005');
    assert.strictEqual(tokenIdOfAddress(TOKEN.toUpperCase().replace('0X', '0x')), '0.0.5005');
    assert.strictEqual(tokenIdOfAddress(CONTRACT), undefined);
    assert.strictEqual(tokenIdOfAddress(undefined), undefined);
  });

  it('units from metadata: fungible with usable decimals only', () => {
    assert.deepStrictEqual(unitsOfLookup(found('0.0.5005', '2', 'MTK')), { decimals: 2, symbol: 'MTK' });
    assert.strictEqual(unitsOfLookup(found('0.0.5005', '0', 'NFT', 'NON_FUNGIBLE_UNIQUE')), null);
    assert.strictEqual(unitsOfLookup(found('0.0.5005', '-1', 'BAD')), null);
    assert.strictEqual(unitsOfLookup(notFound('0.0.5005')), null);
    assert.strictEqual(unitsOfLookup(undefined), null);
  });

  it('asks only for the long-zero addresses whose ERC-20 call or event carries an amount', () => {
    const decoded = decodeContractResult(index, {
      to: TOKEN,
      function_parameters: transfer,
      logs: [transferLog(TOKEN, 150000n), transferLog(CONTRACT, 1n), transferLog(OTHER_TOKEN, 7n)],
    });
    assert.deepStrictEqual(tokenAddresses(decoded), [TOKEN, OTHER_TOKEN]);
    // A call that carries no amount (totalSupply) names no token to ask about.
    const plain = decodeContractResult(index, { to: TOKEN, function_parameters: call(MY_TOKEN, 'totalSupply', []) });
    assert.deepStrictEqual(tokenAddresses(plain), []);
  });

  it('the call in the units of the token it was sent to, each event in its emitter’s', async () => {
    const decoded = decodeContractResult(index, {
      to: TOKEN,
      function_parameters: transfer,
      call_result: `0x${word(1)}`,
      result: 'SUCCESS',
      logs: [transferLog(TOKEN, 150000n), transferLog(OTHER_TOKEN, 7n), transferLog(CONTRACT, 1500n)],
    });
    const asked: string[] = [];
    const units = await resolveUnits(tokenAddresses(decoded), id => {
      asked.push(id);
      return Promise.resolve(id === '0.0.5005' ? found(id, '2', 'MTK') : notFound(id));
    });
    assert.deepStrictEqual(asked.sort(), ['0.0.5005', '0.0.5006']);
    const shown = withUnits(decoded, units);
    assert.strictEqual(contractResultLine(shown), 'MyToken.transfer(to: 0.0.1234, amount: 1,500.00 MTK) → true');
    assert.deepStrictEqual(eventSummaries(shown), [
      'Transfer(from: 0.0.1001, to: 0.0.1234, value: 1,500.00 MTK)',
      'Transfer(from: 0.0.1001, to: 0.0.1234, value: 7 (raw units))',
      'Transfer(from: 0.0.1001, to: 0.0.1234, value: 1,500 (raw units))',
    ]);
    // Without units resolved, the integer as it is (what a caller with no metadata shows).
    assert.strictEqual(contractResultLine(decoded), 'MyToken.transfer(to: 0.0.1234, amount: 150000) → true');
  });

  it('a token-service call: its amount in the units of the token it names', async () => {
    const hts = parseAbi([
      'function transferToken(address token, address sender, address recipient, int64 amount) returns (int64)',
      'function mintToken(address token, int64 amount, bytes[] metadata) returns (int64, int64, int64[])',
    ]);
    const transferToken = encodeFunctionData({
      abi: hts,
      functionName: 'transferToken',
      args: [TOKEN as `0x${string}`, longZero(1001) as `0x${string}`, longZero(1234) as `0x${string}`, 25n],
    });
    const builtins = indexOf();
    const decoded = decodeContractResult(builtins, { to: longZero(0x167), function_parameters: transferToken });
    assert.deepStrictEqual(tokenAddresses(decoded), [TOKEN]);
    const units = await resolveUnits(tokenAddresses(decoded), id => Promise.resolve(found(id, '2', 'MTK')));
    assert.match(
      contractResultLine(withUnits(decoded, units)) ?? '',
      /transferToken\(token: 0\.0\.5005, sender: 0\.0\.1001, recipient: 0\.0\.1234, amount: 0\.25 MTK\)/,
    );
    // A token the network does not know: raw units, labelled.
    const unknown = await resolveUnits(tokenAddresses(decoded), id => Promise.resolve(notFound(id)));
    assert.match(contractResultLine(withUnits(decoded, unknown)) ?? '', /amount: 25 \(raw units\)/);
    // Decode calldata resolves the token the call names, without being told the contract.
    const mint = encodeFunctionData({
      abi: hts,
      functionName: 'mintToken',
      args: [TOKEN as `0x${string}`, 150000n, []],
    });
    assert.deepStrictEqual(pastedTokenAddresses(builtins, mint), [TOKEN]);
    assert.match(
      decodeReport(builtins, mint, undefined, units),
      /amount \(int64\): 1,500\.00 MTK = 150000 in the token's smallest unit/,
    );
  });

  it('a metadata request that fails leaves raw units; peekUnits never asks', async () => {
    const units = await resolveUnits([TOKEN], () => Promise.reject(new Error('offline')));
    assert.strictEqual(units(TOKEN), null);
    const peeked = peekUnits(id => (id === '0.0.5005' ? found(id, '8', 'LENS') : undefined));
    assert.deepStrictEqual(peeked(TOKEN), { decimals: 8, symbol: 'LENS' });
    assert.strictEqual(peeked(OTHER_TOKEN), null);
    assert.strictEqual(peeked(CONTRACT), null);
  });

  it('Decode calldata: a contract named first gives the amount in its token’s units', async () => {
    assert.deepStrictEqual(readPasted(`0.0.5005 ${transfer}`), { kind: 'hex', hex: transfer, address: TOKEN });
    assert.deepStrictEqual(readPasted(`${TOKEN}\n${transfer}`), { kind: 'hex', hex: transfer, address: TOKEN });
    const log = transferLog(TOKEN, 150000n);
    const pasted = readPasted(JSON.stringify(log));
    assert.ok(pasted.kind === 'log');
    assert.strictEqual(pasted.log.address, TOKEN);

    const units = await resolveUnits([TOKEN], id => Promise.resolve(found(id, '2', 'MTK')));
    const report = decodeReport(index, `0.0.5005 ${transfer}`, undefined, units);
    assert.match(report, /Contract: 0x0+138d \(0\.0\.5005\)/);
    assert.match(report, /amount \(uint256\): 1,500\.00 MTK = 150000 in the token's smallest unit/);
    assert.match(decodeReport(index, JSON.stringify(log), undefined, units), /value \(uint256\): 1,500\.00 MTK/);
    // Another contract, or none named: raw units, labelled.
    assert.match(decodeReport(index, transfer, undefined, RAW_UNITS), /amount \(uint256\): 150,000 \(raw units\)/);
    // No units at all: the integer as before.
    assert.match(decodeReport(index, transfer), /amount \(uint256\): 150000$/m);
  });
});
