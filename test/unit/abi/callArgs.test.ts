// Arguments typed by a person, read for every ABI type kind: what each kind accepts and the exact
// value it becomes, what it refuses and the words it says why (naming the parameter and showing
// the text), and the hint line. The encoded calls are checked in callArgsEncode.test.ts.
import * as assert from 'assert';
import { getAddress } from 'viem';
import { argumentHint, parseArgument, type ArgumentOptions } from '../../../src/abi/callArgs';
import type { AbiParameter } from '../../../src/abi/types';
import { entityId, formatEntityIdWithChecksum } from '../../../src/ledger/entityId';

const param = (type: string, extra: Partial<AbiParameter> & Record<string, unknown> = {}): AbiParameter => ({
  name: 'amount',
  type,
  ...extra,
});

function accepted(p: AbiParameter, text: string, options?: ArgumentOptions): unknown {
  const answer = parseArgument(p, text, options);
  assert.ok(answer.ok, `${p.type} ${JSON.stringify(text)} refused: ${answer.ok ? '' : answer.message}`);
  return answer.value;
}

function refused(p: AbiParameter, text: string, ...words: string[]): string {
  const answer = parseArgument(p, text);
  assert.ok(!answer.ok, `${p.type} ${JSON.stringify(text.slice(0, 80))} accepted`);
  for (const w of words) assert.ok(answer.message.includes(w), `"${answer.message}" lacks "${w}"`);
  return answer.message;
}

const U256_MAX = (1n << 256n) - 1n;
const I256_MIN = -(1n << 255n);

describe('call arguments: integers', () => {
  const goodUnsigned: [string, string, bigint][] = [
    ['uint8', '0', 0n],
    ['uint8', '255', 255n],
    ['uint8', '  42 ', 42n],
    ['uint8', '0x2a', 42n],
    ['uint8', '0X2A', 42n],
    ['uint8', '0007', 7n],
    ['uint8', '-0', 0n],
    ['uint32', '1_000_000', 1_000_000n],
    ['uint32', '0xff_ff', 0xffffn],
    ['uint256', '1e18', 10n ** 18n],
    ['uint256', '2.5e3', 2500n],
    ['uint256', '1.000', 1n],
    ['uint256', '100e-2', 1n],
    ['uint256', '0e999999', 0n],
    ['uint256', '18446744073709551617', (1n << 64n) + 1n],
    ['uint256', '5000000e18', 5_000_000n * 10n ** 18n],
    ['uint256', `0x${'f'.repeat(64)}`, U256_MAX],
    ['uint256', U256_MAX.toString(), U256_MAX],
    ['uint256', `0x${'0'.repeat(200)}1`, 1n],
    ['uint', '7', 7n],
  ];
  for (const [type, text, value] of goodUnsigned) {
    it(`${type} reads ${JSON.stringify(text)} as ${value}`, () => {
      assert.strictEqual(accepted(param(type), text), value);
    });
  }

  const goodSigned: [string, string, bigint][] = [
    ['int8', '-128', -128n],
    ['int8', '127', 127n],
    ['int8', '-0x80', -128n],
    ['int64', '-9223372036854775808', -(1n << 63n)],
    ['int256', I256_MIN.toString(), I256_MIN],
    ['int256', `-0x8${'0'.repeat(63)}`, I256_MIN],
    ['int256', ((1n << 255n) - 1n).toString(), (1n << 255n) - 1n],
    ['int128', '-12_345_678_901_234_567_890', -12_345_678_901_234_567_890n],
  ];
  for (const [type, text, value] of goodSigned) {
    it(`${type} reads ${JSON.stringify(text)} as ${value}`, () => {
      assert.strictEqual(accepted(param(type), text), value);
    });
  }

  const bad: [string, string, string[]][] = [
    ['uint8', '256', ['amount (uint8): "256" is beyond uint8', 'uint8 takes 0 to 255']],
    ['uint8', '-1', ['"-1" is negative', 'uint8 takes 0 to 255']],
    ['uint64', '18446744073709551616', ['uint64 takes 0 to 18446744073709551615']],
    ['uint256', (U256_MAX + 1n).toString(), ['beyond uint256', '(2^256−1)']],
    ['uint256', `0x1${'0'.repeat(64)}`, ['beyond uint256']],
    ['uint256', '1e78', ['beyond uint256']],
    ['uint256', '1e99999999999', ['beyond uint256']],
    ['int8', '-129', ['int8 takes -128 to 127']],
    ['int8', '128', ['int8 takes -128 to 127']],
    ['int256', (I256_MIN - 1n).toString(), ['(−2^255 to 2^255−1)']],
    ['int256', (1n << 255n).toString(), ['beyond int256']],
    ['uint8', '', ['empty: type a whole number']],
    ['uint8', '   ', ['empty']],
    ['uint256', '1.5', ['"1.5" is not a whole number']],
    ['uint256', '1.5e0', ['not a whole number']],
    ['uint256', '1e-1', ['not a whole number']],
    ['uint256', '1,000', ['commas do not group digits']],
    ['uint256', '+1', ['no "+"']],
    ['uint256', '1__0', ['"_" goes between two digits']],
    ['uint256', '_1', ['"_" goes between two digits']],
    ['uint256', '1_', ['"_" goes between two digits']],
    ['uint256', '0x', ['after 0x come hex digits']],
    ['uint256', '0xg1', ['after 0x come hex digits']],
    ['uint256', '0x_1', ['"_" goes between two digits']],
    ['uint256', '1e', ['not a whole number']],
    ['uint256', '1 2', ['not a whole number']],
    ['uint256', 'abc', ['"abc" is not a whole number']],
    ['uint256', '١٢', ['not a whole number']],
    ['uint256', 'Infinity', ['not a whole number']],
    ['uint256', '--1', ['not a whole number']],
    ['uint256', '1'.repeat(1001), ['1,001 characters: far too long for a number']],
  ];
  for (const [type, text, words] of bad) {
    it(`${type} refuses ${JSON.stringify(text.slice(0, 30))}`, () => {
      const message = refused(param(type), text, ...words);
      assert.ok(message.startsWith(`amount (${type}): `), message);
    });
  }

  it('says the whole range of a wide type exactly, and in powers of two', () => {
    const message = refused(param('int256'), '1e77');
    assert.ok(message.includes(`int256 takes ${I256_MIN} to ${(1n << 255n) - 1n} (−2^255 to 2^255−1)`), message);
  });
});

describe('call arguments: addresses', () => {
  const id1001 = '0x00000000000000000000000000000000000003e9';
  const lower = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
  const checksummed = getAddress(lower);
  const testnet = formatEntityIdWithChecksum(entityId(0n, 0n, 1001n), 'testnet');
  const mainnet = formatEntityIdWithChecksum(entityId(0n, 0n, 1001n), 'mainnet');
  const good: [string, string][] = [
    ['0.0.1001', id1001],
    [' 0.0.1001\t', id1001],
    [testnet, id1001],
    [mainnet, id1001],
    ['1.2.3', '0x0000000100000000000000020000000000000003'],
    ['0.0.9999999999', `0x${'0'.repeat(24)}${(9_999_999_999).toString(16).padStart(16, '0')}`],
    [lower, lower],
    [lower.toUpperCase().replace('0X', '0x'), lower],
    [`0X${lower.slice(2)}`, lower],
    [checksummed, lower],
  ];
  for (const [text, value] of good) {
    it(`reads ${JSON.stringify(text)}`, () => assert.strictEqual(accepted(param('address'), text), value));
  }

  const bad: [string, string[]][] = [
    ['', ['empty: type 0.0.1234']],
    [checksummed.slice(0, -1) + (checksummed.endsWith('d') ? 'D' : 'd'), ['not its EIP-55 checksum']],
    [lower.slice(0, -1), ['has 39 hex digits after 0x: an address has 40']],
    [`${lower}00`, ['has 42 hex digits']],
    [lower.slice(2), ['needs 0x in front']],
    [`0x${'g'.repeat(40)}`, ['has "g" at character 3, not a hex digit']],
    ['1001', ['written 0.0.1001']],
    ['0.0.12345678901', ['each part has 1 to 10 digits']],
    ['0.0.1001-ABCDE', ['each part has 1 to 10 digits']],
    ['0.0.1001-abcde', ['the checksum -abcde is not the id', 'mainnet 0.0.1001-', 'previewnet']],
    ['4294967296.0.1', ['has no address', 'shard 4294967296 does not fit in 4 bytes']],
    ['alice.hbar', ['is not an address']],
    ['0.0.-1', ['is not an address']],
  ];
  for (const [text, words] of bad) {
    it(`refuses ${JSON.stringify(text)}`, () =>
      refused(param('address', { name: 'to' }), text, 'to (address): ', ...words));
  }

  it('checks a checksum against the network given, naming it', () => {
    assert.strictEqual(accepted(param('address'), testnet, { network: 'testnet' }), id1001);
    const answer = parseArgument(param('address'), mainnet, { network: 'testnet' });
    assert.ok(
      !answer.ok && answer.message.includes('not the id') && answer.message.includes('testnet'),
      JSON.stringify(answer),
    );
    // A network without a ledger id (local) takes the checksum of any Hedera ledger.
    assert.strictEqual(accepted(param('address'), mainnet, { network: 'local' }), id1001);
    assert.strictEqual(accepted(param('address'), mainnet, { network: 'mainnet-public' }), id1001);
  });
});

describe('call arguments: bool, bytes, string, function', () => {
  it('reads true and false in any case, and nothing else', () => {
    for (const [text, value] of [
      ['true', true],
      ['false', false],
      [' TRUE ', true],
      ['False', false],
    ] as const)
      assert.strictEqual(accepted(param('bool'), text), value);
    for (const text of ['1', '0', 'yes', 't', '', 'true!', '"true"']) refused(param('bool'), text, 'amount (bool): ');
  });

  it('reads bytesN of exactly N bytes, lowercased', () => {
    assert.strictEqual(accepted(param('bytes1'), '0x00'), '0x00');
    assert.strictEqual(accepted(param('bytes4'), ' 0xCAFE0001 '), '0xcafe0001');
    const b32 = `0x${'ab'.repeat(32)}`;
    assert.strictEqual(accepted(param('bytes32'), b32.toUpperCase().replace('0X', '0x')), b32);
    refused(param('bytes4'), '0x1234', '"0x1234" is 2 bytes: bytes4 is exactly 4 (0x and 8 hex digits)');
    refused(param('bytes4'), '0x1234567890', 'is 5 bytes');
    refused(param('bytes32'), '0x', 'is 0 bytes', 'exactly 32 (0x and 64 hex digits)');
    refused(param('bytes4'), 'cafe0001', 'does not start with 0x');
    refused(param('bytes4'), '0xcafe00zz', 'has "z" at character 9, not a hex digit');
    refused(param('bytes4'), '0xcafe000', 'an odd number of hex digits (7)');
    refused(param('bytes4'), '', 'empty: type 0x and 8 hex digits');
  });

  it('reads bytes of any even length, 0x alone for none', () => {
    assert.strictEqual(accepted(param('bytes'), '0x'), '0x');
    assert.strictEqual(accepted(param('bytes'), '0xABcd'), '0xabcd');
    refused(param('bytes'), '0x123', 'odd number of hex digits (3)');
    refused(param('bytes'), 'hello', 'does not start with 0x');
    refused(param('bytes'), '', '0x alone for none');
  });

  it('takes a string exactly as typed: spaces, quotes, any Unicode', () => {
    for (const text of ['', ' padded ', '"quoted"', 'Solar roof', 'héllo 😀', 'a\u0000b', 'x\u202ey', '\\n'])
      assert.strictEqual(accepted(param('string'), text), text);
  });

  it('refuses a string with a lone surrogate (UTF-8 cannot carry it), saying where', () => {
    refused(param('string'), 'ab\ud800', 'lone surrogate (U+D800) at character 3');
    refused(param('string'), '\udc00x', 'lone surrogate (U+DC00) at character 1');
  });

  it('reads a function (an address and a selector) as 24 bytes', () => {
    const value = `0x${'12'.repeat(20)}abcdef01`;
    assert.strictEqual(accepted(param('function'), value.toUpperCase().replace('0X', '0x')), value);
    refused(param('function'), `0x${'12'.repeat(20)}`, 'is 20 bytes', '0x and 48 hex digits');
  });
});

describe('call arguments: arrays (JSON)', () => {
  it('reads numbers as JSON numbers of any size or strings, exactly', () => {
    assert.deepStrictEqual(accepted(param('uint256[]'), '[1, "0x10", 18446744073709551617, 1e18, " 7 ", "1_000"]'), [
      1n,
      16n,
      (1n << 64n) + 1n,
      10n ** 18n,
      7n,
      1000n,
    ]);
    assert.deepStrictEqual(accepted(param('int256[]'), `[-1, ${I256_MIN}]`), [-1n, I256_MIN]);
    assert.deepStrictEqual(accepted(param('uint8[]'), ' [ ] '), []);
  });

  it('reads every element kind', () => {
    assert.deepStrictEqual(accepted(param('address[]'), '["0.0.1001", "0x00000000000000000000000000000000000003EA"]'), [
      '0x00000000000000000000000000000000000003e9',
      '0x00000000000000000000000000000000000003ea',
    ]);
    assert.deepStrictEqual(accepted(param('bool[]'), '[true, "False", false]'), [true, false, false]);
    assert.deepStrictEqual(accepted(param('string[]'), '["a", " b ", "\\u202e", ""]'), ['a', ' b ', '\u202e', '']);
    assert.deepStrictEqual(accepted(param('bytes4[2]'), '["0xCAFE0001", "0x00000000"]'), ['0xcafe0001', '0x00000000']);
    assert.deepStrictEqual(accepted(param('bytes[]'), '["0x", "0xbeef"]'), ['0x', '0xbeef']);
  });

  it('reads nested and fixed arrays in Solidity order (uint8[2][3] is three pairs)', () => {
    assert.deepStrictEqual(accepted(param('uint8[2][3]'), '[[1,2],[3,4],[5,6]]'), [
      [1n, 2n],
      [3n, 4n],
      [5n, 6n],
    ]);
    assert.deepStrictEqual(accepted(param('uint256[][]'), '[[], [1], [2, 3]]'), [[], [1n], [2n, 3n]]);
    refused(
      param('uint8[2][3]'),
      '[[1,2],[3,4]]',
      'amount (uint8[2][3]): an array of 2 items; it takes exactly 3 items',
    );
    refused(
      param('uint8[2][3]'),
      '[[1,2],[3],[5,6]]',
      'amount[1] (uint8[2]): an array of 1 item; it takes exactly 2 items',
    );
  });

  const bad: [string, string, string[]][] = [
    ['uint256[]', '1, 2', ['amount (uint256[]): not a JSON array, e.g. [1, 2]', 'text after the value at character 2']],
    ['uint256[]', '', ['not a JSON array', 'empty']],
    ['uint256[]', '[1, 2', ['expected "," or "]" but found end of the text']],
    ['uint256[]', '[1,]', ['unexpected "]" at character 4']],
    ['uint256[]', '[01]', ['expected "," or "]" but found "1" at character 3']],
    ['uint256[]', '{"a": 1}', ['an object, where uint256[] is a JSON array']],
    ['uint256[]', '[1.5]', ['amount[0] (uint256): "1.5" is not a whole number']],
    ['uint8[]', '[1, 256]', ['amount[1] (uint8): "256" is beyond uint8: uint8 takes 0 to 255']],
    ['uint8[]', '[null]', ['amount[0] (uint8): null, where uint8 is a number or a string of digits']],
    ['uint8[]', '[true]', ['true, where uint8 is a number']],
    ['uint8[2]', '[1]', ['an array of 1 item; it takes exactly 2 items']],
    ['address[]', '[1001]', ['amount[0] (address): a number (1001), where an address is a string such as "0.0.1001"']],
    ['bool[]', '[1]', ['a bool is true or false']],
    ['string[]', '[1]', ['a number (1), where a string is in double quotes']],
    ['bytes32[]', '[[]]', ['an array of 0 items, where bytes32 is a string of 0x and hex digits']],
    ['string[]', '["a\tb"]', ['a malformed string']],
    ['string[]', '["\\ud800"]', ['amount[0] (string): has a lone surrogate (U+D800)']],
    ['uint8[]', '[1] x', ['text after the value at character 5']],
    ['uint8[]', '[1 2]', ['expected "," or "]" but found "2"']],
  ];
  for (const [type, text, words] of bad) {
    it(`${type} refuses ${JSON.stringify(text)}`, () => refused(param(type), text, ...words));
  }
});

const PLEDGE: AbiParameter = {
  name: 'largest',
  type: 'tuple',
  internalType: 'struct Crowdfund.Pledge',
  components: [
    { name: 'backer', type: 'address', internalType: 'address' },
    { name: 'amount', type: 'uint96', internalType: 'uint96' },
    { name: 'round', type: 'uint32', internalType: 'uint32' },
    { name: 'refunded', type: 'bool', internalType: 'bool' },
  ],
};

describe('call arguments: tuples (JSON)', () => {
  const expected = { backer: '0x00000000000000000000000000000000000003e9', amount: 5n, round: 1n, refunded: false };

  it('reads a tuple as an array in order or an object by name, as the object viem decodes', () => {
    assert.deepStrictEqual(accepted(PLEDGE, '["0.0.1001", 5, 1, false]'), expected);
    assert.deepStrictEqual(
      accepted(PLEDGE, '{"refunded": false, "round": "1", "amount": "0x5", "backer": "0.0.1001"}'),
      expected,
    );
  });

  it('names what is missing, extra, twice, or of the wrong count', () => {
    refused(
      PLEDGE,
      '{"backer": "0.0.1001", "amount": 5}',
      'largest (struct Crowdfund.Pledge): round, refunded missing',
      '(its fields: backer, amount, round, refunded)',
    );
    refused(
      PLEDGE,
      '{"backer": "0.0.1001", "amount": 5, "round": 1, "refunded": false, "memo": 1}',
      'it has no field named "memo"',
    );
    refused(PLEDGE, '{"backer": "0.0.1001", "backer": "0.0.1002"}', '"backer" is given twice');
    refused(PLEDGE, '{"__proto__": 1}', 'no field named "__proto__"');
    refused(PLEDGE, '["0.0.1001", 5, 1]', 'an array of 3 items; it has 4 fields (backer, amount, round, refunded)');
    refused(PLEDGE, '5', 'a number (5), where struct Crowdfund.Pledge is a JSON array of its fields in order');
    refused(PLEDGE, '["0.0.1001", -5, 1, false]', 'largest.amount (uint96): "-5" is negative');
  });

  it('reads tuples whose fields have no names only as arrays', () => {
    const unnamed = { name: 'pair', type: 'tuple', components: [{ type: 'uint8' }, { type: 'bool' }] } as AbiParameter;
    assert.deepStrictEqual(accepted(unnamed, '[1, true]'), [1n, true]);
    refused(unnamed, '{"0": 1}', 'its fields have no names: give them as a JSON array in order (#1, #2)');
    refused(unnamed, '[1, 2]', 'pair.1 (bool): a number (2), where a bool is true or false');
  });

  it('keeps a field named __proto__ a field', () => {
    const odd = { name: 'o', type: 'tuple', components: [{ name: '__proto__', type: 'uint8' }] } as AbiParameter;
    const value = accepted(odd, '{"__proto__": 3}') as Record<string, unknown>;
    assert.ok(Object.prototype.hasOwnProperty.call(value, '__proto__'));
    assert.strictEqual(Object.getPrototypeOf(value), Object.prototype);
  });

  it('reads arrays of tuples and tuples holding arrays, naming the path of a problem', () => {
    const pledges = {
      ...PLEDGE,
      name: 'pledges',
      type: 'tuple[]',
      internalType: 'struct Crowdfund.Pledge[]',
    } as AbiParameter;
    const value = accepted(
      pledges,
      '[["0.0.1001", 5, 1, false], {"backer": "0.0.1001", "amount": 5, "round": 1, "refunded": false}]',
    );
    assert.deepStrictEqual(value, [expected, expected]);
    refused(
      pledges,
      '[["0.0.1001", 5, 1, false], ["0.0.1001", 1e40, 1, false]]',
      'pledges[1].amount (uint96): "1e40" is beyond uint96',
    );
    const holder = {
      name: 'batch',
      type: 'tuple',
      components: [
        { name: 'to', type: 'address[]' },
        { name: 'inner', type: 'tuple', components: [{ name: 'tags', type: 'bytes4[]' }] },
      ],
    } as AbiParameter;
    assert.deepStrictEqual(accepted(holder, '{"to": ["0.0.5"], "inner": {"tags": ["0x01020304"]}}'), {
      to: ['0x0000000000000000000000000000000000000005'],
      inner: { tags: ['0x01020304'] },
    });
    refused(
      holder,
      '{"to": ["0.0.5"], "inner": {"tags": ["0x0102"]}}',
      'batch.inner.tags[0] (bytes4): "0x0102" is 2 bytes',
    );
  });
});

describe('call arguments: types that cannot be encoded', () => {
  it('says so for fixed-point, malformed and component-less types, and for them inside others', () => {
    refused(param('ufixed128x18'), '1', 'amount (ufixed128x18): fixed-point numbers cannot be encoded');
    refused(param('uint7'), '1', 'amount (uint7): not an ABI type Ledger Lens can encode');
    refused(param('bytes33'), '0x00', 'not an ABI type');
    refused(param('uint256[x]'), '[]', 'not an ABI type');
    refused(param('[]'), '[]', 'not an ABI type');
    refused(param('tuple'), '[]', 'the ABI gives no components');
    refused(param('uint7[]'), '[]', 'amount (uint7[]): holds uint7: not an ABI type');
    const nested = { name: 't', type: 'tuple', components: [{ name: 'x', type: 'fixed' }] } as AbiParameter;
    refused(nested, '[1]', 't (tuple): holds fixed: fixed-point');
  });
});

describe('call arguments: the hint line', () => {
  const hints: [AbiParameter, string][] = [
    [param('uint256'), 'uint256: a whole number from 0 to 2^256−1, decimal or 0x hex'],
    [param('uint64'), 'uint64: a whole number from 0 to 18446744073709551615, decimal or 0x hex'],
    [param('int256'), 'int256: a whole number from −2^255 to 2^255−1, decimal or 0x hex (a - before it for negative)'],
    [param('int8'), 'int8: a whole number from -128 to 127, decimal or 0x hex (a - before it for negative)'],
    [
      param('uint8', { internalType: 'enum Crowdfund.Stage' }),
      "uint8 (enum Crowdfund.Stage: its option's position from 0): a whole number from 0 to 255, decimal or 0x hex",
    ],
    [param('address'), 'address: 0.0.1234 (or 0.0.1234-abcde), or 0x and 40 hex digits'],
    [
      param('address', { internalType: 'contract IERC20' }),
      'address (contract IERC20): 0.0.1234 (or 0.0.1234-abcde), or 0x and 40 hex digits',
    ],
    [param('bool'), 'bool: true or false'],
    [param('bytes1'), 'bytes1: exactly 1 byte: 0x and 2 hex digits'],
    [param('bytes32'), 'bytes32: exactly 32 bytes: 0x and 64 hex digits'],
    [param('bytes'), 'bytes: 0x and hex digits, two per byte (0x alone for none)'],
    [param('string'), 'string: the text exactly as typed (spaces and quotes are part of it)'],
    [param('function'), 'function: an address and a selector: 0x and 48 hex digits'],
    [param('uint256[]'), 'uint256[]: a JSON array of uint256 (numbers or strings), e.g. [1, "0x10"]'],
    [param('address[3]'), 'address[3]: a JSON array of exactly 3 addresses in quotes, e.g. ["0.0.1001", "0x…"]'],
    [param('bytes32[]'), 'bytes32[]: a JSON array of bytes32 in quotes (0x and hex digits)'],
    [PLEDGE, 'struct Crowdfund.Pledge: JSON: [backer, amount, round, refunded] in this order or {"backer": …}'],
    [
      param('ufixed128x18'),
      'ufixed128x18: fixed-point numbers cannot be encoded (Solidity does not support them either)',
    ],
  ];
  for (const [p, hint] of hints) {
    it(`${p.type}${p.internalType ? ` (${p.internalType})` : ''}`, () => assert.strictEqual(argumentHint(p), hint));
  }

  it('shows invisible characters of names from the ABI', () => {
    const hostile = { name: 't', type: 'tuple', components: [{ name: 'a\u202eb', type: 'uint8' }] } as AbiParameter;
    assert.strictEqual(argumentHint(hostile), 'tuple: JSON: [a⟨U+202E⟩b] in this order or {"a⟨U+202E⟩b": …}');
  });
});
