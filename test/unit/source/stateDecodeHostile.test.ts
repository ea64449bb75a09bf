// Storage decoding given what it should not be: layouts not as solc writes them or of another
// compilation, slots malformed, lengths claiming 2^200 items or bytes, a struct containing itself,
// limits passed; each case answered in words, with work bounded, never a throw. Then random layouts
// and slots (fast-check): never a throw, and what comes out is well formed.
import * as assert from 'assert';
import fc from 'fast-check';
import { keccak256 } from 'viem';
import type { StorageLayout, StorageType } from '../../../src/source/debugTypes';
import {
  compareStates,
  decodeState,
  DEFAULT_MAX_ENTRIES,
  MAX_CANDIDATE_KEYS,
  MAX_DATA_SLOTS,
  type DecodedState,
  type DecodedStateEntry,
} from '../../../src/source/stateDecode';
import { crowdfundLayout, entryAt, valueAt } from './stateDecodeFixtures';

const word = (n: bigint): string => `0x${n.toString(16).padStart(64, '0')}`;
const slotsOf = (entries: readonly [bigint, bigint][]): Map<string, string> =>
  new Map(entries.map(([s, v]) => [word(s), word(v)]));
const dataOf = (slot: bigint): bigint => BigInt(keccak256(word(slot) as `0x${string}`));

const T = (
  encoding: StorageType['encoding'],
  label: string,
  numberOfBytes: string,
  extra: Partial<StorageType> = {},
): StorageType => ({
  encoding,
  label,
  numberOfBytes,
  ...extra,
});

/** A layout of one variable `v` of type `t_v` (and `types`). */
function single(type: StorageType, types: Record<string, StorageType> = {}, offset = 0): StorageLayout {
  return {
    storage: [{ label: 'v', slot: '0', offset, type: 't_v', contract: 'C.sol:C' }],
    types: { t_v: type, ...types },
  };
}

function walk(entries: readonly DecodedStateEntry[], visit: (e: DecodedStateEntry) => void): void {
  for (const e of entries) {
    visit(e);
    walk(e.children ?? [], visit);
  }
}

function assertWellFormed(
  state: DecodedState,
  slots: ReadonlyMap<string, string>,
  maxEntries = DEFAULT_MAX_ENTRIES,
): void {
  let count = 0;
  walk(state.variables, e => {
    count++;
    assert.match(e.slot, /^0x[0-9a-f]{64}$/);
    assert.ok(Number.isInteger(e.offset) && e.offset >= 0 && e.offset < 32);
    assert.strictEqual(typeof e.label, 'string');
    assert.strictEqual(typeof e.typeLabel, 'string');
  });
  assert.ok(count <= maxEntries, `${count} entries`);
  const given = new Set([...slots.keys()].map(s => s.toLowerCase()));
  for (const u of state.unexplained) {
    assert.match(u.slot, /^0x[0-9a-f]{64}$/);
    assert.match(u.value, /^0x[0-9a-f]{64}$/);
    assert.ok(given.size === 0 || [...given].some(g => BigInt(g) === BigInt(u.slot)));
  }
  for (const p of state.problems) assert.strictEqual(typeof p, 'string');
}

describe('decoding storage given bad input', () => {
  const some = slotsOf([
    [0n, 5n],
    [1n, 6n],
  ]);

  it('answers a layout not as solc writes it with a problem and every slot raw', () => {
    for (const layout of [null, 42, 'layout', {}, { storage: 'x', types: {} }, { storage: [], types: null }, []]) {
      const state = decodeState(layout as unknown as StorageLayout, some);
      assert.deepStrictEqual(state.variables, []);
      assert.deepStrictEqual(
        state.unexplained.map(u => u.slot),
        [word(0n), word(1n)],
      );
      assert.deepStrictEqual(state.problems, ['the storage layout is not as solc writes it: nothing decoded']);
    }
  });

  it('reads slots in any case, with or without 0x, short; leaves out malformed ones and zeros', () => {
    const layout = single(T('inplace', 'uint256', '32'));
    const slots = new Map<unknown, unknown>([
      ['0', '0X0A'],
      ['0xzz', word(1n)],
      [`0x${'1'.repeat(65)}`, word(1n)],
      [word(5n), 7],
      [word(6n), word(0n)],
    ]);
    const state = decodeState(layout, slots as Map<string, string>);
    assert.strictEqual(valueAt(state, 'v'), '10');
    assert.deepStrictEqual(state.unexplained, []);
    assert.deepStrictEqual(state.problems, ['3 slot(s) not given as 0x and up to 64 hex digits: left out']);
    for (const slots of [undefined, null, {}, [[word(0n), word(1n)]]] as unknown[]) {
      const none = decodeState(layout, slots as ReadonlyMap<string, string>);
      assert.deepStrictEqual(none.problems, ['no slots were given']);
      assert.strictEqual(valueAt(none, 'v'), '0');
    }
  });

  it('notes a type the layout does not describe, and leaves out malformed variables', () => {
    const layout = {
      storage: [
        { label: 'missing', slot: '0', offset: 0, type: 't_missing', contract: 'C' },
        { label: 'proto', slot: '0', offset: 0, type: '__proto__', contract: 'C' },
        { label: 'toString', slot: '0', offset: 0, type: 'toString', contract: 'C' },
        { label: 'bad offset', slot: '0', offset: 40, type: 't_v', contract: 'C' },
        { label: 'bad slot', slot: 'abc', offset: 0, type: 't_v', contract: 'C' },
        { label: 'huge slot', slot: '9'.repeat(79), offset: 0, type: 't_v', contract: 'C' },
        'not a variable',
      ],
      types: { t_v: T('inplace', 'uint256', '32') },
    } as unknown as StorageLayout;
    const state = decodeState(layout, some);
    assert.deepStrictEqual(
      state.variables.map(v => `${v.label}: ${v.note}`),
      ['missing', 'proto', 'toString'].map(
        l => `${l}: the layout does not describe this type (is it of another compilation?)`,
      ),
    );
    assert.ok(state.problems.includes('4 variable(s) of the layout not as solc writes them: left out'));
    assert.strictEqual(state.unexplained.length, 2);
  });

  it('notes a value that does not fit its slot, and a bool that is not 0 or 1', () => {
    const wide = decodeState(single(T('inplace', 'uint256', '40')), some);
    assert.match(entryAt(wide, 'v')?.note ?? '', /40 bytes at offset 0 do not fit a slot/);
    const past = decodeState(single(T('inplace', 'uint32', '4'), {}, 30), some);
    assert.match(entryAt(past, 'v')?.note ?? '', /4 bytes at offset 30 do not fit/);
    const bool = decodeState(single(T('inplace', 'bool', '1')), slotsOf([[0n, 2n]]));
    assert.strictEqual(valueAt(bool, 'v'), 'true');
    assert.match(entryAt(bool, 'v')?.note ?? '', /a bool holding 2: not 0 or 1/);
  });

  it('says which bytes of a slot no variable explains', () => {
    const layout = crowdfundLayout();
    const owner = 0x3e9n;
    const stray = decodeState(layout, slotsOf([[0n, owner | (0xffn << 248n)]]));
    assert.strictEqual(valueAt(stray, 'owner'), `0x${owner.toString(16).padStart(40, '0')}`);
    assert.deepStrictEqual(stray.problems, [
      `1 slot(s) hold bytes where the layout places nothing (first ${word(0n)}): is the layout of another compilation?`,
    ]);
  });

  it('notes strings and bytes a layout of another compilation would make', () => {
    const string = single(T('bytes', 'string', '32'));
    const claims40 = decodeState(string, slotsOf([[0n, 80n]]));
    assert.match(entryAt(claims40, 'v')?.note ?? '', /claiming 40 bytes: at most 31 fit/);
    const trailing = decodeState(string, slotsOf([[0n, (0x61n << 248n) | (0x62n << 200n) | 2n]]));
    assert.strictEqual(valueAt(trailing, 'v'), 'a');
    assert.match(entryAt(trailing, 'v')?.note ?? '', /bytes after its end are not zero/);
    const notUtf8 = decodeState(string, slotsOf([[0n, (0xffn << 248n) | (0xfen << 240n) | 4n]]));
    assert.strictEqual(valueAt(notUtf8, 'v'), '0xfffe');
    assert.match(entryAt(notUtf8, 'v')?.note ?? '', /not UTF-8 text: shown as hex/);
    const shortLong = decodeState(
      string,
      slotsOf([
        [0n, 2n * 5n + 1n],
        [dataOf(0n), 0x68656c6c6fn << 216n],
      ]),
    );
    assert.strictEqual(valueAt(shortLong, 'v'), 'hello');
    assert.match(entryAt(shortLong, 'v')?.note ?? '', /the long form holding 5 bytes/);
  });

  it('reads a string claiming 2^200 bytes only as far as its data budget', () => {
    const layout = single(T('bytes', 'bytes', '32'));
    const length = 2n ** 200n;
    const state = decodeState(
      layout,
      slotsOf([
        [0n, length * 2n + 1n],
        [dataOf(0n), 0xabn << 248n],
      ]),
    );
    const v = entryAt(state, 'v');
    assert.strictEqual(v?.length, length.toString());
    assert.strictEqual(v?.value?.length, 2 + MAX_DATA_SLOTS * 64);
    assert.ok(v?.value?.startsWith('0xab00'));
    assert.match(v?.note ?? '', new RegExp(`only the first ${MAX_DATA_SLOTS * 32} are shown`));
    assert.ok(state.problems.some(p => /string and bytes data: the rest is not read/.test(p)));
  });

  it('lists a dynamic array claiming 2^200 items by the slots given', () => {
    const layout = single(T('dynamic_array', 'uint128[]', '32', { base: 't_u' }), {
      t_u: T('inplace', 'uint128', '16'),
    });
    const data = dataOf(0n);
    const state = decodeState(
      layout,
      slotsOf([
        [0n, 2n ** 200n],
        [data + 5n, (7n << 128n) | 6n],
        [data + 2n ** 100n, 9n],
      ]),
    );
    const v = entryAt(state, 'v');
    assert.deepStrictEqual(
      v?.children?.map(c => `${c.label}=${c.value}`),
      ['[10]=6', '[11]=7', `[${2n ** 101n}]=9`, `[${2n ** 101n + 1n}]=0`],
    );
    assert.match(v?.note ?? '', /more than storage holds/);
    assert.match(v?.note ?? '', /only the 4 in the slots given are listed/);
    assert.deepStrictEqual(state.unexplained, []);
  });

  it('lists a static array of 2^100 items by the slots given, wrapping past slot 2^256 − 1', () => {
    const layout: StorageLayout = {
      storage: [{ label: 'v', slot: (2n ** 256n - 2n).toString(), offset: 0, type: 't_v', contract: 'C' }],
      types: {
        t_v: T('inplace', 'uint256[1267650600228229401496703205376]', '0', { base: 't_u' }),
        t_u: T('inplace', 'uint256', '32'),
      },
    };
    const state = decodeState(
      layout,
      slotsOf([
        [2n ** 256n - 1n, 1n],
        [3n, 2n],
      ]),
    );
    assert.deepStrictEqual(
      entryAt(state, 'v')?.children?.map(c => `${c.label}=${c.value}`),
      ['[1]=1', '[5]=2'],
    );
  });

  it('stops a struct that contains itself, and any layout at its entry limit', () => {
    const layout = single(
      T('inplace', 'struct C.Loop', '32', {
        members: [{ label: 'again', slot: '0', offset: 0, type: 't_v', contract: 'C' }],
      }),
    );
    const state = decodeState(layout, some);
    let deepest = 0;
    const depth = (e: DecodedStateEntry, d: number): void => {
      deepest = Math.max(deepest, d);
      for (const c of e.children ?? []) depth(c, d + 1);
    };
    depth(state.variables[0], 0);
    assert.ok(deepest <= 33, `${deepest} levels`);
    assert.ok(JSON.stringify(state).includes('nested more than 32 levels deep'));
    const array = single(T('dynamic_array', 'uint8[]', '32', { base: 't_u' }), { t_u: T('inplace', 'uint8', '1') });
    const limited = decodeState(
      array,
      slotsOf([
        [0n, 100n],
        [dataOf(0n), 0x0102n],
      ]),
      { maxEntries: 3 },
    );
    assertWellFormed(limited, new Map(), 3);
    assert.ok(limited.problems.includes('more than 3 entries: the rest is not listed'));
    for (const maxEntries of [0, -1, NaN, 1.5, Infinity]) {
      const defaulted = decodeState(array, slotsOf([[0n, 100n]]), { maxEntries });
      assert.strictEqual(entryAt(defaulted, 'v')?.children?.length, 100);
    }
  });

  it('tries at most MAX_CANDIDATE_KEYS keys, ignoring keys that are not keys', () => {
    const layout = single(T('mapping', 'mapping(uint256 => uint256)', '32', { key: 't_u', value: 't_u' }), {
      t_u: T('inplace', 'uint256', '32'),
    });
    const keys = Array.from({ length: 5_000 }, (_, i) => BigInt(i + 100));
    const entry = BigInt(keccak256(`0x${word(150n).slice(2)}${word(0n).slice(2)}`));
    const junk = [{}, 5, null, 'x'.repeat(10_000), '0x123', '1.2.3.4'] as unknown as string[];
    const state = decodeState(layout, slotsOf([[entry, 1n]]), { mappingKeys: [...junk, ...keys] });
    assert.strictEqual(valueAt(state, 'v[150]'), '1');
    assert.ok(
      state.problems.includes(
        `more than ${MAX_CANDIDATE_KEYS} candidate keys: only the first ${MAX_CANDIDATE_KEYS} are tried`,
      ),
    );
  });

  it('decodes a layout of another compilation without throwing, saying what does not fit', () => {
    const crowdfund = crowdfundLayout();
    // Crowdfund's variables shifted by one slot: what a changed contract's layout would read.
    const shifted: StorageLayout = {
      ...crowdfund,
      storage: crowdfund.storage.map(v => ({ ...v, slot: String(Number(v.slot) + 1) })),
    };
    const slots = slotsOf([
      [0n, 0x0000000000006b49d200000000000000000000000000000000000000000003e9n],
      [6n, 0x536f6c617220726f6f6600000000000000000000000000000000000000000014n],
      [7n, 135n],
    ]);
    const state = decodeState(shifted, slots);
    assertWellFormed(state, slots);
    assert.ok(state.unexplained.some(u => u.slot === word(0n)));
    assert.ok(state.problems.length > 0);
    assert.ok(JSON.stringify(state.variables).includes('another compilation'));
  });
});

describe('decoding random layouts and slots', () => {
  const ids = ['t_a', 't_b', 't_c', 't_d', 't_e', '__proto__', 'constructor'];
  const anId = fc.constantFrom(...ids);
  const aDecimal = fc.oneof(
    fc.nat({ max: 40 }).map(String),
    fc.bigInt({ min: 0n, max: 2n ** 256n }).map(String),
    fc.constantFrom('x', '-1', ''),
  );
  const aMember = fc.record({
    label: fc.string({ maxLength: 8 }),
    slot: aDecimal,
    offset: fc.integer({ min: -2, max: 40 }),
    type: anId,
    contract: fc.constant('C'),
  });
  const aType = fc.record(
    {
      encoding: fc.constantFrom('inplace', 'mapping', 'dynamic_array', 'bytes', 'other'),
      label: fc.constantFrom(
        'uint8',
        'int16',
        'uint256',
        'bool',
        'address',
        'bytes4',
        'string',
        'bytes',
        'enum E',
        'struct S',
        'uint8[3]',
        'T',
        'uint256[99999999999999999999]',
      ),
      numberOfBytes: fc.oneof(fc.constantFrom('1', '2', '16', '20', '32', '64', '0', '33'), aDecimal),
      key: anId,
      value: anId,
      base: anId,
      members: fc.array(aMember, { maxLength: 4 }),
    },
    { requiredKeys: ['encoding', 'label', 'numberOfBytes'] },
  );
  const aLayout = fc.oneof(
    fc.record({ storage: fc.array(aMember, { maxLength: 6 }), types: fc.dictionary(anId, aType, { maxKeys: 7 }) }),
    fc.anything(),
  );
  const aWord = fc.oneof(
    fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
    fc.nat({ max: 300 }).map(BigInt),
    fc.constant(2n ** 200n * 2n + 1n),
  );
  const aSlot = fc.oneof(
    fc.nat({ max: 12 }).map(BigInt),
    fc.nat({ max: 6 }).map(n => dataOf(BigInt(n))),
    aWord,
  );
  const someSlots = fc.array(fc.tuple(aSlot, aWord), { maxLength: 12 }).map(entries => slotsOf(entries));

  it('never throws, and what comes out is well formed', () => {
    fc.assert(
      fc.property(
        aLayout,
        someSlots,
        fc.array(fc.oneof(fc.string({ maxLength: 6 }), fc.bigInt()), { maxLength: 5 }),
        (layout, slots, keys) => {
          const state = decodeState(layout as StorageLayout, slots, { mappingKeys: keys, maxEntries: 2_000 });
          assertWellFormed(state, slots, 2_000);
          assert.deepStrictEqual(compareStates(state, state), []);
          const other = decodeState(layout as StorageLayout, new Map());
          for (const change of compareStates(other, state)) assert.notStrictEqual(change.before, change.after);
        },
      ),
      { numRuns: 300 },
    );
  });
});
