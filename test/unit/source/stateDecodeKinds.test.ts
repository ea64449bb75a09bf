// Every kind of storage value Crowdfund does not hold, decoded from the slots the EVM wrote when
// StateKinds' constructor ran (test/unit/source/stateDecodeFixtures.ts), each compared with what
// the contract's getters read back.
import * as assert from 'assert';
import { decodeState, type DecodedState } from '../../../src/source/stateDecode';
import { entryAt, stateKinds, valueAt, view, type DeployedKinds } from './stateDecodeFixtures';

const SPENDER = '0x000000000000000000000000000000000000beef';
const HOLDER = '0x0000000000000000000000000000000000001234';
const LONG_KEY = 'a key longer than thirty-two bytes, hashed whole';

function asDecoded(value: unknown): string {
  if (typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value)) return value.toLowerCase();
  return String(value);
}

describe('decoding every kind of storage value', function () {
  this.timeout(300_000);
  let kinds: DeployedKinds;
  let slots: ReadonlyMap<string, string>;
  let state: DecodedState;

  before(async () => {
    kinds = await stateKinds();
    slots = await kinds.world.storage(kinds.address);
    state = decodeState(kinds.layout, slots, { mappingKeys: ['alpha', LONG_KEY, '0xbeef', -7n, '0xcafe0001'] });
  });

  const read = (name: string, args: readonly unknown[] = []) => view(kinds.world, kinds.address, kinds.abi, name, args);

  it('explains every slot the constructor wrote, with no problem', () => {
    assert.deepStrictEqual(state.problems, []);
    assert.deepStrictEqual(state.unexplained, []);
    assert.ok(slots.size > 50, `${slots.size} slots`);
  });

  it('reads signed and unsigned numbers, bool, enum and user-defined value types packed in one slot', async () => {
    for (const name of ['small', 'tiny', 'mid', 'yes', 'color', 'b31', 'negative']) {
      assert.strictEqual(valueAt(state, name), asDecoded(await read(name)), name);
    }
    assert.strictEqual(valueAt(state, 'small'), '-5');
    assert.strictEqual(valueAt(state, 'mid'), '-300');
    assert.strictEqual(valueAt(state, 'color'), '2');
    assert.strictEqual(valueAt(state, 'negative'), (-(2n ** 255n) + 1n).toString());
    // A user-defined value type's underlying type is not in the layout: its bytes, exact.
    assert.strictEqual(entryAt(state, 'price')?.typeLabel, 'Price');
    assert.strictEqual(BigInt(valueAt(state, 'price')), await read('rawPrice'));
    assert.strictEqual(BigInt.asIntN(64, BigInt(valueAt(state, 'delta'))), await read('rawDelta'));
    assert.strictEqual(valueAt(state, 'delta'), '0xffffffffffffffd6');
    const inSlot0 = ['small', 'tiny', 'mid', 'yes', 'color', 'price', 'delta'].map(n => entryAt(state, n));
    assert.ok(inSlot0.every(e => e?.slot === `0x${'0'.repeat(64)}`));
    assert.deepStrictEqual(
      inSlot0.map(e => e?.offset),
      [0, 1, 2, 4, 5, 6, 22],
    );
  });

  it('reads strings and bytes of 0, 31 and 32 bytes and multi-byte UTF-8', async () => {
    for (const name of ['s31', 's32', 'b32', 'emptyBytes', 'unicodeText']) {
      assert.strictEqual(valueAt(state, name), asDecoded(await read(name)), name);
    }
    assert.deepStrictEqual(
      ['s31', 's32', 'b32', 'emptyBytes', 'unicodeText'].map(n => entryAt(state, n)?.length),
      ['31', '32', '32', '0', String(Buffer.byteLength('Zürich → 東京 🚀'))],
    );
    // 31 bytes: the short form's longest (length × 2 in the last byte); 32: the long form.
    assert.strictEqual(slots.get(entryAt(state, 's31')?.slot ?? '')?.slice(-2), '3e');
    assert.strictEqual(slots.get(entryAt(state, 's32')?.slot ?? ''), `0x${(65).toString(16).padStart(64, '0')}`);
    assert.strictEqual(valueAt(state, 'emptyBytes'), '0x');
  });

  it('reads packed static arrays, including one spanning two slots, and address arrays', async () => {
    for (let i = 0n; i < 5n; i++)
      assert.strictEqual(valueAt(state, `packedStatic[${i}]`), asDecoded(await read('packedStatic', [i])));
    for (let i = 0n; i < 40n; i++)
      assert.strictEqual(valueAt(state, `manyInts[${i}]`), asDecoded(await read('manyInts', [i])));
    assert.strictEqual(valueAt(state, 'manyInts[0]'), '-20');
    assert.deepStrictEqual(
      [31, 32].map(
        i => `${entryAt(state, `manyInts[${i}]`)?.slot.slice(-2)}+${entryAt(state, `manyInts[${i}]`)?.offset}`,
      ),
      ['09+31', '0a+0'],
    );
    for (const i of [0n, 1n]) assert.strictEqual(valueAt(state, `pair[${i}]`), asDecoded(await read('pair', [i])));
  });

  it('reads nested dynamic arrays and arrays of strings, bytes and structs', async () => {
    assert.strictEqual(entryAt(state, 'nested')?.length, '3');
    for (let i = 0n; i < 3n; i++) {
      const length = (await read('nestedLength', [i])) as bigint;
      assert.strictEqual(entryAt(state, `nested[${i}]`)?.length, length.toString());
      for (let j = 0n; j < length; j++)
        assert.strictEqual(valueAt(state, `nested[${i}][${j}]`), asDecoded(await read('nestedAt', [i, j])));
    }
    assert.strictEqual(entryAt(state, 'staticOfDynamic[0]')?.length, '0');
    for (const j of [0n, 1n]) {
      assert.strictEqual(valueAt(state, `staticOfDynamic[1][${j}]`), asDecoded(await read('staticOfDynamic', [1n, j])));
    }
    for (const i of [0n, 1n]) {
      assert.strictEqual(valueAt(state, `blobs[${i}]`), asDecoded(await read('blobs', [i])));
      assert.strictEqual(valueAt(state, `names[${i}]`), await read('names', [i]));
      const inner = (await read('inners', [i])) as readonly unknown[];
      ['a', 'b', 'c'].forEach((m, k) =>
        assert.strictEqual(valueAt(state, `inners[${i}].${m}`), asDecoded(inner[k]), m),
      );
    }
    assert.strictEqual(valueAt(state, 'inners[1].b'), '-32768');
  });

  it('finds mapping entries for string, bytes, signed, bytesN, bool, enum and address keys', async () => {
    assert.strictEqual(valueAt(state, 'byName["alpha"]'), asDecoded(await read('byName', ['alpha'])));
    assert.strictEqual(
      valueAt(state, `byName[${JSON.stringify(LONG_KEY)}]`),
      asDecoded(await read('byName', [LONG_KEY])),
    );
    assert.strictEqual(valueAt(state, 'byBytes[0xbeef]'), asDecoded(await read('byBytes', ['0xbeef'])));
    assert.strictEqual(valueAt(state, 'signedMap[-7]'), '-70');
    assert.strictEqual(valueAt(state, 'signedMap[-7]'), asDecoded(await read('signedMap', [-7n])));
    assert.strictEqual(valueAt(state, 'signedMap[7]'), asDecoded(await read('signedMap', [7n])));
    assert.strictEqual(valueAt(state, 'bySelector[0xcafe0001]'), SPENDER);
    assert.strictEqual(valueAt(state, 'byBool[true]'), asDecoded(await read('byBool', [true])));
    assert.strictEqual(valueAt(state, 'byBool[false]'), asDecoded(await read('byBool', [false])));
    assert.strictEqual(valueAt(state, 'byColor[1]'), asDecoded(await read('byColor', [1])));
    const inner = (await read('innerOf', [HOLDER])) as readonly unknown[];
    ['a', 'b', 'c'].forEach((m, k) =>
      assert.strictEqual(valueAt(state, `innerOf[${HOLDER}].${m}`), asDecoded(inner[k]), m),
    );
    for (const i of [0n, 1n])
      assert.strictEqual(valueAt(state, `listOf[3][${i}]`), asDecoded(await read('listOfAt', [3n, i])));
    // The spender is an address only another mapping's value holds: found in a second round.
    assert.strictEqual(
      valueAt(state, `allowance[${HOLDER}][${SPENDER}]`),
      asDecoded(await read('allowance', [HOLDER, SPENDER])),
    );
  });

  it('reads a struct holding a struct, a string, an array and a mapping', async () => {
    const [inner, name, list, flag5] = (await read('outerView')) as [
      Record<string, unknown>,
      string,
      readonly bigint[],
      boolean,
    ];
    for (const m of ['a', 'b', 'c']) assert.strictEqual(valueAt(state, `outer.inner.${m}`), asDecoded(inner[m]), m);
    assert.strictEqual(valueAt(state, 'outer.name'), name);
    assert.deepStrictEqual(
      entryAt(state, 'outer.list')?.children?.map(c => c.value),
      list.map(String),
    );
    assert.strictEqual(valueAt(state, 'outer.flags[5]'), String(flag5));
  });

  it('without the keys, leaves the entries it cannot find unexplained and says so', () => {
    const bare = decodeState(kinds.layout, slots);
    assert.deepStrictEqual(entryAt(bare, 'byName')?.children, []);
    assert.strictEqual(entryAt(bare, 'signedMap[-7]'), undefined);
    assert.strictEqual(valueAt(bare, 'signedMap[7]'), '70');
    // byName's two, byBytes', signedMap[-7], bySelector's, and the allowance whose spender only
    // bySelector's value names.
    assert.strictEqual(bare.unexplained.length, 6);
    assert.strictEqual(entryAt(bare, 'allowance')?.children?.length, 0);
    assert.ok(bare.unexplained.every(u => slots.get(u.slot) === u.value));
    assert.deepStrictEqual(bare.problems, [
      '6 slot(s) the layout does not explain: entries of mappings whose keys were not among those tried, or a layout of another compilation',
    ]);
  });
});
