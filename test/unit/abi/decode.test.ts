// Decoding real compiler output: calls, results, custom errors and events of the solc-compiled
// sample contracts and of OpenZeppelin's artifacts, the built-in ABIs, and selector collisions.
import * as assert from 'assert';
import * as path from 'path';
import { encodeErrorResult, encodeEventTopics, encodeFunctionResult, toFunctionSelector } from 'viem';
import {
  AbiIndex,
  formatCallAnswer,
  formatEvent,
  formatResult,
  formatRevert,
  parseArtifact,
  type CallAnswer,
  type DecodedCall,
} from '../../../src/abi';
import { COUNTER, MY_TOKEN, OZ, REGISTRY, abiOf, call, encode, indexOf, load, longZero, word } from './helpers';

function single(answer: CallAnswer): DecodedCall {
  assert.ok(answer.kind === 'call', answer.kind === 'raw' ? answer.reason : '');
  assert.strictEqual(answer.candidates.length, 1, 'ambiguous');
  return answer.candidates[0];
}

const ALICE = longZero(1234);
const BOB = '0xac384c53f03855fa1b3616052f8ba32c6c2a2fec';

describe('decoding the solc sample project', () => {
  const index = indexOf(MY_TOKEN, REGISTRY, COUNTER);
  const token = { contract: load(MY_TOKEN), kind: 'bytecode' as const, others: [] };

  it('a call with the contract matched: names, types, long-zero addresses as 0.0.x', () => {
    const answer = index.decodeCall(call(MY_TOKEN, 'transfer', [ALICE, 1500n]), token);
    const decoded = single(answer);
    assert.strictEqual(decoded.contract, 'MyToken');
    assert.strictEqual(decoded.signature, 'transfer(address,uint256)');
    assert.deepStrictEqual(decoded.args[0], {
      name: 'to',
      type: 'address',
      value: { kind: 'address', type: 'address', value: ALICE, entityId: '0.0.1234' },
    });
    assert.strictEqual(formatCallAnswer(answer), 'transfer(to: 0.0.1234, amount: 1500)');
    assert.strictEqual(
      formatCallAnswer(answer, { units: { decimals: 2, symbol: 'MTK' } }),
      'transfer(to: 0.0.1234, amount: 15.00 MTK)',
    );
    assert.strictEqual(formatCallAnswer(answer, { units: null }), 'transfer(to: 0.0.1234, amount: 1,500 (raw units))');
  });

  it('a struct array with strings, and its named outputs', () => {
    const payments = [
      { to: ALICE, amount: 5n, memo: 'rent' },
      { to: BOB, amount: 2n ** 200n, memo: 'ünïcödé ✓' },
    ];
    const decoded = single(index.decodeCall(call(MY_TOKEN, 'payMany', [payments]), token));
    assert.strictEqual(
      formatCallAnswer({ kind: 'call', candidates: [decoded] }),
      `payMany(payments: [(to: 0.0.1234, amount: 5, memo: "rent"), (to: ${BOB}, amount: ${2n ** 200n}, memo: "ünïcödé ✓")])`,
    );
    const fn = abiOf(MY_TOKEN);
    const result = encodeFunctionResult({ abi: fn, functionName: 'payMany', result: [7n, [5n, 2n]] });
    const outputs = index.decodeResult(decoded, result);
    assert.strictEqual(formatResult(outputs), '(paid: 7, amounts: [5, 2])');
  });

  it('nested dynamic arrays (uint256[][]) and a single unnamed output', () => {
    const decoded = single(index.decodeCall(call(MY_TOKEN, 'burnAll', [[[1n, 2n], [], [3n]]]), token));
    assert.strictEqual(formatCallAnswer({ kind: 'call', candidates: [decoded] }), 'burnAll(groups: [[1, 2], [], [3]])');
    const transfer = single(index.decodeCall(call(MY_TOKEN, 'transfer', [ALICE, 1n]), token));
    assert.strictEqual(formatResult(index.decodeResult(transfer, word(1))), 'true');
    assert.strictEqual(formatResult(index.decodeResult(transfer, '0x')), 'not decoded: the call returned no data');
  });

  it('tuples with fixed arrays of bytes4 (Registry.register)', () => {
    const entry = { name: 'alice', account: ALICE, tags: ['0x01020304', '0x61626364'] };
    const answer = index.decodeCall(call(REGISTRY, 'register', [entry]));
    assert.strictEqual(
      formatCallAnswer(answer),
      'register(entry: (name: "alice", account: 0.0.1234, tags: [0x01020304, "abcd"]))',
    );
  });

  it('custom errors by name and arguments, from the matched contract or any known ABI', () => {
    const data = encodeErrorResult({
      abi: abiOf(MY_TOKEN),
      errorName: 'InsufficientBalance',
      args: [ALICE, 10n, 25n],
    });
    assert.strictEqual(
      formatRevert(index.decodeRevert(data, token)),
      'InsufficientBalance(account: 0.0.1234, balance: 10, needed: 25)',
    );
    assert.strictEqual(
      formatRevert(index.decodeRevert(data)),
      'InsufficientBalance(account: 0.0.1234, balance: 10, needed: 25)',
    );
    const unauthorized = encodeErrorResult({
      abi: abiOf(MY_TOKEN),
      errorName: 'Unauthorized',
      args: [BOB, 'only the owner burns'],
    });
    assert.strictEqual(
      formatRevert(index.decodeRevert(unauthorized)),
      `Unauthorized(caller: ${BOB}, reason: "only the owner burns")`,
    );
    const notOwner = encodeErrorResult({ abi: abiOf(COUNTER), errorName: 'NotOwner', args: [BOB, ALICE] });
    const answer = index.decodeRevert(notOwner);
    assert.ok(answer.kind === 'custom');
    assert.strictEqual(answer.candidates[0].contract, 'Counter');
  });

  it('Error(string) and Panic(uint256) with its meaning', () => {
    const error = `0x08c379a0${word(0x20)}${word(20)}${Buffer.from('Registry: empty name').toString('hex').padEnd(64, '0')}`;
    assert.deepStrictEqual(index.decodeRevert(error), { kind: 'error-string', reason: 'Registry: empty name' });
    assert.deepStrictEqual(index.decodeRevert(`0x4e487b71${word(0x32)}`), {
      kind: 'panic',
      code: 0x32n,
      meaning: 'array index out of bounds (or a negative index)',
    });
    assert.deepStrictEqual(index.decodeRevert(`0x08c379a0${word(0x20)}${word(0)}`), {
      kind: 'error-string',
      reason: '',
    });
    assert.strictEqual(index.decodeRevert('0x').kind, 'empty');
    assert.strictEqual(
      formatRevert(index.decodeRevert(`0x4e487b71${word(0x99)}`)),
      'Panic(0x99): unknown panic code 0x99',
    );
    const unknown = index.decodeRevert(`0xdeadbeef${word(1)}`);
    assert.deepStrictEqual(unknown.kind === 'raw' && [unknown.selector, unknown.reason], [
      '0xdeadbeef',
      'no known error has the selector 0xdeadbeef',
    ]);
  });

  it('events: indexed and data arguments, strings, arrays, structs, and hashed indexed strings', () => {
    const memo = <string[]>encodeEventTopics({ abi: abiOf(MY_TOKEN), eventName: 'Memo', args: { from: ALICE } });
    const data = encode(
      [{ type: 'string' }, { type: 'bytes32' }],
      ['hello \u202e world', `0x${Buffer.from('tag').toString('hex').padEnd(64, '0')}`],
    );
    assert.strictEqual(
      formatEvent(index.decodeLog({ topics: memo, data })),
      'Memo(from: 0.0.1234, text: "hello ⟨U+202E⟩ world", tag: "tag")',
    );
    const batch = <string[]>encodeEventTopics({ abi: abiOf(MY_TOKEN), eventName: 'BatchPaid', args: { from: BOB } });
    const batchData = encode(
      [{ type: 'uint256[]' }, { type: 'string[]' }],
      [
        [1n, 2n],
        ['a', 'b'],
      ],
    );
    assert.strictEqual(
      formatEvent(index.decodeLog({ topics: batch, data: batchData })),
      `BatchPaid(from: ${BOB}, amounts: [1, 2], memos: ["a", "b"])`,
    );
    const registered = <string[]>encodeEventTopics({
      abi: abiOf(REGISTRY),
      eventName: 'Registered',
      args: { name: 'alice', account: ALICE },
    });
    const entry = [
      {
        type: 'tuple',
        components: [
          { name: 'name', type: 'string' },
          { name: 'account', type: 'address' },
          { name: 'tags', type: 'bytes4[2]' },
        ],
      },
    ];
    const entryData = encode(entry, [{ name: 'alice', account: ALICE, tags: ['0x00000000', '0xffffffff'] }]);
    const answer = index.decodeLog({ topics: registered, data: entryData });
    assert.ok(answer.kind === 'event');
    assert.deepStrictEqual(answer.candidates[0].args[0], {
      name: 'name',
      type: 'string',
      value: { kind: 'bytes', type: 'bytes32', hex: registered[1] },
      indexed: true,
      hashed: true,
    });
    assert.match(
      formatEvent(answer),
      /^Registered\(name: keccak 0x[0-9a-f]{8}.*, account: 0\.0\.1234, entry: \(name: "alice", account: 0\.0\.1234, tags: \[0x00000000, 0xffffffff\]\)\)$/,
    );
  });

  it('an unknown topic0 stays raw, topics and data', () => {
    const log = { topics: [`0x${word('ab')}`, `0x${word(1)}`], data: `0x${word(2)}` };
    assert.deepStrictEqual(index.decodeLog(log), {
      kind: 'raw-log',
      topics: log.topics,
      data: log.data,
      reason: `no known event has the topic 0x${word('ab')}`,
    });
  });

  it('ERC-20 and ERC-721 Transfer (same topic0) told apart by how many topics the log has', () => {
    const topic0 = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
    const fungible = new AbiIndex().decodeLog({
      topics: [topic0, `0x${word(1)}`, `0x${word(2)}`],
      data: `0x${word(500)}`,
    });
    assert.strictEqual(
      formatEvent(fungible, { units: { decimals: 1, symbol: 'T' } }),
      'Transfer(from: 0.0.1, to: 0.0.2, value: 50.0 T)',
    );
    const nft = new AbiIndex().decodeLog({
      topics: [topic0, `0x${word(1)}`, `0x${word(2)}`, `0x${word(9)}`],
      data: '0x',
    });
    assert.strictEqual(formatEvent(nft, { units: null }), 'Transfer(from: 0.0.1, to: 0.0.2, tokenId: 9)');
  });
});

describe('decoding with OpenZeppelin artifacts and the built-in ABIs', () => {
  it('decodes ERC-20 and ERC-721 calls and OpenZeppelin 5 custom errors from the shipped artifacts', () => {
    const index = indexOf(path.join(OZ, 'ERC20.json'), path.join(OZ, 'ERC721.json'));
    const erc20 = { contract: load(path.join(OZ, 'ERC20.json')), kind: 'bytecode' as const, others: [] };
    const approve = call(path.join(OZ, 'ERC20.json'), 'approve', [BOB, 2n ** 256n - 1n]);
    assert.strictEqual(
      formatCallAnswer(index.decodeCall(approve, erc20)),
      `approve(spender: ${BOB}, value: ${2n ** 256n - 1n})`,
    );
    const safe = call(path.join(OZ, 'ERC721.json'), 'safeTransferFrom', [ALICE, BOB, 7n, '0xc0ffee']);
    assert.strictEqual(
      formatCallAnswer(index.decodeCall(safe)),
      `safeTransferFrom(from: 0.0.1234, to: ${BOB}, tokenId: 7, data: 0xc0ffee)`,
    );
    const error = encodeErrorResult({
      abi: abiOf(path.join(OZ, 'ERC721.json')),
      errorName: 'ERC721NonexistentToken',
      args: [42n],
    });
    assert.strictEqual(formatRevert(index.decodeRevert(error)), 'ERC721NonexistentToken(tokenId: 42)');
  });

  it('built-in ERC-6093 errors have the selectors of OpenZeppelin IERC20Errors, IERC721Errors, IERC1155Errors', () => {
    const index = new AbiIndex();
    for (const file of ['IERC20Errors.json', 'IERC721Errors.json', 'IERC1155Errors.json']) {
      for (const error of load(path.join(OZ, file)).errors) {
        const found = index.errorsFor(error.selector);
        assert.ok(
          found.some(e => e.signature === error.signature && e.contract.origin.kind === 'builtin'),
          error.signature,
        );
      }
    }
  });

  it('the built-in ERC-20/721/1155 ABIs have the selectors of OpenZeppelin IERC20, IERC721, IERC1155', () => {
    const index = new AbiIndex();
    for (const file of [
      'IERC20.json',
      'IERC20Metadata.json',
      'IERC721.json',
      'IERC721Metadata.json',
      'IERC1155.json',
    ]) {
      const oz = load(path.join(OZ, file));
      for (const fn of oz.functions) {
        if (fn.item.name === 'supportsInterface') continue; // ERC-165, not part of the token ABIs
        assert.ok(
          index.functionsFor(fn.selector).some(f => f.signature === fn.signature),
          `${file}: ${fn.signature}`,
        );
      }
      for (const ev of oz.events) assert.ok(index.eventsFor(ev.selector).length > 0, `${file}: ${ev.signature}`);
    }
  });

  it('the Hedera system-contract ABIs have the selectors the services use', () => {
    const index = new AbiIndex();
    const expected: Record<string, string> = {
      '0x49146bde': 'associateToken(address,address)',
      '0x2e63879b': 'associateTokens(address,address[])',
      '0x099794e8': 'dissociateToken(address,address)',
      '0x78b63918': 'dissociateTokens(address,address[])',
      '0xeca36917': 'transferToken(address,address,address,int64)',
      '0x0a754de6': 'associate()',
      '0x5c9217e0': 'dissociate()',
      '0xd83bf9a1': 'getPseudorandomSeed()',
    };
    for (const [selector, signature] of Object.entries(expected)) {
      assert.deepStrictEqual(
        index.functionsFor(selector).map(f => f.signature),
        [signature],
        selector,
      );
      assert.strictEqual(toFunctionSelector(signature), selector);
    }
    const tinycents = index.functionsFor(toFunctionSelector('tinycentsToTinybars(uint256)'));
    assert.strictEqual(
      tinycents[0]?.contract.origin.kind === 'builtin' && tinycents[0].contract.origin.address,
      '0x0000000000000000000000000000000000000168',
    );
  });

  it('decodes an HTS cryptoTransfer at 0x167 with its nested structs', () => {
    const index = new AbiIndex();
    const match = index.matchContract({ address: '0x0000000000000000000000000000000000000167' });
    const abi = [
      {
        type: 'tuple',
        components: [
          {
            name: 'transfers',
            type: 'tuple[]',
            components: [
              { name: 'accountID', type: 'address' },
              { name: 'amount', type: 'int64' },
              { name: 'isApproval', type: 'bool' },
            ],
          },
        ],
      },
      {
        type: 'tuple[]',
        components: [
          { name: 'token', type: 'address' },
          {
            name: 'transfers',
            type: 'tuple[]',
            components: [
              { name: 'accountID', type: 'address' },
              { name: 'amount', type: 'int64' },
              { name: 'isApproval', type: 'bool' },
            ],
          },
          {
            name: 'nftTransfers',
            type: 'tuple[]',
            components: [
              { name: 's', type: 'address' },
              { name: 'r', type: 'address' },
              { name: 'n', type: 'int64' },
              { name: 'a', type: 'bool' },
            ],
          },
        ],
      },
    ];
    const args = encode(abi, [
      {
        transfers: [
          { accountID: ALICE, amount: -100n, isApproval: false },
          { accountID: longZero(1235), amount: 100n, isApproval: false },
        ],
      },
      [],
    ]);
    const data = `0x0e71804f${args.slice(2)}`;
    assert.strictEqual(
      formatCallAnswer(index.decodeCall(data, match)),
      'cryptoTransfer(transferList: (transfers: [(accountID: 0.0.1234, amount: -100, isApproval: false), (accountID: 0.0.1235, amount: 100, isApproval: false)]), tokenTransfers: [])',
    );
  });

  it('keeps only the signatures whose arguments re-encode exactly; says so when several remain', () => {
    // burn(uint256) and collate_propagate_storage(bytes16) share the selector 0x42966c68.
    const abi = [
      { type: 'function', name: 'burn', inputs: [{ name: 'amount', type: 'uint256' }], outputs: [] },
      { type: 'function', name: 'collate_propagate_storage', inputs: [{ name: 'x', type: 'bytes16' }], outputs: [] },
    ];
    const outcome = parseArtifact('clash.abi.json', JSON.stringify(abi));
    assert.ok(outcome.kind === 'indexed');
    const index = new AbiIndex();
    index.setFile('clash.abi.json', outcome.contracts);
    assert.deepStrictEqual(
      outcome.contracts[0].functions.map(f => f.selector),
      ['0x42966c68', '0x42966c68'],
    );
    // 1000 has its bytes at the right: not a valid bytes16 (which pads on the right).
    assert.strictEqual(formatCallAnswer(index.decodeCall(`0x42966c68${word(1000)}`)), 'burn(amount: 1000)');
    // A value whose low 16 bytes are zero fits both.
    const both = index.decodeCall(`0x42966c68${'11'.repeat(16)}${'00'.repeat(16)}`);
    assert.ok(both.kind === 'call');
    assert.deepStrictEqual(
      both.candidates.map(c => c.name),
      ['burn', 'collate_propagate_storage'],
    );
    assert.match(
      formatCallAnswer(both),
      /^ambiguous, 2 signatures fit: burn\(amount: \d+\) or collate_propagate_storage\(x: 0x1111/,
    );
  });

  it('the same signature in several ABIs is one candidate, the workspace one first', () => {
    const index = indexOf(MY_TOKEN, path.join(OZ, 'ERC20.json'));
    const answer = index.decodeCall(call(MY_TOKEN, 'transfer', [ALICE, 1n]));
    assert.strictEqual(single(answer).contract, 'MyToken');
  });
});
