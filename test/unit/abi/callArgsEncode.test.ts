// Calls encoded from typed arguments, checked by the other side: viem's decoder reads every
// argument back exactly (values beyond 2^64 and 2^255, the int256 minimum, every type kind), the
// selector is the function's, and the mirror node's `data` limit is kept locally, in words.
import * as assert from 'assert';
import {
  decodeAbiParameters,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  toFunctionSelector,
  type AbiFunction,
} from 'viem';
import { MAX_CALL_DATA_CHARS, encodeCallFromText, parseArgument } from '../../../src/abi/callArgs';
import { HARDHAT, abiOf } from './helpers';
import * as path from 'path';

const CROWDFUND = path.join(HARDHAT, 'artifacts', 'contracts', 'Crowdfund.sol', 'Crowdfund.json');

function crowdfund(name: string): AbiFunction {
  const fn = abiOf(CROWDFUND).find((item): item is AbiFunction => item.type === 'function' && item.name === name);
  assert.ok(fn, `Crowdfund has no ${name}`);
  return fn;
}

/** viem decodes small integers as numbers and addresses checksummed: the same values, compared alike. */
function plain(value: unknown): unknown {
  if (typeof value === 'number') return BigInt(value);
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)) return value.toLowerCase();
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

function encoded(fn: AbiFunction, texts: readonly string[]): `0x${string}` {
  const answer = encodeCallFromText(fn, texts);
  assert.ok(answer.ok, answer.ok ? '' : answer.message);
  return answer.data;
}

const EVERY_KIND: AbiFunction = {
  type: 'function',
  name: 'everything',
  stateMutability: 'view',
  outputs: [],
  inputs: [
    { name: 'small', type: 'uint8' },
    { name: 'wide', type: 'uint256' },
    { name: 'signed', type: 'int256' },
    { name: 'who', type: 'address' },
    { name: 'flag', type: 'bool' },
    { name: 'code', type: 'bytes4' },
    { name: 'salt', type: 'bytes32' },
    { name: 'memo', type: 'bytes' },
    { name: 'title', type: 'string' },
    { name: 'amounts', type: 'uint256[]' },
    { name: 'pair', type: 'int64[2]' },
    { name: 'grid', type: 'uint16[][]' },
    {
      name: 'pledge',
      type: 'tuple',
      components: [
        { name: 'backer', type: 'address' },
        { name: 'amount', type: 'uint96' },
        { name: 'notes', type: 'string[]' },
      ],
    },
    {
      name: 'list',
      type: 'tuple[]',
      components: [
        { name: 'id', type: 'uint32' },
        { name: 'tag', type: 'bytes2' },
      ],
    },
  ],
};

const TEXTS = [
  '255',
  `${(1n << 255n) + (1n << 64n) + 1n}`,
  `${-(1n << 255n)}`,
  '0.0.1006',
  'true',
  '0xcafe0001',
  `0x${'5a'.repeat(32)}`,
  '0x00010203',
  'Panels for the community hall, installed before the winter of 2027.',
  '[18446744073709551617, "0x10000000000000000", 1e30]',
  '["-9223372036854775808", 9223372036854775807]',
  '[[], [65535], [1, 2, 3]]',
  '{"backer": "0.0.1007", "amount": "79228162514264337593543950335", "notes": ["a", "\\u202e"]}',
  '[[1, "0xbeef"], {"id": 4294967295, "tag": "0x0000"}]',
];

const EXPECTED = [
  255n,
  (1n << 255n) + (1n << 64n) + 1n,
  -(1n << 255n),
  '0x00000000000000000000000000000000000003ee',
  true,
  '0xcafe0001',
  `0x${'5a'.repeat(32)}`,
  '0x00010203',
  'Panels for the community hall, installed before the winter of 2027.',
  [(1n << 64n) + 1n, 1n << 64n, 10n ** 30n],
  [-(1n << 63n), (1n << 63n) - 1n],
  [[], [65535n], [1n, 2n, 3n]],
  { backer: '0x00000000000000000000000000000000000003ef', amount: (1n << 96n) - 1n, notes: ['a', '\u202e'] },
  [
    { id: 1n, tag: '0xbeef' },
    { id: 4294967295n, tag: '0x0000' },
  ],
];

describe('call arguments: encoded calls read back by viem', () => {
  it('encodes every type kind so that viem decodes exactly the values typed', () => {
    const answer = encodeCallFromText(EVERY_KIND, TEXTS);
    assert.ok(answer.ok, answer.ok ? '' : answer.message);
    assert.deepStrictEqual(plain(answer.values), EXPECTED);
    const decoded = decodeFunctionData({ abi: [EVERY_KIND], data: answer.data });
    assert.strictEqual(decoded.functionName, 'everything');
    assert.deepStrictEqual(plain(decoded.args), EXPECTED);
    // And the same bytes viem makes from the values itself.
    assert.strictEqual(
      answer.data,
      encodeFunctionData({ abi: [EVERY_KIND], functionName: 'everything', args: EXPECTED }),
    );
  });

  it('encodes a Crowdfund view with an amount above 2^64 (the sample contract)', () => {
    const fn = crowdfund('shareOf');
    const data = encoded(fn, ['5_000_000e18']);
    assert.strictEqual(data.slice(0, 10), toFunctionSelector(fn));
    assert.deepStrictEqual(decodeFunctionData({ abi: [fn], data }).args, [5_000_000n * 10n ** 18n]);
    const claimed = crowdfund('claimed');
    const claimedData = encoded(claimed, ['0.0.1007', '1']);
    assert.deepStrictEqual(plain(decodeFunctionData({ abi: [claimed], data: claimedData }).args), [
      '0x00000000000000000000000000000000000003ef',
      1n,
    ]);
    assert.strictEqual(encoded(crowdfund('pledgeCount'), []), toFunctionSelector(crowdfund('pledgeCount')));
  });

  it('takes the values at the edges of each integer width, both ways', () => {
    for (const bits of [8, 16, 32, 48, 53, 64, 96, 128, 160, 255, 256].filter(b => b % 8 === 0)) {
      for (const [type, values] of [
        [`uint${bits}`, [0n, (1n << BigInt(bits)) - 1n]],
        [`int${bits}`, [-(1n << BigInt(bits - 1)), (1n << BigInt(bits - 1)) - 1n, -1n]],
      ] as const) {
        const fn: AbiFunction = {
          type: 'function',
          name: 'f',
          stateMutability: 'view',
          outputs: [],
          inputs: [{ name: 'x', type }],
        };
        for (const value of values) {
          for (const text of [
            value.toString(),
            value < 0n ? `-0x${(-value).toString(16)}` : `0x${value.toString(16)}`,
          ]) {
            const data = encoded(fn, [text]);
            assert.strictEqual(
              BigInt(decodeFunctionData({ abi: [fn], data }).args[0] as bigint),
              value,
              `${type} ${text}`,
            );
          }
        }
      }
    }
  });

  it('encodes a function value as the bytes24 it is, after the selector of the signature naming it `function`', () => {
    const fn = {
      type: 'function',
      name: 'schedule',
      stateMutability: 'nonpayable',
      outputs: [],
      inputs: [
        { name: 'callback', type: 'function' },
        { name: 'more', type: 'function[]' },
      ],
    } as unknown as AbiFunction;
    const callback = `0x${'00'.repeat(16)}000003ee26ca291b`;
    const answer = encodeCallFromText(fn, [callback, `["${callback}"]`]);
    assert.ok(answer.ok, answer.ok ? '' : answer.message);
    assert.strictEqual(answer.data.slice(0, 10), toFunctionSelector('function schedule(function,function[])'));
    const args = decodeAbiParameters([{ type: 'bytes24' }, { type: 'bytes24[]' }], `0x${answer.data.slice(10)}`);
    assert.deepStrictEqual(args, [callback, [callback]]);
  });

  it('says which argument is wrong, by index and name, and how many are needed', () => {
    const fn = crowdfund('claimed');
    assert.deepStrictEqual(encodeCallFromText(fn, ['0.0.1007']), {
      ok: false,
      index: 1,
      message: 'claimed takes 2 arguments; 1 given',
    });
    assert.deepStrictEqual(encodeCallFromText(fn, ['0.0.1007', '1', '2']), {
      ok: false,
      index: 2,
      message: 'claimed takes 2 arguments; 3 given',
    });
    const answer = encodeCallFromText(fn, ['0.0.1007', '-1']);
    assert.ok(!answer.ok);
    assert.strictEqual(answer.index, 1);
    assert.ok(answer.message.startsWith('argument 2 (uint256): "-1" is negative'), answer.message);
    const named = {
      ...fn,
      inputs: [
        { name: 'who', type: 'address' },
        { name: 'index', type: 'uint256[]' },
      ],
    } as AbiFunction;
    const second = encodeCallFromText(named, ['0.0.1', '[0, "x"]']);
    assert.ok(!second.ok && second.message.startsWith('argument 2, index[1] (uint256): "x"'), JSON.stringify(second));
    const first = encodeCallFromText(named, ['0.0.x', '[]']);
    assert.ok(
      !first.ok && first.index === 0 && first.message.startsWith('argument 1, who (address): "0.0.x"'),
      JSON.stringify(first),
    );
  });
});

describe('call arguments: the size of the call', () => {
  const blob = (name: string) => ({ name, type: 'bytes' });
  const fn1: AbiFunction = {
    type: 'function',
    name: 'put',
    stateMutability: 'nonpayable',
    outputs: [],
    inputs: [blob('data')],
  };
  const fn2: AbiFunction = { ...fn1, inputs: [blob('a'), blob('b')] };

  it('encodes a call right up to the mirror node limit and refuses one byte past it, in words', () => {
    // selector (4) + offset (32) + length (32) + the bytes padded to 32: 130,976 is the most that fits.
    const fits = encoded(fn1, [`0x${'ab'.repeat(130_976)}`]);
    assert.ok(fits.length <= MAX_CALL_DATA_CHARS);
    assert.strictEqual(fits.length, 2 + 2 * (4 + 64 + 130_976));
    const over = parseArgument(fn1.inputs[0], `0x${'ab'.repeat(130_977)}`);
    assert.ok(!over.ok);
    assert.strictEqual(
      over.message,
      "data (bytes): encoded, it takes 131,072 bytes; with the 4-byte selector that is more than the 131,072 a call's data carries (262,146 hex characters with 0x)",
    );
  });

  it('refuses arguments that fit alone but not together, naming the largest', () => {
    const answer = encodeCallFromText(fn2, [`0x${'01'.repeat(40_000)}`, `0x${'02'.repeat(100_000)}`]);
    assert.ok(!answer.ok);
    assert.strictEqual(answer.index, 1);
    assert.ok(answer.message.includes('more than the mirror node takes (262,146)'), answer.message);
    assert.ok(answer.message.includes('argument 2 is 100,064 bytes of it'), answer.message);
  });

  it('fits 4,093 uint256 in an array and refuses 4,094 by size, 4,097 unread', () => {
    const fn: AbiFunction = { ...fn1, inputs: [{ name: 'xs', type: 'uint256[]' }] };
    const list = (n: number) => `[${Array.from({ length: n }, (_, i) => i).join(',')}]`;
    const data = encoded(fn, [list(4_093)]);
    assert.strictEqual((decodeFunctionData({ abi: [fn], data }).args[0] as readonly bigint[]).length, 4_093);
    const over = encodeCallFromText(fn, [list(4_094)]);
    assert.ok(!over.ok && over.message.includes('encoded, it takes 131,072 bytes'), JSON.stringify(over));
    const unread = encodeCallFromText(fn, [list(4_097)]);
    assert.ok(!unread.ok && unread.message.includes('more than 4,096 items in one array'), JSON.stringify(unread));
  });

  it('gives values viem re-encodes to the same bytes (the values are what is sent)', () => {
    const abi = abiOf(CROWDFUND);
    const fn = crowdfund('preview');
    const answer = encodeCallFromText(fn, ['0x1_0000_0000_0000_0000']);
    assert.ok(answer.ok);
    assert.strictEqual(answer.data, encodeFunctionData({ abi, functionName: 'preview', args: answer.values }));
    assert.strictEqual(answer.data.slice(10), encodeAbiParameters([{ type: 'uint256' }], [1n << 64n]).slice(2));
  });
});
