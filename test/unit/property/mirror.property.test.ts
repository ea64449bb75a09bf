// Property tests of what the network and the callers feed the mirror layer: lossless JSON (every
// body the mirror node sends) and the parameter checkers (every path and query built from user
// input). Nothing thrown but SyntaxError (JSON) or MirrorInputError (checkers); each input decided
// (pathological ones in linear time); what is accepted is exactly what the rules describe.
import * as assert from 'assert';
import fc from 'fast-check';
import { MirrorInputError } from '../../../src/mirror/errors';
import { parseLossless } from '../../../src/mirror/lossless';
import * as mirrorParams from '../../../src/mirror/params';
import {
  check,
  decide,
  decideGrowth,
  digits,
  entityIdText,
  evmText,
  hexDigits,
  inputs,
  PATHOLOGICAL,
  PATHOLOGICAL_N,
  show,
  txIdAt,
  txIdDash,
} from './decide';

/** JSON text with integers of any length written as raw digits, and what each must parse to. */
const bigJson: fc.Arbitrary<{ text: string; expected: unknown }> = fc.letrec<{
  value: { text: string; expected: unknown };
}>(tie => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.bigInt(-(10n ** 30n), 10n ** 30n).map(n => {
      const digitCount = (n < 0n ? -n : n).toString().length;
      return { text: n.toString(), expected: digitCount >= 16 ? n.toString() : Number(n) };
    }),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map(d => {
      // An integral double prints as an integer token: 16 digits or more come back as the digits.
      const text = JSON.stringify(d);
      return { text, expected: /^-?\d{16,}$/.test(text) ? text : (JSON.parse(text) as unknown) };
    }),
    fc.string().map(s => ({ text: JSON.stringify(s), expected: s })),
    digits(16, 40).map(d => ({ text: JSON.stringify(`x${d}`), expected: `x${d}` })),
    fc.constantFrom(true, false, null).map(v => ({ text: JSON.stringify(v), expected: v })),
    fc.array(tie('value'), { maxLength: 5 }).map(items => ({
      text: `[${items.map(i => i.text).join(', ')}]`,
      expected: items.map(i => i.expected),
    })),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 5 }).map(entries => ({
      text: `{${Object.entries(entries)
        .map(([k, v]) => `${JSON.stringify(k)}:${v.text}`)
        .join(',')}}`,
      expected: Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, v.expected])),
    })),
  ),
})).value;

describe('property: mirror layer', function () {
  this.timeout(120_000);

  describe('lossless JSON', () => {
    it('parses any JSON keeping every integer exact (16+ digits as their digits)', () => {
      check(bigJson, ({ text, expected }) => {
        const value = decide('parseLossless', text, () => parseLossless(text), [SyntaxError]);
        assert.deepStrictEqual(value, expected, text);
      });
    });

    const bodies = inputs(
      bigJson.map(j => j.text),
      '{}[]",:0123456789-.eE\\ truefalsn',
    );

    /** JSON.parse's verdict on `text`: the value, or `refused`. */
    function native(text: string): { value?: unknown; refused?: true } {
      try {
        return { value: JSON.parse(text) as unknown };
      } catch {
        return { refused: true };
      }
    }

    it('throws only SyntaxError on mutated and random bodies, and agrees with JSON.parse on safe ones', () => {
      check(bodies, text => {
        const value = decide('parseLossless', text, () => parseLossless(text), [SyntaxError]);
        const n = native(text);
        if (!n.refused && !/\d{16}/.test(text)) assert.deepStrictEqual(value, n.value, text);
      });
    });

    // Found before core's linear rewrite (a long integer token with leading zeros was quoted and
    // accepted); holds since.
    it('refuses every body JSON.parse refuses (leading zeros included)', () => {
      check(bodies, text => {
        const value = decide('parseLossless', text, () => parseLossless(text), [SyntaxError]);
        if (native(text).refused) assert.strictEqual(value, undefined, `parsed what JSON.parse refuses: ${text}`);
      });
    });

    it('decides pathological bodies, in time that grows linearly with them', () => {
      // Each made at n and 8n; the large sizes are those the fixed inputs had (1 MB, 100,000, 10,000).
      const bodies: Array<readonly [string, (n: number) => string, number]> = [
        ...PATHOLOGICAL.map(([name, make]) => [name, make, PATHOLOGICAL_N] as const),
        ['digits as a value', n => `{"a":${'9'.repeat(n)}}`, PATHOLOGICAL_N],
        ['nested arrays', n => '['.repeat(n) + ']'.repeat(n), 12_500],
        ['unclosed arrays', n => '['.repeat(n), 12_500],
        ['a string of digits', n => `"${'1'.repeat(n)}"`, PATHOLOGICAL_N],
        ['long integers', n => `[${Array.from({ length: n }, () => '12345678901234567890').join(',')}]`, 1250],
      ];
      for (const [name, make, n] of bodies)
        decideGrowth(`parseLossless(${name})`, make, text => parseLossless(text), [SyntaxError], n);
    });

    it('decides a body at the size cap, long integers inside and outside strings', () => {
      const row = `{"memo":"1234567890123456789 \\" 1234567890123456789","amount":12345678901234567890}`;
      const rows = (n: number): string => `[${Array.from({ length: n }, () => row).join(',')}]`;
      // 7,500 and 60,000 rows: the larger is at the size cap.
      const parsed = decide('parseLossless(size cap)', '60,000 rows', () => parseLossless(rows(60_000)), [SyntaxError]);
      assert.ok(Array.isArray(parsed) && parsed.length === 60_000, 'a body at the cap is parsed');
      decideGrowth('parseLossless(rows up to the size cap)', rows, text => parseLossless(text), [SyntaxError], 7500);
    });
  });

  describe('path checkers', () => {
    const pathInput = fc.oneof(
      inputs(
        fc.oneof(entityIdText, evmText, txIdDash, txIdAt, hexDigits(96), hexDigits(64), digits(1, 19)),
        '0123456789.-@abcdefxABZ =',
      ),
      fc.anything().map(v => v as string),
    );

    it('return a path segment or throw MirrorInputError, for any input', () => {
      check(pathInput, v => {
        const results = [
          decide('accountPath', v, () => mirrorParams.accountPath(v), [MirrorInputError]),
          decide('contractPath', v, () => mirrorParams.contractPath(v), [MirrorInputError]),
          decide('entityPath', v, () => mirrorParams.entityPath(v, 'tokenId'), [MirrorInputError]),
          decide('transactionPath', v, () => mirrorParams.transactionPath(v), [MirrorInputError]),
          decide('blockPath', v, () => mirrorParams.blockPath(v), [MirrorInputError]),
        ];
        for (const segment of results) {
          if (segment === undefined) continue;
          assert.strictEqual(typeof segment, 'string');
          assert.match(segment, /^[0-9A-Za-z.\-_]+$/, `${show(v)} → ${segment}: nothing a path must escape`);
        }
      });
    });

    it('blockPath takes any bigint from 0 to int64 and refuses the rest', () => {
      check(fc.bigInt(-(1n << 70n), 1n << 70n), n => {
        const ok = decide('blockPath', n, () => mirrorParams.blockPath(n), [MirrorInputError]);
        assert.strictEqual(ok !== undefined, n >= 0n && n <= 9_223_372_036_854_775_807n);
      });
    });

    it('transactionPath refuses seconds above int64', () => {
      check(fc.bigInt(9_223_372_036_854_775_808n, 10n ** 19n - 1n), s => {
        const v = `0.0.2-${s}-0`;
        assert.strictEqual(
          decide('transactionPath', v, () => mirrorParams.transactionPath(v), [MirrorInputError]),
          undefined,
        );
      });
    });

    it('decide pathological text, in time that grows linearly with it', () => {
      for (const [name, make] of PATHOLOGICAL) {
        for (const [fn, f] of [
          ['accountPath', mirrorParams.accountPath],
          ['contractPath', mirrorParams.contractPath],
          ['transactionPath', mirrorParams.transactionPath],
          ['blockPath', mirrorParams.blockPath],
          ['entityPath', (t: string) => mirrorParams.entityPath(t, 'topicId')],
        ] as const) {
          decideGrowth(`${fn}(${name})`, make, text => f(text), [MirrorInputError]);
        }
      }
    });
  });

  describe('query checkers', () => {
    const value = fc.oneof(
      fc.anything(),
      fc.integer({ min: -5, max: 200 }),
      fc.bigInt(-5n, 1n << 70n),
      fc.constantFrom('asc', 'desc', 'CRYPTOTRANSFER', 'contractcall', 'eq:5', 'gte:1700000000.000000001', '0x11'),
      inputs(fc.oneof(digits(1, 20), entityIdText, evmText, hexDigits(64)), '0123456789.:abcdefgqltx'),
      fc.array(inputs(digits(1, 12), '0123456789.:eqgtl'), { maxLength: 3 }),
    );
    const names = fc.constantFrom(
      'limit',
      'order',
      'timestamp',
      'transactiontype',
      'transactions',
      'nonce',
      'scheduled',
      'block.number',
      'block.hash',
      'from',
      'coin',
      'internal',
      'transaction.index',
      'unknown',
      '__proto__',
    );
    const params = fc.dictionary(names, value, { maxKeys: 4 });

    it('return a query or throw MirrorInputError naming a parameter, for any params', () => {
      check(params, p => {
        for (const [fn, f] of [
          ['accountQuery', mirrorParams.accountQuery],
          ['transactionQuery', mirrorParams.transactionQuery],
          ['blocksQuery', mirrorParams.blocksQuery],
          ['contractResultsQuery', mirrorParams.contractResultsQuery],
        ] as const) {
          let error: unknown;
          const query = decide(
            fn,
            JSON.stringify(p, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)),
            () => {
              try {
                return f(p);
              } catch (e) {
                error = e;
                throw e;
              }
            },
            [MirrorInputError],
          );
          if (error instanceof MirrorInputError) assert.ok(error.issues.length > 0 && error.parameter.length > 0);
          if (query) {
            for (const [k, v] of query) assert.ok(typeof k === 'string' && typeof v === 'string');
            decide('encodeQuery', query, () => mirrorParams.encodeQuery(query));
          }
        }
      });
    });

    it('decide pathological values, in time that grows linearly with them', () => {
      for (const [name, make] of PATHOLOGICAL) {
        for (const key of ['timestamp', 'block.number', 'from', 'block.hash', 'transaction.index', 'transactiontype']) {
          const params = (n: number): never => ({ [key]: make(n) }) as never;
          decideGrowth(`query ${key}=${name}`, params, p => mirrorParams.contractResultsQuery(p), [MirrorInputError]);
          decideGrowth(`blocks ${key}=${name}`, params, p => mirrorParams.blocksQuery(p), [MirrorInputError]);
          decideGrowth(`account ${key}=${name}`, params, p => mirrorParams.accountQuery(p), [MirrorInputError]);
        }
      }
    });
  });
});
