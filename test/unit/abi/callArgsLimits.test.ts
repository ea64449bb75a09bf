// Typed arguments at and past their limits, and hostile text: an array of a million items, nesting
// without end, a megabyte of text where a number goes, bidi and NUL characters, hostile names in
// the ABI. Each is refused (or taken) with words and in time that does not grow with the part of
// the input past the limit; arrays within the limits cost time linear in their size (n vs 8n).
import * as assert from 'assert';
import {
  CALL_ARGUMENT_LIMITS,
  MAX_CALL_DATA_CHARS,
  encodeCallFromText,
  parseArgument,
} from '../../../src/abi/callArgs';
import type { AbiFunction, AbiParameter } from '../../../src/abi/types';
import { assertGrowth } from '../../support/growth';
import { getAddress } from 'viem';

const param = (type: string, name = 'xs'): AbiParameter => ({ name, type });

function refusal(p: AbiParameter, text: string): string {
  const answer = parseArgument(p, text);
  assert.ok(!answer.ok, `${p.type} accepted ${text.length} characters`);
  return answer.message;
}

const numbers = (n: number): string =>
  `[${Array.from({ length: n }, (_, i) => `${i + 1}${'0'.repeat(20)}`).join(',')}]`;

describe('call arguments: limits', function () {
  this.timeout(60_000);

  it('states its limits', () => {
    assert.deepStrictEqual(CALL_ARGUMENT_LIMITS, {
      maxJsonChars: 524_292,
      maxItems: 4_096,
      maxValues: 10_000,
      maxDepth: 32,
    });
    assert.strictEqual(MAX_CALL_DATA_CHARS, 262_146);
  });

  it('refuses an array of a million items by its length, before reading it, in time independent of its size', () => {
    const million = `[${'1,'.repeat(999_999)}1]`;
    assert.strictEqual(
      refusal(param('uint256[]'), million),
      'xs (uint256[]): 2,000,001 characters of JSON: more than a call can carry (at most 524,292 characters are read)',
    );
    assertGrowth(
      'refusing an overlong array',
      n => `[${'1,'.repeat(n)}1]`,
      text => parseArgument(param('uint256[]'), text),
      1_000_000,
      { maxRatio: 4 },
    );
  });

  it('stops reading an array at its 4,097th item, whatever follows', () => {
    const message = refusal(param('uint8[]'), `[${'1,'.repeat(9_000)}1]`);
    assert.strictEqual(
      message,
      'xs (uint8[]): more than 4,096 items in one array (from character 8194): each takes at least 32 of the 131,072 bytes a call carries',
    );
    // 5,000 items or 40,000: the same 4,097 are read.
    assertGrowth(
      'refusing a long array',
      n => `[${'1,'.repeat(n)}1]`,
      text => parseArgument(param('uint8[]'), text),
      5_000,
      { maxRatio: 4 },
    );
  });

  it('counts every value, in nested arrays too', () => {
    const grid = `[${Array.from({ length: 101 }, () => `[${'1,'.repeat(99)}1]`).join(',')}]`;
    assert.ok(refusal(param('uint8[][]'), grid).includes('more than 10,000 values'));
  });

  it('refuses nesting deeper than 32 levels at once, in the text or in the type', () => {
    assert.ok(
      refusal(param('uint8[]'), '['.repeat(100_000)).includes('nested deeper than 32 levels (from character 33)'),
    );
    const deepType = `uint8${'[]'.repeat(10_000)}`;
    const message = refusal(param(deepType), '[]');
    assert.ok(message.includes('nested deeper than 32 levels') && message.length < 400, message.slice(0, 400));
    let deep: AbiParameter = { name: 'leaf', type: 'uint8' };
    for (let i = 0; i < 10_000; i++) deep = { name: `t${i}`, type: 'tuple', components: [deep] };
    assert.ok(refusal(deep, '[]').includes('nested deeper than 32 levels'));
  });

  it('refuses megabytes where a number, an address, bytes or a string goes, saying how long', () => {
    const mb = 1 << 20;
    assert.ok(
      refusal(param('uint256', 'n'), '9'.repeat(mb)).startsWith(
        'n (uint256): 1,048,576 characters: far too long for a number',
      ),
    );
    assert.ok(
      refusal(param('address', 'a'), `0x${'a'.repeat(mb)}`).startsWith(
        'a (address): 1,048,578 characters: far too long',
      ),
    );
    assert.strictEqual(
      refusal(param('bytes', 'b'), `0x${'ab'.repeat(mb / 2)}`),
      "b (bytes): 1,048,578 characters: more than a call's data can carry (262,146 hex characters with 0x)",
    );
    assert.strictEqual(
      refusal(param('string', 's'), 'x'.repeat(mb)),
      "s (string): 1,048,576 characters: more than a call's data can carry (131,072 bytes)",
    );
    assert.ok(
      refusal(param('string[]', 's'), `["${'x'.repeat(mb)}"]`).includes(
        'characters of JSON: more than a call can carry',
      ),
    );
  });

  it('costs time linear in the items of an array within the limits (n vs 8n)', () => {
    assertGrowth('uint256[] items', numbers, text => assert.ok(parseArgument(param('uint256[]'), text).ok), 400);
    const lower = (i: number) => `0x${(i + 1).toString(16).padStart(40, 'a')}`;
    const addresses = (n: number) =>
      `[${Array.from({ length: n }, (_, i) => JSON.stringify(getAddress(lower(i)))).join(',')}]`;
    assertGrowth(
      'address[] items (EIP-55 checked)',
      addresses,
      text => assert.ok(parseArgument(param('address[]'), text).ok),
      300,
    );
    const strings = (n: number) =>
      `[${Array.from({ length: n }, (_, i) => JSON.stringify(`item ${i} \u00e9\\"`)).join(',')}]`;
    // Each string takes three words (offset, length, text): 8 × 150 of them fit.
    assertGrowth('string[] items', strings, text => assert.ok(parseArgument(param('string[]'), text).ok), 150);
  });

  it('costs time linear in the length of one long value (n vs 8n)', () => {
    assertGrowth(
      'bytes',
      n => `0x${'ab'.repeat(n)}`,
      text => assert.ok(parseArgument(param('bytes'), text).ok),
      8_000,
    );
    assertGrowth(
      'string with escapes in JSON',
      n => `["${'\\\\\\"'.repeat(n)}"]`,
      text => assert.ok(parseArgument(param('string[]'), text).ok),
      4_000,
    );
  });
});

describe('call arguments: hostile text', () => {
  // eslint-disable-next-line no-control-regex
  const RAW = /[\u0000\u202e\u2066\u200b\n]/;

  it('shows bidi, zero-width, NUL and line breaks in what it echoes, never raw', () => {
    const cases: [AbiParameter, string, string][] = [
      [param('uint256', 'n'), '1\u202e2', '"1⟨U+202E⟩2" is not a whole number'],
      [param('address', 'a'), '0.0.1\u0000', '"0.0.1⟨U+0000⟩" is not an address'],
      [param('address', 'a'), '0x\u200b' + 'a'.repeat(40), 'has "⟨U+200B⟩" at character 3'],
      [param('bool', 'b'), 'true\ntrue', '"true⟨U+000A⟩true" is not true or false'],
      [param('uint8[]', 'xs'), '[1, \u2066]', 'unexpected "⟨U+2066⟩" at character 5'],
      [param('bytes4', 'c'), `0x${'\u202e'.repeat(1000)}`, 'has "⟨U+202E⟩" at character 3'],
    ];
    for (const [p, text, words] of cases) {
      const message = refusal(p, text);
      assert.ok(message.includes(words), message);
      assert.ok(!RAW.test(message), JSON.stringify(message));
      assert.ok(message.length < 400, `${message.length} characters`);
    }
  });

  it('cuts what it echoes of a long text to 40 characters', () => {
    const message = refusal(param('uint256', 'n'), `x${'9'.repeat(900)}`);
    assert.ok(message.startsWith(`n (uint256): "x${'9'.repeat(39)}…" is not a whole number`), message.slice(0, 80));
  });

  it('takes a string with bidi, NUL or line breaks exactly: it is the text the user means to send', () => {
    for (const text of ['\u202eevil', 'a\u0000b', 'line\nbreak', '\ufeff']) {
      const answer = parseArgument(param('string', 's'), text);
      assert.deepStrictEqual(answer, { ok: true, value: text });
    }
    assert.deepStrictEqual(parseArgument(param('string[]', 's'), '["\\u0000", "\\u202e"]'), {
      ok: true,
      value: ['\u0000', '\u202e'],
    });
  });

  it('shows hostile names from the ABI and keys from the JSON safely', () => {
    const hostile = {
      name: 'p\u202ekcab',
      type: 'tuple',
      components: [{ name: 'a\nb', type: 'uint8' }],
    } as AbiParameter;
    const missing = refusal(hostile, '{}');
    assert.strictEqual(missing, 'p⟨U+202E⟩kcab (tuple): a⟨U+000A⟩b missing (its fields: a⟨U+000A⟩b)');
    const extra = refusal(hostile, '{"a\\nb": 1, "\\u202ex": 2}');
    assert.ok(extra.includes('no field named "⟨U+202E⟩x"') && !RAW.test(extra), extra);
    const fn = {
      type: 'function',
      name: 'f\u202e',
      stateMutability: 'view',
      outputs: [],
      inputs: [hostile],
    } as unknown as AbiFunction;
    const call = encodeCallFromText(fn, []);
    assert.ok(!call.ok && call.message === 'f⟨U+202E⟩ takes 1 argument; 0 given', JSON.stringify(call));
  });

  it('does not let __proto__ in the JSON reach any prototype', () => {
    const pair = { name: 'p', type: 'tuple', components: [{ name: 'a', type: 'uint8' }] } as AbiParameter;
    refusal(pair, '{"__proto__": {"polluted": 1}, "a": 1}');
    refusal(param('uint8[]'), '[{"__proto__": {"polluted": 1}}]');
    assert.strictEqual(({} as Record<string, unknown>).polluted, undefined);
  });

  it('answers inputs that are not strings without throwing', () => {
    const answer = parseArgument(param('uint8'), undefined as unknown as string);
    assert.deepStrictEqual(answer, { ok: false, message: 'xs (uint8): no text' });
    const fn = {
      type: 'function',
      name: 'f',
      stateMutability: 'view',
      outputs: [],
      inputs: [param('uint8')],
    } as AbiFunction;
    assert.deepStrictEqual(encodeCallFromText(fn, null as unknown as string[]), {
      ok: false,
      index: 0,
      message: 'f takes 1 argument; 0 given',
    });
    // A malformed ABI (from a hostile artifact): no parameter object, no function object, a network name unknown.
    const missing = parseArgument(null as unknown as AbiParameter, '1');
    assert.deepStrictEqual(missing, { ok: false, message: 'argument: the ABI gives no parameter here' });
    const holes = { ...fn, inputs: [null] } as unknown as AbiFunction;
    const holeAnswer = encodeCallFromText(holes, ['1']);
    assert.ok(!holeAnswer.ok && holeAnswer.index === 0, JSON.stringify(holeAnswer));
    assert.deepStrictEqual(encodeCallFromText(null as unknown as AbiFunction, []), {
      ok: false,
      index: -1,
      message: 'the ABI gives no function here',
    });
    const odd = parseArgument(param('address'), '0.0.1001-abcde', { network: 'nowhere' as never });
    assert.ok(!odd.ok && odd.message.includes('any Hedera network'), JSON.stringify(odd));
  });
});
