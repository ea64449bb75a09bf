import * as assert from 'assert';
import { hasUnsafeIntegers, parseLossless, quoteLongIntegers } from '../../../src/mirror/lossless';
import { assertGrowth } from '../../support/growth';
import { recorded } from './helpers';

describe('mirror/lossless JSON', () => {
  it('leaves text without long digit runs untouched (the JSON.parse fast path)', () => {
    const text = '{"a":123456789012345,"b":"0.0.8","c":[1,-2,3.5e10]}';
    assert.strictEqual(quoteLongIntegers(text), text);
    assert.deepStrictEqual(parseLossless(text), JSON.parse(text));
  });

  it('keeps integers of up to 15 digits numbers and gives longer ones as their exact digits', () => {
    const v = parseLossless(
      '{"short":999999999999999,"long":1234567890123456,"safe":9007199254740991,"edge":9007199254740992,"over":9007199254740993}',
    ) as Record<string, unknown>;
    assert.strictEqual(v['short'], 999999999999999);
    // 16 digits may or may not fit a double: given as digits either way, never rounded.
    assert.strictEqual(v['long'], '1234567890123456');
    assert.strictEqual(v['safe'], '9007199254740991');
    assert.strictEqual(v['edge'], '9007199254740992');
    assert.strictEqual(v['over'], '9007199254740993');
    assert.ok(!hasUnsafeIntegers('[9007199254740991]'));
    assert.ok(hasUnsafeIntegers('[9007199254740992]'));
  });

  it('refuses a long integer with a leading zero, as JSON.parse does (quoting it would accept it)', () => {
    for (const text of [
      '[9912,0500000000000000000000]',
      '{"a":-0500000000000000000000}',
      '{"a": 01234567890123456789}',
    ]) {
      assert.throws(() => JSON.parse(text), SyntaxError, text);
      assert.throws(() => parseLossless(text), SyntaxError, text);
    }
    assert.deepStrictEqual(parseLossless('{"a":"0500000000000000000000"}'), { a: '0500000000000000000000' });
  });

  it('keeps negative and int64-edge integers exact', () => {
    const v = parseLossless(
      '[-9223372036854775808,9223372036854775807,-9007199254740993,-9007199254740991,-999999999999999]',
    ) as unknown[];
    assert.deepStrictEqual(v, [
      '-9223372036854775808',
      '9223372036854775807',
      '-9007199254740993',
      '-9007199254740991',
      -999999999999999,
    ]);
  });

  it('does not touch digit runs inside strings, even after escaped quotes and backslashes', () => {
    const text = String.raw`{"memo":"pay 12345678901234567890 now","q":"say \"98765432109876543210\"","bs":"end\\","n":12345678901234567890}`;
    const v = parseLossless(text) as Record<string, unknown>;
    assert.strictEqual(v['memo'], 'pay 12345678901234567890 now');
    assert.strictEqual(v['q'], 'say "98765432109876543210"');
    assert.strictEqual(v['bs'], 'end\\');
    assert.strictEqual(v['n'], '12345678901234567890');
  });

  it('is not fooled by strings that look like value positions (the optimistic pass falls back)', () => {
    const text =
      '{"m":"a:12345678901234567890","n":"x, -12345678901234567890","o":["[12345678901234567890"],"v":12345678901234567890,"w":"b:1"}';
    const v = parseLossless(text) as Record<string, unknown>;
    assert.strictEqual(v['m'], 'a:12345678901234567890');
    assert.strictEqual(v['n'], 'x, -12345678901234567890');
    assert.deepStrictEqual(v['o'], ['[12345678901234567890']);
    assert.strictEqual(v['v'], '12345678901234567890');
    // Only inside strings: nothing to quote, the strings come back intact.
    assert.deepStrictEqual(parseLossless('{"m":"a:12345678901234567890"}'), { m: 'a:12345678901234567890' });
  });

  it('refuses a long integer with a leading zero, as JSON.parse does (found by the property test)', () => {
    for (const text of [
      '{"a":-00000000000000000000000000000}',
      '{"a":00000000000000001}',
      '[1, 0000000000000000000]',
      '-00000000000000000000',
      '{"a": 01234567890123456789}',
    ]) {
      assert.throws(() => JSON.parse(text), SyntaxError, text);
      assert.throws(() => parseLossless(text), SyntaxError, text);
    }
    assert.deepStrictEqual(parseLossless('{"a":0,"b":-0,"c":10000000000000000000}'), {
      a: 0,
      b: -0,
      c: '10000000000000000000',
    });
  });

  it('handles a document that is a single long integer', () => {
    assert.strictEqual(parseLossless(' 12345678901234567890 '), '12345678901234567890');
    assert.strictEqual(parseLossless('-1'), -1);
  });

  it('does not touch digit runs inside keys', () => {
    const v = parseLossless('{"12345678901234567890":1}') as Record<string, unknown>;
    assert.deepStrictEqual(Object.keys(v), ['12345678901234567890']);
    assert.strictEqual(v['12345678901234567890'], 1);
  });

  it('leaves floats and exponents as numbers (they are not integers as sent)', () => {
    const v = parseLossless(
      '[12345678901234567890.5,1.12345678901234567890,1e12345678901234567,2E-12345678901234567,3e+12345678901234567,-12345678901234567890e2]',
    ) as unknown[];
    assert.strictEqual(typeof v[0], 'number');
    assert.strictEqual(typeof v[1], 'number');
    assert.strictEqual(v[2], Infinity);
    assert.strictEqual(v[3], 0);
    assert.strictEqual(v[4], Infinity);
    assert.strictEqual(typeof v[5], 'number');
  });

  it('handles whitespace around tokens and nesting', () => {
    const v = parseLossless('{ "a" : [ 12345678901234567890 , { "b" :\n-12345678901234567890 } ] }');
    assert.deepStrictEqual(v, { a: ['12345678901234567890', { b: '-12345678901234567890' }] });
  });

  it('rejects malformed JSON with a SyntaxError', () => {
    assert.throws(() => parseLossless('{"a":12345678901234567890'), SyntaxError);
    assert.throws(() => parseLossless('<html>'), SyntaxError);
  });

  it('round-trips random documents: every integer keeps all its digits', () => {
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const bigDigits = () => {
      const len = 1 + Math.floor(rand() * 19);
      let s = String(1 + Math.floor(rand() * 9));
      for (let i = 1; i < len; i++) s += String(Math.floor(rand() * 10));
      return (rand() < 0.3 ? '-' : '') + s;
    };
    for (let round = 0; round < 200; round++) {
      const ints: string[] = [];
      const parts: string[] = [];
      for (let i = 0; i < 20; i++) {
        const d = bigDigits();
        ints.push(d);
        const noise = rand() < 0.5 ? `"s${bigDigits()}\\"${bigDigits()}"` : `${bigDigits()}.5`;
        parts.push(`{"k${i}":${d},"noise":${noise}}`);
      }
      const v = parseLossless(`[${parts.join(',')}]`) as Array<Record<string, unknown>>;
      v.forEach((o, i) => {
        const got = o[`k${i}`];
        assert.strictEqual(BigInt(got as string | number), BigInt(ints[i]), `integer ${ints[i]}`);
        if (typeof got === 'number') assert.ok(Number.isSafeInteger(got));
      });
    }
  });

  it('agrees with every recording about which bodies hold unsafe integers', () => {
    for (const r of recorded()) {
      assert.strictEqual(hasUnsafeIntegers(r.bodyText), r.hasUnsafeIntegers, r.url);
    }
  });
});

describe('parseLossless: linear time at the 16 MiB body cap', function () {
  this.timeout(60_000);
  // A string early on holds ", <16 digits>": pass 1 breaks it, so pass 2 (the exact rewrite) runs
  // over a long quote-free array of 19-digit integers. It took 72 s at 7.9 MiB before the fix.
  function body(bytes: number): string {
    const item = '1234567890123456789,';
    return `{"a":", 1234567890123456","b":[${item.repeat(Math.floor((bytes - 40) / item.length))}1]}`;
  }
  it('a 7.9 MiB body parses exactly, and 8× the size costs about 8× the CPU time (not the old quadratic)', () => {
    const large = body(7.9 * 1024 * 1024);
    const arr = (parseLossless(large) as { b: unknown[] }).b;
    assert.strictEqual(arr[0], '1234567890123456789');
    assert.strictEqual(arr.length, Math.floor((7.9 * 1024 * 1024 - 40) / 20) + 1);
    // 0.9875 MiB vs 7.9 MiB: quadratic growth would make the ratio ~64 (it took 72 s at 7.9 MiB).
    assertGrowth('parseLossless at the size cap', n => body(n), parseLossless, (7.9 * 1024 * 1024) / 8);
  });
});
