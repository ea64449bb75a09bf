// The selective streaming JSON reader: what it takes equals JSON.parse's value however the text is
// cut into chunks, what it skips is never built, malformed text is a SyntaxError with its byte
// position (never another exception, never a hang), and its bounds hold.
import * as assert from 'assert';
import fc from 'fast-check';
import {
  JsonLimitError,
  JsonStreamError,
  JsonStreamReader,
  type JsonKey,
  type JsonNote,
  type JsonSelection,
  type JsonStreamOptions,
} from '../../../src/source/jsonStream';
import { selectPaths } from '../../../src/source/jsonPaths';
import { assertGrowth } from '../../support/growth';

interface Read {
  readonly values: [JsonKey[], unknown, number][];
  readonly notes: [JsonKey[], JsonNote][];
}

/** Reads `bytes` cut at `cuts` (offsets, any order, duplicates allowed). */
function read(
  bytes: Uint8Array | string,
  select: (path: readonly JsonKey[]) => JsonSelection,
  cuts: readonly number[] = [],
  options: Partial<JsonStreamOptions> = {},
): Read {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  const out: Read = { values: [], notes: [] };
  const reader = new JsonStreamReader({
    select,
    onValue: (p, v, n) => out.values.push([[...p], v, n]),
    onNote: (p, n) => out.notes.push([[...p], n]),
    ...options,
  });
  const points = [...new Set(cuts.map(c => Math.min(Math.max(c, 0), data.length)))].sort((a, b) => a - b);
  let at = 0;
  for (const point of [...points, data.length]) {
    reader.write(data.subarray(at, point));
    at = point;
  }
  reader.end();
  return out;
}

const takeAll = () => 'take' as const;
const skipAll = () => 'skip' as const;

/** What reading throws, or undefined. */
function thrown(work: () => unknown): unknown {
  try {
    work();
    return undefined;
  } catch (e) {
    return e;
  }
}

const cuts = (max = 64) => fc.array(fc.nat({ max: 4096 }), { maxLength: max });

describe('jsonStream: the selective streaming reader', () => {
  it('takes the root as JSON.parse reads it', () => {
    for (const text of [
      '1',
      '-0.5e+3',
      '"a\\"b\\\\"',
      '{"a":[1,2,{"b":null}],"c":"x"}',
      '[]',
      '{}',
      ' true ',
      '"\\u00e9"',
    ])
      assert.deepStrictEqual(read(text, takeAll).values, [
        [[], JSON.parse(text), new TextEncoder().encode(text.trim()).length],
      ]);
  });

  it('takes, notes and walks by pattern; the rest is skipped', () => {
    const select = selectPaths({ take: [['a', '*', 'b'], ['c']], note: [['d']] });
    const text = '{"a":[1,{"b":"q\\\\"},{"b":[3]}],"c":"x\\"y","d":{"z":[1,2,"]"]},"e":"\\\\"}';
    for (const chunk of [0, 1, 2, 5, 7])
      assert.deepStrictEqual(read(text, select, chunk === 0 ? [] : Array.from({ length: 80 }, (_, i) => i * chunk)), {
        values: [
          [['a', 1, 'b'], 'q\\', 5],
          [['a', 2, 'b'], [3], 3],
          [['c'], 'x"y', 6],
        ],
        notes: [[['d'], { kind: 'object', bytes: 15 }]],
      });
  });

  it('does not read inside skipped strings: a bad escape there is no error, taken it is', () => {
    const text = '{"skip":"\\x bad \\q","keep":1}';
    assert.deepStrictEqual(read(text, selectPaths({ take: [['keep']] })).values, [[['keep'], 1, 1]]);
    const error = thrown(() => read(text, takeAll));
    assert.ok(error instanceof JsonStreamError && error.position === 10, String(error));
  });

  it('says where malformed text goes wrong, in bytes, whatever the chunks', () => {
    const cases: [string, string, number][] = [
      ['[1,]', "Unexpected character ']'", 3],
      ['{"a" 1}', "Unexpected character '1'", 5],
      ['01', "Unexpected character '1'", 1],
      ['[', 'Unexpected end', 1],
      ['', 'Unexpected end', 0],
      ['{"a":1}}', "Unexpected character '}'", 7],
      ['tru', 'Unexpected end', 3],
      ['nul!', "Unexpected character '!'", 3],
      ['"é\u0001"', 'Bad control character in string', 3],
      ['"\\u12g4"', 'Bad Unicode escape', 5],
      ['[1 2]', "Unexpected character '2'", 3],
      ['{"a":1,}', "Unexpected character '}'", 7],
      ['\u00ff', 'Unexpected byte 0xc3', 0],
    ];
    for (const [text, what, at] of cases)
      for (const chunks of [[], [1], [1, 2, 3, 4, 5, 6]]) {
        const error = thrown(() => read(text, takeAll, chunks));
        assert.ok(error instanceof JsonStreamError && error instanceof SyntaxError, `${text}: ${String(error)}`);
        assert.strictEqual(error.message, `${what} in JSON at byte ${at}`, text);
        assert.strictEqual(error.position, at);
      }
  });

  it('refuses nesting deeper than its bound, and a taken value larger than its bound', () => {
    const deep = thrown(() => read('['.repeat(50) + ']'.repeat(50), skipAll, [], { maxDepth: 40 }));
    assert.ok(deep instanceof JsonLimitError && /nested deeper than 40/.test(deep.message), String(deep));
    const text = `{"big":"${'x'.repeat(5000)}","small":1}`;
    const large = thrown(() =>
      read(text, selectPaths({ take: [['big']] }), [1000, 2000, 3000], { maxValueBytes: 4096 }),
    );
    assert.ok(large instanceof JsonLimitError && large.position === 7, String(large));
    // Skipped, the same value costs nothing and is no error.
    assert.deepStrictEqual(read(text, selectPaths({ take: [['small']] }), [], { maxValueBytes: 16 }).values, [
      [['small'], 1, 1],
    ]);
  });

  it('refuses writing after the end', () => {
    const reader = new JsonStreamReader({ select: takeAll });
    reader.write('1');
    reader.end();
    assert.throws(() => reader.write('2'), /after end/);
  });

  it('fuzz: taking the root gives JSON.parse’s value, however the text is cut', () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: 'grapheme' }), fc.boolean(), cuts(), (value, indent, at) => {
        const text = JSON.stringify(value, null, indent ? 2 : undefined);
        const [[path, taken]] = read(text, takeAll, at).values;
        assert.deepStrictEqual(path, []);
        assert.deepStrictEqual(taken, JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });

  it('fuzz: walking the root and taking its members rebuilds it; noting gives their sizes', () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: 'grapheme' }), cuts(), (value, at) => {
        const text = JSON.stringify(value);
        const parsed = JSON.parse(text) as unknown;
        const members = read(text, p => (p.length === 0 ? 'enter' : 'take'), at).values.map(([p, v]) => [p[0], v]);
        const notes = read(text, p => (p.length === 0 ? 'enter' : 'note'), at).notes.map(([p, n]) => [p[0], n.bytes]);
        const expected: [string, unknown][] =
          typeof parsed === 'object' && parsed !== null ? Object.entries(parsed) : [];
        const keyed = expected.map(([k, v]): [JsonKey, unknown] => [Array.isArray(parsed) ? Number(k) : k, v]);
        assert.deepStrictEqual(members, keyed);
        assert.deepStrictEqual(
          notes,
          keyed.map(([k, v]) => [k, new TextEncoder().encode(JSON.stringify(v)).length]),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('fuzz: a wildcard pattern takes exactly the values JSON.parse has there', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), cuts(16), (value, at) => {
        const text = JSON.stringify(value);
        const got = read(text, selectPaths({ take: [['*', '*']] }), at).values.map(([, v]) => v);
        const depth1 = (v: unknown): unknown[] => (typeof v === 'object' && v !== null ? Object.values(v) : []);
        assert.deepStrictEqual(got, depth1(JSON.parse(text)).flatMap(depth1));
      }),
      { numRuns: 300 },
    );
  });

  it('fuzz: damaged text fails as JSON.parse fails (a JsonStreamError), never otherwise', () => {
    const alphabet = fc.constantFrom(...'{}[],:"\\ 0123456789.eE+-tfnrulxé\u0001'.split(''));
    const damage = fc.record({ at: fc.nat(), cut: fc.nat({ max: 3 }), insert: fc.array(alphabet, { maxLength: 3 }) });
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 3 }),
        fc.array(damage, { minLength: 1, maxLength: 3 }),
        cuts(8),
        (v, hits, at) => {
          let text = JSON.stringify(v);
          for (const { at: where, cut, insert } of hits) {
            const i = where % (text.length + 1);
            text = text.slice(0, i) + insert.join('') + text.slice(i + cut);
          }
          let expected: unknown;
          const parseError = thrown(() => (expected = JSON.parse(text)));
          const taken = thrown(() => read(text, takeAll, at));
          if (parseError === undefined) {
            assert.strictEqual(taken, undefined, text);
            assert.deepStrictEqual(read(text, takeAll, at).values[0][1], expected);
          } else assert.ok(taken instanceof JsonStreamError, `${text}: ${String(taken)}`);
          // Skipping everything checks structure but not what is inside skipped strings: it may pass
          // text JSON.parse refuses, but fails with nothing other than a JsonStreamError.
          const skipped = thrown(() => read(text, skipAll, at));
          assert.ok(skipped === undefined || skipped instanceof JsonStreamError, `${text}: ${String(skipped)}`);
          if (parseError === undefined) assert.strictEqual(skipped, undefined, text);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('fuzz: random bytes end in a value or a JsonStreamError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), cuts(8), (bytes, at) => {
        const error = thrown(() => read(bytes, takeAll, at));
        assert.ok(error === undefined || error instanceof JsonStreamError, String(error));
      }),
      { numRuns: 2000 },
    );
  });

  it('costs time in proportion to the text (n vs 8n), skipping large values', () => {
    const make = (n: number) =>
      new TextEncoder().encode(
        JSON.stringify({
          skip: Array.from({ length: n }, (_, i) => ({
            id: i,
            src: `${i}:4:0`,
            s: 'x'.repeat(40),
            v: [1.5, true, null],
          })),
          keep: n,
        }),
      );
    const select = selectPaths({ take: [['keep']] });
    assertGrowth('reading a document that is mostly skipped', make, bytes => read(bytes, select, [4096, 65536]), 2000);
  });
});
