// Source maps, checked against an independent reference: solc's `evm.legacyAssembly` for the same
// compilation lists one item per instruction of the deployed code with its own source range, so
// walking the code's PUSH widths must find exactly as many instructions as the map has entries and
// the assembly has items, and each entry must say what its item says. Then the compression's rules
// case by case, a fuzzed round trip through an encoder written here, and bad input.
import * as assert from 'assert';
import fc from 'fast-check';
import { stripMetadata } from '../../../src/abi';
import {
  MAX_SOURCE_MAP_ENTRIES,
  SourceMapError,
  decodeSourceMap,
  instructionIndexAt,
  instructionStarts,
  sourceAt,
} from '../../../src/source/sourceMap';
import type { SourceMapEntry } from '../../../src/source/types';
import { assertGrowth } from '../../support/growth';
import {
  compileSources,
  contractOutput,
  testContracts,
  type LegacyAssemblyItem,
  type StandardOutput,
} from '../../support/solcCompile';

const SOURCES = testContracts('Vault.sol', 'Balances.sol', 'SafeSub.sol', 'Oracle.sol');
const CONTRACTS: ReadonlyArray<readonly [string, string, string]> = [
  ['contracts/Vault.sol', 'Vault', 'modifiers, inheritance, an inlined library'],
  ['contracts/Oracle.sol', 'Oracle', 'an immutable and a linked library call'],
  ['contracts/Oracle.sol', 'Prices', 'a library (its code starts with its own address)'],
  ['contracts/SafeSub.sol', 'SafeSub', 'a library with only an internal function'],
];

/** The assembly's instructions: `tag` items are labels, not code (the JUMPDEST after one is). */
function assemblyItems(output: StandardOutput, source: string, name: string): LegacyAssemblyItem[] {
  const code = contractOutput(output, source, name).evm?.legacyAssembly?.['.data']?.['0']?.['.code'];
  assert.ok(code, `${name} has no runtime assembly`);
  return code.filter(item => item.name !== 'tag');
}

const MNEMONICS: Record<string, number> = {
  JUMPDEST: 0x5b,
  JUMP: 0x56,
  JUMPI: 0x57,
  REVERT: 0xfd,
  INVALID: 0xfe,
  STOP: 0x00,
};

function checkAgainstAssembly(output: StandardOutput, source: string, name: string): number {
  const deployed = contractOutput(output, source, name).evm?.deployedBytecode;
  // After the code it assembled solc writes an INVALID (0xfe) and the CBOR metadata: neither is in the map.
  const assembled = stripMetadata(deployed?.object ?? '');
  assert.ok(assembled.endsWith('fe'), `${name}'s code ends with INVALID before the metadata`);
  const code = assembled.slice(0, -2);
  const starts = instructionStarts(code);
  const entries = decodeSourceMap(deployed?.sourceMap ?? '');
  const items = assemblyItems(output, source, name);
  assert.strictEqual(starts.length, items.length, `${name}: instructions walked vs assembly items`);
  assert.strictEqual(entries.length, items.length, `${name}: source map entries vs assembly items`);
  items.forEach((item, i) => {
    const entry = entries[i];
    const where = `${name} instruction ${i} (${item.name} at byte ${starts[i]})`;
    // No location: the assembly says begin -1, end -1; the map -1:-1:-1.
    const length = item.begin === -1 && item.end === -1 ? -1 : item.end - item.begin;
    assert.deepStrictEqual([entry.start, entry.length, entry.fileIndex], [item.begin, length, item.source], where);
    const jump = (item as { jumpType?: string }).jumpType;
    assert.strictEqual(entry.jump, jump === '[in]' ? 'i' : jump === '[out]' ? 'o' : '-', where);
    assert.strictEqual(entry.modifierDepth, (item as { modifierDepth?: number }).modifierDepth ?? 0, where);
    const opcode = parseInt(code.slice(starts[i] * 2, starts[i] * 2 + 2), 16);
    // PUSH0 (0x5f) to PUSH32 (0x7f): solc's PUSH, PUSH [tag], PUSHIMMUTABLE, PUSHLIB, PUSHDEPLOYADDRESS…
    assert.strictEqual(item.name.startsWith('PUSH'), opcode >= 0x5f && opcode <= 0x7f, where);
    if (item.name === 'PUSH' && item.value !== undefined) {
      const data = code.slice(starts[i] * 2 + 2, (starts[i + 1] ?? code.length / 2) * 2);
      assert.strictEqual(BigInt(`0x${data || '0'}`), BigInt(`0x${item.value}`), where);
    }
    if (item.name in MNEMONICS) assert.strictEqual(opcode, MNEMONICS[item.name], where);
  });
  return entries.length;
}

describe('source maps against solc legacyAssembly', function () {
  this.timeout(180_000);
  for (const optimize of [false, true]) {
    for (const [source, name, what] of CONTRACTS) {
      it(`${name} (${what}), optimizer ${optimize ? 'on' : 'off'}: one entry per instruction, the assembly's ranges`, () => {
        const output = compileSources(SOURCES, { optimize });
        assert.ok(checkAgainstAssembly(output, source, name) > 0);
      });
    }
  }

  it('sees the immutable, the linked library and the library address as one PUSH each', () => {
    const output = compileSources(SOURCES);
    const names = (n: string, s: string) => new Set(assemblyItems(output, s, n).map(i => i.name));
    assert.ok(names('Oracle', 'contracts/Oracle.sol').has('PUSHIMMUTABLE'));
    assert.ok(names('Oracle', 'contracts/Oracle.sol').has('PUSHLIB'));
    assert.ok(names('Prices', 'contracts/Oracle.sol').has('PUSHDEPLOYADDRESS'));
    // The unlinked library's address is a placeholder in the object, inside a PUSH20's data.
    assert.match(contractOutput(output, 'contracts/Oracle.sol', 'Oracle').evm?.deployedBytecode?.object ?? '', /__\$/);
  });

  it("classifies the Yul helpers' entries as generated (#utility.yul) and f = -1 as no source", () => {
    for (const optimize of [false, true]) {
      const output = compileSources(SOURCES, { optimize });
      const deployed = contractOutput(output, 'contracts/Vault.sol', 'Vault').evm?.deployedBytecode;
      const entries = decodeSourceMap(deployed?.sourceMap ?? '');
      const userSources = Object.keys(output.sources ?? {}).length;
      const generated = new Map((deployed?.generatedSources ?? []).map(g => [g.id, g]));
      const kinds = new Map<string, number>();
      entries.forEach((entry, i) => {
        const at = sourceAt(entries, i, userSources);
        kinds.set(at.kind, (kinds.get(at.kind) ?? 0) + 1);
        if (at.kind === 'generated') {
          const helper = generated.get(entry.fileIndex);
          assert.strictEqual(helper?.name, '#utility.yul', `entry ${i} points to generated source ${entry.fileIndex}`);
          assert.ok(entry.start + entry.length <= (helper?.contents?.length ?? 0), `entry ${i} is inside the Yul text`);
        }
        if (at.kind === 'no-source') assert.strictEqual(entry.fileIndex, -1);
        if (at.kind === 'user') assert.ok(entry.fileIndex >= 0 && entry.fileIndex < userSources);
      });
      assert.ok((kinds.get('generated') ?? 0) > 0, 'some code comes from #utility.yul');
      assert.ok((kinds.get('user') ?? 0) > 0);
      // The optimizer moves code out of any one statement's place: solc marks it f = -1.
      if (optimize) assert.ok((kinds.get('no-source') ?? 0) > 0, 'the optimized code has f = -1 entries');
    }
  });
});

describe('source map decoding', () => {
  const entry = (
    start: number,
    length: number,
    fileIndex: number,
    jump: SourceMapEntry['jump'] = '-',
    modifierDepth = 0,
  ) => ({
    start,
    length,
    fileIndex,
    jump,
    modifierDepth,
  });

  it('repeats empty and missing fields from the previous entry', () => {
    assert.deepStrictEqual(decodeSourceMap('1:2:0:-:0;:3;;4::1:i;:::o:2;5'), [
      entry(1, 2, 0),
      entry(1, 3, 0),
      entry(1, 3, 0),
      entry(4, 3, 1, 'i'),
      entry(4, 3, 1, 'o', 2),
      entry(5, 3, 1, 'o', 2),
    ]);
  });

  it('starts from unknown values, reads -1, and decodes the empty map to no entries', () => {
    assert.deepStrictEqual(decodeSourceMap(''), []);
    assert.deepStrictEqual(decodeSourceMap(';'), [entry(-1, -1, -1), entry(-1, -1, -1)]);
    assert.deepStrictEqual(decodeSourceMap('-1:-1:-1:-'), [entry(-1, -1, -1)]);
    assert.deepStrictEqual(decodeSourceMap('7:1:2;::-1'), [entry(7, 1, 2), entry(7, 1, -1)]);
  });

  it('refuses what solc does not write, with a SourceMapError that says where', () => {
    const bad: Array<[string, RegExp]> = [
      ['1:2:0:x', /entry 0: the jump is "x": not i, o or -/],
      ['1:2:0:-:0:9', /entry 0 has more than 5 fields/],
      ['1:2;a', /entry 1: the start is "a"/],
      ['-2:1:0', /entry 0: the start is "-2"/],
      ['1:2:0:-:-1', /entry 0: the modifier depth is "-1": not a number/],
      ['1:99999999999', /entry 0: the length is "99999999999": too large/],
      ['1.5:2', /not -1 or a number/],
      [' 1:2', /not -1 or a number/],
      ['1:2:0:io', /not i, o or -/],
      ['1:2:0:-:' + '9'.repeat(5000), /too large/],
    ];
    for (const [map, message] of bad) {
      assert.throws(
        () => decodeSourceMap(map),
        (e: unknown) => e instanceof SourceMapError && message.test(e.message),
        map,
      );
      // The message stays short whatever the field's length.
      try {
        decodeSourceMap(map);
      } catch (e) {
        assert.ok((e as Error).message.length < 120, (e as Error).message);
      }
    }
    assert.throws(() => decodeSourceMap(42 as unknown as string), SourceMapError);
  });

  it('stops at its cap of entries', () => {
    assert.strictEqual(decodeSourceMap('1:1:0;;;', 4).length, 4);
    assert.throws(() => decodeSourceMap('1:1:0;;;;', 4), /more than 4 entries/);
    assert.throws(() => decodeSourceMap(';'.repeat(MAX_SOURCE_MAP_ENTRIES)), SourceMapError);
    assert.strictEqual(decodeSourceMap(';'.repeat(MAX_SOURCE_MAP_ENTRIES - 1)).length, MAX_SOURCE_MAP_ENTRIES);
  });

  /** Compresses as solc does, leaving out (at random) fields equal to the previous entry's. */
  function encode(entries: readonly SourceMapEntry[], omit: (i: number, field: number) => boolean): string {
    let previous: (string | number)[] = [-1, -1, -1, '-', 0];
    return entries
      .map((e, i) => {
        const values = [e.start, e.length, e.fileIndex, e.jump, e.modifierDepth];
        const fields = values.map((v, f) => (v === previous[f] && omit(i, f) ? '' : String(v)));
        previous = values;
        while (fields.length > 0 && fields[fields.length - 1] === '' && omit(i, 9)) fields.pop();
        return fields.join(':');
      })
      .join(';');
  }

  const entryArbitrary = fc.record({
    start: fc.oneof(fc.constant(-1), fc.nat({ max: 2 ** 32 - 1 })),
    length: fc.oneof(fc.constant(-1), fc.nat(5000)),
    fileIndex: fc.integer({ min: -1, max: 12 }),
    jump: fc.constantFrom<SourceMapEntry['jump']>('i', 'o', '-'),
    modifierDepth: fc.nat(3),
  });

  it('gives back the entries an encoder compressed (fuzzed)', () => {
    fc.assert(
      fc.property(
        // A first entry equal to the starting values would compress to "": the encoder's output for no entries.
        fc
          .array(entryArbitrary, { minLength: 1, maxLength: 60 })
          .filter(
            es =>
              es.length > 1 ||
              es[0].start !== -1 ||
              es[0].length !== -1 ||
              es[0].fileIndex !== -1 ||
              es[0].jump !== '-' ||
              es[0].modifierDepth !== 0,
          ),
        fc.func(fc.boolean()),
        (entries, omit) => {
          const plain = entries.map(e => ({ ...e }));
          assert.deepStrictEqual(decodeSourceMap(encode(entries, (i, f) => omit(i, f))), plain);
          assert.deepStrictEqual(decodeSourceMap(encode(entries, () => false)), plain);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('throws nothing but SourceMapError on any text (fuzzed)', () => {
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'0123456789-:;io x\n'.split('')), maxLength: 80 }),
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
    );
    fc.assert(
      fc.property(text, map => {
        try {
          for (const e of decodeSourceMap(map)) {
            assert.ok(e.start >= -1 && e.length >= -1 && e.fileIndex >= -1 && e.modifierDepth >= 0);
            assert.ok(['i', 'o', '-'].includes(e.jump));
          }
        } catch (e) {
          if (!(e instanceof SourceMapError)) throw e;
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('costs time in proportion to the map', () => {
    const make = (n: number) =>
      Array.from({ length: n }, (_, i) => (i % 7 === 0 ? `${i}:${i % 90}:${i % 3}:i` : i % 2 ? '' : `:${i % 50}`)).join(
        ';',
      );
    assertGrowth('decodeSourceMap', make, map => decodeSourceMap(map), 20_000);
  });
});

describe('instruction starts', () => {
  it('walks PUSH1..PUSH32 widths; PUSH0 and every other opcode are one byte', () => {
    assert.deepStrictEqual([...instructionStarts('')], []);
    assert.deepStrictEqual([...instructionStarts('0x')], []);
    assert.deepStrictEqual([...instructionStarts('0x5f00')], [0, 1]);
    assert.deepStrictEqual([...instructionStarts('6001600201')], [0, 2, 4]);
    assert.deepStrictEqual([...instructionStarts(`7f${'ab'.repeat(32)}00`)], [0, 33]);
    assert.deepStrictEqual([...instructionStarts(`61FFFF5B`)], [0, 3]);
  });

  it('counts a PUSH cut off by the end as one instruction', () => {
    assert.deepStrictEqual([...instructionStarts('0060')], [0, 1]);
    assert.deepStrictEqual([...instructionStarts('007fabcd')], [0, 1]);
  });

  it("walks over an unlinked library's placeholder inside a PUSH20", () => {
    assert.deepStrictEqual([...instructionStarts(`73__$${'1'.repeat(34)}$__5b`)], [0, 21]);
  });

  it('refuses code that is not hex at an opcode, or has an odd number of digits', () => {
    assert.throws(
      () => instructionStarts('0x0'),
      (e: unknown) => e instanceof SourceMapError && /odd/.test(e.message),
    );
    assert.throws(() => instructionStarts('00zz'), /opcode at byte 1 is not hex/);
    assert.throws(() => instructionStarts(7 as unknown as string), SourceMapError);
  });

  it('finds the instruction that starts at a byte, and none inside push data or past the end', () => {
    const starts = instructionStarts('6001600201');
    assert.strictEqual(instructionIndexAt(starts, 0), 0);
    assert.strictEqual(instructionIndexAt(starts, 2), 1);
    assert.strictEqual(instructionIndexAt(starts, 4), 2);
    for (const pc of [1, 3, 5, 99, -1, 1.5, NaN]) assert.strictEqual(instructionIndexAt(starts, pc), -1, String(pc));
  });

  it('says when an instruction is outside the map', () => {
    const entries = decodeSourceMap('0:5:0;:2:1;::-1');
    assert.strictEqual(sourceAt(entries, 0, 1).kind, 'user');
    assert.strictEqual(sourceAt(entries, 1, 1).kind, 'generated');
    assert.strictEqual(sourceAt(entries, 2, 1).kind, 'no-source');
    const outside = sourceAt(entries, 3, 1);
    assert.strictEqual(outside.kind, 'outside');
    assert.match(
      outside.kind === 'outside' ? outside.reason : '',
      /instruction 3 is outside the source map's 3 entries/,
    );
    assert.strictEqual(sourceAt(entries, -1, 1).kind, 'outside');
  });
});
